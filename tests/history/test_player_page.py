"""A player's page: per game, sessions and hands, contracts as napoleon by level and
trump, the points taken against the target, partner and defender records, the score
and rating over time, and who they win with most."""

import re

import pytest

from scoring.history.figures.cache import forget
from scoring.history.figures.synthetic import generate_league
from scoring.models import Player
from tests.factories import assert_sent_to_login, play, url

pytestmark = pytest.mark.django_db


@pytest.fixture
def ann(session):
    """Five hands of Taiwan Napoleon, with Ann (seat 0) in every role."""
    play(session)  # Ann 3♠ with Ben: 12 of 11, made
    play(session, level="4", trump="H", partner="alone", points="10")  # Ann alone 4♥: 10 of 12
    play(session, declarer="2", partner="0", points="13")  # Cat 3♠ with Ann: made
    play(session, declarer="3", level="2", trump="D", partner="4", points="5")  # Dan fails
    play(session, declarer="1", partner="0", points="6")  # Ben 3♠ with Ann: failed
    return Player.objects.get(league=session.league, name="Ann")


def page(client, player):
    response = client.get(url("player", player.pk))
    assert response.status_code == 200
    return response.content.decode()


def text(body):
    return " ".join(re.sub(r"<[^>]+>", " ", body).split())


def test_it_counts_sessions_hands_and_wins(member_client, ann):
    words = text(page(member_client, ann))
    assert "Taiwan Napoleon" in words
    assert "Sessions 1 Hands 5 Won 60%" in words


def test_it_counts_contracts_by_level_and_trump(member_client, ann):
    body = page(member_client, ann)
    words = text(body)
    assert "1 of 2 contracts made (50%)" in words
    assert "On average the side took 11.0 against a target of 11.5." in words
    by_level = text(body[body.index("By bid level") : body.index("By trump")])
    assert "3 1/1 100% 12.0 / 11.0" in by_level
    assert "4 0/1 0% 10.0 / 12.0" in by_level
    by_trump = body[body.index("By trump") : body.index("As partner")]
    assert '<th scope="row" class="suit-S">♠</th><td>1/1</td>' in by_trump
    assert '<th scope="row" class="suit-H">♥</th><td>0/1</td>' in by_trump


def test_it_counts_partner_and_defender_records(member_client, ann):
    words = text(page(member_client, ann))
    assert "As partner 2 hands, 50% won" in words
    assert "As defender 1 of 1 contracts defeated (100%)" in words


def test_it_names_who_they_win_with_most(member_client, ann):
    body = page(member_client, ann)
    mates = text(body[body.index("Wins most with") :])
    assert mates.index("Ben 1/2 50%") < mates.index("Cat 1/1 100%")
    assert url("player", Player.objects.get(name="Ben").pk) in body


def test_it_draws_the_score_and_the_rating_over_time(member_client, ann):
    body = page(member_client, ann)
    assert body.count('<svg class="chart"') == 2
    assert "Ann&#x27;s total score in Taiwan Napoleon, hand by hand" in body
    assert "Rating over time (now" in body
    assert url("session-history", ann.seats.first().session_id) in body


def test_it_says_when_a_player_has_not_played(member_client, session):
    newcomer = Player.objects.create(league=session.league, name="Zoe")
    assert "Zoe has not played a hand yet." in page(member_client, newcomer)


def test_it_is_for_members_only(anon_client, stranger_client, ann):
    assert_sent_to_login(anon_client.get(url("player", ann.pk)))
    assert stranger_client.get(url("player", ann.pk)).status_code == 404
    assert stranger_client.post(url("player", ann.pk)).status_code == 403
    assert stranger_client.get(url("player", ann.pk + 1000)).status_code == 404


def test_it_reads_the_same_number_of_queries_at_any_size(
    member_client, member, django_assert_max_num_queries
):
    """With the figures stored (warm) and just after they were forgotten (cold: each
    game computed from its hands), as many queries in a league ten times the size."""
    counts = []
    for size in (50, 500):
        league = generate_league(
            size, name=f"{size}", seed=size, owner=member, pool_size=40, variants=["taiwan"]
        )
        player = Player.objects.filter(league=league, seats__isnull=False).first()
        forget(league.pk)
        with django_assert_max_num_queries(18) as cold:  # the running state kept, the length read
            assert member_client.get(url("player", player.pk)).status_code == 200
        with django_assert_max_num_queries(9) as warm:
            assert member_client.get(url("player", player.pk)).status_code == 200
        counts.append((len(cold), len(warm)))
    assert counts[0] == counts[1]


def test_a_jump_list_leads_to_each_game_and_the_sessions(member_client, ann):
    body = page(member_client, ann)
    jump = re.search(r'<nav class="periods jump"[^>]*>(.*?)</nav>', body, re.S).group(1)
    targets = re.findall(r'href="#([^"]+)"', jump)
    assert targets == ["taiwan", "sessions"]
    for target in targets:
        assert body.count(f'id="{target}"') == 1, target
