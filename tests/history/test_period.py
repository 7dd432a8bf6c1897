"""Reading the period from the query string."""

import datetime

from django.http import QueryDict

from scoring.history.period import PeriodForm, choices, season_period, year_period
from scoring.history.tables import day_start, position, position_date


def period(query):
    return PeriodForm(QueryDict(query)).period()


def test_all_time_by_default():
    p = period("")
    assert p.is_all and p.low is None and p.high is None and p.query() == ""


def test_a_year_a_season_and_two_dates():
    assert period("year=2024") == year_period(2024)
    spring = period("season=2024-2")
    assert (spring.start, spring.end) == (datetime.date(2024, 4, 1), datetime.date(2024, 6, 30))
    assert spring.label == "Apr–Jun 2024" and spring.query() == "season=2024-2"
    custom = period("from=2024-02-01&to=2024-02-29")
    assert custom.kind == "range" and custom.query() == "from=2024-02-01&to=2024-02-29"
    assert period("season=2024-1&year=2020") == season_period(2024, 1)  # the narrower wins


def test_the_bounds_cover_whole_days():
    p = period("from=2024-02-01&to=2024-02-29")
    inside = position(datetime.date(2024, 2, 29), 99, 40)
    assert p.low == day_start(datetime.date(2024, 2, 1)) <= inside < p.high
    assert position(datetime.date(2024, 3, 1), 1, 1) >= p.high
    assert position_date(inside) == datetime.date(2024, 2, 29)


def test_bad_input_means_all_time():
    for query in (
        "year=twenty",
        "season=2024-5",
        "from=2024-13-01",
        "from=2024-05-01&to=2024-04-01",
    ):
        assert period(query).is_all


def test_the_quick_links_follow_the_league():
    links = choices(datetime.date(2023, 11, 3), datetime.date(2025, 2, 7), period(""))
    assert [y.year for y in links["years"]] == [2025, 2024, 2023]
    assert [s.season for s in links["seasons"]] == [1]
    links = choices(datetime.date(2023, 11, 3), datetime.date(2025, 2, 7), period("year=2023"))
    assert [s.season for s in links["seasons"]] == [4]
    assert choices(None, None, period("")) == {"years": [], "seasons": []}
