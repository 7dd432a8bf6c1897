"""The new-game form's house rules: a field per option (or per number of an object option),
grouped by what they change, and a table's own score numbers laid out as its score table.

The form keeps every variant's fields (the page shows the chosen game's); an empty field
keeps the game's default. The engine judges every value: the fields only read numbers
and choices, and an engine error lands on the field it names (``field_for_path``).
"""

from collections.abc import Mapping
from functools import lru_cache
from typing import TYPE_CHECKING, Any, TypeAlias, TypedDict

from django import forms
from django.utils.translation import get_language, gettext_lazy
from django.utils.translation import gettext as _

from scoring.rules import RulesError, Variant
from scoring.rules.options import OptionSpec
from scoring.rules.score_layout import Cell, Grid, grid
from scoring.words.groups import grouped
from scoring.words.labels import part_label, value_label

if TYPE_CHECKING:  # django-stubs' name for a lazy translation; nothing to import at run time
    from django_stubs_ext import StrOrPromise, StrPromise

SCORE_VALUES = "score_values"

# A form's fields, each with the name it has in the form.
NamedFields: TypeAlias = list[tuple[str, forms.Field]]


class OptionRow(TypedDict):
    """A house rule as the page shows it: its fields, and whether the table changed it."""

    name: str
    fields: list[forms.BoundField]
    changed: bool
    errors: bool


class HouseGroup(TypedDict):
    """The house rules of one concern, and how many of them the table changed."""

    code: str
    label: "StrPromise"
    rows: list[OptionRow]
    changed: int
    errors: bool


def option_field(code: str, name: str) -> str:
    return f"opt_{code}_{name}"


def part_field(code: str, name: str, part: str) -> str:
    return f"{option_field(code, name)}__{part}"


def option_form_fields(code: str, spec: OptionSpec) -> NamedFields:
    """Form fields for one house rule; "" keeps the game's default, which each field carries
    (``data-default``) so the page can count the changed rules as they are chosen."""
    fields = _fields_for(code, spec)
    if isinstance(spec.default, dict):
        return fields  # the default depends on the players: the page cannot tell alone
    parts = spec.default.as_json() if hasattr(spec.default, "as_json") else None
    for name, field in fields:
        default = parts[name.rpartition("__")[2]] if parts is not None else spec.default
        text = ("true" if default else "false") if isinstance(default, bool) else str(default)
        field.widget.attrs["data-default"] = text
    return fields


# The field names of each game's rules, found once: a page asks for them per rule, and
# building the fields to read their names cost the new-game page a tenth of its time.
_NAMES: dict[tuple[str, str], tuple[str, ...]] = {}


def option_field_names(code: str, spec: OptionSpec) -> tuple[str, ...]:
    key = (code, spec.name)
    if key not in _NAMES:
        _NAMES[key] = tuple(name for name, _field in _fields_for(code, spec))
    return _NAMES[key]


def _fields_for(code: str, spec: OptionSpec) -> NamedFields:
    name = option_field(code, spec.name)
    label, help_text = spec.label, gettext_lazy(spec.description)
    if spec.kind == "bool":
        # A select, not a checkbox: an unticked box could not say "keep the default".
        select = forms.TypedChoiceField(
            label=label,
            help_text=help_text,
            required=False,
            choices=[
                ("", gettext_lazy("default")),
                ("true", gettext_lazy("on")),
                ("false", gettext_lazy("off")),
            ],
            coerce=lambda v: v == "true",
            empty_value=None,
        )
        return [(name, select)]
    if spec.kind == "int":
        assert spec.choices is not None  # a number's rule has its bounds: (low, high)
        low, high = spec.choices
        number = forms.IntegerField(
            label=label, help_text=help_text, required=False, min_value=low, max_value=high
        )
        number.widget.attrs["placeholder"] = str(spec.default)
        return [(name, number)]
    if spec.kind == "choice":
        assert spec.choices is not None  # a choice's rule has its values
        choices: list[tuple[str, StrOrPromise]] = [("", gettext_lazy("default"))]
        choices += [(c, value_label(spec.name, c)) for c in spec.choices]
        chosen = forms.ChoiceField(
            label=label, help_text=help_text, required=False, choices=choices
        )
        return [(name, chosen)]
    if spec.name == SCORE_VALUES:
        return []  # laid out as the score table (``score_value_fields``)
    return _object_fields(code, spec, label, help_text)


