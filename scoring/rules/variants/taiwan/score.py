"""The Taiwan and Hong Kong score tables, the balanced four-player table (a house rule), and
their named numbers for ``score_values``.

A table is rows of (napoleon, secretary, each defender) amounts: a base when made, and a
rate per card over or per card short. Playing alone (dictator) has no secretary.
"""

from collections.abc import Mapping

from scoring.rules.cards import Card
from scoring.rules.errors import InconsistentResult
from scoring.rules.i18n import N_, _, ngettext
from scoring.rules.score_values import Coefficient
from scoring.rules.scores import (
    HandFacts,
    deltas_for,
    own_numbers_line,
    share_line,
    side_points,
)
from scoring.rules.variants.taiwan.options import TaiwanRules

Row = tuple[int, int, int]  # the napoleon's, the secretary's and each defender's amount

BOUND = 100000
ROLES = {"standard": ("napoleon", "secretary", "defender"), "dictator": ("napoleon", "defender")}
ROWS = ("made", "over", "short")
# A fixed amount paid once on a failed hand, beside the per-card rate: 0 in every printed
# table, so only a table's own numbers (``score_values``) give it.
FAILED = "failed"
TABLES: dict[str, dict[str, dict[str, tuple[int, ...]]]] = {
    "taiwan": {
        "standard": {"made": (100, 50, -50), "over": (20, 10, -10), "short": (-40, -20, 20)},
        "dictator": {"made": (400, -100), "over": (40, -10), "short": (-40, 10)},
    },
    "hongkong": {
        "standard": {"made": (40, 20, 0), "over": (10, 5, 0), "short": (-20, -10, 20)},
        "dictator": {"made": (100, 0), "over": (10, 0), "short": (-20, 50)},
    },
    # [alexkao]'s four-player table: every cell sums to zero with two or three defenders.
    "balanced": {
        "standard": {"made": (100, 50, -75), "over": (20, 10, -15), "short": (-40, -20, 30)},
        "dictator": {"made": (300, -100), "over": (30, -10), "short": (-45, 15)},
    },
}


ALL_POINTS = 16


def side_points_of(
    facts: HandFacts, rules: TaiwanRules, point_cards: frozenset[Card], blind: int
) -> int:
    """The point cards of the napoleon's side (rules-house.md §8.10.1): with ``discards_to:
    napoleon`` the discards count for it; with ``target`` they count for neither side, and the
    quick count is checked against them too."""
    points = side_points(
        facts, point_cards, blind, discards_to_declarer=rules.discards_to == "napoleon"
    )
    if rules.discards_to == "target" and facts.captured is None:
        _verify_quick_discards(facts, point_cards, blind, points)
    return points


def _verify_quick_discards(
    facts: HandFacts, point_cards: frozenset[Card], blind: int, points: int
) -> None:
    seen: set[Card] = set()
    for index, card in enumerate(facts.discards):
        if card not in point_cards:
            raise InconsistentResult(
                N_("{card} is not a point card; list only point cards."),
                f"discards[{index}]",
                card=card,
            )
        if card in seen:
            raise InconsistentResult(N_("{card} is given twice."), f"discards[{index}]", card=card)
        seen.add(card)
    if len(facts.discards) > blind:
        raise InconsistentResult(
            N_("{count} point cards discarded, but only {blind} cards are discarded in this game."),
            "discards",
            count=len(facts.discards),
            blind=blind,
        )
    most = ALL_POINTS - len(facts.discards)
    if points > most:
        raise InconsistentResult(
            N_(
                "declarer_points must be at most {most}: {count} point cards were discarded, "
                "so only {most} were played."
            ),
            "declarer_points",
            most=most,
            count=len(facts.discards),
        )


def target(level: int, facts: HandFacts, rules: TaiwanRules) -> int:
    """8 + L point cards; under ``discards_to: target`` the discarded ones raise it, to 16 at
    most (rules-house.md §8.10.1)."""
    raised = len(facts.discards) if rules.discards_to == "target" else 0
    return min(ALL_POINTS, 8 + level + raised)


def discard_lines(facts: HandFacts, rules: TaiwanRules, target: int) -> list[str]:
    """Say how the discarded point cards were counted when a house rule moved them."""
    if rules.discards_to == "napoleon":
        return [
            _("the napoleon's discarded point cards count for the napoleon's side (house rule)")
        ]
    count = len(facts.discards)
    if rules.discards_to != "target" or not count:
        return []
    line = ngettext(
        "{count} point card was discarded, which raises the target to {target} (house rule)",
        "{count} point cards were discarded, which raises the target to {target} (house rule)",
        count,
    )
    return [line.format(count=count, target=target)]


def table_name(players: int, rules: TaiwanRules) -> str:
    """The active table: ``four_player_table: balanced`` changes only Taiwan's, at four."""
    if rules.score_table == "hongkong":
        return "hongkong"
    if rules.four_player_table == "balanced" and players == 4:
        return "balanced"
    return "taiwan"


