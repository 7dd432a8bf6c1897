"""A table's own score numbers (``score_values``) in the score tool's house-rules panel.

The panel draws the variant's active score table as the new-game page's "Edit the score
table" lays it out (``score_layout.grid``: the same rows, columns and words), each number
in a box prefilled with the number in force. A number equal to the table's default
changes nothing: it is left out of the permalink, the changed-rules count and the
engine's question (``kept_options``), so only a table's real changes read as
``o.score_values.<name>``.

Each box carries, hidden as ``sd.<name>``, the default it was drawn with. When another
rule changes the active table in the same submission (Taiwan's table to Hong Kong's, a
Mighty formula, Nap's payout, the player count), the boxes nobody touched still hold the
old table's defaults: they are recognised as such and dropped, instead of becoming the
table's own numbers under the new one.
"""

from collections.abc import Iterable
from typing import Any

from django.utils.translation import gettext as _

from scoring.referee.house import PART, options_to_json
from scoring.rules.errors import RulesError
from scoring.rules.options import TableRules
from scoring.rules.score_layout import Cell, grid
from scoring.rules.score_values import Coefficient, parse_score_values, resolve
from scoring.rules.variants.base import Variant
from scoring.table.house import score_names
from scoring.words.labels import option_title, part_name
from scoring.words.refusals import house_refusal

OPTION = "score_values"
PREFIX = OPTION + "."  # an own number in the house rules read from the query (o. taken off)
DRAWN = "sd."  # the default a box was drawn with: page state, never in the permalink


def number(text: str) -> int | None:
    return int(text) if PART.fullmatch(text) else None


def error_key(name: str) -> str:
    """The page's key for the message about one number: ``o.score_values.<name>``."""
    return f"o.{PREFIX}{name}"


def named(variant: Variant[Any], field: str) -> str:
    """``options.score_values.<name>`` as a page without the table names it: the rule, then
    the number's words in the laid-out table."""
    name = field.rpartition(".")[2]
    words = score_names(variant).get(name) or part_name(OPTION, name)
    return _("{option}: {part}").format(option=option_title(OPTION), part=words)


def split(options: dict[str, str]) -> tuple[dict[str, str], dict[str, str]]:
    """The other house rules, and the own numbers by name (as typed)."""
    others: dict[str, str] = {}
    numbers: dict[str, str] = {}
    for key, text in options.items():
        if key.startswith(PREFIX):
            numbers[key[len(PREFIX) :]] = text
        else:
            others[key] = text
    return others, numbers


def base_rules(variant: Variant[Any], players: int, others: dict[str, str]) -> TableRules | None:
    """The table's rules without its own numbers (they pick the active table), or None
    where the engine refuses them (it then says why beside them)."""
    try:
        rules: TableRules = variant.rules(options_to_json(variant, others), players)
        return rules
    except RulesError:
        return None


def kept_options(
    variant: Variant[Any], players: int, options: dict[str, str], drawn: dict[str, int]
) -> dict[str, str]:
    """The house rules without the own numbers that change nothing: one equal to the
    active table's default, or a box left as it was drawn (``drawn``, see above),
    including a box of a table that another rule has just put aside."""
    others, numbers = split(options)
    if not numbers:
        return options
    rules = base_rules(variant, players, others)
    defaults = None
    if rules is not None:
        defaults = {c.name: c.default for c in variant.score_coefficients(players, rules)}
    kept = dict(others)
    for name, text in numbers.items():
        value = number(text)
        if name in drawn and (
            value == drawn[name] or (defaults is not None and name not in defaults)
        ):
            continue
        if value is not None and defaults is not None and defaults.get(name) == value:
            continue
        kept[PREFIX + name] = text
    return kept


def judge(numbers: dict[str, str], coefficients: Iterable[Coefficient]) -> dict[str, str]:
    """Each number the engine refuses, with its refusal as a player reads it. Each is
    asked alone, so every wrong box says so at once (the table's rules stop at the first)."""
    refused: dict[str, str] = {}
    for name, text in numbers.items():
        value = number(text)
        try:
            resolve(parse_score_values({name: text if value is None else value}), coefficients)
        except RulesError as error:
            refused[name] = house_refusal(error)
    return refused


def panel(variant: Variant[Any], players: int, options: dict[str, str]) -> dict[str, Any] | None:
    """The active score table to edit: its rows of boxes, its single numbers, and any
    number the query gave that this table does not have (to be emptied), with messages."""
    others, numbers = split(options)
    rules = base_rules(variant, players, others) or variant.rules(None, players)
    refused = judge(numbers, variant.score_coefficients(players, rules))
    valid = {name: number(text) for name, text in numbers.items() if name not in refused}
    try:
        in_force = variant.rules({**rules.as_json(), OPTION: valid}, players)
    except RulesError:  # not expected: each number passed alone
        in_force = rules
    table = grid(variant, players, in_force)
    if table is None:
        return None

    def box(cell: Cell | None) -> dict[str, Any] | None:
        return None if cell is None else _box(cell.name, cell.label, cell, numbers, refused)

    rows: list[dict[str, Any]] = []
    for row in table.rows:
        cells = [box(cell) for cell in row.cells]
        rows.append({"row": row, "cells": cells, "refused": [c for c in cells if c and c["error"]]})
    names = {cell.name for cell in table.cells}
    words = score_names(variant)
    strays = [
        _box(name, words.get(name) or part_name(OPTION, name), None, numbers, refused)
        for name in numbers
        if name not in names
    ]
    return {
        "grid": table,
        "rows": rows,
        "singles": [box(cell) for cell in table.singles],
        "strays": strays,
        "span": 1 + len(table.columns) + (1 if table.sums else 0),
        "own": len(numbers),
        "refused": bool(refused),
    }


def _box(
    name: str, label: str, cell: Cell | None, numbers: dict[str, str], refused: dict[str, str]
) -> dict[str, Any]:
    key = f"o.{PREFIX}{name}"
    return {
        "cell": cell,
        "key": key,
        "id": f"id-{key}",
        "drawn": f"{DRAWN}{name}" if cell is not None else "",
        "label": label,
        "value": numbers.get(name, str(cell.value) if cell is not None else ""),
        "error": refused.get(name),
        # Under its row of the table, the message names the box it is about.
        "named_error": _("{place}: {problem}").format(place=label, problem=refused[name])
        if name in refused
        else "",
        "changed": name in numbers,
    }
