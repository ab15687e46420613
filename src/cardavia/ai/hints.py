"""Hints: the ``strong`` bot's move for a view, with a one-line reason drawn from what the
bot weighed (candidate scores over sampled deals, equity and pot odds, the solved One
Poker strategy, double-dummy tricks per card, what a bridge call shows).

:func:`suggest` answers a :class:`Suggestion`: the action, a catalog key under
``hint.reason.`` and language-neutral parameters (numbers, percentages, card ranks, suit
symbols) that the page fills into the key's text. The search runs a number of samples
planned from the position rather than a clock, so a view and a seed always get the same
hint (at most ``HINT_BUDGET`` seconds on the development machine).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from types import ModuleType
from typing import Any

from ..climbing import classify
from ..engine import new_game
from ..tricks import trick_winner
from . import bridge_strong, climbing, guandan, holdem, onepoker, tarot, tractor
from .bridge_bidding import Constraints, all_constraints
from .search import SearchDecision

HINT_BUDGET = 0.5  # seconds, at most
REASON = "hint.reason."
Params = dict[str, int | float | str]

# Planned costs on the development machine (seconds), so that a hint fits its budget
# without reading a clock. Climbing games: one rollout costs about this much per card
# left in play (measured 20–45 µs over whole deals); Hold'em: one sample with every
# candidate scored (measured about 25 µs). Bridge plans its own solves from the position.
ROLLOUT_COST_PER_CARD = 40e-6
MIN_WORLDS, MAX_WORLDS = 8, 400
HOLDEM_SAMPLE_COST = 40e-6
MIN_SAMPLES, MAX_SAMPLES = 200, 8000
# Guandan: a basic rollout costs about 230 µs per card in play (108-card deals, measured
# 25 ms a deal); so a hint weighs fewer candidates over fewer worlds.
GUANDAN_ROLLOUT_COST_PER_CARD = 230e-6
GUANDAN_CANDIDATES, GUANDAN_MIN_WORLDS = 3, 4
# Tractor: a basic rollout to the end of the deal costs about this much per card in play
# (measured 16 ms from the second trick, 95 cards in the hands).
TRACTOR_ROLLOUT_COST_PER_CARD = 200e-6
TRACTOR_CANDIDATES, TRACTOR_MIN_WORLDS = 3, 4
# French Tarot: a basic rollout to the end of the deal costs about this much per card in
# play (measured 8 ms from the first trick, 72 cards in the hands, 14 ms under load).
TAROT_ROLLOUT_COST_PER_CARD = 200e-6
TAROT_CANDIDATES, TAROT_MIN_WORLDS = 4, 4
# The four-seat games' searches, planned alike: the bot module, the candidates weighed,
# the rollout cost per card and the fewest worlds.
TEAM_SEARCHES: dict[str, tuple[ModuleType, int, float, int]] = {
    "guandan": (guandan, GUANDAN_CANDIDATES, GUANDAN_ROLLOUT_COST_PER_CARD, GUANDAN_MIN_WORLDS),
    "tractor": (tractor, TRACTOR_CANDIDATES, TRACTOR_ROLLOUT_COST_PER_CARD, TRACTOR_MIN_WORLDS),
    "tarot": (tarot, TAROT_CANDIDATES, TAROT_ROLLOUT_COST_PER_CARD, TAROT_MIN_WORLDS),
}
PURE = 95  # per cent: a strategy this sure of a move "always" makes it
PLANNED_SHARE = 0.4  # of the budget: rollouts run up to 3x the planned cost (long rounds, load)

SUIT_SYMBOLS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}


@dataclass(frozen=True)
class Suggestion:
    """A hinted action and why: ``reason`` is a catalog key, ``params`` fill it in."""

    action: str
    reason: str
    params: Params = field(default_factory=dict)


def suggest(
    game: str, view: dict[str, Any], seed: int = 0, budget: float = HINT_BUDGET
) -> Suggestion:
    """The strong bot's action for ``view`` in ``game``, with the reason it weighed."""
    if not view["legal_actions"]:
        raise ValueError("this view has nothing to decide")
    bot = hint_bot(game, view, seed, budget)
    action = bot.act(view)
    return REASONERS[game](view, action, bot.last_decision)


