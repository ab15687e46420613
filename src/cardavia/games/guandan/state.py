"""The Guandan match in play: deals, the tribute and its returns, rounds with finished
players skipped, places, levels and the match win."""

from __future__ import annotations

from collections import Counter
from typing import Any

from ...cards import check_pack, parse_card, parse_cards, sort_cards, split_tokens
from ...climbing import (
    ClimbingRules,
    ClimbingState,
    Combo,
    Play,
    beats,
    classify_printed,
    wild_plays,
)
from ...engine import JSON, DealReader, IllegalAction, InvalidDeal
from . import rules as gd
from .describe import describe

PLAY_HELP = "play a combination ('play 9S 9D', 'play 9S 5H as 9S 9D') or 'pass'"


class GuandanState(ClimbingState):
    """Attributes beyond :class:`ClimbingState`'s (all JSON-native): ``phase`` ('return',
    'play' or 'over'); ``levels`` per team; ``level_team`` (whose level this deal is
    played at); ``places`` so far; ``previous_places`` (the tribute's cause, or None);
    ``tribute`` (payments, returns, cancellation; None without tribute); ``match_winner``.
    """

    phase: str
    levels: list[int]
    level_team: int
    places: list[int]
    previous_places: list[int] | None
    tribute: dict[str, Any] | None
    match_winner: int | None

    @property
    def rules(self) -> ClimbingRules:  # type: ignore[override]
        return gd.rules_at(self.level)

    @property
    def level(self) -> int:
        return self.levels[self.level_team]

    # --- dealing and the tribute ----------------------------------------------------

    def _start_deal(self, deal: dict[str, JSON] | None) -> None:
        rng = self.rng()
        if deal is not None:
            hands, levels, level_team, previous, leader = _check_deal(deal)
            self.levels, self.level_team, self.previous_places = levels, level_team, previous
            first_leader: int | None = leader if leader is not None else rng.randrange(gd.SEATS)
        else:  # a random deal: the match's first (levels at 2), or a later one
            if getattr(self, "levels", None) is None:
                self.levels, self.level_team, self.previous_places = [2, 2], 0, None
            cards = gd.pack_108()
            rng.shuffle(cards)
            hands = [cards[i * gd.HAND_SIZE : (i + 1) * gd.HAND_SIZE] for i in range(gd.SEATS)]
            first_leader = rng.randrange(gd.SEATS)
        if self.previous_places is not None:
            first_leader = None
        self.match_winner = None
        self.places = []
        self.tribute = None
        self._reset_play(hands, first_leader if first_leader is not None else 0)
        self.events.append(
            {
                "type": "deal",
                "deal": self.deal_index,
                "level": self.level,
                "levels": list(self.levels),
                "level_team": self.level_team,
                "first_leader": first_leader,
                "previous_places": None
                if self.previous_places is None
                else list(self.previous_places),
            }
        )
        if first_leader is not None:
            self._begin_play(first_leader)
        else:
            self._pay_tribute()

    def _pay_tribute(self) -> None:
        assert self.previous_places is not None
        plan = gd.plan_tribute(self.previous_places, self.hands, self.rules)
        if plan.cancelled:
            assert plan.leader is not None
            self.tribute = {
                "cancelled": True,
                "payers": list(plan.payers),
                "payments": [],
                "returns": [],
            }
            self.events.append(
                {"type": "tribute_cancelled", "payers": list(plan.payers), "leader": plan.leader}
            )
            self._begin_play(plan.leader)
            return
        returns = []
        for payment in plan.payments:
            self.hands[payment.payer].remove(payment.card)
            self.hands[payment.receiver] = self._sorted(
                self.hands[payment.receiver] + [payment.card]
            )
            self.events.append(
                {
                    "type": "tribute",
                    "payer": payment.payer,
                    "receiver": payment.receiver,
                    "card": payment.card,
                }
            )
            returns.append({"from": payment.receiver, "to": payment.payer, "card": None})
        self.tribute = {
            "cancelled": False,
            "payers": list(plan.payers),
            "payments": [
                {"payer": p.payer, "receiver": p.receiver, "card": p.card} for p in plan.payments
            ],
            "returns": returns,
        }
        self.phase = "return"
        self.turn = returns[0]["from"]

    def _sorted(self, cards: list[str]) -> list[str]:
        return sort_cards(cards, self.rules.rank_order)

    def _pending_return(self) -> dict[str, Any] | None:
        if self.tribute is None:
            return None
        return next((r for r in self.tribute["returns"] if r["card"] is None), None)

    def return_choices(self) -> list[str]:
        assert self.turn is not None
        return gd.return_choices(self.hands[self.turn], self.rules)

    def _verify_return(self, text: str) -> str:
        try:
            card = parse_card(text)
        except ValueError as error:
            raise IllegalAction(str(error)) from None
        assert self.turn is not None
        if card not in self.hands[self.turn]:
            raise IllegalAction(f"you do not hold {card}")
        choices = self.return_choices()
        if card not in choices:
            if card == self.rules.wild:
                raise IllegalAction(f"{card} is a wild card: wild cards are never returned")
            if any(c[0] in gd.RETURN_RANKS for c in choices):
                raise IllegalAction(
                    f"return a card of rank 2 to 10 that is not wild ({' '.join(choices)}); "
                    f"{card} is not one"
                )
            raise IllegalAction(
                f"you hold no card of rank 2 to 10, so you return one of your weakest: "
                f"{' '.join(choices)}"
            )
        return card

    def _perform_return(self, card: str) -> None:
        pending = self._pending_return()
        assert pending is not None and self.turn == pending["from"]
        receiver, payer = pending["from"], pending["to"]
        self.hands[receiver].remove(card)
        self.hands[payer] = self._sorted(self.hands[payer] + [card])
        pending["card"] = card
        self.events.append({"type": "return", "seat": receiver, "to": payer})
        if self._pending_return() is not None:
            self.turn = self._pending_return()["from"]  # type: ignore[index]
            return
        assert self.tribute is not None
        first = self.previous_places[0] if self.previous_places else receiver
        leader = next(r["to"] for r in self.tribute["returns"] if r["from"] == first)
        self._begin_play(leader)

    def _begin_play(self, leader: int) -> None:
        self.phase = "play"
        self.turn = leader
        self.events.append({"type": "lead", "seat": leader})

    # --- actions --------------------------------------------------------------------

    def legal_actions(self) -> list[str]:
        if self.turn is None:
            return []
        if self.phase == "return":
            return ["return " + card for card in self.return_choices()]
        rules = self.rules  # a property: read it once, a lead lists hundreds of plays
        actions = [play.action(rules) for play in self.play_options_wild()]
        if self.top is not None:
            actions.append("pass")
        return list(dict.fromkeys(actions))

    def play_options_wild(self) -> list[Play]:
        """The plays (one per equivalence class) the player to act may make now."""
        assert self.turn is not None
        return wild_plays(self.hands[self.turn], self.rules, self.top_combo())

    def _verify(self, action: str) -> tuple[str, Any]:
        words = action.strip().split(None, 1)
        verb = words[0].lower() if words else ""
        if self.phase == "return":
            if verb == "return" and len(words) == 2:
                return ("return", self._verify_return(words[1]))
            pending = self._pending_return()
            assert pending is not None
            raise IllegalAction(
                f"first give a card back to seat {pending['to']}, who paid you tribute: "
                "'return <card>'"
            )
        if verb == "return":
            raise IllegalAction("there is no tribute to return now")
        if verb == "pass" and len(words) == 1:
            if self.top is None:
                raise IllegalAction("you lead this round: play a combination, you cannot pass")
            return ("pass", None)
        if verb == "play" and len(words) == 2:
            return ("play", self._verify_wild_play(words[1]))
        raise IllegalAction(PLAY_HELP)

    def _verify_wild_play(self, text: str) -> tuple[list[str], list[str] | None, Combo]:
        """``<cards>``, ``<cards> as <cards>`` or ``<cards> as straight``."""
        assert self.turn is not None
        rules = self.rules
        played_text, reading_text = _split_reading(text)
        cards = self._parse(played_text)
        missing = Counter(cards) - Counter(self.hands[self.turn])
        if missing:
            raise IllegalAction("you do not hold " + " ".join(sorted(missing.elements())))
        stands_for: list[str] | None = None
        if reading_text == "straight":
            combos = [c for c in classify_printed(cards, rules) if c.kind == "straight"]
            if not combos:
                raise IllegalAction(f"{' '.join(cards)} is not a straight")
        elif reading_text:
            stands_for = self._parse(reading_text)
            _check_reading(cards, stands_for, rules)
            if len(cards) == 1 and stands_for != cards:
                raise IllegalAction(
                    f"a wild card played alone is a single of its own rank: play {cards[0]}"
                )
            combos = classify_printed(stands_for, rules)[:1]
            if not combos:
                raise IllegalAction(f"{' '.join(stands_for)} is not a valid combination")
        else:
            combos = classify_printed(cards, rules)[:1]
            if not combos:
                raise IllegalAction(_no_reading_message(cards, rules))
        combo = combos[0]
        top = self.top_combo()
        if top is not None and not beats(combo, top):
            raise IllegalAction(
                f"{describe(combo, rules)} does not beat the {describe(top, rules)} on the table"
            )
        shown = None if stands_for is None else self._sorted(stands_for)
        if shown is not None and Counter(shown) == Counter(cards):
            shown = None  # every wild card stands for itself
        return self._sorted(cards), shown, combo

    def _parse(self, text: str) -> list[str]:
        try:
            cards = parse_cards(text)
        except ValueError as error:
            raise IllegalAction(str(error)) from None
        if not cards:
            raise IllegalAction("name the cards to play, for example 'play 9S 9D'")
        return cards

    def _perform(self, move: tuple[str, Any]) -> None:
        kind, detail = move
        if kind == "return":
            self._perform_return(detail)
        elif kind == "pass":
            self._perform_pass()
        else:
            self._perform_wild_play(*detail)

    def _perform_wild_play(self, cards: list[str], shown: list[str] | None, combo: Combo) -> None:
        action = "play " + " ".join(cards)
        if shown is not None:
            action += " as " + " ".join(shown)
        elif combo.kind == "straight" and len({card[1] for card in cards}) == 1:
            action += " as straight"
        self._perform_play(cards, combo, {"as": shown}, action)

    def _went_out(self, seat: int) -> None:
        """A place, not the deal: it ends when the third player is out (§3.6-3.7)."""
        self.places.append(seat)
        self.events.append({"type": "finish", "seat": seat, "place": len(self.places)})
        if len(self.places) == gd.SEATS - 1:
            self._end_deal()
        else:
            self.turn = self._next_seat(seat)

    def _answering(self, top_seat: int) -> int:
        """Every player still holding cards but the top play's maker (§3.4)."""
        return sum(1 for s in range(gd.SEATS) if self.hands[s] and s != top_seat)

    def _next_seat(self, seat: int) -> int:
        """The next player still holding cards: finished players are skipped (§3.1)."""
        for step in range(1, gd.SEATS + 1):
            candidate = (seat + step) % gd.SEATS
            if self.hands[candidate]:
                return candidate
        raise AssertionError("no player holds cards")

    def _round_leader(self, top_seat: int) -> int:
        """§3.5: the top play's maker, else its partner, else the next active player."""
        if self.hands[top_seat]:
            return top_seat
        partner = gd.partner_of(top_seat)
        if self.hands[partner]:
            return partner
        return self._next_seat(top_seat)

    # --- the end of a deal and of the match -----------------------------------------

    def _end_deal(self) -> None:
        last = next(s for s in range(gd.SEATS) if s not in self.places)
        places = [*self.places, last]
        self.places = places
        team = gd.team_of(places[0])
        advance = gd.advance_for(places)
        before = list(self.levels)
        won = gd.match_won(places, self.level, before)
        self.levels[team] = min(gd.ACE, self.levels[team] + advance)
        advances = [0, 0]
        advances[team] = advance
        self.turn = None
        self.top = None
        if won:
            self.match_winner = team
            self.result = [1 if gd.team_of(s) == team else -1 for s in range(gd.SEATS)]
        self.events.append(
            {
                "type": "deal_result",
                "deal": self.deal_index,
                "places": places,
                "winning_team": team,
                "advance": advances,
                "levels_before": before,
                "levels": list(self.levels),
                "match_won": won,
                "scores": self.scores,
            }
        )
        limit = self.game.options["deals"]
        if won or (limit is not None and self.deal_index + 1 >= limit):
            self.phase = "over"
            return
        self.level_team = team
        self.previous_places = places
        self.deal_index += 1
        self._start_deal(None)

    # --- the view ---------------------------------------------------------------------

    def _private_view(self, seat: int) -> dict[str, JSON]:
        top = None
        if self.top is not None:
            top = {
                "seat": self.top["seat"],
                "cards": list(self.top["cards"]),
                "as": None if self.top["as"] is None else list(self.top["as"]),
                "kind": self.top["combo"][0],
            }
        return {
            "phase": self.phase,
            "hand": list(self.hands[seat]),
            "hand_sizes": [len(hand) for hand in self.hands],
            "top": top,
            "plays_made": list(self.plays_made),
            "level": self.level,
            "level_rank": gd.LEVEL_RANKS[self.level],
            "wild": self.rules.wild,
            "levels": list(self.levels),
            "level_team": self.level_team,
            "places": list(self.places),
            "previous_places": None if self.previous_places is None else list(self.previous_places),
            "deal_number": self.deal_index + 1,
            "deals": self.game.options["deals"],
            "tribute": self._tribute_view(seat),
            "match_winner": self.match_winner,
        }

    def _tribute_view(self, seat: int) -> dict[str, JSON] | None:
        if self.tribute is None:
            return None
        return {
            "cancelled": self.tribute["cancelled"],
            "payers": list(self.tribute["payers"]),
            "payments": [dict(p) for p in self.tribute["payments"]],
            "returns": [
                {
                    "from": r["from"],
                    "to": r["to"],
                    "done": r["card"] is not None,
                    "card": r["card"] if seat in (r["from"], r["to"]) else None,
                }
                for r in self.tribute["returns"]
            ],
        }

    def _finish(self, winner: int) -> None:  # the shared going-out hook is not used
        raise AssertionError("Guandan settles deals in _end_deal")


