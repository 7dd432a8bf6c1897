"""A league's forms: a new league, a member added by username, and its currency."""

import unicodedata
from typing import Any

from django import forms
from django.utils.translation import gettext_lazy

from scoring.models import League
from scoring.models.leagues import LEAGUE_NAME_LENGTH
from scoring.words.money import currency_choices
from scoring.words.names import clean_name
from scoring.words.typed import refuse_control


class LeagueForm(forms.ModelForm[League]):
    class Meta:
        model = League
        fields = ["name", "default_variant"]

    def clean_name(self) -> str:
        return clean_name(self.cleaned_data["name"], LEAGUE_NAME_LENGTH)


class AddMemberForm(forms.Form):
    username = forms.CharField(
        label=gettext_lazy("Username"), max_length=150, validators=[refuse_control]
    )

    def clean_username(self) -> str:
        # As Django stores usernames (NFKC), so a name typed another way still matches.
        return unicodedata.normalize("NFKC", self.cleaned_data["username"])


class CurrencyForm(forms.ModelForm[League]):
    """The money the league's tables play for: a currency, or plain numbers."""

    class Meta:
        model = League
        fields = ["currency"]

    def __init__(self, *args: Any, **kwargs: Any) -> None:  # a model form's own arguments
        super().__init__(*args, **kwargs)
        none = ("", gettext_lazy("None: plain numbers, with the stake's decimals"))
        self.fields["currency"] = forms.ChoiceField(
            label=gettext_lazy("Currency"),
            choices=[none, *currency_choices()],
            required=False,
            help_text=gettext_lazy(
                "Money on the scoreboard and in the settle-up is written in it, rounded to "
                "its smallest coin."
            ),
        )