def hint_bot(game: str, view: dict[str, Any], seed: int = 0, budget: float = HINT_BUDGET) -> Any:
    """The strong bot that a hint for ``view`` asks, with a number of samples planned for
    ``budget`` (at most ``HINT_BUDGET``) instead of a clock; its ``last_decision`` holds
    what it weighed."""
    budget = min(budget, HINT_BUDGET)
    if game in ("doudizhu", "runfast"):
        search = climbing.strong_bot(new_game(game), seed)
        candidates = min(search.max_candidates, len(climbing.rank_candidates(view)))
        search.fixed_worlds = planned_worlds(view, budget, candidates)
        return search
    if game in TEAM_SEARCHES:
        module, most, cost, least = TEAM_SEARCHES[game]
        search = module.strong_bot(new_game(game), seed, max_candidates=most)
        candidates = min(most, len(module.rank_candidates(view)))
        search.fixed_worlds = planned_worlds(view, budget, candidates, cost, least)
        return search
    if game == "holdem":
        planned = int(PLANNED_SHARE * budget / HOLDEM_SAMPLE_COST)
        return holdem.StrongBot(seed=seed, samples=max(MIN_SAMPLES, min(MAX_SAMPLES, planned)))
    if game == "onepoker":
        return onepoker.StrongBot(seed=seed)
    if game == "bridge":
        return bridge_strong.StrongBot(seed=seed, budget=budget)
    raise ValueError(f"no hints for {game}")


class HintPlayer:
    """A player who always plays the hint (the arena's ``hint`` seat): :func:`suggest` for
    every view, seeded by ``seed`` and the position."""

    def __init__(self, game: str, seed: int = 0, budget: float = HINT_BUDGET) -> None:
        self.game = game
        self.seed = seed
        self.budget = budget

    def act(self, view: dict[str, Any]) -> str:
        return suggest(self.game, view, self.seed + len(view["events"]), self.budget).action


def _reason(action: str, key: str, **params: int | float | str) -> Suggestion:
    return Suggestion(action, REASON + key, dict(params))


def percent(share: float) -> int:
    return round(100 * share)


# ---------------------------------------------------------------------------------------
# Climbing games (Dou Dizhu, Run Fast)


def planned_worlds(
    view: dict[str, Any],
    budget: float,
    candidates: int,
    cost_per_card: float = ROLLOUT_COST_PER_CARD,
    fewest: int = MIN_WORLDS,
) -> int:
    cards = sum(view.get("hand_sizes") or view.get("hand_counts") or [])
    cost = cost_per_card * max(1, cards) * max(1, candidates)
    return max(fewest, min(MAX_WORLDS, int(PLANNED_SHARE * budget / cost)))


def climbing_reason(view: dict[str, Any], action: str, decision: SearchDecision) -> Suggestion:
    """Why ``action`` (chosen by the search recorded in ``decision``) is worth playing."""
    table = climbing.Table.from_view(view)
    legal = list(view["legal_actions"])
    if len(legal) == 1:
        return _reason(action, "no_beat" if action == "pass" else "only_action")
    if table.phase == "play":
        found = climbing_play_reason(table, action, decision)
        if found is not None:
            return found
    return search_reason(action, decision)


def climbing_play_reason(
    table: climbing.Table, action: str, decision: SearchDecision
) -> Suggestion | None:
    """The reasons of the play itself: going out, the only beater, an opponent on its last
    card, the partner holding the round, a bomb played or kept whole; None for none."""
    win, deals = percent(decision.wins.get(action, 0.0)), decision.worlds
    legal = table.legal or []
    cards = action.split()[1:] if action.startswith("play ") else []
    if len(cards) == len(table.hand):
        return _reason(action, "goes_out")
    if table.top is not None and [a for a in legal if a != "pass"] == [action]:
        return _reason(action, "only_beat", win=win, deals=deals)
    combo = _combo(table, cards)
    if table.top is None and _danger(table) == 1 and combo is not None:
        if combo.kind != "single":
            return _reason(action, "one_card_combo", win=win, deals=deals)
        if combo.key == _highest_rank(table):
            return _reason(action, "one_card_high", win=win, deals=deals)
    partner_on_top = table.top_seat is not None and table.is_partner(table.top_seat)
    if action == "pass" and partner_on_top:
        return _reason(action, "partner_holds", win=win, deals=deals)
    if combo is not None and combo.kind in climbing.BOMB_KINDS:
        runner_up = _runner_up(decision, action)
        other = percent(decision.wins[runner_up]) if runner_up else 0
        return _reason(action, "plays_bomb", win=win, deals=deals, other=other)
    kept = _kept_bomb(table, cards, legal)
    if kept:
        return _reason(action, f"keeps_{kept}", win=win, deals=deals)
    return None


