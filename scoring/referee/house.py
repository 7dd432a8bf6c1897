"""House rules in a referee query: ``o.<name>`` values, the API's ``options``, the panel's fields."""

import re
from collections.abc import Mapping
from typing import Any

from django.utils.translation import gettext as _

from scoring.rules.errors import RulesError
from scoring.rules.options import OptionSpec
from scoring.rules.variants.base import Variant
from scoring.words.explain import explained
from scoring.words.labels import option_title, part_name, value_label

WHOLE = re.compile(r"-?[0-9]{1,6}")  # ASCII digits only, as scoring.query reads them
# A number of an object option (a score table's, a count's) as typed, of any length: the
# engine then says whether it is within bounds (six digits would call 1000000 "not a
# whole number").
PART = re.compile(r"[+-]?[0-9]{1,30}")
TRUE_WORDS = ("1", "true", "yes", "on")
FALSE_WORDS = ("0", "false", "no", "off")


def encode_options(options: Mapping[str, object]) -> dict[str, str]:
    """A JSON object of house rules (as a session stores it) → ``o.`` query values."""
    encoded: dict[str, str] = {}
    for name, value in options.items():
        if isinstance(value, dict):
            for sub, item in value.items():
                encoded[f"{name}.{sub}"] = str(item)
        elif isinstance(value, bool):
            encoded[name] = "1" if value else "0"
        else:
            encoded[name] = str(value)
    return encoded


def _json_value(spec: OptionSpec | None, text: str) -> object:
    if spec is None:
        return text
    if spec.kind == "bool":
        lower = text.lower()
        if lower in TRUE_WORDS:
            return True
        if lower in FALSE_WORDS:
            return False
        return text
    if spec.kind == "int":
        return int(text) if WHOLE.fullmatch(text) else text
    if spec.kind == "object":
        return int(text) if PART.fullmatch(text) else text
    return text


def options_to_json(variant: Variant[Any], options: dict[str, str]) -> dict[str, Any]:
    """Query values of house rules → the ``options`` object of an API body."""
    result: dict[str, Any] = {}
    for name, text in options.items():
        base, dot, sub = name.partition(".")
        spec = variant.Rules.spec(base)
        if spec is not None and spec.kind == "object" and dot:
            current = result.get(base)
            if not isinstance(current, dict):
                current = result[base] = {}
            current[sub] = _json_value(spec, text)
        elif spec is not None and not dot:
            result[base] = _json_value(spec, text)
        else:
            result[name] = text  # not a house rule of this game: the engine says so
    return result


def _text_of(value: object) -> str:
    if isinstance(value, bool):
        return "1" if value else "0"
    return str(value)


def canonical_options(
    variant: Variant[Any] | None, options: dict[str, str], players: int | None
) -> list[tuple[str, str]]:
    """House rules as the permalink writes them: defaults left out, in the variant's order."""
    if not options:
        return []
    if variant is None:
        return sorted(options.items())
    order = [spec.name for spec in variant.Rules.api_specs()]
    values = options_to_json(variant, options)
    kept: list[tuple[str, str]] = []
    for name, value in values.items():
        spec = variant.Rules.spec(name)
        if spec is None:
            kept.append((name, options[name]))
            continue
        try:
            coerced = spec.coerce(value)
        except (RulesError, TypeError):
            coerced = None
        if spec.kind == "object":
            if coerced is not None and players is not None:
                default = spec.default_for(players)
                if coerced == default:
                    continue
            for sub in value if isinstance(value, dict) else ():
                item = value[sub]
                kept.append((f"{name}.{sub}", _text_of(item)))
            if not isinstance(value, dict):
                kept.append((name, options[name]))
            continue
        if coerced is None:
            kept.append((name, options[name]))
            continue
        if players is not None and coerced == spec.default_for(players):
            continue
        kept.append((name, _text_of(coerced)))

    def position(item: tuple[str, str]) -> tuple[int, str]:
        base = item[0].split(".")[0]
        return (order.index(base) if base in order else len(order), item[0])

    return sorted(kept, key=position)


def option_fields(
    variant: Variant[Any], options: dict[str, str], players: int, errors: dict[str, str]
) -> list[dict[str, Any]]:
    """Each house rule of the variant as the page draws it: chips, a number, or two numbers.
    The rulings' rules only: what a table keeps for itself (a deal-miss penalty) rules on nothing."""
    given = options_to_json(variant, options)
    fields = []
    for spec in variant.Rules.api_specs():
        default = spec.default_for(players)
        try:
            value = spec.coerce(given[spec.name]) if spec.name in given else default
        except (RulesError, TypeError):
            value = default
        field: dict[str, Any] = {
            "name": spec.name,
            "key": f"o.{spec.name}",
            "kind": spec.kind,
            "title": option_title(spec.name),
            "description": _(spec.description),
            "error": errors.get(f"o.{spec.name}"),
            "changed": spec.name in given and value != default,
            "explained": explained(spec.name, value),
        }
        field.update(_inputs(spec, value, options))
        if isinstance(spec.default, dict) and "choices" in field:
            _follow_the_count(field, explicit=spec.name in given)
        fields.append(field)
    return fields


def _follow_the_count(field: dict[str, Any], explicit: bool) -> None:
    """A rule whose default depends on the players (Taiwan's discards shown at 4) gets a
    "default" chip, checked unless the query chose a value: the page's form then sends no
    value, and a change of the player count keeps it at that count's default instead of
    carrying the old count's default over as a changed rule."""
    for choice in field["choices"]:
        choice["checked"] = explicit and choice["checked"]
    field["choices"].insert(0, {"value": "", "label": _("default"), "checked": not explicit})


def _inputs(spec: OptionSpec, value: Any, options: dict[str, str]) -> dict[str, object]:
    """What the page draws to set the option: chips (``choices``), a number, or ``parts``."""
    if spec.kind == "bool":
        return {
            "choices": [
                {"value": "1", "label": _("on"), "checked": value is True},
                {"value": "0", "label": _("off"), "checked": value is False},
            ]
        }
    if spec.kind == "choice" and spec.choices is not None:
        return {
            "choices": [
                {"value": c, "label": value_label(spec.name, c), "checked": value == c}
                for c in spec.choices
            ]
        }
    if spec.kind == "int" and spec.choices is not None:
        low, high = spec.choices
        return {"low": low, "high": high, "value": options.get(spec.name, str(value))}
    data = value.as_json() if hasattr(value, "as_json") else {}
    parts = [
        {
            "key": f"o.{spec.name}.{sub}",
            "label": part_name(spec.name, sub),
            "value": options.get(f"{spec.name}.{sub}", str(amount)),
        }
        for sub, amount in data.items()
    ]
    return {"parts": parts}
