"""cardavia.dds: the endplay (DDS) wrapper — seats, cards, solving, tables and par."""

from __future__ import annotations

import random

import pytest

pytest.importorskip("endplay")

import cardavia
from cardavia import dds
from cardavia.cards import pack_52
from cardavia.games.bridge import BridgeState, side_of
from cardavia.tricks import playable, trick_winner

# Each seat holds one whole suit: South spades, West hearts, North diamonds, East clubs.
ONE_SUIT_EACH = [[rank + suit for rank in "AKQJT98765432"] for suit in "SHDC"]


def random_hands(seed: int) -> list[list[str]]:
    cards = pack_52()
    random.Random(seed).shuffle(cards)
    return [cards[i * 13 : (i + 1) * 13] for i in range(4)]


def test_seat_and_strain_mapping() -> None:
    from endplay.types import Card, Denom, Player

    assert [dds.to_player(seat) for seat in range(4)] == [
        Player.south,
        Player.west,
        Player.north,
        Player.east,
    ]
    assert [dds.to_seat(dds.to_player(seat)) for seat in range(4)] == [0, 1, 2, 3]
    deal = dds.make_deal(ONE_SUIT_EACH, "H", leader=0)
    assert deal.first == Player.south and deal.trump == Denom.hearts
    assert str(deal.south) == "AKQJT98765432..." and str(deal.east) == "...AKQJT98765432"
    hands = [list(hand) for hand in ONE_SUIT_EACH]
    hands[1].remove("AH")
    deal = dds.make_deal(hands, "NT", leader=1, trick=["AH"])
    assert deal.curplayer == Player.north and deal.curtrick == [Card("HA")]
    # North to play: West runs the hearts, so North–South take nothing.
    assert dds.solve_deal(deal) == {card: 0 for card in ONE_SUIT_EACH[2]}


def test_one_suit_each_table_and_leads() -> None:
    table = dds.dd_table(ONE_SUIT_EACH)
    # In NT the opening leader (declarer's LHO) runs a 13-card suit.
    assert table["NT"] == [0, 0, 0, 0]
    # In a suit, the seat holding all the trumps ruffs every trick; its partner too
    # (the leader's suit is ruffed by the trump holder, who then draws nothing and cashes).
    assert table["S"] == [13, 0, 13, 0]
    assert table["H"] == [0, 13, 0, 13]
    # South on lead in NT takes all 13 with any spade; every spade is listed.
    scores = dds.solve_deal(dds.make_deal(ONE_SUIT_EACH, "NT", leader=0))
    assert scores == {card: 13 for card in ONE_SUIT_EACH[0]}
    # West on lead in spades (South's trumps): West takes nothing.
    scores = dds.solve_deal(dds.make_deal(ONE_SUIT_EACH, "S", leader=1))
    assert set(scores) == set(ONE_SUIT_EACH[1]) and set(scores.values()) == {0}


def test_par_of_one_suit_each() -> None:
    result = dds.par(ONE_SUIT_EACH, "none", dealer=0)
    assert result.ns_score == 1510  # 7S by NS: 210 + 300 + 1000
    assert [str(contract) for contract in result.contracts] == ["7S by NS ="]
    assert dds.par(ONE_SUIT_EACH, "both", dealer=0).ns_score == 2210
    rotated = ONE_SUIT_EACH[3:] + ONE_SUIT_EACH[:3]  # spades now with West
    result = dds.par(rotated, "none", dealer=0)
    assert result.ns_score == -1510
    assert result.contracts[0].declarers == (1, 3)


@pytest.mark.parametrize("seed", [1, 2])
def test_dd_table_rotates_with_the_seats(seed: int) -> None:
    hands = random_hands(seed)
    table = dds.dd_table(hands)
    moved = [hands[(seat - 1) % 4] for seat in range(4)]  # every hand one seat clockwise
    rotated = dds.dd_table(moved)
    for strain, tricks in table.items():
        assert [rotated[strain][(seat + 1) % 4] for seat in range(4)] == tricks
        for seat in range(4):
            assert 0 <= tricks[seat] <= 13
    for strain, seat in (("NT", 0), ("S", 3), ("C", 2)):
        assert dds.declarer_tricks(hands, strain, seat) == table[strain][seat]
    jobs = [(hands, strain, seat) for strain in ("H", "NT") for seat in range(4)]
    assert dds.declarer_tricks_many(jobs) == [table[s][d] for _, s, d in jobs]


