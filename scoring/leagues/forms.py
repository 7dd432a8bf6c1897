"""A league's forms: a new league, and a member added by username."""

import unicodedata

from django import forms
from django.utils.translation import gettext_lazy

from scoring.models import League
from scoring.models.leagues import LEAGUE_NAME_LENGTH
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
