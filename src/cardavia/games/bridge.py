"""Contract bridge, exactly per spec/bridge.md.

Four seats: 0 South (You), 1 West, 2 North (your partner), 3 East; North–South (NS)
against East–West (EW). 52 cards, 13 each, dealt one at a time clockwise from the seat
left of the dealer. The dealer calls first; the auction ends after four passes (passed
out: 0–0) or three passes after a bid, double or redouble. The declarer is the first
player of the winning side to have named the contract's strain; the declarer's left-hand
opponent leads, the dummy is exposed right after that lead and the declarer plays both
hands (``current_player`` is the declarer's seat whenever a dummy card is due). Following
suit and trick winners come from :mod:`cardavia.tricks`; scoring from
:mod:`cardavia.bridge_scoring`.

Options: ``scoring``: ``"duplicate"`` (default; one deal, dealer South, §5) or
``"rubber"`` (§6: deals until a side wins two games; the dealer moves one seat clockwise
each deal, a passed-out deal is redealt by the next dealer, vulnerability comes from the
games won). Scores are zero-sum, ``[NS, EW, NS, EW]``: the deal's duplicate score, or in
rubber NS's total minus EW's so far.

``deal`` keys: ``hands`` (four lists of 13 cards, seat order), ``vulnerability``
(``none``, ``ns``, ``ew``, ``both``; default ``none``, and in rubber the sheet's),
``dealer`` (seat, default 0 South: the site always deals from South; another dealer
serves to rebuild a later rubber deal or to import a PBN deal dealt by another seat).

Actions: ``pass``, ``1C`` … ``7NT``, ``double``, ``redouble``; ``play <card>``. Parsing is
forgiving (``1n``, ``p``, ``x``, ``xx``, ``play as``). Every card is different in bridge:
there are no equivalent plays. Hands are kept in display order: spades, hearts, diamonds,
clubs, each from the ace down.

Events: ``deal`` (deal index, dealer, vulnerability), ``call`` (seat, call), ``auction``
(the contract, declarer, dummy, leader; or ``passed_out``), ``play`` (seat of the hand the
card came from, card, and ``by`` the declarer when it was dummy's), ``dummy`` (seat and
its 13 cards, after the opening lead), ``trick`` (number, the four plays, winner, tricks
per side), ``score`` (the breakdown of §7 and the NS/EW scores; rubber: what went on the
sheet and the sheet), ``rubber`` (the winning side and the totals, at a rubber's end).
"""

from __future__ import annotations

import random
import re
from typing import Any, ClassVar, NamedTuple

from .. import tricks
from ..bridge_scoring import (
    BOOK,
    DOUBLING_NAMES,
    STRAINS,
    Result,
    new_sheet,
    rubber_winner,
    score_contract,
    sheet_totals,
    sheet_vulnerable,
    write_on_sheet,
)
from ..cards import RANKS, SUITS, check_pack, pack_52, parse_card
from ..engine import (
    JSON,
    DealReader,
    Game,
    IllegalAction,
    InvalidDeal,
    State,
    copy_json,
    current_deal_events,
    register,
    replay,
)

SEAT_NAMES = ("S", "W", "N", "E")
SIDE_NAMES = ("NS", "EW")
VULNERABILITIES = ("none", "ns", "ew", "both")
HAND_SIZE = 13
TRICKS = 13
BIDS = [f"{level}{strain}" for level in range(1, 8) for strain in STRAINS]
SCORINGS = ("duplicate", "rubber")
_BID_PATTERN = re.compile(r"^([1-7])\s*(C|D|H|S|NT|N)$")
_CALL_WORDS = {
    "PASS": "pass",
    "P": "pass",
    "DOUBLE": "double",
    "X": "double",
    "DBL": "double",
    "REDOUBLE": "redouble",
    "XX": "redouble",
    "RDBL": "redouble",
}


def side_of(seat: int) -> int:
    """0 for North–South, 1 for East–West."""
    return seat % 2


def partner(seat: int) -> int:
    return (seat + 2) % 4


def is_vulnerable(vulnerability: str, side: int) -> bool:
    return vulnerability == "both" or vulnerability == SIDE_NAMES[side].lower()


def bid_rank(bid: str) -> int:
    return BIDS.index(bid)


def display_key(card: str) -> tuple[int, int]:
    return SUITS.index(card[1]), -RANKS.index(card[0])


def sort_hand(cards: list[str]) -> list[str]:
    return sorted(cards, key=display_key)


