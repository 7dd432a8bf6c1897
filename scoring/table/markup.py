"""The hand form's controls as HTML, written here rather than in a template.

A template that loops over chips costs a node per attribute per chip: the table screen
rendered some 36,000 nodes for one form. Here each group of chips is one
``format_html_join``, escaped as a template would, and the page template places the
groups. Nothing here knows a game: the form and the variant supply the words and the
numbers (the result each contract needs, for table.js to start the result there).
"""

from collections import OrderedDict
from json import dumps
from threading import Lock

from django.utils.html import format_html, format_html_join
from django.utils.safestring import mark_safe
from django.utils.translation import get_language
from django.utils.translation import gettext as _

from scoring.models import Hand
from scoring.rules.bids import Bid
from scoring.rules.cards import NO_TRUMP, SUITS, suit_name
from scoring.table.form import DECLARER_SIDE, DEFENDERS, DISCARD, TAKEN

SUIT_CLASS = {s: f"suit-{s}" for s in SUITS}


def _checked(value, current) -> str:
    return " checked" if current is not None and str(value) == str(current) else ""


def chips(name, choices, current, extra=None, kind="radio"):
    """Radio chips: ``choices`` are (value, label, span class); ``extra`` maps a value to
    more attributes for its input (already escaped)."""
    extra = extra or {}
    return format_html_join(
        "",
        '<label class="chip"><input type="{}" name="{}" value="{}"{}{}><span{}>{}</span></label>',
        (
            (
                kind,
                name,
                value,
                mark_safe(_checked(value, current)),
                extra.get(value, ""),
                format_html(' class="{}"', css) if css else "",
                label,
            )
            for value, label, css in choices
        ),
    )


def fieldset(form, name, legend, body, css="chips"):
    """A group of chips under its legend, with the field's messages after it."""
    errors = form[name].errors if name in form.fields else None
    described = format_html(' aria-describedby="{}_error"', form[name].auto_id) if errors else ""
    return format_html(
        '<fieldset class="{}" id="f-{}"{}><legend>{}</legend>{}</fieldset>{}',
        css,
        name,
        described,
        legend,
        body,
        errors or "",
    )


