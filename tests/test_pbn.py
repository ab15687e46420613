"""PBN export and import of bridge deals (cardavia.pbn), read back by endplay 0.5.12.

Random deals are played with legal actions biased to pass (so contracts of every level and
doubling, passed-out deals and defeated contracts all occur), exported, and loaded with
``endplay.parsers.pbn.loads``: endplay's board must agree with the engine on the four
hands, the dealer, the vulnerability, the contract (level, strain, doubling, declarer), the
calls, the cards in play order (endplay orders PBN's per-seat columns itself, with its own
trick winners), the tricks taken and the score (``Contract.score``, endplay's own scoring).
Round trips: ``import_deal`` gives back the starting hands, and the actions read back by
``import_actions`` replayed on ``new_state(deal=...)`` give the very same event record.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from endplay.parsers import pbn as endplay_pbn
from endplay.types import Board, ContractBid, Denom, Penalty, PenaltyBid, Player, Vul

import cardavia
from cardavia.pbn import (
    dealt_from_seed,
    export_deal,
    export_match,
    import_actions,
    import_deal,
    parse_games,
    pbn_deal,
)

DEALS = 120
RUBBERS = 12
PLAYERS = {0: Player.south, 1: Player.west, 2: Player.north, 3: Player.east}
SEATS = {player: seat for seat, player in PLAYERS.items()}
DENOMS = {Denom.spades: "S", Denom.hearts: "H", Denom.diamonds: "D", Denom.clubs: "C"}
STRAINS = {**DENOMS, Denom.nt: "NT"}
PENALTIES = {Penalty.passed: 0, Penalty.doubled: 1, Penalty.redoubled: 2}
VULS = {"none": Vul.none, "ns": Vul.ns, "ew": Vul.ew, "both": Vul.both}
VULNERABILITIES = list(VULS)


def choose(rng: random.Random, state: Any) -> str:
    """A random legal action: in the auction mostly passes, low bids, some doubles."""
    legal = state.legal_actions()
    if state.phase != "auction":
        return str(rng.choice(legal))
    roll = rng.random()
    if "redouble" in legal and roll < 0.25:
        return "redouble"
    if "double" in legal and roll < 0.2:
        return "double"
    if roll < 0.6 or len(legal) == 1:
        return "pass"
    bids = [action for action in legal if action[0].isdigit()]
    if not bids:
        return "pass"
    return bids[min(len(bids) - 1, int(rng.expovariate(1 / 4)))]


def play_deal(seed: int) -> tuple[Any, list[list[str]]]:
    """A finished duplicate deal and its starting hands."""
    rng = random.Random(seed)
    deal = None
    if seed % 2:  # half of them with a vulnerability and a fixed deal
        hands = dealt_from_seed(seed + 1000, 0, 0)
        deal = {"hands": hands, "vulnerability": VULNERABILITIES[(seed // 2) % 4]}
    state: Any = cardavia.new_game("bridge").new_state(seed=seed, deal=deal)
    start = [list(hand) for hand in state.hands]
    while not state.is_over:
        state.apply(choose(rng, state))
    return state, start


def card_text(card: Any) -> str:
    """An endplay Card in Cardavia notation."""
    return f"{card.rank.name[1]}{DENOMS[card.suit]}"


def call_text(bid: Any) -> str:
    if isinstance(bid, ContractBid):
        return f"{bid.level}{STRAINS[bid.denom]}"
    assert isinstance(bid, PenaltyBid)
    return ("pass", "double", "redouble")[PENALTIES[bid.penalty]]


def load_one(text: str) -> Board:
    boards = endplay_pbn.loads(text)
    assert len(boards) == 1
    return boards[0]


def check_board(board: Board, events: list[dict[str, Any]], hands: list[list[str]]) -> None:
    """endplay's reading of one exported deal agrees with the deal's events and hands; in
    duplicate, endplay's score of the contract is the engine's score of the deal."""
    start = events[0]
    assert start["type"] == "deal"
    for seat in range(4):
        assert sorted(card_text(c) for c in board.deal[PLAYERS[seat]]) == sorted(hands[seat])
    assert board.dealer == PLAYERS[start["dealer"]]
    assert board.vul == VULS[start["vulnerability"]]
    calls = [e["call"] for e in events if e["type"] == "call"]
    assert [call_text(bid) for bid in board.auction] == calls
    auction = next(e for e in events if e["type"] == "auction")
    score = next(e for e in events if e["type"] == "score")
    contract = board.contract
    if auction["passed_out"]:
        assert contract.is_passout()
        assert not board.play
        assert contract.score(board.vul) == 0 == score.get("ns", 0)
        return
    assert contract.level == auction["level"]
    assert STRAINS[contract.denom] == auction["strain"]
    assert PENALTIES[contract.penalty] == auction["doubling"]
    assert SEATS[contract.declarer] == auction["declarer"]
    assert contract.result == score["result"]
    assert [card_text(c) for c in board.play] == [e["card"] for e in events if e["type"] == "play"]
    if "sheet" not in score:  # duplicate
        declarer_side = "ns" if auction["declarer"] % 2 == 0 else "ew"
        assert contract.score(board.vul) == score[declarer_side]


# --- duplicate deals ----------------------------------------------------------------------


@pytest.fixture(scope="module")
def finished_deals() -> list[tuple[Any, list[list[str]]]]:
    return [play_deal(seed) for seed in range(DEALS)]


def test_the_random_deals_cover_the_cases(finished_deals: list[Any]) -> None:
    auctions = [next(e for e in s.events if e["type"] == "auction") for s, _ in finished_deals]
    played = [a for a in auctions if not a["passed_out"]]
    assert any(a["passed_out"] for a in auctions)
    assert {a["doubling"] for a in played} == {0, 1, 2}
    assert {a["strain"] for a in played} == {"C", "D", "H", "S", "NT"}
    assert {a["declarer"] for a in played} == {0, 1, 2, 3}
    results = [next(e for e in s.events if e["type"] == "score") for s, _ in finished_deals]
    assert any(r["ns"] > 0 for r in results) and any(r["ns"] < 0 for r in results)


def test_endplay_reads_every_exported_deal(finished_deals: list[Any]) -> None:
    for state, hands in finished_deals:
        check_board(load_one(export_deal(state)), state.events, hands)


def test_export_tags(finished_deals: list[Any]) -> None:
    state, hands = next(
        (s, h) for s, h in finished_deals if s.events[0]["vulnerability"] == "ew" and s.scores[0]
    )
    tags = parse_games(export_deal(state))[0]
    order = list(tags)[:15]
    assert order == [
        "Event", "Site", "Date", "Board", "West", "North", "East", "South", "Dealer",
        "Vulnerable", "Deal", "Scoring", "Declarer", "Contract", "Result",
    ]  # fmt: skip
    assert tags["South"] == "You" and tags["North"] == "AI"
    assert tags["Dealer"] == "S" and tags["Vulnerable"] == "EW" and tags["Board"] == "1"
    assert tags["Deal"] == pbn_deal(hands, 0) and tags["Deal"].startswith("S:")
    assert tags["Scoring"] == "IMP"
    assert tags["Score"] == f"NS {state.scores[0]}"
    assert tags["Auction"] == "S" and tags["Play"] in "SWNE"
    score = next(e for e in state.events if e["type"] == "score")
    assert tags["Result"] == str(score["tricks"])
    assert all(len(line) == 4 for line in tags["Play lines"])
    assert len(tags["Play lines"]) == 13


def test_play_columns_start_with_the_opening_leader() -> None:
    """PBN §3.6: a play line's columns are the seats clockwise from the opening leader,
    whoever led the trick: a trick won by another seat is still written in those columns."""
    state, _ = play_deal(7)
    while True:
        auction = next((e for e in state.events if e["type"] == "auction"), None)
        if auction and not auction["passed_out"]:
            break
        state, _ = play_deal(random.randrange(10**6))
    leader = auction["leader"]
    lines = parse_games(export_deal(state))[0]["Play lines"]
    tricks = [e for e in state.events if e["type"] == "trick"]
    for line, trick in zip(lines, tricks, strict=True):
        for seat, card in trick["plays"]:
            assert line[(seat - leader) % 4] == card[1] + card[0]


def test_round_trip(finished_deals: list[Any]) -> None:
    for state, hands in finished_deals:
        text = export_deal(state)
        deal = import_deal(text)
        assert [sorted(h) for h in deal["hands"]] == [sorted(h) for h in hands]
        assert deal["vulnerability"] == state.events[0]["vulnerability"]
        assert deal["dealer"] == 0
        again: Any = cardavia.new_game("bridge").new_state(deal=deal)
        for action in import_actions(text):
            again.apply(action)
        assert again.is_over
        assert again.scores == state.scores
        assert again.events == state.events


def test_passed_out_deal() -> None:
    state: Any = cardavia.new_game("bridge").new_state(seed=3, deal={
        "hands": dealt_from_seed(3, 0, 0), "vulnerability": "both"
    })  # fmt: skip
    for _ in range(4):
        state.apply("pass")
    text = export_deal(state)
    tags = parse_games(text)[0]
    assert tags["Contract"] == "Pass" and tags["Declarer"] == "" and tags["Result"] == ""
    assert tags["Auction lines"] == [["Pass"] * 4]
    assert "Play" not in tags
    assert tags["Score"] == "NS 0"
    board = load_one(text)
    check_board(board, state.events, dealt_from_seed(3, 0, 0))
    assert import_actions(text) == ["pass"] * 4


def test_deal_in_progress() -> None:
    """Mid-auction: contract unknown, the auction ends with '+'; mid-play: the cards still
    to come are '-' and the result counts the completed tricks. Both read back exactly."""
    rng = random.Random(11)
    for seed in range(40):
        state: Any = cardavia.new_game("bridge").new_state(seed=seed)
        stop = rng.randrange(4, 60)
        for _ in range(stop):
            if state.is_over:
                break
            state.apply(choose(rng, state))
        text = export_deal(state)
        tags = parse_games(text)[0]
        if state.phase == "auction":
            assert tags["Contract"] == "?" and tags["Auction lines"][-1][-1] == "+"
            board = load_one(text)
            assert [call_text(bid) for bid in board.auction] == state.calls
        elif not state.is_over:
            assert tags["Result"] == str(state.tricks_won[state.declarer % 2])
            if state.trick:
                assert "-" in tags["Play lines"][-1]
        again: Any = cardavia.new_game("bridge").new_state(deal=import_deal(text))
        for action in import_actions(text):
            again.apply(action)
        assert again.events == state.events


# --- rubber -------------------------------------------------------------------------------


def play_rubber(seed: int) -> tuple[Any, list[list[list[str]]]]:
    """A finished rubber and the starting hands of each of its deals."""
    rng = random.Random(seed)
    state: Any = cardavia.new_game("bridge", scoring="rubber").new_state(seed=seed)
    starts = [[list(h) for h in state.hands]]
    while not state.is_over:
        deal_index = state.deal_index
        action = choose(rng, state)
        if state.phase == "auction" and rng.random() < 0.5:  # more games, shorter rubbers
            bids = [a for a in state.legal_actions() if a[0].isdigit() and int(a[0]) >= 3]
            if bids and len(state.calls) < 2:
                action = bids[0]
        state.apply(action)
        if state.deal_index != deal_index:
            starts.append([list(h) for h in state.hands])
    return state, starts


def test_rubber_export_every_deal() -> None:
    passed_out = 0
    for seed in range(RUBBERS):
        state, starts = play_rubber(seed)
        text = export_match(state)
        assert text.startswith("% PBN 2.1\n% EXPORT\n")
        boards = endplay_pbn.loads(text)
        deals: list[list[dict[str, Any]]] = []
        for event in state.events:
            if event["type"] == "deal":
                deals.append([])
            deals[-1].append(event)
        assert len(boards) == len(deals) == len(starts)
        for number, (board, events, hands) in enumerate(zip(boards, deals, starts, strict=True)):
            check_board(board, events, hands)
            assert board.board_num == number + 1
            assert board.info["Scoring"] == "Rubber"
            passed_out += next(e for e in events if e["type"] == "auction")["passed_out"]
        for game, hands in zip(parse_games(text), starts, strict=True):
            deal = import_deal(game_text(game))
            assert [sorted(h) for h in deal["hands"]] == [sorted(h) for h in hands]
    assert passed_out  # earlier passed-out deals are dealt again from the seed


def game_text(tags: dict[str, Any]) -> str:
    return "".join(f'[{name} "{value}"]\n' for name, value in tags.items() if " " not in name)


def test_rubber_deal_in_progress_is_left_out() -> None:
    state: Any = cardavia.new_game("bridge", scoring="rubber").new_state(seed=1)
    assert export_match(state) == "% PBN 2.1\n% EXPORT\n"
    state.apply("1C")
    assert export_match(state) == "% PBN 2.1\n% EXPORT\n"
    assert parse_games(export_deal(state))[0]["Contract"] == "?"


# --- import -------------------------------------------------------------------------------

HAND_WRITTEN = """
% A hand-written game in import format: lower case, comments, AP, first seat N.
[Event "Test"]
[Dealer "e"]
[Vulnerable "Both"]   ; both sides vulnerable
[Deal "n:akqjt98765432... ..akqjt98765432. ...AKQJT98765432 .AKQJT98765432.."]
{ North holds the spades, East the diamonds,
  South the clubs, West the hearts }
