"""The synthetic league generator and the command that recomputes the history."""

import io

import pytest
from django.core.management import CommandError, call_command

from scoring.history.figures import cache
from scoring.history.figures.figures import league_figures
from scoring.history.figures.period import Period
from scoring.models import Hand, HandScore, HistoryCache, League, Player
from scoring.rules import VARIANTS
from tests.factories import assert_scores_match_engine

pytestmark = pytest.mark.django_db


def shown(league):
    names = dict(Player.objects.filter(league=league).values_list("pk", "name"))
    return league_figures(league, Period(), names)


def test_it_generates_a_league_of_legal_hands_scored_by_the_engine():
    out = io.StringIO()
    call_command("generate_league", "120", "--name", "Made up", "--pool", "25", stdout=out)
    league = League.objects.get(name="Made up")
    assert Hand.objects.filter(session__league=league).count() == 120
    assert "120 hands" in out.getvalue()
    for session in league.sessions.all():
        assert_scores_match_engine(session)
        numbers = list(session.hands.values_list("number", flat=True))
        assert numbers == list(range(1, len(numbers) + 1))
        dealers = list(session.hands.order_by("number"))
        for before, after in zip(dealers, dealers[1:], strict=False):
            assert after.dealer == before.next_dealer()
    played = HandScore.objects.filter(hand__session__league=league).count()
    counted = sum(f.hands for table in shown(league).standings for _p, _n, f in table.rows)
    assert counted == played
    assert set(league.sessions.values_list("variant", flat=True)) <= set(VARIANTS)


def test_it_generates_the_same_league_from_the_same_seed():
    for name in "AB":
        call_command(
            "generate_league",
            "60",
            *("--name", name, "--seed", "5", "--pool", "10", "--variants", "mighty,nap"),
            stdout=io.StringIO(),
        )
    a, b = (
        list(
            Hand.objects.filter(session__league__name=n).values_list(
                "contract", "declarer", "points"
            )
        )
        for n in "AB"
    )
    assert a == b


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["0"], "at least 1"),
        (["5", "--variants", "poker"], "not a variant"),
        (["5", "--owner", "nobody"], "no account"),
    ],
)
def test_it_refuses_bad_arguments(args, message):
    with pytest.raises(CommandError, match=message):
        call_command("generate_league", *args, stdout=io.StringIO())


def test_rebuild_history_computes_the_figures_afresh():
    call_command("generate_league", "80", "--pool", "10", stdout=io.StringIO())
    league = League.objects.get()
    before = shown(league)
    # An edit the app never saw (a seat's scores given to someone else in the database)
    # leaves the stored figures as they were…
    session = league.sessions.order_by("date").first()
    newcomer = Player.objects.create(league=league, name="Newcomer")
    HandScore.objects.filter(hand__session=session, seat=0).update(player=newcomer)
    assert shown(league) == before
    # … until the command forgets them.
    out = io.StringIO()
    call_command("rebuild_history", str(league.pk), stdout=out)
    assert league.name in out.getvalue()
    stamps = cache.stamps(league.pk)
    stored = HistoryCache.objects.filter(league=league, key="league")
    assert {(c.variant, c.stamp) for c in stored} == set(stamps.items())
    after = shown(league)
    assert any(name == "Newcomer" for t in after.standings for _p, name, _f in t.rows)
