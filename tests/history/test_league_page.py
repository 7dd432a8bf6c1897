"""The league page: standings per score table over a period, records, ratings,
the sessions newest first and paged, export links; for members only, in a fixed
number of queries however long the league's history."""

import re

import pytest
from django.core.cache import cache
from django.utils import timezone

from scoring.history.figures.cache import forget
from scoring.history.figures.synthetic import generate_league
from scoring.models import GameSession
from tests.factories import assert_sent_to_login, make_session, pass_out, play, url
from tests.history.helpers import session_on

pytestmark = pytest.mark.django_db


def page(client, league, query=""):
    response = client.get(url("league", league.pk) + query)
    assert response.status_code == 200
    return response.content.decode()


def section(body, heading):
    """The HTML of one score table's card."""
    start = body.index(f"<h3>{heading}</h3>")
    return body[start : body.index("</section>", start)]


def standing_rows(card):
    """[(name, score text, hands)] in the order shown."""
    return [
        (name, score, int(hands))
        for name, score, hands in re.findall(
            r'<th scope="row"><a href="[^"]+">([^<]+)</a></th>\s*<td class="[^"]*">([^<]+)</td>\s*<td>(\d+)</td>',
            card,
        )
    ]


def test_it_keeps_the_member_management(owner_client, member_client, league, session):
    body = page(member_client, league)
    assert league.name in body and "olive" in body and "(owner)" in body
    assert url("add-member", league.pk) not in body
    assert url("add-member", league.pk) in page(owner_client, league)


def test_it_is_for_members_only(anon_client, stranger_client, league):
    assert_sent_to_login(anon_client.get(url("league", league.pk)))
    assert stranger_client.get(url("league", league.pk)).status_code == 404


def test_it_shows_one_standings_table_per_score_table(member_client, league, session, mighty):
    play(session)  # Ann +120 (napoleon), Ben +60 (secretary), the rest −60: 12 of 11
    play(session, declarer="2", partner="3", points="9")
    play(mighty)
    body = page(member_client, league)
    taiwan = standing_rows(section(body, "Taiwan Napoleon"))
    the_mighty = standing_rows(section(body, "The Mighty"))
    assert {name for name, _s, _h in taiwan} == {"Ann", "Ben", "Cat", "Dan", "Eve"}
    assert {name for name, _s, _h in the_mighty} == {"Jin", "Min", "Soo", "Hyun", "Woo"}
    totals = {}
    for hand in session.hands.all():
        for score in hand.scores.all():
            name = session.seat_list[score.seat].player.name
            totals[name] = totals.get(name, 0) + score.delta
    shown = {name: int(score.replace("−", "-").replace("+", "")) for name, score, _h in taiwan}
    assert shown == totals
    assert [s for _n, s, _h in taiwan] == sorted(
        [s for _n, s, _h in taiwan], key=lambda s: -int(s.replace("−", "-").replace("+", ""))
    )
    assert all(hands == 2 for _n, _s, hands in taiwan)


def test_it_keeps_two_score_tables_of_one_game_apart(member_client, league, session):
    play(session)
    hk = make_session(league, "taiwan", options={"score_table": "hongkong"})
    play(hk)
    body = page(member_client, league)
    assert "<h3>Taiwan Napoleon</h3>" in body
    assert "<h3>Taiwan Napoleon · Score table: hongkong</h3>" in body


def test_it_shows_a_year_a_season_or_any_dates(member_client, league):
    spring = session_on(league, "taiwan", "2024-04-12")
    play(spring)
    autumn = session_on(league, "taiwan", "2024-10-11")
    play(autumn, declarer="2", partner="3")
    later = session_on(league, "taiwan", "2025-01-10")
    play(later, declarer="4", partner="0")

    def hands_of(query, name):
        body = page(member_client, league, query)
        if "<h3>Taiwan Napoleon</h3>" not in body:
            return None, body
        rows = dict((n, h) for n, _s, h in standing_rows(section(body, "Taiwan Napoleon")))
        return rows.get(name), body

    assert hands_of("", "Ann")[0] == 3
    hands, body = hands_of("?year=2024", "Ann")
    assert hands == 2 and 'aria-current="page">2024<' in body
    assert "Apr–Jun 2024" in body and "Oct–Dec 2024" in body
    assert hands_of("?season=2024-2", "Ann")[0] == 1
    assert hands_of("?season=2024-3", "Ann")[0] is None
    assert "No hands were played in this period." in hands_of("?season=2024-3", "Ann")[1]
    assert hands_of("?from=2024-10-01&to=2025-01-10", "Ann")[0] == 2
    assert hands_of("?from=2024-10-12", "Ann")[0] == 1
    hands, body = hands_of("?to=2024-04-12", "Ann")
    assert hands == 1 and "until 2024-04-12" in body
    # The sessions list follows the period.
    assert spring.get_absolute_url() in body and later.get_absolute_url() not in body
    # The period links, kept as drawn, follow the period asked for each time.
    for query, current in (("?year=2025", ">2025<"), ("", ">All time<"), ("?year=2024", ">2024<")):
        links = page(member_client, league, query).split('<details class="card dates"')[0]
        assert [current] == re.findall(r'aria-current="page"(>[^<]*<)', links), query
    assert 'value="2024-10-12"' in page(member_client, league, "?from=2024-10-12")


@pytest.mark.parametrize(
    "query",
    ["?from=2025-02-01&to=2025-01-01", "?year=abc", "?season=2024-7", "?from=yesterday"],
)
def test_it_reports_a_bad_period_and_shows_all_time(member_client, league, session, query):
    play(session)
    body = page(member_client, league, query)
    assert 'Standings <span class="muted">· All time' in body
    if query.startswith("?from=2025"):
        assert "The end date comes before the start date." in body


