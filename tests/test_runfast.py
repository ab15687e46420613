"""Run Fast 48 (``runfast``) against spec/zhengshangyou.md, one test per example.

Every scenario is played through the public API from a fixed deal. Under must-beat a
follower who can beat must play, so each deal is built so that every pass in it is forced
(the test asserts ``legal_actions() == ["pass"]`` before each pass). Expected numbers are
worked out from the spec by hand, in the comments, never computed by engine code.

Deal specs: a hand is written as tokens; a token with a suit letter is that exact card
(``3H``), any other token is a string of ranks (``44`` = two fours, ``2`` = ``2S``, ``AAA`` =
the three aces) and takes the lowest free suits (``3H`` only when named). One seat may be
``None``: it gets every card the others do not hold.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from itertools import pairwise

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import cardavia
from cardavia import IllegalAction, InvalidDeal
from cardavia.climbing import Combo, beats
from cardavia.games.runfast import classify, pack_48

GAME = cardavia.new_game("runfast")
PACK = pack_48()
SUIT_LETTERS = set("SHDC")

# --------------------------------------------------------------------------------------
# helpers


def _is_card(token: str) -> bool:
    return any(ch in SUIT_LETTERS for ch in token)


def make_deal(*specs: str | None) -> dict[str, list[list[str]]]:
    """Three hands from three specs (see the module docstring)."""
    assert len(specs) == 3 and sum(spec is None for spec in specs) <= 1
    pool = list(PACK)
    for spec in specs:
        for token in (spec or "").split():
            if _is_card(token):
                pool.remove(token)  # ValueError: a card named twice or not in the pack
    hands: list[list[str] | None] = []
    for spec in specs:
        if spec is None:
            hands.append(None)
            continue
        hand: list[str] = []
        for token in spec.split():
            if _is_card(token):
                hand.append(token)
                continue
            for rank in token:
                # 3H stays free unless a spec names it (the opener is always explicit).
                card = next(c for c in sorted(pool, key=lambda c: c == "3H") if c[0] == rank)
                pool.remove(card)
                hand.append(card)
        hands.append(hand)
    if None in hands:
        hands[hands.index(None)] = pool
        pool = []
    assert not pool, f"cards left over: {pool}"
    sizes = [len(hand or []) for hand in hands]
    assert sizes == [16, 16, 16], sizes
    assert sorted(c for h in hands for c in h or []) == sorted(PACK)
    return {"hands": [hand or [] for hand in hands]}


def new(*specs: str | None) -> cardavia.State:
    return GAME.new_state(seed=0, deal=make_deal(*specs))


def cards_for(state: cardavia.State, spec: str) -> list[str]:
    """The cards of the player to act that ``spec`` names (3H first among the 3s)."""
    hand = list(state.view(state.current_player)["hand"])
    chosen = []
    for token in spec.split():
        if _is_card(token):
            hand.remove(token)
            chosen.append(token)
            continue
        for rank in token:
            matches = [c for c in hand if c[0] == rank]
            card = "3H" if "3H" in matches else matches[0]
            hand.remove(card)
            chosen.append(card)
    return chosen


def action(state: cardavia.State, spec: str) -> str:
    return "pass" if spec == "pass" else "play " + " ".join(cards_for(state, spec))


def run(state: cardavia.State, moves: list[tuple[int, str]]) -> cardavia.State:
    """Play ``(seat, spec)`` moves; every pass is checked to be forced (must-beat)."""
    for seat, spec in moves:
        assert state.current_player == seat, (seat, spec, state.current_player)
        if spec == "pass":
            assert state.legal_actions() == ["pass"], (seat, state.legal_actions())
        state.apply(action(state, spec))
    return state


def accepts(state: cardavia.State, text: str) -> bool:
    """Whether ``apply(text)`` works (on a clone); a refusal must change nothing."""
    trial = state.clone()
    before = trial.to_json()
    try:
        trial.apply(text)
    except IllegalAction:
        assert trial.to_json() == before
        return False
    return True


def events(state: cardavia.State, kind: str) -> list[dict]:
    return [event for event in state.events if event["type"] == kind]


def bonuses(state: cardavia.State) -> list[tuple[int, list[int]]]:
    return [(event["seat"], event["amounts"]) for event in events(state, "bonus")]


def result(state: cardavia.State) -> dict:
    found = events(state, "result")
    assert len(found) == 1
    return found[0]


def penalty_totals(state: cardavia.State) -> dict[str, int]:
    penalties = result(state)["breakdown"]["penalties"]
    return {seat: detail["total"] for seat, detail in penalties.items()}


def rank_key(text: str) -> str:
    """'play 5S 5H' -> '55' (ranks in display order); 'pass' -> 'pass'."""
    return text if text == "pass" else "".join(card[0] for card in text.split()[1:])


def legal_ranks(state: cardavia.State) -> set[str]:
    return {rank_key(a) for a in state.legal_actions()}


def cards(ranks: str) -> list[str]:
    """Rank string -> distinct cards of the 48-card pack: '99' -> ['9S', '9H']."""
    used: Counter[str] = Counter()
    out = []
    for rank in ranks:
        suits = [c[1] for c in PACK if c[0] == rank]
        out.append(rank + suits[used[rank]])
        used[rank] += 1
    return out


def kind(ranks: str, opening: bool = False) -> str | None:
    combo = classify(cards(ranks), opening=opening)
    return None if combo is None else combo.kind


# --------------------------------------------------------------------------------------
# §2.1 deck and §2.2 deal


def test_s2_1_deck_is_48_cards() -> None:
    assert len(PACK) == 48 == len(set(PACK))
    for removed in ("RJ", "BJ", "AH", "2H", "2D", "2C"):
        assert removed not in PACK
    counts = Counter(card[0] for card in PACK)
    assert all(counts[rank] == 4 for rank in "3456789TJQK")
    assert {c for c in PACK if c[0] == "A"} == {"AS", "AD", "AC"}
    assert [c for c in PACK if c[0] == "2"] == ["2S"]


@pytest.mark.parametrize("seed", range(8))
def test_s7_01_deck_random_deal_16_each_no_kitty(seed: int) -> None:
    state = GAME.new_state(seed=seed)
    hands = [state.view(seat)["hand"] for seat in range(3)]
    assert [len(hand) for hand in hands] == [16, 16, 16]
    assert sorted(c for hand in hands for c in hand) == sorted(PACK)
    for seat in range(3):
        view = state.view(seat)
        assert view["hand_sizes"] == [16, 16, 16]
        for hidden in ("bottom", "kitty"):
            assert not view.get(hidden)
    # §2.2: the holder of 3H makes the first play.
    assert "3H" in hands[state.current_player]


def test_s2_2_random_seeds_deal_differently_and_reproducibly() -> None:
    first = [GAME.new_state(seed=s).view(0)["hand"] for s in range(5)]
    again = [GAME.new_state(seed=s).view(0)["hand"] for s in range(5)]
    assert first == again
    assert len({tuple(hand) for hand in first}) == 5


# --------------------------------------------------------------------------------------
# §4.2 combination catalogue (classify, opening=False unless said)

VALID = [
    ("7", "single"),
    ("A", "single"),
    ("2", "single"),
    ("99", "pair"),
    ("AA", "pair"),
    ("333", "triple"),
    ("KKK", "triple"),
    ("34567", "straight"),
    ("TJQKA", "straight"),
    ("3456789TJQKA", "straight"),
    ("3344", "pair_run"),
    ("TTJJQQ", "pair_run"),
    ("KKAA", "pair_run"),
    ("33445566778899TT", "pair_run"),  # the largest possible play
    ("5555", "bomb"),
    ("KKKK", "bomb"),
    ("AAA", "ace_bomb"),  # never a triple
    ("3333", "bomb"),  # not the opening play: the lowest bomb (§4.4)
]

INVALID = [
    "2A",  # 2S + anything is no pair
    "23",
    "JQKA2",
    "A2345",
    "3456",
    "3456789TJQKA2",  # 2 excluded from sequences
    "3355",
    "AA2",  # AA22 needs two 2s; with the one 2S it is no combination
    "34",
    "3334",  # §4.2 excluded: triple with a single
    "33344",  # triple with a pair
    "333444",  # plane
    "33344456",  # plane with wings
    "55553",  # four with attachments
    "555534",
    "55553344",
]


@pytest.mark.parametrize(("ranks", "expected"), VALID)
def test_s4_2_valid_examples(ranks: str, expected: str) -> None:
    assert kind(ranks) == expected


@pytest.mark.parametrize("ranks", INVALID)
def test_s4_2_invalid_examples(ranks: str) -> None:
    assert kind(ranks) is None


def test_s4_2_aa22_with_two_2s_is_not_a_pair_run() -> None:
    # Only one 2 exists; even as rank counts AA22 is no pair run (2 is excluded).
    assert classify(["AS", "AD", "2S", "2S"]) is None


def test_s4_2_sky_bomb_only_as_opening() -> None:
    assert kind("3333", opening=True) == "sky_bomb"
    assert kind("3333", opening=False) == "bomb"


def test_s4_2_straight_lengths_5_to_12() -> None:
    assert kind("3456") is None
    for length in range(5, 13):
        assert kind("3456789TJQKA"[:length]) == "straight"


# --------------------------------------------------------------------------------------
# §4.3 what beats what


def _combo(ranks: str, opening: bool = False) -> Combo:
    combo = classify(cards(ranks), opening=opening)
    assert combo is not None, ranks
    return combo


def test_s4_3_bomb_ladder() -> None:
    ladder = [_combo(r * 4) for r in "3456789TJQK"] + [_combo("AAA"), _combo("3333", True)]
    for low, high in pairwise(ladder):
        assert beats(high, low) and not beats(low, high)
    sky = ladder[-1]
    for other in ladder[:-1]:
        assert not beats(other, sky)
    for ordinary in ("2", "AA", "KKK", "TJQKA", "33445566778899TT"):
        assert not beats(_combo(ordinary), sky)
        for bomb in ladder:
            assert beats(bomb, _combo(ordinary))


def test_s4_3_same_type_same_size_higher_key() -> None:
    assert beats(_combo("2"), _combo("A"))
    assert beats(_combo("AA"), _combo("KK"))
    assert beats(_combo("45678"), _combo("34567"))
    assert not beats(_combo("456789"), _combo("34567"))  # other length
    assert not beats(_combo("556677"), _combo("3344"))  # other number of pairs
    assert not beats(_combo("99"), _combo("8"))  # other type
    assert not beats(_combo("999"), _combo("88"))


def test_s4_3_equal_never_beats() -> None:
    assert not beats(_combo("9"), classify(["9H"]))
    assert not beats(_combo("99"), classify(["9D", "9C"]))
    assert not beats(_combo("5555"), _combo("5555"))


# --------------------------------------------------------------------------------------
# §3 turn structure


def test_s3_1_leader_may_not_pass() -> None:
    state = new("3H 4 5 6 7 T J Q K A 88 JJ 44", "4 5 6 7 8 99 QQ 33 KKK AA", None)
    assert "pass" not in state.legal_actions()
    assert not accepts(state, "pass")


def test_s3_4_pass_does_not_lock_out_of_round() -> None:
    # S1 can never beat a straight (no straight, no bomb); S2 can.
    state = new("3H 4 5 6 7 33 55 66 77 88 9", "TTT JJJ QQQ KKK 2 444", None)
    run(state, [(0, "3H 4 5 6 7"), (1, "pass"), (2, "5 6 7 8 9"), (0, "pass")])
    # Play comes back to S1, who passed earlier in this round: it is asked again.
    assert state.current_player == 1
    assert state.legal_actions() == ["pass"]
    run(state, [(1, "pass")])
    assert state.current_player == 2 and state.view(2)["top"] is None


def test_s3_5_going_out_ends_the_deal_at_once() -> None:
    state = new("3H 3 44 55 66 77 88 99 TT", "KKKK Q JJ 2 3 4 5 6 7 8 9 T", None)
    run(state, [(0, "3H 3 44 55 66 77 88 99 TT")])
    assert state.is_over and state.current_player is None
    assert state.legal_actions() == []
    assert all(state.view(seat)["legal_actions"] == [] for seat in range(3))
    assert [e["type"] for e in state.events[-2:]] == ["play", "result"]


def test_api_equivalent_plays_listed_once_any_suits_accepted() -> None:
    state = new("3H 3 44 55 66 77 88 99 TT", None, "AAA QQQ JJ 3 4 5 6 7 8 9 T")
    actions = state.legal_actions()
    assert len(actions) == len(set(actions))
    assert len({rank_key(a) for a in actions}) == len(actions)
    # Opening representatives contain 3H.
    assert all("3H" in a.split() for a in actions)
    # A pair of 4s cannot contain 3H, so the opening may not be one.
    assert "44" not in legal_ranks(state)
    assert "3" in legal_ranks(state) and "play 3H" in actions
    # After the opening, suits are free: any two 9s of the player are accepted.
    state = new("3H 4 5 6 7 T J Q K A 88 JJ 44", "4 5 6 7 8 99 QQ 33 KKK AA", None)
    run(state, [(0, "3H 4 5 6 7"), (1, "4 5 6 7 8"), (2, "5 6 7 8 9"), (0, "T J Q K A")])
    run(state, [(1, "pass"), (2, "pass"), (0, "88")])
    nines = [c for c in state.view(1)["hand"] if c[0] == "9"]
    assert [a for a in state.legal_actions() if rank_key(a) == "99"] == ["play " + " ".join(nines)]
    assert accepts(state, "play " + " ".join(reversed(nines)))


# --------------------------------------------------------------------------------------
# §7 conformance scenarios


def test_s7_02_opening_card() -> None:
    state = new("444 555 666 777 8 9 T J", "3H 4S 5D 6C 7H 88 99 TT JJ QQ K", None)
    assert state.current_player == 1
    assert all("3H" in a.split() for a in state.legal_actions())
    assert not accepts(state, "play 4S")
    assert not accepts(state, "play 4S 5D 6C 7H 8S")
    assert accepts(state, "play 3H")
    assert accepts(state, "play 3H 4S 5D 6C 7H")
    assert "play 3H" in state.legal_actions()
    assert "play 3H 4S 5D 6C 7H" in state.legal_actions()


def test_s7_03_sky_bomb() -> None:
    state = new(None, "3S 3H 3D 3C 44 55 66 77 88 99", "AAA KKKK QQQQ JJJ TT")
    assert state.current_player == 1
    run(state, [(1, "3S 3H 3D 3C")])
    assert events(state, "play")[-1]["kind"] == "sky_bomb"
    # S2 holds AAA and KKKK: neither is legal against the sky bomb.
    assert state.current_player == 2 and state.legal_actions() == ["pass"]
    assert not accepts(state, "play AS AD AC")
    assert not accepts(state, "play KS KH KD KC")
    run(state, [(2, "pass"), (0, "pass")])
    assert state.current_player == 1 and state.view(1)["top"] is None
    assert "pass" not in state.legal_actions()
    assert bonuses(state) == []
    assert state.view(0)["bonuses"] == [0, 0, 0]


def test_s7_04_must_beat_with_an_ordinary_play() -> None:
    state = new(None, "9 TTT JJJ QQQ KKK AA 2", "5555 J 444 666 777 88")
    run(state, [(0, "3H"), (1, "9")])
    assert state.current_player == 2
    assert "pass" not in state.legal_actions()
    assert not accepts(state, "pass")
    # The only beating plays of S2: its J, or its bomb.
    assert legal_ranks(state) == {"J", "5555"}
    assert accepts(state, action(state, "J"))
    assert accepts(state, action(state, "5555"))
    assert not accepts(state, action(state, "4"))  # does not beat the 9


def test_s7_05_forced_bomb() -> None:
    state = new("6666 A 44 55 77 88 99 T", None, "KK AA QQQ JJJ TT 33 2 4")
    run(state, [(1, "3H 3"), (2, "KK")])
    assert state.current_player == 0
    sixes = [c for c in state.view(0)["hand"] if c[0] == "6"]
    assert state.legal_actions() == ["play " + " ".join(sixes)]
    assert not accepts(state, "pass")


def test_s7_06_pass_allowed() -> None:
    state = new("2 333 44 55 66 77 8 AA 9", "44 55 66 77 88 99 TT JJ", None)
    assert state.current_player == 2
    run(state, [(2, "3H"), (0, "2S")])
    assert state.current_player == 1
    assert state.legal_actions() == ["pass"]


def test_s7_07_straights() -> None:
    state = new("3H 4 5 6 7 33 44 55 66 77 Q", "3 4 5 6 7 8 9 T J Q K A 2 8 9 T", None)
    run(state, [(0, "3H 4 5 6 7")])
    assert legal_ranks(state) == {
        "45678",
        "56789",
        "6789T",
        "789TJ",
        "89TJQ",
        "9TJQK",
        "TJQKA",
    }
    assert accepts(state, action(state, "4 5 6 7 8"))
    assert not accepts(state, action(state, "4 5 6 7 8 9"))
    assert accepts(state, action(state, "T J Q K A"))
    assert not accepts(state, action(state, "J Q K A 2"))
    assert not accepts(state, action(state, "A 2 3 4 5"))
    assert kind("JQKA2") is None and kind("A2345") is None


def test_s7_08_pair_runs() -> None:
    assert kind("3344") == "pair_run"
    state = new("3H 3 44 33 55 66 77 88 T J", "55 66 77 9 T J Q K A 2 88 9", None)
    run(state, [(0, "3H 3 4 4")])
    assert legal_ranks(state) == {"5566", "6677", "7788", "8899"}
    assert accepts(state, action(state, "5566"))
    assert not accepts(state, action(state, "556677"))
    assert classify(["AS", "AD", "2S", "2S"]) is None  # AA22 (only one 2 exists anyway)


def test_s7_09_excluded_shapes() -> None:
    for ranks in ("3334", "33344", "333444", "55553"):
        assert kind(ranks) is None, ranks
    state = new("3H 3 3 444 5555 66 77 8 9", None, "TTTT JJJJ QQQQ KKKK")
    for shape in ("3H 3 3 4", "3H 3 3 44", "3H 3 3 444", "5555 3H"):
        assert not accepts(state, action(state, shape)), shape
    assert accepts(state, action(state, "3H 3 3"))  # a bare triple is fine


def test_s7_10_bomb_ladder_in_play() -> None:
    state = new("AAA 9999 44 55 66 77 8", "3H QQQQ JJJJ 4 5 6 7 8 T 2", None)
    run(state, [(1, "3H"), (2, "KKKK")])
    # Top KKKK: AAA is legal (S0's 9999 is not: lower on the ladder).
    assert state.current_player == 0
    assert legal_ranks(state) == {"AAA"}
    assert not accepts(state, action(state, "9999"))
    run(state, [(0, "AAA")])
    # Top AAA: no four-card bomb is legal.
    assert state.current_player == 1 and state.legal_actions() == ["pass"]
    assert not accepts(state, action(state, "QQQQ"))
    assert not accepts(state, action(state, "JJJJ"))

    # Top triple 999: AAA is legal, as a bomb.
    state = new("3H 3 3 44 55 66 77 88 T J Q", "999 KKK 44 55 66 77 8 T", None)
    run(state, [(0, "3H 3 3"), (1, "999")])
    assert state.current_player == 2
    assert "AAA" in legal_ranks(state)
    assert accepts(state, action(state, "AAA"))


# The deal of §5.4 example 3 / §7 scenario 11. S1 holds 7777 from the start and must beat
# every ordinary play, so S0 can only win a round (and lead 99 "mid-deal") after a play
# that beats 7777 and that nobody answers: S0 opens with the sky bomb 3333, a led bomb,
# which earns nothing (§5.2), so the bonus figures of the example are untouched.
EXAMPLE_3 = (
    "3S 3H 3D 3C 99 9 55 66 44 K AA",
    "7777 8 9 T J Q TT JJ 66 2",
    "T J Q K A 44 55 QQ KK 888",
)
EXAMPLE_3_ROUNDS_1_2 = [
    (0, "3S 3H 3D 3C"),
    (1, "pass"),
    (2, "pass"),
    (0, "99"),
    (1, "7777"),
    (2, "pass"),
    (0, "pass"),
]


def test_s7_11_standing_response_bomb_bonus() -> None:
    state = run(new(*EXAMPLE_3), EXAMPLE_3_ROUNDS_1_2)
    # A bonus event S1 +20, S0 -10, S2 -10; S1 leads.
    assert bonuses(state) == [(1, [-10, 20, -10])]
    assert state.view(2)["bonuses"] == [-10, 20, -10]
    assert state.current_player == 1 and state.view(1)["top"] is None
    assert "pass" not in state.legal_actions()
    assert not state.is_over and state.scores == [0, 0, 0]


def test_s5_4_example_3_response_bomb_stands() -> None:
    state = run(new(*EXAMPLE_3), EXAMPLE_3_ROUNDS_1_2)
    run(
        state,
        [
            (1, "8 9 T J Q"),
            (2, "T J Q K A"),
            (0, "pass"),
            (1, "pass"),
            (2, "4455"),
            (0, "5566"),
            (1, "TTJJ"),
            (2, "QQKK"),
            (0, "pass"),
            (1, "pass"),
            (2, "888"),
        ],
    )
    assert state.is_over and result(state)["winner"] == 2
    assert [len(state.view(s)["hand"]) for s in range(3)] == [6, 3, 0]
    assert "2S" in state.view(1)["hand"]
    # S0 = 6; S1 = 3 + 10 = 13; S2 receives 19.
    assert penalty_totals(state) == {"0": 6, "1": 13}
    # S0 = -10 - 6 = -16; S1 = +20 - 13 = +7; S2 = -10 + 19 = +9.
    assert state.scores == [-16, 7, 9]
    assert result(state)["scores"] == [-16, 7, 9]
    assert bonuses(state) == [(1, [-10, 20, -10])]


# §5.4 example 4 / §7 scenario 12. S1 holds 5555 and S2 holds AAA, so S0 can only take the
# lead with the sky bomb (the only play above AAA); that led bomb earns nothing.
EXAMPLE_4 = (
    "3S 3H 3D 3C KK 44 66 77 88 99",
    "5555 44 66 77 88 99 TT",
    None,  # AAA KK TT JJJJ QQQQ 2S
)
EXAMPLE_4_MOVES = [
    (0, "3S 3H 3D 3C"),
    (1, "pass"),
    (2, "pass"),
    (0, "KK"),
    (1, "5555"),
    (2, "AAA"),
    (0, "pass"),
    (1, "pass"),
]


def test_s7_12_beaten_bomb() -> None:
    state = run(new(*EXAMPLE_4), EXAMPLE_4_MOVES)
    # One bonus only: S2 +20, S0 -10, S1 -10.
    assert bonuses(state) == [(2, [-10, -10, 20])]
    assert state.current_player == 2


def test_s5_4_example_4_bomb_beaten_by_bigger_bomb() -> None:
    state = new(*EXAMPLE_4)
    run(state, EXAMPLE_4_MOVES[:5])
    assert bonuses(state) == []  # S1's 5555 is on top, but the round is not over
    run(state, EXAMPLE_4_MOVES[5:])
    assert state.view(0)["bonuses"] == [-10, -10, 20]  # S1's 5555 earns nothing


# §5.4 example 6 / §7 scenario 13. S0 opens 3344 (nobody holds a higher two-pair run or a
# bomb), then leads 6666.
EXAMPLE_6 = ("3H 3 44 6666 88 TT QQ AA", "555 777 999 JJJ KKK 2", None)


def test_s7_13_led_bomb() -> None:
    state = run(new(*EXAMPLE_6), [(0, "3H 3 4 4"), (1, "pass"), (2, "pass")])
    run(state, [(0, "6666"), (1, "pass"), (2, "pass")])
    assert bonuses(state) == []
    assert state.view(1)["bonuses"] == [0, 0, 0]
    assert state.current_player == 0


def test_s5_4_example_6_led_bomb_no_bonus() -> None:
    state = run(new(*EXAMPLE_6), [(0, "3H 3 4 4"), (1, "pass"), (2, "pass"), (0, "6666")])
    # Nobody can beat it.
    assert state.legal_actions() == ["pass"]
    run(state, [(1, "pass"), (2, "pass")])
    assert events(state, "round_end")[-1]["leader"] == 0
    assert bonuses(state) == []


# §5.4 example 5 / §7 scenario 14, the final response bomb. Exactly as written (S2's whole
# hand 8888 with 12 cards already played, no other bonus) it cannot arise: S2 holds 8888
# all deal, so it must beat every ordinary play, and S1 can only lead (the single Q) after
# winning a round, i.e. after S2 passed on a play of S1's, which must then be a bomb above
# 8888 that S1 played as a response (the opening aside, S1 cannot lead a bomb either).
# Closest real deal: S2 opens; one long round of two-pair runs; S1 is forced to answer
# JJQQ with AAA, which stands (+20 S1); S1 leads Q; S2's last four cards are 8888.
EXAMPLE_5 = (
    "44 55 99 TT 33 77 9 Q KK",
    "55 66 TT JJ AAA Q 9 KK 2",
    "3H 3 44 66 77 JJ QQ 8888",
)
EXAMPLE_5_MOVES = [
    (2, "3H 3 4 4"),
    (0, "4455"),
    (1, "5566"),
    (2, "6677"),
    (0, "99TT"),
    (1, "TTJJ"),
    (2, "JJQQ"),
    (0, "pass"),
    (1, "AAA"),
    (2, "pass"),
    (0, "pass"),
    (1, "Q"),
]


def test_s7_14_final_response_bomb() -> None:
    state = run(new(*EXAMPLE_5), EXAMPLE_5_MOVES)
    assert bonuses(state) == [(1, [-10, 20, -10])]
    assert state.view(2)["hand_sizes"][2] == 4
    eights = state.view(2)["hand"]
    assert state.current_player == 2 and state.legal_actions() == ["play " + " ".join(eights)]
    state.apply("play " + " ".join(eights))
    # Deal over at once; the final bomb is settled immediately: S2 +20, S0 -10, S1 -10.
    assert state.is_over
    assert bonuses(state) == [(1, [-10, 20, -10]), (2, [-10, -10, 20])]
    types = [e["type"] for e in state.events]
    last_play = len(types) - 1 - types[::-1].index("play")
    assert types[last_play:].count("bonus") == 1  # settled at once, nobody answered
    assert types[-1] == "result"
    assert result(state)["breakdown"]["bonuses"] == [-20, 10, 10]
    # Penalties on the remaining cards: S0 holds 8 (played): 8; S1 holds 9 K K 2S: 4 + 10.
    assert penalty_totals(state) == {"0": 8, "1": 14}


def test_s5_4_example_5_final_response_bomb() -> None:
    state = run(new(*EXAMPLE_5), [*EXAMPLE_5_MOVES, (2, "8888")])
    assert result(state)["winner"] == 2
    assert [len(state.view(s)["hand"]) for s in range(3)] == [8, 4, 0]
    # Bonuses: S1's AAA (+20 / -10 / -10) and S2's final 8888 (+20 / -10 / -10):
    # S0 -20, S1 +10, S2 +10. Penalties: S0 8, S1 4 + 10 = 14, to S2: 22.
    # S0 = -20 - 8 = -28; S1 = +10 - 14 = -4; S2 = +10 + 22 = +32; sum 0.
    assert state.scores == [-28, -4, 32]
    assert result(state)["scores"] == [-28, -4, 32]


EXAMPLE_2 = (
    "3H 3 44 55 66 77 88 99 TT",
    "KKKK Q JJ 2 3 4 5 6 7 8 9 T",
    "AAA QQQ JJ 3 4 5 6 7 8 9 T",
)


def test_s7_15_never_played() -> None:
    state = run(new(*EXAMPLE_2), [(0, "3H 3 44 55 66 77 88 99 TT")])
    assert state.scores == [94, -52, -42]


def test_s5_4_example_2_opening_out_never_played_bombs_in_hand() -> None:
    state = run(new(*EXAMPLE_2), [(0, "3H 3 44 55 66 77 88 99 TT")])
    assert state.is_over and result(state)["winner"] == 0
    penalties = result(state)["breakdown"]["penalties"]
    # S1: 16 x 2 = 32, + 10 (2S), + 10 (KKKK) = 52 (not 72: the doubling is cards only).
    assert penalties["1"]["cards"] == 16 and penalties["1"]["total"] == 52
    assert penalties["1"]["two_of_spades"] == 1 and penalties["1"]["bombs"] == 1
    # S2: 16 x 2 = 32, + 10 (AAA) = 42; QQQ is not a bomb.
    assert penalties["2"]["cards"] == 16 and penalties["2"]["total"] == 42
    assert penalties["2"]["two_of_spades"] == 0 and penalties["2"]["bombs"] == 1
    assert result(state)["scores"] == [94, -52, -42]
    assert sum(state.scores) == 0


EXAMPLE_1 = (
    "3H 4 5 6 7 T J Q K A 88 JJ 44",
    "4 5 6 7 8 99 QQ 33 KKK AA",
    "5 6 7 8 9 TT 3 5 6 7 9 T J Q 2",
)
EXAMPLE_1_MOVES = [
    (0, "3H 4 5 6 7"),
    (1, "4 5 6 7 8"),
    (2, "5 6 7 8 9"),
    (0, "T J Q K A"),
    (1, "pass"),
    (2, "pass"),
    (0, "88"),
    (1, "99"),
    (2, "TT"),
    (0, "JJ"),
    (1, "QQ"),
    (2, "pass"),
    (0, "pass"),
    (1, "33"),
    (2, "pass"),
    (0, "44"),
]


def test_s7_16_plain_settlement() -> None:
    state = run(new(*EXAMPLE_1), EXAMPLE_1_MOVES)
    assert state.scores == [24, -5, -19]


def test_s5_4_example_1_plain_finish() -> None:
    state = run(new(*EXAMPLE_1), EXAMPLE_1_MOVES)
    assert state.is_over and result(state)["winner"] == 0
    assert [len(state.view(s)["hand"]) for s in range(3)] == [0, 5, 9]
    assert "2S" in state.view(2)["hand"]
    # S1: 5 x 1 = 5 (KKK AA: no bomb). S2: 9 x 1 + 10 = 19.
    assert penalty_totals(state) == {"1": 5, "2": 19}
    assert result(state)["scores"] == [24, -5, -19]
    assert bonuses(state) == []


def test_s7_17_round_end() -> None:
    state = new("3H 4 5 6 7 8 9 T J Q K A 5 3 3 4", "9 TTT JJJ QQQ KKK AA 2", None)
    run(state, [(0, "3H 4 5 6 7 8 9 T J Q K A"), (1, "pass"), (2, "pass")])
    assert state.current_player == 0 and state.view(0)["top"] is None
    run(state, [(0, "5"), (1, "9"), (2, "pass"), (0, "pass")])
    assert state.current_player == 1 and state.view(1)["top"] is None
    assert events(state, "round_end")[-1]["leader"] == 1


def _random_playout(seed: int, rng: random.Random) -> cardavia.State:
    state = GAME.new_state(seed=seed)
    while not state.is_over:
        state.apply(rng.choice(state.legal_actions()))
    return state


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**31 - 1), rng=st.randoms(use_true_random=False))
def test_s7_18_zero_sum(seed: int, rng: random.Random) -> None:
    state = _random_playout(seed, rng)
    final = result(state)
    assert sum(state.scores) == 0
    assert final["scores"] == state.scores
    winner = final["winner"]
    assert state.view(winner)["hand"] == []
    # §5.3: each loser pays its own penalty; the winner receives both; bonuses on top.
    bonus = [0, 0, 0]
    for _, amounts in bonuses(state):
        assert sorted(amounts) == [-10, -10, 20]
        bonus = [b + a for b, a in zip(bonus, amounts, strict=True)]
    penalties = penalty_totals(state)
    for seat in range(3):
        if seat != winner:
            assert state.scores[seat] == bonus[seat] - penalties[str(seat)]
    assert state.scores[winner] == bonus[winner] + sum(penalties.values())


# --------------------------------------------------------------------------------------
# §5.1 penalty details


def test_s5_1_penalty_counts_bombs_and_two_of_spades_from_the_hand() -> None:
    # Example 2 again, seen from the penalty rule: x = 2 for a player who never had a turn.
    state = run(new(*EXAMPLE_2), [(0, "3H 3 44 55 66 77 88 99 TT")])
    penalties = result(state)["breakdown"]["penalties"]
    assert penalties["1"]["doubled"] and penalties["2"]["doubled"]
    assert set(penalties) == {"1", "2"}  # the winner pays nothing


# --------------------------------------------------------------------------------------
# Bad input and bad deals


def _unchanged_after(state: cardavia.State, text: object) -> None:
    before = state.to_json()
    with pytest.raises(IllegalAction):
        state.apply(text)  # type: ignore[arg-type]
    assert state.to_json() == before


@pytest.mark.parametrize(
    "text",
    [
        "",
        "   ",
        "play",
        "play ZZ",
        "play 3H 3H",
        "bid 1",
        "fold",
        "pass 3H",
        "play 1H",
        "play AH",  # not in the 48-card pack
        "play 2S",  # S2's card
        "play 3H 5S",  # not a combination
        "pass",  # the opener leads: no pass
        "play 4S",  # opening without 3H
    ],
)
def test_bad_input_at_the_opening_changes_nothing(text: str) -> None:
    state = new(*EXAMPLE_1)
    assert "4S" in state.view(0)["hand"] and "5S" in state.view(0)["hand"]
    _unchanged_after(state, text)


def test_bad_input_non_string_changes_nothing() -> None:
    state = new(*EXAMPLE_1)
    for junk in (None, 3, ["play", "3H"]):
        _unchanged_after(state, junk)


def test_bad_input_mid_round_changes_nothing() -> None:
    state = run(new(*EXAMPLE_1), EXAMPLE_1_MOVES[:1])  # S0 led 3H 4 5 6 7
    for spec in ("33", "99", "KKK", "4 5 6 7 8 9"):  # not beating / wrong shape
        _unchanged_after(state, action(state, spec))
    _unchanged_after(state, "pass")  # S1 can beat with 45678
    _unchanged_after(state, "play TS JS QS KS AS")  # S0's cards
    _unchanged_after(state, "play 3H 4S 5S 6S 7S")  # already played


def test_bad_input_after_the_end_changes_nothing() -> None:
    state = run(new(*EXAMPLE_1), EXAMPLE_1_MOVES)
    assert state.is_over
    for text in ("pass", "play KS", action_any(state), "junk"):
        _unchanged_after(state, text)


def action_any(state: cardavia.State) -> str:
    return "play " + state.view(1)["hand"][0]


def test_json_round_trip_of_a_finished_deal() -> None:
    state = run(new(*EXAMPLE_3), EXAMPLE_3_ROUNDS_1_2)
    text = state.to_json()
    restored = GAME.state_from_json(text)
    assert restored.to_json() == text
    assert restored.legal_actions() == state.legal_actions()
    json.loads(text)


_GOOD = make_deal(*EXAMPLE_1)["hands"]


@pytest.mark.parametrize(
    "deal",
    [
        {},
        {"hands": "nonsense"},
        {"hands": _GOOD[:2]},
        {"hands": [*_GOOD, []]},
        {"hands": [_GOOD[0][:15], _GOOD[1], _GOOD[2] + [_GOOD[0][15]]]},
        {"hands": [_GOOD[0], _GOOD[1], [*_GOOD[2][:-1], _GOOD[0][0]]]},  # duplicate
        {"hands": [_GOOD[0], _GOOD[1], [*_GOOD[2][:-1], "AH"]]},  # not in the pack
        {"hands": [_GOOD[0], _GOOD[1], [*_GOOD[2][:-1], "2H"]]},
        {"hands": [_GOOD[0], _GOOD[1], [*_GOOD[2][:-1], "BJ"]]},
        {"hands": [_GOOD[0], _GOOD[1], [*_GOOD[2][:-1], "ZZ"]]},
        {"hands": [_GOOD[0], _GOOD[1], [*_GOOD[2][:-1], None]]},
        {"hands": [_GOOD[0], _GOOD[1], [*_GOOD[2][:-1], 7]]},
        {"hands": _GOOD, "bottom": ["AH"]},  # no such key in Run Fast
    ],
)
def test_bad_deals_raise_invalid_deal(deal: dict) -> None:
    with pytest.raises(InvalidDeal):
        GAME.new_state(seed=0, deal=deal)


def test_good_deal_is_accepted_in_any_card_spelling() -> None:
    hands = [[card.lower() for card in hand] for hand in _GOOD]
    state = GAME.new_state(seed=0, deal={"hands": hands})
    assert state.view(0)["hand"] == sorted(state.view(0)["hand"], key=PACK_ORDER.index)


PACK_ORDER = [r + s for r in "3456789TJQKA2" for s in "SHDC"]


# --- issue 11: every malformed deal is an InvalidDeal ------------------------------------------


@pytest.mark.parametrize(
    "deal",
    [[], "hands", {}, {"hands": None}, {"hands": "3H 3S"}, {"hands": [[3] * 16] * 3}],
)
def test_malformed_deals_are_invalid(deal: object) -> None:
    with pytest.raises(InvalidDeal):
        GAME.new_state(seed=0, deal=deal)  # type: ignore[arg-type]


def test_a_deal_may_not_add_keys() -> None:
    with pytest.raises(InvalidDeal, match="unknown deal keys: bottom"):
        cards = pack_48()
        GAME.new_state(seed=0, deal={"hands": [cards[:16], cards[16:32], cards[32:]], "bottom": []})
