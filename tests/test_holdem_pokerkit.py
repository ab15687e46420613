"""Differential test: Cardavia's no-limit Hold'em (spec/holdem.md) against pokerkit 0.7.7.

Thousands of random hands (fixed seed) are played twice, move for move: once in Cardavia
(``hands=1`` with a fixed ``deal``: hole cards, board, button and starting stacks) and once
in ``pokerkit.NoLimitTexasHoldem`` (blinds 10/20, no ante, minimum bet 20, the same cards
and the same stacks). The actions are drawn from Cardavia's ``legal_actions()`` with a bias
towards all-ins, minimum raises and short stacks, so side pots, short all-ins and run-outs
are common. Heads-up and three-handed hands come from seats that start with 0 chips.

Seat mapping. pokerkit numbers the players of a hand from the first seat in the hand
clockwise after the button: with three or four players that is the small blind (player 0
small blind, player 1 big blind, the last player the button); heads-up pokerkit swaps the
blinds, so player 0 is the big blind and player 1 the button, who posts the small blind,
again the first seat after the button. Seats with 0 chips are left out.

At every decision both engines must agree on who acts, what a check or call costs, whether a
bet or raise is allowed and its minimum and maximum total; after the hand every stack must
be equal. Where the spec departs from pokerkit on purpose (spec §10 H17), the hand is
detected by a named predicate below and skipped or special-cased; a third, smaller
convention difference (odd chips, spec §7.4) is special-cased the same way. Any other
disagreement fails the test with the seed of the hand, its deal and its actions.
"""

from __future__ import annotations

import random
import time
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from pokerkit import Automation, NoLimitTexasHoldem
from pokerkit import State as PokerkitState

import cardavia
from cardavia.cards import pack_52

HANDS = 3000
SEED = 20260517
SMALL_BLIND, BIG_BLIND = 10, 20
AUTOMATIONS = (
    Automation.ANTE_POSTING,
    Automation.BET_COLLECTION,
    Automation.BLIND_OR_STRADDLE_POSTING,
    Automation.HAND_KILLING,
    Automation.CHIPS_PUSHING,
    Automation.CHIPS_PULLING,
    Automation.RUNOUT_COUNT_SELECTION,
)

Event = dict[str, Any]


# --- seat mapping and cards ----------------------------------------------------------------


def pokerkit_order(button: int, stacks: list[int]) -> list[int]:
    """Cardavia seats in pokerkit's player order: the seats with chips, clockwise, starting
    with the first one after the button (small blind; heads-up the big blind)."""
    n = len(stacks)
    return [(button + step) % n for step in range(1, n + 1) if stacks[(button + step) % n] > 0]


def pokerkit_cards(cards: list[str]) -> str:
    """``['TS', 'AH']`` -> ``'TsAh'`` (pokerkit writes suits in lower case)."""
    return "".join(card[0] + card[1].lower() for card in cards)


# --- the named differences -----------------------------------------------------------------


def hand_events(state: Any) -> list[Event]:
    return [event for event in state.events if event["type"] != "match_over"]


def short_all_in_big_blind(events: list[Event]) -> bool:
    """H17 (a), spec §5.1 and H8: the big blind posted less than 20 (all-in). The spec keeps
    the current bet at 20 pre-flop (others call 20, the minimum raise is to 40) and the big
    blind only contests what it covers; pokerkit makes the others call the posted amount and
    allows raises to it plus 20. Such hands are skipped."""
    deal = events[0]
    return bool(deal["posted"][deal["big_blind"]] < BIG_BLIND)


def round_actions(events: list[Event]) -> list[Event]:
    """The action events of the betting round in progress (those after the last board)."""
    actions: list[Event] = []
    for event in events:
        if event["type"] == "board":
            actions = []
        elif event["type"] == "action":
            actions.append(event)
    return actions


