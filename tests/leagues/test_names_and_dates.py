"""Names and dates people type on forms: normalised, bounded, refused with a message
that says why (the form side; what an import takes is tests/history/test_import_checks.py)."""

import datetime
import unicodedata

import pytest
from django.core.exceptions import ValidationError
from hypothesis import given
from hypothesis import strategies as st

from scoring.models import GameSession, League, Player
from scoring.words.names import clean_name, name_key, normal
from tests.factories import counts, url

RANGE = "Choose a date from Jan. 1, 1900 to Dec. 31, 2200."


def new_game(**changes):
    return {
        "variant": "taiwan",
        "date": "2025-04-01",
        "players": "Ann\nBen\nCat\nDan\nEve",
        "first_dealer": "1",
        **changes,
    }


def start(client, league, **changes):
    return client.post(url("session-new", league.pk), new_game(**changes))


# ---- dates -------------------------------------------------------------------------------


@pytest.mark.parametrize("date", ["2871-11-26", "9999-12-31", "2201-01-01", "1899-12-31", "0001-01-01"])  # fmt: skip
def test_a_date_no_table_means_is_refused_with_the_range(member_client, league, date):
    before = counts()
    response = start(member_client, league, date=date)
    assert response.status_code == 200
    assert RANGE in response.content.decode()
    assert counts() == before


@pytest.mark.parametrize("date", ["1900-01-01", "2200-12-31"])
def test_the_ends_of_the_range_are_fine(member_client, league, date):
    response = start(member_client, league, date=date)
    assert response.status_code == 302
    assert GameSession.objects.get().date == datetime.date.fromisoformat(date)


def test_the_date_field_offers_the_range_to_the_phone(member_client, league):
    page = member_client.get(url("session-new", league.pk)).content.decode()
    assert 'type="date"' in page and 'min="1900-01-01"' in page and 'max="2200-12-31"' in page


# ---- player names ------------------------------------------------------------------------


def test_a_name_over_40_characters_gets_a_message_not_a_cut(member_client, league):
    long = "Alexandra Konstantinopoulou-Vanderbilt III"  # 42 characters
    before = counts()
    response = start(member_client, league, players=f"{long}\nBen\nCat\nDan\nEve")
    assert response.status_code == 200
    assert "is 42 characters long; a name may have at most 40." in response.content.decode()
    assert counts() == before


@pytest.mark.parametrize(
    ("line", "message"),
    [
        ("An\x00n", "Null characters are not allowed."),  # Django says it first
        ("Bell\x07", "contains a control character"),
        ("Ann\u202eevE", "contains a text-direction mark"),
        ("\u200b\u200b", "at least one visible character"),
        ("\u3164", "at least one visible character"),
        ("\u2800 \u115f", "at least one visible character"),
    ],
)
def test_a_name_that_cannot_be_shown_is_refused(member_client, league, line, message):
    before = counts()
    response = start(member_client, league, players=f"{line}\nBen\nCat\nDan\nEve")
    assert response.status_code == 200
    assert message in response.content.decode()
    assert counts() == before


def test_names_are_stored_nfc_trimmed_and_single_spaced(member_client, league):
    typed = "  E\u0301lodie \u200b\n Ben\u3000 Lee \nCat\nDan\nEve"
    assert start(member_client, league, players=typed).status_code == 302
    names = [seat.player.name for seat in GameSession.objects.get().seat_list]
    assert names == ["\u00c9lodie", "Ben Lee", "Cat", "Dan", "Eve"]


def test_a_known_player_typed_in_another_case_is_the_same_player(member_client, league):
    Player.objects.create(league=league, name="Élodie")
    typed = "ÉLODIE\nBen\nCat\nDan\nEve"
    assert start(member_client, league, players=typed).status_code == 302
    assert Player.objects.filter(league=league).count() == 5
    assert GameSession.objects.get().seat_list[0].player.name == "Élodie"


def test_two_seats_differing_only_in_case_or_invisible_marks_are_one_player(member_client, league):
    for players in ("Élodie\nÉLODIE\nCat\nDan\nEve", "Ann\nAnn\u200d\nCat\nDan\nEve"):
        response = start(member_client, league, players=players)
        assert "Each player can sit in only one seat." in response.content.decode()
    assert not GameSession.objects.exists()


@given(st.text(max_size=60))
def test_a_cleaned_name_is_stable_and_visible(raw):
    try:
        name = clean_name(raw, 40)
    except ValidationError:
        return
    assert name == normal(name) == unicodedata.normalize("NFC", name)
    assert len(name) <= 40
    assert name == "" or not name[0].isspace() and not name[-1].isspace()
    assert name == "" or not unicodedata.category(name[0]).startswith("M")  # a base first
    assert clean_name(name, 40) == name and name_key(name) == name_key(name.upper().lower())


# ---- league and member names -------------------------------------------------------------


def test_a_league_name_is_normalised_and_must_show_something(member_client):
    response = member_client.post(url("league-new"), {"name": "\u200b", "default_variant": "nap"})
    assert "at least one visible character" in response.content.decode()
    response = member_client.post(
        url("league-new"), {"name": "  Cafe\u0301  Friday ", "default_variant": "nap"}
    )
    assert response.status_code == 302
    assert League.objects.get().name == "Café Friday"


def test_a_member_is_found_however_their_name_was_composed(owner_client, league, db):
    from django.contrib.auth import get_user_model

    get_user_model().objects.create_user("Zoë", password="x")
    response = owner_client.post(url("add-member", league.pk), {"username": "Zoe\u0308"})
    assert response.status_code == 302
    assert league.memberships.filter(user__username="Zoë").exists()
