"""French Tarot for four players, exactly per spec/tarot.md (FFT rules, the French scoring
page): 78 cards, one bid each from the dealer's right, the chien shown and the écart made
in a prise or garde, garde sans and garde contre, the chelem question, poignées, eighteen
tricks with the Excuse, the count in half points and the score ``T`` (defenders −T, the
taker 3T).

Options: ``deals`` — the number of scored deals (default 1; cancelled and passed-out deals
do not count); ``state.scores`` are the running totals.

``deal`` keys (spec §10b; the first deal only): ``hands`` (four lists of 18 cards),
``chien`` (6 cards), ``dealer`` (a seat; drawn from the seed when absent). A deal with a
petit sec is cancelled and redealt from the seed (§3.3).

Cards: suit cards rank then suit, ranks ``1 … 9 T J N Q K`` (``1`` the ace, ``N`` the
knight), trumps ``1T`` … ``21T``, the Excuse ``EX``; listed 21T → 1T, EX, then spades,
hearts, diamonds, clubs from the king down. Every card is distinct, so there are no
equivalent plays.

Actions: ``pass`` and ``bid prise|garde|garde_sans|garde_contre`` (bidding), ``discard
<card>`` six times (the écart), ``declare chelem`` or ``pass`` (the chelem question),
``play <card>``, and in the first trick before one's own card ``declare poignee
simple|double|triple`` followed by one ``show <card>`` per card shown.

Events: ``deal``, ``redeal`` (petit sec with the hand, or all passed), ``bid``, ``pass``,
``contract``, ``chien`` (prise, garde), ``discard`` (the card only for a shown trump),
``chelem``, ``poignee``, ``show``, ``play``, ``trick`` (the four cards by seat, the winner),
``excuse`` (the Excuse returned, and when its half point is paid), ``deal_result`` (the
chien, the écart, the breakdown and the running totals).
"""

from __future__ import annotations

import random
from typing import ClassVar

from ...engine import JSON, Game, State, register
from .sampling import sample_world
from .state import TarotState

__all__ = ["Tarot", "TarotState"]


@register
class Tarot(Game):
    """French Tarot; see the module docstring for options, deal keys and actions."""

    name = "tarot"
    num_players = 4
    state_class = TarotState
    default_options: ClassVar[dict[str, JSON]] = {"deals": 1}

    def __init__(self, **options: JSON) -> None:
        super().__init__(**options)
        deals = self.options["deals"]
        if not isinstance(deals, int) or isinstance(deals, bool) or deals < 1:
            raise ValueError("'deals' is a number of scored deals, 1 or more")

    def sample_state(self, view: dict[str, JSON], rng: random.Random) -> State:
        return sample_world(self, view, rng)
