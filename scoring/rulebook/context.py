"""Which house rules a rules page is written for, and everything its templates need.

A page shows the defaults, or the house rules of a session the reader belongs
to (``?session=<pk>``), with any ``?o.<name>=<value>`` options on top. Options
that do not exist or do not validate are ignored, each with a note that says why.
"""

import json
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import urlencode

from django.http import HttpRequest
from django.utils.formats import date_format
from django.utils.translation import gettext as _

from scoring import query, rulings
from scoring.models import GameSession
from scoring.rulebook import facts
from scoring.rules.errors import RulesError
from scoring.rules.options import OptionSpec, TableRules
from scoring.rules.score_layout import Grid, grid
from scoring.rules.variants.base import Variant
from scoring.table.lineup import players_count
from scoring.words import lists
from scoring.words.explain import explained
from scoring.words.labels import option_title, own_numbers_label, value_label

PREFIX = "o."
_TRUE, _FALSE = {"true", "1", "on", "yes"}, {"false", "0", "off", "no"}
_SHOWN = 40  # characters of a bad query value quoted back in a note
MAX_OPTIONS = 40  # o. parameters read from one query; a variant has at most 13 options


@dataclass
class Chosen:
    """The house rules a page is written for and where they came from."""

    raw: dict[str, Any] = field(default_factory=dict)  # option name → engine value
    query: dict[str, str] = field(default_factory=dict)  # name → the o. text accepted
    players: int | None = None
    session: GameSession | None = None
    elsewhere: GameSession | None = None  # the reader's session, but of another variant
    notes: list[str] = field(default_factory=list)
    pairs: list[tuple[str, str]] = field(default_factory=list)  # the query kept for links


def choose(request: HttpRequest, variant: Variant[Any]) -> Chosen:
    chosen = Chosen()
    _from_session(request, variant, chosen)
    _from_players(request, variant, chosen)
    _from_query(request, variant, chosen)
    if chosen.session is not None:
        chosen.pairs.append(("session", str(chosen.session.pk)))
    elif chosen.players is not None:
        chosen.pairs.append(("players", str(chosen.players)))
    chosen.pairs += [(PREFIX + name, text) for name, text in chosen.query.items()]
    return chosen


def _from_session(request: HttpRequest, variant: Variant[Any], chosen: Chosen) -> None:
    pk = query.object_id(request.GET.get("session"))
    if pk is None:
        return
    session = GameSession.objects.select_related("league").filter(pk=pk).first()
    if session is None or session.league.role_of(request.user) is None:
        return  # not the reader's: ignored without a word, so nothing leaks
    if session.variant != variant.code:
        chosen.elsewhere = session
        return
    players = players_count(session)
    try:
        variant.rules(session.options, players)
    except RulesError:
        chosen.notes.append(_("The house rules stored with that session could not be read."))
        return
    chosen.session = session
    chosen.players = players
    chosen.raw = {
        name: variant.Rules.spec(name).coerce(value)
        for name, value in session.options.items()
        if variant.Rules.spec(name) is not None
    }


def _from_players(request: HttpRequest, variant: Variant[Any], chosen: Chosen) -> None:
    text = request.GET.get("players")
    if text is None or chosen.session is not None:
        return
    count = query.whole(text, 1, 99)
    if count is not None and variant.can_seat(count):
        chosen.players = count
    else:
        counts = either(sorted(variant.players))
        chosen.notes.append(
            _("Ignored players={value}: this game is played by {counts} players.").format(
                value=text[:_SHOWN], counts=counts
            )
        )


