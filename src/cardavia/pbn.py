"""Bridge deals as PBN, the Portable Bridge Notation (version 2.1, export format).

:func:`export_deal` writes the current deal of a ``bridge`` state (finished, or still being
bid or played) as one PBN game; :func:`export_match` writes every finished deal of a match
(the one deal of duplicate scoring, or each deal of a rubber) as a PBN file: the
``% PBN 2.1`` and ``% EXPORT`` header lines, then one game per deal, separated by empty lines.
:func:`import_deal` reads the ``Deal``, ``Dealer`` and ``Vulnerable`` tags of a PBN game
into the ``deal`` of ``cardavia.new_game("bridge").new_state(deal=...)``, and
:func:`import_actions` reads its Auction and Play sections back as Cardavia actions.

Seats: Cardavia's 0 South, 1 West, 2 North, 3 East are PBN's S, W, N, E. Both turn
clockwise (S, W, N, E), so "the next seat" means the same in both. Cards: Cardavia writes
rank then suit (``TS``), PBN suit then rank (``ST``); in the Deal tag a hand is
``spades.hearts.diamonds.clubs``, each suit's ranks from the ace down.

Each game holds the tags of PBN's mandatory tag set, in its order: Event, Site, Date
(``????.??.??`` unless given), Board (1 for duplicate; the deal number in a rubber), West,
North, East, South (default names ``You`` for South and ``AI`` for the others), Dealer,
Vulnerable (``None``, ``NS``, ``EW``, ``All``), Deal (the dealer's hand first, as export
format requires), Scoring, Declarer, Contract (``4SX``, or ``Pass``), Result (the tricks
the declarer took); then Score (``NS 420``: the NS side's points for the deal, duplicate
only), the Auction section (the dealer first, four calls a line, ``Pass``, ``X``, ``XX``
and bids, every pass written out) and the Play section (the opening leader first; a line
per trick, its columns the four seats clockwise from the opening leader, whoever led that
trick, as PBN requires; ``-`` for a card not played yet).

Scoring. PBN's Scoring tag names how results are compared between tables and is open
ended (PBN 2.1 §3.4.12 gives only examples: ``MP``, ``IMP``, ``Rubber``, ``Chicago`` …).
A duplicate deal here is scored on its own in raw duplicate points, the total-point
scoring of Law 78C, for which PBN has no name: matchpoints (``MP``) would change the
tactics (overtricks become decisive), ``Rubber`` and ``Chicago`` carry partscores between
deals. We write ``IMP``, the listed system whose tactics raw points share (every point
counts, by size), and the raw score itself in the Score tag, which is in points under any
scoring. A rubber is written with ``Rubber``.

A deal still in progress: an auction not over has Declarer, Contract and Result ``?``; a
deal being played has the result of its completed tricks (PBN §3.4.15, a partial result)
and ``-`` for the cards still to come. A passed-out deal has Declarer and Result empty and
no Play section.

Where the hands come from. Events carry no hidden card, so the hands are rebuilt: the
current deal's from the state's hands plus the cards already played; an earlier deal of a
rubber that was played out from its 52 plays; an earlier deal that was passed out (no card
played) by dealing it again from the match's seed exactly as the engine does (every deal
after the first is drawn from the seed). Limitation: a passed-out *first* deal that was
fixed with ``new_state(deal=...)`` and is no longer the current deal cannot be known; its
hands are dealt from the seed, which is right only when that deal was not fixed. (A
``fixed`` flag in the ``deal`` event would let this module tell.)
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any

from .bridge_scoring import DOUBLING_NAMES, STRAINS
from .cards import RANKS, SUITS, pack_52
from .engine import IllegalAction, InvalidDeal, State, deal_rng, new_game
from .games.bridge import BridgeState

__all__ = [
    "PBN_SEATS",
    "dealt_from_seed",
    "export_deal",
    "export_match",
    "import_actions",
    "import_deal",
    "parse_games",
    "pbn_deal",
    "pbn_hand",
]

Event = Mapping[str, Any]
PBN_SEATS = "SWNE"  # Cardavia seat -> PBN direction
VULNERABLE_TAGS = {"none": "None", "ns": "NS", "ew": "EW", "both": "All"}
VULNERABLE_WORDS = {
    "NONE": "none",
    "LOVE": "none",
    "-": "none",
    "NS": "ns",
    "EW": "ew",
    "ALL": "both",
    "BOTH": "both",
}
CALL_TOKENS = {"pass": "Pass", "double": "X", "redouble": "XX"}
DEFAULT_PLAYERS = ("You", "AI", "AI", "AI")  # seat order: S, W, N, E
PLAYER_TAGS = (("West", 1), ("North", 2), ("East", 3), ("South", 0))
UNKNOWN_DATE = "????.??.??"
SCORING_DUPLICATE = "IMP"
SCORING_RUBBER = "Rubber"
HAND_SIZE = 13

_TAG = re.compile(r'^\[\s*(\w+)\s+"((?:[^"\\]|\\.)*)"\s*\]\s*(?:;.*)?$')
_ESCAPE = re.compile(r"\\(.)")
_BID = re.compile(r"^([1-7])(NT|N|S|H|D|C)$", re.IGNORECASE)
_CARD = re.compile(r"^([SHDC])([AKQJT2-9])$", re.IGNORECASE)


# --- export -----------------------------------------------------------------------------


def export_deal(
    state: State,
    *,
    event: str = "Cardavia",
    site: str = "Cardavia",
    date: str = UNKNOWN_DATE,
    players: Sequence[str] = DEFAULT_PLAYERS,
) -> str:
    """The current deal of a bridge ``state`` (finished or not) as one PBN game."""
    bridge = _bridge(state)
    deals = _deals(bridge)
    hands = _current_hands(bridge, deals[-1])
    return _game(deals[-1], hands, _scoring(state), event, site, date, players)


def export_match(
    state: State,
    *,
    event: str = "Cardavia",
    site: str = "Cardavia",
    date: str = UNKNOWN_DATE,
    players: Sequence[str] = DEFAULT_PLAYERS,
) -> str:
    """Every finished deal of a bridge match as a PBN file (header lines, then one game per
    deal); only the header before the first deal is over."""
    bridge = _bridge(state)
    deals = _deals(bridge)
    games = []
    for number, deal in enumerate(deals):
        if not _finished(deal):
            continue
        if number == len(deals) - 1:
            hands = _current_hands(bridge, deal)
        else:
            hands = _earlier_hands(state, deal)
        games.append(_game(deal, hands, _scoring(state), event, site, date, players))
    return "% PBN 2.1\n% EXPORT\n" + "".join(game + "\n" for game in games)


def _bridge(state: State) -> BridgeState:
    if not isinstance(state, BridgeState):
        raise ValueError(f"PBN is for bridge, not {state.game.name}")
    return state


def _scoring(state: State) -> str:
    return SCORING_RUBBER if state.game.options["scoring"] == "rubber" else SCORING_DUPLICATE


def _deals(state: State) -> list[list[Event]]:
    """The events of each deal, from its ``deal`` event up to the next one."""
    deals: list[list[Event]] = []
    for event in state.events:
        if event["type"] == "deal":
            deals.append([])
        if deals:
            deals[-1].append(event)
    return deals


def _finished(deal: Sequence[Event]) -> bool:
    return any(event["type"] == "score" for event in deal)


def _played(deal: Sequence[Event]) -> list[list[str]]:
    played: list[list[str]] = [[] for _ in range(4)]
    for event in deal:
        if event["type"] == "play":
            played[event["seat"]].append(event["card"])
    return played


def _current_hands(state: BridgeState, deal: Sequence[Event]) -> list[list[str]]:
    return [list(state.hands[seat]) + played for seat, played in enumerate(_played(deal))]


def _earlier_hands(state: State, deal: Sequence[Event]) -> list[list[str]]:
    played = _played(deal)
    if all(len(cards) == HAND_SIZE for cards in played):
        return played
    return dealt_from_seed(state.seed, int(deal[0]["deal"]), int(deal[0]["dealer"]))


def dealt_from_seed(seed: int, deal_index: int, dealer: int) -> list[list[str]]:
    """The hands the engine deals at random for deal ``deal_index`` of the match ``seed``:
    the pack shuffled by the deal's generator, dealt one at a time clockwise from the seat
    left of the dealer."""
    cards = pack_52()
    deal_rng(seed, deal_index).shuffle(cards)
    hands: list[list[str]] = [[] for _ in range(4)]
    for index, card in enumerate(cards):
        hands[(dealer + 1 + index) % 4].append(card)
    return hands


def _pbn_card(card: str) -> str:
    return card[1] + card[0]


def pbn_hand(cards: Sequence[str]) -> str:
    """``AKQ.T2.-`` style: spades.hearts.diamonds.clubs, each from the ace down."""
    suits = []
    for suit in SUITS:
        ranks = sorted((card[0] for card in cards if card[1] == suit), key=RANKS.index)
        suits.append("".join(reversed(ranks)))
    return ".".join(suits)


def pbn_deal(hands: Sequence[Sequence[str]], first: int) -> str:
    """The Deal tag's value, hands clockwise from seat ``first``."""
    order = [(first + step) % 4 for step in range(4)]
    return f"{PBN_SEATS[first]}:" + " ".join(pbn_hand(hands[seat]) for seat in order)


