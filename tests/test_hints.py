"""Hints (``cardavia.ai.hints``): the strong bot's move, and a reason drawn from the numbers
it weighed, on fixed positions reached by real play from fixed deals.

The climbing positions check the defects of the old ``basic`` hint: it split a rocket,
broke up a bomb and led a low single against an opponent with one card left.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from test_onepoker_bots import _view as onepoker_view  # one lock-phase view for both

import cardavia
from cardavia.ai import hints, tarot
from cardavia.ai.hints import (
    HINT_BUDGET,
    REASON,
    REASONS,
    Suggestion,
    hint_bot,
    percent,
    pot_odds,
    suggest,
)
from cardavia.engine import State
from cardavia.locale import LANGUAGES, catalog, placeholders

ORDER = "3456789TJQKA2"
DOUDIZHU_PACK = [rank + suit for rank in ORDER for suit in "SHDC"] + ["BJ", "RJ"]


def doudizhu_state(hands: dict[int, str], landlord: int) -> State:
    """A Dou Dizhu deal where ``landlord`` bids 3 at once; ``hands`` names cards per seat
    (the landlord's 20 with the bottom), the rest of the pack fills the hands in order."""
    chosen = {seat: cards.split() for seat, cards in hands.items()}
    used = {card for cards in chosen.values() for card in cards}
    rest = [card for card in DOUDIZHU_PACK if card not in used]
    full = []
    for seat in range(3):
        need = (20 if seat == landlord else 17) - len(chosen.get(seat, []))
        full.append(chosen.get(seat, []) + rest[:need])
        rest = rest[need:]
    assert not rest
    dealt = [cards[:17] for cards in full]
    deal = {"hands": dealt, "bottom": full[landlord][17:], "first_bidder": landlord}
    state = cardavia.new_game("doudizhu").new_state(0, deal=deal)
    state.apply("bid 3")
    return state


def played(state: State, *actions: str) -> dict[str, Any]:
    """The view of the player to act after ``actions``, through JSON like the web's."""
    for action in actions:
        state.apply(action)
    seat = state.current_player
    assert seat is not None
    view: dict[str, Any] = json.loads(json.dumps(state.view(seat)))
    return view


def cards_of(action: str) -> list[str]:
    return action.split()[1:]


# --- climbing: bombs, rockets, the last card ---------------------------------------------


def rocket_and_bombs_facing_a_two() -> dict[str, Any]:
    """Seat 0 (a farmer) holds the rocket and two bombs; the landlord led a single 2."""
    hand = "BJ RJ 7S 7H 7D 7C 3S 4S 5D 8C 9D TD JC"  # filled up with 3H 3D 3C 4H
    state = doudizhu_state({0: hand, 2: "2S"}, landlord=2)
    return played(state, "play 2S")


def test_the_hint_never_splits_the_rocket() -> None:
    view = rocket_and_bombs_facing_a_two()
    assert {"play BJ", "play RJ"} <= set(view["legal_actions"])
    for seed in range(4):
        hint = suggest("doudizhu", view, seed=seed)
        assert hint.action not in ("play BJ", "play RJ")
        if hint.action == "pass":
            assert hint.reason == "hint.reason.keeps_rocket"


def bomb_facing_a_six() -> dict[str, Any]:
    """Seat 0 holds the bomb 7777 and loose singles; the landlord led a single 6."""
    mine = "7S 7H 7D 7C 3S 4S 5D 8C 9D TD JC QS KH AD 2H 3H 4H"
    landlord = "6S 3D 4D 5S 5H 8S 8H 9S 9H TS TH JS JH QH QD KS KD AS AH 2S"
    return played(doudizhu_state({0: mine, 2: landlord}, landlord=2), "play 6S")


def test_the_hint_keeps_the_bomb_whole() -> None:
    view = bomb_facing_a_six()
    assert "play 7S" in view["legal_actions"]  # a single 7 would break the bomb
    for seed in range(4):
        hint = suggest("doudizhu", view, seed=seed)
        sevens = [card for card in cards_of(hint.action) if card[0] == "7"]
        assert len(sevens) in (0, 4)
        expected = "plays_bomb" if sevens else "keeps_bomb"
        assert hint.reason == hints.REASON + expected


def landlord_on_one_card() -> dict[str, Any]:
    """The landlord (seat 1) is down to one card; seat 0 leads, holding a low single 3,
    pairs and a single 2."""
    landlord = "3S 4S 5S 6S 7S 8S 9S TS JS QS KS AS 3H 3D 4H 4D 5H 5D 4C 6H"
    mine = "2S 3C 6D 6C 8C 8D 9H 9D JH JD QC QD KH KD AH AD 2H"
    state = doudizhu_state({1: landlord, 0: mine}, landlord=1)
    return played(
        state,
        "play 3S 4S 5S 6S 7S 8S 9S TS JS QS KS AS",
        "pass",
        "pass",
        "play 3H 3D 4H 4D 5H 5D",
        "pass",
        "pass",
        "play 4C",
        "pass",
        "play 2S",
        "pass",
        "pass",
    )


def test_a_one_card_opponent_gets_no_low_single() -> None:
    view = landlord_on_one_card()
    assert view["seat"] == 0 and view["hand_sizes"][1] == 1 and view["top"] is None
    for seed in range(4):
        hint = suggest("doudizhu", view, seed=seed)
        cards = cards_of(hint.action)
        assert len(cards) > 1 or cards == ["2H"], hint.action
        key = "one_card_combo" if len(cards) > 1 else "one_card_high"
        assert hint.reason == hints.REASON + key


def test_climbing_reasons_carry_the_search_figures() -> None:
    view = landlord_on_one_card()
    bot = hint_bot("doudizhu", view, seed=3)
    action = bot.act(view)
    decision = bot.last_decision
    hint = suggest("doudizhu", view, seed=3)
    assert hint.action == action
    assert hint.params == {"win": percent(decision.wins[action]), "deals": decision.worlds}
    assert decision.worlds >= hints.MIN_WORLDS
    assert decision.wins["play 3C"] < decision.wins[action]  # the low single loses


def test_the_partner_holding_the_round_is_the_reason_to_pass() -> None:
    # The landlord (seat 2) leads a 3, seat 1 (a farmer, seat 0's partner) takes it with an
    # ace, the landlord passes: seat 0 could overtake with a 2 but lets the ace run.
    mine = "2S 2H 3S 4S 5S 6C 7C 8C 9D TD JD QS KS 3D 4D 5D 6D"
    partner = "AS AH 3H 4H 5H 6H 7H 8H 9H TH JH QH KH 9S TS JS QD"
    state = doudizhu_state({0: mine, 1: partner}, landlord=2)
    view = played(state, "play 3C", "pass", "play AS", "pass")
    assert view["seat"] == 0 and "play 2S" in view["legal_actions"]
    hint = suggest("doudizhu", view, seed=1)
    assert hint.action == "pass"
    assert hint.reason == "hint.reason.partner_holds"


def test_search_reasons_compare_with_the_runner_up() -> None:
    decision = hints.SearchDecision(
        ["a", "b", "c"], {"a": 1.0, "b": 2.0, "c": 0.5}, {"a": 0.6, "b": 0.6, "c": 0.1}, 40
    )
    assert hints.search_reason("b", decision).reason == "hint.reason.scores_more"
    assert hints.search_reason("b", decision).params == {"points": 2.0, "other": 1.0, "deals": 40}
    decision.wins["b"] = 0.7
    assert hints.search_reason("b", decision).params == {"win": 70, "deals": 40, "other": 60}
    decision.means["b"], decision.wins["b"] = 1.0, 0.6
    assert hints.search_reason("b", decision).reason == "hint.reason.best_of"


# --- Texas Hold'em: equity and pot odds -------------------------------------------------

BOARD = ["QS", "JS", "TS", "2D", "3C"]


def river_bet(hole: list[str]) -> dict[str, Any]:
    """Hand 1 (button seat 0): everybody limps and checks to the river, where seat 1
    bets 80 and seats 2 and 3 fold; seat 0, holding ``hole``, faces 80 into 160."""
    others = [["9H", "9C"], ["4H", "4C"], ["5H", "5C"]]
    state = cardavia.new_game("holdem", hands=1).new_state(
        seed=1, deal={"hands": [hole, *others], "board": BOARD}
    )
    preflop = ["call", "call", "call", "check"]
    checks = ["check"] * 4
    return played(state, *preflop, *checks, *checks, "bet 80", "fold", "fold")


def test_pot_odds_are_the_pot_against_the_call() -> None:
    assert pot_odds(160, 80) == "2:1"
    assert pot_odds(300, 100) == "3:1"
    assert pot_odds(250, 100) == "5:2"
    assert pot_odds(100, 0) == "0:1"


def test_a_royal_flush_raises_for_value_with_all_the_equity() -> None:
    view = river_bet(["AS", "KS"])
    assert (view["pot"], view["to_call"]) == (160, 80)
    hint = suggest("holdem", view, seed=2)
    assert hint.action.startswith("raise ")
    assert hint.reason == "hint.reason.holdem_value"
    assert hint.params["equity"] == 100  # nobody can tie a royal flush here
    assert isinstance(hint.params["gain"], float) and hint.params["gain"] > 0


def test_a_weak_hand_folds_for_the_pot_odds() -> None:
    view = river_bet(["7H", "2C"])
    hint = suggest("holdem", view, seed=2)
    bot = hint_bot("holdem", view, seed=2)
    assert bot.act(view) == hint.action == "fold"
    decision = bot.last_decision
    assert hint.reason == "hint.reason.holdem_fold"
    assert hint.params == {"odds": "2:1", "need": 33, "equity": percent(decision.equity)}
    assert decision.equity < 80 / 240


def test_opening_hands_follow_the_chart() -> None:
    # Hand 1: seat 3 acts first pre-flop with three players behind: the top 18 % raise.
    state = cardavia.new_game("holdem", hands=1).new_state(
        seed=1,
        deal={"hands": [["9H", "9C"], ["4H", "4C"], ["5H", "5C"], ["AH", "AD"]], "board": BOARD},
    )
    view = played(state)
    hint = suggest("holdem", view, seed=0)
    assert hint.action.startswith("raise ")
    assert hint.reason == "hint.reason.holdem_open"
    assert hint.params == {"hand": 1, "top": 18}


# --- One Poker: the solved strategy -----------------------------------------------------


def test_one_poker_lock_reason_reads_the_strategy() -> None:
    view = onepoker_view()
    bot = hint_bot("onepoker", view, seed=4)
    action = bot.act(view)
    decision = bot.last_decision
    hint = suggest("onepoker", view, seed=4)
    assert hint.action == action
    chosen = decision.probabilities[decision.labels.index(decision.chosen)]
    assert hint.params["prob"] == percent(chosen)
    assert hint.params["equity"] == percent(decision.equity)
    if action == "lock 2C":  # the opponent shows two UP cards: aces are likely
        assert hint.reason == "hint.reason.onepoker_lock_two"
        assert hint.params["up"] == 2


def test_one_poker_bets_name_the_mix() -> None:
    view = onepoker_view(
        phase="bet",
        hand=["2C"],
        my_locked="KH",
        locked=[True, True],
        events=[
            {"type": "deal", "deal": 0},
            {"type": "lock", "seat": 0},
            {"type": "lock", "seat": 1},
            {"type": "action", "seat": 0, "action": "check"},
        ],
        legal_actions=["check", *[f"bet {total}" for total in range(1, 20)]],
    )
    hint = suggest("onepoker", view, seed=5)
    assert hint.reason in ("hint.reason.onepoker_pure", "hint.reason.onepoker_mix")
    assert hint.params["rank"] == "K"


# --- Bridge: double dummy, the partner's trick, what a call shows ------------------------

BRIDGE_HANDS = [
    cards.split()
    for cards in (
        "KS QS 4S 3S 9H 8H 7H 9D 8D 7D 9C 8C 7C",  # South, seat 0
        "JS TS 9S AH KH QH AD KD QD AC KC QC 2C",  # West, declarer
        "AS 5S 2S 6H 5H 4H 6D 5D 4D 3D 6C 5C 4C",  # North
        "8S 7S 6S JH TH 3H 2H JD TD 2D JC TC 3C",  # East, dummy
    )
]


def bridge_state() -> State:
    state = cardavia.new_game("bridge").new_state(seed=3, deal={"hands": BRIDGE_HANDS})
    for call in ("pass", "1NT", "pass", "pass", "pass"):
        state.apply(call)
    return state


def test_partner_winning_the_trick_keeps_the_high_cards() -> None:
    view = played(bridge_state(), "play AS", "play 6S")
    assert view["seat"] == 0 and [e["card"] for e in view["trick"]] == ["AS", "6S"]
    hint = suggest("bridge", view, seed=1)
    assert hint.action in ("play 4S", "play 3S")
    assert hint.reason == "hint.reason.bridge_partner_wins"
    bot = hint_bot("bridge", view, seed=1)
    bot.act(view)
    tricks = bot.last_decision.values[hint.action.split()[1]]
    assert hint.params == {"tricks": round(tricks, 1), "deals": bot.last_decision.deals}


def test_the_call_says_what_it_shows() -> None:
    state = cardavia.new_game("bridge").new_state(seed=3, deal={"hands": BRIDGE_HANDS})
    view = played(state, "pass")  # West, with 25 points and every suit stopped
    hint = suggest("bridge", view, seed=0)
    assert hint.action == "2C"  # the strong opening
    assert hint.reason == "hint.reason.bridge_call_points"
    assert int(hint.params["low"]) <= 25 <= int(hint.params["high"])


def test_calls_show_a_suit_or_a_balanced_hand() -> None:
    from cardavia.ai.bridge_bidding import Constraints

    before = Constraints()
    after = Constraints(hcp_min=12, hcp_max=21)
    after.min_len["S"] = 5
    shown = hints.call_shows("1S", before, after)
    assert shown == Suggestion(
        "1S", "hint.reason.bridge_call_suit", {"low": 12, "high": 21, "length": 5, "suit": "♠"}
    )
    balanced = Constraints(hcp_min=15, hcp_max=17, balanced=True)
    assert hints.call_shows("1NT", before, balanced).reason == "hint.reason.bridge_call_balanced"
    assert hints.call_shows("pass", before, Constraints(hcp_max=11)).params == {"high": 11}
    assert (
        hints.call_shows("pass", before, Constraints()).reason == "hint.reason.bridge_call_system"
    )


# --- every game: forced moves, determinism, catalogs ------------------------------------


def test_a_forced_pass_says_nothing_beats() -> None:
    landlord = "3S 4S 5S 6S 7S 8S 9S TS JS QS KS AS 3H 3D 4H 4D 5H 5D 4C 6H"
    mine = "2S 3C 6D 6C 8C 8D 9H 9D JH JD QC QD KH KD AH AD 2H"
    state = doudizhu_state({1: landlord, 0: mine}, landlord=1)
    view = played(state, "play 3S 4S 5S 6S 7S 8S 9S TS JS QS KS AS", "pass")
    assert view["legal_actions"] == ["pass"]
    assert suggest("doudizhu", view) == Suggestion("pass", "hint.reason.no_beat", {})


@pytest.mark.parametrize("game", ["doudizhu", "runfast", "guandan", "holdem", "onepoker", "bridge"])
def test_suggest_is_deterministic_for_a_seed_and_legal(game: str) -> None:
    state = cardavia.new_game(game).new_state(seed=7)
    basic = [cardavia.new_bot(game, "basic", seat) for seat in range(state.game.num_players)]
    seen = 0
    for _ in range(12):
        seat = state.current_player
        assert seat is not None
        view = json.loads(json.dumps(state.view(seat)))
        first = suggest(game, view, seed=11, budget=0.2)
        assert first == suggest(game, view, seed=11, budget=0.2)
        if game == "guandan":  # its bots pick the cards of an equivalent play themselves
            state.clone().apply(first.action)
        else:
            assert first.action in view["legal_actions"]
        assert first.reason.removeprefix(hints.REASON) in REASONS
        assert set(first.params) == set(REASONS[first.reason.removeprefix(hints.REASON)])
        seen += 1
        state.apply(basic[seat].act(view))
        if state.is_over:
            break
    assert seen


@pytest.mark.parametrize("lang", list(LANGUAGES))
def test_every_reason_is_in_every_catalog_with_its_placeholders(lang: str) -> None:
    texts = catalog(lang)
    for key, params in REASONS.items():
        text = texts[hints.REASON + key]
        assert isinstance(text, str)
        assert placeholders(text) == set(params), f"{lang} {key}"
    for key in ("hint.for", "hint.selected"):
        assert placeholders(str(texts[key])) >= {"reason"}


# --- the arena's hint seat --------------------------------------------------------------


def test_the_arena_seats_a_player_who_follows_the_hint() -> None:
    from cardavia.arena import arena_bot, parse_levels, run_arena

    assert parse_levels("onepoker", "hint,basic") == ["hint", "basic"]
    view = onepoker_view()
    player = arena_bot("onepoker", "hint", seed=4, budget=None)
    assert isinstance(player, hints.HintPlayer) and player.budget == HINT_BUDGET
    capped = arena_bot("onepoker", "hint", seed=4, budget=2.0)
    assert isinstance(capped, hints.HintPlayer) and capped.budget == HINT_BUDGET
    seed = 4 + len(view["events"])
    assert player.act(view) == suggest("onepoker", view, seed).action
    report = run_arena("onepoker", ["hint", "basic"], deals=4, seed=1)
    assert [row.label for row in report.rows if row.role == "all"] == ["hint", "basic"]
    assert sum(row.decisions for row in report.rows if row.role == "all") > 0


def guandan_state(hands: dict[int, str], leader: int) -> State:
    """A Guandan deal at level 2 where ``hands`` names cards per seat; the rest of the two
    packs fills the hands in order."""
    from collections import Counter

    from cardavia.games.guandan.rules import pack_108

    chosen = {seat: cards.split() for seat, cards in hands.items()}
    rest = list((Counter(pack_108()) - Counter(c for cs in chosen.values() for c in cs)).elements())
    full = []
    for seat in range(4):
        need = 27 - len(chosen.get(seat, []))
        full.append(chosen.get(seat, []) + rest[:need])
        rest = rest[need:]
    deal = {"hands": full, "first_leader": leader}
    return cardavia.new_game("guandan").new_state(0, deal=deal)


def test_guandan_partner_holding_the_round_is_the_reason_to_pass() -> None:
    """The partner (seat 2) led a high pair; the hint lets it stand, and says why."""
    weak = "3S 5D 7C 9S JD KC 4H 6C 8D TS QD 3C 5C 7D 9D JC KD 4D 6D 8C TC QC 3D 5H 7S 9C JH"
    state = guandan_state({0: weak, 2: "AS AS"}, leader=2)
    view = played(state, "play AS AS", "pass")
    assert view["seat"] == 0 and view["top"]["seat"] == 2
    hint = suggest("guandan", view, seed=3, budget=0.2)
    assert hint.action == "pass"
    assert hint.reason == hints.REASON + "partner_holds"


def test_guandan_going_out_says_so() -> None:
    state = guandan_state({}, leader=0)
    view = json.loads(json.dumps(state.view(0)))
    view["hand"] = ["9S", "9D"]  # a last pair: the reasoner reads the hand it is given
    assert hints.guandan_reason(view, "play 9S 9D", hints.SearchDecision()).reason == (
        hints.REASON + "goes_out"
    )


def test_tarot_bidding_and_ecart_hints_give_the_hand_count_and_the_ecart_rule() -> None:
    """A Tarot bid is explained by basic's hand count against the bid's threshold, the
    écart by its rule (no search weighs those decisions)."""
    game = cardavia.new_game("tarot")
    for seed in range(6):
        state = game.new_state(seed=seed)
        seat = state.current_player
        assert seat is not None
        view = state.view(seat)
        hint = suggest("tarot", view, seed=seed, budget=0.05)
        strength = tarot.hand_strength(view["hand"])
        assert hint.reason in (REASON + "tarot_bid", REASON + "tarot_pass")
        assert hint.params["strength"] == strength
        assert (hint.reason == REASON + "tarot_pass") == (strength < hint.params["need"])
    state = game.new_state(seed=0)
    while state.view(state.current_player or 0)["phase"] == "bidding":
        legal = state.legal_actions()
        state.apply("bid prise" if "bid prise" in legal else "pass")
    assert state.view(0)["phase"] == "ecart"
    taker = state.current_player
    assert taker is not None
    hint = suggest("tarot", state.view(taker), seed=1, budget=0.05)
    assert hint.reason == REASON + "tarot_ecart" and hint.action.startswith("discard ")
