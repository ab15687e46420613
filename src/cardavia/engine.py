"""Game and State base classes, the game registry, JSON round trip and seeded dealing.

A state keeps all of its data in plain JSON values (ints, strings, lists, dicts, None) as
instance attributes; that makes ``to_json``, ``clone`` and equality exact and generic.
Every action goes through two steps, as in pokerkit: ``_verify`` parses and checks it
without touching the state (raising :class:`IllegalAction`), then ``_perform`` changes the
state. So a rejected action can never leave a half-changed state.
"""

from __future__ import annotations

import json
import random
from abc import ABC, abstractmethod
from typing import Any, ClassVar

JSON = Any  # a JSON-native value


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

    def __init__(self, **options: JSON) -> None:
        unknown = set(options) - set(self.default_options)
        if unknown:
            raise ValueError(f"{self.name} has no option {', '.join(sorted(unknown))}")
        self.options: dict[str, JSON] = {**self.default_options, **options}

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
        data = json.loads(text)
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
        if not isinstance(action, str):
            raise IllegalAction(f"an action is a string, not {type(action).__name__}")
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


_REGISTRY: dict[str, type[Game]] = {}

# The order API.md lists the games in.
GAME_ORDER = ("doudizhu", "runfast", "guandan", "tractor", "holdem", "onepoker", "bridge", "tarot")


def register(game_class: type[Game]) -> type[Game]:
    _REGISTRY[game_class.name] = game_class
    return game_class


def game_names() -> list[str]:
    return [name for name in GAME_ORDER if name in _REGISTRY]


def new_game(name: str, **options: JSON) -> Game:
    try:
        game_class = _REGISTRY[name]
    except KeyError:
        raise ValueError(f"no game {name!r}; games: {', '.join(game_names())}") from None
    return game_class(**options)


def check_deal_hands(
    deal: dict[str, JSON], keys: set[str], sizes: list[int], what: str
) -> list[list[str]]:
    """The ``hands`` of a fixed deal in canonical notation, checked for the allowed keys
    and the number of cards per seat; raises InvalidDeal. Pack membership is checked by
    the caller, which knows its other piles."""
    from .cards import parse_card

    unknown = set(deal) - keys - {"hands"}
    if unknown:
        raise InvalidDeal(f"unknown deal keys: {', '.join(sorted(unknown))}")
    try:
        hands = [[parse_card(card) for card in hand] for hand in deal["hands"]]
    except (KeyError, TypeError, ValueError) as error:
        raise InvalidDeal(f"a deal needs 'hands', one list of cards per seat: {error}") from None
    if [len(hand) for hand in hands] != sizes:
        raise InvalidDeal(f"{what} deals {sizes[0]} cards to each of {len(sizes)} seats")
    return hands


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
