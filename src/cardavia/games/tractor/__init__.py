"""Tractor (Shengji), exactly per spec/tractor.md: four players in partnerships (seats 0
and 2 against 1 and 3), two packs of 54, trumps declared with level cards or joker pairs,
an 8-card kitty buried by the dealer, tricks of singles, pairs and tractors, and a match of
deals climbing from level 2 to a win past the ace.

Options: ``deals`` — None (play until a team passes A, §5.3) or a number of deals after
which the match stops (arenas and benchmarks; the scores then stay 0 unless a team won).

``deal`` keys (spec §6b; each fixes the first deal only): ``hands`` (four lists of 25
cards), ``kitty`` (8 cards in kitty order; either pile may be left out and is then dealt
from the seed), ``dealer`` (without ``levels``: deal 1's starting dealer, and the first
declarer deals (R4); with ``levels``: this deal's dealer), ``levels`` (``[team 0/2,
team 1/3]``, ints 2 … 14; the deal is played at the dealer's team's level) and ``trump``
(``S H D C NT``: no declaring, the dealer takes the kitty at once; needs ``dealer``).

Actions: ``declare <cards>``, ``pass`` (declaring), ``bury <card>`` (eight times; several
cards at once are accepted too), ``play <cards>`` to lead a single, pair or tractor, and
``play <card>`` per card to follow a lead (``legal_actions`` lists each card that can
still complete a legal follow; ``play <cards>`` with several of them is accepted when a
legal follow remains). Identical cards are the same string, so there are no other
equivalent plays. Cards are listed trumps first (RJ, BJ, the trump suit's level card, the
other level cards, the trump suit from its ace), then spades, hearts, diamonds, clubs.

Events: ``deal`` (index, dealer, level, levels, whether the first declarer deals, a fixed
trump), ``declare`` (seat, cards, strength, trump), ``pass``, ``kitty_exposed`` (the kitty
when nobody declared, and the trump it gives), ``trump`` (trump, dealer, declarer),
``bury`` (the dealer; never the card), ``play`` (seat, cards: a lead, or part or all of a
follow), ``trick`` (number, plays, winner, points, attackers' points), ``deal_result``
(trick points, the kitty now public, its points, multiplier and bonus, P, who gains and
how many levels, levels before and after, next dealer, the match winner or None).
"""

from __future__ import annotations

import random
from typing import ClassVar

from ...engine import JSON, Game, State, register
from .sampling import sample_world
from .state import TractorState

__all__ = ["Tractor", "TractorState"]


@register
class Tractor(Game):
    """Tractor for four players; see the module docstring for options, deal keys, actions."""

    name = "tractor"
    num_players = 4
    state_class = TractorState
    default_options: ClassVar[dict[str, JSON]] = {"deals": None}
    match_length_option = "deals"

    def sample_state(self, view: dict[str, JSON], rng: random.Random) -> State:
        return sample_world(self, view, rng)
