"""Tractor (``tractor``) against spec/tractor.md: one test per example and scenario.

Written against the public API (API.md, spec §6b and the Tractor interface): ``new_game``,
``new_state(seed, deal=...)``, ``legal_actions``, ``apply``, ``clone``, ``view``, ``events``,
``scores``, ``is_over``, ``to_json``, ``IllegalAction``, ``InvalidDeal``; the §3.1/§3.3
tables are also checked on ``cardavia.games.tractor.rules`` and ``tricks.combination_of``.
Every expected value is read off the spec by hand.

Names: ``s<N>`` = §7 scenario N, ``example_5_4_*`` / ``example_5_5_*`` = the worked
examples, ``sec<X>_*`` = the rule of that section, ``r<N>`` = §6 decision RN.

How deals are built (``make_deal``): the seats named in ``hands`` get the cards listed and
are padded to 25 cards with cards of effective suits *not* named for them (and not in
``void``), so a named seat holds exactly the listed cards of every effective suit it lists.
While declaring (no ``trump`` key) named seats are never padded with jokers or level cards,
so the declarations a seat can make are exactly those its listed cards allow. The kitty is
the cards listed then padding; unnamed seats get what remains.

Play positions are reached with a fixed trump (``trump`` key, hearts at level 7 unless a
test says otherwise), the dealer burying the kitty it picked up, so the dealer's hand is
its 25 listed cards again and it leads the first trick.

Whole deals with a chosen P (``scoring_state``): dealer S0 holds the top trumps and leads
them as singles; S2 holds the lowest trumps; the attackers hold none, so the defenders win
every trick except the scripted ones (an optional first trick and the last trick, whose
cards each seat keeps back until then). The attackers' trick points and the kitty are
therefore exactly the cards written in the test.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from collections.abc import Iterable
from typing import Any

import pytest

import cardavia
from cardavia import IllegalAction, InvalidDeal
from cardavia.games.tractor.rules import TRUMP, card_rules, points
from cardavia.tricks import combination_of

RANKS = "23456789TJQKA"
SUITS = "SHDC"
PACK: list[str] = [r + s for r in RANKS for s in SUITS] * 2 + ["BJ", "BJ", "RJ", "RJ"]
GAME = cardavia.new_game("tractor")
ONE_DEAL = cardavia.new_game("tractor", deals=1)
HAND = 25

# --------------------------------------------------------------------------------------
# an independent card model (§0, §3.1), used to build deals and to read expectations


def cards_of(text: str | Iterable[str]) -> list[str]:
    return text.split() if isinstance(text, str) else list(text)


def level_char(level: int) -> str:
    return RANKS[level - 2]


def eff_suit(card: str, level: int, trump: str | None) -> str:
    """ "T" for jokers, level cards and the trump suit (None / "NT": no suit is trump)."""
    if card in ("BJ", "RJ") or card[0] == level_char(level) or card[1] == trump:
        return "T"
    return card[1]


def trump_order(card: str, level: int, trump: str) -> int:
    """Position in the trump ladder of §3.3, 0 = highest (RJ)."""
    if card == "RJ":
        return 0
    if card == "BJ":
        return 1
    if card[0] == level_char(level):
        return 2 if card[1] == trump else 3
    return 4 + [r for r in reversed(RANKS) if r != level_char(level)].index(card[0])


def points_of(cards: Iterable[str]) -> int:
    return sum({"5": 5, "T": 10, "K": 10}.get(c[0], 0) for c in cards if c not in ("BJ", "RJ"))


def same(a: Iterable[str], b: Iterable[str]) -> bool:
    return Counter(a) == Counter(b)


# --------------------------------------------------------------------------------------
# building deals


def make_deal(
    hands: dict[int, str] | None = None,
    kitty: str = "",
    *,
    dealer: int | None = 0,
    levels: list[int] | None = None,
    trump: str | None = None,
    void: dict[int, str] | None = None,
    free: Iterable[int] = (),
    seed: int = 0,
) -> dict[str, Any]:
    """A legal 108-card deal (module docstring). ``void[seat]``: effective suits ("S",
    "T", …) never used to pad that seat. ``free`` seats get their listed cards and then
    whatever is left, like unnamed seats (a leader whose other cards do not matter)."""
    hands = hands or {}
    void = void or {}
    level = levels[(dealer or 0) % 2] if levels else 2
    suit_trump = trump if trump and trump in SUITS else None
    pool = Counter(PACK)
    for card in [c for text in hands.values() for c in cards_of(text)] + cards_of(kitty):
        pool[card] -= 1
        assert pool[card] >= 0, f"{card} used more than twice"
    rest = list(pool.elements())
    random.Random(seed).shuffle(rest)
    named = {**dict.fromkeys(void, ""), **hands}
    result = {seat: cards_of(text) for seat, text in named.items()}
    avoid: dict[int, set[str]] = {}
    for seat in set(named) - set(free):
        avoid[seat] = {eff_suit(c, level, suit_trump) for c in result[seat]}
        avoid[seat] |= set(void.get(seat, "")) | ({"T"} if trump is None else set())
    _pad_constrained(result, avoid, rest, level, suit_trump)
    kitty_cards = cards_of(kitty)
    kitty_cards += rest[: 8 - len(kitty_cards)]
    del rest[: 8 - len(cards_of(kitty))]
    for seat in range(4):
        if seat not in avoid:
            have = result.get(seat, [])
            need = HAND - len(have)
            result[seat] = have + rest[:need]
            del rest[:need]
    assert not rest and all(len(result[s]) == HAND for s in range(4))
    deal: dict[str, Any] = {"hands": [result[s] for s in range(4)], "kitty": kitty_cards}
    if dealer is not None:
        deal["dealer"] = dealer
    if levels is not None:
        deal["levels"] = levels
    if trump is not None:
        deal["trump"] = trump
    return deal


def _pad_constrained(
    result: dict[int, list[str]],
    avoid: dict[int, set[str]],
    rest: list[str],
    level: int,
    trump: str | None,
) -> None:
    """Pad the seats with suits to avoid, the most constrained first, each taking the
    cards fewest other seats could take, so that every seat can be filled."""
    pending = sorted(avoid, key=lambda s: len(avoid[s]), reverse=True)
    while pending:
        seat = pending.pop(0)
        others = pending

        def scarcity(card: str, others: list[int] = others) -> int:
            return sum(eff_suit(card, level, trump) not in avoid[o] for o in others)

        allowed = [c for c in rest if eff_suit(c, level, trump) not in avoid[seat]]
        allowed.sort(key=scarcity)
        pad = allowed[: HAND - len(result[seat])]
        assert len(result[seat]) + len(pad) == HAND, f"seat {seat} cannot be padded"
        for card in pad:
            rest.remove(card)
        result[seat] = result[seat] + pad


def start(hands: dict[int, str] | None = None, kitty: str = "", **kw: Any) -> Any:
    game = kw.pop("game", GAME)
    return game.new_state(seed=kw.pop("state_seed", 1), deal=make_deal(hands, kitty, **kw))


def bury_kitty(state: Any) -> None:
    """The dealer buries the very cards it picked up, so its hand is as dealt again."""
    dealer = state.current_player
    view = state.view(dealer)
    assert view["phase"] == "bury", view["phase"]
    for card in list(view["taken_kitty"]):
        state.apply(f"bury {card}")
    assert state.view(dealer)["phase"] == "play"


def position(
    hands: dict[int, str],
    *,
    trump: str = "H",
    level: int = 7,
    void: dict[int, str] | None = None,
    leader: int = 0,
) -> Any:
    """A state at the first trick of a deal with that trump and level, ``leader`` (the
    dealer) to lead."""
    levels = [level, level]
    state = start(hands, dealer=leader, levels=levels, trump=trump, void=void, free=[leader])
    bury_kitty(state)
    assert state.current_player == leader
    return state


def play(state: Any, seat: int, cards: str) -> None:
    assert state.current_player == seat, (state.current_player, seat)
    state.apply("play " + cards)


def trick(state: Any, plays: list[tuple[int, str]]) -> dict[str, Any]:
    """Play one complete trick (each follower's cards at once); its ``trick`` event."""
    begin = len(state.events)
    for seat, cards in plays:
        play(state, seat, cards)
    events = [e for e in state.events[begin:] if e["type"] == "trick"]
    assert len(events) == 1, events
    event: dict[str, Any] = events[0]
    return event


def card_actions(state: Any) -> set[str]:
    return {a.split()[1] for a in state.legal_actions() if a.startswith("play ")}


def leads(state: Any) -> set[tuple[str, ...]]:
    return {tuple(sorted(a.split()[1:])) for a in state.legal_actions() if a.startswith("play ")}


def complete_follows(state: Any, limit: int = 3000) -> set[tuple[str, ...]]:
    """Every complete follow reachable card by card through ``legal_actions``."""
    seat = state.current_player
    need = state.view(seat)["to_follow"]
    found: set[tuple[str, ...]] = set()
    seen: set[tuple[str, ...]] = set()
    stack: list[tuple[Any, tuple[str, ...]]] = [(state, ())]
    while stack:
        current, chosen = stack.pop()
        if len(chosen) == need:
            found.add(chosen)
            continue
        for card in card_actions(current):
            key = tuple(sorted((*chosen, card)))
            if key in seen:
                continue
            seen.add(key)
            assert len(seen) <= limit, "too many follows to enumerate"
            nxt = current.clone()
            nxt.apply(f"play {card}")
            stack.append((nxt, key))
    return found


def assert_illegal(state: Any, action: str) -> str:
    """``apply`` refuses it with a message and leaves the state exactly as it was."""
    before = state.to_json()
    with pytest.raises(IllegalAction) as info:
        state.apply(action)
    assert state.to_json() == before
    assert action not in state.legal_actions()
    assert str(info.value).strip(), "IllegalAction without a message"
    return str(info.value)


def declare(state: Any, seat: int, action: str) -> None:
    assert state.current_player == seat, (state.current_player, seat)
    assert action in state.legal_actions(), (action, state.legal_actions())
    state.apply(action)


def events_of(state: Any, kind: str) -> list[dict[str, Any]]:
    return [e for e in state.events if e["type"] == kind]


# ======================================================================================
# §2.3 declaring


def test_s1_declaring_and_first_dealer_r4() -> None:
    state = start({0: "", 1: "2H 2D", 3: "2S 2S"}, dealer=0)
    kitty = make_deal({0: "", 1: "2H 2D", 3: "2S 2S"}, dealer=0)["kitty"]
    assert state.view(0)["phase"] == "declare" and state.view(0)["level"] == 2
    declare(state, 0, "pass")
    declare(state, 1, "declare 2H")
    declare(state, 2, "pass")
    declare(state, 3, "declare 2S 2S")
    declare(state, 0, "pass")
    declare(state, 1, "pass")
    declare(state, 2, "pass")
    view = state.view(1)
    assert view["trump"] == "S"
    assert view["dealer"] == 1  # the first declarer, though S3 fixed the trump (R4)
    assert sorted(view["defenders"]) == [1, 3] and sorted(view["attackers"]) == [0, 2]
    assert view["phase"] == "bury" and state.current_player == 1
    assert len(view["hand"]) == 33
    assert same(view["taken_kitty"], kitty)
    trump_event = events_of(state, "trump")[-1]
    assert trump_event["trump"] == "S" and trump_event["dealer"] == 1
    assert trump_event["declarer"] == 3
    bury_kitty(state)
    assert state.current_player == 1  # the dealer leads the first trick (§2.4.3)


def test_s2_equal_strength_refused() -> None:
    state = start({0: "2S 2S", 1: "2D 2D 2C BJ BJ"}, dealer=0)
    declare(state, 0, "declare 2S 2S")
    assert state.current_player == 1
    assert_illegal(state, "declare 2D 2D")
    assert_illegal(state, "declare 2C")
    assert_illegal(state, "declare 2D")
    assert state.legal_actions() == ["declare BJ BJ", "pass"]
    declare(state, 1, "declare BJ BJ")
    assert state.view(2)["declaration"]["seat"] == 1


def test_s3_joker_overcalls_and_rj_rj_unbeatable() -> None:
    state = start({0: "2S", 1: "BJ BJ", 2: "RJ RJ", 3: "2H 2H"}, dealer=0)
    declare(state, 0, "declare 2S")
    declare(state, 1, "declare BJ BJ")
    assert state.view(2)["declaration"]["strength"] == 3
    declare(state, 2, "declare RJ RJ")
    for seat in (3, 0, 1):
        assert state.current_player == seat
        assert state.legal_actions() == ["pass"], (seat, state.legal_actions())
        state.apply("pass")
    view = state.view(0)
    assert view["trump"] == "NT"
    assert view["dealer"] == 0  # S0 declared first
    assert view["phase"] == "bury"


def test_sec2_3_strength_ladder_listed_in_strength_order() -> None:
    """§2.3.2: one level card < identical level pair < BJ BJ < RJ RJ; each is offered
    only when strictly stronger than the standing one (§2.3.3)."""
    state = start({0: "2S 2S 2H BJ BJ RJ RJ"}, dealer=0)
    actions = state.legal_actions()
    assert set(actions) == {
        "declare 2S",
        "declare 2H",
        "declare 2S 2S",
        "declare BJ BJ",
        "declare RJ RJ",
        "pass",
    }
    ranks = {"declare 2S": 1, "declare 2H": 1, "declare 2S 2S": 2}
    ranks |= {"declare BJ BJ": 3, "declare RJ RJ": 4, "pass": 5}
    assert [ranks[a] for a in actions] == sorted(ranks[a] for a in actions)
    assert_illegal(state, "declare 2S 2H")  # not identical: not a pair
    assert_illegal(state, "declare BJ RJ")
    assert_illegal(state, "declare BJ")  # one joker is not a declaration
    assert_illegal(state, "declare 3S")  # not a level card
    assert_illegal(state, "declare 2D")  # not held


def test_sec2_3_single_then_pair_overcall_of_another_suit() -> None:
    """R6: a level pair overcalls a single level card, whatever the suits."""
    state = start({0: "2C", 1: "2D 2D"}, dealer=0)
    declare(state, 0, "declare 2C")
    assert "declare 2D" not in state.legal_actions()
    declare(state, 1, "declare 2D 2D")
    for seat in (2, 3, 0):
        declare(state, seat, "pass")
    assert state.view(0)["trump"] == "D"
    assert state.view(0)["dealer"] == 0  # first declarer S0 keeps the deal (R4)


def test_sec2_3_pass_is_not_final_and_partner_may_overcall() -> None:
    state = start({1: "2H 2H", 2: "2S", 0: "2D 2D"}, dealer=0)
    declare(state, 0, "pass")
    declare(state, 1, "pass")
    declare(state, 2, "declare 2S")
    declare(state, 3, "pass")
    declare(state, 0, "declare 2D 2D")  # S0 passed before, and overcalls its partner S2
    assert state.legal_actions() == ["pass"]  # S1's 2H 2H is only equal to 2D 2D
    declare(state, 1, "pass")
    declare(state, 2, "pass")
    declare(state, 3, "pass")
    view = state.view(0)
    assert view["trump"] == "D"
    assert view["dealer"] == 2  # first declarer (R4), not the overcaller
    assert sorted(view["defenders"]) == [0, 2]


def test_sec2_3_fourth_seat_declares_after_three_passes() -> None:
    state = start({1: "2H", 3: "2C 2C"}, dealer=0)
    declare(state, 0, "pass")
    declare(state, 1, "pass")
    declare(state, 2, "pass")
    declare(state, 3, "declare 2C 2C")
    assert state.view(0)["phase"] == "declare"
    for seat in (0, 1, 2):
        declare(state, seat, "pass")
    assert state.view(0)["trump"] == "C" and state.view(0)["dealer"] == 3


def test_sec2_3_r8_standing_declarer_never_gets_a_turn() -> None:
    state = start({0: "2S 2S", 3: "2H 2H", 1: "BJ BJ"}, dealer=0)
    declare(state, 0, "declare 2S")
    turns = []
    for action in ("pass", "pass", "declare 2H 2H"):
        turns.append(state.current_player)
        state.apply(action)
    # S3 now stands: S0, S1, S2 get turns, S3 does not.
    for _ in range(3):
        turns.append(state.current_player)
        state.apply("pass")
    assert turns == [1, 2, 3, 0, 1, 2]
    view = state.view(0)
    assert view["phase"] == "bury" and view["trump"] == "H"
    # S0's pair 2S 2S could never reinforce its own 2S: S1, S2, S3 passing ended it.
    state = start({0: "2S 2S"}, dealer=0)
    declare(state, 0, "declare 2S")
    for seat in (1, 2, 3):
        assert state.current_player == seat
        state.apply("pass")
    assert state.view(0)["phase"] == "bury" and state.view(0)["trump"] == "S"


def test_sec2_3_overcalled_declarer_may_declare_again() -> None:
    state = start({0: "2S BJ BJ", 1: "2H 2H"}, dealer=0)
    declare(state, 0, "declare 2S")
    declare(state, 1, "declare 2H 2H")
    declare(state, 2, "pass")
    declare(state, 3, "pass")
    declare(state, 0, "declare BJ BJ")  # S0 no longer stands, so it has a turn
    for seat in (1, 2, 3):
        declare(state, seat, "pass")
    assert state.view(0)["trump"] == "NT" and state.view(0)["dealer"] == 0


def test_s4_nobody_declares_kitty_exposed_first_non_joker_suit() -> None:
    state = start({}, "BJ 9D 3S", dealer=2)
    kitty = make_deal({}, "BJ 9D 3S", dealer=2)["kitty"]
    for seat in (2, 3, 0, 1):
        declare(state, seat, "pass")
    exposed = events_of(state, "kitty_exposed")
    assert len(exposed) == 1 and exposed[0]["cards"] == kitty and exposed[0]["trump"] == "D"
    for seat in range(4):
        assert state.view(seat)["exposed_kitty"] == kitty
        assert state.view(seat)["trump"] == "D"
    view = state.view(2)
    assert view["dealer"] == 2 and state.current_player == 2 and view["phase"] == "bury"
    assert len(view["hand"]) == 33
    assert events_of(state, "trump")[-1]["declarer"] is None


@pytest.mark.parametrize(
    ("kitty", "trump"),
    [
        pytest.param("RJ 2C 9D", "C", id="level_card_2C_gives_clubs"),
        pytest.param("BJ RJ 5H", "H", id="two_jokers_then_5H"),
        pytest.param("KS", "S", id="first_card"),
    ],
)
def test_sec2_3_5_all_pass_trump_is_first_non_joker_card(kitty: str, trump: str) -> None:
    state = start({}, kitty, dealer=1)
    for seat in (1, 2, 3, 0):
        declare(state, seat, "pass")
    assert state.view(0)["trump"] == trump
    assert state.view(1)["dealer"] == 1


def test_r4_first_declarer_not_starting_dealer_becomes_dealer() -> None:
    state = start({3: "2H"}, dealer=1)
    declare(state, 1, "pass")
    declare(state, 2, "pass")
    declare(state, 3, "declare 2H")
    for seat in (0, 1, 2):
        declare(state, seat, "pass")
    assert state.view(0)["dealer"] == 3  # first declarer, though S1 started
    assert state.current_player == 3


def test_sec6b_with_levels_r4_does_not_apply() -> None:
    state = start({1: "5H"}, dealer=0, levels=[5, 3])
    view = state.view(0)
    assert view["level"] == 5 and view["level_rank"] == "5" and view["levels"] == [5, 3]
    assert view["dealer"] == 0 and state.current_player == 0
    declare(state, 0, "pass")
    declare(state, 1, "declare 5H")
    for seat in (2, 3, 0):
        declare(state, seat, "pass")
    view = state.view(0)
    assert view["trump"] == "H" and view["dealer"] == 0 and sorted(view["defenders"]) == [0, 2]
    assert state.current_player == 0


def test_sec2_3_declare_and_pass_events_and_standing_declaration() -> None:
    state = start({0: "2S", 1: "2H 2H"}, dealer=0)
    state.apply("declare 2S")
    assert state.events[-1] == {
        "type": "declare",
        "seat": 0,
        "cards": ["2S"],
        "strength": 1,
        "trump": "S",
        "action": "declare 2S",
    }
    for seat in range(4):
        assert state.view(seat)["declaration"] == {"seat": 0, "cards": ["2S"], "strength": 1}
        assert state.view(seat)["trump"] is None  # fixed only when declaring ends
    state.apply("declare 2H 2H")
    assert state.events[-1]["strength"] == 2 and state.events[-1]["trump"] == "H"
    state.apply("pass")
    assert state.events[-1] == {"type": "pass", "seat": 2, "action": "pass"}


def test_sec2_3_5_all_pass_in_a_later_deal_keeps_dealer() -> None:
    state = start({}, "RJ 9H", dealer=3, levels=[6, 9])
    assert state.view(0)["level"] == 9
    for seat in (3, 0, 1, 2):
        declare(state, seat, "pass")
    view = state.view(0)
    assert view["trump"] == "H" and view["dealer"] == 3 and state.current_player == 3


def test_sec6b_trump_with_dealer_without_levels_is_deal_1_at_level_2() -> None:
    state = start({}, dealer=2, trump="H")
    view = state.view(2)
    assert view["phase"] == "bury" and view["level"] == 2 and view["dealer"] == 2
    assert state.current_player == 2 and view["trump"] == "H"


def test_sec6b_later_deal_level_is_dealers_team_level() -> None:
    state = start({}, dealer=1, levels=[5, 11])
    assert state.view(0)["level"] == 11 and state.view(0)["level_rank"] == "J"


def test_sec6b_trump_key_skips_declaring() -> None:
    state = start({}, dealer=3, levels=[4, 9], trump="NT")
    view = state.view(3)
    assert view["phase"] == "bury" and state.current_player == 3
    assert view["trump"] == "NT" and view["level"] == 9
    assert len(view["hand"]) == 33 and view["to_bury"] == 8
    assert not events_of(state, "declare") and not events_of(state, "pass")
    event = events_of(state, "trump")[-1]
    assert event["trump"] == "NT" and event["dealer"] == 3 and event["declarer"] is None


# ======================================================================================
# §2.4 the kitty


def test_sec2_4_bury_any_eight_cards_one_at_a_time() -> None:
    state = start({0: "RJ RJ KS TS 5H 5H 7C"}, dealer=0, levels=[7, 7], trump="H")
    view = state.view(0)
    assert len(view["hand"]) == 33 and view["to_bury"] == 8
    assert set(state.legal_actions()) == {f"bury {c}" for c in view["hand"]}
    assert len(state.legal_actions()) == len(set(view["hand"]))
    assert state.legal_actions() == [f"bury {c}" for c in dict.fromkeys(view["hand"])]
    chosen = ["RJ", "RJ", "KS", "TS", "5H", "5H", "7C", view["taken_kitty"][0]]
    for count, card in enumerate(chosen):
        assert state.view(0)["to_bury"] == 8 - count
        state.apply(f"bury {card}")
        assert state.view(0)["kitty"] is not None and same(
            state.view(0)["kitty"], chosen[: count + 1]
        )
        for other in (1, 2, 3):
            assert state.view(other)["kitty"] is None
            assert state.view(other)["taken_kitty"] is None
    buries = events_of(state, "bury")
    assert len(buries) == 8
    for event in buries:
        assert event["seat"] == 0
        assert not ({"card", "cards", "action"} & set(event)), event
    view = state.view(0)
    assert view["phase"] == "play" and len(view["hand"]) == 25 and view["to_bury"] == 0
    assert state.current_player == 0  # the dealer leads (§2.4.3)
    assert_illegal(state, "bury 2D")


def test_sec2_4_unheld_card_cannot_be_buried() -> None:
    state = start({0: "AS"}, dealer=0, levels=[7, 7], trump="H", void={0: "D"})
    held = Counter(state.view(0)["hand"])
    missing = next(c for c in PACK if held[c] == 0)
    assert_illegal(state, f"bury {missing}")
    assert_illegal(state, "bury")
    assert_illegal(state, "play AS")


def test_sec2_4_kitty_public_at_deal_end_in_deal_result() -> None:
    deal, _ = scoring_deal(levels=[8, 5], last=None, kitty="KD KD 5C 2C 3C 4C 6C 7C")
    state = ONE_DEAL.new_state(seed=1, deal=deal)
    bury = ["RJ", *state.view(0)["taken_kitty"][:7]]  # any card may be buried, a trump too
    for card in bury:
        state.apply(f"bury {card}")
    assert state.view(1)["kitty"] is None
    result = drive_deal(state, None, None)
    assert same(result["kitty"], bury)
    assert result["kitty_points"] == points_of(bury) == 25
    assert state.is_over
    shown = [e for e in state.view(2)["events"] if e["type"] == "deal_result"]
    assert len(shown) == 1 and same(shown[0]["kitty"], bury)


# ======================================================================================
# §3.1 order of cards; display order


def test_sec3_1_order_level_7_hearts() -> None:
    rules = card_rules(7, "H")
    order = [
        "RJ",
        "BJ",
        "7H",
        "7S",
        "AH",
        "KH",
        "QH",
        "JH",
        "TH",
        "9H",
        "8H",
        "6H",
        "5H",
        "4H",
        "3H",
        "2H",
    ]
    for card in [*order, "7D", "7C"]:
        assert rules.suit_of(card) == TRUMP, card
    strengths = [rules.strength(c) for c in order]
    assert strengths == sorted(strengths, reverse=True) and len(set(strengths)) == len(order)
    assert rules.strength("7S") == rules.strength("7D") == rules.strength("7C")
    clubs = ["AC", "KC", "QC", "JC", "TC", "9C", "8C", "6C", "5C", "4C", "3C", "2C"]
    assert all(rules.suit_of(c) == "C" for c in clubs)
    assert [rules.strength(c) for c in clubs] == sorted(
        (rules.strength(c) for c in clubs), reverse=True
    )
    assert len({rules.strength(c) for c in clubs}) == 12
    # a dense ladder: 8C and 6C are adjacent once the level rank is taken out (§3.3)
    assert rules.strength("8C") - rules.strength("6C") == 1
    assert rules.strength("AH") - rules.strength("KH") == 1


def test_sec3_1_order_no_trump() -> None:
    rules = card_rules(7, "NT")
    level_cards = ["7S", "7H", "7D", "7C"]
    for card in ["RJ", "BJ", *level_cards]:
        assert rules.suit_of(card) == TRUMP
    assert rules.strength("RJ") > rules.strength("BJ") > rules.strength("7S")
    assert len({rules.strength(c) for c in level_cards}) == 1
    for suit in SUITS:
        assert rules.suit_of("A" + suit) == suit and rules.suit_of("8" + suit) == suit
    assert rules.strength("8H") - rules.strength("6H") == 1


def test_sec5_1_points_function() -> None:
    assert points(["5S", "TH", "KD", "AS", "RJ", "7C"]) == 25
    assert points(PACK) == 200


def expected_display(hand: list[str], level: int, trump: str | None) -> list[str]:
    """Interface display order: RJ, BJ, the trump suit's level card, other level cards
    S H D C, trump suit A..2; then plain suits S H D C, each A..2."""
    lc = level_char(level)
    high = list(reversed(RANKS))

    def key(card: str) -> tuple[int, int, int]:
        if card == "RJ":
            return (0, 0, 0)
        if card == "BJ":
            return (0, 1, 0)
        if card[0] == lc:
            return (0, 2 if card[1] == trump else 3, SUITS.index(card[1]))
        if card[1] == trump:
            return (0, 4, high.index(card[0]))
        return (1 + SUITS.index(card[1]), 0, high.index(card[0]))

    return sorted(hand, key=key)


@pytest.mark.parametrize("trump", ["H", "S", "NT"])
def test_interface_hand_in_display_order(trump: str) -> None:
    state = start({}, dealer=0, levels=[7, 7], trump=trump, seed=3)
    for seat in range(4):
        hand = state.view(seat)["hand"]
        assert hand == expected_display(hand, 7, trump if trump != "NT" else None)


def test_interface_hand_while_declaring_in_no_trump_order() -> None:
    state = start({}, dealer=0, seed=4)
    for seat in range(4):
        hand = state.view(seat)["hand"]
        assert hand == expected_display(hand, 2, None)


def test_s5_trump_order_equal_level_cards_earlier_wins() -> None:
    state = position({0: "7S", 1: "7D", 2: "AH", 3: "7C"})
    event = trick(state, [(0, "7S"), (1, "7D"), (2, "AH"), (3, "7C")])
    assert event["winner"] == 0
    assert state.current_player == 0  # the winner leads next (§3.5)


# ======================================================================================
# §3.2 / §3.3 leads and tractors


def kind_of(cards: str, level: int = 7, trump: str = "H") -> str | None:
    combo = combination_of(cards.split(), card_rules(level, trump))
    return None if combo is None else combo.kind


TRACTORS_H7 = [
    "6C 6C 8C 8C",
    "7H 7H 7S 7S",
    "7S 7S AH AH",
    "BJ BJ 7H 7H",
    "RJ RJ BJ BJ",
    "RJ RJ BJ BJ 7H 7H",
    "7H 7H 7S 7S AH AH",
    "AH AH KH KH QH QH",
]
NOT_TRACTORS_H7 = ["7S 7S 7D 7D", "AC AC 2C 2C", "7S 7D AH AH", "5C 5C 6D 6D", "BJ BJ 7S 7S"]


@pytest.mark.parametrize("cards", TRACTORS_H7)
def test_s6_tractor_examples(cards: str) -> None:
    assert kind_of(cards) == "tractor"
    state = position({0: cards})
    assert tuple(sorted(cards.split())) in leads(state)
    event = trick_lead_event(state, cards)
    assert event["kind"] == "tractor"


@pytest.mark.parametrize("cards", NOT_TRACTORS_H7)
def test_s6_not_tractor_examples(cards: str) -> None:
    assert kind_of(cards) is None
    state = position({0: cards})
    assert tuple(sorted(cards.split())) not in leads(state)
    assert_illegal(state, "play " + cards)


def trick_lead_event(state: Any, cards: str) -> dict[str, Any]:
    trial = state.clone()
    trial.apply("play " + cards)
    lead = trial.view(1)["lead"]
    assert same(lead["cards"], cards.split())
    result: dict[str, Any] = lead
    return result


def test_sec3_3_gap_closed_no_wrap() -> None:
    assert kind_of("6C 6C 8C 8C") == "tractor"  # level 7 removed
    assert kind_of("8C 8C TC TC", level=9) == "tractor"
    assert kind_of("AC AC 2C 2C") is None  # no wrap
    assert kind_of("AS AS KS KS", level=7, trump="H") == "tractor"
    assert kind_of("3D 3D 2D 2D", level=7, trump="H") == "tractor"
    assert kind_of("AD AD 2D 2D", level=2, trump="H") is None
    assert kind_of("KH KH AH AH", level=5) == "tractor"
    state = position({0: "AC AC 2C 2C KC KC"})
    assert ("2C", "2C", "AC", "AC") not in leads(state)
    assert ("AC", "AC", "KC", "KC") in leads(state)


def test_sec3_3_at_most_one_off_suit_level_pair() -> None:
    assert kind_of("7S 7S 7D 7D") is None
    assert kind_of("7S 7S 7D 7D AH AH") is None
    assert kind_of("7H 7H 7S 7S 7D 7D") is None
    assert kind_of("7H 7H 7D 7D AH AH") == "tractor"
    state = position({0: "7H 7H 7S 7S 7D 7D AH AH"})
    got = {lead for lead in leads(state) if len(lead) >= 4}
    want = {
        tuple(sorted(c.split()))
        for c in [
            "7H 7H 7S 7S",
            "7H 7H 7D 7D",
            "7S 7S AH AH",
            "7D 7D AH AH",
            "7H 7H 7S 7S AH AH",
            "7H 7H 7D 7D AH AH",
        ]
    }
    assert got == want


def test_sec3_3_no_trump_tractors() -> None:
    assert kind_of("RJ RJ BJ BJ", trump="NT") == "tractor"
    assert kind_of("BJ BJ 7S 7S", trump="NT") == "tractor"
    assert kind_of("RJ RJ BJ BJ 7D 7D", trump="NT") == "tractor"
    assert kind_of("7S 7S 7D 7D", trump="NT") is None
    assert kind_of("AS AS 7S 7S", trump="NT") is None  # 7S is a trump in NT
    assert kind_of("8S 8S 6S 6S", trump="NT") == "tractor"


def test_sec3_2_pairs_and_combination_fields() -> None:
    rules = card_rules(7, "H")
    assert kind_of("7S 7D") is None  # equal strength, not identical (R16)
    assert kind_of("BJ RJ") is None
    for pair in ["KC KC", "7S 7S", "RJ RJ"]:
        assert kind_of(pair) == "pair"
    assert kind_of("AS") == kind_of("7D") == "single"
    combo = combination_of(["RJ", "RJ", "BJ", "BJ", "7H", "7H"], rules)
    assert combo is not None
    assert (combo.kind, combo.suit, combo.pairs, combo.size) == ("tractor", "T", 3, 6)
    assert combo.top == rules.strength("RJ")
    combo = combination_of(["6C", "6C", "8C", "8C"], rules)
    assert combo is not None and combo.suit == "C" and combo.top == rules.strength("8C")


def test_s19_leads() -> None:
    state = position({0: "AS AS KS"})
    assert ("AS", "KS") not in leads(state)
    assert_illegal(state, "play AS KS")
    assert_illegal(state, "play AS AS KS")  # no throws (R25)
    assert ("AS", "AS") in leads(state)
    state.apply("play AS AS")
    assert state.view(1)["lead"]["kind"] == "pair"


def test_interface_lead_order_singles_pairs_tractors() -> None:
    state = position({0: "AS AS KS KS 3D"})
    sizes = [len(a.split()) - 1 for a in state.legal_actions()]
    assert sizes == sorted(sizes)
    assert len(state.legal_actions()) == len(set(state.legal_actions()))


# ======================================================================================
# §3.4 following


def test_s7_follow_pair_must_include_pair() -> None:
    state = position({0: "9S 9S", 1: "KS KS 3S"})
    play(state, 0, "9S 9S")
    assert complete_follows(state) == {("KS", "KS")}
    assert_illegal(state, "play KS 3S")


def test_s7_follow_pair_two_spades_both_played() -> None:
    state = position({0: "9S 9S", 1: "KS 3S"})
    play(state, 0, "9S 9S")
    assert complete_follows(state) == {("3S", "KS")}


def test_s7_follow_pair_one_spade_plus_any_card() -> None:
    state = position({0: "9S 9S", 1: "QS"})
    play(state, 0, "9S 9S")
    hand = state.view(1)["hand"]
    assert card_actions(state) == set(hand)  # any card may go first
    assert state.legal_actions() == [f"play {c}" for c in dict.fromkeys(hand)]  # display order
    others = Counter(hand)
    others["QS"] -= 1
    want = {tuple(sorted(("QS", c))) for c in others if others[c] > 0}
    assert complete_follows(state) == want
    trial = state.clone()
    other = next(c for c in hand if c != "QS")
    trial.apply(f"play {other}")
    assert card_actions(trial) == {"QS"}  # the spade is owed
    assert trial.view(1)["to_follow"] == 1


def test_s8_follow_tractor_with_pairs_not_consecutive() -> None:
    state = position({0: "3S 3S 4S 4S", 1: "8S 8S TS TS QS"}, void={2: "S", 3: "S"})
    play(state, 0, "3S 3S 4S 4S")
    assert complete_follows(state) == {("8S", "8S", "TS", "TS")}
    play(state, 1, "8S 8S TS TS")
    for seat in (2, 3):
        hand = state.view(seat)["hand"]
        play(state, seat, " ".join(hand[-4:]))
    event = events_of(state, "trick")[-1]
    assert event["winner"] == 0  # disconnected pairs do not beat a tractor


def test_s8_follow_tractor_with_tractor_beats_it() -> None:
    state = position({0: "3S 3S 4S 4S", 1: "8S 8S 9S 9S JS"}, void={2: "S", 3: "S"})
    play(state, 0, "3S 3S 4S 4S")
    assert complete_follows(state) == {("8S", "8S", "9S", "9S")}
    play(state, 1, "8S 8S 9S 9S")
    for seat in (2, 3):
        play(state, seat, " ".join(state.view(seat)["hand"][-4:]))
    assert events_of(state, "trick")[-1]["winner"] == 1


def test_sec3_4_pairs_need_not_be_consecutive_three_pairs() -> None:
    """A 3-pair tractor lead; the follower holds pairs KK, 99 and a lone QS, 4S among six
    spades plus more: it must play min(3, 2) = 2 pairs and two more spades."""
    state = position({0: "3S 3S 4S 4S 5S 5S", 1: "KS KS 9S 9S QS 2S JS"})
    play(state, 0, "3S 3S 4S 4S 5S 5S")
    follows = complete_follows(state)
    assert follows == {
        tuple(sorted(["KS", "KS", "9S", "9S", *rest]))
        for rest in [("QS", "2S"), ("QS", "JS"), ("2S", "JS")]
    }


def test_s9_trump_a_single() -> None:
    state = position({0: "AC", 1: "2H", 2: "5C", 3: "3C"}, void={1: "CT"})
    play(state, 0, "AC")
    view = state.view(2)
    assert view["lead"] == {"seat": 0, "cards": ["AC"], "kind": "single", "suit": "C"}
    assert view["winning"] == 0 and view["to_follow"] == 0
    assert state.view(1)["to_follow"] == 1
    play(state, 1, "2H")
    assert state.view(0)["winning"] == 1
    event = trick(state, [(2, "5C"), (3, "3C")])
    assert event["winner"] == 1
    assert event["plays"] == [
        {"seat": 0, "cards": ["AC"]},
        {"seat": 1, "cards": ["2H"]},
        {"seat": 2, "cards": ["5C"]},
        {"seat": 3, "cards": ["3C"]},
    ]


def test_s9_trump_a_single_higher_trump_later_wins() -> None:
    state = position({0: "AC", 1: "2H", 2: "3H", 3: "3C"}, void={1: "CT", 2: "CT"})
    event = trick(state, [(0, "AC"), (1, "2H"), (2, "3H"), (3, "3C")])
    assert event["winner"] == 2


def test_s10_unpaired_trumps_cannot_win() -> None:
    state = position({0: "KD KD", 1: "2D 3D", 2: "BJ RJ", 3: "4D 6D"}, void={2: "DT"})
    event = trick(state, [(0, "KD KD"), (1, "2D 3D"), (2, "BJ RJ"), (3, "4D 6D")])
    assert event["winner"] == 0


def test_s11_trump_tractor_on_plain_tractor() -> None:
    hands = {0: "5C 5C 6C 6C", 1: "2C 3C 4C 8C", 2: "9C TC JC QC", 3: "2H 2H 3H 3H"}
    state = position(hands, void={3: "CT"})
    event = trick(
        state, [(0, "5C 5C 6C 6C"), (1, "2C 3C 4C 8C"), (2, "9C TC JC QC"), (3, "2H 2H 3H 3H")]
    )
    assert event["winner"] == 3


def test_s12_cannot_trump_while_holding_the_suit() -> None:
    state = position({0: "QS", 1: "4S RJ 2H AH"})
    play(state, 0, "QS")
    assert state.legal_actions() == ["play 4S"]
    assert_illegal(state, "play 2H")
    assert_illegal(state, "play RJ")


def test_s13_short_follow_of_a_trump_tractor() -> None:
    state = position({0: "9H 9H TH TH", 1: "BJ 2H"})
    play(state, 0, "9H 9H TH TH")
    hand = state.view(1)["hand"]
    assert state.view(1)["to_follow"] == 4
    assert card_actions(state) == set(hand)
    plain = [c for c in hand if c not in ("BJ", "2H")]
    trial = state.clone()
    trial.apply(f"play {plain[0]}")
    trial.apply(f"play {plain[1]}")
    assert card_actions(trial) == {"BJ", "2H"}  # both trumps are owed
    trial = state.clone()
    trial.apply("play BJ 2H")
    assert card_actions(trial) == set(plain)
    assert trial.view(1)["to_follow"] == 2
    refused = state.clone()
    assert_illegal(refused, f"play BJ {plain[0]} {plain[1]} {plain[2]}")
    state.apply(f"play {plain[0]} BJ 2H {plain[1]}")  # any order, all at once
    assert state.current_player == 2


def test_s18_no_trump_following() -> None:
    state = position({0: "7S", 1: "BJ 7D", 2: "AS", 3: "KS"}, trump="NT", void={2: "T", 3: "T"})
    play(state, 0, "7S")
    assert set(state.legal_actions()) == {"play BJ", "play 7D"}
    event = trick(state, [(1, "7D"), (2, "AS"), (3, "KS")])
    assert event["winner"] == 0  # 7D equals 7S, played later


def test_s20_equal_pairs_leader_keeps_trick() -> None:
    state = position({0: "7S 7S", 1: "7D 7D", 2: "AS KS", 3: "2H 3H"}, void={2: "T"})
    event = trick(state, [(0, "7S 7S"), (1, "7D 7D"), (2, "AS KS"), (3, "2H 3H")])
    assert event["winner"] == 0


def test_sec3_4_card_by_card_follow_and_events() -> None:
    state = position({0: "9S 9S", 1: "KS KS 3S"})
    play(state, 0, "9S 9S")
    assert state.legal_actions() == ["play KS"]
    begin = len(state.events)
    state.apply("play KS")
    assert state.current_player == 1 and state.view(1)["to_follow"] == 1
    view = state.view(3)
    assert view["trick"][-1] == {"seat": 1, "cards": ["KS"]}  # partial cards are public
    assert state.legal_actions() == ["play KS"]
    assert_illegal(state, "play 3S")
    state.apply("play KS")
    plays = [e for e in state.events[begin:] if e["type"] == "play"]
    assert [e["cards"] for e in plays] == [["KS"], ["KS"]]
    assert state.current_player == 2 and state.view(2)["to_follow"] == 2


def test_sec3_4_multi_card_play_accepted_and_refused() -> None:
    state = position({0: "9S 9S", 1: "KS KS 3S"})
    play(state, 0, "9S 9S")
    assert_illegal(state, "play KS 3S")
    assert_illegal(state, "play KS KS KS")
    assert_illegal(state, "play KS KS 3S")  # more cards than owed
    state.apply("play KS KS")
    assert state.current_player == 2


# ======================================================================================
# §3.5 who wins


def test_sec3_5_mixed_play_does_not_win() -> None:
    state = position({0: "3C 3C", 1: "AC RJ", 2: "4C 6C", 3: "8C 9C"}, void={1: "C"})
    event = trick(state, [(0, "3C 3C"), (1, "AC RJ"), (2, "4C 6C"), (3, "8C 9C")])
    assert event["winner"] == 0


def test_sec3_5_higher_pair_of_led_suit_wins_and_trump_pair_beats_it() -> None:
    state = position({0: "3C 3C", 1: "AC AC", 2: "2H 2H", 3: "4C 6C"}, void={2: "C"})
    event = trick(state, [(0, "3C 3C"), (1, "AC AC"), (2, "2H 2H"), (3, "4C 6C")])
    assert event["winner"] == 2


def test_sec3_5_equal_trump_pairs_earlier_wins() -> None:
    state = position({0: "3C 3C", 1: "7S 7S", 2: "7D 7D", 3: "4C 6C"}, void={1: "C", 2: "C"})
    event = trick(state, [(0, "3C 3C"), (1, "7S 7S"), (2, "7D 7D"), (3, "4C 6C")])
    assert event["winner"] == 1


def test_sec3_5_trump_lead_higher_trump_wins() -> None:
    state = position({0: "2H", 1: "3H", 2: "7C", 3: "BJ"})
    event = trick(state, [(0, "2H"), (1, "3H"), (2, "7C"), (3, "BJ")])
    assert event["winner"] == 3


def test_sec3_5_off_suit_card_never_wins_and_points_counted() -> None:
    state = position({0: "3C", 1: "AS", 2: "KC", 3: "5C"}, void={1: "CT"})
    event = trick(state, [(0, "3C"), (1, "AS"), (2, "KC"), (3, "5C")])
    assert event["winner"] == 2
    assert event["points"] == 15
    assert state.view(0)["points"] == 0  # the defenders' S2 took it


def test_sec3_5_attackers_points_accumulate() -> None:
    state = position({0: "3C", 1: "KC", 2: "5C", 3: "4C"})
    event = trick(state, [(0, "3C"), (1, "KC"), (2, "5C"), (3, "4C")])
    assert event["winner"] == 1 and event["points"] == 15
    assert event["attackers_points"] == 15 and state.view(2)["points"] == 15
    assert state.current_player == 1
    assert state.view(0)["last_trick"]["winner"] == 1


# ======================================================================================
# §5 scoring: whole deals with a chosen P (see the module docstring)


def scoring_deal(
    *,
    levels: list[int],
    last: dict[int, str] | None,
    kitty: str,
    first: dict[int, str] | None = None,
) -> tuple[dict[str, Any], dict[int, Counter[str]]]:
    """Dealer S0, hearts trump; returns the deal and the cards each seat keeps for the
    last trick."""
    level = levels[0]
    one, two = first or {}, last or {}
    written = {s: cards_of(one.get(s, "")) + cards_of(two.get(s, "")) for s in range(4)}
    pool = Counter(PACK)
    for card in [c for cards in written.values() for c in cards] + cards_of(kitty):
        pool[card] -= 1
        assert pool[card] >= 0, f"{card} used more than twice"
    rest = sorted(pool.elements())
    trumps = sorted(
        (c for c in rest if eff_suit(c, level, "H") == "T"),
        key=lambda c: (trump_order(c, level, "H"), c),
    )
    hands = {s: list(written[s]) for s in range(4)}
    take = HAND - len(hands[0])
    hands[0] += trumps[:take]
    hands[2] += trumps[take:]
    for card in trumps:
        rest.remove(card)
    plain_no_spade = [c for c in rest if c[1] in "DC"]
    for seat in (2, 3):
        need = HAND - len(hands[seat])
        assert need >= 0 and len(plain_no_spade) >= need
        hands[seat] += plain_no_spade[:need]
        for card in plain_no_spade[:need]:
            rest.remove(card)
        del plain_no_spade[:need]
    hands[1] += rest
    assert all(len(h) == HAND for h in hands.values()), {s: len(h) for s, h in hands.items()}
    assert all(eff_suit(c, level, "H") != "T" for s in (1, 3) for c in hands[s])
    deal = {
        "hands": [hands[s] for s in range(4)],
        "kitty": cards_of(kitty),
        "dealer": 0,
        "levels": levels,
        "trump": "H",
    }
    keep = {s: Counter(cards_of(two.get(s, ""))) for s in range(4)}
    return deal, keep


def drive_deal(
    state: Any, first: dict[int, str] | None, last: dict[int, str] | None
) -> dict[str, Any]:
    """Play the deal out as the module docstring says; its ``deal_result`` event."""
    keep = {s: Counter(cards_of((last or {}).get(s, ""))) for s in range(4)}
    results = len(events_of(state, "deal_result"))
    for _ in range(400):
        if len(events_of(state, "deal_result")) > results:
            result: dict[str, Any] = events_of(state, "deal_result")[-1]
            return result
        seat = state.current_player
        view = state.view(seat)
        hand = Counter(view["hand"])
        if first and view["tricks_played"] == 0 and seat in first:
            state.apply("play " + first[seat])
        elif view["lead"] is None and last and hand == keep[seat]:
            state.apply("play " + last[seat])
        else:
            spare = [
                a
                for a in state.legal_actions()
                if len(a.split()) == 2 and hand[a.split()[1]] > keep[seat][a.split()[1]]
            ]
            state.apply(spare[0] if spare else state.legal_actions()[0])
    raise AssertionError("the deal did not end")


def scored(
    levels: list[int],
    last: dict[int, str] | None,
    kitty: str,
    first: dict[int, str] | None = None,
    game: Any = GAME,
) -> tuple[Any, dict[str, Any]]:
    deal, _ = scoring_deal(levels=levels, last=last, kitty=kitty, first=first)
    state = game.new_state(seed=5, deal=deal)
    bury_kitty(state)
    return state, drive_deal(state, first, last)


LAST_35 = {0: "5S", 1: "KS", 2: "TD", 3: "TC"}  # S1's KS wins: 5 + 10 + 10 + 10
LAST_0 = {0: "3S", 1: "AS", 2: "4D", 3: "4C"}
KITTY_0 = "2D 3D 6D 7D 9D JD QD AD"
KITTY_20 = "KD KC 2D 3D 6D 7D 9D JD"
KITTY_40 = "KD KD KC KC 2D 3D 6D 7D"
KITTY_60 = "KD KD KC KC TS TS 2D 3D"
KITTY_80 = "KS KS KD KD KC KC TS TS"

# (P, last trick, kitty, levels after, next dealer, next level): §5.4, dealer S0, [8, 5]
TABLE_5_4 = [
    pytest.param(0, None, KITTY_40, [11, 5], 2, 11, id="P=0_defenders_+3_to_J"),
    pytest.param(35, LAST_35, KITTY_0, [10, 5], 2, 10, id="P=35_defenders_+2_to_T"),
    pytest.param(75, LAST_35, KITTY_20, [9, 5], 2, 9, id="P=75_defenders_+1_to_9"),
    pytest.param(80, LAST_0, KITTY_40, [8, 5], 1, 5, id="P=80_take_over_+0"),
    pytest.param(115, LAST_35, KITTY_40, [8, 5], 1, 5, id="P=115_take_over_+0"),
    pytest.param(120, LAST_0, KITTY_60, [8, 6], 1, 6, id="P=120_attackers_+1"),
    pytest.param(155, LAST_35, KITTY_60, [8, 6], 1, 6, id="P=155_attackers_+1"),
    pytest.param(160, LAST_0, KITTY_80, [8, 7], 1, 7, id="P=160_attackers_+2"),
    pytest.param(
        210,
        {0: "3S 3S", 1: "AS AS", 2: "4D 6D", 3: "TC 4C"},
        "KD KD KC KC TS 2D 3D 6D",
        [8, 8],
        1,
        8,
        id="P=210_attackers_+3",
    ),
]


def check_next_deal(state: Any, dealer: int, level: int, levels: list[int]) -> None:
    deal = events_of(state, "deal")[-1]
    assert deal["deal"] == 1  # the event counts deals from 0, the view from 1
    assert deal["dealer"] == dealer and deal["level"] == level and deal["levels"] == levels
    view = state.view(0)
    assert view["deal_number"] == 2 and view["dealer"] == dealer
    assert view["level"] == level and view["levels"] == levels
    assert view["phase"] == "declare" and state.current_player == dealer  # R9


@pytest.mark.parametrize(("p", "last", "kitty", "levels", "dealer", "level"), TABLE_5_4)
def test_example_5_4_level_changes(
    p: int, last: dict[int, str] | None, kitty: str, levels: list[int], dealer: int, level: int
) -> None:
    state, result = scored([8, 5], last, kitty)
    assert result["points"] == p
    assert result["levels_before"] == [8, 5] and result["levels"] == levels
    assert result["next_dealer"] == dealer and result["match_won"] is None
    assert result["winner"] == ("defenders" if p < 80 else "attackers")
    assert result["gain"] == levels[0] - 8 + levels[1] - 5
    check_next_deal(state, dealer, level, levels)
    assert state.scores == [0, 0, 0, 0] and not state.is_over


@pytest.mark.parametrize(("p", "last", "kitty", "levels", "dealer", "level"), TABLE_5_4[:8])
def test_s16_level_bands(
    p: int, last: dict[int, str] | None, kitty: str, levels: list[int], dealer: int, level: int
) -> None:
    state, result = scored([8, 5], last, kitty)
    assert (result["points"], result["levels"], result["next_dealer"]) == (p, levels, dealer)
    assert state.view(0)["level"] == level


# (attackers' trick points, n, kitty, kitty points, bonus, P, levels after): §5.5, [8, 5]
TABLE_5_5 = [
    pytest.param(
        None,
        {0: "5S 5S", 1: "KS KS", 2: "TD TD", 3: "TC TC"},
        "KD 5D 2D 3D 4D 6D 7D 9D",
        (70, 4, 15, 60, 130),
        [8, 6],
        id="70_pair_lead_kitty_15_bonus_60_P_130",
    ),
    pytest.param(
        None,
        {0: "TS", 1: "KS", 2: "TD", 3: "KD"},
        "KC TC 2D 3D 4D 6D 7D 9D",
        (40, 2, 20, 40, 80),
        [8, 5],
        id="40_single_kitty_20_bonus_40_P_80",
    ),
    pytest.param(
        {0: "3S 3S 4S 4S", 1: "KS KS AS AS", 2: "TD TD TC TC", 3: "2D 2D 3D 3D"},
        None,
        "KC KC 5C 2C 3C 4C 6C 7C",
        (60, 0, 25, 0, 60),
        [9, 5],
        id="60_defenders_last_kitty_25_no_bonus_P_60",
    ),
    pytest.param(
        None,
        {0: "3S 3S 4S 4S", 1: "KS KS AS AS", 2: "TD 2D 3D 4D", 3: "2C 3C 4C 6C"},
        "KC KC 5C 7C 9C JC QC 7D",
        (30, 8, 25, 200, 230),
        [8, 8],
        id="30_tractor_2_kitty_25_bonus_200_P_230",
    ),
    pytest.param(
        None,
        {
            0: "2S 2S 3S 3S 4S 4S",
            1: "6S 6S 7S 7S 9S 9S",
            2: "2D 3D 4D 6D 7D 9D",
            3: "2C 3C 4C 6C 7C 9C",
        },
        "KC 2D 3D 4D 6D 7D 9D QD",
        (0, 12, 10, 120, 120),
        [8, 6],
        id="0_tractor_3_kitty_10_bonus_120_P_120",
    ),
]


@pytest.mark.parametrize(("first", "last", "kitty", "numbers", "levels"), TABLE_5_5)
def test_example_5_5_kitty_bonus(
    first: dict[int, str] | None,
    last: dict[int, str] | None,
    kitty: str,
    numbers: tuple[int, int, int, int, int],
    levels: list[int],
) -> None:
    trick_points, multiplier, kitty_points, bonus, p = numbers
    _, result = scored([8, 5], last, kitty, first)
    assert result["trick_points"] == trick_points
    assert result["kitty_points"] == kitty_points
    assert result["multiplier"] == multiplier
    assert result["bonus"] == bonus
    assert result["points"] == p
    assert result["levels"] == levels
    assert same(result["kitty"], cards_of(kitty))


def test_s14_kitty_bonus_pair() -> None:
    last = {0: "3S 3S", 1: "AS AS", 2: "4D 6D", 3: "4C 6C"}
    _, result = scored([8, 5], last, "KC KC 5C 2D 3D 7D 9D JD")
    assert result["trick_points"] == 0 and result["kitty_points"] == 25
    assert result["multiplier"] == 4 and result["bonus"] == 100 and result["points"] == 100
    assert result["winner"] == "attackers" and result["next_dealer"] == 1


def test_s15_no_kitty_bonus_when_defenders_win_last_trick() -> None:
    _, result = scored([8, 5], None, "KC KC 5C 2D 3D 7D 9D JD")
    assert result["kitty_points"] == 25 and result["multiplier"] == 0
    assert result["bonus"] == 0 and result["points"] == 0
    assert result["levels"] == [11, 5]


def test_sec5_1_points_total_200_and_trick_events() -> None:
    state, result = scored([8, 5], LAST_35, KITTY_20)
    tricks = [e for e in events_of(state, "trick")]
    assert sum(e["points"] for e in tricks) + result["kitty_points"] == 200
    attackers = sum(e["points"] for e in tricks if e["winner"] in (1, 3))
    assert attackers == result["trick_points"] == 35
    assert tricks[-1]["attackers_points"] == 35
    assert [e["number"] for e in tricks] == list(range(1, len(tricks) + 1))


@pytest.mark.parametrize(
    ("levels", "last", "kitty", "winner", "scores"),
    [
        pytest.param([13, 5], None, KITTY_0, 0, [1, -1, 1, -1], id="defenders_at_K_P_0"),
        pytest.param([14, 5], LAST_35, KITTY_20, 0, [1, -1, 1, -1], id="defenders_at_A_P_75"),
        pytest.param([8, 14], LAST_0, KITTY_60, 1, [-1, 1, -1, 1], id="attackers_at_A_P_120"),
    ],
)
def test_example_5_4_match_end_s17(
    levels: list[int], last: dict[int, str] | None, kitty: str, winner: int, scores: list[int]
) -> None:
    state, result = scored(levels, last, kitty)
    assert result["match_won"] == winner
    assert state.is_over and state.current_player is None
    assert state.scores == scores and sum(state.scores) == 0
    assert state.view(0)["phase"] == "over" and state.view(0)["match_winner"] == winner
    after = state.events[state.events.index(result) + 1 :]
    assert all(e["type"] != "deal" for e in after)
    assert state.legal_actions() == []


def test_example_5_4_attackers_at_q_reach_a_not_past() -> None:
    state, result = scored([8, 12], LAST_0, KITTY_80)
    assert result["points"] == 160 and result["levels"] == [8, 14]
    assert result["match_won"] is None and not state.is_over
    check_next_deal(state, 1, 14, [8, 14])


def test_deals_option_stops_after_n_deals_scores_zero() -> None:
    state, result = scored([8, 5], LAST_35, KITTY_0, game=ONE_DEAL)
    assert result["match_won"] is None
    assert state.is_over and state.scores == [0, 0, 0, 0]
    assert not [e for e in events_of(state, "deal") if e["deal"] == 1]


# ======================================================================================
# invalid deals, illegal actions


def valid_deal() -> dict[str, Any]:
    return make_deal({}, dealer=0, seed=9)


def mutated(change: str) -> dict[str, Any]:
    deal = valid_deal()
    hands = deal["hands"]
    if change == "short_hand":
        deal["kitty"] = [*deal["kitty"], hands[0].pop()]
    elif change == "short_kitty":
        hands[0].append(deal["kitty"].pop())
    elif change == "three_copies":
        card = hands[0][0]
        hands[1][0] = card
        hands[2][0] = card
    elif change == "three_hands":
        deal["hands"] = hands[:3]
    elif change == "unknown_card":
        hands[0][0] = "ZZ"
    elif change == "trump_without_dealer":
        del deal["dealer"]
        deal["trump"] = "H"
    elif change == "bad_trump":
        deal["trump"] = "X"
    elif change.startswith("levels="):
        deal["levels"] = json.loads(change[len("levels=") :])
    elif change == "dealer=4":
        deal["dealer"] = 4
    return deal


@pytest.mark.parametrize(
    "change",
    [
        "short_hand",
        "short_kitty",
        "three_copies",
        "three_hands",
        "unknown_card",
        "trump_without_dealer",
        "bad_trump",
        "levels=[1, 2]",
        "levels=[2, 15]",
        "levels=[2]",
        'levels=["2", 3]',
        "dealer=4",
    ],
)
def test_invalid_deals(change: str) -> None:
    with pytest.raises(InvalidDeal):
        GAME.new_state(seed=1, deal=mutated(change))


def test_valid_deal_accepted() -> None:
    state = GAME.new_state(seed=1, deal=valid_deal())
    assert state.view(0)["phase"] == "declare"
    assert [len(state.view(s)["hand"]) for s in range(4)] == [25] * 4


@pytest.mark.parametrize(
    "action",
    ["", "junk", "declare", "declare 2S 2S", "declare 3S", "bury 2S", "play 2S", "pass pass"],
)
def test_illegal_while_declaring_unchanged_with_message(action: str) -> None:
    state = start({0: "2S", 1: "AS"}, dealer=0)
    assert_illegal(state, action)


@pytest.mark.parametrize("action", ["pass", "play AS", "declare 7H", "bury", "bury ZZ", "play"])
def test_illegal_while_burying_unchanged_with_message(action: str) -> None:
    state = start({0: "AS 7H"}, dealer=0, levels=[7, 7], trump="H")
    assert_illegal(state, action)


@pytest.mark.parametrize(
    "action", ["pass", "bury AS", "play", "play AS KS", "play ZZ", "play 2D", "declare 7H"]
)
def test_illegal_while_playing_unchanged_with_message(action: str) -> None:
    state = position({0: "AS KS 7H"}, void={0: "D"})
    assert_illegal(state, action)


@pytest.mark.parametrize(
    ("action", "canonical"),
    [("declare bj bj", "declare BJ BJ"), ("declare 2s", "declare 2S")],
)
def test_api_forgiving_parse_while_declaring(action: str, canonical: str) -> None:
    state = start({0: "BJ BJ 2S"}, dealer=0)
    state.apply(action)
    assert state.events[-1]["action"] == canonical


@pytest.mark.parametrize(("action", "canonical"), [("play as", "play AS"), ("play 10s", "play TS")])
def test_api_forgiving_parse_while_playing(action: str, canonical: str) -> None:
    state = position({0: "AS TS"})
    state.apply(action)
    assert state.events[-1]["action"] == canonical


def test_api_follow_in_any_card_order_is_canonical() -> None:
    state = position({0: "3S 3S 4S 4S", 1: "8S 8S 9S 9S"})
    play(state, 0, "4S 3S 4S 3S")  # parsing accepts any order
    assert state.events[-1]["action"] == "play 4S 4S 3S 3S"
    state.apply("play 8S 9S 9S 8S")
    assert Counter(c for e in state.events if e["type"] == "play" for c in e["cards"]) == Counter(
        ["3S", "3S", "4S", "4S", "8S", "8S", "9S", "9S"]
    )


def test_illegal_from_wrong_seat_card_and_after_match() -> None:
    state = position({0: "AS", 1: "3S"})
    play(state, 0, "AS")
    assert_illegal(state, "play AS")  # S1 does not hold it
    state, _ = scored([13, 5], None, KITTY_0)
    assert state.is_over
    assert_illegal(state, "pass")


def test_sec6b_trump_without_levels_is_deal_1_with_its_dealer_fixed() -> None:
    """§6b: ``trump`` with ``dealer`` and no ``levels`` skips declaring in deal 1 at level 2:
    the given dealer takes the kitty at once (no declaration, so R4 has nothing to move)."""
    state = GAME.new_state(seed=2, deal={"dealer": 3, "trump": "C"})
    view = state.view(3)
    assert (view["phase"], view["dealer"], view["trump"], view["level"]) == ("bury", 3, "C", 2)
    assert len(view["hand"]) == 33 and view["to_bury"] == 8
    assert [e["type"] for e in state.events] == ["deal", "trump"]
    assert state.events[1] == {"type": "trump", "trump": "C", "dealer": 3, "declarer": None}


def test_sec6b_missing_piles_are_dealt_from_the_seed() -> None:
    """§6b: ``hands`` and ``kitty`` default to the seed's deal; given hands leave the kitty
    the eight cards left over, and the same seed deals them the same way."""
    full = GAME.new_state(seed=5)
    hands = [full.view(seat)["hand"] for seat in range(4)]
    first = GAME.new_state(seed=9, deal={"hands": hands, "dealer": 0})
    again = GAME.new_state(seed=9, deal={"hands": hands, "dealer": 0})
    assert first.to_json() == again.to_json()
    kitty = first.kitty  # type: ignore[attr-defined]
    assert Counter(kitty) == Counter(PACK) - Counter(c for hand in hands for c in hand)