[Auction "E"]
1NT 2C =1= pass ap
[Note "1:natural"]
[Play "W"]
HA SA DA CA
HK S2 D2 C2
"""


def test_hand_written_pbn() -> None:
    deal = import_deal(HAND_WRITTEN)
    assert deal["dealer"] == 3 and deal["vulnerability"] == "both"
    north, east = deal["hands"][2], deal["hands"][3]
    assert sorted(north) == sorted(r + "S" for r in "AKQJT98765432")
    assert sorted(east) == sorted(r + "D" for r in "AKQJT98765432")
    assert all(c[1] == "C" for c in deal["hands"][0]) and all(c[1] == "H" for c in deal["hands"][1])
    actions = import_actions(HAND_WRITTEN)
    # South ruffs trick 1 and leads trick 2: its C2 comes first there.
    plays = ["AH", "AS", "AD", "AC", "2C", "KH", "2S", "2D"]
    assert actions == ["1NT", "2C", "pass", "pass", "pass", *(f"play {c}" for c in plays)]
    state: Any = cardavia.new_game("bridge").new_state(deal=deal)
    for action in actions:
        state.apply(action)
    assert state.contract == {"level": 2, "strain": "C", "doubling": 0, "declarer": 0}
    assert state.tricks_won == [2, 0]  # South ruffs trick 1, then leads a trump
    board = load_one(HAND_WRITTEN + '[Contract "2C"]\n[Declarer "S"]\n')
    assert board.dealer == Player.east and board.vul == Vul.both


GOOD_DEAL = "S:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432"


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ('[Event "x"]\n', "no game with a Deal tag"),
        ('[Deal "S:- - - -"]\n', "unknown"),
        ('[Deal "W:AKQJ.AKQ.AKQ.AKQ - - -"]\n', "unknown"),
        ('[Deal "AKQJ.AKQ.AKQ.AKQ"]\n', "<first>"),
        ('[Deal "Q:' + GOOD_DEAL[2:] + '"]\n', "first seat"),
        ('[Deal "S:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876"]\n', "4 hands"),
        ('[Deal "' + GOOD_DEAL.replace("AKQJ.", "AKQX.", 1) + '"]\n', "not a rank"),
        ('[Deal "' + GOOD_DEAL.replace("AKQJ.", "AKQ.", 1) + '"]\n', "12 cards"),
        ('[Deal "' + GOOD_DEAL.replace("AKQJ.AKQ", "AKQJAKQ", 1) + '"]\n', "four suits"),
        ('[Deal "' + GOOD_DEAL.replace("2.", "A.", 1) + '"]\n', "dealt twice"),
        ('[Deal "' + GOOD_DEAL + '"]\n[Vulnerable "Some"]\n', "Vulnerable"),
        ('[Deal "' + GOOD_DEAL + '"]\n[Dealer "X"]\n', "dealer"),
        ('[Deal "' + GOOD_DEAL + '"]\nfoo\n', "outside"),
        ('[Deal "' + GOOD_DEAL + '"\n', "not a tag pair"),
    ],
    ids=lambda value: value if len(value) < 20 else None,
)
def test_bad_pbn(text: str, message: str) -> None:
    with pytest.raises(cardavia.InvalidDeal, match=message):
        import_deal(text)


def test_bad_pbn_actions() -> None:
    head = f'[Deal "{GOOD_DEAL}"]\n[Dealer "S"]\n'
    with pytest.raises(cardavia.InvalidDeal, match="cannot be made"):
        import_actions(head + '[Auction "S"]\n1S 1C\n')
    with pytest.raises(cardavia.InvalidDeal, match="not a call"):
        import_actions(head + '[Auction "S"]\n1S 9Z\n')
    with pytest.raises(cardavia.InvalidDeal, match="dealer"):
        import_actions(head + '[Auction "W"]\n1S\n')
    with pytest.raises(cardavia.InvalidDeal, match="not a card"):
        import_actions(head + '[Auction "S"]\n1S AP\n[Play "W"]\nS7 ZZ S6 S2\n')
    with pytest.raises(cardavia.InvalidDeal, match="cannot be made"):
        import_actions(head + '[Auction "S"]\n1S AP\n[Play "W"]\nH9 S5 H8 H5\n')
    with pytest.raises(cardavia.InvalidDeal, match="text"):
        import_deal(b"[Deal]")  # type: ignore[arg-type]


def test_imported_deal_is_valid_for_the_engine() -> None:
    deal = import_deal(f'[Deal "{GOOD_DEAL}"]\n[Vulnerable "NS"]\n[Dealer "N"]\n')
    assert deal["vulnerability"] == "ns" and deal["dealer"] == 2
    state: Any = cardavia.new_game("bridge").new_state(deal=deal)
    assert state.current_player == 2
    assert state.hands[0] == [
        "AS",
        "KS",
        "QS",
        "JS",
        "AH",
        "KH",
        "QH",
        "AD",
        "KD",
        "QD",
        "AC",
        "KC",
        "QC",
    ]
