"""Hold'em matches as PHH, the Poker Hand History format (https://phh.readthedocs.io).

:func:`export_match` writes every completed hand of a ``holdem`` match as one PHH document;
together they form a ``.phhs`` file: TOML sections ``[1]``, ``[2]``, … named by the hand
number, which ``pokerkit.HandHistory.loads_all`` reads back one hand at a time.
:func:`export_hands` returns the same documents one by one (each loads with
``HandHistory.loads``); :func:`export_events` does the same from an event record, such as
the ``events`` of any seat's ``view``. A hand still being played is left out.

Only the public record is used (``state.events``), so nothing is exported that a seat could
not see: hole cards appear only for the hands shown at showdown; the others are dealt as
``????`` (unknown cards, as PHH allows). Burn cards never appear.

Seat mapping. PHH numbers the players of a hand ``p1`` … ``pN`` in pokerkit's order: the
seats dealt into the hand (seats with chips), clockwise, starting with the first one after
the button. With three or four players ``p1`` is the small blind, ``p2`` the big blind and
``pN`` the button, so ``blinds_or_straddles`` is ``[10, 20, 0, …]``. Heads-up, PHH (like
pokerkit) reverses the forced bets: ``p1`` is the big blind and ``p2`` the button, who posts
the small blind, and ``[10, 20]`` still describes them. The ``seats`` field lists the
Cardavia seat of each player, counted from 1 as PHH does (``seats[i] - 1`` is the Cardavia
seat of ``p{i+1}``; seat 0, You, is PHH seat 1); ``seat_count`` is 4.

Each document holds: ``variant`` ``'NT'``, ``antes`` (all 0), ``blinds_or_straddles``,
``min_bet`` 20, ``starting_stacks`` (before the blinds), ``actions``, ``hand`` (the hand
number), ``seats``, ``seat_count`` and ``finishing_stacks`` (Cardavia's stacks after the
hand). Actions, in the order they happened: ``d dh pK ....`` for every player, then ``pK f``
(fold), ``pK cc`` (check or call), ``pK cbr T`` (bet or raise to the round total T, the same
total as Cardavia's ``bet T`` / ``raise T``), ``d db ...`` for each street's new board cards
and ``pK sm ....`` for every hand shown. Cards are in pokerkit notation (``Ts``, ``Ah``). As
in pokerkit's own hand histories, the hands are shown as soon as the betting is over, so in
an all-in hand the ``sm`` lines come before the run-out's ``d db`` lines.

One bookkeeping step is added: when everybody else folds or is all-in pre-flop and the big
blind, not all-in, has not acted, spec §5.4 asks it nothing, but pokerkit still asks it to
check; that check is written as ``pK cc`` with a TOML comment saying so.

Where pokerkit would play a hand differently from this engine (spec §10 H17 and §7.4), the
document carries a user-defined field ``_cardavia_notes`` (a list of sentences; PHH requires
user-defined fields to start with an underscore): (a) a big blind all-in for less than 20
(pokerkit lets the others call the posted amount, the spec makes them call 20: a pokerkit
replay may end with other stacks); (b) an all-in bet or raise below 20 before any full bet
or raise of the round, after another player acted (pokerkit counts it as a full raise,
which reopens raising for that player; the replay ends the same); (c) a pot split between three
or more winners with two or more odd chips (pokerkit gives them all to the first winner; the
spec hands them out one at a time).
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any

from .engine import State
from .games.holdem import BIG_BLIND, SEATS, SMALL_BLIND

__all__ = ["export_events", "export_hands", "export_match", "player_order", "pokerkit_notes"]

Event = Mapping[str, Any]
VARIANT = "NT"
UNKNOWN_HAND = "????"
FORCED_CHECK_COMMENT = "no choice: pokerkit asks the big blind to check, spec 5.4 asks nothing"


def export_match(state: State) -> str:
    """Every completed hand of a Hold'em match as one ``.phhs`` text (sections ``[n]``,
    n = the hand number); the empty string before the first hand is over."""
    hands = _completed_hands(_holdem_events(state))
    return "\n".join(f"[{_hand_number(hand)}]\n{_document(hand)}" for hand in hands)


def export_hands(state: State) -> list[str]:
    """Every completed hand of a Hold'em match as its own PHH document, in order."""
    return export_events(_holdem_events(state))


def export_events(events: Sequence[Event]) -> list[str]:
    """PHH documents for the completed hands of a Hold'em event record."""
    return [_document(hand) for hand in _completed_hands(events)]