def _from_query(request: HttpRequest, variant: Variant[Any], chosen: Chosen) -> None:
    values: dict[str, object] = {}
    texts: dict[str, str | None] = {}  # None: given by its parts
    parts: dict[str, dict[str, object]] = {}
    keys = [key for key in request.GET if key.startswith(PREFIX)]
    for key in keys[:MAX_OPTIONS]:
        text = request.GET.get(key, "")
        name, _dot, sub = key[len(PREFIX) :].partition(".")
        spec = variant.Rules.spec(name)
        if spec is None:
            chosen.notes.append(
                _("Ignored {key}: {variant} has no house rule called {name}.").format(
                    key=key[:_SHOWN], variant=_(variant.name), name=name[:_SHOWN]
                )
            )
            continue
        if sub and spec.kind != "object":
            chosen.notes.append(_single_value(key, name))
            continue
        if sub:
            parts.setdefault(name, {})[sub] = _as_number(text)
            texts[name] = None
            continue
        values[name] = _from_text(spec, text)
        texts[name] = text
    players = chosen.players or variant.players[0]
    for name, given in parts.items():
        if name not in values:
            current = chosen.raw.get(name, variant.Rules.spec(name).default_for(players))
            values[name] = {**_parts_of(current), **given}
    for name, value in values.items():
        spec = variant.Rules.spec(name)
        try:
            coerced = spec.coerce(value)
            variant.rules({**chosen.raw, name: coerced}, players)
        except RulesError as error:
            shown = texts[name] if texts[name] is not None else json.dumps(value)
            chosen.notes.append(
                _("Ignored {key}={value}: {why}").format(
                    key=PREFIX + name, value=str(shown)[:_SHOWN], why=error.render(rulings.PAGE)
                )
            )
            continue
        chosen.raw[name] = coerced
        chosen.query[name] = _to_text(coerced)


def _single_value(key: str, name: str) -> str:
    """The note for ``o.<name>.<part>`` where the rule is one value, not numbers by name
    (Taiwan's discards shown is on or off, whatever its default at each player count)."""
    return _("Ignored {key}: {rule} is set as a whole, with {name}=…").format(
        key=key[:_SHOWN], rule=option_title(name), name=PREFIX + name
    )


def _parts_of(value: object) -> dict[str, Any]:
    """An object rule's value as its named numbers, for ``o.<name>.<part>`` to change one."""
    if hasattr(value, "as_json"):
        parts: dict[str, Any] = value.as_json()
        return parts
    return dict(value) if isinstance(value, dict) else {}


def _as_number(text: str) -> int | str:
    number = query.whole(text.strip(), -9999, 9999)
    return text if number is None else number


def _from_text(spec: OptionSpec, text: str) -> object:
    """A query string as the JSON value the option takes (validation comes after)."""
    lowered = text.strip().lower()
    if spec.kind == "bool":
        return True if lowered in _TRUE else False if lowered in _FALSE else text
    if spec.kind == "int":
        return _as_number(text)
    if spec.kind == "object":
        try:
            return json.loads(text)
        except (ValueError, RecursionError):  # RecursionError: brackets nested past any rule
            return text
    return text.strip()


def _to_text(value: object) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if hasattr(value, "as_json"):
        return json.dumps(value.as_json(), separators=(",", ":"))
    return str(value)


# ---- the house rules section --------------------------------------------------------


@dataclass
class ChoiceLink:
    label: str
    href: str
    current: bool
    default: bool


@dataclass
class HouseRule:
    name: str
    title: str
    description: str
    kind: str
    value: object
    value_label: str
    default_label: str
    changed: bool
    choices: list[ChoiceLink]
    low: int | None = None
    high: int | None = None
    hidden: list[tuple[str, str]] = field(default_factory=list)  # other params, for the forms
    idle: str = ""  # why it changes nothing under the other rules chosen
    explained: str = ""  # what the value in force means at the table (explain.EXPLAINED)
    grid: Grid | None = None  # score_values: the active score table laid out, with its numbers


