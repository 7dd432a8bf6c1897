"""The table screen: scoreboard with totals, the dealer, the hand number, the record form."""

import re

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from scoring.models import GameSession, HandScore
from scoring.table.lineup import players_count
from tests.factories import (
    assert_scores_match_engine,
    assert_sent_to_login,
    hand_data,
    make_session,
    pass_out,
    play,
    totals_from_rows,
    url,
)

# Who deals hand 3 after seat 0 dealt hand 1 (declarer 0, partner 1) and hand 2 was
# passed out: the deal passes left, except in the Mighty, where the friend deals next
# and a hand everyone passed is dealt again by the same dealer.
DEALS_HAND_3 = {"taiwan": 2, "japanese-chip": 2, "thai": 2, "nap": 2, "mighty": 1}


def badge(name):
    return f'{name}<span class="badge"'


def test_it_renders_a_new_session_of_each_variant(member_client, any_session):
    response = member_client.get(any_session.get_absolute_url())
    assert response.status_code == 200
    body = response.content.decode()
    first = any_session.seat_list[0].player.name
    assert f"Hand 1 · {first} deals" in body
    assert badge(first) in body
    assert body.count('class="badge"') == 1
    assert 'id="record"' in body and "Record hand 1" in body
    assert 'name="key"' in body


def test_it_moves_the_deal_and_counts_the_hands(member_client, any_session):
    play(any_session)
    pass_out(any_session)
    response = member_client.get(any_session.get_absolute_url())
    dealer = any_session.seat_list[DEALS_HAND_3[any_session.variant]].player.name
    body = response.content.decode()
    assert f"Hand 3 · {dealer} deals" in body
    assert badge(dealer) in body
    assert "Record hand 3" in body
    assert response.context["hand_number"] == 3


def test_it_shows_totals_equal_to_the_stored_scores(member_client, any_session):
    play(any_session)
    play(any_session, declarer="2", partner="3" if any_session.variant != "nap" else None)
    pass_out(any_session)
    response = member_client.get(any_session.get_absolute_url())
    shown = response.context["totals"]
    assert shown == totals_from_rows(any_session)
    assert shown != [0] * players_count(any_session)
    assert_scores_match_engine(any_session)


def test_it_prints_signed_totals(member_client, session):
    play(session)  # Taiwan: napoleon +120, secretary +60, each defender −60
    body = member_client.get(session.get_absolute_url()).content.decode()
    assert '<span class="total">+120</span>' in body
    assert '<span class="total neg">−60</span>' in body


def test_it_starts_with_the_chosen_first_dealer(member_client, league):
    session = make_session(league, "taiwan", first_dealer=3)
    body = member_client.get(session.get_absolute_url()).content.decode()
    assert "Hand 1 · Dan deals" in body and badge("Dan") in body


@pytest.mark.parametrize(("friend", "dealer"), [("3", "Hyun"), ("alone", "Jin")])
def test_it_gives_the_mighty_deal_to_the_friend_or_the_lone_declarer(
    member_client, mighty, friend, dealer
):
    play(mighty, partner=friend)
    body = member_client.get(mighty.get_absolute_url()).content.decode()
    assert f"Hand 2 · {dealer} deals" in body


def test_it_offers_undo_only_once_a_hand_is_recorded(member_client, session):
    assert (
        url("undo", session.pk)
        not in member_client.get(session.get_absolute_url()).content.decode()
    )
    play(session)
    assert url("undo", session.pk) in member_client.get(session.get_absolute_url()).content.decode()


def test_it_shows_the_share_link(member_client, session):
    body = member_client.get(session.get_absolute_url()).content.decode()
    assert f"http://testserver{url('share', session.share_token)}" in body


def test_it_hides_the_record_form_once_the_session_has_ended(member_client, session):
    GameSession.objects.filter(pk=session.pk).update(ended_at=timezone.now())
    body = member_client.get(session.get_absolute_url()).content.decode()
    assert "This session has ended." in body
    assert 'id="record"' not in body
    assert url("summary", session.pk) in body


def test_it_gives_each_page_view_a_fresh_key(member_client, session):
    first, second = (
        re.search(
            r'name="key" value="([^"]+)"',
            member_client.get(session.get_absolute_url()).content.decode(),
        ).group(1)
        for _ in range(2)
    )
    assert first and second and first != second


def test_it_ignores_scores_of_other_sessions(member_client, league, session):
    other = make_session(league, "taiwan")
    play(other)
    response = member_client.get(session.get_absolute_url())
    assert response.context["totals"] == [0] * 5
    assert HandScore.objects.count() == 5


def test_it_sends_an_anonymous_visitor_to_login(anon_client, session):
    assert_sent_to_login(anon_client.get(session.get_absolute_url()))


def test_it_hides_the_table_from_a_stranger(stranger_client, session):
    assert stranger_client.get(session.get_absolute_url()).status_code == 404


def test_it_gives_the_same_404_for_a_session_that_does_not_exist(stranger_client, session):
    assert stranger_client.get(url("table", session.pk + 1000)).status_code == 404


def test_it_offers_point_targets_to_a_table_that_bids_them(member_client, league):
    session = make_session(league, options={"bid_style": "number"})
    body = member_client.get(session.get_absolute_url()).content.decode()
    assert "<legend>Point target</legend>" in body
    assert 'name="level" value="4" data-needed="12"><span>12</span>' in body
    assert "Bid level" not in body


def test_it_links_to_the_referee_with_the_sessions_rules(member_client, session):
    body = member_client.get(session.get_absolute_url()).content.decode()
    assert f'href="{url("referee-index")}?session={session.pk}"' in body


def test_it_names_the_partner_by_the_games_own_word(member_client, league):
    for variant, word in (("japanese-chip", "General"), ("taiwan", "Secretary")):
        session = make_session(league, variant)
        body = member_client.get(session.get_absolute_url()).content.decode()
        assert f"{word} (held the called card)" in body


def test_the_first_view_after_a_save_on_another_phone_is_the_kept_page(
    member_client, owner_client, session, htmx
):
    """A Save writes the table screen for the next phone once its answer is sent: the
    other phone opening the table is served it, with its own token and a fresh key."""
    owner_client.get(url("table", session.pk))
    assert (
        member_client.post(url("record", session.pk), hand_data(session), **htmx).status_code == 200
    )
    with CaptureQueriesContext(connection) as queries:
        page = owner_client.get(url("table", session.pk))
    assert page.status_code == 200 and "Record hand 2" in page.content.decode()
    assert not [q for q in queries.captured_queries if "scoring_handscore" in q["sql"]]
    keys = re.findall(r'name="key" value="([^"]+)"', page.content.decode())
    assert keys and keys[0] != "00000000-0000-4000-8000-7c1f0e5a0000"