def contract_text(contract: dict[str, Any]) -> str:
    """``4SX by E``."""
    doubled = DOUBLING_NAMES[contract["doubling"]]
    return f"{contract['level']}{contract['strain']}{doubled} by {SEAT_NAMES[contract['declarer']]}"


def parse_call(text: str) -> str | None:
    """The canonical call ``text`` names, or None."""
    word = text.strip().upper().replace(" ", "")
    if word in _CALL_WORDS:
        return _CALL_WORDS[word]
    match = _BID_PATTERN.match(word)
    if match is None:
        return None
    strain = "NT" if match.group(2) in ("N", "NT") else match.group(2)
    return f"{match.group(1)}{strain}"


def trump_of(strain: str) -> str | None:
    return None if strain == "NT" else strain


class BridgeState(State):
    dealer: int
    vulnerability: str
    hands: list[list[str]]
    phase: str  # "auction", "play" or "over" (the match)
    calls: list[str]
    contract: dict[str, Any] | None
    turn: int | None  # the seat (hand) whose call or card is due
    trick: list[list[Any]]  # the current trick: [seat, card] in play order
    last_trick: list[list[Any]] | None
    tricks_won: list[int]  # per side
    dummy_exposed: bool
    deal_score: int  # NS's duplicate score of the finished deal
    sheet: dict[str, list[int]] | None  # rubber only

    # --- dealing ------------------------------------------------------------------

    def _start_deal(self, deal: dict[str, JSON] | None) -> None:
        rubber = self.game.options["scoring"] == "rubber"
        if self.deal_index == 0:
            self.sheet = new_sheet() if rubber else None
        dealer = getattr(self, "dealer", -1) + 1 if self.deal_index else 0
        vulnerability = self._sheet_vulnerability() if rubber else "none"
        if deal is None:
            cards = pack_52()
            self.rng().shuffle(cards)
            hands: list[list[str]] = [[] for _ in range(4)]
            for index, card in enumerate(cards):  # one at a time, left of the dealer first
                hands[(dealer % 4 + 1 + index) % 4].append(card)
        else:
            hands, vulnerability, dealer = _check_deal(deal, vulnerability, dealer)
        self.dealer = dealer % 4
        self.vulnerability = vulnerability
        self.hands = [sort_hand(hand) for hand in hands]
        self.phase = "auction"
        self.calls = []
        self.contract = None
        self.turn = self.dealer
        self.trick = []
        self.last_trick = None
        self.tricks_won = [0, 0]
        self.dummy_exposed = False
        self.deal_score = 0
        self.events.append(
            {
                "type": "deal",
                "deal": self.deal_index,
                "dealer": self.dealer,
                "vulnerability": self.vulnerability,
            }
        )

    def _sheet_vulnerability(self) -> str:
        assert self.sheet is not None
        ns, ew = (sheet_vulnerable(self.sheet, side) for side in (0, 1))
        return ("none", "ns", "ew", "both")[ns + 2 * ew]

    # --- whose turn ---------------------------------------------------------------

    @property
    def current_player(self) -> int | None:
        if self.turn is None:
            return None
        if self.phase == "play" and self.turn == self.dummy:
            return self.declarer
        return self.turn

    @property
    def declarer(self) -> int | None:
        return None if self.contract is None else int(self.contract["declarer"])

    @property
    def dummy(self) -> int | None:
        declarer = self.declarer
        return None if declarer is None else partner(declarer)

    def legal_actions(self) -> list[str]:
        if self.turn is None:
            return []
        if self.phase == "auction":
            return self._legal_calls()
        return [f"play {card}" for card in self._playable()]

    # --- the auction --------------------------------------------------------------

    def _last_bid(self) -> tuple[int, str] | None:
        """(index in ``calls``, bid) of the most recent bid."""
        for index in range(len(self.calls) - 1, -1, -1):
            if self.calls[index] in BIDS:
                return index, self.calls[index]
        return None

    def _caller(self, index: int) -> int:
        return (self.dealer + index) % 4

    def _doubling(self) -> int:
        """0, 1 or 2: the status of the last bid (passes keep it, a bid resets it)."""
        last = self._last_bid()
        if last is None:
            return 0
        after = self.calls[last[0] + 1 :]
        return 2 if "redouble" in after else 1 if "double" in after else 0

    def _legal_calls(self) -> list[str]:
        assert self.turn is not None
        last = self._last_bid()
        calls = ["pass"]
        calls += BIDS[bid_rank(last[1]) + 1 :] if last else BIDS
        if last is not None:
            ours = side_of(self._caller(last[0])) == side_of(self.turn)
            doubling = self._doubling()
            if not ours and doubling == 0:
                calls.append("double")
            if ours and doubling == 1:
                calls.append("redouble")
        return calls

    def _why_not_call(self, call: str) -> str:
        last = self._last_bid()
        if call in BIDS:
            assert last is not None
            return f"{call} is not higher than the last bid, {last[1]}"
        if call == "double":
            if last is None:
                return "there is no bid to double"
            if side_of(self._caller(last[0])) == side_of(self.turn or 0):
                return "you may only double a bid of the opponents"
            return f"{last[1]} is already doubled"
        if last is None or self._doubling() == 0:
            return "you may only redouble a bid of your side that the opponents doubled"
        if self._doubling() == 2:
            return f"{last[1]} is already redoubled"
        return "you may only redouble a bid of your own side"

    def _auction_over(self) -> bool:
        if len(self.calls) == 4 and self.calls == ["pass"] * 4:
            return True
        return (
            len(self.calls) >= 4
            and self.calls[-3:] == ["pass"] * 3
            and self._last_bid() is not None
        )

    def _close_auction(self) -> None:
        last = self._last_bid()
        if last is None:
            self.events.append({"type": "auction", "passed_out": True})
            self._finish_deal(None)
            return
        index, bid = last
        side = side_of(self._caller(index))
        strain = bid[1:]
        declarer = next(
            self._caller(i)
            for i, call in enumerate(self.calls)
            if call in BIDS and call[1:] == strain and side_of(self._caller(i)) == side
        )
        self.contract = {
            "level": int(bid[0]),
            "strain": strain,
            "doubling": self._doubling(),
            "declarer": declarer,
        }
        self.phase = "play"
        self.turn = (declarer + 1) % 4
        self.events.append(
            {
                "type": "auction",
                "passed_out": False,
                "contract": contract_text(self.contract),
                **self.contract,
                "dummy": partner(declarer),
                "leader": self.turn,
            }
        )

    # --- the play -----------------------------------------------------------------

    def _trump(self) -> str | None:
        assert self.contract is not None
        return trump_of(self.contract["strain"])

    def _playable(self) -> list[str]:
        assert self.turn is not None
        led = [card for _, card in self.trick]
        return tricks.playable(self.hands[self.turn], led, self._trump())

    def _play(self, card: str) -> None:
        assert self.turn is not None
        seat = self.turn
        self.hands[seat].remove(card)
        self.trick.append([seat, card])
        event: dict[str, JSON] = {
            "type": "play",
            "seat": seat,
            "card": card,
            "action": f"play {card}",
        }
        if seat == self.dummy:
            event["by"] = self.declarer
        self.events.append(event)
        if not self.dummy_exposed:  # the opening lead has just been made
            self.dummy_exposed = True
            dummy = self.dummy
            assert dummy is not None
            self.events.append({"type": "dummy", "seat": dummy, "cards": list(self.hands[dummy])})
        if len(self.trick) < 4:
            self.turn = (seat + 1) % 4
            return
        winner_index = tricks.trick_winner([c for _, c in self.trick], self._trump())
        winner = int(self.trick[winner_index][0])
        self.tricks_won[side_of(winner)] += 1
        number = sum(self.tricks_won)
        self.events.append(
            {
                "type": "trick",
                "number": number,
                "plays": copy_json(self.trick),
                "winner": winner,
                "tricks": list(self.tricks_won),
            }
        )
        self.last_trick, self.trick = self.trick, []
        self.turn = winner
        if number == TRICKS:
            self._finish_deal(self.tricks_won[side_of(self.declarer or 0)])

    # --- scoring ------------------------------------------------------------------

    def _finish_deal(self, declarer_tricks: int | None) -> None:
        self.turn = None
        if declarer_tricks is None:  # passed out
            self.deal_score = 0
            self.events.append(
                {"type": "score", "passed_out": True, "ns": 0, "ew": 0, "scores": [0, 0, 0, 0]}
            )
            self._next_deal_or_end()
            return
        contract = self.contract
        assert contract is not None
        side = side_of(contract["declarer"])
        vulnerable = is_vulnerable(self.vulnerability, side)
        result = score_contract(
            contract["level"], contract["strain"], contract["doubling"], vulnerable, declarer_tricks
        )
        if self.sheet is not None:
            event = self._score_rubber_deal(side, result)
        else:
            declarer_score = result.duplicate
            self.deal_score = declarer_score if side == 0 else -declarer_score
            event = {"game_bonus": result.game_bonus}
        target = BOOK + contract["level"]
        self.events.append(
            {
                "type": "score",
                "passed_out": False,
                "contract": contract_text(contract),
                "declarer": contract["declarer"],
                "vulnerable": vulnerable,
                "tricks": declarer_tricks,
                "result": declarer_tricks - target,
                **result.as_dict(),
                **event,
                "ns": self.scores[0],
                "ew": self.scores[1],
                "scores": self.scores,
            }
        )
        self._next_deal_or_end()

    def _score_rubber_deal(self, side: int, result: Result) -> dict[str, JSON]:
        assert self.sheet is not None
        written = write_on_sheet(self.sheet, side, result)
        return {"game_bonus": 0, "sheet": copy_json(self.sheet), "written": written}

    def _next_deal_or_end(self) -> None:
        if self.sheet is None:
            self.phase = "over"
            return
        winner = rubber_winner(self.sheet)
        if winner is None:
            self.deal_index += 1
            self._start_deal(None)
            return
        self.phase = "over"
        totals = sheet_totals(self.sheet)
        self.events.append(
            {
                "type": "rubber",
                "winner": SIDE_NAMES[winner],
                "totals": totals,
                "scores": self.scores,
            }
        )

    @property
    def scores(self) -> list[int]:
        if self.sheet is not None:
            ns, ew = sheet_totals(self.sheet)
            ns_score = ns - ew
        else:
            ns_score = self.deal_score
        return [ns_score, -ns_score, ns_score, -ns_score]

    # --- actions ------------------------------------------------------------------

    def _verify(self, action: str) -> tuple[str, str]:
        text = action.strip()
        if self.phase == "play":
            return self._verify_play(text)
        call = parse_call(text)
        if call is None:
            if text.lower().startswith("play"):
                raise IllegalAction("the auction is not over: make a call")
            raise IllegalAction(f"{action!r} is not a call: pass, 1C … 7NT, double or redouble")
        if call not in self._legal_calls():
            raise IllegalAction(self._why_not_call(call))
        return "call", call

    def _verify_play(self, text: str) -> tuple[str, str]:
        words = text.split()
        if len(words) != 2 or words[0].lower() != "play":
            raise IllegalAction(f"{text!r} is not a play: write play and a card, like play AS")
        try:
            card = parse_card(words[1])
        except ValueError as error:
            raise IllegalAction(str(error)) from None
        assert self.turn is not None
        hand = self.hands[self.turn]
        whose = "dummy does" if self.turn == self.dummy else "you do"
        if card not in hand:
            raise IllegalAction(f"{card} is not in the hand to play ({whose} not hold it)")
        if card not in self._playable():
            led = self.trick[0][1][1]
            raise IllegalAction(f"you must follow suit: play a card of the suit led ({led})")
        return "play", card

    def _perform(self, move: tuple[str, str]) -> None:
        kind, value = move
        if kind == "play":
            self._play(value)
            return
        assert self.turn is not None
        self.calls.append(value)
        self.events.append({"type": "call", "seat": self.turn, "call": value, "action": value})
        if self._auction_over():
            self._close_auction()
        else:
            self.turn = (self.turn + 1) % 4

    # --- views --------------------------------------------------------------------

    def _private_view(self, seat: int) -> dict[str, JSON]:
        dummy = self.dummy
        shown_dummy = list(self.hands[dummy]) if self.dummy_exposed and dummy is not None else None
        return {
            "hand": list(self.hands[seat]),
            "phase": self.phase,
            "dealer": self.dealer,
            "vulnerability": self.vulnerability,
            "scoring": self.game.options["scoring"],
            "auction": [
                {"seat": self._caller(index), "call": call} for index, call in enumerate(self.calls)
            ],
            "contract": copy_json(self.contract),
            "declarer": self.declarer,
            "dummy_seat": dummy,
            "dummy": shown_dummy,
            "turn_hand": self.turn,
            "trick": [{"seat": s, "card": c} for s, c in self.trick],
            "last_trick": None
            if self.last_trick is None
            else [{"seat": s, "card": c} for s, c in self.last_trick],
            "tricks": list(self.tricks_won),
            "hand_sizes": [len(hand) for hand in self.hands],
            "rubber": copy_json(self.sheet),
        }