def guandan_reason(view: dict[str, Any], action: str, decision: SearchDecision) -> Suggestion:
    """Why ``action``: the only move, going out, leaving the round to a partner, a bomb,
    else the search's numbers."""
    legal = list(view["legal_actions"])
    if len(legal) == 1:
        return _reason(action, "no_beat" if action == "pass" else "only_action")
    win, deals = percent(decision.wins.get(action, 0.0)), decision.worlds
    if action.startswith("play "):
        cards = action.split(" as ")[0].split()[1:]
        if len(cards) == len(view["hand"]):
            return _reason(action, "goes_out")
        if view["top"] is not None and [a for a in legal if a != "pass"] == [action]:
            return _reason(action, "only_beat", win=win, deals=deals)
        if guandan.is_bomb(view, action):
            runner_up = _runner_up(decision, action)
            other = percent(decision.wins[runner_up]) if runner_up else 0
            return _reason(action, "plays_bomb", win=win, deals=deals, other=other)
    top = view["top"]
    if action == "pass" and top is not None and (top["seat"] - view["seat"]) % 4 == 2:
        return _reason(action, "partner_holds", win=win, deals=deals)
    return search_reason(action, decision)


def tarot_reason(view: dict[str, Any], action: str, decision: SearchDecision) -> Suggestion:
    """Why ``action``: the only move; for a bid, the écart and the announcements the rule
    basic follows (the search weighs card play only); for a card, the search's numbers."""
    if len(view["legal_actions"]) == 1:
        return _reason(action, "only_action")
    phase = view["phase"]
    if phase == "bidding":
        strength = tarot.hand_strength(list(view["hand"]))
        wanted = dict(tarot.BID_THRESHOLDS)
        if action == "pass":
            return _reason(action, "tarot_pass", strength=strength, need=wanted["prise"])
        return _reason(action, "tarot_bid", strength=strength, need=wanted[action.split()[1]])
    if phase in ("ecart", "chelem"):
        return _reason(action, "tarot_" + phase)
    if action.startswith("declare poignee"):
        return _reason(action, "tarot_poignee")
    if action.startswith("show "):
        return _reason(action, "tarot_show")
    return search_reason(action, decision)


def tractor_reason(view: dict[str, Any], action: str, decision: SearchDecision) -> Suggestion:
    """Why ``action``: the only move, the trumps a declaration gives (or would), burying
    cheap cards, points fed to a winning partner, a ruff of a trick with points, else the
    search's numbers."""
    table = tractor.Table.from_view(view)
    if len(view["legal_actions"]) == 1 and table.phase != "play":
        return _reason(action, "only_action")
    if table.phase == "declare":
        return tractor_declare_reason(table, action)
    if table.phase == "bury":
        return _reason(action, "tractor_bury")
    if len(decision.candidates) <= 1:
        return _reason(action, "only_action")
    win, deals = percent(decision.wins.get(action, 0.0)), decision.worlds
    if table.to_follow and table.trick:
        sets = tractor.follow_sets(table)
        chosen = [intent for intent, cards in sets.items() if _is_action(table, cards, action)]
        partner_wins = table.winning is not None and table.winning % 2 == table.seat % 2
        fed = tractor.points_of(action.split()[1:])
        if "feed" in chosen and partner_wins and fed:
            return _reason(action, "tractor_feed", points=fed, win=win, deals=deals)
        on_table = tractor.points_of(
            c for seat, cards in table.trick for c in cards if seat != table.seat
        )
        if "ruff" in chosen and on_table:
            return _reason(action, "tractor_ruff", points=on_table, win=win, deals=deals)
    return search_reason(action, decision)


def _is_action(table: tractor.Table, cards: list[str], action: str) -> bool:
    return tractor.follow_action(table, cards) == action


