"""Walking an auction in turn as the engine plays it: who made each call, in which round, and
which passes the rules made for a player (a pass is final, and that player already passed).

The engine says who calls next after each prefix of the calls and which round it is;
this module only remembers, round by round, who has passed.
"""

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from scoring.rules.auction import AuctionState
from scoring.rules.errors import RulesError
from scoring.rules.options import TableRules
from scoring.rules.variants.base import Variant

PASSES = ("p", "pass")


@dataclass(frozen=True)
class Called:
    seat: int | None
    round: int
    forced: bool  # a pass by a seat that had passed already this round, when a pass is final


@dataclass(frozen=True)
class Walk:
    calls: tuple[Called, ...]
    round: int  # the round the next call belongs to
    forced_next: bool  # the next caller has passed already this round: only pass is left
    second_round_low: int | None


def walk(
    variant: Variant[Any],
    players: int,
    rules: TableRules | None,
    dealer: int | None,
    first: int | None,
    calls: Sequence[object],
    seats: Mapping[str, int | None] | None = None,
) -> Walk | None:
    """Each call of an auction in turn (None for a free auction, or one that cannot be read);
    ``seats`` are those the house rules ask for (``previous_napoleon``)."""
    try:
        plan = variant.auction_plan(players, rules, dealer, first)
    except (RulesError, TypeError):
        return None
    made: list[Called] = []
    passed: set[int | None] = set()
    round_ = 1
    state: AuctionState | None = None
    for index in range(len(calls) + 1):
        try:
            state = variant.auction(
                players, list(calls[:index]), rules, dealer=dealer, first=first, **(seats or {})
            )
        except RulesError:
            return Walk(tuple(made), round_, False, plan.second_round_low)
        if state.round != round_:
            round_, passed = state.round, set()
        if index == len(calls):
            break
        is_pass = str(calls[index]).lower() in PASSES
        made.append(
            Called(state.next, round_, is_pass and plan.pass_is_final and state.next in passed)
        )
        if is_pass:
            passed.add(state.next)
    assert state is not None  # the loop above runs at least once
    forced = not state.complete and plan.pass_is_final and state.next in passed
    return Walk(tuple(made), round_, forced, plan.second_round_low)
