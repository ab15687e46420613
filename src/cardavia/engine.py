"""Game and State base classes, the game registry, JSON round trip and seeded dealing.

A state keeps all of its data in plain JSON values (ints, strings, lists, dicts, None) as
instance attributes; that makes ``to_json``, ``clone`` and equality exact and generic.
Every action goes through two steps, as in pokerkit: ``_verify`` parses and checks it
without touching the state (raising :class:`IllegalAction`), then ``_perform`` changes the
state. So a rejected action can never leave a half-changed state. Before either step,
``apply`` refuses what no game could read: a non-string, more than
:data:`MAX_ACTION_LENGTH` characters, or any character other than printable ASCII, tab
and newline (so look-alike digits such as ``²`` or ``４``, lone surrogates and control
characters are refused in one place, with one message).

A fixed ``deal`` is read through :class:`DealReader`, which every game uses: it refuses a
deal that is not a dict, unknown keys, and values of the wrong type (a card list that is
not a list of strings, a seat that is a bool or out of range, chip counts that are not
whole numbers or exceed the game's cap) with :class:`InvalidDeal`.
"""

from __future__ import annotations

import json
import random
from abc import ABC, abstractmethod
from collections.abc import Callable, Collection, Sequence
from typing import Any, ClassVar, TypeVar

from .cards import parse_card

JSON = Any  # a JSON-native value

# Far beyond any legal action in any game (Dou Dizhu's longest play is some 70 characters).
MAX_ACTION_LENGTH = 1000


class IllegalAction(ValueError):
    """A malformed or illegal action; the message says why in words a player understands."""


class InvalidDeal(ValueError):
    """A ``deal`` that is not a legal deal of the game."""


def deal_rng(seed: int, deal_index: int) -> random.Random:
    """The generator for deal ``deal_index`` of the match ``seed``: a pure function of both,
    so a match replays exactly and one deal never depends on how the previous one went."""
    return random.Random(f"cardavia:{seed}:{deal_index}")


def copy_json(value: JSON) -> JSON:
    """Deep copy of JSON-native data (several times faster than ``copy.deepcopy``)."""
    if isinstance(value, list):
        return [copy_json(item) for item in value]
    if isinstance(value, dict):
        return {key: copy_json(item) for key, item in value.items()}
    return value


class Game(ABC):
    """A game with its options. Stateless: every match lives in a :class:`State`."""

    name: ClassVar[str]
    num_players: ClassVar[int]
    state_class: ClassVar[type[State]]
    default_options: ClassVar[dict[str, JSON]] = {}
    # The option that cuts a match of deals or hands short (see check_match_length).
    match_length_option: ClassVar[str | None] = None

    def __init__(self, **options: JSON) -> None:
        unknown = set(options) - set(self.default_options)
        if unknown:
            raise ValueError(f"{self.name} has no option {', '.join(sorted(unknown))}")
        self.options: dict[str, JSON] = {**self.default_options, **options}
        if self.match_length_option is not None:
            check_match_length(self.options, self.match_length_option)

    def new_state(self, seed: int = 0, deal: dict[str, JSON] | None = None) -> State:
        """A new match; ``deal`` fixes the cards (and who starts) of its first deal."""
        state = self.state_class.__new__(self.state_class)
        state.game = self
        state.seed = seed
        state.deal_index = 0
        state.events = []
        state._start_deal(deal)
        return state

    def state_from_json(self, text: str) -> State:
        return self._state_from_data(json.loads(text))

    def _state_from_data(self, data: dict[str, JSON]) -> State:
        if data.get("game") != self.name:
            raise ValueError(f"this JSON holds a {data.get('game')!r} state, not {self.name!r}")
        if data.get("options") != self.options:
            raise ValueError("this JSON was made with other game options")
        state = self.state_class.__new__(self.state_class)
        state.game = self
        state.__dict__.update(data["state"])
        return state

    @abstractmethod
    def sample_state(self, view: dict[str, JSON], rng: random.Random) -> State:
        """A complete state consistent with ``view``: the hidden cards dealt at random,
        respecting everything the view proves."""