def tractor_declare_reason(table: tractor.Table, action: str) -> Suggestion:
    """A declaration: the trumps it gives; a pass: the partner's standing declaration, or
    the trumps the best suit would give."""
    if action.startswith("declare "):
        card = action.split()[1]
        suit = None if card in tractor.JOKERS else card[1]
        return _reason(
            action, "tractor_declare", trumps=tractor.trumps_if(table.hand, table.level, suit)
        )
    standing = table.declaration
    if standing is not None and int(standing["seat"]) % 2 == table.seat % 2:
        return _reason(action, "tractor_partner_declared")
    best = max(tractor.trumps_if(table.hand, table.level, suit) for suit in "SHDC")
    return _reason(action, "tractor_no_declare", trumps=best)


def search_reason(action: str, decision: SearchDecision) -> Suggestion:
    """The search's own numbers: more deals won, else more points, than the next best."""
    deals = decision.worlds
    runner_up = _runner_up(decision, action)
    if runner_up is not None:
        win, other = decision.wins.get(action, 0.0), decision.wins[runner_up]
        if percent(win) > percent(other):
            return _reason(action, "wins_more", win=percent(win), deals=deals, other=percent(other))
        mean, other_mean = decision.means.get(action, 0.0), decision.means[runner_up]
        if round(mean, 1) > round(other_mean, 1):
            return _reason(
                action,
                "scores_more",
                points=round(mean, 1),
                other=round(other_mean, 1),
                deals=deals,
            )
    return _reason(action, "best_of", candidates=len(decision.candidates), deals=deals)


def _combo(table: climbing.Table, cards: list[str]) -> Any:
    if not cards:
        return None
    return classify(table.rules.counts(cards), table.rules, opening=table.opening)


def _highest_rank(table: climbing.Table) -> int:
    return max(table.rules.rank_index(card) for card in table.hand)


def _danger(table: climbing.Table) -> int:
    """Fewest cards an opponent (not a partner) holds."""
    return min(table.hand_sizes[seat] for seat in table.enemies())


def _runner_up(decision: SearchDecision, action: str) -> str | None:
    others = [c for c in decision.candidates if c != action and c in decision.wins]
    return max(others, key=lambda c: (decision.wins[c], decision.means[c]), default=None)


def _kept_bomb(table: climbing.Table, cards: list[str], legal: list[str]) -> str:
    """``rocket`` or ``bomb`` when the hand holds one that ``cards`` leave whole while
    some legal play would break it; else empty."""
    rules = table.rules
    counts = rules.counts(table.hand)
    bodies = [b for b in climbing.split(tuple(counts), rules) if b.kind in climbing.BOMB_KINDS]

    def breaks(play: list[str], ranks: tuple[int, ...]) -> bool:
        used = rules.counts(play)
        taken = sum(min(used[r], counts[r]) for r in set(ranks))
        return 0 < taken < len(ranks)

    for body in bodies:
        others_break = any(breaks(a.split()[1:], body.ranks) for a in legal if a != "pass")
        if others_break and not breaks(cards, body.ranks):
            return "rocket" if body.kind == "rocket" else "bomb"
    return ""


# ---------------------------------------------------------------------------------------
# Texas Hold'em


def holdem_reason(view: dict[str, Any], action: str, decision: holdem.HoldemDecision) -> Suggestion:
    """Why ``action`` (chosen by the decision recorded in ``decision``) is worth playing."""
    verb = action.split()[0]
    if decision.kind == "forced":
        return _reason(action, "only_action")
    if decision.kind == "chart":
        key = "holdem_open" if verb in ("bet", "raise") else "holdem_open_fold"
        return _reason(
            action,
            key,
            hand=max(1, percent(decision.percentile)),
            top=percent(decision.open_top),
        )
    if decision.kind == "bluff":
        return _reason(action, "holdem_bluff", equity=percent(decision.equity))
    equity = percent(decision.equity)
    gain = round(decision.gains.get(action, 0.0), 1)
    pot, owed = int(view["pot"]), int(view["to_call"])
    need = owed / (pot + owed) if owed else 0.0
    odds = pot_odds(pot, owed)
    if verb in ("call", "fold") and owed:
        fits = decision.equity >= need if verb == "call" else decision.equity < need
        if fits:
            key = "holdem_call" if verb == "call" else "holdem_fold"
            return _reason(action, key, odds=odds, need=percent(need), equity=equity)
    if verb in ("bet", "raise"):
        key = "holdem_value" if decision.equity >= 0.5 else "holdem_pressure"
        return _reason(action, key, equity=equity, gain=gain)
    if verb == "check":
        return _reason(action, "holdem_check", equity=equity)
    others = [g for a, g in decision.gains.items() if a != action]
    other = round(max(others), 1) if others else 0.0
    return _reason(
        action, "holdem_gains", gain=gain, other=other, samples=decision.samples, equity=equity
    )


