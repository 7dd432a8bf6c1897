"""The hand form's controls, as data for templates/scoring/hand_controls.html.

The form (``scoring.table.form.HandForm``) knows the fields, the choices and what was
entered; the variant knows the words. Here they become chip groups, the card grid's
tiles and the trick steppers that the template lays out. Nothing here writes HTML or
knows a game. A fresh form's controls depend only on the table and the language, so
``fresh_controls`` renders them once and keeps them in the cache every server shares.
"""

import hashlib
from collections import OrderedDict
from dataclasses import dataclass, field, replace
from json import dumps
from threading import Lock
from typing import Any, cast

from django.core.cache import cache
from django.forms import BoundField, ChoiceField
from django.forms.utils import ErrorList
from django.template.loader import render_to_string
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import get_language, pgettext
from django.utils.translation import gettext as _

from scoring.models import GameSession, Hand
from scoring.rules.bids import Bid
from scoring.rules.cards import NO_TRUMP, SUITS, Card, suit_name
from scoring.table.form import DECLARER_SIDE, DEFENDERS, DISCARD, TAKEN, HandForm, field_of
from scoring.table.lineup import Lineup
from scoring.table.page_cache import DRAWN_BY
from scoring.table.target_discards import FIELD as DISCARDS
from scoring.words.names import name_css

SUIT_CLASS = {s: f"suit-{s}" for s in SUITS}
TEMPLATE = "scoring/hand_controls.html"


@dataclass(frozen=True)
class Chip:
    value: object
    label: str
    css: str = ""
    checked: bool = False
    needed: int | None = None  # data-needed: the result a contract needs (table.js)
    id: str = ""


@dataclass(frozen=True)
class Group:
    """A fieldset of chips under its legend, with the field's messages after it."""

    name: str
    legend: str
    chips: list[Chip]
    css: str = "chips"
    kind: str = "radio"
    errors: ErrorList | None = None
    error_id: str = ""


@dataclass(frozen=True)
class Tile:
    code: str
    label: str
    css: str
    options: list[tuple[str, str, bool]]  # (value, label, selected)


@dataclass
class Controls:
    """Every control of one hand form, in the order the page shows them."""

    declarer: Group
    partner: Group | None = None
    killed: Group | None = None
    calls: Group | None = None
    level: Group | None = None
    trump: Group | None = None
    points: Group | None = None
    discards: Group | None = None  # the quick count's, where they raise the target
    modes: list[Chip] = field(default_factory=list)
    mode_toggle: Chip | None = None
    toppled: Chip | None = None
    tricks: list[BoundField] = field(default_factory=list)
    tricks_errors: ErrorList | None = None
    called_suits: Group | None = None
    called_ranks: Group | None = None
    called_errors: list[ErrorList] = field(default_factory=list)
    grid: "Grid | None" = None


@dataclass(frozen=True)
class Grid:
    sides: Group
    discards_to: str
    tiles: list[tuple[str, list[Tile]]]  # by suit: (suit's name, tiles)
    errors: ErrorList | None


def _checked(value: object, current: object) -> bool:
    return current is not None and str(value) == str(current)


def _group(form: HandForm, name: str, legend: str, chips: list[Chip], css: str) -> Group:
    errors = form[name].errors if name in form.fields else None
    error_id = f"{form[name].auto_id}_error" if errors else ""
    return Group(name, legend, chips, css, errors=errors, error_id=error_id)


def _value(form: HandForm, name: str) -> object:
    return form[name].value() if name in form.fields else None


def _seat_group(form: HandForm, name: str, legend: str) -> Group:
    current = _value(form, name)
    chips = [
        Chip(s.number, s.name, name_css(s.name), checked=_checked(s.number, current))
        for s in form.seats
    ]
    return _group(form, name, legend, chips, "chips seats")


def controls(form: HandForm) -> Controls:
    """The controls of a bound or unbound hand form."""
    variant = form.variant
    found = Controls(declarer=_seat_group(form, "declarer", variant.term("declarer_title")))
    if "killed" in form.fields:
        found.killed = _seat_group(form, "killed", variant.term("sitting_out_title"))
    _contract(form, found)
    if variant.has_partner:
        current = _value(form, "partner")
        chips = [
            Chip(v, label, name_css(label), checked=_checked(v, current))
            for v, label in _choices(form, "partner")
        ]
        found.partner = _group(
            form, "partner", variant.term("partner_prompt"), chips, "chips seats"
        )
        _called_card(form, found)
    _result(form, found)
    return found


def _choices(form: HandForm, name: str) -> list[tuple[Any, str]]:
    """The (value, label) pairs the form gave a field: a value of the field's own kind
    (a place, a count, a code). django-stubs types ``choices`` as anything a choices
    argument may be; the form set each as a flat list of pairs."""
    return list(cast(list[tuple[Any, str]], field_of(form, name, ChoiceField).choices))