def _tag(name: str, value: object) -> str:
    text = str(value).replace("\\", "\\\\").replace('"', '\\"')
    return f'[{name} "{text}"]\n'


def _game(
    deal: Sequence[Event],
    hands: list[list[str]],
    scoring: str,
    event: str,
    site: str,
    date: str,
    players: Sequence[str],
) -> str:
    start = deal[0]
    dealer = int(start["dealer"])
    calls = [(int(e["seat"]), str(e["call"])) for e in deal if e["type"] == "call"]
    auction = next((e for e in deal if e["type"] == "auction"), None)
    score = next((e for e in deal if e["type"] == "score"), None)
    tricks = [e for e in deal if e["type"] == "trick"]
    plays = [(int(e["seat"]), str(e["card"])) for e in deal if e["type"] == "play"]

    if auction is None:
        declarer, contract, result = "?", "?", "?"
    elif auction["passed_out"]:
        declarer, contract, result = "", "Pass", ""
    else:
        declarer = PBN_SEATS[auction["declarer"]]
        doubling = DOUBLING_NAMES[auction["doubling"]]
        contract = f"{auction['level']}{auction['strain']}{doubling}"
        side = auction["declarer"] % 2
        result = str(tricks[-1]["tricks"][side] if tricks else 0)

    text = "".join(
        [
            _tag("Event", event),
            _tag("Site", site),
            _tag("Date", date),
            _tag("Board", int(start["deal"]) + 1),
            *(_tag(name, players[seat]) for name, seat in PLAYER_TAGS),
            _tag("Dealer", PBN_SEATS[dealer]),
            _tag("Vulnerable", VULNERABLE_TAGS[start["vulnerability"]]),
            _tag("Deal", pbn_deal(hands, dealer)),
            _tag("Scoring", scoring),
            _tag("Declarer", declarer),
            _tag("Contract", contract),
            _tag("Result", result),
        ]
    )
    if score is not None and scoring == SCORING_DUPLICATE:
        text += _tag("Score", f"NS {score['ns']}")
    text += _tag("Auction", PBN_SEATS[dealer])
    tokens = [_call_token(call) for _, call in calls]
    if auction is None:
        tokens.append("+")  # the next call is still to be made (PBN §3.5)
    text += "".join(" ".join(tokens[i : i + 4]) + "\n" for i in range(0, len(tokens), 4))
    if auction is not None and not auction["passed_out"]:
        text += _play_section(int(auction["leader"]), plays)
    return text


