"""The synthetic league generator and the rebuild command."""

import io

import pytest
from django.core.management import CommandError, call_command

from scoring.history.models import PlayerHand, Rating
from scoring.models import Hand, HandScore, League
from tests.history.test_sync import snapshot
from tests.views.factories import assert_scores_match_engine

pytestmark = pytest.mark.django_db


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
    assert PlayerHand.objects.filter(league=league).count() == played
    assert set(league.sessions.values_list("variant", flat=True)) <= {
        "taiwan",
        "hongkong",
        "japanese",
        "japanese-chip",
        "thai",
        "mighty",
        "nap",
    }


def test_it_generates_the_same_league_from_the_same_seed():
    call_command(
        "generate_league",
        "60",
        "--name",
        "A",
        "--seed",
        "5",
        "--pool",
        "10",
        "--variants",
        "mighty,nap",
        stdout=io.StringIO(),
    )
    call_command(
        "generate_league",
        "60",
        "--name",
        "B",
        "--seed",
        "5",
        "--pool",
        "10",
        "--variants",
        "mighty,nap",
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


def test_rebuild_history_recomputes_what_was_lost():
    call_command("generate_league", "80", "--pool", "10", stdout=io.StringIO())
    league = League.objects.get()
    kept = snapshot(league)
    Rating.objects.all().delete()
    PlayerHand.objects.filter(pk__in=PlayerHand.objects.values("pk")[:40]).delete()
    out = io.StringIO()
    call_command("rebuild_history", str(league.pk), stdout=out)
    assert snapshot(league) == kept
    assert league.name in out.getvalue()
