"""Setting a table up: the new-game form (the game, its date, who sits where, the house
rules and the stake, each judged by the engine) and the name a newcomer is given.

The hand form is ``scoring.table.form``'s.
"""

import datetime
from typing import TYPE_CHECKING, Any, TypedDict

from django import forms
from django.core.exceptions import ImproperlyConfigured, ValidationError
from django.utils.formats import date_format
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from scoring.models import VARIANT_CHOICES, League, Player
from scoring.query import FIRST_DATE, LAST_DATE
from scoring.rules import RulesError, Variant, find_variant
from scoring.table.house import (
    SCORE_VALUES,
    HouseGroup,
    entered_score_values,
    field_for_path,
    grid_view,
    house_groups,
    option_field,
    option_form_fields,
    option_value,
    part_field,
    score_value_fields,
    seat_count,
)
from scoring.table.regulars import rule_words
from scoring.words.names import clean_name, name_key
from scoring.words.refusals import house_refusal

if TYPE_CHECKING:  # django-stubs' name for a lazy translation; nothing to import at run time
    from django_stubs_ext import StrPromise


def _date_in_range(value: datetime.date) -> None:
    if not FIRST_DATE <= value <= LAST_DATE:
        raise ValidationError(
            _("Choose a date from %(first)s to %(last)s.")
            % {
                "first": date_format(FIRST_DATE, "DATE_FORMAT"),
                "last": date_format(LAST_DATE, "DATE_FORMAT"),
            }
        )


def _longest_name() -> int:
    """The longest name a player's row stores."""
    length = Player._meta.get_field("name").max_length
    if length is None:  # never: Django's checks refuse a CharField without one
        raise ImproperlyConfigured("Player.name has no max_length")
    return length


PLAYER_NAME_LENGTH = _longest_name()


MAX_SITTING_OUT = 3  # at most this many seated beyond what a game deals in


class NameForm(forms.Form):
    name = forms.CharField(label=gettext_lazy("Name"), max_length=PLAYER_NAME_LENGTH * 2)

    def clean_name(self) -> str:
        name = clean_name(self.cleaned_data["name"], PLAYER_NAME_LENGTH)
        if not name:
            raise forms.ValidationError(_("Type a name."))
        return name


