"""Short readable names of Guandan combinations, for messages: 'pair of 9', 'straight to K'."""

from __future__ import annotations

from ...climbing import SEQUENCE_RANKS, ClimbingRules, Combo

_SEQUENCES = {
    "straight": "straight",
    "tube": "tube",
    "plate": "plate",
    "straight_flush": "straight flush",
}
_GROUPS = {"single": "single", "pair": "pair", "triple": "triple", "full_house": "full house"}


def rank_name(rank: int, rules: ClimbingRules) -> str:
    if rules.is_joker(rank):
        return ("black joker", "red joker")[rank - rules.black_joker]
    letter = rules.rank_order[rank]
    return "10" if letter == "T" else letter


def describe(combo: Combo, rules: ClimbingRules) -> str:
    if combo.kind == "joker_bomb":
        return "four-joker bomb"
    if combo.kind in _SEQUENCES:
        top = SEQUENCE_RANKS[combo.key]
        return f"{_SEQUENCES[combo.kind]} to {'10' if top == 'T' else top}"
    if combo.kind == "bomb":
        return f"{combo.size}-card bomb of {rank_name(combo.key, rules)}"
    if rules.is_joker(combo.key):
        return (
            f"pair of {rank_name(combo.key, rules)}s"
            if combo.kind == "pair"
            else rank_name(combo.key, rules)
        )
    return f"{_GROUPS[combo.kind]} of {rank_name(combo.key, rules)}"