def player_order(deal: Event) -> list[int]:
    """The Cardavia seats of PHH players ``p1`` … ``pN`` for the hand begun by the ``deal``
    event: the seats with chips, clockwise from the first one after the button."""
    stacks: list[int] = deal["stacks"]
    button: int = deal["button"]
    seats = [(button + step) % SEATS for step in range(1, SEATS + 1)]
    return [seat for seat in seats if stacks[seat] > 0]


def pokerkit_notes(hand: Sequence[Event]) -> list[str]:
    """Why pokerkit would play this hand (its events, ``deal`` to ``hand_result``)
    differently from the spec; empty when it would not."""
    deal = hand[0]
    order = player_order(deal)
    notes = []
    posted = deal["posted"][deal["big_blind"]]
    if posted < BIG_BLIND:
        notes.append(
            f"H17 (a): the big blind p{order.index(deal['big_blind']) + 1} is all-in for "
            f"{posted}; the spec (H8) keeps the bet to call at {BIG_BLIND}, pokerkit lowers it "
            f"to {max(deal['posted'])}, so a pokerkit replay may end with other stacks"
        )
    for seat, total in _short_all_ins_reopening(hand):
        notes.append(
            f"H17 (b): p{order.index(seat) + 1}'s all-in to {total} is short of a full raise "
            f"of {BIG_BLIND} (spec 5.2, TDA 47); pokerkit counts it as a full raise, which "
            "reopens raising for players who already acted; the replay ends the same"
        )
    for event in hand:
        if event["type"] == "pot" and event["amount"] % len(event["winners"]) >= 2:
            notes.append(
                f"spec 7.4: pot {event['index'] + 1} of {event['amount']} is split "
                f"{len(event['winners'])} ways; the spec hands the odd chips out one at a "
                "time, pokerkit gives them all to the first winner"
            )
    return notes


# --- splitting the record -------------------------------------------------------------------


def _holdem_events(state: State) -> list[dict[str, Any]]:
    if state.game.name != "holdem":
        raise ValueError(f"PHH export is for Hold'em, not {state.game.name!r}")
    return state.events


def _completed_hands(events: Sequence[Event]) -> list[list[Event]]:
    """The events of each completed hand, from its ``deal`` to its ``hand_result``."""
    hands: list[list[Event]] = []
    current: list[Event] | None = None
    for event in events:
        if event["type"] == "deal":
            current = [event]
        elif current is not None:
            current.append(event)
            if event["type"] == "hand_result":
                hands.append(current)
                current = None
    return hands


def _hand_number(hand: Sequence[Event]) -> int:
    number: int = hand[0]["hand"]
    return number


# --- one hand ---------------------------------------------------------------------------


def _cards(cards: Sequence[str]) -> str:
    """Cardavia cards (``TS``) in pokerkit notation (``Ts``), run together."""
    return "".join(card[0] + card[1].lower() for card in cards)


def _actions(hand: Sequence[Event], order: list[int]) -> list[tuple[str, str | None]]:
    """The PHH actions of a hand, each with an optional TOML comment."""
    deal = hand[0]
    player = {seat: f"p{index + 1}" for index, seat in enumerate(order)}
    shown: dict[int, list[str]] = {}
    for event in hand:
        if event["type"] == "showdown":
            shown = {entry["seat"]: entry["cards"] for entry in event["hands"]}
    actions: list[tuple[str, str | None]] = [
        (f"d dh {player[seat]} {_cards(shown[seat]) if seat in shown else UNKNOWN_HAND}", None)
        for seat in order
    ]
    moves = [index for index, event in enumerate(hand) if event["type"] == "action"]
    last_move = moves[-1] if moves else 0  # the deal event when nobody acted
    forced = _forced_check_after(hand)
    for index, event in enumerate(hand):
        if event["type"] == "action":
            actions.append((f"{player[event['seat']]} {_verb(event)}", None))
        elif event["type"] == "board":
            actions.append((f"d db {_cards(event['cards'])}", None))
        if index == forced:
            actions.append((f"{player[deal['big_blind']]} cc", FORCED_CHECK_COMMENT))
        if index == last_move and shown:
            for seat in _showdown_order(hand, order, set(shown)):
                actions.append((f"{player[seat]} sm {_cards(shown[seat])}", None))
    return actions