def brute_force(state: BridgeState) -> int:
    """Tricks the side to play takes from here on, current trick included (minimax)."""
    turn = state.turn
    assert turn is not None
    side = side_of(turn)
    before = state.tricks_won[side]
    if state.is_over:
        return 0
    best = -1
    for action in state.legal_actions():
        child = state.clone()
        assert isinstance(child, BridgeState)
        child.apply(action)
        taken = child.tricks_won[side] - before
        if not child.is_over:
            assert child.turn is not None
            rest = brute_force(child)
            taken += rest if side_of(child.turn) == side else 13 - sum(child.tricks_won) - rest
        best = max(best, taken)
    return best


def endings(seed: int, strain_call: str) -> list[BridgeState]:
    """Positions of the last three tricks, from random play after a fixed auction."""
    game = cardavia.new_game("bridge")
    state = game.new_state(seed=seed, deal={"hands": random_hands(seed)})
    assert isinstance(state, BridgeState)
    for call in (strain_call, "pass", "pass", "pass"):
        state.apply(call)
    rng = random.Random(seed)
    while sum(state.tricks_won) < 10:
        state.apply(rng.choice(state.legal_actions()))
    found = []
    while sum(state.tricks_won) < 12 and len(found) < 4:
        found.append(state.clone())
        state.apply(rng.choice(state.legal_actions()))
    return found  # type: ignore[return-value]


@pytest.mark.parametrize(("seed", "call"), [(3, "1NT"), (4, "2S"), (5, "3D"), (6, "1H")])
def test_solve_cards_matches_brute_force_on_endings(seed: int, call: str) -> None:
    for state in endings(seed, call):
        scores = dds.solve_cards(state)
        legal = [action.split()[1] for action in state.legal_actions()]
        assert sorted(scores) == sorted(legal)
        for card in legal:
            child = state.clone()
            assert isinstance(child, BridgeState)
            turn = state.turn
            assert turn is not None
            side = side_of(turn)
            child.apply(f"play {card}")
            taken = child.tricks_won[side] - state.tricks_won[side]
            if not child.is_over:
                assert child.turn is not None
                rest = brute_force(child)
                left = 13 - sum(child.tricks_won)
                taken += rest if side_of(child.turn) == side else left - rest
            assert scores[card] == taken, (state.trick, card)


def test_solve_cards_mid_trick_and_batch() -> None:
    game = cardavia.new_game("bridge")
    state = game.new_state(seed=9, deal={"hands": random_hands(9)})
    assert isinstance(state, BridgeState)
    for call in ("1S", "pass", "pass", "pass"):
        state.apply(call)
    deals, expected = [], []
    rng = random.Random(9)
    for _ in range(6):  # the opening lead and the five cards after it
        deal = dds.deal_from_state(state)
        expected.append(dds.solve_cards(state))
        deals.append(deal)
        hand = state.hands[state.turn or 0]
        led = [card for _, card in state.trick]
        assert set(expected[-1]) == set(playable(hand, led, "S"))
        state.apply(rng.choice(state.legal_actions()))
    assert dds.solve_deals(deals) == expected
    # One card left each: the side to play takes the last trick or not.
    while sum(state.tricks_won) < 12:
        state.apply(state.legal_actions()[0])
    scores = dds.solve_cards(state)
    cards = [hand[0] for hand in state.hands]
    leader = state.turn or 0
    order = [cards[(leader + i) % 4] for i in range(4)]
    winner = (leader + trick_winner(order, "S")) % 4
    assert scores == {cards[leader]: int(side_of(winner) == side_of(leader))}


def test_solving_needs_the_play_phase() -> None:
    state = cardavia.new_game("bridge").new_state(seed=1)
    assert isinstance(state, BridgeState)
    with pytest.raises(ValueError):
        dds.solve_cards(state)
    with pytest.raises(ValueError):
        dds.make_deal(ONE_SUIT_EACH, "NT", 0, ["AS", "AH", "AD", "AC"])
