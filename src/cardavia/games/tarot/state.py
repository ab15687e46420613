"""The French Tarot match in play (spec/tarot.md): the deal and its redeals, one bid each,
the chien and the écart, the chelem question, poignées, eighteen tricks and the score."""

from __future__ import annotations

import random
from typing import Any

from ... import tricks
from ...engine import JSON, DealReader, IllegalAction, InvalidDeal, State, copy_json
from . import rules as tr
from . import scoring

BID_HELP = "bid one of prise, garde, garde_sans, garde_contre higher than the last bid, or pass"
POIGNEE_WORDS = tuple(tr.POIGNEE_SIZES)


class TarotState(State):
    """Every attribute is JSON-native. ``phase``: 'bidding', 'ecart', 'chelem', 'play' or
    'over' (the match). ``trick`` lists [seat, card] in play order; ``done_tricks`` the
    finished tricks as scoring reads them; ``shown`` the poignées ({seat, size, cards});
    ``showing`` the show in progress or None."""

    dealer: int
    scored_deals: int
    totals: list[int]
    phase: str
    turn: int | None
    hands: list[list[str]]
    chien: list[str]
    bids: list[list[Any]]
    contract: str | None
    taker: int | None
    ecart: list[str]
    chelem_announced: bool
    shown: list[dict[str, Any]]
    showing: dict[str, Any] | None
    trick: list[list[Any]]
    leader: int | None
    done_tricks: list[dict[str, Any]]
    excuse_owed: int | None  # the Excuse owner whose side owes a half point, not yet paid
    breakdown: dict[str, Any] | None

    # --- dealing --------------------------------------------------------------------

    def _start_deal(self, deal: dict[str, JSON] | None) -> None:
        if not hasattr(self, "totals"):  # the match's first deal
            self.scored_deals, self.totals, self.breakdown = 0, [0] * tr.SEATS, None
        rng = self.rng()
        if deal is not None:
            hands, chien, dealer = _read_deal(deal)
            self.dealer = rng.randrange(tr.SEATS) if dealer is None else dealer
        else:
            hands, chien = _random_deal(rng)
            if self.deal_index == 0:
                self.dealer = rng.randrange(tr.SEATS)
        self.hands = [tr.sort_hand(hand) for hand in hands]
        self.chien = tr.sort_hand(chien)
        self.bids, self.contract, self.taker = [], None, None
        self.ecart, self.chelem_announced = [], False
        self.shown, self.showing = [], None
        self.trick, self.leader, self.done_tricks = [], None, []
        self.excuse_owed = None
        self.phase, self.turn = "bidding", (self.dealer + 1) % tr.SEATS
        self.events.append(
            {
                "type": "deal",
                "deal": self.deal_index,
                "number": self.scored_deals + 1,
                "dealer": self.dealer,
            }
        )
        petit_sec = next(
            (seat for seat, hand in enumerate(self.hands) if tr.is_petit_sec(hand)), None
        )
        if petit_sec is not None:
            self._redeal("petit_sec", petit_sec)

    def _redeal(self, reason: str, seat: int | None) -> None:
        """A cancelled deal (petit sec) or a passed-out one: no score, the next dealer deals."""
        self.dealer = (self.dealer + 1) % tr.SEATS
        hand = list(self.hands[seat]) if seat is not None else None
        self.events.append(
            {"type": "redeal", "reason": reason, "seat": seat, "hand": hand, "dealer": self.dealer}
        )
        self.deal_index += 1
        self._start_deal(None)

    # --- whose turn, what is legal --------------------------------------------------

    @property
    def current_player(self) -> int | None:
        return self.turn

    @property
    def scores(self) -> list[int]:
        return list(self.totals)

    def legal_actions(self) -> list[str]:
        if self.turn is None:
            return []
        if self.phase == "bidding":
            return ["pass"] + ["bid " + contract for contract in self._higher_bids()]
        if self.phase == "ecart":
            return ["discard " + card for card in tr.ecart_choices(self._hand(), self.ecart)]
        if self.phase == "chelem":
            return ["declare chelem", "pass"]
        if self.showing is not None:
            return ["show " + card for card in self._show_choices()]
        plays = ["play " + card for card in self._playable()]
        return plays + ["declare poignee " + size for size in self._poignee_sizes()]

    def _hand(self) -> list[str]:
        assert self.turn is not None
        return self.hands[self.turn]

    def _higher_bids(self) -> list[str]:
        made = [tr.CONTRACTS.index(bid) for _, bid in self.bids if bid != "pass"]
        return list(tr.CONTRACTS[max(made, default=-1) + 1 :])

    def _playable(self) -> list[str]:
        cards = [card for _, card in self.trick]
        return tricks.playable(self._hand(), cards, tr.TRUMP, tr.CARD_RULES)

    def _trumps_held(self, seat: int) -> list[str]:
        """The seat's trumps for a poignée: the taker's shown écart trumps count (T15)."""
        own = [card for card in self.hands[seat] if tr.is_trump(card)]
        return own + (self.ecart_trumps() if seat == self.taker else [])

    def _poignee_sizes(self) -> list[str]:
        seat = self.turn
        assert seat is not None
        if self.done_tricks or any(s == seat for s, _ in self.trick):
            return []
        if any(show["seat"] == seat for show in self.shown):
            return []
        return tr.poignee_sizes(len(self._trumps_held(seat)), tr.EXCUSE in self.hands[seat])

    def _show_choices(self) -> list[str]:
        """Trumps not shown yet; the Excuse only when every trump goes into the show."""
        assert self.showing is not None and self.turn is not None
        seat, shown = self.turn, self.showing["cards"]
        held = tr.sort_hand(self._trumps_held(seat))
        choices = [card for card in held if card not in shown]
        excuse_needed = len(held) < tr.POIGNEE_SIZES[self.showing["size"]]
        if excuse_needed and tr.EXCUSE not in shown:
            choices.append(tr.EXCUSE)
        return tr.sort_hand(choices)

    def ecart_trumps(self) -> list[str]:
        return [card for card in self.ecart if tr.is_trump(card)]

    # --- verifying ------------------------------------------------------------------

    def _verify(self, action: str) -> tuple[str, str]:
        words = action.strip().lower().split()
        verb, rest = (words[0], " ".join(words[1:])) if words else ("", "")
        if self.phase == "bidding":
            return self._verify_bid(verb, rest)
        if self.phase == "ecart":
            return "discard", self._verify_discard(verb, rest)
        if self.phase == "chelem":
            if (verb, rest) in (("declare", "chelem"), ("pass", "")):
                return verb, rest
            raise IllegalAction("announce a chelem ('declare chelem') or 'pass'")
        if self.showing is not None:
            return "show", self._verify_show(verb, rest)
        if verb == "declare":
            return "poignee", self._verify_poignee(rest)
        if verb != "play" or not rest:
            raise IllegalAction("play one card: 'play KH', 'play 21T', 'play EX'")
        card = self._own_card(rest)
        if card not in self._playable():
            raise IllegalAction(self._why_not_playable(card))
        return "play", card

    def _verify_bid(self, verb: str, rest: str) -> tuple[str, str]:
        if verb == "pass" and not rest:
            return "pass", ""
        if verb != "bid" or rest.replace(" ", "_") not in tr.CONTRACTS:
            raise IllegalAction(BID_HELP)
        contract = rest.replace(" ", "_")
        if contract not in self._higher_bids():
            raise IllegalAction(
                f"a bid must be higher than the last one: {contract} is not "
                f"(bids: {', '.join(self._higher_bids()) or 'none left'}, or pass)"
            )
        return "bid", contract

    def _verify_discard(self, verb: str, rest: str) -> str:
        left = tr.CHIEN_SIZE - len(self.ecart)
        if verb != "discard" or not rest:
            raise IllegalAction(f"discard {left} more cards, one at a time: 'discard 3C'")
        card = self._parse_one(rest)
        problem = tr.ecart_problem(self._hand(), self.ecart, card)
        if problem is not None:
            raise IllegalAction(problem)
        return card

    def _verify_poignee(self, rest: str) -> str:
        size = rest.removeprefix("poignee").removeprefix("poignée").strip()
        if size not in POIGNEE_WORDS:
            raise IllegalAction("declare a poignée by its size: 'declare poignee simple'")
        if size in self._poignee_sizes():
            return size
        seat = self.turn
        assert seat is not None
        if self.done_tricks or any(s == seat for s, _ in self.trick):
            raise IllegalAction("a poignée is shown only just before your first card")
        if any(show["seat"] == seat for show in self.shown):
            raise IllegalAction("you have shown your poignée already")
        count = len(self._trumps_held(seat))
        raise IllegalAction(
            f"a {size} poignée shows exactly {tr.POIGNEE_SIZES[size]} trumps and you hold "
            f"{count} (the Excuse counts only when it completes a show of every trump)"
        )

    def _verify_show(self, verb: str, rest: str) -> str:
        assert self.showing is not None
        needed = tr.POIGNEE_SIZES[self.showing["size"]] - len(self.showing["cards"])
        if verb != "show" or not rest:
            raise IllegalAction(f"show {needed} more trumps, one at a time: 'show 21T'")
        card = self._parse_one(rest)
        if card in self.showing["cards"]:
            raise IllegalAction(f"{card} is shown already")
        if card not in self._show_choices():
            if card == tr.EXCUSE:
                raise IllegalAction(
                    "the Excuse may be shown only with every trump you hold, as the last one "
                    "your show needs"
                )
            raise IllegalAction(f"{card} is not one of your trumps")
        return card

    def _parse_one(self, text: str) -> str:
        try:
            cards = tr.parse_cards(text)
        except ValueError as error:
            raise IllegalAction(str(error)) from None
        if len(cards) != 1:
            raise IllegalAction("one card at a time")
        return cards[0]

    def _own_card(self, text: str) -> str:
        card = self._parse_one(text)
        if card not in self._hand():
            raise IllegalAction(f"you do not hold {card}")
        return card

    def _why_not_playable(self, card: str) -> str:
        counted = [c for _, c in self.trick if c != tr.EXCUSE]
        led = tr.suit_of(counted[0])
        hand = self._hand()
        if led != tr.TRUMP and any(tr.suit_of(c) == led for c in hand):
            return f"follow suit: play {_SUIT_NAMES[led]} (or the Excuse)"
        highest = max((tr.strength(c) for c in counted if tr.is_trump(c)), default=0)
        if any(tr.is_trump(c) and tr.strength(c) > highest for c in hand) and highest:
            return f"play a trump higher than {highest}T (or the Excuse)"
        if led == tr.TRUMP:
            return "trumps are led: play a trump (or the Excuse)"
        return f"you have no {_SUIT_NAMES[led]}: play a trump (or the Excuse)"

    # --- performing -----------------------------------------------------------------

    def _perform(self, move: tuple[str, str]) -> None:
        verb, word = move
        seat = self.turn
        assert seat is not None
        if self.phase == "bidding":
            self._perform_bid(seat, verb, word)
        elif verb == "discard":
            self._discard(seat, word)
        elif self.phase == "chelem":
            self._answer_chelem(seat, verb == "declare")
        elif verb == "poignee":
            self.showing = {"seat": seat, "size": word, "cards": []}
            action = "declare poignee " + word
            self.events.append({"type": "poignee", "seat": seat, "size": word, "action": action})
        elif verb == "show":
            self._show(seat, word)
        else:
            self._play(seat, word)

    def _perform_bid(self, seat: int, verb: str, contract: str) -> None:
        bid = contract if verb == "bid" else "pass"
        self.bids.append([seat, bid])
        if verb == "bid":
            self.events.append(
                {"type": "bid", "seat": seat, "contract": bid, "action": "bid " + bid}
            )
        else:
            self.events.append({"type": "pass", "seat": seat, "phase": "bidding", "action": "pass"})
        if len(self.bids) < tr.SEATS:
            self.turn = (seat + 1) % tr.SEATS
            return
        offers = [(s, b) for s, b in self.bids if b != "pass"]
        if not offers:
            self._redeal("all_pass", None)
            return
        self.taker, self.contract = offers[-1]  # each bid overcalls the one before
        self.events.append({"type": "contract", "taker": self.taker, "contract": self.contract})
        self.turn = self.taker
        if self.contract in tr.CHIEN_SHOWN:
            self.events.append({"type": "chien", "cards": list(self.chien)})
            self.hands[self.taker] = tr.sort_hand(self.hands[self.taker] + self.chien)
            self.phase = "ecart"
        else:
            self.phase = "chelem"

    def _discard(self, seat: int, card: str) -> None:
        self.hands[seat].remove(card)
        self.ecart.append(card)
        event: dict[str, Any] = {"type": "discard", "seat": seat}
        if tr.is_trump(card):  # a forced trump discard is shown to everyone (§5.1.4)
            event.update(card=card, action="discard " + card)
        self.events.append(event)
        if len(self.ecart) == tr.CHIEN_SIZE:
            self.ecart = tr.sort_hand(self.ecart)
            self.phase = "chelem"

    def _answer_chelem(self, seat: int, announced: bool) -> None:
        self.chelem_announced = announced
        if announced:
            self.events.append({"type": "chelem", "seat": seat, "action": "declare chelem"})
        else:
            self.events.append({"type": "pass", "seat": seat, "phase": "chelem", "action": "pass"})
        self.phase = "play"
        self.leader = seat if announced else (self.dealer + 1) % tr.SEATS
        self.turn = self.leader

    def _show(self, seat: int, card: str) -> None:
        assert self.showing is not None
        self.showing["cards"] = tr.sort_hand([*self.showing["cards"], card])
        self.events.append({"type": "show", "seat": seat, "card": card, "action": "show " + card})
        if len(self.showing["cards"]) == tr.POIGNEE_SIZES[self.showing["size"]]:
            self.shown.append(self.showing)
            self.showing = None

    def _play(self, seat: int, card: str) -> None:
        self.hands[seat].remove(card)
        self.trick.append([seat, card])
        self.events.append({"type": "play", "seat": seat, "card": card, "action": "play " + card})
        if len(self.trick) < tr.SEATS:
            self.turn = (seat + 1) % tr.SEATS
        else:
            self._end_trick()

    def winning(self) -> int | None:
        """The seat winning the current trick so far (None before a counted card)."""
        if not any(card != tr.EXCUSE for _, card in self.trick):
            return None
        cards = [card for _, card in self.trick]
        number = len(self.done_tricks) + 1
        if number == tr.TRICKS and cards[0] == tr.EXCUSE and self._side_won_all(self.trick[0][0]):
            return int(self.trick[0][0])  # the chelem exception (§7.6)
        return int(self.trick[tricks.trick_winner(cards, tr.TRUMP, tr.CARD_RULES)][0])

    def _side(self, seat: int) -> bool:
        """True for the taker's side."""
        return seat == self.taker

    def _side_won_all(self, seat: int) -> bool:
        return all(self._side(t["winner"]) == self._side(seat) for t in self.done_tricks)

    def _end_trick(self) -> None:
        winner = self.winning()
        assert winner is not None
        number = len(self.done_tricks) + 1
        plays = [{"seat": seat, "card": card} for seat, card in self.trick]
        self.done_tricks.append({"number": number, "plays": plays, "winner": winner})
        self.events.append({"type": "trick", "number": number, "plays": plays, "winner": winner})
        self._settle_excuse(number, winner)
        self.trick, self.leader, self.turn = [], winner, winner
        if number == tr.TRICKS:
            self._end_deal()

    def _settle_excuse(self, number: int, winner: int) -> None:
        """Record the Excuse going back to its owner and the half point it costs (§7.5)."""
        owner = next((s for s, card in self.trick if card == tr.EXCUSE), None)
        if self.excuse_owed is not None and self._side(winner) == self._side(self.excuse_owed):
            self.events.append(
                {"type": "excuse", "seat": self.excuse_owed, "trick": number, "paid": "paid"}
            )
            self.excuse_owed = None
        if owner is None or number == tr.TRICKS or self._side(owner) == self._side(winner):
            return
        earlier = any(self._side(t["winner"]) == self._side(owner) for t in self.done_tricks)
        paid = "now" if earlier else "later"
        if not earlier:
            self.excuse_owed = owner
        self.events.append(
            {"type": "excuse", "seat": owner, "trick": number, "winner": winner, "paid": paid}
        )

    def _end_deal(self) -> None:
        assert self.contract is not None and self.taker is not None
        if self.excuse_owed is not None:  # its side never won a trick: nothing given (T9)
            self.events.append({"type": "excuse", "seat": self.excuse_owed, "paid": "never"})
            self.excuse_owed = None
        piles = scoring.count_piles(
            self.done_tricks, self.taker, self.contract, self.ecart, self.chien
        )
        breakdown = scoring.score_deal(
            self.contract,
            self.taker,
            piles.taker_half_points,
            piles.taker_bouts,
            petit_au_bout=piles.petit_au_bout,
            poignees=self.shown,
            chelem_announced=self.chelem_announced,
            slam=piles.slam,
        )
        self.totals = [
            total + score for total, score in zip(self.totals, breakdown["scores"], strict=True)
        ]
        self.scored_deals += 1
        self.breakdown = breakdown
        self.events.append(
            {
                "type": "deal_result",
                "deal": self.deal_index,
                "number": self.scored_deals,
                "chien": list(self.chien),
                "ecart": list(self.ecart),
                "breakdown": breakdown,
                "totals": list(self.totals),
            }
        )
        if self.scored_deals >= int(self.game.options["deals"]):
            self.phase, self.turn = "over", None
            return
        self.dealer = (self.dealer + 1) % tr.SEATS
        self.deal_index += 1
        self._start_deal(None)

    # --- views ----------------------------------------------------------------------

    def _private_view(self, seat: int) -> dict[str, JSON]:
        over = self.phase == "over"
        chien_public = over or (self.contract in tr.CHIEN_SHOWN)
        return {
            "hand": list(self.hands[seat]),
            "phase": self.phase,
            "dealer": self.dealer,
            "deal_number": self.scored_deals + (0 if over else 1),
            "scored_deals": self.scored_deals,
            "deals": self.game.options["deals"],
            "bids": [{"seat": s, "bid": bid} for s, bid in self.bids],
            "contract": self.contract,
            "taker": self.taker,
            "chien": list(self.chien) if chien_public else None,
            "ecart": list(self.ecart) if over or seat == self.taker else None,
            "ecart_trumps": self.ecart_trumps(),
            "to_discard": tr.CHIEN_SIZE - len(self.ecart)
            if self.phase == "ecart" and seat == self.taker
            else 0,
            "chelem_announced": self.chelem_announced,
            "poignees": [dict(show, cards=list(show["cards"])) for show in self.shown],
            "showing": None
            if self.showing is None
            else dict(
                self.showing,
                cards=list(self.showing["cards"]),
                needed=tr.POIGNEE_SIZES[self.showing["size"]] - len(self.showing["cards"]),
            ),
            "trick": [{"seat": s, "card": card} for s, card in self.trick],
            "leader": self.leader if self.phase == "play" else None,
            "winning": self.winning() if self.trick else None,
            "tricks_played": len(self.done_tricks),
            "tricks_won": [
                sum(1 for t in self.done_tricks if t["winner"] == s) for s in range(tr.SEATS)
            ],
            "last_trick": copy_json(self.done_tricks[-1]) if self.done_tricks else None,
            "hand_sizes": [len(hand) for hand in self.hands],
            "breakdown": copy_json(self.breakdown),
            "totals": list(self.totals),
        }


_SUIT_NAMES = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs", "T": "trumps"}


def _random_deal(rng: random.Random) -> tuple[list[list[str]], list[str]]:
    cards = tr.pack()
    rng.shuffle(cards)
    size = tr.HAND_SIZE
    return [cards[i * size : (i + 1) * size] for i in range(tr.SEATS)], cards[tr.SEATS * size :]


def _read_deal(deal: dict[str, JSON]) -> tuple[list[list[str]], list[str], int | None]:
    """A fixed first deal: ``hands`` (4 × 18), ``chien`` (6), ``dealer``, all checked."""
    read = DealReader(deal, {"chien", "dealer"}, "Tarot", parse=tr.parse_card)
    hands = read.hands([tr.HAND_SIZE] * tr.SEATS)
    chien = read.cards("chien", tr.CHIEN_SIZE, "the 6 cards of the chien")
    problem = tr.check_cards([card for hand in hands for card in hand] + chien)
    if problem is not None:
        raise InvalidDeal(f"a tarot deal holds each of the 78 cards once: {problem}")
    return hands, chien, read.seat("dealer", tr.SEATS)