def pot_odds(pot: int, owed: int) -> str:
    """The pot odds as 'a:b' in small whole numbers (3:1, 5:2): the pot against the call,
    to the nearest half."""
    if owed <= 0:
        return "0:1"
    halves = max(1, round(2 * pot / owed))
    return f"{halves // 2}:1" if halves % 2 == 0 else f"{halves}:2"


# ---------------------------------------------------------------------------------------
# One Poker


def rank_label(card: str) -> str:
    return "10" if card[0] == "T" else card[0]


def onepoker_reason(
    view: dict[str, Any], action: str, decision: onepoker.OnePokerDecision
) -> Suggestion:
    """Why ``action`` (drawn from the solved strategy recorded in ``decision``)."""
    equity = percent(decision.equity)
    opponent_up = int(view["signals"][1 - view["seat"]]["up"])
    if decision.kind == "forced":
        return _reason(action, "only_action")
    if decision.kind == "lock":
        card = action.split()[1]
        prob = percent(decision.probabilities[decision.labels.index(decision.chosen)])
        beaten = [c for c in view["hand"] if c != card]
        if card[0] == "2" and beaten and beaten[0][0] != "2" and opponent_up:
            return _reason(action, "onepoker_lock_two", up=opponent_up, prob=prob, equity=equity)
        return _reason(action, "onepoker_lock", rank=rank_label(card), prob=prob, equity=equity)
    rank = rank_label(view["my_locked"])
    if decision.kind == "off_tree":
        return _reason(action, "onepoker_equity", rank=rank, equity=equity)
    prob = percent(decision.probabilities[decision.labels.index(decision.chosen)])
    if prob >= PURE:
        return _reason(action, "onepoker_pure", rank=rank, equity=equity)
    return _reason(action, "onepoker_mix", rank=rank, prob=prob, equity=equity)


# ---------------------------------------------------------------------------------------
# Contract Bridge


def bridge_reason(
    view: dict[str, Any], action: str, decision: bridge_strong.BridgeDecision
) -> Suggestion:
    if view["phase"] == "auction":
        return bridge_call_reason(view, action, decision)
    return bridge_play_reason(view, action, decision)


def bridge_play_reason(
    view: dict[str, Any], action: str, decision: bridge_strong.BridgeDecision
) -> Suggestion:
    """Why ``action`` (a card chosen by the double-dummy search in ``decision``)."""
    if decision.kind == "forced":
        return _reason(action, "only_action")
    if decision.kind == "equivalent":
        return _reason(action, "bridge_equal")
    card = action.split()[1]
    hand = view["turn_hand"]
    won = int(view["tricks"][hand % 2])
    values = decision.values
    tricks = round(won + values[card], 1)
    if partner_wins_after(view, card):
        return _reason(action, "bridge_partner_wins", tricks=tricks, deals=decision.deals)
    others = [value for other, value in values.items() if other != card]
    best_other = max(others, default=values[card])
    if values[card] > best_other + 1e-9:
        other = round(won + best_other, 1)
        return _reason(action, "bridge_dd_best", tricks=tricks, other=other, deals=decision.deals)
    return _reason(action, "bridge_dd_tie", tricks=tricks, deals=decision.deals)


def partner_wins_after(view: dict[str, Any], card: str) -> bool:
    """Whether the partner of the hand to play wins the trick so far, and still does
    after ``card``."""
    trick = view["trick"]
    if not trick:
        return False
    strain = view["contract"]["strain"]
    trump = None if strain == "NT" else strain
    partner = (view["turn_hand"] + 2) % 4
    cards = [entry["card"] for entry in trick]
    if trick[trick_winner(cards, trump)]["seat"] != partner:
        return False
    after = trick_winner([*cards, card], trump)
    return after < len(trick) and trick[after]["seat"] == partner


