"""Forms: they read what a player tapped and let the engine judge it.

``HandForm`` is built for one session (its variant, seats and house rules): it
offers only the contracts the variant allows, and its ``clean`` asks the engine
to score the hand, so an entry that the rules refuse never validates.
"""

import datetime
import unicodedata

from django import forms
from django.contrib.auth.forms import UserCreationForm
from django.core.exceptions import ValidationError
from django.core.validators import MaxValueValidator
from django.utils.formats import date_format
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from scoring.models import VARIANT_CHOICES, Hand, League, Player
from scoring.names import clean_name, name_key
from scoring.query import FIRST_DATE, LAST_DATE
from scoring.rulebook.labels import part_label, value_label
from scoring.rules import HandFacts, RulesError, find_variant
from scoring.rules.bids import NAP_BIDS, Bid
from scoring.rules.cards import SUITS, SYMBOLS, parse_card

ALONE = "alone"
DISCARD = "discard"
RANKS = ["A", "K", "Q", "J", "10", "9", "8", "7", "6", "5", "4", "3", "2"]
TRICK_VARIANTS = ("thai", "nap")


class SignUpForm(UserCreationForm):
    pass


class LeagueForm(forms.ModelForm):
    class Meta:
        model = League
        fields = ["name", "default_variant"]

    def clean_name(self):
        return clean_name(self.cleaned_data["name"], League._meta.get_field("name").max_length)


class AddMemberForm(forms.Form):
    username = forms.CharField(label=gettext_lazy("Username"), max_length=150)

    def clean_username(self):
        # As Django stores usernames (NFKC), so a name typed another way still matches.
        return unicodedata.normalize("NFKC", self.cleaned_data["username"])


def _date_in_range(value):
    if not FIRST_DATE <= value <= LAST_DATE:
        raise ValidationError(
            _("Choose a date from %(first)s to %(last)s.")
            % {
                "first": date_format(FIRST_DATE, "DATE_FORMAT"),
                "last": date_format(LAST_DATE, "DATE_FORMAT"),
            }
        )


PLAYER_NAME_LENGTH = Player._meta.get_field("name").max_length