def _call_token(call: str) -> str:
    return CALL_TOKENS.get(call, call)


def _play_section(leader: int, plays: Sequence[tuple[int, str]]) -> str:
    text = _tag("Play", PBN_SEATS[leader])
    for start in range(0, len(plays), 4):
        row = ["-"] * 4
        for seat, card in plays[start : start + 4]:
            row[(seat - leader) % 4] = _pbn_card(card)
        text += " ".join(row) + "\n"
    return text


# --- import -----------------------------------------------------------------------------


def parse_games(text: str) -> list[dict[str, Any]]:
    """The games of a PBN text: per game, its tags (name -> value) and the lines of its
    Auction and Play sections (``"Auction lines"``, ``"Play lines"``: token lists).
    Comments (``;`` to the end of the line, ``{`` … ``}``) and ``%`` lines are skipped."""
    games: list[dict[str, Any]] = []
    current: dict[str, Any] = {}
    section: str | None = None
    # A brace comment may span lines: it becomes one mark, so its lines are not empty.
    text = re.sub(r"\{[^}]*\}", "\x01", text)
    for raw in text.splitlines():
        line = raw.strip()
        if not line:
            if current:
                games.append(current)
                current, section = {}, None
            continue
        if line.startswith("%"):
            continue
        match = _TAG.match(line.replace("\x01", " "))
        if match:
            name, value = match.group(1), _ESCAPE.sub(r"\1", match.group(2))
            current.setdefault(name, value)
            section = name if name in ("Auction", "Play") else None
            if section:
                current.setdefault(f"{section} lines", [])
            continue
        line = line.split(";", 1)[0].replace("\x01", " ").strip()
        if not line:
            continue
        if line.startswith("["):
            raise InvalidDeal(f"PBN: not a tag pair: {line!r}")
        if section is None:
            raise InvalidDeal(f"PBN: a line outside the Auction and Play sections: {line!r}")
        current[f"{section} lines"].append(line.split())
    if current:
        games.append(current)
    return games


