"""The same table again: the league's regulars first among the known players, and its
recent line-ups, each one tap from a new session with the same seats, game and rules."""

import datetime
import re
from decimal import Decimal

from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from scoring.models import GameSession, Player
from scoring.table.regulars import known_players, recent_lineups
from tests.factories import make_session, play, url

FIVE = ["Ann", "Ben", "Cat", "Dan", "Eve"]


def dated(session, days_ago):
    GameSession.objects.filter(pk=session.pk).update(
        date=datetime.date(2025, 3, 14) - datetime.timedelta(days=days_ago)
    )


def test_regulars_come_first_the_most_often_seated_then_the_latest(league):
    for name in ["Aaron", "Abe", "Zoe"]:  # known, but not at the recent tables
        Player.objects.create(league=league, name=name)
    dated(make_session(league, names=["Fay", "Gus", "Cat", "Dan", "Eve"]), 3)
    dated(make_session(league, names=["Ann", "Ben", "Cat", "Dan", "Eve"]), 2)
    dated(make_session(league, names=["Hal", "Ben", "Cat", "Dan", "Eve"]), 1)
    regulars, others = known_players(league)
    # Cat, Dan, Eve: 3 sessions; Ben: 2; then one each, the latest first (Hal, then Ann),
    # and two who sat together last in the oldest session, by name.
    assert regulars == ["Cat", "Dan", "Eve", "Ben", "Hal", "Ann", "Fay", "Gus"]
    assert others == ["Aaron", "Abe", "Zoe"]


def test_the_new_game_page_lists_regulars_first_and_the_others_folded(member_client, league):
    Player.objects.create(league=league, name="Aaron")
    make_session(league)
    response = member_client.get(url("session-new", league.pk))
    assert response.context["regulars"] == FIVE
    assert response.context["others"] == ["Aaron"]
    body = response.content.decode()
    assert body.index('data-add-player="Eve"') < body.index('data-add-player="Aaron"')
    assert "1 other player" in body


def test_recent_lineups_are_distinct_and_newest_first(league):
    first = make_session(league, options={"score_table": "hongkong"}, stake=Decimal("0.50"))
    dated(first, 3)
    second = make_session(league, options={"score_table": "hongkong"}, stake=Decimal("0.50"))
    dated(second, 2)
    other_seats = make_session(league, names=["Ben", "Ann", "Cat", "Dan", "Eve"])
    dated(other_seats, 1)
    mighty = make_session(league, "mighty")
    lineups = recent_lineups(league)
    assert [lineup.session.pk for lineup in lineups] == [mighty.pk, other_seats.pk, second.pk]
    assert lineups[1].names == ["Ben", "Ann", "Cat", "Dan", "Eve"]
    assert lineups[2].rules == ["Score table: Hong Kong table"]
    assert lineups[1].rules == [] and lineups[2].stake == Decimal("0.50")


def test_one_tap_starts_the_same_table_again(member_client, member, league):
    source = make_session(league, options={"score_table": "hongkong"}, stake=Decimal("0.50"))
    play(source)
    source.ended_at = timezone.now()
    source.save()
    page = member_client.get(url("session-new", league.pk)).content.decode()
    assert url("play-again", league.pk) in page and "Score table: Hong Kong table" in page

    response = member_client.post(url("play-again", league.pk), {"session": source.pk})
    again = GameSession.objects.exclude(pk=source.pk).get()
    assert response.status_code == 302 and response.url == again.get_absolute_url()
    assert [s.player_id for s in again.seat_list] == [s.player_id for s in source.seat_list]
    assert (again.variant, again.options, again.stake) == ("taiwan", source.options, source.stake)
    assert again.date == timezone.localdate() and again.first_dealer == 0
    assert again.created_by == member and again.ended_at is None
    assert not again.hands.exists()
    league.refresh_from_db()
    assert league.default_variant == "taiwan"
    assert league.default_options["taiwan"] == {"score_table": "hongkong"}


def test_a_second_tap_opens_the_session_the_first_started(member_client, league):
    source = make_session(league)
    member_client.post(url("play-again", league.pk), {"session": source.pk})
    second = member_client.post(url("play-again", league.pk), {"session": source.pk})
    assert GameSession.objects.count() == 2
    assert second.url == GameSession.objects.latest("pk").get_absolute_url()


def test_a_line_up_of_another_league_is_refused(member_client, league, other_league):
    theirs = make_session(other_league)
    for value in [theirs.pk, "x", "", "9" * 30]:
        response = member_client.post(url("play-again", league.pk), {"session": value})
        assert response.status_code == 302 and response.url == url("session-new", league.pk)
    assert GameSession.objects.count() == 1