def test_it_shows_the_records_of_each_table(member_client, league, session):
    play(session, points="16")  # Ann's biggest: +100 + 5 over × 20 = +200
    play(session, declarer="1", partner="2", points="11")
    play(session, declarer="1", partner="3", points="12")
    card = section(page(member_client, league), "Taiwan Napoleon")
    assert "Biggest hand" in card and "Ann +200" in card
    assert url("session-history", session.pk) + "#hand-1" in card
    # Ben won all three hands (napoleon's side each time): the longest streak.
    assert "Ben, 3 hands in a row" in card
    assert "Most contracts made" in card and "Ben, 2" in card


def test_it_shows_ratings_with_their_change_and_course(member_client, league, session):
    play(session)
    body = page(member_client, league)
    assert 'id="ratings"' in body and url("ratings-about") in body
    card = body[body.index("Ratings in Taiwan Napoleon") :]
    assert "1508" in card and "+8" in card  # Ann: 1507.67 after one hand made
    assert '<svg class="spark"' in card


def test_it_lists_sessions_newest_first_and_pages_them(member_client, league):
    sessions = [session_on(league, "nap", f"2025-01-{day:02d}") for day in range(1, 16)]
    pass_out(sessions[0])
    body = page(member_client, league)
    shown = re.findall(r'href="/sessions/(\d+)/review/"><strong>', body)
    assert [int(pk) for pk in shown] == [s.pk for s in reversed(sessions)][:12]
    assert "Older sessions" in body and "Newer sessions" not in body
    older = page(member_client, league, "?page=2")
    shown = [int(pk) for pk in re.findall(r'href="/sessions/(\d+)/review/"><strong>', older)]
    assert shown == [s.pk for s in reversed(sessions)][12:]
    assert "Newer sessions" in older and "Older sessions" not in older
    assert "1 hand" in older  # the passed-out hand counts as dealt
    assert "No sessions" in page(member_client, league, "?page=99")
    garbled = page(member_client, league, "?page=x2")  # a garbled page number: the first
    assert re.findall(r'href="/sessions/(\d+)/review/"><strong>', garbled)[0] == str(
        sessions[-1].pk
    )


def test_it_marks_the_leader_and_an_ended_session(member_client, league, session):
    play(session)
    GameSession.objects.filter(pk=session.pk).update(ended_at=timezone.now())
    body = page(member_client, league)
    assert '<span class="leads">Ann <span>+120</span></span>' in body
    assert 'Cat <span class="neg">−60</span>' in body
    assert "ended" in body


def test_it_offers_export_and_import_for_an_empty_league(owner_client, member_client, league):
    body = page(owner_client, league)
    assert url("league-export-csv", league.pk) in body
    assert url("league-export-json", league.pk) in body
    assert url("league-import", league.pk) in body
    assert url("league-import", league.pk) not in page(member_client, league)
    make_session(league, "taiwan")
    assert url("league-import", league.pk) not in page(owner_client, league)


def test_it_has_no_inline_script_or_style(member_client, league, session):
    play(session)
    body = page(member_client, league)
    assert "<script>" not in body and "style=" not in body and "<style" not in body


# Queries of the league page with its figures stored (warm) and just after they were
# forgotten (cold: computed from the hands of each game, one game in these leagues).
# One of them looks for the live sessions that lead the page (scoring/live.py); cold, the
# game's running state is read and kept too (scoring/history/figures/advance.py).
WARM, COLD = 10, 35  # cold: the figures and the page's kept fragments filled afresh
PERIODS = ("", "?year=2016", "?season=2016-1", "?from=2016-02-01&to=2016-03-31&page=2")


def test_it_reads_the_same_number_of_queries_at_any_size(
    member_client, member, django_assert_max_num_queries
):
    """Two leagues of the same game, one ten times the size of the other: every period
    reads as many queries in both, figures stored or not."""
    counts = {}
    for size in (50, 500):
        league = generate_league(
            size, name=f"League of {size}", seed=size, owner=member, variants=["taiwan"]
        )
        for query in PERIODS:
            address = url("league", league.pk) + query
            forget(league.pk)
            cache.clear()  # the page's kept fragments too (the currency list): each view cold
            with django_assert_max_num_queries(COLD) as cold:
                assert member_client.get(address).status_code == 200
            with django_assert_max_num_queries(WARM) as warm:
                assert member_client.get(address).status_code == 200
            counts[(size, query)] = (len(cold), len(warm))
    for query in PERIODS:
        assert counts[(50, query)] == counts[(500, query)], query


def test_the_ratings_changes_shown_add_up_to_nothing(member_client, league, session):
    # One hand made: Ann and Ben gain 7.67 each, the three defenders lose 5.11 each;
    # rounded one by one that would show +8, +8, −5, −5, −5.
    play(session)
    card = page(member_client, league)
    card = card[
        card.index('id="ratings-taiwan"') : card.index(
            "</section>", card.index('id="ratings-taiwan"')
        )
    ]
    shown = re.findall(r'<td class="(?:neg)?">([+−]?\d+)</td><td class="spark-cell">', card)
    assert len(shown) == 5
    assert sum(int(s.replace("−", "-")) for s in shown) == 0, shown


def test_a_jump_list_leads_to_each_game_and_the_sessions(member_client, league, session, mighty):
    play(session)
    play(mighty)
    body = page(member_client, league)
    jump = re.search(r'<nav class="periods jump"[^>]*>(.*?)</nav>', body, re.S).group(1)
    targets = re.findall(r'href="#([^"]+)"', jump)
    assert targets == ["standings-taiwan", "standings-mighty", "ratings", "sessions"]
    for target in targets:
        assert body.count(f'id="{target}"') == 1, target
    assert body.index("periods jump") < body.index('id="standings"')