class State(ABC):
    """One match in progress. Subclasses keep every attribute JSON-native."""

    game: Game
    seed: int
    deal_index: int
    events: list[dict[str, JSON]]

    # --- to implement -------------------------------------------------------------

    @abstractmethod
    def _start_deal(self, deal: dict[str, JSON] | None) -> None:
        """Deal the cards of deal ``self.deal_index`` (fixed by ``deal`` when given)."""

    @property
    @abstractmethod
    def current_player(self) -> int | None: ...

    @abstractmethod
    def legal_actions(self) -> list[str]: ...

    @abstractmethod
    def _verify(self, action: str) -> Any:
        """Parse and check ``action``; raise IllegalAction; never change the state."""

    @abstractmethod
    def _perform(self, move: Any) -> None:
        """Carry out a move that ``_verify`` accepted."""

    @property
    @abstractmethod
    def scores(self) -> list[int]: ...

    @abstractmethod
    def _private_view(self, seat: int) -> dict[str, JSON]:
        """The game-specific part of ``view(seat)``; must include ``hand``."""

    # --- shared -------------------------------------------------------------------

    @property
    def is_over(self) -> bool:
        return self.current_player is None

    def apply(self, action: str) -> None:
        unreadable = _unreadable(action)
        if unreadable is not None:
            raise IllegalAction(unreadable)
        if self.is_over:
            raise IllegalAction("the match is over")
        self._perform(self._verify(action))

    def rng(self) -> random.Random:
        return deal_rng(self.seed, self.deal_index)

    def view(self, seat: int) -> dict[str, JSON]:
        if not isinstance(seat, int) or isinstance(seat, bool):
            raise ValueError(f"a seat is a number, not {seat!r}")
        if not 0 <= seat < self.game.num_players:
            raise ValueError(f"there is no seat {seat}")
        current = self.current_player
        return {
            "game": self.game.name,
            "seat": seat,
            "current_player": current,
            "legal_actions": self.legal_actions() if current == seat else [],
            "scores": self.scores,
            "events": copy_json(self.events),
            **self._private_view(seat),
        }

    def clone(self) -> State:
        copy = self.__class__.__new__(self.__class__)
        copy.__dict__ = {
            key: value if key == "game" else copy_json(value)
            for key, value in self.__dict__.items()
        }
        return copy

    def to_json(self) -> str:
        data = {key: value for key, value in self.__dict__.items() if key != "game"}
        return json.dumps(
            {"game": self.game.name, "options": self.game.options, "state": data},
            sort_keys=True,
            separators=(",", ":"),
        )

    def __eq__(self, other: object) -> bool:
        return isinstance(other, State) and self.to_json() == other.to_json()

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"<{self.game.name} state, player {self.current_player} to act>"


def _unreadable(action: object) -> str | None:
    """Why ``action`` cannot be an action of any game, or None."""
    if not isinstance(action, str):
        return f"an action is a string, not {type(action).__name__}"
    if len(action) > MAX_ACTION_LENGTH:
        return f"an action is at most {MAX_ACTION_LENGTH} characters long"
    if action.isascii() and action.isprintable():  # the fast path: C-level checks
        return None
    odd = next((char for char in action if not (" " <= char <= "~" or char in "\t\n")), None)
    if odd is None:
        return None
    return (
        "an action is written with plain letters, digits and spaces "
        f"(like 'bet 40' or 'play AS'): U+{ord(odd):04X} is not one of them"
    )


_REGISTRY: dict[str, type[Game]] = {}

# The order API.md lists the games in.
GAME_ORDER = ("doudizhu", "runfast", "guandan", "tractor", "holdem", "onepoker", "bridge", "tarot")


def register(game_class: type[Game]) -> type[Game]:
    _REGISTRY[game_class.name] = game_class
    return game_class


def game_names() -> list[str]:
    return [name for name in GAME_ORDER if name in _REGISTRY]


