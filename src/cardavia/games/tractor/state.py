"""The Tractor match in play: declaring, the kitty, tricks of singles, pairs and
tractors, points, levels and the next dealer (spec/tractor.md)."""

from __future__ import annotations

from collections import Counter
from typing import Any

from ... import tricks
from ...cards import check_pack, parse_cards
from ...engine import JSON, DealReader, IllegalAction, InvalidDeal, State
from ...tricks import TrickRules
from . import rules as tr

DECLARE_HELP = (
    "declare a level card or a pair ('declare 2H', 'declare 2S 2S', 'declare BJ BJ') or 'pass'"
)
PLAY_HELP = "play a single, a pair or a tractor ('play AS', 'play 9S 9S', 'play 8S 8S 9S 9S')"


class TractorState(State):
    """Every attribute is JSON-native. ``phase``: 'declare', 'bury', 'play' or 'over' (the
    match). ``trick`` lists [seat, cards] in play order, a follower's cards as they come;
    ``kitty`` is the dealt kitty, ``buried`` the dealer's eight (the new kitty)."""

    levels: list[int]
    dealer: int
    first_declarer_deals: bool  # deal 1 without 'levels': R4 makes the first declarer deal
    level: int
    phase: str
    turn: int | None
    hands: list[list[str]]
    kitty: list[str]
    buried: list[str]
    trump: str | None
    declaration: dict[str, Any] | None
    first_declarer: int | None
    passes: int
    declaring_actions: int
    exposed_kitty: list[str] | None
    trick: list[list[Any]]
    last_trick: dict[str, Any] | None
    points: int
    tricks_played: int
    next_dealer: int
    match_winner: int | None

    @property
    def rules(self) -> TrickRules:
        return tr.card_rules(self.level, self.trump)

    # --- dealing --------------------------------------------------------------------

    def _start_deal(self, deal: dict[str, JSON] | None) -> None:
        rng = self.rng()
        fixed_trump: str | None = None
        if deal is not None:
            hands, kitty, dealer, levels, fixed_trump = _check_deal(deal, rng)
            self.first_declarer_deals = levels is None and fixed_trump is None
            self.levels = levels or [2, 2]
        elif self.deal_index == 0:
            hands, kitty = _random_deal(rng)
            dealer, self.levels, self.first_declarer_deals = rng.randrange(tr.SEATS), [2, 2], True
        else:
            hands, kitty = _random_deal(rng)
            dealer, self.first_declarer_deals = self.next_dealer, False
        self.dealer = dealer
        self.level = self.levels[tr.team_of(dealer)]
        self.trump = None
        self.hands = [self._sorted(hand) for hand in hands]
        self.kitty, self.buried = kitty, []
        self.declaration, self.first_declarer = None, None
        self.passes = self.declaring_actions = 0
        self.exposed_kitty = None
        self.trick, self.last_trick = [], None
        self.points = self.tricks_played = 0
        self.next_dealer = dealer
        self.match_winner = None
        self.phase, self.turn = "declare", dealer
        self.events.append(
            {
                "type": "deal",
                "deal": self.deal_index,
                "dealer": dealer,
                "level": self.level,
                "levels": list(self.levels),
                "first_declarer_deals": self.first_declarer_deals,
                "trump": fixed_trump,
            }
        )
        if fixed_trump is not None:
            self._fix_trump(fixed_trump, None)

    def _sorted(self, cards: list[str]) -> list[str]:
        return tr.sort_hand(cards, self.level, self.trump)

    # --- whose turn, what is legal --------------------------------------------------

    @property
    def current_player(self) -> int | None:
        return self.turn

    @property
    def scores(self) -> list[int]:
        if self.match_winner is None:
            return [0] * tr.SEATS
        return [1 if tr.team_of(seat) == self.match_winner else -1 for seat in range(tr.SEATS)]

    def legal_actions(self) -> list[str]:
        if self.turn is None:
            return []
        hand = self.hands[self.turn]
        if self.phase == "declare":
            return [
                "declare " + " ".join(cards)
                for cards in tr.declarations(hand, self.level, self._standing_strength())
            ] + ["pass"]
        if self.phase == "bury":
            return ["bury " + card for card in dict.fromkeys(hand)]
        if not self.trick:
            return [
                "play " + " ".join(cards) for cards in tricks.lead_combinations(hand, self.rules)
            ]
        committed = self._my_cards()
        return [
            "play " + card
            for card in tricks.follow_choices(hand, committed, self.trick[0][1], self.rules)
        ]

    def _standing_strength(self) -> int:
        return 0 if self.declaration is None else int(self.declaration["strength"])

    def _my_cards(self) -> list[str]:
        """What the player to act already put on the current trick (a follow in progress)."""
        if self.trick and self.trick[-1][0] == self.turn:
            return list(self.trick[-1][1])
        return []

    def owed(self) -> int:
        """Cards the player to act still owes the current trick (0 when leading)."""
        if not self.trick or self.phase != "play":
            return 0
        return len(self.trick[0][1]) - len(self._my_cards())

    # --- verifying ------------------------------------------------------------------

    def _verify(self, action: str) -> tuple[str, list[str]]:
        words = action.strip().split(None, 1)
        verb = words[0].lower() if words else ""
        rest = words[1] if len(words) > 1 else ""
        if self.phase == "declare":
            return self._verify_declaring(verb, rest)
        if self.phase == "bury":
            return "bury", self._verify_bury(verb, rest)
        if verb != "play" or not rest:
            raise IllegalAction(PLAY_HELP if not self.trick else self._follow_help())
        cards = self._own_cards(rest)
        return "play", self._verify_follow(cards) if self.trick else self._verify_lead(cards)

    def _verify_declaring(self, verb: str, rest: str) -> tuple[str, list[str]]:
        if verb == "pass" and not rest:
            return "pass", []
        if verb != "declare" or not rest:
            raise IllegalAction(f"it is time to declare trumps: {DECLARE_HELP}")
        cards = self._own_cards(rest)
        strength = tr.declaration_strength(cards, self.level)
        if strength is None:
            raise IllegalAction(
                f"a declaration shows one level card ({tr.level_rank(self.level)}), two "
                "identical level cards, BJ BJ or RJ RJ"
            )
        if strength <= self._standing_strength():
            assert self.declaration is not None
            raise IllegalAction(
                f"{' '.join(cards)} does not overcall {' '.join(self.declaration['cards'])}: "
                "an overcall must be strictly stronger (one level card < a level pair < "
                "BJ BJ < RJ RJ)"
            )
        return "declare", cards

    def _verify_bury(self, verb: str, rest: str) -> list[str]:
        if verb != "bury" or not rest:
            raise IllegalAction(
                f"bury {tr.KITTY_SIZE - len(self.buried)} more cards, one at a time: 'bury 3C'"
            )
        cards = self._own_cards(rest)
        left = tr.KITTY_SIZE - len(self.buried)
        if len(cards) > left:
            raise IllegalAction(f"only {left} more cards go into the kitty")
        return cards

    def _verify_lead(self, cards: list[str]) -> list[str]:
        if tricks.combination_of(cards, self.rules) is None:
            raise IllegalAction(
                f"{' '.join(cards)} is no lead: lead one card, a pair of identical cards or "
                "a tractor (pairs next to each other in one suit, like 8S 8S 9S 9S)"
            )
        return tr.sort_hand(cards, self.level, self.trump)

    def _verify_follow(self, cards: list[str]) -> list[str]:
        assert self.turn is not None
        owed = self.owed()
        if len(cards) > owed:
            raise IllegalAction(f"you owe this trick {owed} more card{'s' if owed > 1 else ''}")
        hand = list(self.hands[self.turn])
        for card in cards:
            hand.remove(card)
        if not tricks.can_complete_follow(
            hand, [*self._my_cards(), *cards], self.trick[0][1], self.rules
        ):
            raise IllegalAction(self._why_not_follow())
        return self._sorted(cards)

    def _why_not_follow(self) -> str:
        lead = self.trick[0][1]
        suit = self.rules.suit_of(lead[0])
        name = (
            "trumps"
            if suit == tr.TRUMP
            else {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}[suit]
        )
        pairs = len(tricks.identical_pairs(lead))
        if pairs:
            return (
                f"follow with {name} while you have them, including as many pairs of "
                f"{name} as you hold (up to {pairs})"
            )
        return f"follow with {name} while you have them"

    def _follow_help(self) -> str:
        owed = self.owed()
        cards = f"{owed} card{'s' if owed > 1 else ''}"
        return f"follow the lead with {cards}: 'play 3S' (one at a time or all at once)"

    def _own_cards(self, text: str) -> list[str]:
        assert self.turn is not None
        try:
            cards = parse_cards(text)
        except ValueError as error:
            raise IllegalAction(str(error)) from None
        missing = Counter(cards) - Counter(self.hands[self.turn])
        if missing:
            raise IllegalAction(f"you do not hold {' '.join(sorted(missing.elements()))}")
        return cards

    # --- performing -----------------------------------------------------------------

    def _perform(self, move: tuple[str, list[str]]) -> None:
        verb, cards = move
        if verb in ("declare", "pass"):
            self._perform_declaring(verb, cards)
        elif verb == "bury":
            for card in cards:
                self._bury(card)
        else:
            self._play(cards)

    def _perform_declaring(self, verb: str, cards: list[str]) -> None:
        seat = self.turn
        assert seat is not None
        self.declaring_actions += 1
        if verb == "pass":
            self.passes += 1
            self.events.append({"type": "pass", "seat": seat, "action": "pass"})
        else:
            strength = tr.declaration_strength(cards, self.level)
            self.declaration = {"seat": seat, "cards": cards, "strength": strength}
            if self.first_declarer is None:
                self.first_declarer = seat
            self.passes = 0
            self.events.append(
                {
                    "type": "declare",
                    "seat": seat,
                    "cards": cards,
                    "strength": strength,
                    "trump": tr.declared_trump(cards),
                    "action": "declare " + " ".join(cards),
                }
            )
        if self.declaration is not None and self.passes == 3:
            if self.first_declarer_deals:
                assert self.first_declarer is not None
                self.dealer = self.first_declarer
            self._fix_trump(tr.declared_trump(self.declaration["cards"]), self.declaration["seat"])
        elif self.declaration is None and self.declaring_actions == tr.SEATS:
            self.exposed_kitty = list(self.kitty)
            trump = tr.exposed_trump(self.kitty)
            self.events.append({"type": "kitty_exposed", "cards": list(self.kitty), "trump": trump})
            self._fix_trump(trump, None)
        else:
            self.turn = (seat + 1) % tr.SEATS

    def _fix_trump(self, trump: str, declarer: int | None) -> None:
        """Declaring is over: the dealer picks up the kitty and buries eight cards."""
        self.trump = trump
        self.events.append(
            {"type": "trump", "trump": trump, "dealer": self.dealer, "declarer": declarer}
        )
        self.hands = [self._sorted(hand) for hand in self.hands]
        self.hands[self.dealer] = self._sorted(self.hands[self.dealer] + self.kitty)
        self.phase, self.turn = "bury", self.dealer

    def _bury(self, card: str) -> None:
        self.hands[self.dealer].remove(card)
        self.buried.append(card)
        self.events.append({"type": "bury", "seat": self.dealer})
        if len(self.buried) == tr.KITTY_SIZE:
            self.phase = "play"

    def _play(self, cards: list[str]) -> None:
        seat = self.turn
        assert seat is not None
        for card in cards:
            self.hands[seat].remove(card)
        action = "play " + " ".join(cards)
        self.events.append({"type": "play", "seat": seat, "cards": cards, "action": action})
        if self.trick and self.trick[-1][0] == seat:
            self.trick[-1][1] = self._sorted(self.trick[-1][1] + cards)
        else:
            self.trick.append([seat, list(cards)])
        if self.owed() > 0:
            return  # the follow goes on, card by card
        if len(self.trick) < tr.SEATS:
            self.turn = (seat + 1) % tr.SEATS
        else:
            self._end_trick()

    def attackers(self) -> list[int]:
        return [(self.dealer + 1) % tr.SEATS, (self.dealer + 3) % tr.SEATS]

    def winning(self) -> int | None:
        """The seat whose play is winning the trick so far (complete plays only)."""
        size = len(self.trick[0][1]) if self.trick else 0
        complete = [entry for entry in self.trick if len(entry[1]) == size]
        if not complete:
            return None
        plays = [entry[1] for entry in complete]
        return int(complete[tricks.combination_winner(plays, tr.TRUMP, self.rules)][0])

    def _end_trick(self) -> None:
        winner = self.winning()
        assert winner is not None
        cards = [card for _, played in self.trick for card in played]
        won = tr.points(cards)
        if winner in self.attackers():
            self.points += won
        self.tricks_played += 1
        plays = [{"seat": seat, "cards": list(played)} for seat, played in self.trick]
        self.last_trick = {"plays": plays, "winner": winner, "points": won}
        self.events.append(
            {
                "type": "trick",
                "number": self.tricks_played,
                "plays": plays,
                "winner": winner,
                "points": won,
                "attackers_points": self.points,
            }
        )
        size = len(self.trick[0][1])
        self.trick, self.turn = [], winner
        if not self.hands[winner]:
            self._end_deal(winner, size)

    def _end_deal(self, last_winner: int, cards_each: int) -> None:
        multiplier = tr.kitty_multiplier(last_winner in self.attackers(), cards_each)
        kitty_points = tr.points(self.buried)
        total = self.points + kitty_points * multiplier
        result = tr.outcome(self.dealer, total)
        before = list(self.levels)
        self.levels[result.team] += result.gain
        if self.levels[result.team] > tr.ACE:
            self.match_winner = result.team
        self.next_dealer = result.next_dealer
        self.events.append(
            {
                "type": "deal_result",
                "trick_points": self.points,
                "kitty": list(self.buried),
                "kitty_points": kitty_points,
                "multiplier": multiplier,
                "bonus": kitty_points * multiplier,
                "points": total,
                "winner": "attackers" if result.attackers_take_over else "defenders",
                "team": result.team,
                "gain": result.gain,
                "levels_before": before,
                "levels": list(self.levels),
                "next_dealer": result.next_dealer,
                "match_won": self.match_winner,
            }
        )
        limit = self.game.options["deals"]
        if self.match_winner is not None or (limit is not None and self.deal_index + 1 >= limit):
            self.phase, self.turn = "over", None
            return
        self.deal_index += 1
        self._start_deal(None)

    # --- views ----------------------------------------------------------------------

    def _private_view(self, seat: int) -> dict[str, JSON]:
        dealer_sees = seat == self.dealer and self.phase in ("bury", "play")
        lead = None
        if self.trick:
            combo = tricks.combination_of(self.trick[0][1], self.rules)
            assert combo is not None
            lead = {
                "seat": self.trick[0][0],
                "cards": list(self.trick[0][1]),
                "kind": combo.kind,
                "suit": combo.suit,
            }
        return {
            "hand": list(self.hands[seat]),
            "phase": self.phase,
            "level": self.level,
            "level_rank": tr.level_rank(self.level),
            "levels": list(self.levels),
            "dealer": self.dealer,
            "trump": self.trump,
            "declaration": None
            if self.declaration is None
            else dict(self.declaration, cards=list(self.declaration["cards"])),
            "exposed_kitty": None if self.exposed_kitty is None else list(self.exposed_kitty),
            "kitty": list(self.buried) if dealer_sees else None,
            "taken_kitty": list(self.kitty) if dealer_sees else None,
            "to_bury": tr.KITTY_SIZE - len(self.buried)
            if self.phase == "bury" and seat == self.dealer
            else 0,
            "trick": [{"seat": s, "cards": list(cards)} for s, cards in self.trick],
            "lead": lead,
            "winning": self.winning() if self.trick else None,
            "to_follow": self.owed() if seat == self.turn else 0,
            "last_trick": None
            if self.last_trick is None
            else {
                "plays": [
                    {"seat": p["seat"], "cards": list(p["cards"])} for p in self.last_trick["plays"]
                ],
                "winner": self.last_trick["winner"],
                "points": self.last_trick["points"],
            },
            "points": self.points,
            "attackers": self.attackers(),
            "defenders": [self.dealer, (self.dealer + 2) % tr.SEATS],
            "hand_counts": [len(hand) for hand in self.hands],
            "deal_number": self.deal_index + 1,
            "deals": self.game.options["deals"],
            "match_winner": self.match_winner,
            "tricks_played": self.tricks_played,
        }