def _object_fields(code: str, spec: OptionSpec, label: str, help_text: "StrPromise") -> NamedFields:
    """An object option: one whole-number field per key. Its bounds are the engine's (the
    trump change cost 0…8, a deal-miss count −4…4): it judges the value, so a field
    never refuses a number the engine takes."""
    bounds = getattr(spec.default, "bounds", {})
    fields: NamedFields = []
    for key, default in spec.default.as_json().items():
        field = forms.IntegerField(label=part_label(label, spec.name, key), required=False)
        field.widget.attrs["placeholder"] = str(default)
        if key in bounds:  # shown to the phone's keypad and the reader, judged by the engine
            low, high = bounds[key]
            field.widget.attrs.update(min=low, max=high)
            field.label = _("{label} ({low} to {high})").format(
                label=field.label, low=low, high=high
            )
        field.help_text = help_text if not fields else ""
        fields.append((part_field(code, spec.name, key), field))
    return fields


def score_names(variant: Variant[Any]) -> dict[str, str]:
    """Every number of every score table the variant may make active (the house rule that
    picks the table, at every player count), each with its words in the laid-out table:
    one field each; the page shows the active table's."""
    return dict(_score_names(variant, get_language()))


# The names follow from the variant and the language alone, and laying out every table at
# every player count cost the new-game page a fifth of its time, twice per game.
@lru_cache(maxsize=64)
def _score_names(variant: Variant[Any], _language: str) -> dict[str, str]:
    option = variant.score_table_option
    spec = variant.Rules.spec(option) if option else None
    picks: list[str | None] = (
        [None] if spec is None or spec.kind != "choice" else list(spec.choices or ())
    )
    names: dict[str, str] = {}
    for players in variant.players:
        for pick in picks:
            try:
                rules = variant.rules({option: pick} if pick else {}, players)
            except RulesError:
                continue
            table = grid(variant, players, rules)
            labels = {c.name: c.label for c in table.cells} if table else {}
            for c in variant.score_coefficients(players, rules):
                names.setdefault(c.name, labels.get(c.name, c.name))
    return names


def score_value_fields(variant: Variant[Any]) -> NamedFields:
    title = _("Score table")
    out: NamedFields = []
    for name, words in score_names(variant).items():
        field = forms.IntegerField(label=f"{title}: {words}", required=False)
        out.append((part_field(variant.code, SCORE_VALUES, name), field))
    return out


def option_value(data: Mapping[str, Any], code: str, spec: OptionSpec) -> object:
    """The JSON value a field (or an object option's fields) gives the engine, or None.
    ``data``: a form's cleaned data, whatever each field made of what was typed."""
    if spec.kind != "object":
        return data.get(option_field(code, spec.name))
    if spec.name == SCORE_VALUES:
        prefix = part_field(code, SCORE_VALUES, "")
        value = {k[len(prefix) :]: v for k, v in data.items() if k.startswith(prefix)}
    else:
        value = {k: data.get(part_field(code, spec.name, k)) for k in spec.default.as_json()}
    return {k: v for k, v in value.items() if v is not None} or None


def field_for_path(code: str, path: str | None) -> str | None:
    """The form field an engine error names: ``options.deal_miss_values.max`` →
    ``opt_mighty_deal_miss_values__max``."""
    if not path or not path.startswith("options."):
        return None
    name, _dot, part = path[len("options.") :].partition(".")
    return part_field(code, name, part) if part else option_field(code, name)


# ---- what the page shows -----------------------------------------------------------------


def seat_count(form: forms.Form, variant: Variant[Any]) -> int:
    """The players typed so far, if the game seats that many; else its usual table."""
    text = form["players"].value() or ""
    count = len([line for line in str(text).splitlines() if line.strip()])
    if variant.can_seat(count):
        return count
    typical = variant.typical_players
    return typical if variant.can_seat(typical) else variant.players[0]


def _differs(spec: OptionSpec, raw: object, default: object) -> bool:
    """Whether a field's text changes the rule (a value equal to the default does not)."""
    if raw in (None, ""):
        return False
    text = str(raw).strip().lower()
    if spec.kind == "bool" or isinstance(default, bool):
        return text != ("true" if default else "false")
    return text != str(default).lower()


