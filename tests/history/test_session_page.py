"""A session's history: every hand, and a chart of each player's running total drawn
on the server (SVG, no script), in colours and dash patterns told apart without colour."""

import re

import pytest

from scoring.history.figures.synthetic import generate_league
from scoring.models import GameSession
from tests.factories import assert_sent_to_login, pass_out, play, url
from tests.history.helpers import scores_by_name

pytestmark = pytest.mark.django_db


def page(client, session):
    response = client.get(url("session-history", session.pk))
    assert response.status_code == 200
    return response.content.decode()


def test_it_lists_every_hand(member_client, session):
    play(session)
    pass_out(session)
    play(session, declarer="2", partner="3", trump="H", points="9")
    body = page(member_client, session)
    assert 'id="hand-1"' in body and 'id="hand-2"' in body and 'id="hand-3"' in body
    assert '3<span class="suit-S">♠</span></strong> Ann + Ben' in body
    assert '3<span class="suit-H">♥</span></strong> Cat + Dan' in body
    assert "passed out" in body and "failed" in body and "made" in body


def test_it_charts_each_players_running_total(member_client, session):
    play(session)
    play(session, declarer="2", partner="3", points="9")
    body = page(member_client, session)
    chart = body[body.index('<svg class="chart"') : body.index("</svg>")]
    assert chart.count("<polyline") == 5
    for name in ("Ann", "Ben", "Cat", "Dan", "Eve"):
        assert f">{name}</text>" in chart
    totals = scores_by_name(session)
    desc = re.search(r"<desc[^>]*>([^<]+)</desc>", chart).group(1)
    for name, total in totals.items():
        shown = f"+{total}" if total > 0 else str(total).replace("-", "−")
        assert f"{name}: {shown}" in desc
    assert "<title" in chart and "Running totals" in chart
    # Each line differs by more than colour: a dash pattern, a marker shape.
    assert chart.count("stroke-dasharray") == 4
    assert '<ul class="legend">' in body


def test_it_shows_the_final_board(member_client, session):
    play(session)
    body = page(member_client, session)
    assert re.search(r"Ann</a></span><span class=\"total\">\+120<", body)


def test_it_has_no_chart_before_the_first_hand(member_client, session):
    body = page(member_client, session)
    assert "No hands yet." in body and '<svg class="chart"' not in body


def test_it_is_linked_from_the_table_and_the_summary(member_client, session):
    link = url("session-history", session.pk)
    assert link in member_client.get(url("table", session.pk)).content.decode()
    assert link in member_client.get(url("summary", session.pk)).content.decode()


def test_it_has_no_script(member_client, session):
    play(session)
    body = page(member_client, session)
    assert "<script>" not in body and "style=" not in body


def test_it_is_for_members_only(anon_client, stranger_client, session):
    assert_sent_to_login(anon_client.get(url("session-history", session.pk)))
    assert stranger_client.get(url("session-history", session.pk)).status_code == 404


def test_it_reads_the_same_number_of_queries_at_any_size(
    member_client, member, django_assert_max_num_queries
):
    for size in (50, 500):
        league = generate_league(size, name=f"{size}", seed=size, owner=member, pool_size=40)
        session = GameSession.objects.filter(league=league).order_by("-pk").first()
        member_client.get(url("session-history", session.pk))
        with django_assert_max_num_queries(7):
            assert member_client.get(url("session-history", session.pk)).status_code == 200
