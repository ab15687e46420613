"""Contract bridge rules (spec/bridge.md): the scenarios BR-01…BR-17, the worked examples
E1…E6, the worked rubber of §6.7 through the engine, bad input and invalid deals.

Scores that depend on a number of tricks are reached by *playing* to that number: the
auction names the contract, then :func:`play_to` steers the play (each side trying to win
or to lose tricks) until the declaring side has taken exactly the wanted number.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

import cardavia
from cardavia import IllegalAction, InvalidDeal
from cardavia.cards import RANKS, pack_52
from cardavia.games.bridge import BIDS, BridgeState, side_of, sort_hand

S, W, N, E = 0, 1, 2, 3
PASS3 = ["pass"] * 3


def new_state(
    hands: list[list[str]] | None = None,
    seed: int = 1,
    vulnerability: str = "none",
    scoring: str = "duplicate",
) -> BridgeState:
    game = cardavia.new_game("bridge", scoring=scoring)
    deal: dict[str, Any] | None = None
    if hands is not None:
        deal = {"hands": hands, "vulnerability": vulnerability}
    elif vulnerability != "none":
        deal = {"hands": random_hands(seed), "vulnerability": vulnerability}
    state = game.new_state(seed=seed, deal=deal)
    assert isinstance(state, BridgeState)
    return state


def random_hands(seed: int) -> list[list[str]]:
    cards = pack_52()
    random.Random(seed).shuffle(cards)
    return [cards[seat::4] for seat in range(4)]


def hands_with(fixed: dict[int, list[str]]) -> list[list[str]]:
    """Four hands of 13 holding the ``fixed`` cards, the rest of the pack dealt round."""
    taken = {card for cards in fixed.values() for card in cards}
    rest = [card for card in pack_52() if card not in taken]
    hands = [list(fixed.get(seat, [])) for seat in range(4)]
    for seat in range(4):
        while len(hands[seat]) < 13:
            hands[seat].append(rest.pop())
    return hands


def calls(state: BridgeState, *sequence: str) -> None:
    for call in sequence:
        state.apply(call)


def unchanged_after(state: BridgeState, action: str) -> str:
    """Apply an action that must be refused; the state must be exactly as before."""
    before = state.to_json()
    with pytest.raises(IllegalAction) as refused:
        state.apply(action)
    assert state.to_json() == before
    return str(refused.value)


# --- steering the play to a number of tricks ----------------------------------------


def card_power(card: str, trump: str | None, led: str | None) -> int:
    rank = RANKS.index(card[0])
    if trump is not None and card[1] == trump:
        return 200 + rank
    if card[1] == led:
        return 100 + rank
    return rank


def steer_once(state: BridgeState, target: int, rng: random.Random) -> None:
    """Play out the deal: the declaring side tries to win tricks until it has ``target``,
    then to lose them; the defenders the opposite; now and then a random card."""
    assert state.contract is not None
    declaring = side_of(state.contract["declarer"])
    trump = None if state.contract["strain"] == "NT" else state.contract["strain"]
    while state.phase == "play" and not state.is_over:
        legal = state.legal_actions()
        hand = state.turn
        assert hand is not None
        led = state.trick[0][1][1] if state.trick else None
        need_more = state.tricks_won[declaring] < target
        wants_to_win = (side_of(hand) == declaring) == need_more
        if rng.random() < 0.15:
            state.apply(rng.choice(legal))
            continue
        ranked = sorted(legal, key=lambda action: card_power(action[5:], trump, led))
        state.apply(ranked[-1] if wants_to_win else ranked[0])


def play_to(state: BridgeState, target: int, tries: int = 400) -> BridgeState:
    """A copy of ``state`` (auction just over) played to the end with the declaring side
    taking exactly ``target`` tricks."""
    rng = random.Random(target)
    scored = len(state.events)
    for _ in range(tries):
        attempt = state.clone()
        assert isinstance(attempt, BridgeState)
        steer_once(attempt, target, rng)
        # In a rubber the next deal has begun: read the result from the record.
        results = [event for event in attempt.events[scored:] if event["type"] == "score"]
        if results[0]["tricks"] == target:
            return attempt
    raise AssertionError(f"could not steer the play to {target} tricks")


def score_event(state: BridgeState) -> dict[str, Any]:
    return next(event for event in reversed(state.events) if event["type"] == "score")


# --- the auction ------------------------------------------------------------------------


def test_br01_first_call_is_south_with_pass_and_the_35_bids() -> None:
    state = new_state()
    assert state.current_player == S
    assert state.legal_actions() == ["pass", *BIDS]
    assert len(BIDS) == 35


def test_br02_four_passes_end_the_deal_at_zero() -> None:
    state = new_state()
    calls(state, *["pass"] * 4)
    assert state.is_over
    assert state.scores == [0, 0, 0, 0]
    assert not [event for event in state.events if event["type"] == "play"]
    assert score_event(state)["passed_out"] is True


def test_br03_late_opening_by_east_south_leads() -> None:
    state = new_state()
    calls(state, "pass", "pass", "pass", "1C", *PASS3)
    assert state.contract == {"level": 1, "strain": "C", "doubling": 0, "declarer": E}
    assert state.current_player == S
    assert state.phase == "play"


def test_br04_insufficient_bids_are_refused() -> None:
    state = new_state()
    calls(state, "2H")
    assert "not higher than the last bid, 2H" in unchanged_after(state, "2D")
    unchanged_after(state, "1NT")
    assert "3C" in state.legal_actions()
    calls(state, "2S")
    assert state.calls == ["2H", "2S"]


def test_br05_doubling_your_own_side_is_refused() -> None:
    state = new_state()
    calls(state, "1H", "pass")
    assert "double" not in state.legal_actions()
    assert "opponents" in unchanged_after(state, "double")


def test_br06_balancing_double_after_two_passes() -> None:
    state = new_state()
    calls(state, "1H", "pass", "pass", "double")
    assert state.phase == "auction"
    calls(state, "pass", "pass")
    assert state.phase == "auction"  # the double restarted the count
    calls(state, "pass")
    assert state.contract == {"level": 1, "strain": "H", "doubling": 1, "declarer": S}


def test_br07_redouble_belongs_to_the_doubled_side() -> None:
    state = new_state()
    calls(state, "1H", "double")
    assert "double" not in state.legal_actions()
    branch = state.clone()
    branch.apply("redouble")  # North: their side's bid, doubled by an opponent
    assert "double" not in branch.legal_actions()
    assert "redouble" not in branch.legal_actions()
    calls(state, "pass")  # North passes; East may not redouble an EW double
    assert "redouble" not in state.legal_actions()
    assert "double" not in state.legal_actions()
    unchanged_after(state, "redouble")


def test_br08_a_new_bid_clears_the_double() -> None:
    state = new_state()
    calls(state, "1H", "double", "2H")
    assert state.current_player == E
    assert "double" in state.legal_actions()
    assert "redouble" not in state.legal_actions()
    calls(state, *PASS3)
    assert state.contract is not None and state.contract["doubling"] == 0


def test_bids_rank_by_level_then_strain_2c_over_1nt() -> None:
    """§3.2: every bid of a higher level outranks every lower-level bid."""
    state = new_state()
    calls(state, "1NT")
    assert state.legal_actions()[1:3] == ["2C", "2D"]
    calls(state, "2C")
    assert state.calls == ["1NT", "2C"]


def test_auction_after_7nt_allows_no_bid() -> None:
    state = new_state()
    calls(state, "7NT")
    assert state.legal_actions() == ["pass", "double"]
    unchanged_after(state, "7NT")


def test_call_spellings_are_forgiving_and_canonical() -> None:
    state = new_state()
    calls(state, "1n", "X", "xx", "p", "P", "Pass")
    assert state.calls == ["1NT", "double", "redouble", "pass", "pass", "pass"]
    assert state.contract == {"level": 1, "strain": "NT", "doubling": 2, "declarer": S}


@pytest.mark.parametrize("junk", ["", "8C", "0NT", "1Z", "play AS", "bid 1S", "double 2"])
def test_malformed_calls_are_refused_with_a_message(junk: str) -> None:
    state = new_state()
    assert unchanged_after(state, junk)


def test_e1_auction_with_double_and_redouble_makes_840() -> None:
    auction = ["1H", "1S", "2H", "double", "redouble", *PASS3]
    state = new_state()
    calls(state, *auction)
    assert state.contract == {"level": 2, "strain": "H", "doubling": 2, "declarer": S}
    assert state.dummy == N
    assert state.current_player == W  # the opening lead
    done = played(auction, 9)
    assert done.scores == [840, -840, 840, -840]


def test_e2_br09_declarer_is_first_to_name_the_strain() -> None:
    state = new_state()
    calls(state, "1D", "pass", "1H", "pass", "4H", *PASS3)
    assert state.declarer == N and state.dummy == S
    assert state.current_player == E
    while not state.is_over:
        if state.turn == S:  # South's card: North chooses it
            assert state.current_player == N
            assert (
                state.legal_actions()
                == [f"play {card}" for card in state.view(S)["dummy"] if card in state.hands[S]]
                or state.trick
            )
            assert state.view(S)["legal_actions"] == []
            assert state.view(N)["legal_actions"] == state.legal_actions()
            assert all(action[5:] in state.hands[S] for action in state.legal_actions())
        state.apply(state.legal_actions()[0])


# --- the play -----------------------------------------------------------------------


def test_br10_dummy_is_exposed_right_after_the_opening_lead() -> None:
    state = new_state(seed=5)
    calls(state, "1NT", *PASS3)
    dummy_cards = set(state.hands[N])
    for seat in range(4):
        view = state.view(seat)
        assert view["dummy"] is None
        if seat != N:
            assert not dummy_cards & set(str(view))
    state.apply(state.legal_actions()[0])
    for seat in range(4):
        assert state.view(seat)["dummy"] == state.hands[N]
    exposure = [event for event in state.events if event["type"] == "dummy"]
    assert exposure == [{"type": "dummy", "seat": N, "cards": state.hands[N]}]


def test_br11_following_suit_is_compulsory_trumping_is_not() -> None:
    hearts_but_5 = [f"{rank}H" for rank in RANKS if rank != "5"]
    hands = [
        ["2D", *[f"{rank}C" for rank in RANKS if rank != "2"]],  # South
        [*hearts_but_5, "2C"],  # West: 12 hearts
        ["5H", *[f"{rank}S" for rank in RANKS if rank != "2"]],  # North: 5H and spades
        ["2S", *[f"{rank}D" for rank in RANKS if rank != "2"]],  # East: no heart
    ]
    state = new_state(hands)
    calls(state, "1S", *PASS3)
    state.apply("play KH")
    assert state.legal_actions() == ["play 5H"]
    assert "follow suit" in unchanged_after(state, "play AS")
    state.apply("play 5H")
    assert sorted(state.legal_actions()) == sorted(f"play {card}" for card in hands[E])


def test_br12_e6_trick_winners_with_and_without_trumps() -> None:
    fixed = {
        W: ["AH", "QH", "JH", "TH"],
        E: ["KH", "9H", "8H", "7H", "6H"],
        S: ["3H", "2H", "4H", "5H"],
        N: ["2S"],  # and no heart: every heart is placed
    }
    state = new_state(hands_with(fixed))
    calls(state, "1S", *PASS3)
    for card in ("AH", "2S", "KH", "3H"):
        state.apply(f"play {card}")
    assert state.events[-1]["type"] == "trick" and state.events[-1]["winner"] == N

    fixed = {W: ["2H", "KH"], N: ["AS"], E: ["QH", "AH"], S: ["3H", "4H"]}
    hands = hands_with(fixed)
    for card in [f"{rank}H" for rank in RANKS]:  # the other hearts away from North
        if card in hands[N]:
            hands[N].remove(card)
            swap = next(c for c in hands[S] if c[1] != "H" and c not in fixed[S])
            hands[S].remove(swap)
            hands[S].append(card)
            hands[N].append(swap)
    state = new_state(hands)
    calls(state, "1NT", *PASS3)
    for card in ("2H", "AS", "QH", "3H"):
        state.apply(f"play {card}")
    assert state.events[-1]["winner"] == E  # the ace of spades cannot win in no trump


def test_br13_south_declarer_plays_north_cards() -> None:
    state = new_state(seed=9)
    calls(state, "1NT", *PASS3)
    state.apply(state.legal_actions()[0])  # West leads
    assert state.turn == N
    assert state.current_player == S
    assert all(action[5:] in state.hands[N] for action in state.legal_actions())
    assert state.view(S)["legal_actions"] == state.legal_actions()
    assert state.view(N)["legal_actions"] == []


def test_playing_a_card_not_in_the_hand_due_is_refused() -> None:
    state = new_state(seed=3)
    calls(state, "1NT", *PASS3)
    west_card = state.hands[W][0]
    state.apply(f"play {west_card}")
    foreign = state.hands[E][0]
    assert "not in the hand" in unchanged_after(state, f"play {foreign}")
    assert "not a play" in unchanged_after(state, "1S")
    assert unchanged_after(state, "play ZZ")


def test_trick_winner_leads_next() -> None:
    state = new_state(seed=4)
    calls(state, "2S", *PASS3)
    for _ in range(4):
        state.apply(state.legal_actions()[0])
    winner = state.events[-1]["winner"]
    assert state.turn == winner
    assert state.view(S)["last_trick"] is not None


# --- scoring through whole deals ----------------------------------------------------------

# BR-14: (auction from South, vulnerability, declaring side's tricks, declarer's score)
BR14 = {
    "3NT NV =": (["3NT", *PASS3], "none", 9, 400),
    "4S V +1": (["4S", *PASS3], "ns", 11, 650),
    "6H NV =": (["6H", *PASS3], "none", 12, 980),
    "7NT V =": (["7NT", *PASS3], "both", 13, 2220),
    "1NTXX NV =": (["1NT", "double", "redouble", *PASS3], "none", 7, 560),
    "2SX NV =": (["2S", "double", *PASS3], "none", 8, 470),
    "1CXX NV =": (["1C", "double", "redouble", *PASS3], "none", 7, 230),
    "4SX V -3": (["pass", "pass", "pass", "4S", "double", *PASS3], "ew", 7, -800),
    "7NTXX V -13": (["7NT", "double", "redouble", *PASS3], "both", 0, -7600),
    "2S NV +3": (["2S", *PASS3], "none", 11, 200),
}


def strong_hands(strong_side: int, give_away: int = 0) -> list[list[str]]:
    """The ``strong_side`` (0 NS, 1 EW) holds the top half of every suit, so it can take
    every trick, except that ``give_away`` of its top cards (the aces of clubs, diamonds,
    hearts, then the kings) go to the other side for a low card: about that many tricks
    lost."""
    order = sorted(pack_52(), key=lambda card: -RANKS.index(card[0]))
    hands: list[list[str]] = [[] for _ in range(4)]
    strong = [seat for seat in range(4) if side_of(seat) == strong_side]
    weak = [seat for seat in range(4) if side_of(seat) != strong_side]
    for index, card in enumerate(order):
        group = strong if index < 26 else weak
        hands[group[index % 2]].append(card)
    for ace in ["AC", "AD", "AH", "KC", "KD", "KH"][:give_away]:
        holder = next(seat for seat in strong if ace in hands[seat])
        taker = weak[0]
        low = min(hands[taker], key=lambda card: RANKS.index(card[0]))
        hands[holder][hands[holder].index(ace)] = low
        hands[taker][hands[taker].index(low)] = ace
    return hands


def candidate_hands(declaring_side: int, tricks: int) -> list[list[list[str]]]:
    """Deals worth trying to reach ``tricks`` for the declaring side: the side that must
    take most tricks holds the high cards less a few, nearest guesses first; then random
    deals."""
    strong, lost = (declaring_side, 13 - tricks) if tricks >= 7 else (1 - declaring_side, tricks)
    gifts = sorted(range(7), key=lambda gift: abs(gift - lost))
    return [strong_hands(strong, gift) for gift in gifts] + [random_hands(n) for n in range(20)]


def played(
    auction: list[str], tricks: int, vulnerability: str = "none", state: BridgeState | None = None
) -> BridgeState:
    """A deal with ``auction`` whose declaring side took exactly ``tricks``. With
    ``state`` (a rubber between deals), the cards of its new deal are replaced by the
    candidates in turn (the rubber's bookkeeping is under test, not its shuffles)."""
    declaring_side = side_of((auction_dealer(state) + last_bid_index(auction)) % 4)
    for hands in candidate_hands(declaring_side, tricks):
        if state is None:
            attempt = new_state(hands, vulnerability=vulnerability)
        else:
            attempt = state.clone()
            assert isinstance(attempt, BridgeState)
            attempt.hands = [sort_hand(hand) for hand in hands]
        calls(attempt, *auction)
        try:
            return play_to(attempt, tricks, tries=60)
        except AssertionError:
            continue
    raise AssertionError(f"no deal let {auction} take {tricks} tricks")


def auction_dealer(state: BridgeState | None) -> int:
    return S if state is None else state.dealer


def last_bid_index(auction: list[str]) -> int:
    return max(index for index, call in enumerate(auction) if call in BIDS)


@pytest.mark.parametrize("case", list(BR14), ids=list(BR14))
def test_br14_duplicate_scores_of_played_deals(case: str) -> None:
    auction, vulnerability, tricks, expected = BR14[case]
    done = played(auction, tricks, vulnerability)
    assert done.contract is not None
    declaring = side_of(done.contract["declarer"])
    assert done.scores[declaring] == expected
    assert done.scores[1 - declaring] == -expected
    event = score_event(done)
    assert event["tricks"] == tricks


def test_br15_east_declarer_scores_are_signed_by_seat() -> None:
    done = played(["pass", "pass", "pass", "4S", *PASS3], 10)
    assert done.declarer == E
    assert done.scores == [-420, 420, -420, 420]


def test_br16_only_the_declarers_vulnerability_counts() -> None:
    done = played(["pass", "3NT", *PASS3], 9, "ns")
    assert done.declarer == W
    assert done.scores == [-400, 400, -400, 400]
    assert score_event(done)["vulnerable"] is False


def test_e3_doubled_and_defeated_vulnerable() -> None:
    done = played(["pass", "pass", "pass", "4S", "double", *PASS3], 7, "ew")
    assert done.scores == [800, -800, 800, -800]
    assert score_event(done)["undertricks"] == 800


@pytest.mark.parametrize(
    ("auction", "vulnerability", "tricks", "expected"),
    [
        (["pass", "pass", "6NT", *PASS3], "ns", 12, 1440),
        (["pass", "pass", "6NT", *PASS3], "ns", 13, 1470),
        (["4S", *PASS3], "none", 12, 480),
    ],
    ids=["6NT V =", "6NT V +1 no grand bonus", "4S +2 no slam bonus"],
)
def test_e4_slam_bonuses_only_when_bid(
    auction: list[str], vulnerability: str, tricks: int, expected: int
) -> None:
    done = played(auction, tricks, vulnerability)
    assert done.scores[0] == expected


@pytest.mark.parametrize(
    ("auction", "tricks", "expected", "game_bonus"),
    [
        (["2S", *PASS3], 11, 200, 50),
        (["2S", "double", *PASS3], 8, 470, 300),
        (["1C", "double", "redouble", *PASS3], 7, 230, 50),
    ],
    ids=["2S +3 partscore", "2SX = doubled into game", "1CXX = still a partscore"],
)
def test_e5_partscore_and_doubled_game(
    auction: list[str], tricks: int, expected: int, game_bonus: int
) -> None:
    done = played(auction, tricks)
    assert done.scores[0] == expected
    assert score_event(done)["game_bonus"] == game_bonus


def test_br17_records_of_a_finished_deal() -> None:
    auction = ["1H", "1S", "2H", "double", "redouble", *PASS3]
    done = played(auction, 8)
    recorded = [(event["seat"], event["call"]) for event in done.events if event["type"] == "call"]
    assert recorded == [(index % 4, call) for index, call in enumerate(auction)]
    trick_events = [event for event in done.events if event["type"] == "trick"]
    assert [event["number"] for event in trick_events] == list(range(1, 14))
    assert all(len(event["plays"]) == 4 for event in trick_events)
    scores = [event for event in done.events if event["type"] == "score"]
    assert len(scores) == 1
    part = scores[0]
    parts = (
        part["trick_points"]
        + part["game_bonus"]
        + part["slam_bonus"]
        + part["insult_bonus"]
        + part["overtricks"]
        - part["undertricks"]
    )
    assert part["ns"] == parts  # NS declare here
    assert part["contract"] == "2HXX by S" and part["vulnerable"] is False
    assert part["ns"] == -part["ew"] == done.scores[0]


# --- rubber ---------------------------------------------------------------------------------

# §6.7: (auction from the dealer, declaring side's tricks); the dealer moves clockwise.
WORKED_RUBBER = [
    (["pass", "pass", "2S", *PASS3], 8),  # dealer S: 2S by N, 8 tricks
    (["pass", "pass", "3NT", *PASS3], 9),  # dealer W: 3NT by E
    (["pass", "pass", "pass", "4S", "double", *PASS3], 8),  # dealer N: 4SX by W, -2
    (["pass", "2H", "double", *PASS3], 9),  # dealer E: 2HX by S, +1
    (["pass", "pass", "pass", "6D", *PASS3], 12),  # dealer S: 6D by E
]


def play_rubber() -> BridgeState:
    """The worked rubber of §6.7, each deal played to its number of tricks."""
    state = new_state(seed=1, scoring="rubber")
    for auction, tricks in WORKED_RUBBER:
        state = played(auction, tricks, state=state)
    return state


def test_rubber_worked_example_through_the_engine() -> None:
    state = play_rubber()
    assert state.is_over
    scores = [event for event in state.events if event["type"] == "score"]
    contracts = [event["contract"] for event in scores]
    assert contracts == ["2S by N", "3NT by E", "4SX by W", "2HX by S", "6D by E"]
    dealers = [event["dealer"] for event in state.events if event["type"] == "deal"]
    assert dealers == [S, W, N, E, S]
    vulnerabilities = [event["vulnerability"] for event in state.events if event["type"] == "deal"]
    assert vulnerabilities == ["none", "none", "ew", "ew", "both"]
    sheet = scores[-1]["sheet"]
    assert sheet["below"] == [180, 220] and sheet["above"] == [650, 1250]
    assert sheet["games"] == [1, 2]
    assert scores[-1]["written"]["rubber_bonus"] == 500
    final = next(event for event in state.events if event["type"] == "rubber")
    assert final["winner"] == "EW" and final["totals"] == [830, 1470]
    assert state.scores == [-640, 640, -640, 640]


def test_rubber_partscore_is_cut_after_a_game() -> None:
    state = new_state(seed=2, scoring="rubber")
    state = played(*WORKED_RUBBER[0], state=state)
    assert state.view(S)["rubber"]["game"] == [60, 0]
    state = played(*WORKED_RUBBER[1], state=state)
    sheet = state.view(S)["rubber"]
    assert sheet["game"] == [0, 0] and sheet["below"] == [60, 100] and sheet["games"] == [0, 1]
    assert state.vulnerability == "ew"


def test_rubber_passed_out_deal_is_redealt_by_the_next_dealer() -> None:
    state = new_state(seed=6, scoring="rubber")
    first_hands = [list(hand) for hand in state.hands]
    calls(state, *["pass"] * 4)
    assert not state.is_over
    assert state.dealer == W and state.current_player == W
    assert state.hands != first_hands
    assert state.scores == [0, 0, 0, 0]


# --- deals and options ------------------------------------------------------------------


def test_seeded_deal_goes_one_card_at_a_time_from_west() -> None:
    state = new_state(seed=11)
    cards = pack_52()
    cards_rng = state.rng()
    cards_rng.shuffle(cards)
    for seat in range(4):
        expected = cards[(seat - 1) % 4 :: 4]
        assert sorted(state.hands[seat]) == sorted(expected)


@pytest.mark.parametrize(
    "deal",
    [
        {"hands": [["AS"] * 13] * 4},
        {"hands": random_hands(1)[:3]},
        {"hands": [hand[:12] for hand in random_hands(1)]},
        {"hands": random_hands(1), "vulnerability": "all"},
        {"hands": random_hands(1), "dealer": 4},
        {"hands": random_hands(1), "button": 0},
        {"hands": [[*random_hands(1)[0][:12], "BJ"], *random_hands(1)[1:]]},
    ],
    ids=[
        "duplicates",
        "three hands",
        "twelve cards",
        "bad vulnerability",
        "bad dealer",
        "key",
        "joker",
    ],
)
def test_invalid_deals_are_refused(deal: dict[str, Any]) -> None:
    with pytest.raises(InvalidDeal):
        cardavia.new_game("bridge").new_state(deal=deal)


def test_unknown_scoring_option_is_refused() -> None:
    with pytest.raises(ValueError):
        cardavia.new_game("bridge", scoring="matchpoints")


def test_default_vulnerability_is_none() -> None:
    assert new_state(seed=1).vulnerability == "none"
    assert new_state(random_hands(2), vulnerability="both").view(W)["vulnerability"] == "both"


# --- issue 11: every malformed deal is an InvalidDeal ----------------------------------------


@pytest.mark.parametrize("dealer", [True, False, 4, -1, 2.0, "N"])
def test_dealer_is_an_int_seat(dealer: Any) -> None:
    with pytest.raises(InvalidDeal, match="'dealer' is a seat number, 0 to 3"):
        cardavia.new_game("bridge").new_state(
            seed=1, deal={"hands": random_hands(1), "dealer": dealer}
        )


@pytest.mark.parametrize("vulnerability", [["ns"], "NS", "all", 0, True])
def test_vulnerability_is_one_of_four_words(vulnerability: Any) -> None:
    deal = {"hands": random_hands(1), "vulnerability": vulnerability}
    with pytest.raises(InvalidDeal, match="'vulnerability' is one of none, ns, ew, both"):
        cardavia.new_game("bridge").new_state(seed=1, deal=deal)


@pytest.mark.parametrize("action", ["1ſ", "play Aſ", "1\u212a", "\ud800", "１S", "pass\x00"])
def test_look_alike_calls_and_cards_are_refused(action: str) -> None:
    state = new_state(random_hands(1))
    before = state.to_json()
    with pytest.raises(IllegalAction, match="plain letters, digits and spaces"):
        state.apply(action)
    assert state.to_json() == before
