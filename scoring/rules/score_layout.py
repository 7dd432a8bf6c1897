"""A score table as players read it: rows and columns of its named numbers.

``score_values`` lets a table replace any number of its active score table. To edit them
a page lays the table out as the rules page prints it, so each variant declares that
layout as data (``TableTerms.score_layout``): the columns (who receives an amount), the
rows (the cases), each cell a number's name, and the numbers outside the grid
(multipliers, a formula's base), each with its words. Words are marked with ``N_`` and
translated when the grid is built.

``grid`` fills a layout in for a player count and house rules: only the active table's
names, each with its default, its bounds and the value in force, and each cell's weight
in the sum of a typical hand (how many seats receive it), so a page can show at once
whether a row sums to zero.
"""

from dataclasses import dataclass, replace
from typing import Any

from scoring.rules.i18n import N_, NC_, _, pgettext

# Who receives a column's amount in a typical hand, counted among the live seats:
# the declarer; the partner (none when the declarer plays alone); the declarer's side
# (declarer and partner); each opponent; every seat; or nobody to count (``none``).
SEATS = ("declarer", "partner", "side", "opponent", "everyone", "none")

Term = str | tuple[str, str]


@dataclass(frozen=True)
class Row:
    label: Term  # N_ or NC_ marked: the case, as the rules page names it
    cells: tuple[str | None, ...]  # a number's name per column, None where nothing is paid
    alone: bool = False  # the declarer plays alone: no partner, one more opponent
    note: str = ""  # N_ marked: what the row's amounts are multiplied by, if anything


@dataclass(frozen=True)
class Single:
    name: str
    label: str  # N_ marked


@dataclass(frozen=True)
class Layout:
    rows: tuple[Row, ...]
    seats: tuple[str, ...]  # one of SEATS per column
    columns: tuple[Term, ...] = ()  # N_ marked; () reads the variant's roles
    singles: tuple[Single, ...] = ()
    # Names a rule leaves unused, the declarer taking the balance instead: the rows with
    # one of them sum to zero by construction (four-player Mighty).
    balance: tuple[str, ...] = ()
    # Whether a row is one hand whose amounts can be summed (its columns are who receives
    # them); Nap's columns are two outcomes, and its scoring decides the sum by itself.
    sums: bool = True

    def with_balance(self, names: tuple[str, ...]) -> "Layout":
        return replace(self, balance=names)


@dataclass(frozen=True)
class Cell:
    name: str
    label: str  # the row's and the column's words: "standard, made · napoleon"
    default: int  # under the other house rules chosen
    low: int
    high: int
    value: int  # in force: the table's own number, else the default
    weight: int  # seats that receive it in a typical hand (0: not summed)
    balance: bool = False  # unused: the declarer takes the balance

    @property
    def changed(self) -> bool:
        return self.value != self.default


@dataclass(frozen=True)
class GridRow:
    label: str
    note: str
    cells: tuple[Cell | None, ...]
    total: int  # the typical hand's sum with the values in force


@dataclass(frozen=True)
class Grid:
    columns: tuple[str, ...]
    rows: tuple[GridRow, ...]
    singles: tuple[Cell, ...]
    players: int
    live: int  # seats that play the hand (six-player Mighty: one sits out)
    sums: bool  # whether each row's total means something (see ``Layout.sums``)

    @property
    def cells(self) -> tuple[Cell, ...]:
        found = [c for row in self.rows for c in row.cells if c is not None]
        return (*found, *self.singles)

    @property
    def changed(self) -> tuple[Cell, ...]:
        return tuple(c for c in self.cells if c.changed)


def grid(variant: Any, players: int, rules: Any) -> Grid | None:
    """The variant's active score table laid out, or None when it declares no layout."""
    layout = variant.score_layout(players, rules)
    if layout is None:
        return None
    defaults = {c.name: c for c in variant.score_coefficients(players, rules)}
    values = variant.coefficients(players, rules)
    live = players - 1 if variant.needs_sitting_out(players) else players
    columns = tuple(_term(c) for c in layout.columns) or _role_columns(variant)

    def cell(name: str, label: str, seats: str | None = None, alone: bool = False) -> Cell | None:
        if name not in defaults:
            return None
        found = defaults[name]
        weight = 0 if seats is None else _seats(seats, alone, live)
        return Cell(
            name,
            label,
            found.default,
            found.low,
            found.high,
            values[name],
            weight,
            name in layout.balance,
        )

    rows = []
    for row in layout.rows:
        label = _term(row.label)
        balanced = any(name in layout.balance for name in row.cells if name)
        cells = tuple(
            cell(name, _("{row} · {column}").format(row=label, column=column), seats, row.alone)
            if name
            else None
            for name, column, seats in zip(row.cells, columns, layout.seats, strict=True)
        )
        cells = tuple(replace(c, weight=0) if c and balanced else c for c in cells)
        if any(cells):
            total = sum(c.value * c.weight for c in cells if c)
            rows.append(GridRow(label, _(row.note) if row.note else "", cells, total))
    singles = tuple(
        found for s in layout.singles if (found := cell(s.name, _(s.label))) is not None
    )
    return Grid(columns, tuple(rows), singles, players, live, layout.sums)


