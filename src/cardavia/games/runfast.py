"""Zheng Shangyou, the "Run Fast 48-card preset", exactly per spec/zhengshangyou.md.

Three seats, each for themselves, 16 cards each from a 48-card pack (no jokers, one 2:
``2S``, three aces: no ``AH``). The holder of ``3H`` opens and the opening play must
contain it. A follower who can beat the table must (bombs included); ``pass`` is legal only
when nothing beats it. ``AS AD AC`` is the three-ace bomb, above every four-card bomb;
``3333`` as the deal's first play is the unbeatable sky bomb. The first player out wins;
losers pay their cards left (doubled if they never played), 10 for ``2S`` kept and 10 per
bomb kept. A response bomb that stands earns +20, −10 from each other player.

Options: none.

``deal`` keys: ``hands`` (three lists of 16 cards).

Actions: ``play <cards>``, ``pass``.
Equivalent plays: suits never matter except that the opening play must contain ``3H``, so
``legal_actions`` lists one ``play`` per multiset of ranks (the lowest suits in display
order, with ``3H`` in the opening) and ``apply`` accepts any cards of the same ranks.

Events: ``deal``, ``play``, ``pass``, ``round_end``, ``bonus`` (seat and the three
amounts), ``result`` (scores with each loser's penalty broken down).
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from typing import Any

from .. import climbing
from ..cards import check_pack, pack_52
from ..climbing import ClimbingRules, ClimbingState, Combo, played_cards
from ..engine import (
    JSON,
    DealReader,
    Game,
    IllegalAction,
    InvalidDeal,
    State,
    current_deal_events,
    fill_hidden,
    register,
    replay,
)

RULES = ClimbingRules(
    rank_order="3456789TJQKA2",
    jokers=False,
    sequence_top=11,  # sequences run 3 … A
    kinds=frozenset(
        {"single", "pair", "triple", "straight", "pair_run", "bomb", "ace_bomb", "sky_bomb"}
    ),
    min_straight=5,
    min_pair_run=2,
    ace_bomb=True,
    sky_bomb=True,
)

REMOVED = ("AH", "2H", "2D", "2C")
HAND_SIZE = 16
OPENING_CARD = "3H"
OPENING_RULE = "the first play of the deal must include the 3 of hearts (3H)"
BOMB_KINDS = ("bomb", "ace_bomb", "sky_bomb")
BOMB_BONUS = 20
PENALTY_PER_EXTRA = 10


def pack_48() -> list[str]:
    return [card for card in pack_52() if card not in REMOVED]


def classify(cards: Iterable[str], opening: bool = False) -> Combo | None:
    """The Run Fast combination these cards form, or None."""
    return climbing.classify(RULES.counts(list(cards)), RULES, opening)


class RunFastState(ClimbingState):
    rules = RULES

    bonuses: list[int]  # net bomb bonuses so far, per seat
    standing_bomb: int | None  # seat of a response bomb on top, not yet beaten

    def _start_deal(self, deal: dict[str, JSON] | None) -> None:
        if deal is None:
            cards = pack_48()
            self.rng().shuffle(cards)
            hands = [cards[i * HAND_SIZE : (i + 1) * HAND_SIZE] for i in range(3)]
        else:
            hands = _check_deal(deal)
        opener = next(seat for seat, hand in enumerate(hands) if OPENING_CARD in hand)
        self._reset_play(hands, opener)
        self.bonuses = [0, 0, 0]
        self.standing_bomb = None
        self.events.append({"type": "deal", "deal": self.deal_index, "opener": opener})

    def legal_actions(self) -> list[str]:
        return [] if self.turn is None else self._play_actions()

    # Must beat: a pass only when nothing beats the table.
    def _may_pass(self, options: list[Combo]) -> bool:
        return self.top is not None and not options

    def _play_filter(self, combo: Combo) -> str | None:
        if self.opening and 0 not in combo.ranks:
            return OPENING_RULE
        return None

    def _required_cards(self) -> tuple[str, ...]:
        return (OPENING_CARD,) if self.opening else ()

    def _verify(self, action: str) -> tuple[str, Any]:
        return self._verify_turn(action)

    def _verify_play(self, text: str) -> tuple[list[str], Combo]:
        cards, combo = super()._verify_play(text)
        if self.opening and OPENING_CARD not in cards:  # a 3, but not the 3 of hearts
            raise IllegalAction(OPENING_RULE)
        return cards, combo

    def _perform(self, move: tuple[str, Any]) -> None:
        self._perform_turn(move)

    def _after_play(self, seat: int, combo: Combo, response: bool) -> None:
        if combo.kind in BOMB_KINDS:
            self.standing_bomb = seat if response else None

    def _after_round(self, leader: int) -> None:
        self._settle_bomb()

    def _settle_bomb(self) -> None:
        seat = self.standing_bomb
        if seat is None:
            return
        amounts = [-BOMB_BONUS // 2] * 3
        amounts[seat] = BOMB_BONUS
        for other in range(3):
            self.bonuses[other] += amounts[other]
        self.standing_bomb = None
        self.events.append({"type": "bonus", "seat": seat, "amounts": amounts})

    def _finish(self, winner: int) -> None:
        self._settle_bomb()  # a final response bomb is settled at once
        penalties = {}
        for seat in range(3):
            if seat != winner:
                penalties[seat] = _penalty(self.hands[seat], self.plays_made[seat] > 0)
        scores = list(self.bonuses)
        for seat, detail in penalties.items():
            scores[seat] -= detail["total"]
            scores[winner] += detail["total"]
        self.result = scores
        self.events.append(
            {
                "type": "result",
                "winner": winner,
                "scores": list(scores),
                "breakdown": {
                    "penalties": {str(seat): detail for seat, detail in penalties.items()},
                    "bonuses": list(self.bonuses),
                },
            }
        )

    def _private_view(self, seat: int) -> dict[str, JSON]:
        return {**self._table_view(seat), "bonuses": list(self.bonuses)}


def _penalty(hand: list[str], has_played: bool) -> dict[str, int]:
    counts = RULES.counts(hand)
    bombs = sum(1 for rank in range(11) if counts[rank] == 4) + (counts[RULES.ace] == 3)
    twos = 1 if "2S" in hand else 0
    doubling = 1 if has_played else 2
    card_points = len(hand) * doubling
    return {
        "cards": len(hand),
        "doubled": int(doubling == 2),
        "two_of_spades": twos,
        "bombs": bombs,
        "total": card_points + PENALTY_PER_EXTRA * (twos + bombs),
    }


def _check_deal(deal: dict[str, JSON]) -> list[list[str]]:
    hands = DealReader(deal, (), "Run Fast").hands([HAND_SIZE] * 3)
    problem = check_pack([card for hand in hands for card in hand], pack_48())
    if problem:
        raise InvalidDeal(problem)
    return hands


@register
class RunFast(Game):
    """Run Fast 48 for three players; see the module docstring for deal keys and actions."""

    name = "runfast"
    num_players = 3
    state_class = RunFastState

    def sample_state(self, view: dict[str, JSON], rng: random.Random) -> State:
        """Hidden cards dealt at random so that every pass in the record was forced: under
        must-beat a pass proves its player held nothing that beat the table."""
        me = view["seat"]
        events = current_deal_events(view["events"])
        played = {seat: played_cards(events, seat) for seat in range(3)}
        known = set(view["hand"]) | {card for cards in played.values() for card in cards}
        unknown = [card for card in pack_48() if card not in known]
        opener = events[0]["opener"]
        sizes = {str(seat): view["hand_sizes"][seat] for seat in range(3) if seat != me}
        # 3H is proven to be the opener's: place it before dealing the rest.
        fixed: dict[int, list[str]] = {seat: [] for seat in range(3)}
        if OPENING_CARD in unknown:
            unknown.remove(OPENING_CARD)
            fixed[opener].append(OPENING_CARD)
            sizes[str(opener)] -= 1
        passes = _forced_passes(events, me)
        hidden = _deal_respecting_passes(rng, unknown, sizes, fixed, passes)
        hands = []
        for seat in range(3):
            current = list(view["hand"]) if seat == me else hidden[seat]
            hands.append(current + played[seat])
        return replay(self, rng.randrange(2**31), {"hands": hands}, view["events"])


# Random deals tried before repairing one by swaps, and swaps tried before giving up.
REJECTION_TRIES = 50
REPAIR_SWAPS = 20_000

Pass = tuple[int, Combo, list[str]]


def _deal_respecting_passes(
    rng: random.Random,
    unknown: list[str],
    sizes: dict[str, int],
    fixed: dict[int, list[str]],
    passes: list[Pass],
) -> dict[int, list[str]]:
    """Deal the unknown cards so that no recorded pass could have been a beat.

    Plain random deals first (exact and cheap when the record says little); failing that,
    repair the last deal by swapping cards between the hidden hands, keeping each swap that
    does not add a contradiction. The real deal always qualifies, so a repair exists.
    """
    seats = [int(seat) for seat in sizes]

    def contradictions(hidden: dict[int, list[str]]) -> int:
        return sum(not _had_no_answer(hidden[seat] + later, top) for seat, top, later in passes)

    hidden: dict[int, list[str]] = {}
    for _ in range(REJECTION_TRIES):
        filled = fill_hidden(rng, unknown, sizes)
        hidden = {seat: filled[str(seat)] for seat in seats}
        if contradictions(_with(hidden, fixed)) == 0:
            return _with(hidden, fixed)
    if len(seats) < 2:
        raise ValueError("no deal of the hidden cards agrees with the record")
    score = contradictions(_with(hidden, fixed))
    for _ in range(REPAIR_SWAPS):
        one, other = rng.sample(seats, 2)
        if not hidden[one] or not hidden[other]:
            continue
        i, j = rng.randrange(len(hidden[one])), rng.randrange(len(hidden[other]))
        hidden[one][i], hidden[other][j] = hidden[other][j], hidden[one][i]
        after = contradictions(_with(hidden, fixed))
        if after <= score:
            score = after
            if score == 0:
                return _with(hidden, fixed)
        else:
            hidden[one][i], hidden[other][j] = hidden[other][j], hidden[one][i]
    raise ValueError("no deal of the hidden cards agrees with the record")


def _with(hidden: dict[int, list[str]], fixed: dict[int, list[str]]) -> dict[int, list[str]]:
    return {seat: cards + fixed[seat] for seat, cards in hidden.items()}


def _forced_passes(events: list[dict[str, Any]], me: int) -> list[Pass]:
    """For each pass by another seat: (seat, the play it could not beat, the cards that
    seat played afterwards, which it therefore still held at the pass)."""
    found: list[Pass] = []
    top: Combo | None = None
    opening = True
    for index, event in enumerate(events):
        if event["type"] == "play":
            top = classify(event["cards"], opening)
            opening = False
        elif event["type"] == "round_end":
            top = None
        elif event["type"] == "pass" and event["seat"] != me and top is not None:
            later = played_cards(events[index:], event["seat"])
            found.append((event["seat"], top, later))
    return found


def _had_no_answer(hand: list[str], top: Combo) -> bool:
    return not climbing.plays(RULES.counts(hand), RULES, top)
