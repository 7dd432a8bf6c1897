"""The club night's forms: the night itself, a penalty or bonus, replacing a player at a
table, and the director's choice of seating. A name checked in is the New game page's
``NameForm``."""

from typing import Any

from django import forms
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from scoring.models import Event, League
from scoring.rules import RulesError, find_variant
from scoring.table.setup import NameForm

MOST_ROUNDS = 12
MOST_DEALS = 6
MOST_MINUTES = 240
MOST_ADJUSTMENT = 9999


class EventForm(forms.ModelForm):  # type: ignore[type-arg]
    class Meta:
        model = Event
        fields = [
            "name",
            "date",
            "variant",
            "rounds",
            "round_end",
            "deals_each",
            "minutes",
            "formula",
            "seating",
        ]
        widgets = {
            "date": forms.DateInput(attrs={"type": "date"}),
            "round_end": forms.RadioSelect,
            "formula": forms.RadioSelect,
            "seating": forms.RadioSelect,
        }
        help_texts = {
            "deals_each": _("Each table plays this many hands for each of its players."),
            "minutes": _("Used when a round ends after a time limit."),
            "variant": _("Played with the league's usual house rules for that game."),
        }

    def __init__(self, *args: Any, league: League, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.league = league
        self.fields["date"].initial = timezone.localdate()
        self.fields["variant"].initial = league.default_variant
        for name, most in (("rounds", MOST_ROUNDS), ("deals_each", MOST_DEALS)):
            self.fields[name].widget.attrs.update(min=1, max=most)
        self.fields["minutes"].widget.attrs.update(min=5, max=MOST_MINUTES)

    def clean_rounds(self) -> int:
        return _within(self.cleaned_data["rounds"], 1, MOST_ROUNDS)

    def clean_deals_each(self) -> int:
        return _within(self.cleaned_data["deals_each"], 1, MOST_DEALS)

    def clean_minutes(self) -> int:
        return _within(self.cleaned_data["minutes"], 5, MOST_MINUTES)

    def house_rules(self) -> dict[str, object]:
        """The league's usual house rules for the chosen game, as the engine takes them
        (none where they no longer hold)."""
        variant = find_variant(self.cleaned_data["variant"])
        raw = self.league.default_options.get(variant.code, {})
        try:
            rules: dict[str, object] = variant.rules(raw, variant.typical_players).as_json()
        except RulesError:
            return {}
        return rules


def _within(value: int, least: int, most: int) -> int:
    if not least <= value <= most:
        raise forms.ValidationError(
            _("Choose a number from %(least)s to %(most)s."),
            params={"least": least, "most": most},
        )
    return value


class AdjustmentForm(forms.Form):
    player = forms.TypedChoiceField(label=_("Player"), coerce=int)
    points = forms.IntegerField(
        label=_("Points"),
        min_value=-MOST_ADJUSTMENT,
        max_value=MOST_ADJUSTMENT,
        help_text=_("A penalty is negative, a bonus positive."),
    )
    reason = forms.CharField(label=_("Reason"), max_length=120)

    def __init__(self, *args: Any, players: list[tuple[int, str]], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["player"].choices = players  # type: ignore[attr-defined]

    def clean_points(self) -> int:
        points: int = self.cleaned_data["points"]
        if points == 0:
            raise forms.ValidationError(_("A penalty or bonus of 0 changes nothing."))
        return points


class ReplaceForm(NameForm):
    """A newcomer takes a seat at a table from its next hand on."""

    seat = forms.IntegerField(widget=forms.HiddenInput)


class SeatingForm(forms.Form):
    method = forms.ChoiceField(label=_("Seating"), choices=Event.SEATINGS, widget=forms.RadioSelect)
