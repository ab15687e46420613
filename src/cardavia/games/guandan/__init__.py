"""Guandan, exactly per spec/guandan.md: four players in two partnerships (seats 0 and 2
against 1 and 3), two packs of 54, the heart level cards wild, tribute and return, and a
match of deals climbing from level 2 to a win at ace.

Options: ``deals`` — None (play until a team wins the match, §5.2) or a number of deals
after which the match stops (arenas and benchmarks; the scores then stay 0 unless a team
won).

``deal`` keys (spec §6b; each fixes the first deal only): ``hands`` (four lists of 27
cards, the 108 of two packs), ``levels`` (``[team 0/2, team 1/3]``, ints 2 … 14, default
``[2, 2]``), ``level_team`` (0 or 1, default 0: the deal is played at
``levels[level_team]``), ``previous_places`` (the four seats in the previous deal's
finishing order: the deal then starts with the tribute of §2.4 and ``first_leader`` is
ignored) and ``first_leader`` (a seat; drawn from the seed when absent).

Actions: ``play <cards>`` (every card standing for itself), ``play <cards> as <cards>``
(after ``as``, the combination the cards stand for: each wild card replaced by the card it
represents), ``play <cards> as straight`` (five consecutive cards of one suit played as a
plain straight rather than a straight flush, G18), ``return <card>`` and ``pass``.
Equivalent plays: see :mod:`cardavia.climbing` (one action per combination, number of wild
cards used and multiset of the other cards' ranks, a straight flush also by its suit).

Events: ``deal`` (index, level, levels, level team, first leader or None, previous
places), ``tribute`` (payer, receiver, card: public), ``tribute_cancelled`` (payers, the
leader), ``return`` (receiver and payer; the card stays private), ``lead``, ``play``
(cards, ``as``, kind, cards left), ``pass``, ``round_end`` (next leader), ``finish`` (seat,
place), ``deal_result`` (places, winning team, each team's advance, the levels before and
after, whether the match is won, the scores).
"""

from __future__ import annotations

import random
from typing import ClassVar

from ...engine import JSON, Game, State, register
from .sampling import sample_world
from .state import GuandanState

__all__ = ["Guandan", "GuandanState"]


@register
class Guandan(Game):
    """Guandan for four players; see the module docstring for options, deal keys, actions."""

    name = "guandan"
    num_players = 4
    state_class = GuandanState
    default_options: ClassVar[dict[str, JSON]] = {"deals": None}
    match_length_option = "deals"

    def sample_state(self, view: dict[str, JSON], rng: random.Random) -> State:
        return sample_world(self, view, rng)