def _check_deal(
    deal: dict[str, JSON], vulnerability: str, dealer: int
) -> tuple[list[list[str]], str, int]:
    read = DealReader(deal, {"vulnerability", "dealer"}, "bridge")
    hands = read.hands([HAND_SIZE] * 4)
    problem = check_pack([card for hand in hands for card in hand], pack_52())
    if problem:
        raise InvalidDeal(problem)
    given_dealer = read.seat("dealer", 4)
    return (
        hands,
        read.choice("vulnerability", VULNERABILITIES) or vulnerability,
        dealer if given_dealer is None else given_dealer,
    )


@register
class Bridge(Game):
    name = "bridge"
    num_players = 4
    state_class = BridgeState
    default_options: ClassVar[dict[str, JSON]] = {"scoring": "duplicate"}

    def __init__(self, **options: JSON) -> None:
        super().__init__(**options)
        if self.options["scoring"] not in SCORINGS:
            raise ValueError(f"scoring is one of {', '.join(SCORINGS)}")

    def sample_state(self, view: dict[str, JSON], rng: random.Random) -> State:
        """The hidden hands dealt at random: each seat gets back as many cards as it has
        left, and no card of a suit it has shown out of. (What the auction suggests about
        the hands is a bot's business: see ``cardavia.ai.bridge``.)"""
        return rebuild(self, view, deal_hidden(view, rng), rng)


