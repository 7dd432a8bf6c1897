"""The Japanese score tables: one win each, or chips, with their house rules and a table's
own numbers.

Both tables are named numbers (``Coefficient``) a table may replace with its own
(``score_values``). A hand is first read as an outcome (made or failed, and which row of
the table pays it), then paid from the table's numbers.
"""

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Protocol, TypeVar

from scoring.rules.cards import Card
from scoring.rules.i18n import N_, _
from scoring.rules.japanese.auction import STARTER_CONTRACT
from scoring.rules.japanese.options import JapaneseLike
from scoring.rules.score_values import Coefficient
from scoring.rules.scores import HandFacts, Score, deltas_for, share_line, side_points

J = TypeVar("J", bound=JapaneseLike)
J_contra = TypeVar("J_contra", bound=JapaneseLike, contravariant=True)


class Deck(Protocol[J_contra]):
    """What the score reads of the variant's deck (a ``Variant`` meets it): its picture cards,
    and how many cards lie in the blind. A protocol, because the variants are built on this
    module and it must not depend on them."""

    def point_cards(self, players: int, rules: J_contra) -> frozenset[Card]: ...

    def blind_size(self, players: int, rules: J_contra) -> int: ...


Roles = tuple[str, str, str]  # the declarer's, the partner's, an opponent's, translated

ALL_POINTS = 20
_AMOUNT = (-1000, 1000)

WINS_TABLE = tuple(
    Coefficient(name, default, *_AMOUNT)
    for name, default in (
        ("made_napoleon", 1),
        ("made_adjutant", 1),
        ("made_opponent", 0),
        ("failed_napoleon", 0),
        ("failed_adjutant", 0),
        ("failed_opponent", 1),
        ("alone_made_napoleon", 1),
        ("alone_made_opponent", 0),
        ("alone_failed_napoleon", 0),
        ("alone_failed_opponent", 1),
    )
)
_CHIP_ROWS = {
    "made": (2, 1, -1),
    "failed": (-2, -1, 1),
    "siberian": (-2, -1, 1),
    "twenty_made": (4, 2, -2),
    "twenty_failed": (-4, -2, 2),
}
CHIP_TABLE = (
    *(
        Coefficient(f"{row}_{role}", amount, *_AMOUNT)
        for row, amounts in _CHIP_ROWS.items()
        for role, amount in zip(("napoleon", "general", "opponent"), amounts, strict=True)
    ),
    Coefficient("alone_multiplier", 2, 1, 16),
)


@dataclass(frozen=True)
class Outcome:
    made: bool
    row: str  # made, failed, siberian, twenty_made or twenty_failed
    doubled: bool  # all_twenty: bonus
    head: str  # the rule that read the hand, as a line starts
    house: bool = False  # read by the all_twenty house rule


def points_of(variant: Deck[J], facts: HandFacts, rules: J) -> int:
    """The side's picture cards; with ``discards_to: napoleon`` the discards count for it."""
    return side_points(
        facts,
        variant.point_cards(facts.players, rules),
        variant.blind_size(facts.players, rules),
        discards_to_declarer=rules.discards_to == "napoleon",
    )


def outcome(bid: int, points: int, rules: JapaneseLike, chips: bool) -> Outcome:
    if bid >= ALL_POINTS:
        made = points >= ALL_POINTS
        head = _("bid of 20 made") if made else _("bid of 20 failed")
        return Outcome(made, "twenty_made" if made else "twenty_failed", False, head)
    if points == ALL_POINTS and rules.all_twenty != "table":
        return _all_twenty(rules.all_twenty)
    if points == ALL_POINTS and chips and rules.siberian:
        head = _("Siberian rule: all 20 picture cards on a bid under 20 counts as failed")
        return Outcome(False, "siberian", False, head)
    made = points >= bid
    head = _("bid of {bid} made with {points}") if made else _("bid of {bid} failed with {points}")
    return Outcome(made, "made" if made else "failed", False, head.format(bid=bid, points=points))


def _all_twenty(rule: str) -> Outcome:
    """``all_twenty``: any choice but ``table`` wins over the Siberian rule."""
    if rule == "made":
        return Outcome(True, "made", False, _(ALL_MADE), house=True)
    if rule == "fails":
        return Outcome(False, "siberian", False, _(ALL_FAILED), house=True)
    return Outcome(True, "made", True, _(ALL_BONUS), house=True)


ALL_MADE = N_("all 20 picture cards on a bid under 20 count as made (house rule)")
ALL_FAILED = N_("all 20 picture cards on a bid under 20 count as failed (house rule)")
ALL_BONUS = N_(
    "all 20 picture cards on a bid under 20: made, and every amount is doubled (house rule)"
)


