"""Brute-force checks of Tractor's leads, follow rule and trick winner (spec §3.2-§3.5).

The rules are written again here, independently of the engine, straight from the spec:
the position ladders of §3.3 (``position``), the shapes of §3.2/§4 (``shape``), the
follow rule of §3.4 (``legal_follow``) and the winner of §3.5 (``winner``). On thousands
of seeded random positions (random level and trump, a random lead from another hand, a
follower's hand of 25, often built short or void in the led suit or rich in its pairs):

- every n-card sub-multiset of the hand is judged by ``legal_follow`` and the legal ones
  are compared with the follows reachable card by card through ``tricks.follow_choices``,
  and with ``tricks.can_complete_follow`` on each complete follow;
- where the sub-multisets are too many to list, random card-by-card paths are checked at
  every step against the exact set of cards that still complete a legal follow
  (``oracle_choices``: §3.4 only looks at the led suit's cards and at how many others
  there are, so the completions are enumerated by their led-suit part);
- a few hundred positions are set up in the engine (fixed trump, the dealer leads) and
  its ``legal_actions`` are compared, card by card, with the same sets, the trick being
  completed by random legal follows and its winner compared with ``winner``;
- ``tricks.lead_combinations`` and ``tricks.combination_winner`` are compared with
  ``leads`` and ``winner`` on random hands and complete tricks.
"""

from __future__ import annotations

import itertools
import random
from collections import Counter
from collections.abc import Iterator
from functools import cache
from typing import Any

import cardavia
from cardavia.games.tractor.rules import TRUMP, card_rules
from cardavia.tricks import (
    can_complete_follow,
    combination_winner,
    follow_choices,
    lead_combinations,
)

RANKS = "23456789TJQKA"
SUITS = "SHDC"
PACK: list[str] = [r + s for r in RANKS for s in SUITS] * 2 + ["BJ", "BJ", "RJ", "RJ"]
TRUMPS = ["S", "H", "D", "C", "NT"]
GAME = cardavia.new_game("tractor", deals=1)
CAP = 2500  # list every sub-multiset when there are at most this many

Play = tuple[str, ...]


# --------------------------------------------------------------------------------------
# the rules, from the spec


@cache
def ladder(level: int, trump: str) -> dict[str, tuple[str, int]]:
    """card -> (effective suit, position), position 0 the highest (§3.3 ladders)."""
    lc = RANKS[level - 2]
    plain = [r for r in reversed(RANKS) if r != lc]  # A..2 without L
    table: dict[str, tuple[str, int]] = {"RJ": ("T", 0), "BJ": ("T", 1)}
    for suit in SUITS:
        table[lc + suit] = ("T", 2 if suit == trump else 3 if trump != "NT" else 2)
        for index, rank in enumerate(plain):
            table[rank + suit] = ("T", 4 + index) if suit == trump else (suit, index)
    return table


def suit_of(card: str, level: int, trump: str) -> str:
    return ladder(level, trump)[card][0]


def position(card: str, level: int, trump: str) -> int:
    return ladder(level, trump)[card][1]


def shape(cards: Play, level: int, trump: str) -> tuple[str, int, str, int] | None:
    """(kind, pairs, effective suit, top position) of a single, pair or tractor; None for
    anything else (§3.2, §4)."""
    suits = {suit_of(c, level, trump) for c in cards}
    if len(suits) != 1:
        return None
    suit = suits.pop()
    if len(cards) == 1:
        return ("single", 0, suit, position(cards[0], level, trump))
    counts = Counter(cards)
    if any(n != 2 for n in counts.values()):
        return None
    places = sorted(position(c, level, trump) for c in counts)
    if places != list(range(places[0], places[0] + len(places))):
        return None  # a gap, or two pairs on one position (two off-suit level pairs)
    return ("pair" if len(places) == 1 else "tractor", len(places), suit, places[0])


def leads(hand: list[str], level: int, trump: str) -> set[Play]:
    """Every single, pair and tractor of ``hand``, found from the ladders."""
    counts = Counter(hand)
    found: set[Play] = {(c,) for c in counts}
    paired = [c for c, n in counts.items() if n == 2]
    found |= {(c, c) for c in paired}
    by_place: dict[tuple[str, int], list[str]] = {}
    for card in paired:
        by_place.setdefault(ladder(level, trump)[card], []).append(card)
    for suit, place in by_place:
        length = 1
        while (suit, place + length) in by_place:
            length += 1
            runs = [by_place[(suit, place + i)] for i in range(length)]
            for choice in itertools.product(*runs):
                found.add(tuple(sorted(c for c in choice for _ in (0, 1))))
    return found