def coefficients(players: int, rules: TaiwanRules) -> tuple[Coefficient, ...]:
    table = TABLES[table_name(players, rules)]
    printed = tuple(
        Coefficient(f"{kind}_{row}_{role}", amount, -BOUND, BOUND)
        for kind, roles in ROLES.items()
        for row in ROWS
        for role, amount in zip(roles, table[kind][row], strict=True)
    )
    fixed = tuple(
        Coefficient(f"{kind}_{FAILED}_{role}", 0, -BOUND, BOUND)
        for kind, roles in ROLES.items()
        for role in roles
    )
    return printed + fixed


def score(
    facts: HandFacts, rules: TaiwanRules, values: Mapping[str, int], level: int, margin: int
) -> tuple[tuple[int, ...], list[str]]:
    """Deltas and lines for a hand ``margin`` points over (≥ 0) or short (< 0) of its target."""
    name = table_name(facts.players, rules)
    kind = "dictator" if facts.alone else "standard"
    level_times = level if name == "hongkong" else 1
    base, over, short = (_row(values, kind, row) for row in ROWS)
    made = (level_times * base[0], level_times * base[1], level_times * base[2])
    deltas, lines = _table(facts, margin, _heads(name, kind, level), made, over, short)
    if margin < 0:
        deltas = _failed_fixed(facts, values, kind, deltas, lines)
    if name == "balanced" and rules.score_values:
        # A table's own numbers may break the balance: the line must not promise a zero sum.
        lines.append(_("four players, balanced table (house rule)"))
    elif name == "balanced":
        lines.append(_("four players, balanced table: every hand sums to zero (house rule)"))
    own = own_numbers_line(rules.score_values)
    return deltas, lines + ([own] if own else [])


def _row(values: Mapping[str, int], kind: str, row: str) -> Row:
    """(napoleon, secretary, each defender); a dictator has no secretary."""
    if kind == "dictator":
        return (values[f"dictator_{row}_napoleon"], 0, values[f"dictator_{row}_defender"])
    napoleon, secretary, defender = (values[f"standard_{row}_{role}"] for role in ROLES["standard"])
    return napoleon, secretary, defender


def _failed_fixed(
    facts: HandFacts,
    values: Mapping[str, int],
    kind: str,
    deltas: tuple[int, ...],
    lines: list[str],
) -> tuple[int, ...]:
    """A failed hand's fixed amounts, paid once to each seat (never × the level); at 0, as
    every printed table has them, nothing is added and no line is written."""
    fixed = _row(values, kind, FAILED)
    if not any(fixed):
        return deltas
    lines.append(share_line(_("a failed hand's fixed amount"), _shares(facts, *fixed)))
    return _add(deltas, deltas_for(facts, *fixed))


def _heads(name: str, kind: str, level: int) -> tuple[str, str]:
    failed = _("standard contract failed") if kind == "standard" else _("dictator contract failed")
    if name == "hongkong" and kind == "standard":
        made = _("standard contract made at level {level}").format(level=level)
    elif name == "hongkong":
        made = _("dictator contract made at level {level}").format(level=level)
    else:
        made = _("standard contract made") if kind == "standard" else _("dictator contract made")
    return made, failed


def _roles(alone: bool) -> tuple[str, ...]:
    n, s, d = _("napoleon"), _("secretary"), _("each defender")
    return (n, d) if alone else (n, s, d)


def _shares(
    facts: HandFacts, napoleon: int, secretary: int, defender: int
) -> list[tuple[str, int]]:
    """The share list for a line, leaving the secretary out when alone."""
    amounts = (napoleon, defender) if facts.alone else (napoleon, secretary, defender)
    return list(zip(_roles(facts.alone), amounts, strict=True))


def _add(a: tuple[int, ...], b: tuple[int, ...]) -> tuple[int, ...]:
    return tuple(x + y for x, y in zip(a, b, strict=True))


def _table(
    facts: HandFacts, margin: int, heads: tuple[str, str], made: Row, per_over: Row, per_short: Row
) -> tuple[tuple[int, ...], list[str]]:
    """Apply one row pair of a table: a base and a rate per card over, or per card short."""
    made_head, failed_head = heads
    if margin >= 0:
        deltas = deltas_for(facts, *made)
        lines = [share_line(made_head, _shares(facts, *made))]
        if margin:
            over = (margin * per_over[0], margin * per_over[1], margin * per_over[2])
            deltas = _add(deltas, deltas_for(facts, *over))
            head = _("{count} over the target").format(count=margin)
            lines.append(share_line(head, _shares(facts, *over)))
        return deltas, lines
    short = (-margin * per_short[0], -margin * per_short[1], -margin * per_short[2])
    head = _("{head}, {count} short").format(head=failed_head, count=-margin)
    return deltas_for(facts, *short), [share_line(head, _shares(facts, *short))]
