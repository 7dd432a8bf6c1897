"""Back to the game: live sessions lead the home and league pages with their score;
sessions are badged live, ended or not ended; an imported league is labelled a copy."""

import datetime

from django.core.files.uploadedfile import SimpleUploadedFile
from django.utils import timezone

from scoring.models import GameSession, League
from tests.factories import make_league, make_session, play, url


def today(session, days_ago=0):
    GameSession.objects.filter(pk=session.pk).update(
        date=timezone.localdate() - datetime.timedelta(days=days_ago)
    )
    return GameSession.objects.get(pk=session.pk)


def test_the_home_page_leads_with_a_continue_card_and_its_score(member_client, league, session):
    live = today(session)
    play(live)
    response = member_client.get(url("home"))
    [card] = response.context["live"]
    assert card.pk == live.pk and card.hand_count == 1
    assert card.board == [("Ann", 120), ("Ben", 60), ("Cat", -60), ("Dan", -60), ("Eve", -60)]
    body = response.content.decode()
    assert body.index("Continue") < body.index("Your leagues")
    assert f'href="{live.get_absolute_url()}">Continue</a>' in body
    assert "+120" in body and "−60" in body and "1 hand played" in body


def test_last_nights_game_is_live_an_old_or_ended_one_is_not(member_client, league):
    last_night = today(make_session(league), days_ago=1)
    old = today(make_session(league), days_ago=2)
    ended = today(make_session(league))
    GameSession.objects.filter(pk=ended.pk).update(ended_at=timezone.now())
    live = member_client.get(url("home")).context["live"]
    assert [s.pk for s in live] == [last_night.pk]
    body = member_client.get(url("home")).content.decode()
    assert body.count('class="badge live"') == 2  # the card, and the list
    assert body.count('class="badge ended"') == 1
    assert body.count('class="badge unfinished"') == 1
    assert old.is_live is False and last_night.is_live is True


def test_the_league_page_leads_with_its_live_session(member_client, league, session, other_league):
    live = today(session)
    theirs = today(make_session(other_league))
    body = member_client.get(url("league", league.pk)).content.decode()
    assert body.index(f'href="{live.get_absolute_url()}">Continue</a>') < body.index("Standings")
    assert theirs.get_absolute_url() not in body
    assert 'class="badge live"' in body  # in the sessions list too


def test_nothing_live_means_no_card(member_client, league, session):
    assert member_client.get(url("home")).context["live"] == []
    assert "Continue" not in member_client.get(url("league", league.pk)).content.decode()


def test_an_imported_league_is_labelled_a_copy(member_client, league):
    body = member_client.get(url("home")).content.decode()
    assert "Imported copy" not in body
    League.objects.filter(pk=league.pk).update(imported_at=timezone.now())
    home = member_client.get(url("home")).content.decode()
    assert "Imported copy" in home
    page = member_client.get(url("league", league.pk)).content.decode()
    assert "Imported copy" in page and "Filled from a league file on" in page


def test_a_league_filled_from_a_league_file_is_marked_imported(owner_client, owner, league):
    play(make_session(league))
    exported = b"".join(owner_client.get(url("league-export-json", league.pk)).streaming_content)
    copy = make_league(owner, name="Restored")
    response = owner_client.post(
        url("league-import", copy.pk),
        {"file": SimpleUploadedFile("league.json", exported, "application/json")},
    )
    assert response.status_code == 302
    copy.refresh_from_db()
    league.refresh_from_db()
    assert copy.imported_at is not None and league.imported_at is None
    assert "Imported copy" in owner_client.get(url("league", copy.pk)).content.decode()