def _verb(event: Event) -> str:
    words = str(event["action"]).split()
    if words[0] == "fold":
        return "f"
    if words[0] in ("check", "call"):
        return "cc"
    return f"cbr {words[1]}"


def _forced_check_after(hand: Sequence[Event]) -> int | None:
    """The index of the last pre-flop action when pokerkit then asks the big blind for a
    check that spec §5.4 does not ask: the big blind has chips behind and has not acted (so
    nobody raised), the hand goes on past the pre-flop betting (two or more live players),
    and some other player started with more than the big blind (pokerkit leaves a player
    out of a round from its start when nobody could match more of its chips)."""
    deal = hand[0]
    big = deal["big_blind"]
    stacks = deal["stacks"]
    if stacks[big] <= deal["posted"][big]:
        return None  # the big blind is all-in: it never acts
    if all(chips <= deal["posted"][big] for seat, chips in enumerate(stacks) if seat != big):
        return None
    preflop = [
        index
        for index, event in enumerate(hand)
        if event["type"] == "action" and event["street"] == "preflop"
    ]
    if not preflop or any(hand[index]["seat"] == big for index in preflop):
        return None
    goes_on = any(event["type"] in ("board", "showdown") for event in hand)
    return preflop[-1] if goes_on else None


def _showdown_order(hand: Sequence[Event], order: list[int], shown: set[int]) -> list[int]:
    """The shown seats in pokerkit's showdown order: from the last player who bet or raised
    in the final betting round (else from the first to act after the blinds pre-flop, or
    ``p1`` after the flop), clockwise."""
    moves = [event for event in hand if event["type"] == "action"]
    street = moves[-1]["street"] if moves else "preflop"
    aggressors = [
        event["seat"]
        for event in moves
        if event["street"] == street and str(event["action"]).split()[0] in ("bet", "raise")
    ]
    if aggressors:
        first = order.index(aggressors[-1])
    elif street == "preflop":
        first = (order.index(hand[0]["big_blind"]) + 1) % len(order)
    else:
        first = 0
    rotated = order[first:] + order[:first]
    return [seat for seat in rotated if seat in shown]


def _short_all_ins_reopening(hand: Sequence[Event]) -> list[tuple[int, int]]:
    """H17 (b): all-in bets or raises with an increment below 20, made before any full bet or
    raise of their round, while another player who had acted in that round is still active
    (and so faces them): (seat, total)."""
    found: list[tuple[int, int]] = []
    street = ""
    current_bet, full_seen = 0, False
    acted: set[int] = set()
    out: set[int] = set()  # folded or all-in
    for event in hand:
        if event["type"] != "action":
            continue
        if event["street"] != street:
            street = event["street"]
            current_bet = BIG_BLIND if street == "preflop" else 0
            full_seen = False
            acted = set()
        seat, verb = event["seat"], str(event["action"]).split()[0]
        if verb in ("bet", "raise"):
            increment = event["total"] - current_bet
            if increment >= BIG_BLIND:
                full_seen = True
            elif event["all_in"] and not full_seen and acted - out - {seat}:
                found.append((seat, event["total"]))
            current_bet = max(current_bet, event["total"])
        acted.add(seat)
        if verb == "fold" or event["all_in"]:
            out.add(seat)
    return found


def _document(hand: Sequence[Event]) -> str:
    deal, result = hand[0], hand[-1]
    order = player_order(deal)
    count = len(order)
    lines = [
        f"variant = '{VARIANT}'",
        f"antes = {_array([0] * count)}",
        f"blinds_or_straddles = {_array([SMALL_BLIND, BIG_BLIND] + [0] * (count - 2))}",
        f"min_bet = {BIG_BLIND}",
        f"starting_stacks = {_array([deal['stacks'][seat] for seat in order])}",
        "actions = [",
    ]
    for action, comment in _actions(hand, order):
        lines.append(f"  '{action}',{'  # ' + comment if comment else ''}")
    lines += [
        "]",
        f"hand = {deal['hand']}",
        f"seats = {_array([seat + 1 for seat in order])}",
        f"seat_count = {SEATS}",
        f"finishing_stacks = {_array([result['stacks'][seat] for seat in order])}",
    ]
    notes = pokerkit_notes(hand)
    if notes:
        lines.append("_cardavia_notes = [")
        lines += [f"  {json.dumps(note)}," for note in notes]
        lines.append("]")
    return "\n".join(lines) + "\n"


def _array(values: Sequence[int]) -> str:
    return "[" + ", ".join(str(value) for value in values) + "]"