def _random_deal(rng: Any) -> tuple[list[list[str]], list[str]]:
    cards = tr.pack_108()
    rng.shuffle(cards)
    size = tr.HAND_SIZE
    return [cards[i * size : (i + 1) * size] for i in range(tr.SEATS)], cards[tr.SEATS * size :]


def _check_deal(
    deal: dict[str, JSON], rng: Any
) -> tuple[list[list[str]], list[str], int, list[int] | None, str | None]:
    read = DealReader(deal, {"kitty", "dealer", "levels", "trump"}, "Tractor")
    hands = read.hands([tr.HAND_SIZE] * tr.SEATS) if deal.get("hands") is not None else None
    kitty = (
        read.cards("kitty", tr.KITTY_SIZE, "the 8 kitty cards")
        if deal.get("kitty") is not None
        else None
    )
    given = [card for hand in hands or [] for card in hand] + (kitty or [])
    extra = Counter(given) - Counter(tr.pack_108())
    if extra:
        raise InvalidDeal(
            "cards not in two packs or dealt too often: " + " ".join(sorted(extra.elements()))
        )
    rest = list((Counter(tr.pack_108()) - Counter(given)).elements())
    rng.shuffle(rest)
    if hands is None:
        size = tr.HAND_SIZE
        hands = [rest[i * size : (i + 1) * size] for i in range(tr.SEATS)]
        rest = rest[tr.SEATS * size :]
    if kitty is None:
        kitty = rest
    problem = check_pack([card for hand in hands for card in hand] + kitty, tr.pack_108())
    if problem:
        raise InvalidDeal(problem)
    dealer = read.seat("dealer", tr.SEATS)
    trump = read.choice("trump", tr.TRUMP_CHOICES)
    if trump is not None and dealer is None:
        raise InvalidDeal("a deal with a fixed 'trump' needs its 'dealer'")
    levels = deal.get("levels")
    if levels is not None and (
        not isinstance(levels, list | tuple)
        or len(levels) != 2
        or not all(
            isinstance(v, int) and not isinstance(v, bool) and 2 <= v <= tr.ACE for v in levels
        )
    ):
        raise InvalidDeal("'levels' lists the two teams' levels, whole numbers 2 to 14 (A)")
    if dealer is None:
        dealer = rng.randrange(tr.SEATS)
    return hands, kitty, dealer, None if levels is None else [int(v) for v in levels], trump