def first_short_all_in_reopens(events: list[Event], seat: int) -> bool:
    """H17 (b), spec §5.2-5.3 and TDA 47 (HE-06, HE-19): in this betting round ``seat`` has
    already acted, and after that, before any full bet or raise of the round, someone went
    all-in with a bet or raise whose increment is below 20. The spec starts every round with
    a full-raise size F = 20, so that all-in is short and does not reopen raising for
    ``seat``; pokerkit starts each round at 0, counts the first all-in increment as a full
    raise and lets ``seat`` raise. Here only pokerkit's legality check is waived: Cardavia's
    choices are a subset of pokerkit's, so the stacks are still compared."""
    current_bet = BIG_BLIND if _preflop(events) else 0
    full_seen = False
    acted = False
    for event in round_actions(events):
        verb = event["action"].split()[0]
        if verb in ("bet", "raise"):
            increment = event["total"] - current_bet
            if increment >= BIG_BLIND:
                full_seen = True
            elif event["all_in"] and not full_seen and acted:
                return True
            current_bet = max(current_bet, event["total"])
        if event["seat"] == seat:
            acted = True
    return False


def _preflop(events: list[Event]) -> bool:
    return not any(event["type"] == "board" for event in events)


def odd_chips_to_several_winners(events: list[Event]) -> bool:
    """Spec §7.4 (E5): a pot split between three or more winners left two or more odd chips.
    The spec hands them out one at a time clockwise from the seat left of the button;
    pokerkit gives every odd chip of a pot to the first winner in its player order (the
    same starting seat). With at most one odd chip both agree. Special-cased: pokerkit's
    expected stacks are recomputed from Cardavia's pot events (:func:`pokerkit_payouts`)."""
    return any(
        event["type"] == "pot" and event["amount"] % len(event["winners"]) >= 2 for event in events
    )


def pokerkit_payouts(events: list[Event], order: list[int]) -> list[int]:
    """Cardavia's final stacks with every pot re-split pokerkit's way (remainder to the first
    winner in pokerkit's player order)."""
    stacks = list(next(e for e in events if e["type"] == "hand_result")["stacks"])
    for event in events:
        if event["type"] != "pot":
            continue
        winners = sorted(event["winners"], key=order.index)
        share, odd = divmod(event["amount"], len(winners))
        for seat in winners:
            stacks[seat] += share + (odd if seat == winners[0] else 0) - event["payouts"][seat]
    return stacks


# --- one hand in both engines --------------------------------------------------------------


@dataclass
class Hand:
    seed: int
    deal: dict[str, Any]
    actions: list[str] = field(default_factory=list)

    def __str__(self) -> str:
        return f"hand seed {self.seed}: deal={self.deal} actions={self.actions}"


def random_deal(rng: random.Random) -> dict[str, Any]:
    while True:
        stacks = []
        for _ in range(4):
            roll = rng.random()
            if roll < 0.12:
                stacks.append(0)
            elif roll < 0.45:
                stacks.append(rng.randint(15, 120))
            else:
                stacks.append(rng.randint(15, 1500))
        if sum(chips > 0 for chips in stacks) >= 2:
            break
    cards = pack_52()
    rng.shuffle(cards)
    hands = [[cards.pop(), cards.pop()] if chips else [] for chips in stacks]
    board = [cards.pop() for _ in range(5)]
    button = rng.choice([seat for seat in range(4) if stacks[seat]])
    return {"hands": hands, "board": board, "button": button, "stacks": stacks}


def choose(rng: random.Random, legal: list[str]) -> str:
    """A random legal action, biased towards all-ins, minimum raises and calls."""
    raises = [action for action in legal if action.split()[0] in ("bet", "raise")]
    passive = "check" if "check" in legal else "call"
    roll = rng.random()
    if raises and roll < 0.16:
        return raises[-1]  # all-in
    if raises and roll < 0.30:
        return raises[0]  # minimum (or a short all-in)
    if raises and roll < 0.40:
        return raises[min(len(raises) - 1, int(rng.expovariate(1 / 40)))]
    if raises and roll < 0.45:
        return rng.choice(raises)
    if "fold" in legal and roll < 0.58:
        return "fold"
    return passive


def only_check(pk: PokerkitState) -> bool:
    """pokerkit asks its actor for a decision that is none: check is the only action."""
    return pk.checking_or_calling_amount == 0 and not pk.can_complete_bet_or_raise_to()


