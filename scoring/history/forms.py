"""The history pages' forms: the period filter (from the query string) and the league
file upload."""

import datetime
from typing import Any

from django import forms
from django.http import QueryDict
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from scoring.history.figures.period import (
    FIRST_YEAR,
    LAST_YEAR,
    Period,
    season_period,
    year_period,
)


def _out_of_range() -> str:
    return _("Choose dates from %(first)d to %(last)d.") % {"first": FIRST_YEAR, "last": LAST_YEAR}


class BoundedDateField(forms.DateField):
    """A date a league's history can mean: from FIRST_YEAR to LAST_YEAR."""

    def to_python(self, value: Any) -> datetime.date | None:
        date = super().to_python(value)
        if date is not None and not FIRST_YEAR <= date.year <= LAST_YEAR:
            raise forms.ValidationError(_out_of_range(), code="out_of_range")
        return date


class PeriodForm(forms.Form):
    """The period filter; every field optional, a bad one reported and ignored."""

    start = BoundedDateField(label=gettext_lazy("From"), required=False)
    end = BoundedDateField(label=gettext_lazy("To"), required=False)
    year = forms.IntegerField(required=False)
    season = forms.RegexField(regex=r"\A[0-9]{4}-[1-4]\Z", required=False)

    def __init__(self, query: QueryDict) -> None:
        data = {
            "start": query.get("from", ""),
            "end": query.get("to", ""),
            "year": query.get("year", ""),
            "season": query.get("season", ""),
        }
        super().__init__(data)
        self.fields["start"].widget.input_type = "date"
        self.fields["end"].widget.input_type = "date"
        for name in ("start", "end"):
            self.fields[name].widget.attrs.update(
                min=datetime.date(FIRST_YEAR, 1, 1).isoformat(),
                max=datetime.date(LAST_YEAR, 12, 31).isoformat(),
            )

    def clean_year(self) -> int | None:
        year = self.cleaned_data.get("year")
        if year is not None and not FIRST_YEAR <= year <= LAST_YEAR:
            raise forms.ValidationError(_out_of_range(), code="out_of_range")
        return year

    def clean_season(self) -> str | None:
        season = self.cleaned_data.get("season")
        if season and not FIRST_YEAR <= int(season[:4]) <= LAST_YEAR:
            raise forms.ValidationError(_out_of_range(), code="out_of_range")
        return season

    def clean(self) -> dict[str, Any]:
        super().clean()
        data = self.cleaned_data
        start, end = data.get("start"), data.get("end")
        if start and end and start > end:
            self.add_error("end", _("The end date comes before the start date."))
        return data

    def period(self) -> Period:
        if not self.is_valid():
            return Period()
        data = self.cleaned_data
        if data.get("season"):
            year, season = (int(part) for part in data["season"].split("-"))
            return season_period(year, season)
        if data.get("year"):
            return year_period(data["year"])
        if data.get("start") or data.get("end"):
            return Period(data.get("start"), data.get("end"), "range")
        return Period()


class ImportForm(forms.Form):
    file = forms.FileField(label=gettext_lazy("League file (.json)"))