def pairs_in(cards: Play | list[str]) -> int:
    return sum(n // 2 for n in Counter(cards).values())


def legal_follow(play: Play, hand: list[str], lead: Play, level: int, trump: str) -> bool:
    """§3.4 for a follower holding ``hand`` (before playing) who plays ``play``."""
    n, suit = len(lead), suit_of(lead[0], level, trump)
    if len(play) != n or Counter(play) - Counter(hand):
        return False
    in_suit = [c for c in hand if suit_of(c, level, trump) == suit]
    played_in_suit = [c for c in play if suit_of(c, level, trump) == suit]
    if len(in_suit) >= n:  # enough: all of the suit, as many pairs as possible up to p
        need = min(pairs_in(lead), pairs_in(in_suit))
        return len(played_in_suit) == n and pairs_in(played_in_suit) >= need
    return len(played_in_suit) == len(in_suit)  # short: every card of the suit; void: any


def winner(plays: list[Play], level: int, trump: str) -> int:
    """§3.5: the best qualifying play; trumps above the led suit, then the higher top,
    equal: the earlier."""
    lead = shape(plays[0], level, trump)
    assert lead is not None
    kind, pairs, suit, _ = lead
    best, best_key = 0, (suit == "T", -lead[3])
    for index, cards in enumerate(plays[1:], 1):
        got = shape(cards, level, trump)
        if got is None or got[:2] != (kind, pairs):
            continue
        if got[2] != suit and not (suit != "T" and got[2] == "T"):
            continue
        key = (got[2] == "T", -got[3])
        if key > best_key:
            best, best_key = index, key
    return best


# --------------------------------------------------------------------------------------
# enumeration


def submultisets(hand: list[str], n: int) -> Iterator[Play]:
    items = sorted(Counter(hand).items())

    def walk(i: int, left: int, chosen: list[str]) -> Iterator[Play]:
        if left == 0:
            yield tuple(chosen)
            return
        if i == len(items):
            return
        card, count = items[i]
        for take in range(min(count, left), -1, -1):
            yield from walk(i + 1, left - take, chosen + [card] * take)

    return walk(0, n, [])


def count_submultisets(hand: list[str], n: int) -> int:
    ways = [1] + [0] * n
    for count in Counter(hand).values():
        new = [0] * (n + 1)
        for have in range(n + 1):
            if ways[have]:
                for take in range(min(count, n - have) + 1):
                    new[have + take] += ways[have]
        ways = new
    return ways[n]


def remove(hand: list[str], cards: Play | list[str]) -> list[str]:
    rest = list(hand)
    for card in cards:
        rest.remove(card)
    return rest


def oracle_choices(
    remaining: list[str], committed: list[str], lead: Play, level: int, trump: str
) -> set[str]:
    """The cards of ``remaining`` after which some completion is a legal follow. Exact:
    §3.4 looks only at the led suit's cards of the play and the hand, so completions are
    enumerated by their led-suit part, the rest filled with any other cards."""
    suit = suit_of(lead[0], level, trump)
    hand = remaining + committed
    out = set()
    for card in set(remaining):
        rest = remove(remaining, [card])
        start = [*committed, card]
        need = len(lead) - len(start)
        if need < 0:
            continue
        rest_suit = [c for c in rest if suit_of(c, level, trump) == suit]
        others = [c for c in rest if suit_of(c, level, trump) != suit]
        for j in range(min(need, len(rest_suit)) + 1):
            if need - j > len(others):
                continue
            filler = tuple(others[: need - j])
            if any(
                legal_follow((*start, *part, *filler), hand, lead, level, trump)
                for part in submultisets(rest_suit, j)
            ):
                out.add(card)
                break
    return out


# --------------------------------------------------------------------------------------
# positions


def random_position(rng: random.Random) -> dict[str, Any]:
    """Level, trump, the leader's hand and lead, the follower's hand (often short, void or
    rich in pairs of the led suit), and the two other hands and kitty."""
    level = rng.randint(2, 14)
    trump = rng.choice(TRUMPS)
    pack = list(PACK)
    rng.shuffle(pack)
    leader = sorted(pack[:25])
    options = sorted(leads(leader, level, trump))
    tractors = [p for p in options if len(p) >= 4]
    pairs = [p for p in options if len(p) == 2]
    roll = rng.random()
    pool = tractors if roll < 0.45 and tractors else pairs if roll < 0.8 and pairs else options
    lead = rng.choice(pool)
    rest = pack[25:]
    biased = rng.random() < 0.6
    follower = biased_hand(rest, lead, level, trump, rng) if biased else rest[:25]
    rest = remove(rest, follower)
    return {
        "level": level,
        "trump": trump,
        "leader": leader,
        "lead": lead,
        "follower": follower,
        "others": [rest[:25], rest[25:50]],
        "kitty": rest[50:58],
    }


def biased_hand(
    rest: list[str], lead: Play, level: int, trump: str, rng: random.Random
) -> list[str]:
    suit = suit_of(lead[0], level, trump)
    in_suit = [c for c in rest if suit_of(c, level, trump) == suit]
    others = [c for c in rest if suit_of(c, level, trump) != suit]
    want = min(len(in_suit), rng.choice([0, 1, len(lead) - 1, len(lead), len(lead) + 1, 8]))
    want = max(0, want)
    chosen: list[str] = []
    pool = list(in_suit)
    rng.shuffle(pool)
    while len(chosen) < want and pool:
        card = pool.pop()
        chosen.append(card)
        if len(chosen) < want and card in pool and rng.random() < 0.6:
            pool.remove(card)
            chosen.append(card)  # its twin: pairs in the led suit
    rng.shuffle(others)
    return chosen + others[: 25 - len(chosen)]


def reachable(hand: list[str], lead: Play, rules: Any) -> set[Play]:
    """Complete follows reachable card by card through ``follow_choices``."""
    found: set[Play] = set()
    frontier: set[Play] = {()}
    for _ in range(len(lead)):
        nxt: set[Play] = set()
        for committed in frontier:
            remaining = remove(hand, committed)
            for card in follow_choices(remaining, list(committed), list(lead), rules):
                nxt.add(tuple(sorted((*committed, card))))
        frontier = nxt
    found |= frontier
    return found


def random_path_check(
    hand: list[str], lead: Play, level: int, trump: str, rules: Any, rng: random.Random
) -> Play:
    """Walk one random follow, comparing every step with ``oracle_choices``."""
    committed: list[str] = []
    remaining = list(hand)
    for _ in range(len(lead)):
        want = oracle_choices(remaining, committed, lead, level, trump)
        got = follow_choices(remaining, committed, list(lead), rules)
        assert len(got) == len(set(got))
        assert set(got) == want, (level, trump, lead, hand, committed, sorted(want), got)
        assert can_complete_follow(remaining, committed, list(lead), rules)
        card = rng.choice(sorted(want))
        committed.append(card)
        remaining.remove(card)
    assert legal_follow(tuple(committed), hand, lead, level, trump)
    return tuple(committed)


# --------------------------------------------------------------------------------------
# the tests


def test_follow_rule_brute_force_against_follow_choices() -> None:
    rng = random.Random(20261202)
    listed = walked = 0
    kinds: Counter[str] = Counter()
    for _ in range(1500):
        pos = random_position(rng)
        level, trump, lead, hand = pos["level"], pos["trump"], pos["lead"], pos["follower"]
        rules = card_rules(level, trump)
        suit = suit_of(lead[0], level, trump)
        held = sum(suit_of(c, level, trump) == suit for c in hand)
        kinds["void" if held == 0 else "short" if held < len(lead) else "enough"] += 1
        if count_submultisets(hand, len(lead)) <= CAP:
            listed += 1
            legal = set()
            for play in submultisets(hand, len(lead)):
                ok = legal_follow(play, hand, lead, level, trump)
                rest = remove(hand, play)
                assert can_complete_follow(rest, list(play), list(lead), rules) == ok, (
                    level,
                    trump,
                    lead,
                    hand,
                    play,
                    ok,
                )
                if ok:
                    legal.add(tuple(sorted(play)))
            assert legal, "no legal follow at all"
            assert reachable(hand, lead, rules) == legal, (level, trump, lead, hand)
        else:
            walked += 1
            for _ in range(2):
                random_path_check(hand, lead, level, trump, rules, rng)
    assert listed > 900 and walked > 30, (listed, walked)
    assert min(kinds.values()) > 150, kinds


def test_oracle_choices_agree_with_brute_force() -> None:
    """The led-suit shortcut of ``oracle_choices`` against plain enumeration."""
    rng = random.Random(7)
    for _ in range(300):
        pos = random_position(rng)
        level, trump, lead, hand = pos["level"], pos["trump"], pos["lead"], pos["follower"]
        if count_submultisets(hand, len(lead)) > 800:
            continue
        legal = {
            p for p in submultisets(hand, len(lead)) if legal_follow(p, hand, lead, level, trump)
        }
        first = {c for p in legal for c in p}
        assert oracle_choices(hand, [], lead, level, trump) == first


def test_leads_against_lead_combinations() -> None:
    rng = random.Random(11)
    for _ in range(1500):
        level, trump = rng.randint(2, 14), rng.choice(TRUMPS)
        pack = list(PACK)
        rng.shuffle(pack)
        # Small packs of few ranks give many pairs and long tractors.
        if rng.random() < 0.5:
            ranks = rng.sample(RANKS, 5)
            pack = [c for c in PACK if c[0] in ranks or c in ("BJ", "RJ")]
            rng.shuffle(pack)
        hand = pack[: rng.randint(1, 25)]
        rules = card_rules(level, trump)
        got = lead_combinations(hand, rules)
        as_sets = [tuple(sorted(p)) for p in got]
        assert len(as_sets) == len(set(as_sets)), "a lead listed twice"
        assert set(as_sets) == leads(hand, level, trump), (level, trump, sorted(hand))
        assert all(shape(play, level, trump) is not None for play in as_sets)
        sizes = [len(p) for p in got]
        assert sizes == sorted(sizes)  # singles, pairs, then tractors shortest first


def test_winner_against_combination_winner() -> None:
    rng = random.Random(5)
    seen: Counter[int] = Counter()
    trumped = 0
    for _ in range(9000):
        pos = random_position(rng)
        level, trump, lead = pos["level"], pos["trump"], pos["lead"]
        rules = card_rules(level, trump)
        plays = [lead]
        for hand in [pos["follower"], *pos["others"]]:
            plays.append(random_legal(hand, lead, level, trump, rng))
        want = winner(plays, level, trump)
        seen[want] += 1
        trumped += want > 0 and suit_of(plays[want][0], level, trump) != suit_of(
            lead[0], level, trump
        )
        got = combination_winner([list(p) for p in plays], TRUMP, rules)
        assert got == want, (level, trump, plays, got, want)
    assert min(seen.values()) > 100 and trumped > 300, (seen, trumped)


def random_legal(hand: list[str], lead: Play, level: int, trump: str, rng: random.Random) -> Play:
    """A random legal follow built by the test's own rule; a void follower of a plain
    lead often trumps in with the lead's shape, so that trump-ins are frequent."""
    n, suit = len(lead), suit_of(lead[0], level, trump)
    in_suit = [c for c in hand if suit_of(c, level, trump) == suit]
    rest = [c for c in hand if suit_of(c, level, trump) != suit]
    rng.shuffle(in_suit)
    rng.shuffle(rest)
    if len(in_suit) >= n:
        twins = [c for c, k in Counter(in_suit).items() if k == 2]
        rng.shuffle(twins)
        if rng.random() < 0.5:  # the same shape when the follower holds it
            same = [p for p in leads(in_suit, level, trump) if len(p) == n and len(set(p)) < n]
            if same:
                return rng.choice(sorted(same))
        chosen = [c for c in twins[: min(pairs_in(lead), len(twins))] for _ in (0, 1)]
        chosen += remove(in_suit, chosen)[: n - len(chosen)]
        play = tuple(chosen)
    elif not in_suit and suit != "T" and rng.random() < 0.7:
        trumps = [c for c in hand if suit_of(c, level, "T" if trump == "NT" else trump) == "T"]
        shaped = [p for p in leads(trumps, level, trump) if len(p) == n]
        play = rng.choice(sorted(shaped)) if shaped else tuple(rest[:n])
    else:
        play = tuple(in_suit + rest[: n - len(in_suit)])
    assert legal_follow(play, hand, lead, level, trump), (play, hand, lead)
    return play


def engine_position(pos: dict[str, Any]) -> Any:
    """Seat 0 deals and leads ``pos["lead"]``; seat 1 holds the follower's hand."""
    deal = {
        "hands": [pos["leader"], pos["follower"], *pos["others"]],
        "kitty": pos["kitty"],
        "dealer": 0,
        "levels": [pos["level"], 2],
        "trump": pos["trump"],
    }
    state = GAME.new_state(seed=1, deal=deal)
    for card in state.view(0)["taken_kitty"]:
        state.apply(f"bury {card}")
    return state


def engine_follows(state: Any, limit: int) -> set[Play] | None:
    """Follows reachable through the engine's legal_actions, or None past ``limit`` nodes."""
    seat = state.current_player
    frontier: dict[Play, Any] = {(): state}
    nodes = 0
    for _ in range(state.view(seat)["to_follow"]):
        nxt: dict[Play, Any] = {}
        for committed, current in frontier.items():
            for action in current.legal_actions():
                key = tuple(sorted((*committed, action.split()[1])))
                if key in nxt:
                    continue
                nodes += 1
                if nodes > limit:
                    return None
                child = current.clone()
                child.apply(action)
                nxt[key] = child
        frontier = nxt
    return set(frontier)


def check_several_at_once(
    state: Any, hand: list[str], lead: Play, level: int, trump: str, rng: random.Random
) -> int:
    """``play <cards>`` with several cards is accepted exactly when they are part of a
    legal follow (§6b), and a refusal changes nothing; the number of multi-card tries."""
    legal = [p for p in submultisets(hand, len(lead)) if legal_follow(p, hand, lead, level, trump)]
    tries = 0
    for _ in range(4):
        size = rng.randint(2, len(lead) + 1) if len(lead) > 1 else 2
        if rng.random() < 0.5:
            chosen = list(rng.choice(legal))[: min(size, len(lead))]  # part of a legal one
        else:
            chosen = rng.sample(hand, min(size, len(hand)))
        ok = len(chosen) <= len(lead) and any(not (Counter(chosen) - Counter(p)) for p in legal)
        trial = state.clone()
        before = trial.to_json()
        try:
            trial.apply("play " + " ".join(chosen))
            accepted = True
        except cardavia.IllegalAction:
            accepted = False
            assert trial.to_json() == before
        assert accepted == ok, (level, trump, lead, hand, chosen)
        tries += 1
    return tries


def test_engine_legal_actions_card_by_card() -> None:
    rng = random.Random(99)
    compared = multi = 0
    for _ in range(400):
        pos = random_position(rng)
        level, trump, lead, hand = pos["level"], pos["trump"], pos["lead"], pos["follower"]
        rules = card_rules(level, trump)
        state = engine_position(pos)
        offered = {tuple(sorted(a.split()[1:])) for a in state.legal_actions()}
        assert offered == leads(pos["leader"], level, trump)
        state.apply("play " + " ".join(lead))
        assert state.current_player == 1
        got = engine_follows(state, 60)
        if got is not None:
            compared += 1
            assert got == reachable(hand, lead, rules), (level, trump, lead, hand)
        if count_submultisets(hand, len(lead)) <= 800:
            multi += check_several_at_once(state, hand, lead, level, trump, rng)
        # One random path checked step by step, then the trick completed at random.
        committed: list[str] = []
        for _ in range(len(lead)):
            remaining = remove(hand, committed)
            want = oracle_choices(remaining, committed, lead, level, trump)
            assert {a.split()[1] for a in state.legal_actions()} == want
            card = rng.choice(sorted(want))
            state.apply(f"play {card}")
            committed.append(card)
        plays = [lead, tuple(committed)]
        for seat, other in zip((2, 3), pos["others"], strict=True):
            assert state.current_player == seat
            follow = random_legal(other, lead, level, trump, rng)
            state.apply("play " + " ".join(follow))
            plays.append(follow)
        event = [e for e in state.events if e["type"] == "trick"][-1]
        assert event["winner"] == winner(plays, level, trump), (level, trump, plays)
    assert compared > 200 and multi > 100, (compared, multi)