class GameRules(TypedDict):
    """A game's house rules on the New game page, and its score table when it is open."""

    code: str
    label: "StrPromise"
    concerns: list[HouseGroup]
    changed: int
    errors: bool
    own_numbers: int
    table: dict[str, object] | None
    players: int


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
    # Asked when more sit at the table than the game deals in (six friends at a
    # five-player game): how many play each hand while the others take turns sitting out.
    players_per_hand = forms.TypedChoiceField(
        label=gettext_lazy("Players dealt in each hand"),
        choices=[(n, str(n)) for n in range(3, 11)],
        coerce=int,
        empty_value=None,
        required=False,
    )
    stake = forms.DecimalField(
        label=gettext_lazy("Stake per point (optional)"),
        required=False,
        min_value=0,
        max_digits=8,
        decimal_places=2,
    )

    def __init__(
        self,
        *args: Any,  # a form's own: data, files, initial, …
        league: League | None = None,
        open_table: str | None = None,
        house_rules: bool = True,
        **kwargs: Any,
    ) -> None:
        super().__init__(*args, **kwargs)
        self.league = league
        self.open_table = open_table  # the game whose score table the page lays out to edit
        # The house rules of the game chosen alone: another game's are not shown, so
        # they are neither asked nor checked (choosing it draws the form again). A form
        # only drawn, whose house rules are drawn apart, has none (``house_rules``).
        chosen = self.chosen_game() if house_rules else None
        for variant in (find_variant(code) for code, _label in VARIANT_CHOICES):
            if variant.code != chosen:
                continue
            for spec in variant.Rules.specs():
                for name, field in option_form_fields(variant.code, spec):
                    self.fields[name] = field
            for name, field in score_value_fields(variant):
                self.fields[name] = field

    def clean_players(self) -> list[str]:
        names: list[str] = []
        problems: list[str] = []
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

    def clean(self) -> dict[str, Any]:
        super().clean()
        data = self.cleaned_data  # what Form.clean gives; each field's value, of its kind
        if "variant" not in data or "players" not in data:
            return data
        variant = find_variant(data["variant"])
        count = len(data["players"])
        dealt = self._dealt(variant, count, data.get("players_per_hand"))
        data["players_per_hand"] = dealt if dealt < count else None
        if not variant.can_seat(dealt):
            self.add_error(
                "players",
                _("%(game)s is played by %(counts)s players, not %(count)d.")
                % {"game": _(variant.name), "counts": variant.player_counts, "count": count},
            )
            return data
        if "first_dealer" in data and data["first_dealer"] > count:
            self.add_error("first_dealer", _("There are only %(count)d seats.") % {"count": count})
        raw: dict[str, object] = {}
        for spec in variant.Rules.specs():
            value = option_value(data, variant.code, spec)
            if value not in (None, ""):
                raw[spec.name] = value
        data["raw_options"] = raw
        try:
            data["rules"] = variant.rules(raw, dealt)
        except RulesError as error:
            # On the field the engine names, so the page opens its group and shows it there.
            name = field_for_path(variant.code, getattr(error, "field", None))
            field = self.fields.get(name) if name else None
            # A score number by its words in the laid-out table; other rules by their names.
            own = name is not None and name.startswith(part_field(variant.code, SCORE_VALUES, ""))
            label = str(field.label) if own and field is not None else None
            self.add_error(name if field is not None else None, house_refusal(error, label))
        return data

    def _dealt(self, variant: Variant[Any], count: int, chosen: int | None) -> int:
        """How many of ``count`` are dealt in each hand: all of them, or as many as the
        table chose; where more sit than the game deals in, the table must say (the
        others take turns sitting out: scoring.table.lineup)."""
        choices = dealt_choices(variant, count)
        most = max(variant.players)
        if chosen is not None and chosen in choices:
            return chosen
        if count <= most or not choices:
            if chosen is not None and count <= most:
                self.add_error("players_per_hand", _("Choose one of the counts shown."))
            return count
        self.add_error(
            "players_per_hand",
            _(
                "%(count)d sit at the table and %(game)s deals in at most %(most)d: choose how "
                "many are dealt in each hand. The others take turns sitting out."
            )
            % {"count": count, "game": _(variant.name), "most": most},
        )
        return choices[-1]

    def dealt_in(self) -> dict[str, object] | None:
        """The question of how many are dealt in, where the players typed call for it:
        the counts the game deals in, and the one chosen."""
        if not self.is_bound or not hasattr(self, "cleaned_data"):
            return None
        data = self.cleaned_data
        if "variant" not in data or "players" not in data:
            return None
        variant = find_variant(data["variant"])
        count = len(data["players"])
        choices = dealt_choices(variant, count)
        posted = self["players_per_hand"].value()
        if count <= max(variant.players) and not posted:
            return None
        chosen = str(choices[0]) if len(choices) == 1 and not posted else str(posted or "")
        return {"seated": count, "choices": [str(n) for n in choices], "chosen": chosen}

    def variant_choices(self) -> list[tuple[str, "StrPromise", str]]:
        """Each game with its one-line description."""
        return [(code, label, _(find_variant(code).description)) for code, label in VARIANT_CHOICES]

    def chosen_game(self) -> str | None:
        """The game the form is drawn for (as typed, or as the league last played)."""
        field = self.fields["variant"]
        code = (
            self.data.get("variant")
            if self.is_bound
            else self.get_initial_for_field(field, "variant")
        )
        return code if isinstance(code, str) and code in dict(VARIANT_CHOICES) else None

    def option_groups(self) -> list[GameRules]:
        """The chosen game's house rules by concern, its count of changed rules, and its
        score table laid out when it is open (asked for, or holding the table's own
        numbers). Only that game's: choosing another draws the form again for it."""
        groups: list[GameRules] = []
        chosen = self.chosen_game()
        for code, label in VARIANT_CHOICES:
            if code != chosen:
                continue
            variant = find_variant(code)
            players = seat_count(self, variant)
            concerns = house_groups(self, variant, players)
            own = entered_score_values(self, variant)
            table_errors = self.is_bound and any(
                self[name].errors for name, _f in score_value_fields(variant)
            )
            is_open = self.open_table == code or bool(own) or table_errors
            groups.append(
                {
                    "code": code,
                    "label": label,
                    "concerns": concerns,
                    "changed": sum(c["changed"] for c in concerns) + bool(own),
                    "errors": any(c["errors"] for c in concerns) or table_errors,
                    "own_numbers": len(own),
                    "table": grid_view(self, variant, players) if is_open else None,
                    "players": players,
                }
            )
        return groups


def dealt_choices(variant: Variant[Any], seated: int) -> list[int]:
    """How many of ``seated`` a hand of the game may deal in: all of them, or fewer with
    at most ``MAX_SITTING_OUT`` sitting each hand out."""
    return [n for n in variant.players if seated - MAX_SITTING_OUT <= n <= seated]


def league_initial(league: League) -> dict[str, object]:
    """The new-game form as this league last played: its usual game and house rules."""
    initial: dict[str, object] = {"variant": league.default_variant}
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
                    initial[part_field(code, name, key)] = amount
            else:
                initial[option_field(code, name)] = value
    return initial


class Carried(TypedDict):
    """A game's house rules the New game form carries over from the league's last game
    of it, where they differ from the game's standard ones, in words."""

    code: str
    label: "StrPromise"
    rules: list[str]


def carried_over(league: League, form: SessionForm, cleared: str | None) -> list[Carried]:
    """The chosen game's carried-over house rules (none for ``cleared``, set to the
    standard ones at the table's request)."""
    found: list[Carried] = []
    chosen = form.chosen_game()
    for code, label in VARIANT_CHOICES:
        if code != chosen:
            continue
        variant = find_variant(code)
        options = {} if code == cleared else (league.default_options or {}).get(code, {})
        words = rule_words(code, options, seat_count(form, variant)) if options else []
        found.append({"code": code, "label": label, "rules": words})
    return found