def bridge_call_reason(
    view: dict[str, Any], action: str, decision: bridge_strong.BridgeDecision
) -> Suggestion:
    """Why ``action``: the double-dummy gain when the check changed the call, else what the
    call shows under the bidding system."""
    if decision.kind == "call" and action in decision.values:
        gain = decision.values[action]
        if gain > 0:
            return _reason(action, "bridge_call_dd", imps=round(gain, 1), deals=decision.deals)
    calls = [(int(entry["seat"]), str(entry["call"])) for entry in view["auction"]]
    seat = view["seat"]
    before = all_constraints(calls)[seat]
    after = all_constraints([*calls, (seat, action)])[seat]
    return call_shows(action, before, after)


def call_shows(action: str, before: Constraints, after: Constraints) -> Suggestion:
    low, high = after.hcp_min, after.hcp_max
    suits = [s for s in "SHDC" if after.min_len[s] > before.min_len[s] and after.min_len[s] >= 3]
    if suits:
        suit = max(suits, key=lambda s: after.min_len[s])
        return _reason(
            action,
            "bridge_call_suit",
            low=low,
            high=high,
            length=after.min_len[suit],
            suit=SUIT_SYMBOLS[suit],
        )
    if after.balanced and not before.balanced:
        return _reason(action, "bridge_call_balanced", low=low, high=high)
    if (low, high) != (before.hcp_min, before.hcp_max):
        if low == 0:
            return _reason(action, "bridge_call_at_most", high=high)
        return _reason(action, "bridge_call_points", low=low, high=high)
    return _reason(action, "bridge_call_system")


# The reason of each game's hint, from the view, the action and the bot's last_decision.
REASONERS: dict[str, Callable[[dict[str, Any], str, Any], Suggestion]] = {
    "doudizhu": climbing_reason,
    "runfast": climbing_reason,
    "guandan": guandan_reason,
    "tractor": tractor_reason,
    "tarot": tarot_reason,
    "holdem": holdem_reason,
    "onepoker": onepoker_reason,
    "bridge": bridge_reason,
}

# Every reason key a hint can carry, with the parameters its text uses.
REASONS: dict[str, tuple[str, ...]] = {
    "only_action": (),
    "best_of": ("candidates", "deals"),
    "no_beat": (),
    "goes_out": (),
    "only_beat": ("win", "deals"),
    "one_card_high": ("win", "deals"),
    "one_card_combo": ("win", "deals"),
    "partner_holds": ("win", "deals"),
    "plays_bomb": ("win", "deals", "other"),
    "keeps_bomb": ("win", "deals"),
    "keeps_rocket": ("win", "deals"),
    "wins_more": ("win", "deals", "other"),
    "scores_more": ("points", "other", "deals"),
    "holdem_open": ("hand", "top"),
    "holdem_open_fold": ("hand", "top"),
    "holdem_bluff": ("equity",),
    "holdem_call": ("odds", "need", "equity"),
    "holdem_fold": ("odds", "need", "equity"),
    "holdem_value": ("equity", "gain"),
    "holdem_pressure": ("equity", "gain"),
    "holdem_check": ("equity",),
    "holdem_gains": ("gain", "other", "samples", "equity"),
    "onepoker_lock_two": ("up", "prob", "equity"),
    "onepoker_lock": ("rank", "prob", "equity"),
    "onepoker_equity": ("rank", "equity"),
    "onepoker_pure": ("rank", "equity"),
    "onepoker_mix": ("rank", "prob", "equity"),
    "bridge_equal": (),
    "bridge_partner_wins": ("tricks", "deals"),
    "bridge_dd_best": ("tricks", "other", "deals"),
    "bridge_dd_tie": ("tricks", "deals"),
    "bridge_call_dd": ("imps", "deals"),
    "bridge_call_suit": ("low", "high", "length", "suit"),
    "bridge_call_balanced": ("low", "high"),
    "bridge_call_points": ("low", "high"),
    "bridge_call_at_most": ("high",),
    "bridge_call_system": (),
    "tractor_feed": ("points", "win", "deals"),
    "tractor_ruff": ("points", "win", "deals"),
    "tractor_bury": (),
    "tractor_declare": ("trumps",),
    "tractor_no_declare": ("trumps",),
    "tractor_partner_declared": (),
    "tarot_bid": ("strength", "need"),
    "tarot_pass": ("strength", "need"),
    "tarot_ecart": (),
    "tarot_chelem": (),
    "tarot_poignee": (),
    "tarot_show": (),
}