def played_by_seat(events: list[dict[str, JSON]]) -> list[list[str]]:
    played: list[list[str]] = [[] for _ in range(4)]
    for event in events:
        if event["type"] == "play":
            played[event["seat"]].append(event["card"])
    return played


def tricks_of(events: list[dict[str, JSON]]) -> list[list[tuple[int, str]]]:
    """The deal's tricks as (seat, card) in play order, the current one last."""
    result: list[list[tuple[int, str]]] = [[]]
    for event in events:
        if event["type"] == "play":
            result[-1].append((event["seat"], event["card"]))
        elif event["type"] == "trick":
            result.append([])
    return result


class HiddenCards(NamedTuple):
    """What a view leaves open: the cards it cannot see, how many of them each hidden
    seat holds, and the suits each seat has shown out of."""

    unknown: list[str]
    sizes: dict[int, int]
    voids: dict[int, set[str]]


def hidden_cards(view: dict[str, JSON]) -> HiddenCards:
    me = view["seat"]
    events = current_deal_events(view["events"])
    played = played_by_seat(events)
    dummy = view["dummy_seat"] if view["dummy"] is not None else None
    known = set(view["hand"]) | set(view["dummy"] or []) | {c for cards in played for c in cards}
    unknown = [card for card in pack_52() if card not in known]
    sizes = {seat: view["hand_sizes"][seat] for seat in range(4) if seat not in (me, dummy)}
    return HiddenCards(unknown, sizes, tricks.void_suits(tricks_of(events)))


