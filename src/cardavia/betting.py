"""One no-limit betting mechanism for the poker games (Hold'em, One Poker).

Per spec/holdem.md §5 and §7 (One Poker §3.4 is the same with other sizes):

- ``bet T`` / ``raise T`` name the player's *total* for the round; the increment is
  ``T − B``. An increment of at least ``F`` is a full bet or raise and becomes the new ``F``;
  a smaller one is legal only as an all-in (a *short* all-in) and leaves ``F`` alone.
- Raising is reopened for a player who already acted only when the cumulative increase
  since that player's last action reaches ``F`` (TDA 47): each seat remembers the current
  bet right after its own last action (``acted_at``).
- Nobody may raise when no other live player could answer (all others all-in or short).
- A call for more than the stack is an all-in for less; the excess of the top round
  contribution over the second is returned when the round (or the hand) ends.
- Pots are built level by level from the hand contributions; folded chips stay in, and only
  live players with at least the level are eligible (side pots).

A game state mixes in :class:`BettingState`, keeps these fields JSON-native like every
other attribute, and calls ``_start_round`` / ``_verify_bet`` / ``_perform_bet``. Seats act
in the order ``s + 1 (mod n)``; seats that are out of the hand are skipped.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from .engine import IllegalAction, State

BET_VERBS = ("fold", "check", "call", "bet", "raise")


class Pot(NamedTuple):
    amount: int
    eligible: list[int]


class BetRange(NamedTuple):
    """What a seat may do with ``bet``/``raise`` now: the verb and the totals allowed.
    ``minimum == maximum`` when only an all-in is possible."""

    verb: str
    minimum: int
    maximum: int


class BettingState(State):
    """The betting fields and rules shared by the poker games."""

    stacks: list[int]  # chips behind, not yet put in
    bets: list[int]  # round contributions c[p]
    committed: list[int]  # hand contributions h[p] (blinds and antes included)
    in_hand: list[bool]  # dealt into this hand (not eliminated)
    folded: list[bool]
    acted_at: list[int | None]  # the current bet right after the seat's last action
    current_bet: int  # B
    full_raise: int  # F
    to_act: int | None  # whose turn it is in the round; None between rounds

    # --- who is who -----------------------------------------------------------------

    def _is_live(self, seat: int) -> bool:
        return self.in_hand[seat] and not self.folded[seat]

    def live_seats(self) -> list[int]:
        return [seat for seat in range(len(self.stacks)) if self._is_live(seat)]

    def _clockwise_from(self, seat: int) -> list[int]:
        """Every seat, starting with ``seat`` and going round once."""
        n = len(self.stacks)
        return [(seat + step) % n for step in range(n)]

    # --- the round ----------------------------------------------------------------------

    def _new_hand_betting(self, in_hand: list[bool]) -> None:
        n = len(in_hand)
        self.in_hand = list(in_hand)
        self.folded = [False] * n
        self.committed = [0] * n
        self.bets = [0] * n
        self.acted_at = [None] * n
        self.current_bet = 0
        self.full_raise = 0
        self.to_act = None

    def _put_in(self, seat: int, amount: int) -> int:
        """Move up to ``amount`` chips from the stack into the round; returns what moved."""
        amount = min(amount, self.stacks[seat])
        self.stacks[seat] -= amount
        self.bets[seat] += amount
        self.committed[seat] += amount
        return amount

    def _start_round(self, first: int, current_bet: int, full_raise: int) -> None:
        """A new betting round whose first possible actor is ``first`` (searching
        clockwise). Blinds posted before this call are in ``bets`` but count as no action."""
        self.current_bet = current_bet
        self.full_raise = full_raise
        self.acted_at = [None] * len(self.stacks)
        self.to_act = self._next_to_act(first)

    def _next_to_act(self, start: int) -> int | None:
        """The first seat from ``start`` clockwise that must still act, or None."""
        # One pass to count, one to search: this runs after every action.
        in_hand, folded, stacks = self.in_hand, self.folded, self.stacks
        n = len(stacks)
        live = active = 0
        for seat in range(n):
            if in_hand[seat] and not folded[seat]:
                live += 1
                active += stacks[seat] > 0
        if live <= 1:
            return None
        # Someone who has not acted still gets a turn (the big blind's option), unless
        # nobody else could act at all: then there is nothing to decide.
        unacted_may_act = active >= 2
        bets, current, acted_at = self.bets, self.current_bet, self.acted_at
        for step in range(n):
            seat = (start + step) % n
            if (
                in_hand[seat]
                and not folded[seat]
                and stacks[seat] > 0
                and (bets[seat] < current or (unacted_may_act and acted_at[seat] is None))
            ):
                return seat
        return None

    # --- what the player to act may do ---------------------------------------------------

    def to_call(self, seat: int) -> int:
        return max(0, self.current_bet - self.bets[seat])

    def bet_range(self, seat: int) -> BetRange | None:
        """The totals ``seat`` may bet or raise to, or None when it may not (§5.3)."""
        stack, owed = self.stacks[seat], self.to_call(seat)
        if stack <= owed:
            return None
        answerable = any(
            self.bets[other] + self.stacks[other] > self.current_bet
            and self.in_hand[other]
            and not self.folded[other]
            for other in range(len(self.stacks))
            if other != seat
        )
        if not answerable:
            return None
        last = self.acted_at[seat]
        if last is not None and self.current_bet - last < self.full_raise:
            return None
        all_in = self.bets[seat] + stack
        minimum = min(self.current_bet + self.full_raise, all_in)
        verb = "raise" if self.current_bet > 0 else "bet"
        return BetRange(verb, minimum, all_in)

    def betting_actions(self) -> list[str]:
        seat = self.to_act
        if seat is None:
            return []
        actions = ["fold", "call"] if self.to_call(seat) > 0 else ["check"]
        allowed = self.bet_range(seat)
        if allowed is not None:
            actions += _totals(allowed.verb, allowed.minimum, allowed.maximum)
        return actions

    def _verify_bet(self, action: str) -> tuple[str, int]:
        """Parse a betting action of the player to act: (verb, new round total)."""
        seat = self.to_act
        if seat is None:
            raise IllegalAction("nobody is betting now")
        words = action.strip().lower().split()
        verb = words[0] if words else ""
        if verb not in BET_VERBS:
            raise IllegalAction(
                "a betting action is fold, check, call, bet <total> or raise <total>"
            )
        owed = self.to_call(seat)
        if verb in ("fold", "check", "call"):
            if len(words) != 1:
                raise IllegalAction(f"'{verb}' takes no amount")
            if verb == "check" and owed:
                raise IllegalAction(f"you cannot check: {owed} to call")
            if verb != "check" and not owed:
                raise IllegalAction(f"nothing to {verb} against: check instead")
            paid = min(owed, self.stacks[seat]) if verb == "call" else 0
            return verb, self.bets[seat] + paid
        return verb, self._verify_amount(seat, verb, words[1:])

    def _verify_amount(self, seat: int, verb: str, rest: list[str]) -> int:
        if len(rest) != 1 or not is_amount(rest[0]):
            raise IllegalAction(f"'{verb}' needs one whole number: your total for this round")
        allowed = self.bet_range(seat)
        if allowed is None:
            raise IllegalAction(self._why_no_raise(seat))
        if verb != allowed.verb:
            raise IllegalAction(
                f"use '{allowed.verb}': "
                + ("nobody has bet yet" if allowed.verb == "bet" else "there is a bet to raise")
            )
        total = parse_total(rest[0], verb, allowed.maximum)
        if total < allowed.minimum:
            raise IllegalAction(
                f"the smallest {verb} is to {allowed.minimum} (a total for this round), "
                "unless you go all-in"
            )
        return total

    def _why_no_raise(self, seat: int) -> str:
        if self.stacks[seat] <= self.to_call(seat):
            return "you have no chips beyond a call"
        last = self.acted_at[seat]
        if last is not None and self.current_bet - last < self.full_raise:
            return "the raise since your last action was not a full raise: call or fold"
        return "nobody else could answer a raise: call, check or fold"

    def _perform_bet(self, move: tuple[str, int]) -> dict[str, object]:
        """Carry out a verified betting move; returns the event describing it."""
        verb, total = move
        seat = self.to_act
        assert seat is not None
        event: dict[str, object] = {"type": "action", "seat": seat, "action": verb}
        if verb == "fold":
            self.folded[seat] = True
        else:
            self._put_in(seat, total - self.bets[seat])
            if verb in ("bet", "raise"):
                event["action"] = f"{verb} {total}"
                increment = total - self.current_bet
                if increment >= self.full_raise:
                    self.full_raise = increment
                self.current_bet = max(self.current_bet, total)
            event["total"] = self.bets[seat]
        event["all_in"] = self.stacks[seat] == 0 and not self.folded[seat]
        self.acted_at[seat] = self.current_bet
        self.to_act = self._next_to_act(seat + 1)
        return event

    # --- end of a round, pots ------------------------------------------------------------

    def _return_uncalled(self) -> tuple[int, int] | None:
        """Give back the part of the top round contribution nobody matched: (seat, chips)."""
        order = sorted(range(len(self.bets)), key=lambda seat: self.bets[seat], reverse=True)
        top, second = order[0], order[1]
        excess = self.bets[top] - self.bets[second]
        if excess <= 0:
            return None
        self.bets[top] -= excess
        self.committed[top] -= excess
        self.stacks[top] += excess
        return top, excess

    def _close_round(self) -> None:
        self.bets = [0] * len(self.bets)
        self.current_bet = 0
        self.to_act = None

    def pots(self) -> list[Pot]:
        return side_pots(self.committed, [self._is_live(s) for s in range(len(self.stacks))])


def is_amount(word: str) -> bool:
    """Plain ASCII digits: no sign, no point, no look-alikes (``'²'.isdigit()`` is True)."""
    return word.isascii() and word.isdigit()


def parse_total(word: str, verb: str, maximum: int) -> int:
    """The total a player typed for ``bet``/``raise``, at most ``maximum`` (the all-in).
    The length is checked before ``int()``, which refuses strings of 4,300+ digits with a
    ValueError and would turn shorter ones into numbers of any size."""
    if not is_amount(word):
        raise IllegalAction(f"'{verb}' needs one whole number: your total for this round")
    digits = word.lstrip("0") or "0"
    if len(digits) > len(str(maximum)) or int(digits) > maximum:
        to = "" if verb == "bet" else " to"
        raise IllegalAction(f"you can {verb}{to} at most {maximum} (all-in)")
    return int(digits)


_TOTALS: dict[str, list[str]] = {"bet": [], "raise": []}


def _totals(verb: str, minimum: int, maximum: int) -> list[str]:
    """``[f"{verb} {minimum}", …, f"{verb} {maximum}"]`` sliced from a growing cache: the
    poker games list every total, and formatting a thousand strings per decision would
    dominate a random playout."""
    cache = _TOTALS[verb]
    cache.extend(f"{verb} {total}" for total in range(len(cache), maximum + 1))
    return cache[minimum : maximum + 1]


def side_pots(committed: Sequence[int], live: Sequence[bool]) -> list[Pot]:
    """The main pot and side pots (§7.2): one per contribution level, merged when the
    eligible players are the same. Chips of a level no live player reached (possible only
    with folded contributions above every live one) join the pot below."""
    pots: list[Pot] = []
    previous = 0
    for level in sorted({amount for amount in committed if amount > 0}):
        amount = sum(min(h, level) - min(h, previous) for h in committed)
        eligible = [seat for seat, h in enumerate(committed) if live[seat] and h >= level]
        previous = level
        if pots and (eligible == pots[-1].eligible or not eligible):
            pots[-1] = Pot(pots[-1].amount + amount, pots[-1].eligible)
        else:
            pots.append(Pot(amount, eligible))
    return pots


def split_pot(amount: int, winners: Sequence[int], odd_chip_order: Sequence[int]) -> dict[int, int]:
    """Equal shares; the chips left over go one at a time to the winners in
    ``odd_chip_order`` (every seat, in the order the rules give the odd chips)."""
    share, odd = divmod(amount, len(winners))
    payout = {seat: share for seat in winners}
    for seat in [seat for seat in odd_chip_order if seat in payout][:odd]:
        payout[seat] += 1
    return payout