class SessionForm(forms.Form):
    """Start a game: the variant, the players in seat order, the house rules, the first dealer."""

    variant = forms.ChoiceField(label=gettext_lazy("Game"), choices=VARIANT_CHOICES)
    date = forms.DateField(
        label=gettext_lazy("Date"),
        initial=datetime.date.today,
        validators=[_date_in_range],
        widget=forms.DateInput(
            format="%Y-%m-%d",
            attrs={"type": "date", "min": FIRST_DATE.isoformat(), "max": LAST_DATE.isoformat()},
        ),
    )
    players = forms.CharField(
        label=gettext_lazy("Players, in seat order (clockwise)"),
        widget=forms.Textarea(attrs={"rows": 5}),
        help_text=gettext_lazy("One name per line. New names become new players of the league."),
    )
    first_dealer = forms.IntegerField(
        label=gettext_lazy("First dealer (seat number, from 1)"), min_value=1, initial=1
    )
    stake = forms.DecimalField(
        label=gettext_lazy("Stake per point (optional)"),
        required=False,
        min_value=0,
        max_digits=8,
        decimal_places=2,
    )

    def __init__(self, *args, league=None, **kwargs):
        super().__init__(*args, **kwargs)
        self.league = league
        for variant in (find_variant(code) for code, _label in VARIANT_CHOICES):
            for spec in variant.Rules.specs():
                for name, field in option_form_fields(variant.code, spec):
                    self.fields[name] = field

    def clean_players(self):
        names, problems = [], []
        for line in self.cleaned_data["players"].splitlines():
            try:
                name = clean_name(line, PLAYER_NAME_LENGTH)
            except ValidationError as problem:
                problems.extend(problem.messages)
                continue
            if name:
                names.append(name)
        if problems:
            raise ValidationError(problems)
        keys = [name_key(name) for name in names]
        if len(set(keys)) != len(keys):
            raise ValidationError(_("Each player can sit in only one seat."))
        return self._known_spelling(names)

    def _known_spelling(self, names: list[str]) -> list[str]:
        """A name the league knows, however its case was typed, is that player."""
        if self.league is None:
            return names
        known = {name_key(n): n for n in self.league.players.values_list("name", flat=True)}
        return [known.get(name_key(name), name) for name in names]

    def clean(self):
        data = super().clean()
        if "variant" not in data or "players" not in data:
            return data
        variant = find_variant(data["variant"])
        count = len(data["players"])
        if not variant.can_seat(count):
            self.add_error(
                "players",
                _("%(game)s is played by %(counts)s players, not %(count)d.")
                % {"game": _(variant.name), "counts": variant.player_counts, "count": count},
            )
            return data
        if "first_dealer" in data and data["first_dealer"] > count:
            self.add_error("first_dealer", _("There are only %(count)d seats.") % {"count": count})
        raw = {}
        for spec in variant.Rules.specs():
            value = _option_value(data, variant.code, spec)
            if value not in (None, ""):
                raw[spec.name] = value
        data["raw_options"] = raw
        try:
            data["rules"] = variant.rules(raw, count)
        except RulesError as error:
            self.add_error(None, error.message)
        return data

    def variant_choices(self):
        """Each game with its one-line description."""
        return [(code, label, _(find_variant(code).description)) for code, label in VARIANT_CHOICES]

    def option_groups(self):
        """Each variant's house-rule fields, for the template to show the chosen game's."""
        groups = []
        for code, label in VARIANT_CHOICES:
            variant = find_variant(code)
            fields = [
                self[name]
                for s in variant.Rules.specs()
                for name, _f in option_form_fields(code, s)
            ]
            changed = sum(1 for f in fields if f.value() not in (None, ""))
            errors = any(f.errors for f in fields)
            groups.append(
                {
                    "code": code,
                    "label": label,
                    "fields": fields,
                    "changed": changed,
                    "errors": errors,
                }
            )
        return groups


def league_initial(league) -> dict:
    """The new-game form as this league last played: its usual game and house rules."""
    initial = {"variant": league.default_variant}
    for code, options in (league.default_options or {}).items():
        try:
            variant = find_variant(code)
        except RulesError:
            continue
        for name, value in options.items():
            spec = variant.Rules.spec(name)
            if spec is None:
                continue
            if spec.kind == "bool":
                initial[option_field(code, name)] = "true" if value else "false"
            elif spec.kind == "object" and isinstance(value, dict):
                for key, amount in value.items():
                    initial[f"{option_field(code, name)}__{key}"] = amount
            else:
                initial[option_field(code, name)] = value
    return initial


def option_field(code: str, name: str) -> str:
    return f"opt_{code}_{name}"