def deal_hidden(view: dict[str, JSON], rng: random.Random) -> dict[int, list[str]]:
    """The cards this view cannot see, dealt at random to the seats that hold them,
    respecting their counts and their shown voids."""
    return tricks.deal_respecting_voids(rng, *hidden_cards(view))


def hands_left(view: dict[str, JSON], hidden: dict[int, list[str]]) -> list[list[str]]:
    """Every seat's cards left, seat order: the view's own hand and dummy, and ``hidden``
    for the seats it cannot see."""
    hands = []
    for seat in range(4):
        if seat == view["seat"]:
            hands.append(list(view["hand"]))
        elif seat in hidden:
            hands.append(list(hidden[seat]))
        else:
            hands.append(list(view["dummy"]))
    return hands


def rebuild(
    game: Game, view: dict[str, JSON], hidden: dict[int, list[str]], rng: random.Random
) -> State:
    """The state in which the hidden seats hold ``hidden`` (their cards left) and
    everything else is as ``view`` shows: the deal is rebuilt with the played cards given
    back and the record replayed."""
    events = current_deal_events(view["events"])
    played = played_by_seat(events)
    hands = [left + played[seat] for seat, left in enumerate(hands_left(view, hidden))]
    start = events[0]
    deal = {"hands": hands, "vulnerability": start["vulnerability"], "dealer": start["dealer"]}
    state = replay(game, rng.randrange(2**31), deal, view["events"])
    assert isinstance(state, BridgeState)
    if view["rubber"] is not None:
        state.sheet = copy_json(view["rubber"])
    return state
