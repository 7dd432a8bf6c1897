"""Edit a hand: any hand can be corrected; its scores, and so the totals, follow."""

import uuid

import pytest

from scoring.models import Hand
from tests.factories import (
    assert_scores_match_engine,
    assert_sent_to_login,
    counts,
    drawn_for,
    grid,
    hand_data,
    pass_out,
    play,
    stored_deltas,
    totals_from_rows,
    url,
)


def edit_url(session, number=1):
    return url("edit-hand", session.pk, number)


def edited(session, hand, **changes):
    """The POST of the edit page: the hand re-entered, with its version."""
    return hand_data(session, key=hand.key, version=str(hand.version), **changes)


def test_it_shows_the_hand_as_it_was_entered(member_client, session):
    play(session)
    response = member_client.get(edit_url(session))
    assert response.status_code == 200
    form = response.context["form"]  # bound to the hand as stored, and judged
    assert form["declarer"].value() == "0"
    assert (form["level"].value(), form["trump"].value()) == ("3", "S")
    assert (form["called_suit"].value(), form["called_rank"].value()) == ("H", "A")
    assert (form["partner"].value(), form["points"].value()) == ("1", "12")
    assert form.score.deltas == (120, 60, -60, -60, -60)
    assert 'name="version" value="1"' in response.content.decode()


def test_it_shows_a_card_grid_hand_by_the_defenders_cards(member_client, session):
    cards = grid(session, lambda c: "discard" if c == "CJ" else "0" if c[0] in "SH" else "2")
    play(session, mode="cards", points=None, **cards)
    form = member_client.get(edit_url(session)).context["form"]
    assert form["grid_side"].value() == "def"
    assert form["card_SA"].value() == ""  # the napoleon's: implied
    assert form["card_DK"].value() == "in"  # a defender's: tapped
    assert form["card_CJ"].value() == "discard"
    assert form.score.declarer_points == 8


def test_it_shows_the_tricks_of_a_thai_hand(member_client, thai):
    play(thai)
    form = member_client.get(edit_url(thai)).context["form"]
    assert form["mode"].value() == "tricks"  # who took them matters in Thai: by player
    assert [form[f"tricks_{s}"].value() for s in range(5)] == ["4", "3", "1", "1", "1"]


def test_it_opens_a_passed_out_hand_for_editing(member_client, session):
    pass_out(session)
    response = member_client.get(edit_url(session))
    assert response.status_code == 200
    assert "Edit hand 1" in response.content.decode()


def test_it_saves_the_correction_and_recomputes_the_totals(member_client, session):
    hand = play(session)
    play(session)
    response = member_client.post(edit_url(session), edited(session, hand, points="6"))
    assert response.status_code == 302
    assert response.url == url("hands", session.pk)
    hand.refresh_from_db()
    assert hand.version == 2 and hand.made is False and hand.points == 6
    assert "Hand 1 updated." in member_client.get(response.url).content.decode()
    assert_scores_match_engine(session)
    table = member_client.get(session.get_absolute_url())
    assert table.context["totals"] == totals_from_rows(session)


def test_it_keeps_the_hands_number_dealer_and_key(member_client, session):
    play(session)
    hand = play(session)
    member_client.post(edit_url(session, 2), edited(session, hand, declarer="4", partner="alone"))
    after = Hand.objects.get(pk=hand.pk)
    assert (after.number, after.dealer, after.key) == (2, 1, hand.key)
    assert after.declarer == 4 and after.partner is None


def test_it_turns_a_played_hand_into_a_passed_out_one(member_client, session):
    hand = play(session)
    data = {"action": "passed", "version": str(hand.version), **drawn_for(session)}
    assert member_client.post(edit_url(session), data).status_code == 302
    hand.refresh_from_db()
    assert hand.passed_out and stored_deltas(hand) == ()
    assert totals_from_rows(session) == [0] * 5