def new_game(name: str, **options: JSON) -> Game:
    if not isinstance(name, str):
        raise ValueError(f"a game name is a string: {', '.join(game_names())}")
    try:
        game_class = _REGISTRY[name]
    except KeyError:
        raise ValueError(f"no game {name!r}; games: {', '.join(game_names())}") from None
    return game_class(**options)


def load_state(text: str) -> State:
    """A state saved by ``State.to_json``, in the game and with the options it was saved
    with (a stored French Tarot match of ``deals=3`` comes back as one)."""
    data = json.loads(text)
    options = data.get("options")
    if not isinstance(options, dict):
        raise ValueError("this JSON holds no game options")
    return new_game(data.get("game"), **options)._state_from_data(data)


def _is_whole(value: object) -> bool:
    """An int that is not a bool (``True`` is an int to Python, never a seat or a count)."""
    return isinstance(value, int) and not isinstance(value, bool)


class DealReader:
    """Type-checked reading of a fixed ``deal``, shared by every game. Each method returns
    a value of the right type or raises InvalidDeal naming the key; a key given as None
    counts as absent (its documented default). Pack membership is checked by the game,
    which knows its other piles. Messages never echo a value, which may be huge."""

    def __init__(
        self,
        deal: object,
        keys: Collection[str],
        game: str,
        parse: Callable[[str], str] = parse_card,
    ) -> None:
        if not isinstance(deal, dict):
            raise InvalidDeal(
                f"a deal is a dict of keys such as 'hands', not {type(deal).__name__}"
            )
        allowed = {"hands", *keys}
        unknown = sorted(
            key[:40] if isinstance(key, str) else f"a {type(key).__name__} key"
            for key in deal
            if key not in allowed
        )
        if unknown:
            raise InvalidDeal(
                f"unknown deal keys: {', '.join(unknown)} ({game} deals know "
                f"{', '.join(sorted(allowed))})"
            )
        self.deal: dict[str, JSON] = deal
        self.game = game
        self.parse = parse  # the game's card notation (Tarot has its own)

    def hands(self, sizes: Sequence[int], note: str = "") -> list[list[str]]:
        """``hands``: one card list per seat, ``sizes[seat]`` cards each."""
        value = self.deal.get("hands")
        if not isinstance(value, list | tuple) or len(value) != len(sizes):
            raise InvalidDeal(
                f"a {self.game} deal needs 'hands', a list of {len(sizes)} card lists, "
                f"one per seat{note}"
            )
        return [
            self._card_list(hand, size, f"'hands' of seat {seat}{note}")
            for seat, (hand, size) in enumerate(zip(value, sizes, strict=True))
        ]

    def cards(self, key: str, count: int, what: str) -> list[str]:
        """A required card list of exactly ``count`` cards."""
        value = self.deal.get(key)
        if value is None:
            raise InvalidDeal(f"a {self.game} deal needs '{key}', {what}")
        return self._card_list(value, count, f"'{key}' ({what})")

    def seat(self, key: str, seats: int) -> int | None:
        """A seat number ``0 … seats - 1``, or None when absent."""
        value = self.deal.get(key)
        if value is None:
            return None
        if not _is_whole(value) or not 0 <= value < seats:
            raise InvalidDeal(f"'{key}' is a seat number, 0 to {seats - 1}")
        return int(value)

    def chips(self, key: str, seats: int, minimum: int, most: int) -> list[int] | None:
        """``seats`` whole chip counts, each at least ``minimum``, at most ``most`` in all;
        None when absent. The cap keeps every list of bet totals short."""
        value = self.deal.get(key)
        if value is None:
            return None
        if (
            not isinstance(value, list | tuple)
            or len(value) != seats
            or not all(_is_whole(chips) and chips >= minimum for chips in value)
        ):
            raise InvalidDeal(
                f"'{key}' lists {seats} chip counts, whole numbers of at least {minimum}"
            )
        if sum(value) > most:
            raise InvalidDeal(f"'{key}' may hold at most {most} chips in all")
        return [int(chips) for chips in value]

    def choice(self, key: str, choices: Sequence[str]) -> str | None:
        """One of ``choices`` (strings), or None when absent."""
        value = self.deal.get(key)
        if value is None:
            return None
        if not isinstance(value, str) or value not in choices:
            raise InvalidDeal(f"'{key}' is one of {', '.join(choices)}")
        return value

    def _card_list(self, value: object, count: int, where: str) -> list[str]:
        if not isinstance(value, list | tuple) or len(value) != count:
            raise InvalidDeal(f"{where} is a list of {count} cards")
        if not all(isinstance(card, str) for card in value):
            raise InvalidDeal(f"{where}: each card is a string, like 'AS' or 'BJ'")
        try:
            return [self.parse(card) for card in value]
        except ValueError as error:
            raise InvalidDeal(f"{where}: {error}") from None