def _first_game(text: str) -> dict[str, Any]:
    if not isinstance(text, str):
        raise InvalidDeal(f"PBN is text, not {type(text).__name__}")
    for game in parse_games(text):
        if "Deal" in game:
            return game
    raise InvalidDeal("PBN: no game with a Deal tag")


def _seat(direction: str, what: str) -> int:
    letter = direction.strip().upper()
    if len(letter) != 1 or letter not in PBN_SEATS:
        raise InvalidDeal(f"PBN: {what} is W, N, E or S, not {direction!r}")
    return PBN_SEATS.index(letter)


def import_deal(text: str) -> dict[str, Any]:
    """The ``deal`` of the first PBN game of ``text`` that has a Deal tag: ``hands`` (seat
    order S, W, N, E), ``vulnerability`` and ``dealer`` (Dealer tag; South when absent).
    Any first seat is accepted in the Deal tag, ranks in any order and either case; a hand
    given as ``-`` (unknown) or not 13 cards, a card twice, a bad rank: InvalidDeal."""
    game = _first_game(text)
    value = game["Deal"].strip()
    first_text, colon, rest = value.partition(":")
    if not colon:
        raise InvalidDeal(f"PBN: the Deal tag is '<first>:<4 hands>', not {value!r}")
    first = _seat(first_text, "the Deal tag's first seat")
    parts = rest.split()
    if len(parts) != 4:
        raise InvalidDeal(f"PBN: the Deal tag needs 4 hands, it has {len(parts)}: {value!r}")
    hands: list[list[str]] = [[] for _ in range(4)]
    for step, part in enumerate(parts):
        seat = (first + step) % 4
        name = PBN_SEATS[seat]
        if part == "-":
            raise InvalidDeal(f"PBN: {name}'s hand is unknown ('-'); every hand is needed")
        suits = part.split(".")
        if len(suits) != 4:
            raise InvalidDeal(f"PBN: {name}'s hand {part!r} is not four suits S.H.D.C")
        for suit, ranks in zip(SUITS, suits, strict=True):
            for rank in ranks.upper():
                if rank not in RANKS:
                    raise InvalidDeal(f"PBN: {rank!r} in {name}'s hand {part!r} is not a rank")
                hands[seat].append(rank + suit)
    for seat, hand in enumerate(hands):
        if len(hand) != HAND_SIZE:
            raise InvalidDeal(
                f"PBN: {PBN_SEATS[seat]}'s hand has {len(hand)} cards, not {HAND_SIZE}"
            )
    seen: set[str] = set()
    for hand in hands:
        for card in hand:
            if card in seen:
                raise InvalidDeal(f"PBN: {_pbn_card(card)} is dealt twice")
            seen.add(card)
    vulnerable = game.get("Vulnerable", "None").strip().upper()
    if vulnerable not in VULNERABLE_WORDS:
        raise InvalidDeal(f"PBN: Vulnerable is None, NS, EW or All, not {vulnerable!r}")
    dealer = _seat(game["Dealer"], "the dealer") if game.get("Dealer") else 0
    return {"hands": hands, "vulnerability": VULNERABLE_WORDS[vulnerable], "dealer": dealer}