def test_it_turns_a_passed_out_hand_into_a_played_one(member_client, mighty):
    hand = pass_out(mighty)
    assert member_client.post(edit_url(mighty), edited(mighty, hand)).status_code == 302
    hand.refresh_from_db()
    assert hand.status == Hand.PLAYED
    assert stored_deltas(hand) == hand.engine_score().deltas


def test_it_edits_each_variant(member_client, any_session):
    hand = play(any_session)
    changes = {"declarer": "1", "partner": "0"}
    if any_session.variant == "nap":  # no partner; seat 1 now takes the three tricks
        changes = {"declarer": "1", "tricks_0": "1", "tricks_1": "3"}
    response = member_client.post(edit_url(any_session), edited(any_session, hand, **changes))
    assert response.status_code == 302
    assert Hand.objects.get(pk=hand.pk).declarer == 1
    assert_scores_match_engine(any_session)


def test_it_ignores_a_garbled_key(member_client, session):
    hand = play(session)
    data = {**edited(session, hand, points="14"), "key": "garbage"}
    assert member_client.post(edit_url(session), data).status_code == 302
    assert Hand.objects.get().points == 14


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"points": "17"}, "less than or equal to 16"),
        ({"declarer": None}, "This field is required."),
        ({"declarer": "8"}, "Select a valid choice."),
        ({"mode": "cards"}, "Place every point card before saving"),
    ],
)
def test_it_refuses_a_bad_correction_and_changes_nothing(member_client, session, changes, message):
    hand = play(session)
    before = (counts(), stored_deltas(hand))
    response = member_client.post(edit_url(session), edited(session, hand, **changes))
    assert response.status_code == 422
    assert message in response.content.decode()
    assert (counts(), stored_deltas(hand)) == before
    assert Hand.objects.get().version == 1


def test_it_refuses_a_stale_edit_and_says_so(member_client, owner_client, session):
    hand = play(session)
    opened = edited(session, hand, points="14")
    assert (
        owner_client.post(edit_url(session), edited(session, hand, points="6")).status_code == 302
    )
    response = member_client.post(edit_url(session), opened)
    assert response.status_code == 409
    assert "Someone else saved this hand while you were editing it (now version 2)" in (
        response.content.decode()
    )
    assert Hand.objects.get().points == 6


def test_it_gives_404_for_a_hand_that_does_not_exist(member_client, session):
    play(session)
    assert member_client.get(edit_url(session, 2)).status_code == 404
    assert member_client.post(edit_url(session, 2), hand_data(session)).status_code == 404


def test_it_sends_an_anonymous_visitor_to_login(anon_client, session):
    hand = play(session)
    assert_sent_to_login(anon_client.get(edit_url(session)))
    assert_sent_to_login(anon_client.post(edit_url(session), edited(session, hand, points="1")))
    assert Hand.objects.get().points == 12


def test_it_hides_the_hand_from_a_stranger(stranger_client, session):
    play(session)
    assert stranger_client.get(edit_url(session)).status_code == 404


def test_it_refuses_a_strangers_edit_and_changes_nothing(stranger_client, session):
    hand = play(session)
    before = (counts(), stored_deltas(hand))
    response = stranger_client.post(edit_url(session), edited(session, hand, points="1"))
    assert response.status_code == 403
    passed = stranger_client.post(edit_url(session), {"action": "passed", "key": str(uuid.uuid4())})
    assert passed.status_code == 403
    assert (counts(), stored_deltas(hand)) == before
    assert Hand.objects.get().version == 1


def test_it_opens_with_the_stored_hands_score_in_the_preview(member_client, any_session):
    hand = play(any_session)
    response = member_client.get(edit_url(any_session))
    assert response.context["form"].score.deltas == hand.engine_score().deltas
    assert "Tap the declarer, the contract and the result" not in response.content.decode()


def test_it_opens_a_card_grid_hand_with_its_score(member_client, session):
    cards = grid(session, lambda c: "discard" if c == "CJ" else "0" if c[0] in "SH" else "2")
    hand = play(session, mode="cards", points=None, **cards)
    form = member_client.get(edit_url(session)).context["form"]
    assert form.score.deltas == hand.engine_score().deltas