class HandMarkup:
    """The controls of one bound or unbound ``HandForm``."""

    def __init__(self, form):
        self.form = form
        self.variant = form.variant
        self.rules = form.rules

    def value(self, name):
        return self.form[name].value() if name in self.form.fields else None

    # ---- who, and what contract --------------------------------------------------------

    def out(self):
        """Who sits this hand out, when more sit at the table than it deals in."""
        current = self.value("out")
        if current in (None, "", []):
            current = self.form.lineup.out or ()
        return out_chips(self.form.lineup, current, self.form["out"].errors)

    def declarer(self):
        form = self.form
        choices = [(s.number, s.name, "") for s in form.seats]
        body = chips("declarer", choices, self.value("declarer"))
        return fieldset(form, "declarer", self.variant.term("declarer_title"), body, "chips seats")

    def killed(self):
        """Six-player Mighty: the seat the declarer killed, which sits the hand out."""
        form = self.form
        if "killed" not in form.fields:
            return ""
        choices = [(s.number, s.name, "") for s in form.seats]
        body = chips("killed", choices, self.value("killed"))
        title = self.variant.term("sitting_out_title")
        return fieldset(form, "killed", title, body, "chips seats")

    def contract(self):
        if self.form.named_contracts:
            return self._calls()
        return self._level() + self._trump()

    def _needed(self, contract) -> str:
        return format_html(' data-needed="{}"', self.form.needed_for(contract))

    def _calls(self):
        form = self.form
        choices, extra = [], {}
        for value, label in form.fields["nap_bid"].choices:
            choices.append((value, label, ""))
            extra[value] = self._needed(self.variant.parse_contract(value, self.rules))
        body = chips("nap_bid", choices, self.value("nap_bid"), extra)
        title = _(self.variant.contract_title(self.rules))
        return fieldset(form, "nap_bid", title, body, "chips calls")

    def _level(self):
        form = self.form
        choices, extra = [], {}
        for value, label in form.fields["level"].choices:
            choices.append((value, label, ""))
            extra[value] = self._needed(Bid(value, None))
        body = chips("level", choices, self.value("level"), extra)
        return fieldset(form, "level", form.fields["level"].label, body, "chips levels")

    def _trump(self):
        form = self.form
        choices = [
            (t, _("NT") if t == NO_TRUMP else label, SUIT_CLASS.get(t, ""))
            for t, label in form.fields["trump"].choices
        ]
        body = chips("trump", choices, self.value("trump"))
        return fieldset(form, "trump", _("Trump"), body, "chips trumps")

    def partner(self):
        form = self.form
        if not self.variant.has_partner:
            return ""
        choices = [(value, label, "") for value, label in form.fields["partner"].choices]
        body = chips("partner", choices, self.value("partner"))
        return fieldset(form, "partner", self.variant.term("partner_prompt"), body, "chips seats")

    def called_card(self):
        form = self.form
        if not self.variant.has_partner:
            return ""
        suits = [
            (v, label, SUIT_CLASS.get(v, "")) for v, label in form.fields["called_suit"].choices
        ]
        suits.append(("", _("none"), ""))
        suit = self.value("called_suit") or ""
        ranks = [(v, label, "") for v, label in form.fields["called_rank"].choices]
        legend = format_html('{} <span class="muted">({})</span>', _("Called card"), _("optional"))
        body = format_html(
            '{}<div class="chips ranks" role="group" aria-label="{}">{}</div>',
            chips("called_suit", suits, suit),
            _("Rank of the called card"),
            chips("called_rank", ranks, self.value("called_rank")),
        )
        errors = format_html("{}{}", form["called_suit"].errors, form["called_rank"].errors)
        return format_html(
            '<fieldset class="chips called" id="f-called"><legend>{}</legend>{}</fieldset>{}',
            legend,
            body,
            errors,
        )

    # ---- the result ----------------------------------------------------------------------

    def result(self):
        """The result's chips (every possible total; table.js shows those near the
        contract's need first) and the switch to the card grid or tricks by player."""
        form = self.form
        most = form.fields["points"].max_value
        choices = [(n, str(n), "") for n in range(most + 1)]
        body = chips("points", choices, self.value("points"))
        more = format_html(
            '<button type="button" class="more" aria-expanded="false">{}</button>', _("other…")
        )
        body = format_html("{}{}{}", body, more, self._modes())
        return fieldset(form, "points", self.variant.term("result_title"), body, "chips result")

    def mode(self):
        mode = self.value("mode") or Hand.COUNT
        if mode == Hand.TRICKS and not self.variant.tricks_by_seat_matter:
            mode = Hand.COUNT
        if mode == Hand.CARDS and self.form.counts_tricks:
            mode = Hand.COUNT
        return mode

    def _modes(self):
        """Count, and the other way in: the card grid, or tricks by player where who took
        them matters. CSS shows the chip of the way not in use."""
        other = None
        if not self.form.counts_tricks:
            other = (Hand.CARDS, _("Card grid"))
        elif self.variant.tricks_by_seat_matter:
            other = (Hand.TRICKS, _("By player"))
        if other is None:
            return format_html('<input type="hidden" name="mode" value="{}">', Hand.COUNT)
        mode = self.mode()
        radios = format_html_join(
            "",
            '<label class="chip mode"><input type="radio" name="mode" value="{}" id="mode-{}"{}>'
            "<span>{}</span></label>",
            (
                (value, value, mark_safe(_checked(value, mode)), label)
                for value, label in ((Hand.COUNT, _("Quick count")), other)
            ),
        )
        # With table.js one button switches the way in, and keeps the focus as it does.
        toggle = format_html(
            '<button type="button" class="mode-toggle" data-mode="{}" aria-pressed="{}">{}</button>',
            other[0],
            "true" if mode == other[0] else "false",
            other[1],
        )
        return format_html("{}{}", radios, toggle)

    def toppled(self):
        if not self.variant.can_topple:
            return ""
        checked = " checked" if self.value("toppled") else ""
        return format_html(
            '<label class="chip topple"><input type="checkbox" name="toppled"{}>'
            "<span>{}</span></label>",
            mark_safe(checked),
            _("Toppled: trick 1 was 2-3-4-5-6 of one suit"),
        )

    def tricks(self):
        """Tricks by player: shown where who took them matters, or for a hand stored so."""
        form = self.form
        if not form.counts_tricks or not self.variant.tricks_by_seat_matter:
            return ""
        rows = format_html_join(
            "",
            '<div class="stepper"><label for="{}">{}</label>'
            '<button type="button" data-step="-1" aria-label="{}">−</button>'
            '<input type="number" name="{}" id="{}" value="{}" min="0" max="{}" inputmode="numeric">'
            '<button type="button" data-step="1" aria-label="{}">+</button></div>',
            (
                (
                    field.auto_id,
                    field.label,
                    _("one less"),
                    field.html_name,
                    field.auto_id,
                    field.value() if field.value() not in (None, "") else 0,
                    field.field.max_value,
                    _("one more"),
                )
                for field in form.tricks_fields()
            ),
        )
        return format_html(
            '<fieldset class="by-player" id="tricks"><legend>{}</legend>{}</fieldset>{}',
            _("Tricks taken by each player"),
            rows,
            form["tricks_0"].errors if "tricks_0" in form.fields else "",
        )

    # ---- the card grid, by one side ----------------------------------------------------

    def grid(self):
        """The point cards as tiles: the table taps one side's cards (and the discards);
        the rest went to the other side. Without JavaScript each tile is a select."""
        form = self.form
        if form.counts_tricks:
            return ""
        names = [_(name) for name in self.variant.side_names]
        entered = self.value("grid_side") or DEFENDERS
        sides = chips(
            "grid_side", [(DEFENDERS, names[1], ""), (DECLARER_SIDE, names[0], "")], entered
        )
        brush = format_html(
            '<button type="button" class="brush" aria-pressed="false">{}</button>', _("discarded")
        )
        discards_to = names[0] if self.variant.discards_to_declarer(self.rules) else names[1]
        hint = format_html(
            "{} {}",
            _("Tap the point cards of one side; every other point card went to the other side."),
            _("Discarded point cards count for: %(side)s.") % {"side": discards_to},
        )
        return format_html(
            '<div class="grid-section" id="grid" data-sin="{}" data-sdiscard="{}" data-snone="{}">'
            '<fieldset class="chips sides"><legend>{}</legend>{}{}</fieldset>'
            '<p class="muted">{}</p>{}{}</div>',
            _("tapped"),
            _("discarded"),
            _("not tapped"),
            _("Tap the cards of"),
            sides,
            brush,
            hint,
            self._tiles(),
            form["mode"].errors,
        )

    def _tiles(self):
        form = self.form
        options = ((TAKEN, _("taken")), (DISCARD, _("discarded")))
        by_suit = {suit: [] for suit in SUITS}
        for card in form.point_card_list():
            by_suit.setdefault(card.suit, []).append(card)
        rows = []
        for suit, cards in by_suit.items():
            tiles = format_html_join("", "{}", ((self._tile(c, options),) for c in cards))
            rows.append(
                format_html(
                    '<div class="tiles" role="group" aria-label="{}">{}</div>',
                    suit_name(suit),
                    tiles,
                )
            )
        return mark_safe("".join(rows))

    def _tile(self, card, options):
        name = f"card_{card.code}"
        current = self.value(name) or ""
        opts = format_html_join(
            "",
            '<option value="{}"{}>{}</option>',
            (
                (value, mark_safe(" selected" if value == current else ""), label)
                for value, label in (("", "—"), *options)
            ),
        )
        css = SUIT_CLASS.get(card.suit, "")
        # The select sits in its label (no id): fewer ids for htmx to settle on each Save.
        return format_html(
            '<div class="tile" data-card="{}"><label><span class="{}">{}</span>'
            '<select name="{}">{}</select></label>'
            '<button type="button" class="tt" aria-pressed="false"><span class="{}">{}</span>'
            "<small></small></button></div>",
            card.code,
            css,
            card.label,
            name,
            opts,
            css,
            card.label,
        )


