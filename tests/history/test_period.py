"""Reading the period from the query string: a year, a season or two dates, each from
1900 to 2200; anything else is reported and shows all time."""

import datetime

import pytest
from django.http import QueryDict

from scoring.history.figures.period import choices, season_period, year_period
from scoring.history.forms import PeriodForm
from tests.factories import play, url


def form(query):
    return PeriodForm(QueryDict(query))


def period(query):
    return form(query).period()


def test_all_time_by_default():
    p = period("")
    assert p.is_all and p.start is None and p.end is None and p.query() == ""


def test_a_year_a_season_and_two_dates():
    assert period("year=2024") == year_period(2024)
    spring = period("season=2024-2")
    assert (spring.start, spring.end) == (datetime.date(2024, 4, 1), datetime.date(2024, 6, 30))
    assert spring.label == "Apr–Jun 2024" and spring.query() == "season=2024-2"
    custom = period("from=2024-02-01&to=2024-02-29")
    assert custom.kind == "range" and custom.query() == "from=2024-02-01&to=2024-02-29"
    assert (custom.start, custom.end) == (datetime.date(2024, 2, 1), datetime.date(2024, 2, 29))
    assert period("season=2024-1&year=2020") == season_period(2024, 1)  # the narrower wins


def test_bad_input_means_all_time():
    for query in (
        "year=twenty",
        "season=2024-5",
        "from=2024-13-01",
        "from=2024-05-01&to=2024-04-01",
    ):
        assert period(query).is_all


@pytest.mark.parametrize(
    "query",
    [
        "to=9999-12-31",
        "from=0001-01-01",
        "from=1899-12-31",
        "to=2201-01-01",
        "year=1899",
        "year=99999",
        "season=2201-1",
        "season=1066-4",
    ],
)
def test_dates_beyond_1900_to_2200_are_refused_with_the_range(query):
    refused = form(query)
    assert refused.period().is_all
    assert "Choose dates from 1900 to 2200." in str(refused.errors)


def test_the_first_and_last_days_of_the_range_are_taken():
    p = period("from=1900-01-01&to=2200-12-31")
    assert (p.start, p.end) == (datetime.date(1900, 1, 1), datetime.date(2200, 12, 31))


@pytest.mark.django_db
@pytest.mark.parametrize("query", ["?to=9999-12-31", "?from=0001-01-01", "?season=9999-4"])
def test_the_league_page_says_so_and_shows_all_time(member_client, league, session, query):
    play(session)
    response = member_client.get(url("league", league.pk) + query)
    assert response.status_code == 200
    body = response.content.decode()
    assert "Choose dates from 1900 to 2200." in body
    assert 'Standings <span class="muted">· All time' in body
    assert 'min="1900-01-01"' in body and 'max="2200-12-31"' in body


def test_the_quick_links_follow_the_league():
    links = choices(datetime.date(2023, 11, 3), datetime.date(2025, 2, 7), period(""))
    assert [y.year for y in links["years"]] == [2025, 2024, 2023]
    assert [s.season for s in links["seasons"]] == [1]
    links = choices(datetime.date(2023, 11, 3), datetime.date(2025, 2, 7), period("year=2023"))
    assert [s.season for s in links["seasons"]] == [4]
    assert choices(None, None, period("")) == {"years": [], "seasons": []}
