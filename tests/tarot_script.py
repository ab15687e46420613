"""Scripted French Tarot deals shared by the Tarot test modules (imported as
``tarot_script``: pytest puts this folder on the path of the modules in it).

``build`` makes a fixed deal from the cards a test names; ``play_out`` plays a deal by a
fixed policy that a test can steer (bids, poignées, the chelem, cards held back, a card
at a given trick), so a whole deal is reproduced exactly without listing 72 actions."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import cardavia
from cardavia.engine import current_deal_events
from cardavia.games.tarot import rules as tr
from cardavia.games.tarot import scoring

GAME = cardavia.new_game("tarot")


def cards(text: str) -> list[str]:
    return text.split()


def build(
    hands: Mapping[int, str],
    chien: str = "",
    dealer: int = 3,
    pad: Mapping[int, str] | None = None,
) -> dict[str, Any]:
    """A deal: each named seat holds its listed cards, padded to 18 with suit cards of the
    suits in ``pad[seat]`` (default: every suit; ``T`` admits trumps; never the Excuse); the chien
    holds its listed cards padded likewise with any card; the other seats get the rest. Padding
    takes the lowest cards first (the end of the display order)."""
    pad = pad or {}
    named = {seat: cards(text) for seat, text in hands.items()}
    fixed_chien = cards(chien)
    used = {card for hand in named.values() for card in hand} | set(fixed_chien)
    free = [card for card in reversed(tr.pack()) if card not in used]

    def take(count: int, ok: Any) -> list[str]:
        chosen = [card for card in free if ok(card)][:count]
        assert len(chosen) == count, "not enough cards to pad with"
        for card in chosen:
            free.remove(card)
        return chosen

    for seat, hand in sorted(named.items(), key=lambda item: len(pad.get(item[0], "SHDC"))):
        suits = pad.get(seat, tr.SUITS)
        hand += take(tr.HAND_SIZE - len(hand), lambda c, s=suits: tr.suit_of(c) in s)
    fixed_chien += take(tr.CHIEN_SIZE - len(fixed_chien), lambda c: True)
    out = []
    for seat in range(tr.SEATS):
        out.append(named[seat] if seat in named else take(tr.HAND_SIZE, lambda c: True))
    return {"hands": out, "chien": fixed_chien, "dealer": dealer}


def new(deal: dict[str, Any], game: cardavia.Game = GAME, seed: int = 1) -> cardavia.State:
    state = game.new_state(seed=seed, deal=deal)
    assert not any(e["type"] == "redeal" for e in state.events), "the deal was a petit sec"
    return state


def play_out(
    state: cardavia.State,
    *,
    bids: Mapping[int, str],
    chelem: bool = False,
    poignee: Mapping[int, str] | None = None,
    hold: tuple[str, ...] = ("EX", "1T"),
    at: Mapping[tuple[int, int], str] | None = None,
    low: frozenset[int] = frozenset(),
    ecart: list[str] | None = None,
) -> None:
    """Play the current deal to its end. Bidding: ``bids`` (seat → contract), the rest
    pass. Écart: ``ecart`` in order, else the last card listed each time. Poignée: the
    seats in ``poignee`` declare that size when offered and show the first cards listed.
    Play: the card ``at[(trick, seat)]``, else the first playable card (the last for seats
    in ``low``) not in ``hold``, else the first playable card."""
    poignee, at = poignee or {}, at or {}
    results = sum(1 for e in state.events if e["type"] == "deal_result")
    while not state.is_over and results == sum(
        1 for e in state.events if e["type"] == "deal_result"
    ):
        seat = state.current_player
        assert seat is not None
        view = state.view(seat)
        actions, phase = view["legal_actions"], view["phase"]
        if phase == "bidding":
            action = "bid " + bids[seat] if seat in bids else "pass"
        elif phase == "ecart":
            action = "discard " + ecart[6 - view["to_discard"]] if ecart else actions[-1]
        elif phase == "chelem":
            action = "declare chelem" if chelem else "pass"
        elif actions[0].startswith("show"):
            action = actions[0]
        elif seat in poignee and "declare poignee " + poignee[seat] in actions:
            action = "declare poignee " + poignee[seat]
        else:
            plays = [a.split()[1] for a in actions if a.startswith("play")]
            number = view["tricks_played"] + 1
            if (number, seat) in at:
                card = at[(number, seat)]
            else:
                free = [c for c in plays if c not in hold] or plays
                card = free[-1] if seat in low else free[0]
            action = "play " + card
        state.apply(action)


def tricks_of(state: cardavia.State) -> list[dict[str, Any]]:
    """The trick events of the deal being played (or just finished)."""
    return [e for e in current_deal_events(state.events) if e["type"] == "trick"]


def last_result(state: cardavia.State) -> dict[str, Any]:
    result: dict[str, Any] = [e for e in state.events if e["type"] == "deal_result"][-1]
    return result


def score_deal(
    contract: str, points: float, bouts: int, taker: int = 0, **extra: Any
) -> dict[str, Any]:
    """``scoring.score_deal`` for ``taker`` with ``points`` (halves allowed) and ``bouts``:
    no petit au bout, poignée or chelem unless ``extra`` names them."""
    options: dict[str, Any] = {
        "petit_au_bout": None,
        "poignees": [],
        "chelem_announced": False,
        "slam": None,
    }
    options.update(extra)
    return scoring.score_deal(contract, taker, round(2 * points), bouts, **options)