def import_actions(text: str) -> list[str]:
    """The calls and plays of the first PBN game of ``text`` that has a Deal tag, as
    Cardavia actions in the order they were made. The Auction section must start with the
    dealer (export format); ``AP`` stands for the closing passes; annotations (``=n=``,
    ``$n``, ``!``/``?`` suffixes) are skipped; ``*``, ``+`` and ``-`` end a section. The
    Play section's columns are the seats clockwise from the player its tag names: each
    trick's cards are put in play order by replaying the deal, so every action is checked
    by the rules (an illegal one raises InvalidDeal)."""
    game = _first_game(text)
    deal = import_deal(text)
    state = _bridge(new_game("bridge").new_state(deal=deal))
    actions: list[str] = []

    def apply(action: str) -> None:
        try:
            state.apply(action)
        except IllegalAction as error:
            raise InvalidDeal(f"PBN: {action!r} cannot be made here: {error}") from None
        actions.append(action)

    if "Auction" in game and _seat(game["Auction"], "the Auction tag") != deal["dealer"]:
        raise InvalidDeal("PBN: the Auction section must start with the dealer's call")
    for token in _tokens(game.get("Auction lines", [])):
        word = token.upper()
        if word == "AP":
            while state.phase == "auction" and not state.is_over:
                apply("pass")
            break
        if word in ("*", "+", "-"):
            break
        if word in ("PASS", "X", "XX") or _BID.match(word):
            bid = _BID.match(word)
            if bid:
                strain = "NT" if bid.group(2).upper() in ("N", "NT") else bid.group(2).upper()
                assert strain in STRAINS
                apply(f"{bid.group(1)}{strain}")
            else:
                apply({"PASS": "pass", "X": "double", "XX": "redouble"}[word])
            continue
        raise InvalidDeal(f"PBN: {token!r} is not a call")
    lines = game.get("Play lines", [])
    if not lines or state.phase != "play":
        return actions
    first = _seat(game["Play"], "the Play tag")
    for line in lines:
        row = [t for t in line if not _annotation(t)]
        if row == ["*"]:
            break
        if len(row) != 4:
            raise InvalidDeal(f"PBN: a play line has 4 cards, not {' '.join(line)!r}")
        for _ in range(4):
            if state.phase != "play" or state.is_over:
                break
            seat = state.turn
            assert seat is not None
            token = row[(seat - first) % 4]
            if token in ("-", "+", "*"):
                return actions
            card = _CARD.match(token)
            if card is None:
                raise InvalidDeal(f"PBN: {token!r} is not a card")
            apply(f"play {card.group(2).upper()}{card.group(1).upper()}")
    return actions


def _annotation(token: str) -> bool:
    return (
        token.startswith("$")
        or (token.startswith("=") and token.endswith("=") and len(token) > 1)
        or (token != "-" and set(token) <= set("!?"))
    )


def _tokens(lines: Sequence[Sequence[str]]) -> list[str]:
    return [token for line in lines for token in line if not _annotation(token)]