def advance(
    pk: PokerkitState, board: list[str], order: list[int], seat: int | None, big_blind: int
) -> int:
    """Deal pokerkit's board cards and show every hand at showdown until Cardavia's player
    to act (``seat``, None at the end of the hand) is pokerkit's actor or the hand is over.
    pokerkit sometimes asks for a check where nobody has a choice: pre-flop, when everybody
    else has folded or is all-in, it still asks the big blind, which spec §5.4 does not (the
    last active player, whose bet is already the current bet, is not asked). Those checks
    are made here and counted; any other extra question from pokerkit fails."""
    forced = 0
    dealt = 0
    for cards in pk.board_cards:
        dealt += len(cards)
    while pk.status:
        if pk.actor_index is not None:
            if order[pk.actor_index] == seat:
                break
            assert only_check(pk), f"pokerkit asks player {pk.actor_index}, not seat {seat}"
            assert pk.street_index == 0 and order[pk.actor_index] == big_blind
            pk.check_or_call()
            forced += 1
        elif pk.can_burn_card():
            pk.burn_card("??")  # the burn card is irrelevant with a fixed deal (spec §3.3)
        elif pk.can_deal_board():
            count = 3 if dealt == 0 else 1
            pk.deal_board(pokerkit_cards(board[dealt : dealt + count]))
            dealt += count
        elif pk.showdown_index is not None:
            pk.show_or_muck_hole_cards(True)
        else:
            raise AssertionError(f"pokerkit is stuck after {pk.operations[-1]}")
    return forced


@dataclass
class Tally:
    compared: int = 0
    side_pot_hands: int = 0
    skipped: Counter[str] = field(default_factory=Counter)
    special: Counter[str] = field(default_factory=Counter)
    players: Counter[int] = field(default_factory=Counter)
    legality_checks: int = 0
    forced_checks: int = 0


def play(seed: int, tally: Tally) -> None:
    rng = random.Random(seed)
    hand = Hand(seed, random_deal(rng))
    stacks, button = hand.deal["stacks"], hand.deal["button"]
    state = cardavia.new_game("holdem", hands=1).new_state(seed=seed, deal=hand.deal)
    if short_all_in_big_blind(state.events):
        tally.skipped[short_all_in_big_blind.__name__] += 1
        while not state.is_over:
            state.apply(choose(rng, state.legal_actions()))
        return

    order = pokerkit_order(button, stacks)
    big_blind = state.events[0]["big_blind"]
    pk = NoLimitTexasHoldem.create_state(
        AUTOMATIONS,
        False,
        0,
        (SMALL_BLIND, BIG_BLIND),
        BIG_BLIND,
        tuple(stacks[seat] for seat in order),
        len(order),
    )
    for index, seat in enumerate(order):
        pk.deal_hole(pokerkit_cards(hand.deal["hands"][seat]), index)
    reopened = False

    while not state.is_over:
        seat = state.current_player
        tally.forced_checks += advance(pk, hand.deal["board"], order, seat, big_blind)
        assert pk.actor_index is not None and order[pk.actor_index] == seat, hand
        legal = state.legal_actions()
        owed = min(state.to_call(seat), state.stacks[seat])
        assert pk.checking_or_calling_amount == owed, hand
        assert pk.can_fold() == ("fold" in legal), hand
        ours = state.bet_range(seat)
        ours_range = None if ours is None else (ours.minimum, ours.maximum)
        theirs = None
        if pk.can_complete_bet_or_raise_to():
            theirs = (
                pk.min_completion_betting_or_raising_to_amount,
                pk.max_completion_betting_or_raising_to_amount,
            )
        if ours_range != theirs:
            events = hand_events(state)
            assert ours_range is None and first_short_all_in_reopens(events, seat), (
                f"legality differs at seat {seat}: cardavia {ours_range}, pokerkit {theirs}; {hand}"
            )
            reopened = True
        tally.legality_checks += 1

        action = choose(rng, legal)
        hand.actions.append(action)
        state.apply(action)
        verb, *amount = action.split()
        if verb == "fold":
            pk.fold()
        elif verb in ("check", "call"):
            pk.check_or_call()
        else:
            pk.complete_bet_or_raise_to(int(amount[0]))

    tally.forced_checks += advance(pk, hand.deal["board"], order, None, big_blind)
    assert not pk.status, hand
    events = hand_events(state)
    expected = [state.scores[seat] for seat in order]
    if odd_chips_to_several_winners(events):
        tally.special[odd_chips_to_several_winners.__name__] += 1
        adjusted = pokerkit_payouts(events, order)
        expected = [adjusted[seat] for seat in order]
    if reopened:
        tally.special[first_short_all_in_reopens.__name__] += 1
    assert list(pk.stacks) == expected, f"final stacks {list(pk.stacks)} != {expected}; {hand}"
    tally.compared += 1
    tally.players[len(order)] += 1
    if sum(event["type"] == "pot" for event in events) >= 2:
        tally.side_pot_hands += 1


