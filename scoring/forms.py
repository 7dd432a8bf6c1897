"""Forms: they read what a player typed and let the engine judge it.

The hand form lives in ``scoring.hand_form`` and is re-exported here.
"""

import datetime
import unicodedata

from django import forms
from django.contrib.auth.forms import UserCreationForm
from django.core.exceptions import ValidationError
from django.utils.formats import date_format
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from scoring.hand_form import HandForm, hand_initial
from scoring.models import VARIANT_CHOICES, League, Player
from scoring.names import clean_name, name_key
from scoring.query import FIRST_DATE, LAST_DATE
from scoring.rulebook.labels import part_label, value_label
from scoring.rules import RulesError, find_variant

__all__ = [
    "AddMemberForm",
    "HandForm",
    "LeagueForm",
    "SessionForm",
    "SignUpForm",
    "hand_initial",
    "league_initial",
]


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