def _contract(form: HandForm, found: Controls) -> None:
    variant, rules = form.variant, form.rules
    if form.named_contracts:
        current = _value(form, "nap_bid")
        chips = [
            Chip(
                v,
                label,
                checked=_checked(v, current),
                needed=form.needed_for(variant.parse_contract(v, rules)),
            )
            for v, label in _choices(form, "nap_bid")
        ]
        title = _(variant.contract_title(rules))
        found.calls = _group(form, "nap_bid", title, chips, "chips calls")
        return
    current = _value(form, "level")
    chips = [
        Chip(v, label, checked=_checked(v, current), needed=form.needed_for(Bid(v, None)))
        for v, label in _choices(form, "level")
    ]
    found.level = _group(form, "level", str(form.fields["level"].label), chips, "chips levels")
    current = _value(form, "trump")
    chips = [
        Chip(
            t, _("NT") if t == NO_TRUMP else label, SUIT_CLASS.get(str(t), ""), _checked(t, current)
        )
        for t, label in _choices(form, "trump")
    ]
    found.trump = _group(form, "trump", _("Trump"), chips, "chips trumps")


def _called_card(form: HandForm, found: Controls) -> None:
    suit = _value(form, "called_suit") or ""
    suits = [
        Chip(v, label, SUIT_CLASS.get(str(v), ""), _checked(v, suit))
        for v, label in _choices(form, "called_suit")
    ]
    suits.append(Chip("", pgettext("no suit", "none"), checked=suit == ""))
    rank = _value(form, "called_rank")
    ranks = [
        Chip(v, label, checked=_checked(v, rank)) for v, label in _choices(form, "called_rank")
    ]
    found.called_suits = Group("called_suit", _("Called card"), suits)
    found.called_ranks = Group("called_rank", _("Rank of the called card"), ranks)
    found.called_errors = [form["called_suit"].errors, form["called_rank"].errors]


def _result(form: HandForm, found: Controls) -> None:
    """Every possible total (table.js shows those near the contract's need first), the
    way in (count, the card grid or tricks by player), a topple, the card grid."""
    variant = form.variant
    most = form.result_most
    current = _value(form, "points")
    chips = [Chip(n, str(n), checked=_checked(n, current)) for n in range(most + 1)]
    found.points = _group(form, "points", variant.term("result_title"), chips, "chips result")
    _modes(form, found)
    if DISCARDS in form.fields:
        found.discards = _discards(form)
    if variant.can_topple:
        found.toppled = Chip(
            "on",
            _("Toppled: trick 1 was 2-3-4-5-6 of one suit"),
            checked=bool(_value(form, "toppled")),
        )
    if form.counts_tricks and variant.tricks_by_seat_matter:
        found.tricks = form.tricks_fields()
        found.tricks_errors = form["tricks_0"].errors if "tricks_0" in form.fields else None
    if not form.counts_tricks:
        found.grid = _grid(form)


def current_mode(form: HandForm) -> str:
    mode = str(_value(form, "mode") or Hand.COUNT)
    if mode == Hand.TRICKS and not form.variant.tricks_by_seat_matter:
        return Hand.COUNT
    if mode == Hand.CARDS and form.counts_tricks:
        return Hand.COUNT
    return mode


def _modes(form: HandForm, found: Controls) -> None:
    """Count, and the other way in where there is one; CSS shows the chip of the way
    not in use, and with table.js one button switches between them."""
    if not form.counts_tricks:
        other = (Hand.CARDS, _("Card grid"))
    elif form.variant.tricks_by_seat_matter:
        other = (Hand.TRICKS, _("By player"))
    else:
        return
    mode = current_mode(form)
    found.modes = [
        Chip(value, label, checked=value == mode, id=f"mode-{value}")
        for value, label in ((Hand.COUNT, _("Quick count")), other)
    ]
    found.mode_toggle = Chip(other[0], other[1], checked=mode == other[0])


def _grid(form: HandForm) -> Grid:
    """The point cards as tiles: the table taps one side's cards (and the discards);
    the rest went to the other side. Without JavaScript each tile is a select."""
    variant = form.variant
    names = [_(name) for name in variant.side_names]
    entered = _value(form, "grid_side") or DEFENDERS
    sides = [
        Chip(DEFENDERS, names[1], checked=entered == DEFENDERS),
        Chip(DECLARER_SIDE, names[0], checked=entered == DECLARER_SIDE),
    ]
    discards_to = names[0] if variant.discards_to_declarer(form.rules) else names[1]
    if variant.discards_raise_target(form.rules):
        discards_to = _("neither side (each one raises the target)")
    by_suit: dict[str, list[Tile]] = {suit: [] for suit in SUITS}
    for card in form.point_card_list():
        if card.suit is None:  # a joker's rank, 0, scores in no game
            raise ValueError(f"{card.code} is a joker, never a point card")
        by_suit.setdefault(card.suit, []).append(_tile(form, card))
    tiles = [(suit_name(suit), found) for suit, found in by_suit.items()]
    group = Group("grid_side", _("Tap the cards of"), sides, "chips sides")
    return Grid(group, discards_to, tiles, form["mode"].errors)