def test_random_hands_match_pokerkit() -> None:
    started = time.perf_counter()
    tally = Tally()
    for number in range(HANDS):
        play(SEED * 10_000 + number, tally)
    elapsed = time.perf_counter() - started
    skipped = sum(tally.skipped.values())
    print(
        f"\nholdem vs pokerkit: {tally.compared} hands compared "
        f"({dict(sorted(tally.players.items()))} by players in the hand), "
        f"{tally.side_pot_hands} with side pots, skipped {dict(tally.skipped)}, "
        f"special-cased {dict(tally.special)}, {tally.legality_checks} legality checks, "
        f"{tally.forced_checks} pokerkit-only forced checks, "
        f"{elapsed:.1f} s"
    )
    assert tally.compared >= 2000
    assert skipped <= 0.05 * HANDS
    assert tally.side_pot_hands >= 0.2 * tally.compared
    assert all(tally.players[count] >= 100 for count in (2, 3, 4))
    # The named differences do occur in this sample, so their predicates are exercised.
    assert tally.skipped[short_all_in_big_blind.__name__] > 0
    assert tally.special[first_short_all_in_reopens.__name__] > 0


# --- the predicates on the spec's own examples ---------------------------------------------


def _new(deal: dict[str, Any]) -> Any:
    return cardavia.new_game("holdem", hands=1).new_state(seed=1, deal=deal)


HOLES = [["AS", "KS"], ["QH", "QD"], ["7C", "2D"], ["9S", "9H"]]
BOARD = ["2S", "3S", "4D", "8H", "JC"]


def test_short_big_blind_predicate_he16() -> None:
    state = _new({"hands": HOLES, "board": BOARD, "button": 0, "stacks": [1000, 1000, 15, 1970]})
    assert short_all_in_big_blind(state.events)
    state = _new({"hands": HOLES, "board": BOARD, "button": 0, "stacks": [1000, 15, 1000, 1985]})
    assert not short_all_in_big_blind(state.events)  # a short small blind is no difference


def test_reopening_predicate_he06_and_he19() -> None:
    # HE-06: flop, seat 1 checks, seat 2 bets 15 all-in: seat 1 may not raise (pokerkit may).
    state = _new({"hands": HOLES, "board": BOARD, "button": 0, "stacks": [1000, 1000, 35, 1965]})
    for action in ("call", "call", "call", "check"):
        state.apply(action)
    for action in ("check", "bet 15", "call", "call"):
        state.apply(action)
    assert state.current_player == 1 and state.legal_actions() == ["fold", "call"]
    assert first_short_all_in_reopens(hand_events(state), 1)
    assert not first_short_all_in_reopens(hand_events(state), 2)
    # HE-19: pre-flop limp to 20, then an all-in raise to 30: the limper may not raise.
    state = _new({"hands": HOLES, "board": BOARD, "button": 0, "stacks": [30, 1000, 1000, 1970]})
    for action in ("call", "raise 30", "call", "call"):
        state.apply(action)
    assert state.current_player == 3 and state.legal_actions() == ["fold", "call"]
    assert first_short_all_in_reopens(hand_events(state), 3)


def test_odd_chip_predicate_e5() -> None:
    events: list[Event] = [
        {"type": "pot", "amount": 100, "winners": [0, 1, 3], "payouts": [33, 33, 0, 34]},
    ]
    assert not odd_chips_to_several_winners(events)
    events[0] = {"type": "pot", "amount": 101, "winners": [0, 1, 3], "payouts": [33, 34, 0, 34]}
    assert odd_chips_to_several_winners(events)
    events.append({"type": "hand_result", "stacks": [33, 34, 0, 34]})
    # Button 2: pokerkit's order is 3, 0, 1, so seat 3 gets both odd chips.
    assert pokerkit_payouts(events, [3, 0, 1]) == [33, 33, 0, 35]


def test_seat_mapping() -> None:
    assert pokerkit_order(0, [100, 200, 300, 400]) == [1, 2, 3, 0]  # small blind first
    assert pokerkit_order(2, [100, 0, 300, 400]) == [3, 0, 2]  # seat 1 has no chips
    assert pokerkit_order(3, [0, 500, 0, 700]) == [1, 3]  # heads-up: big blind first