def option_form_fields(code: str, spec) -> list:
    """Form fields for one house rule; "" keeps the game's default."""
    name = option_field(code, spec.name)
    label, help_text = spec.label, gettext_lazy(spec.description)
    if spec.kind == "bool":
        # A select, not a checkbox: an unticked box could not say "keep the default".
        field = forms.TypedChoiceField(
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
        return [(name, field)]
    if spec.kind == "int":
        low, high = spec.choices
        field = forms.IntegerField(
            label=label, help_text=help_text, required=False, min_value=low, max_value=high
        )
        field.widget.attrs["placeholder"] = str(spec.default)
        return [(name, field)]
    if spec.kind == "choice":
        choices = [("", gettext_lazy("default"))] + [
            (c, value_label(spec.name, c)) for c in spec.choices
        ]
        return [
            (
                name,
                forms.ChoiceField(
                    label=label, help_text=help_text, required=False, choices=choices
                ),
            )
        ]
    # An object option: one whole-number field per key (the Mighty's trump change cost).
    fields = []
    for key, default in spec.default.as_json().items():
        field = forms.IntegerField(
            label=part_label(label, spec.name, key), required=False, min_value=0, max_value=8
        )
        field.widget.attrs["placeholder"] = str(default)
        field.help_text = help_text if not fields else ""
        fields.append((f"{name}__{key}", field))
    return fields


def _option_value(data: dict, code: str, spec):
    if spec.kind != "object":
        return data.get(option_field(code, spec.name))
    keys = spec.default.as_json()
    value = {k: data.get(f"{option_field(code, spec.name)}__{k}") for k in keys}
    return {k: v for k, v in value.items() if v is not None} or None


class HandForm(forms.Form):
    """One hand as the table reports it; valid only when the engine can score it."""

    declarer = forms.TypedChoiceField(label=gettext_lazy("Declarer"), coerce=int)
    level = forms.TypedChoiceField(
        label=gettext_lazy("Bid"), coerce=int, required=False, empty_value=None
    )
    trump = forms.ChoiceField(label=gettext_lazy("Trump"), required=False)
    nap_bid = forms.ChoiceField(label=gettext_lazy("Call"), required=False)
    called_suit = forms.ChoiceField(label=gettext_lazy("Called card: suit"), required=False)
    called_rank = forms.ChoiceField(label=gettext_lazy("Called card: rank"), required=False)
    partner = forms.ChoiceField(label=gettext_lazy("Partner"), required=False)
    mode = forms.ChoiceField(label=gettext_lazy("Result"), choices=Hand.MODES, required=False)
    points = forms.IntegerField(
        label=gettext_lazy("Points of the declarer's side"), required=False, min_value=0
    )
    toppled = forms.BooleanField(label=gettext_lazy("Toppled on the first trick"), required=False)
    key = forms.UUIDField(widget=forms.HiddenInput)
    version = forms.IntegerField(widget=forms.HiddenInput, required=False)

    def __init__(self, session, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.session = session
        self.variant = session.engine
        self.rules = session.rules()
        self.seats = session.seat_list
        self.n = len(self.seats)
        self.score = None
        self.facts = None
        seat_choices = [(s.number, s.player.name) for s in self.seats]
        self.fields["declarer"].choices = seat_choices
        self.fields["partner"].choices = [(str(s), n) for s, n in seat_choices] + [
            (ALONE, _("alone"))
        ]
        self._contract_fields()
        self._called_card_fields()
        self._result_fields()

    # ---- building ------------------------------------------------------------

    @property
    def is_nap(self):
        return self.variant.code == "nap"

    @property
    def counts_tricks(self):
        return self.variant.code in TRICK_VARIANTS

    @property
    def bids_by_target(self) -> bool:
        return getattr(self.rules, "bid_style", None) == "number"

    def _contract_fields(self):
        if self.is_nap:
            self.fields["nap_bid"].choices = [(name, bid.label) for name, bid in NAP_BIDS.items()]
            return
        ladder = self.variant.ladder(self.rules, for_auction=False)
        # A table that bids the point target itself (9 … 16) sees targets, stored as levels.
        shown = 8 if self.bids_by_target else 0
        self.fields["level"].choices = [
            (n, str(n + shown)) for n in range(ladder.low, ladder.high + 1)
        ]
        self.fields["trump"].choices = [
            (t, SYMBOLS.get(t, t)) for t in self.variant.trump_choices(self.rules)
        ]

    def _called_card_fields(self):
        jokers = [c.code for c in self.variant.deck(self.n, self.rules) if c.is_joker]
        self.fields["called_suit"].choices = [(s, SYMBOLS[s]) for s in SUITS] + [
            (j, j) for j in jokers
        ]
        self.fields["called_rank"].choices = [(r, r) for r in RANKS]

    def _result_fields(self):
        tricks = self.variant.tricks(self.n, self.rules)
        if self.counts_tricks:
            for seat in self.seats:
                self.fields[f"tricks_{seat.number}"] = forms.IntegerField(
                    label=seat.player.name, required=False, min_value=0, max_value=tricks, initial=0
                )
            return
        points = self.variant.point_cards(self.n, self.rules)
        self.fields["points"].max_value = len(points)
        self.fields["points"].validators.append(MaxValueValidator(len(points)))
        owners = (
            [("", "—")]
            + [(str(s.number), s.player.name) for s in self.seats]
            + [(DISCARD, _("discarded"))]
        )
        for card in self.point_card_list():
            self.fields[f"card_{card.code}"] = forms.ChoiceField(
                label=card.label, required=False, choices=owners
            )

    def point_card_list(self):
        deck = self.variant.deck(self.n, self.rules)
        points = self.variant.point_cards(self.n, self.rules)
        return [c for c in deck if c in points]

    # ---- template helpers ------------------------------------------------------

    @property
    def tricks_per_hand(self) -> int:
        return self.variant.tricks(self.n, self.rules)

    @property
    def nap_needs(self) -> str:
        """Tricks each Nap call needs, for table.js to start the steppers at a bare make."""
        return ",".join(f"{name}:{bid.tricks_needed}" for name, bid in NAP_BIDS.items())

    def tricks_fields(self):
        return [self[f"tricks_{s.number}"] for s in self.seats] if self.counts_tricks else []

    def card_grid(self):
        """Point cards by suit, each with its bound owner field."""
        rows = []
        for suit in SUITS:
            cards = [c for c in self.point_card_list() if c.suit == suit]
            rows.append({"suit": suit, "cards": [(c, self[f"card_{c.code}"]) for c in cards]})
        return rows

    def preview_rows(self):
        return [(s.player.name, d) for s, d in zip(self.seats, self.score.deltas, strict=True)]

    # ---- reading -----------------------------------------------------------------

    def clean(self):
        data = super().clean()
        if self.errors:
            return data
        try:
            contract = self._contract(data)
            data["called_card"] = self._called_card(data)
            partner = self._partner(data)
            facts = self._facts(data, contract, partner)
            self.score = self.variant.score(facts, self.rules)
        except RulesError as error:
            self._add_rules_error(error)
            return data
        self.facts = facts
        data["contract_text"] = str(contract)
        return data

    def _contract(self, data):
        if self.is_nap:
            if not data.get("nap_bid"):
                raise _FormProblem(_("Choose the call."), "nap_bid")
            return NAP_BIDS[data["nap_bid"]]
        if data.get("level") is None or not data.get("trump"):
            raise _FormProblem(_("Choose the bid and the trump."), "level")
        contract = self.variant.parse_contract(str(Bid(data["level"], data["trump"])), self.rules)
        return contract

    def _called_card(self, data):
        suit, rank = data.get("called_suit"), data.get("called_rank")
        if not suit or self.is_nap:
            return ""
        if suit in SUITS:
            if not rank:
                raise _FormProblem(_("Choose the rank of the called card."), "called_rank")
            return parse_card(suit + rank).code
        return suit

    def _partner(self, data):
        if self.is_nap:
            return None
        partner = data.get("partner")
        if not partner:
            raise _FormProblem(_("Choose who held the called card, or alone."), "partner")
        if partner == ALONE:
            return None
        partner = int(partner)
        return None if partner == data["declarer"] else partner

    def _facts(self, data, contract, partner):
        declarer = data["declarer"]
        if self.counts_tricks:
            data["mode"] = Hand.TRICKS
            if data.get("toppled") and self.variant.code == "thai":
                return HandFacts(self.n, declarer, contract, partner, toppled=True)
            tricks = {s.number: data.get(f"tricks_{s.number}") or 0 for s in self.seats}
            data["tricks"] = tricks
            return HandFacts(self.n, declarer, contract, partner, tricks=tricks)
        if data.get("mode") == Hand.CARDS:
            captured, discards = self._grid(data)
            data["captured"], data["discards"] = captured, discards
            return HandFacts(
                self.n, declarer, contract, partner, captured=captured, discards=discards
            )
        data["mode"] = Hand.COUNT
        if data.get("points") is None:
            raise _FormProblem(_("Enter the points of the declarer's side."), "points")
        return HandFacts(self.n, declarer, contract, partner, declarer_points=data["points"])

    def _grid(self, data):
        captured = {s.number: [] for s in self.seats}
        discards = []
        unplaced = []
        for card in self.point_card_list():
            owner = data.get(f"card_{card.code}")
            if owner == DISCARD:
                discards.append(card)
            elif owner:
                captured[int(owner)].append(card)
            else:
                unplaced.append(card.label)
        if unplaced:
            raise _FormProblem(
                _("Place every point card before saving; still unplaced: %(cards)s.")
                % {"cards": " ".join(unplaced)},
                "mode",
            )
        return {s: tuple(cs) for s, cs in captured.items()}, tuple(discards)

    def _add_rules_error(self, error):
        field = getattr(error, "form_field", None) or _FIELD_OF.get(
            error.field.split(".")[0].split("[")[0]
        )
        if field == "level" and self.is_nap:
            field = "nap_bid"
        self.add_error(field if field in self.fields else None, error.message)

    # ---- storing -----------------------------------------------------------------

    def hand_values(self) -> dict:
        """The model fields this entry sets on a ``Hand``."""
        data = self.cleaned_data
        facts = self.facts
        captured = None
        if facts.captured is not None:
            captured = {str(s): [c.code for c in cs] for s, cs in facts.captured.items()}
        tricks = None if facts.tricks is None else {str(s): n for s, n in facts.tricks.items()}
        return {
            "status": Hand.PLAYED,
            "declarer": facts.declarer,
            "contract": data["contract_text"],
            "called_card": data["called_card"],
            "partner": facts.partner if not facts.alone else None,
            "mode": data["mode"],
            "declarer_points": facts.declarer_points
            if facts.captured is None
            else self.score.declarer_points,
            "captured": captured,
            "discards": [c.code for c in facts.discards],
            "tricks": tricks,
            "toppled": facts.toppled,
            "made": self.score.made,
            "target": self.score.target,
            "points": self.score.declarer_points,
            "lines": list(self.score.lines),
        }


_FIELD_OF = {
    "contract": "level",
    "captured": "mode",
    "discards": "mode",
    "declarer_points": "points",
    "tricks": "tricks_0",
    "partner": "partner",
    "declarer": "declarer",
}


class _FormProblem(RulesError):
    """A missing choice found while building the engine's facts, tied to one form field."""

    def __init__(self, message, form_field):
        super().__init__(message)
        self.form_field = form_field


def hand_initial(hand: Hand) -> dict:
    """Form values that show a stored hand again, for editing."""
    if hand.passed_out:
        # No contract to show (and none to parse): the form opens blank.
        return {"version": hand.version}
    initial = {
        "declarer": hand.declarer,
        "partner": ALONE if hand.partner is None else str(hand.partner),
        "mode": hand.mode or Hand.COUNT,
        "points": hand.declarer_points,
        "toppled": hand.toppled,
        "version": hand.version,
    }
    contract = hand.parsed_contract()
    if isinstance(contract, Bid):
        initial.update(level=contract.count, trump=contract.trump)
    else:
        initial["nap_bid"] = contract.name
    if hand.called_card:
        card = parse_card(hand.called_card)
        initial["called_suit"] = card.code if card.is_joker else card.suit
        initial["called_rank"] = "" if card.is_joker else card.code[1:]
    for seat, cards in (hand.captured or {}).items():
        for code in cards:
            initial[f"card_{code}"] = seat
    for code in hand.discards or ():
        initial[f"card_{code}"] = DISCARD
    for seat, count in (hand.tricks or {}).items():
        initial[f"tricks_{seat}"] = count
    return initial
