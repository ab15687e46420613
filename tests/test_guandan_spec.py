"""Guandan (``guandan``) against spec/guandan.md: one test per example and scenario.

Written only against the public API (API.md and the Guandan interface): ``new_game``,
``new_state(seed, deal=...)``, ``legal_actions``, ``apply``, ``clone``, ``view``, ``events``,
``scores``, ``is_over``, ``to_json``, ``IllegalAction``, ``InvalidDeal``. Nothing here imports
engine code; every expected value is read off the spec by hand.

Each test names the spec item it checks: ``s<N>`` = §7 scenario N, ``g<N>`` = §6 decision
GN, ``example_5_3_<N>`` / ``example_5_4_<N>`` = the worked examples, ``sec4_3_*`` = the
type table, ``sec4_4_*`` = the beats examples.

How the deals are built (``make_deal``): the seats named in ``hands`` get the cards listed
and are then padded to 27 cards with the *weakest* cards left (by level order at the deal's
level; wild cards are never used as padding), in the order the seats are named; every seat
not named gets what remains. So a payer's strongest card is exactly the strongest card
written for it, as long as it is written stronger than the padding.

Readings are compared up to what no rule tells apart, never as exact strings (the
engine lists one representative per equivalent play): ``offered(state, cards)`` maps the
*signature* of each legal action that plays these cards up to suits (wilds kept apart) —
its kind, the ranks it stands for, a straight flush's suit, the number of wilds — to the
action, by applying each on a clone. Strings the spec itself writes (``play 9S 7H as 9S
9D``) and the mistaken readings are applied literally; a refused action must leave
``to_json()`` unchanged. Whole deals are driven to a chosen finishing order by
``play_deal``: the seat that must finish next plays its biggest legal play, the others
pass, or lead their weakest single when they must lead.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable
from typing import Any

import pytest

import cardavia
from cardavia import IllegalAction, InvalidDeal

RANKS = "23456789TJQKA"
SUITS = "SHDC"
PACK: list[str] = [r + s for r in RANKS for s in SUITS] * 2 + ["BJ", "BJ", "RJ", "RJ"]
GAME = cardavia.new_game("guandan")
ONE_DEAL = cardavia.new_game("guandan", deals=1)

# --------------------------------------------------------------------------------------
# helpers: cards


def cards_of(text: str | Iterable[str]) -> list[str]:
    return text.split() if isinstance(text, str) else list(text)


def rank_value(card: str) -> int:
    """2..14 for ranked cards (natural), 15/16 for BJ/RJ."""
    if card == "BJ":
        return 15
    if card == "RJ":
        return 16
    return RANKS.index(card[0]) + 2


def strength(card: str, level: int) -> int:
    """Single-card strength in level order (§4.1); wilds equal other level cards."""
    if card == "RJ":
        return 100
    if card == "BJ":
        return 99
    value = rank_value(card)
    return 50 if value == level else value


def padding_key(card: str, level: int) -> tuple[int, str]:
    """Weakest first; wild cards after everything so they are never padding."""
    if card[0] == RANKS[level - 2] and card[1] == "H":
        return (1000, card)
    return (strength(card, level), card)


def make_deal(
    hands: dict[int, str | list[str]] | None = None,
    *,
    levels: list[int] | None = None,
    level_team: int = 0,
    first_leader: int | None = 0,
    previous_places: list[int] | None = None,
    seed: int | None = None,
) -> dict[str, Any]:
    """A legal 108-card deal (see the module docstring). ``seed``: shuffle the remainder
    instead of handing it out weakest first (for plain random-looking hands)."""
    hands = hands or {}
    levels = levels or [2, 2]
    level = levels[level_team]
    pool = Counter(PACK)
    result: list[list[str] | None] = [None] * 4
    for seat, spec in hands.items():
        cards = cards_of(spec)
        assert len(cards) <= 27, (seat, len(cards))
        for card in cards:
            pool[card] -= 1
            assert pool[card] >= 0, f"{card} used more than twice"
        result[seat] = cards
    rest = sorted(pool.elements(), key=lambda c: padding_key(c, level))
    for seat in hands:
        hand = result[seat]
        assert hand is not None
        need = 27 - len(hand)
        hand.extend(rest[:need])
        del rest[:need]
    if seed is not None:
        random.Random(seed).shuffle(rest)
    for seat in range(4):
        if result[seat] is None:
            result[seat] = rest[:27]
            del rest[:27]
    assert not rest
    deal: dict[str, Any] = {"hands": result, "levels": levels, "level_team": level_team}
    if first_leader is not None:
        deal["first_leader"] = first_leader
    if previous_places is not None:
        deal["previous_places"] = previous_places
    return deal


def shuffled_hands(seed: int) -> list[list[str]]:
    pack = list(PACK)
    random.Random(seed).shuffle(pack)
    return [pack[i * 27 : (i + 1) * 27] for i in range(4)]


def start(hands: dict[int, str | list[str]] | None = None, *, game: Any = GAME, **kw: Any) -> Any:
    return game.new_state(seed=kw.pop("state_seed", 1), deal=make_deal(hands, **kw))


# --------------------------------------------------------------------------------------
# helpers: actions


def split_action(action: str) -> tuple[list[str], list[str] | str | None]:
    """``play A B as C D`` -> (["A", "B"], ["C", "D"]); ``as straight`` -> "straight"."""
    assert action.startswith("play "), action
    body = action[len("play ") :]
    if " as " in body:
        played, represented = body.split(" as ", 1)
        if represented.strip() == "straight":
            return played.split(), "straight"
        return played.split(), represented.split()
    return body.split(), None


def level_of(state: Any) -> int:
    level: int = state.view(0)["level"]
    return level


def is_wild(card: str, level: int) -> bool:
    return card[0] == RANKS[level - 2] and card[1:] == "H"


def card_key(cards: Iterable[str], level: int) -> tuple[str, ...]:
    """What the cards are, up to suits: wilds as W, other cards by rank, jokers as such."""
    return tuple(sorted("W" if is_wild(c, level) else c[0] if c[1:] else c for c in cards))


def try_play(state: Any, action: str) -> dict[str, Any] | None:
    """The play event ``action`` would produce, or None when ``apply`` refuses it."""
    trial = state.clone()
    try:
        trial.apply(action)
    except IllegalAction:
        return None
    plays = [e for e in trial.events[len(state.events) :] if e["type"] == "play"]
    assert len(plays) == 1, plays
    event: dict[str, Any] = plays[0]
    return event


def outcome(state: Any, action: str) -> dict[str, Any]:
    event = try_play(state, action)
    assert event is not None, f"{action!r} refused; legal: {state.legal_actions()[:40]}"
    return event


def represented(event: dict[str, Any]) -> list[str]:
    cards: list[str] = event["as"] if event["as"] else event["cards"]
    return list(cards)


def signature(event: dict[str, Any], level: int) -> tuple[Any, ...]:
    """A play up to what no rule can tell apart: kind, represented ranks, the flush suit
    of a straight flush, how many wilds it uses."""
    stands_for = represented(event)
    suit = stands_for[0][1] if event["kind"] == "straight_flush" else None
    ranks = tuple(sorted(c[0] if c[1:] else c for c in stands_for))
    wilds = sum(is_wild(c, level) for c in event["cards"])
    return (event["kind"], ranks, suit, wilds)


def same_cards(state: Any, cards: str | list[str]) -> list[str]:
    """Legal actions that play cards equal to these up to suits (wilds kept apart)."""
    level = level_of(state)
    want = card_key(cards_of(cards), level)
    return [
        a
        for a in state.legal_actions()
        if a.startswith("play ") and card_key(split_action(a)[0], level) == want
    ]


def offered(state: Any, cards: str | list[str]) -> dict[tuple[Any, ...], str]:
    """Signature -> legal action, for the legal readings of these cards (up to suits).
    Two legal actions with one signature would be a duplicate (API: listed once)."""
    level = level_of(state)
    table: dict[tuple[Any, ...], str] = {}
    for action in same_cards(state, cards):
        sig = signature(outcome(state, action), level)
        assert sig not in table, f"duplicate readings {table[sig]!r} and {action!r}"
        table[sig] = action
    return table


def offered_kinds(state: Any, cards: str | list[str]) -> list[str]:
    return sorted(sig[0] for sig in offered(state, cards))


def assert_illegal(state: Any, action: str) -> None:
    """``apply`` refuses the action and leaves the state exactly as it was."""
    before = state.to_json()
    with pytest.raises(IllegalAction):
        state.apply(action)
    assert state.to_json() == before
    assert action not in state.legal_actions()


def assert_play(state: Any, action: str, kind: str) -> dict[str, Any]:
    """``action`` is accepted as ``kind`` and an equivalent reading is in legal_actions."""
    event = outcome(state, action)
    assert event["kind"] == kind, (action, event)
    sig = signature(event, level_of(state))
    assert sig in offered(state, split_action(action)[0]), (action, sig, same_cards(state, action))
    return event


def assert_invalid(state: Any, cards: str, *extra_actions: str) -> None:
    """No reading of these cards is legal; ``play <cards>`` (and extras) are refused."""
    assert same_cards(state, cards) == [], (cards, same_cards(state, cards))
    assert_illegal(state, "play " + cards)
    for action in extra_actions:
        assert_illegal(state, action)


def lead_state(cards: str, level: int = 5, leader: int = 0) -> Any:
    """A state at level ``level`` where ``leader`` holds ``cards`` and is to lead."""
    return start({leader: cards}, levels=[level, 2], level_team=0, first_leader=leader)


def after_lead(top: str, challenger: str, level: int, top_kind: str) -> Any:
    """Seat 0 has led ``top`` (an action string), seat 1 holding ``challenger`` is to act."""
    state = start({0: split_action(top)[0], 1: challenger}, levels=[level, 2], first_leader=0)
    assert outcome(state, top)["kind"] == top_kind
    state.apply(top)
    assert state.current_player == 1
    return state


def assert_beats(top: str, top_kind: str, play: str, kind: str, level: int) -> None:
    state = after_lead(top, " ".join(split_action(play)[0]), level, top_kind)
    assert_play(state, play, kind)


def assert_not_beats(top: str, top_kind: str, play: str, level: int) -> None:
    state = after_lead(top, " ".join(split_action(play)[0]), level, top_kind)
    assert same_cards(state, split_action(play)[0]) == []
    assert_illegal(state, play)


# --------------------------------------------------------------------------------------
# helpers: driving a deal to a chosen finishing order


def n_cards(action: str) -> int:
    return len(split_action(action)[0])


def _auto_step(state: Any, target: int) -> None:
    """One action: returns take the first legal return; ``target`` plays its biggest
    play; anybody else passes, or leads its weakest single when it must lead."""
    seat = state.current_player
    view = state.view(seat)
    actions = state.legal_actions()
    if view["phase"] == "return":
        state.apply(actions[0])
        return
    plays = [a for a in actions if a.startswith("play ")]
    if seat == target:
        if plays:
            state.apply(max(plays, key=n_cards))
        else:
            state.apply("pass")
        return
    if "pass" in actions:
        state.apply("pass")
        return
    singles = [a for a in plays if n_cards(a) == 1]
    state.apply(min(singles, key=lambda a: strength(split_action(a)[0][0], view["level"])))


def finish_next(state: Any, target: int, limit: int = 2000) -> None:
    """Drive the deal until ``target`` finishes."""
    begin = len(state.events)
    for _ in range(limit):
        if any(e["type"] == "finish" and e["seat"] == target for e in state.events[begin:]):
            return
        if any(e["type"] == "deal_result" for e in state.events[begin:]):
            return
        _auto_step(state, target)
    raise AssertionError("deal did not progress")


def play_deal(state: Any, order: list[int]) -> dict[str, Any]:
    """Play the current deal so that the seats finish in ``order`` (the first three);
    returns its deal_result event."""
    begin = len(state.events)
    for target in order[:3]:
        finish_next(state, target)
    results = [e for e in state.events[begin:] if e["type"] == "deal_result"]
    assert len(results) == 1, "the deal did not end after the third finisher"
    result: dict[str, Any] = results[0]
    assert result["places"] == [*list(order[:3]), ({0, 1, 2, 3} - set(order[:3])).pop()]
    return result


def tribute_payers(events: list[dict[str, Any]]) -> set[int]:
    """Payers of the deal whose events these are: tribute or cancelled tribute."""
    paid = {e["payer"] for e in events if e["type"] == "tribute"}
    for e in events:
        if e["type"] == "tribute_cancelled":
            paid |= set(e["payers"])
    return paid


def current_deal_events(state: Any) -> list[dict[str, Any]]:
    last = max(i for i, e in enumerate(state.events) if e["type"] == "deal")
    return list(state.events[last:])


def pass_(state: Any, *seats: int) -> None:
    for seat in seats:
        assert state.current_player == seat, (state.current_player, seat)
        state.apply("pass")


# ======================================================================================
# §4.3 the type table (L = 5 unless stated)


def test_sec4_3_single_valid_examples() -> None:
    state = lead_state("AS 5D 5H RJ")
    for card in ["AS", "5D", "5H", "RJ"]:
        event = assert_play(state, f"play {card}", "single")
        assert event["cards"] == [card]


def test_sec4_3_single_lone_wild_is_rank_l_g15() -> None:
    # §4.2.3 / G15: a lone wild is a single of rank L, never another rank.
    state = lead_state("5H AS")
    assert_illegal(state, "play 5H as AH")
    assert_illegal(state, "play 5H as 3H")
    assert_illegal(state, "play 5H as BJ")
    # It counts as a 5: above an ace, equal to another 5 (equal never beats).
    state = after_lead("play 5H", "5D BJ AS", 5, "single")
    assert same_cards(state, "5D") == []
    assert same_cards(state, "AS") == []
    assert_play(state, "play BJ", "single")
    state = after_lead("play AS", "5H", 5, "single")
    assert_play(state, "play 5H", "single")


def test_sec4_3_pair_valid_examples() -> None:
    state = lead_state("9S 9D 5H BJ BJ")
    assert_play(state, "play 9S 9D", "pair")
    event = assert_play(state, "play 9S 5H as 9S 9H", "pair")
    assert sorted(c[0] for c in represented(event)) == ["9", "9"]
    assert_play(state, "play BJ BJ", "pair")


def test_sec4_3_pair_invalid_examples() -> None:
    state = lead_state("BJ RJ 5H 9S")
    assert_invalid(state, "BJ RJ")
    # A wild never stands for a joker (§4.2.2).
    assert_invalid(state, "BJ 5H", "play BJ 5H as BJ BJ")
    assert_illegal(state, "play 9S 5H as 9S BJ")


def test_sec4_3_triple_valid_examples() -> None:
    state = lead_state("QS QH QC 5H 5H")
    assert_play(state, "play QS QH QC", "triple")
    event = assert_play(state, "play QS 5H 5H as QS QH QH", "triple")
    assert [c[0] for c in represented(event)] == ["Q", "Q", "Q"]


def test_sec4_3_triple_invalid_jokers() -> None:
    state = lead_state("BJ BJ RJ RJ 5H")
    assert_invalid(state, "BJ BJ RJ")
    assert_invalid(state, "BJ RJ RJ")
    assert_invalid(state, "BJ BJ 5H", "play BJ BJ 5H as BJ BJ BJ")


def test_sec4_3_full_house_valid_examples() -> None:
    state = lead_state("8S 8H 8D 3S 3D BJ BJ 5S 5D 5C AS AD")
    assert_play(state, "play 3S 3D 8S 8H 8D", "full_house")
    assert_play(state, "play 8S 8H 8D BJ BJ", "full_house")
    assert_play(state, "play AS AD 5S 5D 5C", "full_house")


def test_sec4_3_full_house_compared_by_triple_555_aa_highest() -> None:
    # 555 + AA is the highest triple rank at L = 5: it beats AAA + KK; the pair never counts.
    assert_beats("play KS KD AS AD AC", "full_house", "play 2S 2D 5S 5D 5C", "full_house", 5)
    assert_not_beats("play 2S 2D 8S 8H 8D", "full_house", "play AS AD 8S 8D 8C", 5)


def test_sec4_3_full_house_invalid_examples() -> None:
    state = lead_state("8S 8H 8D 8C 3S BJ RJ")
    assert_invalid(state, "8S 8H 8D BJ RJ")
    assert_invalid(state, "3S 8S 8H 8D 8C")


def test_sec4_3_straight_valid_examples() -> None:
    state = lead_state("AS 2D 3C 4H 5S TS JD QC KH 6D 7C")
    event = assert_play(state, "play AS 2D 3C 4H 5S", "straight")
    assert event["kind"] == "straight"
    assert_play(state, "play TS JD QC KH AS", "straight")
    assert_play(state, "play 3C 4H 5S 6D 7C", "straight")


def test_sec4_3_straight_ace_low_key_is_5() -> None:
    # A2345 has key 5: 23456 beats it, and it does not beat 34567... nor 23456.
    assert_beats("play AS 2D 3C 4H 5S", "straight", "play 2S 3D 4C 6H 5S", "straight", 9)
    assert_not_beats("play 2S 3D 4C 5H 6S", "straight", "play AD 2H 3S 4D 5D", 9)
    # TJQKA has key A: the highest plain straight.
    assert_not_beats("play TS JD QC KH AS", "straight", "play 9D TD JS QS KD", 9)


def test_sec4_3_straight_invalid_examples() -> None:
    state = lead_state("QS KD AC 2H 3S 4D 6C 7C 8C 9D")
    assert_invalid(state, "QS KD AC 2H 3S")
    assert_invalid(state, "3S 4D 6C 7C")
    state = lead_state("3S 4D 5C 6C 7C 8C 9D 5D")
    assert_invalid(state, "3S 4D 5C 6C 7C 8C 9D")


def test_sec4_3_tube_valid_examples() -> None:
    state = lead_state("3S 3D 4S 4D 5S 5D AS AD 2S 2D QS QD KS KD AC AH")
    assert_play(state, "play 3S 3D 4S 4D 5S 5D", "tube")
    assert_play(state, "play AS AD 2S 2D 3S 3D", "tube")
    assert_play(state, "play QS QD KS KD AS AD", "tube")


def test_sec4_3_tube_key_ace_low() -> None:
    # AA2233 has key 3: 223344 beats it; QQKKAA (key A) is beaten by nothing plain.
    assert_beats("play AS AD 2S 2D 3S 3D", "tube", "play 2H 2C 3H 3C 4S 4D", "tube", 9)
    assert_not_beats("play 3S 3D 4S 4D 5S 5D", "tube", "play AS AD 2H 2C 3H 3C", 9)


def test_sec4_3_tube_invalid_examples() -> None:
    state = lead_state("3S 3D 4S 4D 6S 6D 7S 7D KS KD AS AD 2S 2D")
    assert_invalid(state, "3S 3D 4S 4D 6S 6D 7S 7D")
    assert_invalid(state, "KS KD AS AD 2S 2D")
    state = lead_state("6S 6D 7S 7D 8S 8D 9S 9D")
    assert_invalid(state, "6S 6D 7S 7D 8S 8D 9S 9D")


def test_sec4_3_plate_valid_examples() -> None:
    state = lead_state("3S 3D 3C 4S 4D 4C AS AD AC 2S 2D 2C KS KD KC")
    assert_play(state, "play 3S 3D 3C 4S 4D 4C", "plate")
    assert_play(state, "play AS AD AC 2S 2D 2C", "plate")
    assert_play(state, "play KS KD KC AS AD AC", "plate")


def test_sec4_3_plate_key_ace_low() -> None:
    # AAA222 has key 2: 222333 beats it.
    assert_beats("play AS AD AC 2S 2D 2C", "plate", "play 2H 2C 2S 3S 3D 3C", "plate", 9)
    assert_not_beats("play 2S 2D 2C 3S 3D 3C", "plate", "play AS AD AC 2H 2C 2D", 9)


def test_sec4_3_plate_invalid_examples() -> None:
    state = lead_state("6S 6D 6C 7S 7D 7C 8S 8D 8C 9S TS")
    assert_invalid(state, "6S 6D 6C 7S 7D 7C 8S 8D 8C")
    assert_invalid(state, "6S 6D 6C 7S 7D 7C 9S TS")


def test_sec4_3_bomb_valid_examples() -> None:
    state = lead_state("7S 7H 7D 7C 7S 5S 5S 5D 5C 5H")
    assert_play(state, "play 7S 7H 7D 7C", "bomb")
    event = assert_play(state, "play 7S 7S 7H 7D 7C", "bomb")
    assert len(event["cards"]) == 5
    event = assert_play(state, "play 7S 7H 7D 7C 5H as 7S 7H 7D 7C 7H", "bomb")
    assert len(event["cards"]) == 5
    assert_play(state, "play 5S 5S 5D 5C", "bomb")


def test_sec4_3_bomb_sizes_ten_and_eight_for_level_rank() -> None:
    # At most 10 cards for other ranks (8 + two wilds) ...
    state = lead_state("7S 7S 7H 7H 7D 7D 7C 7C 5H 5H")
    event = assert_play(
        state, "play 7S 7S 7H 7H 7D 7D 7C 7C 5H 5H as 7S 7S 7H 7H 7D 7D 7C 7C 7H 7H", "bomb"
    )
    assert len(event["cards"]) == 10
    # ... and 8 for rank L, the wilds standing for themselves.
    state = lead_state("5S 5S 5H 5H 5D 5D 5C 5C")
    event = assert_play(state, "play 5S 5S 5H 5H 5D 5D 5C 5C", "bomb")
    assert len(event["cards"]) == 8


def test_sec4_3_straight_flush_valid_examples() -> None:
    state = lead_state("9S TS JS QS KS AH 2H 3H 4H 5H")
    assert_play(state, "play 9S TS JS QS KS", "straight_flush")
    # 5H (wild at L = 5) stands for itself: a straight flush in hearts.
    event = assert_play(state, "play AH 2H 3H 4H 5H", "straight_flush")
    assert event["as"] in (None, event["cards"]) or sorted(event["as"]) == sorted(event["cards"])


def test_sec4_3_straight_flush_mixed_suit_is_plain_straight() -> None:
    state = lead_state("9S TS JS QS KD")
    assert offered_kinds(state, "9S TS JS QS KD") == ["straight"]
    assert_play(state, "play 9S TS JS QS KD", "straight")


def test_sec4_3_straight_flush_wild_fills_missing_suited_card_g19() -> None:
    state = lead_state("9S TS JS KS 5H")
    event = assert_play(state, "play 9S TS JS KS 5H as 9S TS JS QS KS", "straight_flush")
    assert sorted(represented(event)) == sorted(["9S", "TS", "JS", "QS", "KS"])


def test_sec4_3_four_joker_bomb() -> None:
    state = lead_state("BJ BJ RJ RJ 5H")
    assert_play(state, "play BJ BJ RJ RJ", "joker_bomb")
    assert_invalid(state, "BJ BJ RJ 5H", "play BJ BJ RJ 5H as BJ BJ RJ RJ")


def test_sec4_3_excluded_shapes_bombs_with_attachments() -> None:
    # §4.3 excluded: fours with attachments, a triple with a single.
    state = lead_state("7S 7H 7D 7C 3S 3D 9S 9D 9C 4S")
    assert_invalid(state, "7S 7H 7D 7C 3S")
    assert_invalid(state, "7S 7H 7D 7C 3S 3D")
    assert_invalid(state, "9S 9D 9C 4S")


# ======================================================================================
# §4.4 what beats what


def test_sec4_4_level_7_bomb_beats_aaaa() -> None:
    assert_beats("play AS AH AD AC", "bomb", "play 7S 7D 7C 7S", "bomb", 7)


def test_sec4_4_five_card_bomb_beats_four_card_bomb() -> None:
    # 22222 beats 7777 at L = 7: size before rank (G14).
    assert_beats("play 7S 7D 7C 7S", "bomb", "play 2S 2H 2D 2C 2S", "bomb", 7)
    assert_not_beats("play 2S 2H 2D 2C 2S", "bomb", "play 7S 7D 7C 7S", 7)


def test_sec4_4_straight_flush_beats_five_card_bomb() -> None:
    assert_beats("play AS AH AD AC AS", "bomb", "play 3S 4S 5S 6S 7S", "straight_flush", 7)
    assert_not_beats("play 3S 4S 5S 6S 7S", "straight_flush", "play AS AH AD AC AS", 7)


def test_sec4_4_six_card_bomb_beats_straight_flush() -> None:
    assert_beats("play TH JH QH KH AH", "straight_flush", "play 2S 2S 2H 2D 2C 2C", "bomb", 7)
    assert_not_beats("play 2S 2S 2H 2D 2C 2C", "bomb", "play TH JH QH KH AH", 7)


def test_sec4_4_four_joker_bomb_beats_ten_card_bomb() -> None:
    ten = "8S 8S 8H 8H 8D 8D 8C 8C 7H 7H"
    top = f"play {ten} as 8S 8S 8H 8H 8D 8D 8C 8C 8H 8H"
    assert_beats(top, "bomb", "play BJ BJ RJ RJ", "joker_bomb", 7)


def test_sec4_4_bomb_ladder_rungs_in_order() -> None:
    # 4 < 5 < straight flush < 6 < 7 < 8 < 9 < 10 < four jokers; each rung beats the one
    # below and not the other way round. L = 9, wild 9H (only two exist, so the 9- and
    # 10-card bombs are each compared with the 8-card one).
    r4 = ("play 3S 3H 3D 3C", "bomb")
    r5 = ("play 4S 4S 4H 4D 4C", "bomb")
    sf = ("play TD JD QD KD AD", "straight_flush")
    r6 = ("play 5S 5S 5H 5H 5D 5D", "bomb")
    r7 = ("play 6S 6S 6H 6H 6D 6D 6C", "bomb")
    r8 = ("play 2S 2S 2H 2H 2D 2D 2C 2C", "bomb")
    r9 = ("play 7S 7S 7H 7H 7D 7D 7C 7C 9H as 7S 7S 7H 7H 7D 7D 7C 7C 7H", "bomb")
    r10 = ("play 8S 8S 8H 8H 8D 8D 8C 8C 9H 9H as 8S 8S 8H 8H 8D 8D 8C 8C 8H 8H", "bomb")
    jokers = ("play BJ BJ RJ RJ", "joker_bomb")
    for low, high in [(r4, r5), (r5, sf), (sf, r6), (r6, r7), (r7, r8), (r8, r9), (r8, r10)]:
        assert_beats(low[0], low[1], high[0], high[1], 9)
        assert_not_beats(high[0], high[1], low[0], 9)
    assert_beats(r10[0], r10[1], jokers[0], jokers[1], 9)
    assert_beats(r9[0], r9[1], jokers[0], jokers[1], 9)


def test_sec4_4_bombs_same_size_by_level_order_and_equal_never_beats() -> None:
    # L = 7: 7777 (level rank) above AAAA; AAAA above KKKK; an equal bomb never beats.
    assert_beats("play KS KH KD KC", "bomb", "play AS AH AD AC", "bomb", 7)
    assert_not_beats("play AS AH AD AC", "bomb", "play AS AH AD AC", 7)
    assert_not_beats("play 7S 7D 7C 7S", "bomb", "play AS AH AD AC", 7)


def test_sec4_4_straight_flushes_by_top_card() -> None:
    assert_beats(
        "play 3S 4S 5S 6S 7S", "straight_flush", "play 4D 5D 6D 7D 8D", "straight_flush", 9
    )
    assert_not_beats("play 4D 5D 6D 7D 8D", "straight_flush", "play 4S 5S 6S 7S 8S", 9)
    assert_not_beats("play 4D 5D 6D 7D 8D", "straight_flush", "play AC 2C 3C 4C 5C", 9)


def test_sec4_4_straight_flush_beats_any_plain_straight() -> None:
    assert_beats("play TS JD QC KH AS", "straight", "play 2C 3C 4C 5C 6C", "straight_flush", 9)


def test_sec4_4_plain_straight_never_beats_straight_flush() -> None:
    assert_not_beats("play 3S 4S 5S 6S 7S", "straight_flush", "play 9S TD JC QH KS", 9)
    # A same-suit run higher than the flush beats it only as a straight flush (G18).
    state = after_lead("play 3S 4S 5S 6S 7S", "8D 9D TD JD QD", 9, "straight_flush")
    assert offered_kinds(state, "8D 9D TD JD QD") == ["straight_flush"]
    assert_illegal(state, "play 8D 9D TD JD QD as straight")


def test_sec4_4_lone_wild_does_not_beat_level_card_but_bj_does() -> None:
    state = after_lead("play 7C", "7H BJ", 7, "single")
    assert same_cards(state, "7H") == []
    assert_illegal(state, "play 7H")
    assert_play(state, "play BJ", "single")


def test_sec4_4_same_type_and_size_only() -> None:
    # Rule 2: a non-bomb play beats only the same type and size.
    state = after_lead("play 3S", "AS AD", 9, "single")
    assert_illegal(state, "play AS AD")
    state = after_lead("play 3S 3D", "AS", 9, "pair")
    assert_illegal(state, "play AS")
    state = after_lead("play 3S 4D 5C 6H 7S", "QS QD QC 8S 8D", 9, "straight")
    assert_illegal(state, "play 8S 8D QS QD QC")
    state = after_lead("play 3S 3D 3C 4S 4D 4C", "QS QD KS KD AS AD", 9, "plate")
    assert_illegal(state, "play QS QD KS KD AS AD")
    # Higher of the same type beats; equal does not.
    state = after_lead("play 3S 3D", "4S 4D 3H 3C", 9, "pair")
    assert_play(state, "play 4S 4D", "pair")
    assert same_cards(state, "3H 3C") == []


def test_sec4_4_joker_pairs_above_ranked_pairs() -> None:
    # RJ RJ > BJ BJ > any ranked pair (the level pair included).
    assert_beats("play 9S 9D", "pair", "play BJ BJ", "pair", 9)
    assert_beats("play BJ BJ", "pair", "play RJ RJ", "pair", 9)
    assert_not_beats("play BJ BJ", "pair", "play 9S 9D", 9)


# ======================================================================================
# §4.2 wild cards and ambiguous readings (L = 5)


def test_sec4_2_reading_straight_or_straight_flush() -> None:
    state = lead_state("3C 4C 5H 6C 7C")
    table = offered(state, "3C 4C 5H 6C 7C")
    assert sorted(sig[0] for sig in table) == ["straight", "straight_flush"]
    flush = [sig for sig in table if sig[0] == "straight_flush"]
    assert flush[0][2] == "C"
    plain = next(a for sig, a in table.items() if sig[0] == "straight")
    # The wild stands for itself in the plain straight: no ``as`` part needed (§6b).
    assert_play(state, "play 3C 4C 5H 6C 7C", "straight")
    assert outcome(state, plain)["kind"] == "straight"


def test_sec4_2_reading_full_house_444_66_or_666_44() -> None:
    state = lead_state("4S 4D 6S 6D 5H")
    table = offered(state, "4S 4D 6S 6D 5H")
    assert sorted(sig[1] for sig in table) == [
        ("4", "4", "4", "6", "6"),
        ("4", "4", "6", "6", "6"),
    ]
    assert all(sig[0] == "full_house" for sig in table)
    assert_play(state, "play 4S 4D 6S 6D 5H as 4S 4D 6S 6D 4H", "full_house")
    assert_play(state, "play 4S 4D 6S 6D 5H as 4S 4D 6S 6D 6H", "full_house")


def test_sec4_2_reading_straight_23456_or_34567() -> None:
    state = lead_state("3S 4D 5C 6H 5H")
    table = offered(state, "3S 4D 5C 6H 5H")
    assert sorted(sig[1] for sig in table) == [
        ("2", "3", "4", "5", "6"),
        ("3", "4", "5", "6", "7"),
    ]
    assert all(sig[0] == "straight" for sig in table)
    low = assert_play(state, "play 3S 4D 5C 6H 5H as 3S 4D 5C 6H 2H", "straight")
    high = assert_play(state, "play 3S 4D 5C 6H 5H as 3S 4D 5C 6H 7H", "straight")
    assert sorted(c[0] for c in represented(low)) == ["2", "3", "4", "5", "6"]
    assert sorted(c[0] for c in represented(high)) == ["3", "4", "5", "6", "7"]


def test_sec4_2_readings_matter_for_what_beats() -> None:
    # On a table straight 23456 (key 6) only the 34567 reading (key 7) beats.
    state = after_lead("play 2S 3D 4S 5S 6D", "3S 4D 5C 6H 5H", 5, "straight")
    table = offered(state, "3S 4D 5C 6H 5H")
    assert [sig[1] for sig in table] == [("3", "4", "5", "6", "7")]
    assert_illegal(state, "play 3S 4D 5C 6H 5H as 3S 4D 5C 6H 2H")


def test_sec4_2_impossible_readings_refused_state_unchanged() -> None:
    state = lead_state("3S 4D 5C 6H 5H 4S 6S 6D 9S 3C 4C 6C 7C KD")
    # not consecutive
    assert_illegal(state, "play 3S 4D 5C 6H 5H as 3S 4D 5C 6H 8H")
    # a full-house reading that is not a full house
    assert_illegal(state, "play 4S 4D 6S 6D 5H as 4S 4D 6S 6D 7H")
    # a wild as a joker (§4.2.2)
    assert_illegal(state, "play 9S 5H as 9S BJ")
    # a non-wild card cannot change identity
    assert_illegal(state, "play 9S 5H as 8S 8H")
    assert_illegal(state, "play 9S KD as 9S 9D")
    # the ``as`` part must have the same length
    assert_illegal(state, "play 9S 5H as 9S")
    # the wild standing for itself where that makes no combination
    assert_illegal(state, "play 3S 4D 5C 6H 5H as 3S 4D 5C 6H 5H")
    # ``as straight`` only for five same-suit consecutive cards (G18)
    assert_illegal(state, "play 3S 4D 5C 6H 5H as straight")
    # cards the player does not hold
    assert_illegal(state, "play AS AD")


def test_g18_same_suit_run_as_straight_or_straight_flush() -> None:
    state = lead_state("9S TS JS QS KS")
    assert offered_kinds(state, "9S TS JS QS KS") == ["straight", "straight_flush"]
    assert_play(state, "play 9S TS JS QS KS", "straight_flush")
    assert_play(state, "play 9S TS JS QS KS as straight", "straight")


# ======================================================================================
# §3 turn structure

# 27 cards a seat can shed in five leads at L = 2 (wild 2H; none of these is a 2).
PLAN_A = [
    "3S 3S 3H 3H 3D 3D 3C 3C",
    "4S 4S 4H 4H 4D 4D 4C 4C",
    "5S 5S 5H 5H 5D 5D 5C 5C",
    "6S 6D",
    "7S",
]
PLAN_B = [
    "8S 8S 8H 8H 8D 8D 8C 8C",
    "9S 9S 9H 9H 9D 9D 9C 9C",
    "TS TS TH TH TD TD TC TC",
    "JS JD",
    "QS",
]


def plan_cards(plan: list[str]) -> list[str]:
    return [card for play in plan for card in play.split()]


def play_plan(state: Any, seat: int, plan: list[str]) -> None:
    """``seat`` plays ``plan`` one lead at a time; every other seat passes in between."""
    for play in plan:
        while state.current_player != seat:
            assert "pass" in state.legal_actions(), "a seat that must lead is in the way"
            state.apply("pass")
        state.apply("play " + play)


def test_s19_leader_must_play_first_lead() -> None:
    state = start(seed=3, first_leader=1)
    assert state.current_player == 1
    assert "pass" not in state.legal_actions()
    assert_illegal(state, "pass")


def test_s19_leader_must_play_after_round_end() -> None:
    state = start({0: "3S 9S"}, first_leader=0)
    state.apply("play 3S")
    pass_(state, 1, 2, 3)
    assert state.events[-1] == {"type": "round_end", "leader": 0}
    assert state.current_player == 0
    assert_illegal(state, "pass")


def test_sec3_pass_allowed_even_when_able_to_beat() -> None:
    state = start({0: "3S", 1: "AS"}, first_leader=0)
    state.apply("play 3S")
    assert state.current_player == 1
    assert "pass" in state.legal_actions()
    assert same_cards(state, "AS")
    state.apply("pass")
    assert state.current_player == 2


def test_sec3_round_ends_when_all_others_pass_and_p_leads() -> None:
    state = start({0: "3S", 2: "9S"}, first_leader=0)
    state.apply("play 3S")
    state.apply("pass")  # S1
    state.apply("play 9S")  # S2
    pass_(state, 3, 0)
    assert state.current_player == 1  # S0's pass did not end the round: S1 still to act
    state.apply("pass")
    assert state.events[-1] == {"type": "round_end", "leader": 2}
    assert state.current_player == 2
    assert state.view(2)["top"] is None


def test_g20_passed_player_plays_again_in_same_round() -> None:
    state = start({0: "3S", 1: "9S", 2: "5S"}, first_leader=0)
    state.apply("play 3S")
    state.apply("pass")  # S1 passes ...
    state.apply("play 5S")  # S2
    state.apply("pass")  # S3
    state.apply("pass")  # S0
    assert state.current_player == 1
    state.apply("play 9S")  # ... and plays again in the same round
    assert state.view(0)["top"]["seat"] == 1


def test_s9_round_end_with_finished_player_partner_leads() -> None:
    # S2 plays its last cards, S3, S0 and S1 all pass: S0 (S2's partner) leads (G11).
    state = start({2: plan_cards(PLAN_A)}, first_leader=2)
    play_plan(state, 2, PLAN_A)
    assert state.events[-1] == {"type": "finish", "seat": 2, "place": 1}
    assert state.current_player == 3  # the others may still answer (§3.6)
    pass_(state, 3, 0)
    assert state.current_player == 1  # round not over: every active player must pass
    state.apply("pass")
    assert {"type": "round_end", "leader": 0} in state.events[-2:]
    assert state.current_player == 0
    assert state.view(0)["places"] == [2]
    assert_illegal(state, "pass")


def test_g11_partner_leads_after_unanswered_last_play() -> None:
    # G11: "last player" = who made the unanswered last play: S1 finishes with 7S, the
    # others pass: S3 (S1's partner) leads, not S2 (the next seat).
    state = start({1: plan_cards(PLAN_A)}, first_leader=1)
    play_plan(state, 1, PLAN_A)
    assert state.events[-1] == {"type": "finish", "seat": 1, "place": 1}
    pass_(state, 2, 3, 0)
    assert state.current_player == 3


def test_g11_answered_last_play_the_answerer_leads() -> None:
    # S1 finishes with 7S, S2 beats it with 8S, S3 and S0 pass: S2 leads (S1 is skipped).
    state = start({1: plan_cards(PLAN_A), 2: "8S"}, first_leader=1)
    play_plan(state, 1, PLAN_A)
    assert state.events[-1]["type"] == "finish"
    state.apply("play 8S")
    pass_(state, 3, 0)
    assert state.events[-1] == {"type": "round_end", "leader": 2}
    assert state.current_player == 2


def test_s10_g17_partner_also_finished_next_active_leads() -> None:
    # S0 finished 1st; S2 plays its last cards (2nd); S3 and S1 pass: S3 leads, play goes on
    # between S1 and S3 until one finishes 3rd; then the deal ends and {0,2} advances 3.
    state = start({0: plan_cards(PLAN_A), 2: plan_cards(PLAN_B)}, first_leader=0)
    play_plan(state, 0, PLAN_A)
    assert state.events[-1] == {"type": "finish", "seat": 0, "place": 1}
    pass_(state, 1, 2, 3)  # S2 lets it go: S0's partner S2 leads
    assert state.current_player == 2
    play_plan(state, 2, PLAN_B)
    assert state.events[-1] == {"type": "finish", "seat": 2, "place": 2}
    pass_(state, 3, 1)  # S0 is skipped: it has finished
    assert state.current_player == 3
    assert not state.is_over
    assert not [e for e in state.events if e["type"] == "deal_result"]
    view = state.view(3)
    assert view["phase"] == "play" and view["places"] == [0, 2]
    assert "pass" not in state.legal_actions()
    # S3 leads; the next player is S1 (S0 and S2 skipped).
    lowest = min(
        (a for a in state.legal_actions() if n_cards(a) == 1),
        key=lambda a: strength(split_action(a)[0][0], 2),
    )
    state.apply(lowest)
    assert state.current_player == 1
    finish_next(state, 3)
    result = next(e for e in state.events if e["type"] == "deal_result")
    assert result["places"] == [0, 2, 3, 1]
    assert result["winning_team"] == 0
    assert result["advance"] == [3, 0]
    assert result["levels"] == [5, 2]


def test_sec3_finished_players_skipped_in_turn_order() -> None:
    state = start({1: plan_cards(PLAN_A), 2: "8S", 3: "9S"}, first_leader=1)
    play_plan(state, 1, PLAN_A)
    state.apply("play 8S")  # S2
    state.apply("play 9S")  # S3
    assert state.current_player == 0
    state.apply("pass")
    assert state.current_player == 2  # S1 (finished) skipped


# ======================================================================================
# §5.3 worked examples: levels (each deal driven to the finishing order of the example)


def level_match(levels: list[int], level_team: int, seed: int = 11) -> Any:
    return start(levels=levels, level_team=level_team, first_leader=level_team, seed=seed)


def next_deal_event(state: Any) -> dict[str, Any]:
    deals = [e for e in state.events if e["type"] == "deal"]
    assert len(deals) >= 2
    event: dict[str, Any] = deals[-1]
    return event


def test_example_5_3_1_both_at_2_s0_s2_first_second() -> None:
    state = level_match([2, 2], 0)
    result = play_deal(state, [0, 2, 1, 3])
    assert result["winning_team"] == 0
    assert result["advance"] == [3, 0]
    assert result["levels"] == [5, 2]
    assert result["match_won"] is False
    nxt = next_deal_event(state)
    assert nxt["level"] == 5 and nxt["levels"] == [5, 2] and nxt["level_team"] == 0
    assert nxt["previous_places"] == [0, 2, 1, 3]
    # double tribute by S1 and S3 (paid, or cancelled if they hold both red jokers)
    assert tribute_payers(current_deal_events(state)) == {1, 3}
    assert state.view(0)["level"] == 5 and state.view(0)["wild"] == "5H"


def test_example_5_3_2_team_13_wins_partner_third() -> None:
    state = level_match([5, 9], 0)
    assert state.view(0)["level"] == 5
    result = play_deal(state, [1, 0, 3, 2])
    assert result["winning_team"] == 1
    assert result["advance"] == [0, 2]
    assert result["levels"] == [5, 11]
    nxt = next_deal_event(state)
    assert nxt["level"] == 11 and nxt["level_team"] == 1
    events = current_deal_events(state)
    assert tribute_payers(events) == {2}
    assert {e["receiver"] for e in events if e["type"] == "tribute"} <= {1}
    assert state.view(0)["level_rank"] == "J"


def test_example_5_3_3_level_capped_at_ace() -> None:
    state = level_match([2, 12], 1)
    result = play_deal(state, [3, 1, 0, 2])
    assert result["levels"] == [2, 14]
    assert result["match_won"] is False
    assert not state.is_over
    assert next_deal_event(state)["level"] == 14


def test_example_5_3_4_at_ace_partner_last_no_win() -> None:
    state = level_match([8, 14], 1)
    result = play_deal(state, [3, 0, 2, 1])
    assert result["winning_team"] == 1
    assert result["levels"] == [8, 14]
    assert result["match_won"] is False
    assert not state.is_over and state.scores == [0, 0, 0, 0]
    assert next_deal_event(state)["level"] == 14
    # single tribute S1 -> S3 (partners, G9)
    events = current_deal_events(state)
    assert tribute_payers(events) == {1}
    assert {e["receiver"] for e in events if e["type"] == "tribute"} <= {3}


def test_example_5_3_5_at_ace_partner_third_wins_match() -> None:
    state = level_match([2, 14], 1)
    result = play_deal(state, [1, 2, 3, 0])
    assert result["winning_team"] == 1
    assert result["match_won"] is True
    assert state.is_over
    assert state.current_player is None
    assert state.scores == [-1, 1, -1, 1]
    assert result["scores"] == [-1, 1, -1, 1]
    assert state.view(0)["match_winner"] == 1
    assert state.view(0)["phase"] == "over"
    assert [e for e in state.events if e["type"] == "deal"][-1]["deal"] == 0
    assert state.legal_actions() == []


def test_example_5_3_6_other_team_wins_deal_played_at_ace() -> None:
    state = level_match([10, 14], 1)
    result = play_deal(state, [2, 1, 0, 3])
    assert result["winning_team"] == 0
    assert result["advance"] == [2, 0]
    assert result["levels"] == [12, 14]
    assert result["match_won"] is False
    nxt = next_deal_event(state)
    assert nxt["level"] == 12 and nxt["level_team"] == 0


def test_example_5_3_7_team_at_ace_wins_deal_at_6_no_match_win() -> None:
    state = level_match([14, 6], 1)
    assert state.view(0)["level"] == 6
    result = play_deal(state, [0, 2, 1, 3])
    assert result["winning_team"] == 0
    assert result["levels"] == [14, 6]
    assert result["match_won"] is False
    assert not state.is_over
    nxt = next_deal_event(state)
    assert nxt["level"] == 14 and nxt["level_team"] == 0


# ======================================================================================
# §7 scenarios 11, 16, 17, 20 (whole deals)


def test_s11_one_four_finish() -> None:
    state = level_match([2, 2], 1, seed=5)
    result = play_deal(state, [1, 0, 2, 3])
    assert result["winning_team"] == 1
    assert result["advance"] == [0, 1]
    assert result["levels"] == [2, 3]
    events = current_deal_events(state)
    assert tribute_payers(events) == {3}
    assert {e["receiver"] for e in events if e["type"] == "tribute"} <= {1}


def test_s16_level_cap_and_match_win() -> None:
    state = level_match([2, 12], 1, seed=7)
    first = play_deal(state, [1, 3, 0, 2])
    assert first["advance"] == [0, 3] and first["levels"] == [2, 14]
    assert next_deal_event(state)["level"] == 14
    second = play_deal(state, [3, 0, 2, 1])
    assert second["winning_team"] == 1 and second["match_won"] is False
    assert second["levels"] == [2, 14]
    assert not state.is_over
    assert next_deal_event(state)["level"] == 14
    assert state.view(0)["deal_number"] == 3
    third = play_deal(state, [1, 3, 0, 2])
    assert third["match_won"] is True
    assert state.is_over
    assert state.scores == [-1, 1, -1, 1]


def test_s17_not_at_ace_yet() -> None:
    state = level_match([14, 6], 1, seed=9)
    result = play_deal(state, [0, 2, 3, 1])
    assert result["match_won"] is False and not state.is_over
    assert result["levels"] == [14, 6]
    assert next_deal_event(state)["level"] == 14
    assert state.scores == [0, 0, 0, 0]


def test_s20_restart_back_to_level_2_deal_1_rules() -> None:
    state = level_match([8, 5], 1, seed=13)
    play_deal(state, [1, 3, 0, 2])
    assert state.view(0)["deal_number"] == 2
    # A restart is a new match (new_state): both teams at 2, deal 1, no tribute.
    leaders = set()
    for seed in range(40):
        fresh = GAME.new_state(seed=seed)
        view = fresh.view(0)
        assert view["levels"] == [2, 2] and view["level"] == 2
        assert view["deal_number"] == 1
        assert view["tribute"] is None and view["previous_places"] is None
        assert view["phase"] == "play"
        deal_event = fresh.events[0]
        assert deal_event["type"] == "deal" and deal_event["previous_places"] is None
        assert not [e for e in fresh.events if e["type"] in ("tribute", "tribute_cancelled")]
        assert deal_event["first_leader"] == fresh.current_player
        leaders.add(fresh.current_player)
    assert leaders == {0, 1, 2, 3}  # drawn from the seed, not fixed


# ======================================================================================
# §2.4 / §5.4 tribute and return


def tribute_state(
    hands: dict[int, str | list[str]], previous: list[int], levels: list[int], team: int
) -> Any:
    # first_leader is given too: with previous_places it must be ignored (§6b).
    return start(hands, levels=levels, level_team=team, previous_places=previous, first_leader=3)


def tributes(state: Any) -> list[tuple[int, int, str]]:
    return [(e["payer"], e["receiver"], e["card"]) for e in state.events if e["type"] == "tribute"]


def do_returns(state: Any, choices: dict[int, str] | None = None) -> list[tuple[int, int]]:
    """Every receiver returns (``choices[seat]`` or its first legal return)."""
    choices = choices or {}
    done = []
    while state.view(0)["phase"] == "return":
        seat = state.current_player
        actions = state.legal_actions()
        assert actions and all(a.startswith("return ") for a in actions), actions
        state.apply(choices.get(seat, actions[0]))
        event = state.events[-1] if state.events[-1]["type"] == "return" else None
        if event is None:
            event = next(e for e in reversed(state.events) if e["type"] == "return")
        done.append((event["seat"], event["to"]))
    return done


def assert_leads(state: Any, seat: int) -> None:
    assert state.current_player == seat
    assert state.view(seat)["phase"] == "play"
    leads = [e for e in state.events if e["type"] == "lead"]
    assert leads[-1] == {"type": "lead", "seat": seat}
    assert "pass" not in state.legal_actions()  # S19: the leader must play
    assert all(state.view(s)["hand_sizes"] == [27, 27, 27, 27] for s in range(4))


def return_cards(state: Any) -> list[str]:
    actions = state.legal_actions()
    assert all(a.startswith("return ") for a in actions)
    return [a.split()[1] for a in actions]


def test_example_5_4_1_single_tribute() -> None:
    # Previous S1, S0, S3, S2; L = J. S2 holds JH JH (wilds), JD, AS, no joker: tribute JD.
    state = tribute_state(
        {2: "JH JH JD AS", 1: "4C"}, previous=[1, 0, 3, 2], levels=[2, 11], team=1
    )
    assert tributes(state) == [(2, 1, "JD")]
    view = state.view(1)
    assert view["phase"] == "return" and state.current_player == 1
    assert view["tribute"]["cancelled"] is False
    assert view["tribute"]["payments"] == [{"payer": 2, "receiver": 1, "card": "JD"}]
    assert "JD" in view["hand"]
    assert "return 4C" in state.legal_actions()
    state.apply("return 4C")
    assert {"type": "return", "seat": 1, "to": 2} in state.events
    assert "4C" in state.view(2)["hand"]
    assert_leads(state, 2)


def test_s12_single_tribute_return_rules_and_privacy() -> None:
    # Previous S1, S0, S3, S2; S2's strongest non-wild is BJ. L = 4 (wild 4H).
    state = tribute_state(
        {2: "BJ", 1: "QS 4H 4S 3C TD"}, previous=[1, 0, 3, 2], levels=[2, 4], team=1
    )
    assert tributes(state) == [(2, 1, "BJ")]
    for seat in range(4):  # the tribute card is shown to everyone (§2.4, G21)
        assert state.view(seat)["tribute"]["payments"] == [
            {"payer": 2, "receiver": 1, "card": "BJ"}
        ]
    assert state.current_player == 1
    assert state.view(1)["legal_actions"] == state.legal_actions()
    assert state.view(0)["legal_actions"] == []
    # exact JSON round trip in the middle of the return step
    again = GAME.state_from_json(state.to_json())
    assert all(again.view(s) == state.view(s) for s in range(4))
    cards = return_cards(state)
    assert cards
    for card in cards:
        assert card[0] in "23456789T" and card != "4H", card  # non-wild, printed 2..10
        assert card in state.view(1)["hand"]
    assert "4S" in cards  # a non-heart level card of printed rank <= 10 qualifies (G7)
    assert "TD" in cards and "3C" in cards
    assert_illegal(state, "return QS")
    assert_illegal(state, "return 4H")  # wild
    assert_illegal(state, "return BJ")  # jokers never
    assert_illegal(state, "pass")
    assert_illegal(state, "play 3C")
    state.apply("return 3C")
    event = next(e for e in reversed(state.events) if e["type"] == "return")
    assert event == {"type": "return", "seat": 1, "to": 2}  # no card: private
    for seat in range(4):
        returns = state.view(seat)["tribute"]["returns"]
        assert returns == [
            {"from": 1, "to": 2, "done": True, "card": "3C" if seat in (1, 2) else None}
        ]
    assert "3C" in state.view(2)["hand"] and "BJ" in state.view(1)["hand"]
    assert_leads(state, 2)


def test_sec6b_receiver_may_return_card_just_received() -> None:
    state = tribute_state({2: "9D"}, previous=[1, 0, 3, 2], levels=[2, 11], team=1)
    assert tributes(state) == [(2, 1, "9D")]
    assert "9D" in return_cards(state)
    state.apply("return 9D")
    assert_leads(state, 2)


def test_example_5_4_2_double_tribute_different_cards() -> None:
    # Previous S0, S2, S1, S3; L = 5. S1's strongest non-wild BJ, S3's AS.
    state = tribute_state({1: "BJ", 3: "AS"}, previous=[0, 2, 1, 3], levels=[5, 2], team=0)
    assert sorted(tributes(state)) == [(1, 0, "BJ"), (3, 2, "AS")]
    assert sorted(do_returns(state)) == [(0, 1), (2, 3)]
    assert_leads(state, 1)  # S1 received S0's return


def test_example_5_4_3_double_tribute_equal_cards() -> None:
    state = tribute_state({1: "KD", 3: "KS"}, previous=[0, 2, 1, 3], levels=[5, 2], team=0)
    assert sorted(tributes(state)) == [(1, 0, "KD"), (3, 2, "KS")]
    do_returns(state)
    assert_leads(state, 1)


def test_example_5_4_3_equal_cards_when_s2_was_first() -> None:
    # "Had S2 been first place, S3 would be reached first and would pay S2."
    state = tribute_state({1: "KD", 3: "KS"}, previous=[2, 0, 1, 3], levels=[5, 2], team=0)
    assert sorted(tributes(state)) == [(1, 0, "KD"), (3, 2, "KS")]
    do_returns(state)
    assert_leads(state, 3)


def test_s13_double_tribute_equal_kings() -> None:
    state = tribute_state({1: "KH", 3: "KC"}, previous=[0, 2, 1, 3], levels=[9, 4], team=0)
    paid = sorted(tributes(state))
    assert [(p, r) for p, r, _ in paid] == [(1, 0), (3, 2)]
    assert all(card[0] == "K" for _, _, card in paid)
    assert sorted(do_returns(state)) == [(0, 1), (2, 3)]
    assert_leads(state, 1)


def test_example_5_4_4_s14_cancelled_double() -> None:
    state = tribute_state({1: "RJ", 3: "RJ"}, previous=[0, 2, 1, 3], levels=[5, 2], team=0)
    assert tributes(state) == []
    cancelled = [e for e in state.events if e["type"] == "tribute_cancelled"]
    assert len(cancelled) == 1
    assert sorted(cancelled[0]["payers"]) == [1, 3] and cancelled[0]["leader"] == 0
    assert state.view(0)["tribute"]["cancelled"] is True
    assert not any(a.startswith("return") for a in state.legal_actions())
    assert_illegal(state, "return 2S")
    assert_leads(state, 0)


def test_example_5_4_5_cancelled_single() -> None:
    state = tribute_state({2: "RJ RJ"}, previous=[1, 0, 3, 2], levels=[2, 7], team=1)
    assert tributes(state) == []
    cancelled = [e for e in state.events if e["type"] == "tribute_cancelled"]
    assert cancelled == [{"type": "tribute_cancelled", "payers": [2], "leader": 1}]
    assert_leads(state, 1)


def test_example_5_4_6_not_cancelled_receiver_holds_other_red_joker() -> None:
    state = tribute_state({0: "RJ", 1: "RJ", 3: "AS"}, previous=[0, 2, 1, 3], levels=[5, 2], team=0)
    assert not [e for e in state.events if e["type"] == "tribute_cancelled"]
    assert sorted(tributes(state)) == [(1, 0, "RJ"), (3, 2, "AS")]
    do_returns(state)
    assert_leads(state, 1)


def test_g6_black_jokers_and_wilds_do_not_cancel() -> None:
    # The payer holds BJ BJ and both wilds but one RJ only: tribute RJ.
    state = tribute_state({2: "BJ BJ RJ 7H 7H"}, previous=[1, 0, 3, 2], levels=[2, 7], team=1)
    assert tributes(state) == [(2, 1, "RJ")]


def test_example_5_4_7_s15_wilds_never_paid() -> None:
    # L = 7; previous S0, S3, S2, S1 (partner 3rd: single; S1 last pays S0).
    state = tribute_state({1: "7H 7H 7C AS"}, previous=[0, 3, 2, 1], levels=[7, 2], team=0)
    assert tributes(state) == [(1, 0, "7C")]
    do_returns(state)
    assert_leads(state, 1)


def test_g9_single_tribute_first_and_last_partners() -> None:
    # Previous S3, S0, S2, S1: S3's partner S1 is last and pays S3; S1 then leads.
    state = tribute_state({1: "AS"}, previous=[3, 0, 2, 1], levels=[2, 6], team=1)
    assert tributes(state) == [(1, 3, "AS")]
    assert state.current_player == 3
    assert do_returns(state) == [(3, 1)]
    assert_leads(state, 1)


def test_example_5_4_8_s18_return_fallback_lowest_strength() -> None:
    # S1 (receiver) holds only J, Q, K, A and a wild: no non-wild card of printed rank
    # 2..10. L = 5. S2 pays its JC. Legal returns: its lowest-strength non-wild cards, Js.
    receiver = "JS JD " + " ".join(r + s for r in "QKA" for s in "SSHHDDCC") + " 5H"
    state = tribute_state({1: receiver, 2: "JC"}, previous=[1, 0, 3, 2], levels=[2, 5], team=1)
    assert tributes(state) == [(2, 1, "JC")]
    cards = return_cards(state)
    assert cards and all(card[0] == "J" for card in cards), cards
    assert set(cards) <= {"JS", "JD", "JC"}
    assert_illegal(state, "return QS")
    assert_illegal(state, "return 5H")
    state.apply(f"return {cards[0]}")
    assert_leads(state, 2)


def test_sec2_4_first_deal_has_no_tribute_first_leader_fixed() -> None:
    state = start(levels=[2, 2], first_leader=2, seed=4)
    assert state.view(0)["tribute"] is None
    assert state.current_player == 2
    assert state.events[0]["type"] == "deal" and state.events[0]["first_leader"] == 2
    assert {"type": "lead", "seat": 2} in state.events
    assert not [e for e in state.events if e["type"] in ("tribute", "tribute_cancelled")]


# ======================================================================================
# invalid deals (API.md: InvalidDeal)


def good_deal() -> dict[str, Any]:
    return make_deal(seed=1)


def with_hands(hands: list[list[str]]) -> dict[str, Any]:
    deal = good_deal()
    deal["hands"] = hands
    return deal


def _bad_deals() -> list[tuple[str, dict[str, Any]]]:
    base = shuffled_hands(2)
    short = [list(h) for h in base]
    short[0] = short[0][:26]
    long = [list(h) for h in base]
    long[0] = long[0] + [long[1].pop()]  # 28 / 26
    three_copies = [list(h) for h in base]
    card = three_copies[0][0]
    victim = next(c for c in three_copies[1] if c != card)
    three_copies[1][three_copies[1].index(victim)] = card  # 3 x card, 1 x victim
    assert sum(h.count(card) for h in three_copies) == 3
    unknown = [list(h) for h in base]
    unknown[0][0] = "1S"
    no_red = [list(h) for h in base]
    for h in no_red:  # both RJ replaced by a third and fourth BJ
        while "RJ" in h:
            h[h.index("RJ")] = "BJ"
    bad: list[tuple[str, dict[str, Any]]] = [
        ("26_cards", with_hands(short)),
        ("28_and_26_cards", with_hands(long)),
        ("three_hands", with_hands(base[:3])),
        ("five_hands", with_hands([*base, []])),
        ("three_copies", with_hands(three_copies)),
        ("unknown_card", with_hands(unknown)),
        ("four_black_jokers", with_hands(no_red)),
    ]
    for name, levels in [
        ("level_1", [1, 2]),
        ("level_15", [2, 15]),
        ("level_A_string", ["A", 2]),
        ("level_float", [2.0, 2]),
        ("one_level", [2]),
        ("three_levels", [2, 2, 2]),
    ]:
        deal = good_deal()
        deal["levels"] = levels
        bad.append((name, deal))
    for name, team in [("team_2", 2), ("team_minus_1", -1), ("team_str", "0")]:
        deal = good_deal()
        deal["level_team"] = team
        bad.append((name, deal))
    for name, places in [
        ("places_repeat", [0, 0, 1, 2]),
        ("places_short", [0, 1, 2]),
        ("places_seat_4", [0, 1, 2, 4]),
        ("places_str", ["0", "1", "2", "3"]),
    ]:
        deal = good_deal()
        deal["previous_places"] = places
        bad.append((name, deal))
    for name, leader in [("leader_4", 4), ("leader_minus_1", -1)]:
        deal = good_deal()
        deal["first_leader"] = leader
        bad.append((name, deal))
    deal = good_deal()
    deal["dealer"] = 0
    bad.append(("unknown_key", deal))
    return bad


@pytest.mark.parametrize(("name", "deal"), _bad_deals(), ids=[n for n, _ in _bad_deals()])
def test_invalid_deals_raise_invalid_deal(name: str, deal: dict[str, Any]) -> None:
    with pytest.raises(InvalidDeal):
        GAME.new_state(seed=1, deal=deal)


def test_valid_deal_accepted_and_hands_kept() -> None:
    deal = good_deal()
    state = GAME.new_state(seed=1, deal=deal)
    for seat in range(4):
        assert sorted(state.view(seat)["hand"]) == sorted(deal["hands"][seat])
    assert state.view(0)["levels"] == [2, 2]
    deal = make_deal(seed=1, levels=[14, 11], level_team=1, first_leader=None)
    state = GAME.new_state(seed=1, deal=deal)
    view = state.view(0)
    assert view["level"] == 11 and view["level_rank"] == "J" and view["wild"] == "JH"
    assert view["levels"] == [14, 11] and view["level_team"] == 1


# ======================================================================================
# §7 scenarios 1-8 (combinations), as written in the spec


def test_s1_level_order_of_singles() -> None:
    # L = 7, top AS: 7D beats it, 7H alone (a wild counted as a 7) beats it.
    state = after_lead("play AS", "7D 7H", 7, "single")
    assert_play(state, "play 7D", "single")
    assert_play(state, "play 7H", "single")
    # top 7C: 7H alone is illegal (equal), BJ is legal.
    state = after_lead("play 7C", "7H BJ", 7, "single")
    assert_illegal(state, "play 7H")
    assert "play BJ" in state.legal_actions()


def test_s2_wild_in_a_pair() -> None:
    state = lead_state("9S 7H BJ", level=7)
    event = assert_play(state, "play 9S 7H as 9S 9D", "pair")
    assert sorted(c[0] for c in represented(event)) == ["9", "9"]
    state.apply("play 9S 7H as 9S 9D")  # the spec's own string, applied literally
    assert state.events[-1]["kind"] == "pair" or state.events[-2]["kind"] == "pair"
    state = lead_state("9S 7H BJ", level=7)
    assert_invalid(state, "BJ 7H", "play BJ 7H as BJ BJ", "play BJ 7H as BJ 9H")


def test_s3_joker_pairs_and_full_houses() -> None:
    state = lead_state("BJ BJ RJ RJ 8S 8H 8D", level=2)
    assert_play(state, "play BJ BJ", "pair")
    assert_play(state, "play RJ RJ", "pair")
    assert_play(state, "play 8S 8H 8D BJ BJ", "full_house")
    assert_play(state, "play 8S 8H 8D RJ RJ", "full_house")
    assert_invalid(state, "BJ RJ")
    assert_invalid(state, "8S 8H 8D BJ RJ")


def test_s4_straights() -> None:
    state = lead_state("AS 2D 3C 4H 5S TS JD QC KH QS KD 2H 6S 7D", level=9)
    assert_play(state, "play AS 2D 3C 4H 5S", "straight")
    assert_play(state, "play TS JD QC KH AS", "straight")
    assert_invalid(state, "QS KD AS 2H 3C")
    assert_invalid(state, "2D 3C 4H 5S 6S 7D")
    assert_invalid(state, "AS 2D 3C 4H 5S 6S")
    assert_beats("play AS 2D 3C 4H 5S", "straight", "play 2S 3D 4C 5H 6S", "straight", 9)


def test_s5_ambiguous_play_both_readings_offered() -> None:
    state = lead_state("3C 4C 5H 6C 7C", level=5)
    assert offered_kinds(state, "3C 4C 5H 6C 7C") == ["straight", "straight_flush"]
    assert_play(state, "play 3C 4C 5H 6C 7C as 3C 4C 5C 6C 7C", "straight_flush")
    assert_play(state, "play 3C 4C 5H 6C 7C", "straight")
    # On a table straight 23456: the flush reading is a bomb, the straight reading beats
    # too (key 7 > 6).
    state = after_lead("play 2S 3D 4S 5S 6D", "3C 4C 5H 6C 7C", 5, "straight")
    assert offered_kinds(state, "3C 4C 5H 6C 7C") == ["straight", "straight_flush"]
    assert_play(state, "play 3C 4C 5H 6C 7C as 3C 4C 5C 6C 7C", "straight_flush")
    assert_play(state, "play 3C 4C 5H 6C 7C", "straight")


def test_s6_excluded_shapes() -> None:
    state = lead_state("9S 9D 9C 4S 3S 3D 3C 4D 4C 5S 6S 3H 4H 5D 5C 5H 6D 6C 7S 8S", level=2)
    assert_invalid(state, "9S 9D 9C 4S")
    assert_invalid(state, "3S 3D 3C 4S 4D 4C 5S 6S")
    assert_invalid(state, "3S 3D 4S 4D 5S 5D 6S 6D")
    assert_invalid(state, "3S 3D 3C 4S 4D 4C 5S 5D 5C")
    assert_invalid(state, "3S 4S 5S 6S 7S 8S 9S")


def test_s7_bomb_ladder() -> None:
    # L = 7 throughout.
    assert_beats("play AS AH AD AC", "bomb", "play 3S 3H 3D 3C 3S", "bomb", 7)
    assert_beats("play AS AH AD AC", "bomb", "play 7S 7D 7C 7S", "bomb", 7)
    assert_beats("play AS AH AD AC AS", "bomb", "play 9S TS JS QS KS", "straight_flush", 7)
    assert_beats("play TH JH QH KH AH", "straight_flush", "play 2S 2S 2H 2D 2C 2C", "bomb", 7)
    ten = "8S 8S 8H 8H 8D 8D 8C 8C 7H 7H"
    top = f"play {ten} as 8S 8S 8H 8H 8D 8D 8C 8C 8H 8H"
    assert_beats(top, "bomb", "play BJ BJ RJ RJ", "joker_bomb", 7)


def test_s8_four_joker_bomb_cannot_use_wilds() -> None:
    state = lead_state("BJ BJ RJ 7H", level=7)
    assert_invalid(state, "BJ BJ RJ 7H", "play BJ BJ RJ 7H as BJ BJ RJ RJ")


def test_play_and_pass_events_shape() -> None:
    state = start({0: "3S 3D 9S"}, first_leader=0)
    state.apply("play 3S 3D")
    assert state.events[-1] == {
        "type": "play",
        "seat": 0,
        "action": "play 3S 3D",
        "cards": ["3S", "3D"],
        "as": None,
        "kind": "pair",
        "left": 25,
    }
    state.apply("pass")
    assert state.events[-1] == {"type": "pass", "seat": 1, "action": "pass"}
    assert state.view(2)["top"] == {"seat": 0, "cards": ["3S", "3D"], "as": None, "kind": "pair"}
    assert state.view(2)["plays_made"] == [1, 0, 0, 0]


def test_deals_option_stops_after_one_deal_without_winner() -> None:
    state = start(game=ONE_DEAL, seed=3, first_leader=0)
    result = play_deal(state, [0, 2, 1, 3])
    assert result["match_won"] is False
    assert state.is_over and state.current_player is None
    assert state.scores == [0, 0, 0, 0]


# ======================================================================================
# more §4.2 / §4.3 edges: wilds inside every shape, jokers outside sequences


def test_sec4_2_wilds_fill_tube_plate_full_house_and_straight_flush() -> None:
    state = lead_state("3S 3D 4S 5S 5D 5H 5H 8S 8D 8C 3C BJ BJ 9C TC QC 6S 6D 7S 7D")
    # tube 334455 with a wild as a 4 (5S 5D are level cards, in their natural place)
    event = assert_play(state, "play 3S 3D 4S 5S 5D 5H as 3S 3D 4S 4H 5S 5D", "tube")
    assert sorted(c[0] for c in represented(event)) == ["3", "3", "4", "4", "5", "5"]
    # plate 666777 with both wilds
    assert_play(state, "play 6S 6D 7S 7D 5H 5H as 6S 6D 6H 7S 7D 7H", "plate")
    # full house 888 + 33 with the wild in the pair, 888 (wild) + BJ BJ
    assert_play(state, "play 3C 8S 8D 8C 5H as 3C 3H 8S 8D 8C", "full_house")
    assert_play(state, "play 8S 8D 5H BJ BJ as 8S 8D 8H BJ BJ", "full_house")
    # straight flush 9TJQK in clubs with two wilds for JC and KC
    event = assert_play(state, "play 9C TC QC 5H 5H as 9C TC JC QC KC", "straight_flush")
    assert sorted(represented(event)) == sorted(["9C", "TC", "JC", "QC", "KC"])


def test_sec4_2_two_wilds_together() -> None:
    # A play of two wilds: a pair of level cards as themselves; in a play of two or more
    # cards each wild may stand for any non-joker card (§4.2.1), so a pair of aces too.
    state = lead_state("5H 5H 5D")
    assert_play(state, "play 5H 5H", "pair")
    assert_play(state, "play 5H 5D", "pair")
    assert_play(state, "play 5H 5H as AH AH", "pair")
    assert_illegal(state, "play 5H 5H as BJ BJ")


def test_sec4_3_jokers_never_in_sequences() -> None:
    state = lead_state("TS JS QS KS BJ RJ 3S 3D 4S 4D")
    assert_invalid(state, "TS JS QS KS BJ")
    assert_invalid(state, "TS JS QS KS RJ")
    assert_invalid(state, "3S 3D 4S 4D BJ BJ")


def test_sec4_4_equal_straight_never_beats() -> None:
    assert_not_beats("play 2S 3D 4C 5H 6S", "straight", "play 2D 3S 4D 5S 6D", 9)
    assert_not_beats("play 3S 3D 3C 4S 4D 4C", "plate", "play 3H 3S 3D 4H 4C 4S", 9)


def test_g6_double_tribute_one_payer_holds_both_red_jokers() -> None:
    state = tribute_state({3: "RJ RJ"}, previous=[0, 2, 1, 3], levels=[5, 2], team=0)
    assert tributes(state) == []
    cancelled = [e for e in state.events if e["type"] == "tribute_cancelled"]
    assert len(cancelled) == 1 and sorted(cancelled[0]["payers"]) == [1, 3]
    assert_leads(state, 0)


def test_g6_single_tribute_payer_with_one_red_joker_pays_it() -> None:
    # The other RJ is with the receiver's partner: no cancellation in a single tribute.
    state = tribute_state({2: "RJ", 3: "RJ"}, previous=[1, 0, 3, 2], levels=[2, 9], team=1)
    assert tributes(state) == [(2, 1, "RJ")]


def test_sec4_4_eight_card_bombs_by_level_order() -> None:
    # L = 5: eight 5s (wilds as themselves) beat eight aces; eight aces beat eight 2s.
    eight = {r: " ".join(r + s for s in "SSHHDDCC") for r in "25A"}
    assert_beats(f"play {eight['A']}", "bomb", f"play {eight['5']}", "bomb", 5)
    assert_not_beats(f"play {eight['5']}", "bomb", f"play {eight['A']}", 5)
    assert_beats(f"play {eight['2']}", "bomb", f"play {eight['A']}", "bomb", 5)


def test_g18_straight_played_as_plain_is_beaten_by_higher_plain_straight() -> None:
    state = after_lead("play 3S 4S 5S 6S 7S as straight", "4D 5C 6H 7C 8D", 9, "straight")
    assert_play(state, "play 4D 5C 6H 7C 8D", "straight")


def test_sec5_2_both_teams_at_ace_the_other_team_wins_match() -> None:
    # The deal is played at A (team {1,3}'s level) and {0,2} was at A too when it began:
    # {0,2} finishing 1st with the partner 2nd wins the match (§5.2, all three hold).
    state = level_match([14, 14], 1, seed=17)
    result = play_deal(state, [2, 0, 1, 3])
    assert result["winning_team"] == 0 and result["match_won"] is True
    assert state.is_over and state.scores == [1, -1, 1, -1]


def test_sec5_2_reaching_ace_in_a_deal_at_ace_does_not_win() -> None:
    # {0,2} at Q wins a deal played at A ({1,3}'s level) 1-2: 12 + 3 -> A, but it was not
    # at A when the deal began: no match win; the next deal is at A, {0,2}'s level.
    state = level_match([12, 14], 1, seed=19)
    result = play_deal(state, [0, 2, 1, 3])
    assert result["match_won"] is False and not state.is_over
    assert result["levels"] == [14, 14]
    nxt = next_deal_event(state)
    assert nxt["level"] == 14 and nxt["level_team"] == 0


def test_sec6b_wild_standing_for_another_card_needs_as_part() -> None:
    # Without ``as`` the wild stands for itself (a 5 at L = 5): 9S 5H is then no pair.
    state = lead_state("9S 5H 9D", level=5)
    assert_illegal(state, "play 9S 5H")
    assert_play(state, "play 9S 5H as 9S 9H", "pair")


def test_api_parsing_forgiving_and_any_order() -> None:
    state = lead_state("9S 9D TS 5H", level=5)
    for action in ["play 9d 9s", "play 9D 9S"]:
        trial = state.clone()
        trial.apply(action)
        assert trial.events[-1]["kind"] == "pair"
        assert sorted(trial.events[-1]["cards"]) == ["9D", "9S"]
    trial = state.clone()
    trial.apply("play 10s 5h as 10s 10h")
    assert trial.events[-1]["kind"] == "pair"
    assert sorted(trial.events[-1]["cards"]) == ["5H", "TS"]


def test_example_5_4_8_fallback_when_level_is_j_takes_the_queens() -> None:
    # L = J: the non-heart jacks are level cards (strong, printed rank J: not 2..10), so
    # the lowest-strength non-wild cards of this receiver are its queens.
    receiver = "JS JD JH JH " + " ".join(r + s for r in "QK" for s in "SSHHDDCC")
    receiver += " AS AS AH AH AD AD AC"
    state = tribute_state({1: receiver, 2: "AC"}, previous=[1, 0, 3, 2], levels=[2, 11], team=1)
    assert tributes(state) == [(2, 1, "AC")]
    cards = return_cards(state)
    assert cards and all(card[0] == "Q" for card in cards), cards
    assert_illegal(state, "return JS")
    assert_illegal(state, "return JH")


def test_g6_receivers_red_jokers_do_not_cancel() -> None:
    state = tribute_state({0: "RJ", 2: "RJ"}, previous=[0, 2, 1, 3], levels=[5, 2], team=0)
    assert not [e for e in state.events if e["type"] == "tribute_cancelled"]
    assert sorted(p for p, _, _ in tributes(state)) == [1, 3]