def _split_reading(text: str) -> tuple[str, str]:
    """The played cards and the reading: ``<cards> as <as many cards>`` (the separating
    word ``as`` in lower case, in the middle, so that the ace of spades typed ``as`` is
    still a card), ``<cards> as straight``, or ``<cards>`` alone."""
    tokens = split_tokens(text)
    if len(tokens) >= 2 and tokens[-2].lower() == "as" and tokens[-1].lower() == "straight":
        return " ".join(tokens[:-2]), "straight"
    middle = len(tokens) // 2
    if len(tokens) % 2 == 1 and len(tokens) > 1 and tokens[middle] == "as":
        return " ".join(tokens[:middle]), " ".join(tokens[middle + 1 :])
    if "as" in tokens and not _all_cards(tokens):
        raise IllegalAction(
            "write the reading as 'play <cards> as <cards>', with as many cards after 'as' "
            "as before it, each wild card replaced by the card it stands for"
        )
    return text, ""


def _all_cards(tokens: list[str]) -> bool:
    try:
        parse_cards(" ".join(tokens))
    except ValueError:
        return False
    return True


def _check_reading(cards: list[str], stands_for: list[str], rules: ClimbingRules) -> None:
    """The part after ``as`` must keep every non-wild card and replace each wild card by
    one non-joker card."""
    if len(stands_for) != len(cards):
        raise IllegalAction(f"after 'as', name {len(cards)} cards, one for each card you play")
    naturals = Counter(card for card in cards if card != rules.wild)
    missing = naturals - Counter(stands_for)
    if missing:
        raise IllegalAction(
            "only wild cards can stand for other cards: "
            + " ".join(sorted(missing.elements()))
            + " must stand for itself"
        )
    targets = list((Counter(stands_for) - naturals).elements())
    if any(card in ("BJ", "RJ") for card in targets):
        raise IllegalAction(f"a wild card ({rules.wild}) never stands for a joker")