def out_chips(lineup, current, errors=None):
    """The chips of who sits this hand out (none when everyone at the table plays): one
    tap changes the one sitting out; several are ticked when several sit out."""
    extras = lineup.extras
    if not extras:
        return ""
    chosen = {str(place) for place in current or ()}
    kind = "radio" if extras == 1 else "checkbox"
    body = format_html_join(
        "",
        '<label class="chip"><input type="{}" name="out" value="{}"{}><span>{}</span></label>',
        (
            (kind, p.number, mark_safe(" checked" if str(p.number) in chosen else ""), p.name)
            for p in lineup.places
        ),
    )
    legend = _("Sits this hand out") if extras == 1 else _("Sit this hand out")
    return format_html(
        '<fieldset class="chips seats out" id="f-out"><legend>{}</legend>{}</fieldset>{}',
        legend,
        body,
        errors or "",
    )


# ---- a fresh form's controls, kept --------------------------------------------------------

_PARTS = (
    "declarer",
    "killed",
    "contract",
    "partner",
    "result",
    "grid",
    "tricks",
    "toppled",
    "called_card",
)
_FRESH: OrderedDict = OrderedDict()
_FRESH_LOCK = Lock()
_FRESH_MOST = 128


class _Kept:
    """The controls of a fresh form, written once (see ``markup_for``)."""

    def __init__(self, markup):
        for part in _PARTS:
            setattr(self, part, getattr(markup, part)())