def _seats(kind: str, alone: bool, live: int) -> int:
    counts = {
        "declarer": 1,
        "partner": 0 if alone else 1,
        "side": 1 if alone else 2,
        "opponent": live - (1 if alone else 2),
        "everyone": live,
        "none": 0,
    }
    return counts[kind]


def _term(word: Term) -> str:
    return pgettext(*word) if isinstance(word, tuple) else _(word)


def _role_columns(variant: Any) -> tuple[str, ...]:
    declarer, partner, opponent = variant.role_words()
    return (declarer, partner, _("each {role}").format(role=opponent))


# ---- each game's table, as its rules page prints it ------------------------------------

_ROLES = ("declarer", "partner", "opponent")


def _taiwan_rows(made_note: str = "") -> tuple[Row, ...]:
    cases = (
        ("standard", "made", N_("standard, made")),
        ("standard", "over", N_("standard, each card over")),
        ("standard", "short", N_("standard, each card short")),
        ("standard", "failed", N_("standard, failed (once)")),
        ("dictator", "made", N_("dictator, made")),
        ("dictator", "over", N_("dictator, each card over")),
        ("dictator", "short", N_("dictator, each card short")),
        ("dictator", "failed", N_("dictator, failed (once)")),
    )
    rows = []
    for kind, case, label in cases:
        alone = kind == "dictator"
        roles = ("napoleon", None, "defender") if alone else ("napoleon", "secretary", "defender")
        cells = tuple(f"{kind}_{case}_{r}" if r else None for r in roles)
        rows.append(Row(label, cells, alone, made_note if case == "made" else ""))
    return tuple(rows)


TAIWAN = Layout(_taiwan_rows(), _ROLES)
HONG_KONG = Layout(_taiwan_rows(N_("× the level")), _ROLES)

JAPANESE_WINS = Layout(
    (
        Row(N_("made"), ("made_napoleon", "made_adjutant", "made_opponent")),
        Row(N_("failed"), ("failed_napoleon", "failed_adjutant", "failed_opponent")),
        # Each game names playing alone its own way (副官なし is Japanese Napoleon's).
        Row(
            NC_("Japanese", "alone, made"),
            ("alone_made_napoleon", None, "alone_made_opponent"),
            True,
        ),
        Row(
            NC_("Japanese", "alone, failed"),
            ("alone_failed_napoleon", None, "alone_failed_opponent"),
            True,
        ),
    ),
    _ROLES,
)
JAPANESE_CHIPS = Layout(
    tuple(
        Row(label, (f"{row}_napoleon", f"{row}_general", f"{row}_opponent"))
        for row, label in (
            ("made", N_("made")),
            ("failed", N_("failed")),
            ("siberian", N_("Siberian rule")),
            ("twenty_made", N_("a bid of 20, made")),
            ("twenty_failed", N_("a bid of 20, failed")),
        )
    ),
    _ROLES,
    singles=(
        Single(
            "alone_multiplier",
            N_("Playing alone: the napoleon's and each opponent's amounts are multiplied by"),
        ),
    ),
)

_MIGHTY_SINGLES = (
    Single("base", N_("Base: the points the formula takes away")),
    Single("bid_weight", N_("Weight of the bid over the base")),
    Single("run_multiplier", N_("A run multiplies by")),
    Single("back_run_multiplier", N_("A back run multiplies by")),
    Single("bid_20_multiplier", N_("A bid of 20 made multiplies by")),
    Single("no_trump_multiplier", N_("No trump multiplies by")),
    Single("alone_multiplier", N_("Playing alone multiplies by")),
)


def _mighty(note: str) -> Layout:
    return Layout(
        (
            Row(N_("with a friend"), ("declarer", "friend", "opponent"), note=note),
            Row(NC_("Mighty", "alone"), ("alone_declarer", None, "alone_opponent"), True, note),
        ),
        _ROLES,
        singles=_MIGHTY_SINGLES,
    )


MIGHTY_SEED = _mighty(N_("× the unit"))
MIGHTY_PAGAT = _mighty(N_("× the score S"))

THAI = Layout(
    (
        Row(N_("won or lost"), ("win", "loss", None)),
        Row(N_("a draw"), (None, None, "draw")),
    ),
    ("side", "opponent", "everyone"),
    (N_("each winner"), N_("each loser"), N_("every seat")),
)


_NAP_CALLS = (
    ("one", N_("one"), N_("only when the dealer must bid one")),
    ("two", N_("two"), ""),
    ("three", N_("three"), ""),
    ("misere", N_("misère"), ""),
    ("four", N_("four"), ""),
    ("nap", N_("nap"), ""),
    ("wellington", N_("Wellington"), ""),
    ("blucher", N_("Blücher"), ""),
)
# Nap's columns are the two outcomes, each a positive amount: with points the bidder
# alone scores a made call and every opponent a failed one, with stakes one side pays the
# other. ``nap_scoring`` decides whether a hand sums to zero, whatever the numbers.
NAP = Layout(
    tuple(
        Row(label, (f"{call}_made", f"{call}_failed"), True, note)
        for call, label, note in _NAP_CALLS
    ),
    ("none", "none"),
    (N_("made"), N_("failed")),
    (Single("garnet_failed_multiplier", N_("Sir Garnet failed: the nap failure times")),),
    sums=False,
)