def check_deal_hands(
    deal: dict[str, JSON], keys: set[str], sizes: list[int], what: str
) -> list[list[str]]:
    """The ``hands`` of a fixed deal, with the deal's keys checked: the older entry point,
    kept for games written against it; new code uses :class:`DealReader`."""
    return DealReader(deal, keys, what).hands(sizes)


def check_match_length(options: dict[str, JSON], key: str) -> None:
    """Games played as a series (poker hands, One Poker deals) can be cut to ``key`` of
    them, for arenas and benchmarks: None (play to the end) or a whole number ≥ 1."""
    limit = options[key]
    if limit is not None and (not isinstance(limit, int) or isinstance(limit, bool) or limit < 1):
        raise ValueError(f"'{key}' is a number of {key} (1 or more) or None")


def current_deal_events(events: list[dict[str, JSON]]) -> list[dict[str, JSON]]:
    """The events since the latest ``deal`` event (the deal being played)."""
    for index in range(len(events) - 1, -1, -1):
        if events[index]["type"] == "deal":
            return events[index:]
    return list(events)


def replay(game: Game, seed: int, deal: dict[str, JSON], record: list[dict[str, JSON]]) -> State:
    """A state whose current deal is ``deal`` and which has seen ``record``: the actions of
    the record's current deal are replayed, so every rule is re-checked rather than copied,
    and the earlier record is kept. How ``sample_state`` rebuilds a world from a view."""
    current = current_deal_events(record)
    state = game.new_state(seed=seed, deal=deal)
    state.deal_index = int(current[0].get("deal", 0))
    earlier = record[: len(record) - len(current)]
    state.events = [*copy_json(earlier), copy_json(current[0])]
    for event in current:
        if "action" in event:
            state.apply(event["action"])
    return state


def check_match_length_of(game: Game, view: dict[str, JSON]) -> None:
    """A view shows its match's ``deals``; a world is sampled only in a game of that length."""
    if view["deals"] != game.options["deals"]:
        raise ValueError(
            f"this view comes from a match of deals={view['deals']}, the game has "
            f"deals={game.options['deals']}: sample with new_game('{game.name}', "
            f"deals={view['deals']})"
        )


World = TypeVar("World", bound="State")


def first_world(view: dict[str, JSON], attempts: int, build: Callable[[], World | None]) -> World:
    """Rejection sampling for ``sample_state``: the first world ``build`` makes (None: a
    dead end) that shows the view's seat exactly ``view`` again."""
    seat = int(view["seat"])
    for _ in range(attempts):
        state = build()
        if state is not None and state.view(seat) == view:
            return state
    raise ValueError("no deal of the hidden cards reproduces this view")


def fill_hidden(
    rng: random.Random, unknown: list[str], sizes: dict[str, int]
) -> dict[str, list[str]]:
    """Deal the ``unknown`` cards at random into named places of the given sizes."""
    if sum(sizes.values()) != len(unknown):
        raise ValueError(f"{len(unknown)} hidden cards cannot fill {sizes}")
    pool = list(unknown)
    rng.shuffle(pool)
    filled: dict[str, list[str]] = {}
    for name, size in sizes.items():
        filled[name], pool = pool[:size], pool[size:]
    return filled