def house_rules(variant: Variant[Any], rules: TableRules, chosen: Chosen) -> list[HouseRule]:
    counts = [chosen.players] if chosen.players else list(variant.players)
    idle = variant.idle_options(rules, chosen.players)
    out = []
    for spec in variant.Rules.specs():
        name = spec.name
        value = getattr(rules, name)
        by_count = isinstance(spec.default, dict)
        if by_count:
            changed = name in chosen.raw and any(value != spec.default_for(n) for n in counts)
        else:
            changed = value != spec.default
        if by_count and name not in chosen.raw and chosen.players is None:
            shown = _per_count(name, spec, counts)
        else:
            shown = value_label(name, value)
        default = _per_count(name, spec, counts) if by_count else value_label(name, spec.default)
        others = [(k, v) for k, v in chosen.pairs if k != PREFIX + name]
        rule = HouseRule(
            name=name,
            title=option_title(name),
            description=_(spec.description),
            kind=spec.kind,
            value=value.as_json() if hasattr(value, "as_json") else value,
            value_label=shown,
            default_label=default,
            changed=changed,
            choices=[],
            hidden=others,
            idle=idle.get(name, ""),
            explained=explained(name, value),
        )
        if spec.kind in ("bool", "choice"):
            options = (True, False) if spec.kind == "bool" else spec.choices
            for option in options:
                query = urlencode([*others, (PREFIX + name, _to_text(option))])
                rule.choices.append(
                    ChoiceLink(
                        label=value_label(name, option),
                        href=f"?{query}#opt-{name}",
                        current=option == value
                        and not (by_count and name not in chosen.raw and chosen.players is None),
                        default=not by_count and option == spec.default,
                    )
                )
        elif spec.kind == "int":
            rule.low, rule.high = spec.choices
        out.append(rule)
    return out


def either(numbers: Iterable[int]) -> str:
    """``4``, ``5 or 6``, ``4, 5 or 6``."""
    return lists.either(numbers)


def _per_count(name: str, spec: OptionSpec, counts: Iterable[int]) -> str:
    groups: dict[object, list[int]] = {}
    for n in counts:
        groups.setdefault(spec.default_for(n), []).append(n)
    return " · ".join(
        _("{value} with {counts} players").format(value=value_label(name, value), counts=either(ns))
        for value, ns in groups.items()
    )


# ---- everything a variant's template needs -------------------------------------------


def page_context(variant: Variant[Any], chosen: Chosen | None = None) -> dict[str, Any]:
    """What every rules page shares; a page's own tables come from its template's tags."""
    chosen = chosen or Chosen()
    rows = facts.deal_rows(variant, chosen.raw)
    players = chosen.players or example_players(variant)
    if players not in [r.players for r in rows]:
        players = rows[0].players  # the house rules chosen do not fit the usual table
    rules = variant.rules(chosen.raw, players)
    house = house_rules(variant, rules, chosen)
    _lay_out_own_numbers(house, variant, rules, players)
    return {
        "variant": variant,
        "code": variant.code,
        "rules": rules,
        "players": chosen.players,
        "example_players": players,
        "deal": rows,
        "deal_for_table": [r for r in rows if chosen.players in (None, r.players)],
        "same_deck": len({r.deck for r in rows}) == 1,
        # The deck at the usual count: the Mighty's four-player deck is smaller.
        "deck_size": next((r.deck for r in rows if r.players == players), rows[0].deck),
        "points_total": facts.point_count(variant, rules, players),
        "ladder": facts.ladder_facts(variant, rules),
        "house": house,
        "changed": {h.name for h in house if h.changed},
        # The score table's numbers in force (a table's own where it set them), for the
        # sentences that quote them, and the own ones named as the laid-out table names them.
        "numbers": dict(variant.coefficients(players, rules)),
        "own_numbers": own_numbers_label(variant, players, rules) if rules.score_values else "",
    }


def _lay_out_own_numbers(
    house: list[HouseRule], variant: Variant[Any], rules: TableRules, players: int
) -> None:
    """The table's own numbers as the score table they change, each named in its lists."""
    for rule in house:
        if rule.name != "score_values":
            continue
        rule.grid = grid(variant, players, rules)
        if rule.grid is not None and rule.grid.changed:
            rule.value_label = own_numbers_label(variant, players, rules)


def example_players(variant: Variant[Any]) -> int:
    typical = variant.typical_players
    return typical if variant.can_seat(typical) else variant.players[0]


def session_label(session: GameSession) -> str:
    return _("{league} · {date}").format(
        league=session.league.name, date=date_format(session.date, "DATE_FORMAT")
    )
