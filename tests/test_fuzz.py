"""A seeded, bounded fuzz of every game's input (issue 11): every malformed action is an
IllegalAction that leaves the state byte-identical, every malformed deal an InvalidDeal,
every bad option a ValueError.

States are reached by seeded random play (the auction and the play of Bridge, every
betting round of the poker games); the malformed actions are mutations of the legal ones
(look-alike digits, huge or signed amounts, odd whitespace and separators, unicode, lone
surrogates, control characters, truncations, swapped, repeated, foreign or unheld cards,
random bytes). A mutation that the forgiving parser accepts must do what a legal action
does. Everything is drawn from ``random.Random`` with fixed seeds.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from collections.abc import Callable, Iterator
from typing import Any

import pytest

import cardavia
from cardavia import IllegalAction, InvalidDeal
from cardavia.cards import pack_52, pack_54, rank_of
from cardavia.engine import State
from cardavia.games.onepoker import pack_104
from cardavia.games.runfast import pack_48
from cardavia.games.tarot import rules as tarot_rules

GAMES = cardavia.game_names()
LOOKALIKE_DIGITS = ["²", "①", "４", "٤", "𝟒", "₄", "߄"]
ODD_SPACES = ["\xa0", "\u3000", "\u200b", "\u2009", "\x0b", "\x0c", "\x1f", ";", "/", "|", "-"]
ODD_LETTERS = {"S": "ſ", "K": "\u212a", "A": "Ａ", "I": "ı"}
CONTROLS = ["\x00", "\x1b[31m", "\x7f", "\x08", "\ud800", "\udfff", "\ufeff"]
FOREIGN_CARDS = ["BJ", "RJ", "1X", "ZZ", "11S", "0S", "AX", "T", "S", "10", "AS10", "21T", "Ex"]


# --- reaching states ------------------------------------------------------------------------


def random_play(game: cardavia.Game, seed: int, rng: random.Random) -> Iterator[State]:
    """The states of one seeded match played at random, favouring check, call and pass
    half of the time so that the poker games reach later streets and Bridge its play."""
    state = game.new_state(seed=seed)
    while not state.is_over:
        yield state
        legal = state.legal_actions()
        calm = [action for action in legal if action in ("check", "call", "pass")]
        state.apply(rng.choice(calm) if calm and rng.random() < 0.5 else rng.choice(legal))
    yield state


# Matches cut short: a whole random Guandan or Tractor match runs to dozens of deals, and
# cloning its ever longer record at every step made this file take minutes; two deals
# reach every phase and a finished match all the same.
SHORT_MATCHES: dict[str, dict[str, Any]] = {
    "holdem": {"hands": 3},
    "guandan": {"deals": 2},
    "tractor": {"deals": 2},
    "onepoker": {"deals": 2},
}


def sample_states(name: str, matches: int) -> list[State]:
    """Three states from each of ``matches`` seeded matches, and one finished match."""
    rng = random.Random(f"states:{name}")
    game = cardavia.new_game(name, **SHORT_MATCHES.get(name, {}))
    chosen: list[State] = []
    for seed in range(matches):
        states = [state.clone() for state in random_play(game, seed, rng)]
        chosen += rng.sample(states[:-1], min(3, len(states) - 1))
    return [*chosen, states[-1]]


# --- mutations ------------------------------------------------------------------------------


def mutations(action: str, hand: list[str], rng: random.Random) -> list[str]:
    verb, _, rest = action.partition(" ")
    words = rest.split()
    found = [
        *_digit_mutations(action, verb, rest),
        *_space_mutations(action, verb, rest),
        *_character_mutations(action, rng),
        *_card_mutations(verb, words, hand, rng),
        action[: rng.randrange(len(action))],
        action[: rng.randrange(len(action))],
        action + " " + action,
        action + action,
        action + " now",
        verb + " ",
        action * 200,
        rng.randbytes(rng.randrange(1, 12)).decode("utf-8", "surrogateescape"),
        verb + " " + rng.randbytes(6).decode("latin-1"),
        "".join(rng.choice(" ~!#0123456789ASKQJTHDCN,+") for _ in range(rng.randrange(1, 9))),
    ]
    return [mutant for mutant in found if mutant != action]


def _digit_mutations(action: str, verb: str, rest: str) -> list[str]:
    found = [f"{verb} {'9' * size}" for size in (12, 4301, 6000)]
    found += [f"{verb} {'0' * 5000}40", f"{verb} -{rest}", f"{verb} +{rest}", f"{verb} −{rest}"]
    found += [f"{verb} {rest}.0", f"{verb} {rest}e2", f"{verb} 0x{rest}", f"{verb} 1_0"]
    digits = [index for index, char in enumerate(action) if char.isdigit()]
    for lookalike in LOOKALIKE_DIGITS:
        if digits:
            index = digits[0]
            found.append(action[:index] + lookalike + action[index + 1 :])
    if digits:
        found.append(action.translate({ord(d): 0xFF10 + int(d) for d in "0123456789"}))
    return found


def _space_mutations(action: str, verb: str, rest: str) -> list[str]:
    found = [verb + space + rest for space in ODD_SPACES]
    found += [verb + rest, f"  {action}\t", f"{verb}\t{rest}", f"{verb}\n{rest}", f"{verb}:{rest}"]
    return found


def _character_mutations(action: str, rng: random.Random) -> list[str]:
    found = [action.upper(), action.swapcase()]
    for letter, lookalike in ODD_LETTERS.items():
        if letter in action.upper():
            found.append(action.upper().replace(letter, lookalike))
    for char in CONTROLS:
        index = rng.randrange(len(action) + 1)
        found.append(action[:index] + char + action[index:])
    return found


def _card_mutations(verb: str, words: list[str], hand: list[str], rng: random.Random) -> list[str]:
    if not words or not any(len(word) == 2 and word[0].isalnum() for word in words):
        return []
    found = [f"{verb} {' '.join(reversed(words))}", f"{verb} {' '.join(words + words[:1])}"]
    found.append(f"{verb} {' '.join(words * 3)}")
    unheld = [card for card in pack_54() if card not in hand]
    index = rng.randrange(len(words))
    for replacement in [rng.choice(unheld), *rng.sample(FOREIGN_CARDS, 4)]:
        changed = [*words[:index], replacement, *words[index + 1 :]]
        found.append(f"{verb} {' '.join(changed)}")
    for separator in (";", "/", "|", "-", "..", "&"):
        found.append(f"{verb} {separator.join(words)}")
    found.append(f"{verb} {' '.join(words + ['AS'] * 400)}")
    return found


# --- the checks -----------------------------------------------------------------------------


def acting_hand(state: State) -> list[str]:
    seat = state.current_player
    return [] if seat is None else list(state.view(seat)["hand"])


def same_as_a_legal_action(before: State, after: State, source: str) -> bool:
    """Whether an accepted malformed action did what a legal action does: the same state,
    or, in the climbing games where suits never matter, the same ranks played."""
    legal = before.legal_actions()
    for action in [source, *legal]:
        trial = before.clone()
        trial.apply(action)
        if trial.to_json() == after.to_json():
            return True
    new = after.events[len(before.events)]
    if before.game.name in ("doudizhu", "runfast") and new["type"] == "play":
        played = sorted(rank_of(card) for card in new["cards"])
        plays = [action.split()[1:] for action in legal if action.startswith("play ")]
        return any(sorted(rank_of(card) for card in cards) == played for cards in plays)
    if before.game.name == "tractor":
        return _tractor_one_by_one(before, after)
    if before.game.name == "guandan" and new["type"] == "play":
        # One combination from the same ranks and wild cards (a reading's suits are free).
        return any(_guandan_play(after) == _guandan_play(_applied(before, a)) for a in legal)
    return False


def _tractor_one_by_one(before: State, after: State) -> bool:
    """Tractor accepts several follow or bury cards at once (spec §6b): the same as
    playing them one by one, each a listed action at its turn (the record then holds one
    event per card instead of one for all)."""
    seat = before.current_player
    assert seat is not None
    gone = Counter(before.view(seat)["hand"]) - Counter(after.view(seat)["hand"])
    verb = after.events[-1]["type"]
    trial = before.clone()
    for card in gone.elements():
        action = f"{verb} {card}"
        if action not in trial.legal_actions():
            return False
        trial.apply(action)
    return _without_events(trial) == _without_events(after)


def _without_events(state: State) -> dict[str, Any]:
    data = json.loads(state.to_json())["state"]
    data.pop("events")
    return dict(data)


def _applied(state: State, action: str) -> State:
    trial = state.clone()
    trial.apply(action)
    return trial


def _guandan_play(state: State) -> tuple[Any, ...]:
    top = state.top  # type: ignore[attr-defined]
    if top is None:
        return ()
    wild = state.view(0)["wild"]
    cards = top["cards"]
    return (tuple(top["combo"][:4]), sorted(map(rank_of, cards)), cards.count(wild))


def check_refused_or_equivalent(state: State, action: Any, source: str) -> bool:
    """Apply ``action`` to a copy: either an IllegalAction that changes nothing, or (only
    for a string the forgiving parser reads) the effect of a legal action. True if refused."""
    before = state.to_json()
    trial = state.clone()
    try:
        trial.apply(action)
    except IllegalAction as error:
        assert str(error), f"{action!r}: an IllegalAction without a message"
        assert trial.to_json() == before, f"{action!r} was refused but changed the state"
        return True
    assert isinstance(action, str) and action.isascii(), f"{action!r} was accepted"
    assert same_as_a_legal_action(state, trial, source), f"{action!r} did something illegal"
    return False


NOT_STRINGS: list[Any] = [None, 5, 4.0, True, b"pass", ["pass"], {"action": "pass"}]


@pytest.mark.parametrize("name", GAMES)
def test_malformed_actions_are_clean_refusals(name: str) -> None:
    rng = random.Random(f"actions:{name}")
    tried = refused = 0
    for state in sample_states(name, 6):
        legal = state.legal_actions() or ["pass", "play AS", "bet 40", "lock KS"]
        sources = rng.sample(legal, min(5, len(legal)))
        for source in sources:
            for mutant in mutations(source, acting_hand(state), rng):
                if mutant in legal:
                    continue
                tried += 1
                refused += check_refused_or_equivalent(state, mutant, source)
        for junk in [*NOT_STRINGS, "x" * 10**6, "", " ", "play", "play ", "bet", "lock"]:
            tried += 1
            refused += check_refused_or_equivalent(state, junk, legal[0])
    assert tried >= 1000
    assert refused >= 0.8 * tried  # the mutations are mostly not forgivable spellings


# --- deals ----------------------------------------------------------------------------------


def valid_deal(name: str, rng: random.Random) -> dict[str, Any]:
    """A legal first deal with every key of the game set."""
    if name == "doudizhu":
        cards = rng.sample(pack_54(), 54)
        return {
            "hands": [cards[0:17], cards[17:34], cards[34:51]],
            "bottom": cards[51:],
            "first_bidder": 1,
        }
    if name == "runfast":
        cards = rng.sample(pack_48(), 48)
        return {"hands": [cards[0:16], cards[16:32], cards[32:48]]}
    if name == "holdem":
        cards = rng.sample(pack_52(), 13)
        hands = [cards[0:2], cards[2:4], cards[4:6], cards[6:8]]
        extra = {"button": 1, "stacks": [900, 1100, 1000, 1000], "previous_big_blind": 3}
        return {"hands": hands, "board": cards[8:13], **extra}
    if name == "onepoker":
        cards = rng.sample(pack_104(), 104)
        return {
            "hands": [cards[0:2], cards[2:4]],
            "stock": cards[4:],
            "stacks": [25, 15],
            "first": 1,
        }
    if name == "guandan":
        cards = rng.sample(pack_54() * 2, 108)
        return {
            "hands": [cards[i : i + 27] for i in range(0, 108, 27)],
            "levels": [5, 9],
            "level_team": 1,
            "previous_places": [1, 0, 3, 2],
            "first_leader": 2,
        }
    if name == "bridge":
        cards = rng.sample(pack_52(), 52)
        return {
            "hands": [cards[i : i + 13] for i in range(0, 52, 13)],
            "vulnerability": "ns",
            "dealer": 2,
        }
    if name == "tractor":
        cards = rng.sample(pack_54() * 2, 108)
        return {
            "hands": [cards[i : i + 25] for i in range(0, 100, 25)],
            "kitty": cards[100:],
            "dealer": 3,
            "levels": [7, 4],
            "trump": "NT",
        }
    if name == "tarot":
        cards = rng.sample(tarot_rules.pack(), 78)
        return {
            "hands": [cards[i : i + 18] for i in range(0, 72, 18)],
            "chien": cards[72:],
            "dealer": 1,
        }
    raise AssertionError(f"no valid deal for {name}")


REQUIRED_KEYS = {"hands", "bottom", "board", "stock", "chien"}


def required_keys(name: str) -> set[str]:
    """Deal keys without a default: Tractor deals every pile it is not given (§6b)."""
    return set() if name == "tractor" else REQUIRED_KEYS


NEVER_VALID: list[Any] = [True, False, 1.5, "x", "", "0", [], {}, [None], [[]], -1, 4, 10**30]
NEVER_VALID += [2**64, 10**5000, "AS", ["AS"], [True], ("AS",), b"AS", object(), float("nan")]


def deal_mutations(
    deal: dict[str, Any], rng: random.Random, required: set[str]
) -> Iterator[tuple[str, Any]]:
    """(what was changed, the changed deal), each one an illegal deal."""
    for key, value in deal.items():
        for junk in NEVER_VALID + ([None] if key in required else []):
            yield f"{key}={label(junk)}", {**deal, key: junk}
        if key in required:
            yield f"no {key}", {other: v for other, v in deal.items() if other != key}
        if isinstance(value, list):
            yield from _element_mutations(deal, key, value, rng)
    yield "unknown key", {**deal, "jokers": 2}
    yield "int key", {**deal, 7: 1}
    yield "huge int key", {**deal, 10**5000: 1}


JUNK_ELEMENTS: list[Any] = [True, False, None, 1.5, 0.0, -5, "1000", 10**30, 10**5000, [1], {}]


def _element_mutations(
    deal: dict[str, Any], key: str, value: list[Any], rng: random.Random
) -> Iterator[tuple[str, Any]]:
    """One element of a list-valued key replaced by junk, and the list too long or short."""
    index = rng.randrange(len(value))
    if isinstance(value[index], list):  # a hand: one of its cards replaced
        hand = value[index]
        for what, changed in _card_replacements(deal, hand, rng):
            yield f"{key}[{index}]: {what}", _replaced(deal, key, index, changed)
        yield f"{key}[{index}] as text", _replaced(deal, key, index, " ".join(hand))
        yield f"{key}[{index}] + a card", _replaced(deal, key, index, [*hand, hand[0]])
        yield f"{key}[{index}] short", _replaced(deal, key, index, hand[1:])
    elif isinstance(value[index], str):  # a pile of cards
        for what, changed in _card_replacements(deal, value, rng):
            yield f"{key}: {what}", {**deal, key: changed}
    else:  # stacks
        for junk in JUNK_ELEMENTS:
            yield f"{key}[{index}]={label(junk)}", _replaced(deal, key, index, junk)
    yield f"{key} + one", {**deal, key: [*value, value[0]]}
    yield f"{key} short", {**deal, key: value[1:]}
    yield f"{key} x 10^5", {**deal, key: value * 100_000}


def _card_replacements(
    deal: dict[str, Any], cards: list[str], rng: random.Random
) -> Iterator[tuple[str, list[Any]]]:
    """``cards`` with one card replaced by junk, by a card dealt elsewhere (a duplicate,
    or a missing card in the full-pack games), by a joker (of no pack, or twice) or by
    something that is no card at all."""
    dealt = [card for hand in deal["hands"] for card in hand]
    dealt += [card for key in ("bottom", "board", "stock") for card in deal.get(key, [])]
    position = rng.randrange(len(cards))
    twin = rng.choice([card for card in dealt if card != cards[position]])
    joker = "RJ" if cards[position] == "BJ" else "BJ"
    for junk in [*JUNK_ELEMENTS, twin, joker, "1X", "ZZ", "ſA", "A\u2660"]:
        yield f"[{position}]={label(junk)}", [*cards[:position], junk, *cards[position + 1 :]]


def label(value: Any) -> str:
    """A short description of a junk value (``repr`` of a 5000-digit int raises)."""
    if isinstance(value, int) and abs(value) > 10**20:
        return f"an int of {len(str(value)) if abs(value) < 10**4000 else 'over 4000'} digits"
    return repr(value)[:30]


def _replaced(deal: dict[str, Any], key: str, index: int, item: Any) -> dict[str, Any]:
    items = list(deal[key])
    items[index] = item
    return {**deal, key: items}


@pytest.mark.parametrize("name", GAMES)
def test_malformed_deals_are_invalid_deals(name: str) -> None:
    rng = random.Random(f"deals:{name}")
    game = cardavia.new_game(name)
    tried = 0
    for _ in range(3):
        deal = valid_deal(name, rng)
        game.new_state(seed=1, deal=deal)  # the unmutated deal is legal
        for what, changed in deal_mutations(deal, rng, required_keys(name)):
            if changed is None:
                continue
            tried += 1
            with pytest.raises(InvalidDeal):
                game.new_state(seed=1, deal=changed)
                pytest.fail(f"{name}: {what} was accepted")
    assert tried >= 100


NOT_DICTS: list[Any] = [
    [],
    [[]],
    "hands",
    "",
    5,
    0,
    True,
    False,
    1.5,
    (),
    ["hands"],
    b"x",
    object(),
]


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize("deal", NOT_DICTS, ids=lambda deal: type(deal).__name__)
def test_a_deal_that_is_not_a_dict_is_an_invalid_deal(name: str, deal: Any) -> None:
    with pytest.raises(InvalidDeal, match="a deal is a dict"):
        cardavia.new_game(name).new_state(seed=1, deal=deal)


@pytest.mark.parametrize("name", GAMES)
def test_optional_keys_given_as_none_take_their_default(name: str) -> None:
    deal = valid_deal(name, random.Random(1))
    optional = {key: None for key in deal if key not in required_keys(name)}
    state = cardavia.new_game(name).new_state(seed=1, deal={**deal, **optional})
    assert state.current_player is not None


# --- options --------------------------------------------------------------------------------

BAD_OPTIONS: dict[str, list[dict[str, Any]]] = {
    "holdem": [{"hands": 0}, {"hands": -1}, {"hands": True}, {"hands": "3"}, {"hands": 1.5}],
    "onepoker": [{"deals": 0}, {"deals": False}, {"deals": "10"}, {"deals": [3]}],
    "guandan": [{"deals": 0}, {"deals": True}, {"deals": "3"}, {"deals": 2.0}],
    "bridge": [{"scoring": "chicago"}, {"scoring": None}, {"scoring": ["rubber"]}, {"scoring": 1}],
}


@pytest.mark.parametrize("name", GAMES)
def test_bad_options_are_value_errors_with_a_message(name: str) -> None:
    for options in [{"no_such_option": 1}, {"seed": 3}, *BAD_OPTIONS.get(name, [])]:
        with pytest.raises(ValueError, match=r"\w{3}"):
            cardavia.new_game(name, **options)


@pytest.mark.parametrize("name", [None, 5, ["holdem"], b"holdem", "HOLDEM", "hold'em", "\ud800"])
def test_a_bad_game_name_is_a_value_error(name: Any) -> None:
    with pytest.raises(ValueError, match="game"):
        cardavia.new_game(name)


def test_mutations_cover_every_kind_of_junk() -> None:
    """The fuzz is only as good as its inputs: check they include what issue 11 lists."""
    produced = mutations("raise 40", [], random.Random(0)) + mutations(
        "play 5S 5H", ["5S", "5H", "7C"], random.Random(0)
    )
    wanted: list[Callable[[str], bool]] = [
        lambda m: "²" in m,
        lambda m: "①" in m,
        lambda m: "４" in m,
        lambda m: len(m) > 4300 and m.startswith("raise 9"),
        lambda m: "-40" in m or "−40" in m,
        lambda m: "\ud800" in m,
        lambda m: "\x00" in m,
        lambda m: m == "raise ",
        lambda m: m == "play 5H 5S",
        lambda m: m == "play 5S 5H 5S",
        lambda m: "BJ" in m or "RJ" in m or "ZZ" in m,
        lambda m: "5S;5H" in m,
    ]
    missing = [index for index, test in enumerate(wanted) if not any(map(test, produced))]
    assert not missing