def _discards(form: HandForm) -> Group:
    """The point cards as tick boxes, for the napoleon's discards beside the quick count:
    none ticked is the common hand, and costs no tap."""
    posted = _value(form, DISCARDS)  # a list of codes, as posted or as stored
    ticked = {str(code) for code in posted} if isinstance(posted, list | tuple) else set()
    chips = [
        Chip(card.code, card.label, SUIT_CLASS.get(card.suit or "", ""), card.code in ticked)
        for card in form.point_card_list()
    ]
    group = _group(form, DISCARDS, str(form.fields[DISCARDS].label), chips, "chips discards")
    return replace(group, kind="checkbox")


def _tile(form: HandForm, card: Card) -> Tile:
    current = _value(form, f"card_{card.code}") or ""
    options = [
        (value, label, value == current)
        for value, label in (("", "—"), (TAKEN, _("taken")), (DISCARD, _("discarded")))
    ]
    return Tile(card.code, card.label, SUIT_CLASS.get(card.suit or "", ""), options)


def out_group(
    lineup: Lineup, current: object = None, errors: ErrorList | None = None
) -> Group | None:
    """Who sits this hand out (None when everyone at the table plays): one tap changes
    the one sitting out; several are ticked when several sit out."""
    extras = lineup.extras
    if not extras:
        return None
    posted = current if isinstance(current, list | tuple) else None  # a field's values
    chosen = {str(place) for place in (posted or lineup.out or ())}
    chips = [
        Chip(p.number, p.name, name_css(p.name), checked=str(p.number) in chosen)
        for p in lineup.places
    ]
    legend = _("Sits this hand out") if extras == 1 else _("Sit this hand out")
    kind = "radio" if extras == 1 else "checkbox"
    return Group("out", legend, chips, "chips seats out", kind, errors)


def render_controls(form: HandForm) -> SafeString:
    return render_to_string(TEMPLATE, {"c": controls(form)})


def fresh_controls(session: GameSession, lineup: Lineup) -> SafeString:
    """A blank form's controls, rendered once for its table and language and kept in the
    cache: every phone at the table and every Save's answer shows the same."""
    shape = [
        session.variant,
        session.options,
        [(p.player_id, p.name) for p in lineup.places],
        lineup.players,
        get_language(),
        DRAWN_BY,  # a new release writes them afresh
    ]
    key = "hand-controls:" + hashlib.sha256(dumps(shape, sort_keys=True).encode()).hexdigest()
    kept = _near.get(key)
    if kept is None:
        kept = cache.get(key)
        if kept is None:
            kept = str(render_controls(HandForm(session, lineup=lineup)))
            cache.set(key, kept, timeout=24 * 3600)
        _near.put(key, kept)
    # What the cache gives back is the text the template wrote, escaped as it wrote it.
    return mark_safe(kept)


class _Near:
    """The controls this process used last, in front of the shared cache: a table's
    controls never change under their key, so a copy here is never stale."""

    def __init__(self, most: int) -> None:
        self.most, self.kept, self.lock = most, OrderedDict[str, str](), Lock()

    def get(self, key: str) -> str | None:
        with self.lock:
            found = self.kept.get(key)
            if found is not None:
                self.kept.move_to_end(key)
            return found

    def put(self, key: str, value: str) -> None:
        with self.lock:
            self.kept[key] = value
            while len(self.kept) > self.most:
                self.kept.popitem(last=False)


_near = _Near(128)


def entry_context(
    session: GameSession, lineup: Lineup, form: HandForm | None, key: object
) -> dict[str, object]:
    """What templates/scoring/hand_fields.html shows: a blank entry with a new ``key``,
    or ``form`` as it was sent (its key, version, messages and choices kept)."""
    if form is None:
        return {
            "entry_key": key,
            "entry_version": "",
            "entry_errors": (),
            "out": out_group(lineup),
            "controls": fresh_controls(session, lineup),
        }
    return {
        "entry_key": form["key"].value(),
        "entry_version": form["version"].value() or "",
        "entry_errors": form.non_field_errors(),
        "out": out_group(form.lineup, _value(form, "out"), form["out"].errors),
        "controls": render_controls(form),
    }