def test_a_stranger_cannot_play_again_in_our_league(stranger_client, league, session):
    response = stranger_client.post(url("play-again", league.pk), {"session": session.pk})
    assert response.status_code == 403
    assert GameSession.objects.count() == 1


EIGHT = ["Ann", "Ben", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal"]


def ended_with_six_of_eight(league):
    """Eight sat down at 0.50 a point; Gus and Hal left after hand 2, the stake became
    1.00 from hand 3, and five of the six left were dealt in each hand."""
    source = make_session(league, "taiwan", names=EIGHT[:6], stake=Decimal("0.50"))
    for number, name in enumerate(EIGHT[6:], start=6):
        player = Player.objects.create(league=league, name=name)
        source.seats.create(number=number, player=player, until_hand=2)
    GameSession.objects.filter(pk=source.pk).update(stake_changes=[[3, "1.00"]], players_per_hand=5)
    play(source)
    GameSession.objects.filter(pk=source.pk).update(ended_at=timezone.now())
    return GameSession.objects.get(pk=source.pk)


def test_the_card_offers_the_table_as_it_ended(member_client, league):
    ended_with_six_of_eight(league)
    (lineup,) = recent_lineups(league)
    assert lineup.names == EIGHT[:6] and lineup.stake == Decimal("1.00") and lineup.dealt == 5
    page = member_client.get(url("session-new", league.pk)).content.decode()
    start = page.index('class="lineup wide"')
    card = page[start : page.index("</button>", start)]
    assert "6. Fay" in card and "Gus" not in card and "Hal" not in card
    assert "6 at the table, 5 dealt in each hand" in card
    assert "stake 1 a point" in card and "0.5" not in card


def test_play_again_starts_what_the_card_says_and_the_offer_is_gone(member_client, league):
    source = ended_with_six_of_eight(league)
    response = member_client.post(url("play-again", league.pk), {"session": source.pk})
    again = GameSession.objects.exclude(pk=source.pk).get()
    assert response.url == again.get_absolute_url()
    assert [s.player.name for s in again.seat_list] == EIGHT[:6]
    assert [s.number for s in again.seat_list] == list(range(6))
    assert (again.stake, again.stake_changes, again.players_per_hand) == (Decimal("1.00"), [], 5)
    # Started: it is continued from the table screen, not offered again (nor is the old one).
    page = member_client.get(url("session-new", league.pk))
    assert page.context["lineups"] == []
    assert 'class="lineup wide"' not in page.content.decode()
    # Once a hand is played there, the table as it now stands is offered again.
    play(again)
    assert [lineup.session for lineup in recent_lineups(league)] == [again]


def test_a_stake_in_the_leagues_currency_is_written_in_it(member_client, league):
    league.currency = "KRW"
    league.save()
    make_session(league, stake=Decimal("1000"))
    page = member_client.get(url("session-new", league.pk)).content.decode()
    assert "stake ₩1,000 a point" in page


def test_line_ups_are_looked_for_a_few_sessions_at_a_time(league):
    for days_ago in range(1, 9):  # the same table eight weeks running
        dated(make_session(league), days_ago)
    older = [make_session(league, names=[*FIVE[1:], FIVE[0]]), make_session(league, "mighty")]
    dated(older[0], 20)
    dated(older[1], 21)
    with CaptureQueriesContext(connection) as far:
        lineups = recent_lineups(league)
    assert [lineup.session.pk for lineup in lineups[1:]] == [s.pk for s in older]
    with CaptureQueriesContext(connection) as near:
        assert len(recent_lineups(league, limit=1)) == 1
    # The seats (with their players) of the latest few sessions alone when they give the
    # line-ups wanted.
    assert len(near.captured_queries) == 2 and len(far.captured_queries) == 4


def test_each_table_is_a_button_of_one_form_kept_as_drawn(member_client, league):
    """One form, one button a table sending its session; the buttons are kept as drawn
    and drawn afresh when a table to offer changes."""
    first = make_session(league, names=FIVE)
    dated(first, 2)
    play(first)

    def buttons() -> list[str]:
        page = member_client.get(url("session-new", league.pk)).content.decode()
        form = page[page.index(f'action="{url("play-again", league.pk)}"') :]
        form = form[: form.index("</form>")]
        assert form.count("csrfmiddlewaretoken") == 1
        return re.findall(
            r'<button type="submit" class="lineup wide" name="session" value="(\d+)"', form
        )

    assert buttons() == [str(first.pk)]
    second = make_session(league, names=["Zed", "Yan", "Xia", "Wu", "Vic"])
    dated(second, 1)
    play(second)
    assert buttons() == [str(second.pk), str(first.pk)]
    answer = member_client.post(url("play-again", league.pk), {"session": buttons()[1]})
    assert answer.status_code == 302
    started = GameSession.objects.order_by("-pk").first()
    assert [seat.player.name for seat in started.seat_list] == FIVE
