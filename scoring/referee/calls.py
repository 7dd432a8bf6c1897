"""Walking an auction in turn as the engine plays it: who made each call, in which round, and
which passes the rules made for a player (a pass is final, and that player already passed).

The engine says who calls next after each prefix of the calls and which round it is;
this module only remembers, round by round, who has passed.
"""

from dataclasses import dataclass

from scoring.rules.errors import RulesError

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


def walk(variant, players, rules, dealer, first, calls, seats=None) -> Walk | None:
    """Each call of an auction in turn (None for a free auction, or one that cannot be read);
    ``seats`` are those the house rules ask for (``previous_napoleon``)."""
    try:
        plan = variant.auction_plan(players, rules, dealer, first)
    except (RulesError, TypeError):
        return None
    if plan.first is None:
        return None  # nobody named to call first yet
    made, passed, round_ = [], set(), 1
    state = None
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
    forced = not state.complete and plan.pass_is_final and state.next in passed
    return Walk(tuple(made), round_, forced, plan.second_round_low)