def _no_reading_message(cards: list[str], rules: ClimbingRules) -> str:
    shown = " ".join(cards)
    wilds = cards.count(rules.wild or "")
    if not wilds:
        return f"{shown} is not a valid combination"
    readings = [
        play
        for play in wild_plays(cards, rules)
        if len(play.naturals) + len(play.targets) == len(cards)
    ]
    if not readings:
        return f"{shown} is not a valid combination, even with the wild card {rules.wild}"
    options = "; ".join("'" + play.action(rules) + "'" for play in readings[:4])
    return f"say what the wild card {rules.wild} stands for, for example {options}"


def _check_deal(
    deal: dict[str, JSON],
) -> tuple[list[list[str]], list[int], int, list[int] | None, int | None]:
    read = DealReader(deal, {"levels", "level_team", "previous_places", "first_leader"}, "Guandan")
    hands = read.hands([gd.HAND_SIZE] * gd.SEATS)
    problem = check_pack([card for hand in hands for card in hand], gd.pack_108())
    if problem:
        raise InvalidDeal(problem)
    levels = deal.get("levels")
    if levels is None:
        levels = [2, 2]
    if (
        not isinstance(levels, list | tuple)
        or len(levels) != 2
        or not all(
            isinstance(v, int) and not isinstance(v, bool) and 2 <= v <= gd.ACE for v in levels
        )
    ):
        raise InvalidDeal("'levels' lists the two teams' levels, whole numbers 2 to 14 (A)")
    level_team = read.seat("level_team", 2)
    previous = deal.get("previous_places")
    if previous is not None and (
        not isinstance(previous, list | tuple)
        or sorted(p for p in previous if isinstance(p, int) and not isinstance(p, bool))
        != [0, 1, 2, 3]
    ):
        raise InvalidDeal("'previous_places' lists the four seats 0 to 3 in their finishing order")
    leader = read.seat("first_leader", gd.SEATS)
    return (
        hands,
        [int(v) for v in levels],
        0 if level_team is None else level_team,
        None if previous is None else [int(p) for p in previous],
        leader,
    )