def option_rows(form: forms.Form, variant: Variant[Any], players: int) -> list[OptionRow]:
    """Each house rule's fields, with whether the table changed it."""
    rows: list[OptionRow] = []
    for spec in variant.Rules.specs():
        if spec.name == SCORE_VALUES:
            continue
        default = spec.default_for(players)
        defaults = default.as_json() if hasattr(default, "as_json") else None
        fields: list[forms.BoundField] = []
        changed = False
        for name in option_field_names(variant.code, spec):
            bound = form[name]
            # An object option's part has its own default; any other, the option's.
            current = defaults[name.rpartition("__")[2]] if defaults is not None else default
            changed |= _differs(spec, bound.value(), current)
            fields.append(bound)
        errors = any(f.errors for f in fields) if form.is_bound else False
        rows.append({"name": spec.name, "fields": fields, "changed": changed, "errors": errors})
    return rows


def house_groups(form: forms.Form, variant: Variant[Any], players: int) -> list[HouseGroup]:
    """The rules by concern, each with its count of changed rules; open where one has an error."""
    out: list[HouseGroup] = []
    # scoring.words is not annotated yet: grouped gives (code, label, rows) per concern.
    concerns: list[tuple[str, StrPromise, list[OptionRow]]]
    found = option_rows(form, variant, players)
    concerns = grouped(found, lambda r: r["name"])
    for code, label, rows in concerns:
        out.append(
            {
                "code": code,
                "label": label,
                "rows": rows,
                "changed": sum(r["changed"] for r in rows),
                "errors": any(r["errors"] for r in rows),
            }
        )
    return out


def entered_score_values(form: forms.Form, variant: Variant[Any]) -> dict[str, int]:
    """The table's own numbers typed (or kept from the league's last game) for a game."""
    out: dict[str, int] = {}
    for name in score_names(variant):
        raw = form[part_field(variant.code, SCORE_VALUES, name)].value()
        try:
            out[name] = int(str(raw).strip())
        except (TypeError, ValueError):
            continue
    return out


def score_grid(
    form: forms.Form, variant: Variant[Any], players: int
) -> tuple[Grid | None, set[str]]:
    """The active score table for the house rules chosen so far, with the numbers typed;
    rules that do not hold yet fall back to the game's defaults (the form says why on Start)."""
    raw: dict[str, object] = {}
    for spec in variant.Rules.specs():
        if spec.name == SCORE_VALUES:
            continue
        value = _typed(form, variant.code, spec)
        if value is not None:
            raw[spec.name] = value
    own = entered_score_values(form, variant)
    for attempt in ({**raw, SCORE_VALUES: own}, raw, {}):
        try:
            rules = variant.rules(attempt, players)
        except RulesError:
            continue
        table = grid(variant, players, rules)
        return table, {c.name for c in table.cells} if table else set()
    return None, set()


def _typed(form: forms.Form, code: str, spec: OptionSpec) -> object:
    """A field's value as the engine reads it, from the text (the form may not be valid)."""
    fields = [(name, form.fields[name]) for name in option_field_names(code, spec)]
    if spec.kind != "object":
        name, field = fields[0]
        try:
            value = field.clean(form[name].value())
        except forms.ValidationError:
            return None
        return None if value == "" else value
    parts: dict[str, object] = {}
    for name, field in fields:
        try:
            value = field.clean(form[name].value())
        except forms.ValidationError:
            continue
        if value is not None:
            parts[name.rpartition("__")[2]] = value
    return parts or None


def grid_view(form: forms.Form, variant: Variant[Any], players: int) -> dict[str, object] | None:
    """The score table to draw: each cell with its bound field (what was typed is kept)."""
    table, _names = score_grid(form, variant, players)
    if table is None:
        return None

    def bound(cell: Cell | None) -> dict[str, object] | None:
        if cell is None:
            return None
        return {"cell": cell, "field": form[part_field(variant.code, SCORE_VALUES, cell.name)]}

    rows = [{"row": row, "cells": [bound(c) for c in row.cells]} for row in table.rows]
    return {"grid": table, "rows": rows, "singles": [bound(c) for c in table.singles]}