class _Fresh:
    """The kept controls, and who sits out: the rotation's choice, new each hand."""

    def __init__(self, kept, out):
        self.kept = kept
        self.out = out

    def __getattr__(self, name):
        return getattr(self.kept, name)


class FreshEntry:
    """A blank hand form as the page shows it: a new key and nothing entered. Its
    controls come from ``markup_for``, written once, so a table screen builds no form."""

    is_bound = False
    score = None
    version = mark_safe('<input type="hidden" name="version" id="id_version">')

    def __init__(self, session, key, lineup):
        self.session = session
        self.lineup = lineup
        self.key_value = key
        self.key = format_html('<input type="hidden" name="key" value="{}" id="id_key">', key)

    def non_field_errors(self):
        return ()


def markup_for(form, build=None):
    """The form's controls. Those of a fresh form (a ``FreshEntry``) depend only on the
    table (who sits at it, how many play) and the house rules and on the language, so
    they are written once per process and kept: the table screen and every Save's answer
    show one (only who sits out, the rotation's, is written each time). ``build`` makes
    the blank ``HandForm`` that writes them the first time."""
    if not isinstance(form, FreshEntry):
        return HandMarkup(form)
    session, lineup = form.session, form.lineup
    key = (
        session.pk,
        session.share_token,
        session.variant,
        dumps(session.options, sort_keys=True),
        tuple((p.player_id, p.name) for p in lineup.places),
        lineup.players,
        get_language(),
    )
    out = out_chips(lineup, lineup.out)
    with _FRESH_LOCK:
        kept = _FRESH.get(key)
        if kept is not None:
            _FRESH.move_to_end(key)
            return _Fresh(kept, out)
    kept = _Kept(HandMarkup(build(session)))
    with _FRESH_LOCK:
        _FRESH[key] = kept
        while len(_FRESH) > _FRESH_MOST:
            _FRESH.popitem(last=False)
    return _Fresh(kept, out)