def chip_score(
    facts: HandFacts,
    bid: int,
    points: int,
    rules: JapaneseLike,
    values: Mapping[str, int],
    roles: Roles,
) -> Score:
    """The chip table: under-20 rows, Siberian row, bid-of-20 rows; alone multiplies."""
    result = outcome(bid, points, rules, chips=True)
    factor = 2 if result.doubled else 1
    napoleon, partner, opponent = (
        factor * values[f"{result.row}_{role}"] for role in ("napoleon", "general", "opponent")
    )
    lines = []
    if facts.alone:
        times = values["alone_multiplier"]
        napoleon, opponent = times * napoleon, times * opponent
        if times == 2:
            lines.append(_("the napoleon played alone: every amount doubled"))
        else:
            lines.append(
                _(
                    "the napoleon played alone: the napoleon's and each opponent's amounts ×{times}"
                ).format(times=times)
            )
    lines.insert(0, share_line(result.head, _shares(facts, roles, napoleon, partner, opponent)))
    deltas = deltas_for(facts, napoleon, partner, opponent)
    return Score(result.made, bid, points, deltas, (*lines, *_discard_line(facts, rules)))


def wins_score(
    facts: HandFacts,
    bid: int,
    points: int,
    rules: JapaneseLike,
    values: Mapping[str, int],
    roles: Roles,
) -> Score:
    """One win for each player on the winning side, or the table's own numbers."""
    result = outcome(bid, points, rules, chips=False)
    key = "made" if result.made else "failed"
    factor = 2 if result.doubled else 1
    if facts.alone:
        napoleon = factor * values[f"alone_{key}_napoleon"]
        partner, opponent = 0, factor * values[f"alone_{key}_opponent"]
    else:
        napoleon, partner, opponent = (
            factor * values[f"{key}_{role}"] for role in ("napoleon", "adjutant", "opponent")
        )
    lines = [_wins_verdict(facts, result, bid, points, rules)]
    if rules.score_values or result.doubled:
        shares = _shares(facts, roles, napoleon, partner, opponent)
        head = _("your table's own numbers") if rules.score_values else _("what each player scores")
        lines.append(share_line(head, shares))
    if result.house:
        lines.append(result.head)
    deltas = deltas_for(facts, napoleon, partner, opponent)
    return Score(result.made, bid, points, deltas, (*lines, *_discard_line(facts, rules)))


def _wins_verdict(
    facts: HandFacts, result: Outcome, bid: int, points: int, rules: JapaneseLike
) -> str:
    if not result.made:
        line = _("{points} picture cards against a bid of {bid}: the opponents win, one win each")
    elif facts.alone:
        line = _(
            "{points} picture cards against a bid of {bid}: the napoleon, playing alone, "
            "wins one win"
        )
    else:
        line = _(
            "{points} picture cards against a bid of {bid}: the napoleon's side wins, one win each"
        )
    if rules.score_values or result.doubled:
        # "one win each" is no longer what the hand pays: the numbers follow on their own line.
        line = (
            _("{points} picture cards against a bid of {bid}: the napoleon's side wins")
            if result.made
            else _("{points} picture cards against a bid of {bid}: the opponents win")
        )
    return line.format(points=points, bid=bid)


def _shares(
    facts: HandFacts, roles: Roles, napoleon: int, partner: int, opponent: int
) -> list[tuple[str, int]]:
    # ``roles`` come translated (``role_words``).
    shares = [(roles[0], napoleon)]
    if not facts.alone:
        shares.append((roles[1], partner))
    shares.append((_("each {role}").format(role=roles[2]), opponent))
    return shares


def _discard_line(facts: HandFacts, rules: JapaneseLike) -> tuple[str, ...]:
    # Said whether the points came as cards or as a quick count: both read the same rule.
    lines = _starter_line(facts, rules)
    if rules.discards_to != "napoleon":
        return lines
    return (
        *lines,
        _("the napoleon's discarded picture cards count for the napoleon's side (house rule)"),
    )


def _starter_line(facts: HandFacts, rules: JapaneseLike) -> tuple[str, ...]:
    """``all_pass: starter_12S`` lets 12♠ stand below the lowest bid: say which rule did."""
    low = getattr(rules, "min_bid", 0)
    if getattr(rules, "all_pass", "") != "starter_12S" or facts.contract != STARTER_CONTRACT:
        return ()
    if low <= STARTER_CONTRACT.count:
        return ()
    return (_("12♠ after everyone passed stands below the lowest bid (house rule)"),)
