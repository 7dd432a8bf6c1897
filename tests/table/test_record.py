"""Record hand: the entry scored by the engine and saved once, or refused with a message."""

import json
import re
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
    make_session,
    stored_deltas,
    url,
)


def record(client, session, data, **headers):
    return client.post(url("record", session.pk), data, **headers)


def test_it_saves_a_hand_of_each_variant_with_the_engines_scores(member_client, any_session):
    response = record(member_client, any_session, hand_data(any_session))
    assert response.status_code == 302
    assert response.url == any_session.get_absolute_url()
    hand = Hand.objects.get(session=any_session)
    assert (hand.number, hand.dealer, hand.status, hand.declarer) == (1, 0, Hand.PLAYED, 0)
    assert hand.lines and hand.made is True
    assert stored_deltas(hand) == hand.engine_score().deltas


def test_it_confirms_the_save_on_the_table(member_client, session):
    response = record(member_client, session, hand_data(session), follow=True)
    body = response.content.decode()
    assert "Hand 1 saved." in body
    assert "Record hand 2" in body


def test_it_stores_what_was_entered(member_client, session):
    record(member_client, session, hand_data(session))
    hand = Hand.objects.get()
    assert (hand.contract, hand.called_card, hand.partner) == ("3S", "HA", 1)
    assert (hand.mode, hand.declarer_points, hand.points) == (Hand.COUNT, 12, 12)
    assert stored_deltas(hand) == (120, 60, -60, -60, -60)


def test_it_records_a_double_tapped_save_once(member_client, session):
    data = hand_data(session)
    first = record(member_client, session, data)
    second = record(member_client, session, data)
    assert first.status_code == second.status_code == 302
    assert Hand.objects.count() == 1
    assert len(stored_deltas(Hand.objects.get())) == 5


def test_it_answers_htmx_with_just_what_changed(member_client, session, htmx):
    """No redirect, no reload: the scoreboard, the new row and a fresh form, swapped in."""
    response = record(member_client, session, hand_data(session), **htmx)
    assert response.status_code == 200
    assert "HX-Redirect" not in response
    steps = {"number": 1, "from": 0, "to": 1}  # the table's versions around the Save
    assert json.loads(response["HX-Trigger"]) == {"hand-saved": steps}
    body = response.content.decode()
    assert body.lstrip().startswith('<section id="record">')
    assert "Record hand 2" in body and "Hand 1 saved." in body
    assert '<section id="board" aria-label="Scoreboard" hx-swap-oob="true">' in body
    assert '<span class="total">+120</span>' in body and "Hand 2 · Ben deals" in body
    assert '<tbody hx-swap-oob="afterbegin:#hand-rows"><tr id="hand-1">' in body
    assert "<html" not in body
    assert Hand.objects.count() == 1
    fresh = re.search(r'name="key" value="([^"]+)"', body).group(1)
    assert fresh != hand_data(session)["key"] and Hand.objects.get().key != fresh


def test_it_numbers_hands_and_passes_the_deal(member_client, session):
    for _ in range(3):
        record(member_client, session, hand_data(session))
    assert list(Hand.objects.values_list("number", "dealer")) == [(1, 0), (2, 1), (3, 2)]


def test_it_records_a_declarer_playing_alone(member_client, session):
    record(member_client, session, hand_data(session, partner="alone", points="10"))
    hand = Hand.objects.get()
    assert hand.partner is None
    assert stored_deltas(hand) == hand.engine_score().deltas


def test_it_treats_the_declarer_named_as_partner_as_alone(member_client, session):
    record(member_client, session, hand_data(session, partner="0"))
    assert Hand.objects.get().partner is None


def test_it_records_the_card_grid_with_discards(member_client, session):
    declarer = {"SA", "SK", "SQ", "SJ", "HA", "HK", "HQ", "HJ", "DA"}
    data = hand_data(
        session,
        mode="cards",
        points=None,
        **grid(
            session,
            lambda c: (
                "0" if c in declarer else "1" if c == "DK" else "discard" if c == "DQ" else "3"
            ),
        ),
    )
    response = record(member_client, session, data)
    assert response.status_code == 302
    hand = Hand.objects.get()
    assert hand.mode == Hand.CARDS
    assert sorted(hand.captured["0"]) == sorted(declarer)
    assert hand.captured["1"] == ["DK"] and hand.discards == ["DQ"]
    assert hand.points == hand.engine_score().declarer_points
    assert_scores_match_engine(session)


def test_it_records_a_thai_topple_without_tricks(member_client, thai):
    data = hand_data(thai, toppled="on", **{f"tricks_{s}": None for s in range(5)})
    record(member_client, thai, data)
    hand = Hand.objects.get()
    assert hand.toppled and hand.tricks is None and hand.made is False
    assert stored_deltas(hand) == (0, 0, 1, 1, 1)


def test_it_records_a_passed_out_hand_with_no_score(member_client, session):
    passed = {"key": str(uuid.uuid4()), "action": "passed", **drawn_for(session)}
    response = record(member_client, session, passed)
    assert response.status_code == 302
    hand = Hand.objects.get()
    assert hand.passed_out and hand.declarer is None
    assert stored_deltas(hand) == ()
    table = member_client.get(session.get_absolute_url()).content.decode()
    assert "Hand 2 · Ben deals" in table


def test_it_records_a_passed_out_hand_even_with_a_half_filled_form(member_client, session):
    data = hand_data(session, points="99", declarer=None, action="passed")
    assert record(member_client, session, data).status_code == 302
    assert Hand.objects.get().passed_out


def test_it_records_a_double_tapped_redeal_once(member_client, session, htmx):
    data = {"key": str(uuid.uuid4()), "action": "passed", **drawn_for(session)}
    for _ in range(2):
        response = record(member_client, session, data, **htmx)
        steps = {"number": 1, "from": 0, "to": 1}
        assert json.loads(response["HX-Trigger"]) == {"hand-saved": steps}
        assert "Record hand 2" in response.content.decode()
    assert Hand.objects.count() == 1


BAD_ENTRIES = [
    ("taiwan", {"declarer": None}, "This field is required."),
    ("taiwan", {"declarer": "7"}, "Select a valid choice. 7 is not one of the available choices."),
    ("taiwan", {"declarer": "Ann"}, "Select a valid choice."),
    ("taiwan", {"partner": "9"}, "Select a valid choice."),
    ("taiwan", {"partner": None}, "Choose who held the called card, or “alone”."),
    ("taiwan", {"level": "9"}, "Select a valid choice."),
    ("taiwan", {"level": None}, "Choose the bid and the trump."),
    ("taiwan", {"trump": "X"}, "Select a valid choice."),
    ("taiwan", {"called_rank": None}, "Choose the rank of the called card."),
    ("taiwan", {"points": "17"}, "less than or equal to 16"),
    ("taiwan", {"points": "-1"}, "greater than or equal to 0"),
    ("taiwan", {"points": "twelve"}, "Enter a whole number."),
    ("taiwan", {"points": None}, "Choose the result."),
    ("taiwan", {"mode": "guess"}, "Select a valid choice."),
    ("japanese-chip", {"points": "21"}, "less than or equal to 20"),
    ("japanese-chip", {"level": "10"}, "Select a valid choice."),
    ("mighty", {"level": "12"}, "Select a valid choice."),
    ("mighty", {"points": "21"}, "less than or equal to 20"),
    ("thai", {"tricks_4": "0"}, "The tricks add up to 9, but a hand has 10 tricks."),
    ("thai", {"tricks_4": "2"}, "The tricks add up to 11, but a hand has 10 tricks."),
    ("thai", {"tricks_2": "-1"}, "greater than or equal to 0"),
    ("nap", {"tricks_0": "6"}, "less than or equal to 5"),
    ("nap", {"tricks_3": "1"}, "The tricks add up to 6, but a hand has 5 tricks."),
    ("nap", {"nap_bid": None}, "Choose the call."),
    ("nap", {"nap_bid": "grand slam"}, "Select a valid choice."),
]


@pytest.fixture
def bad_entry_session(request, league):
    return make_session(league, request.param)


@pytest.mark.parametrize(
    ("bad_entry_session", "changes", "message"), BAD_ENTRIES, indirect=["bad_entry_session"]
)
def test_it_refuses_a_bad_entry_with_a_message_and_saves_nothing(
    member_client, bad_entry_session, changes, message
):
    before = counts()
    response = record(member_client, bad_entry_session, hand_data(bad_entry_session, **changes))
    assert response.status_code == 422
    assert message in response.content.decode()
    assert counts() == before


def test_it_refuses_an_incomplete_card_grid_naming_the_missing_cards(member_client, session):
    before = counts()
    cards = grid(session, lambda c: "" if c in ("CQ", "CJ") else "0")
    response = record(member_client, session, hand_data(session, mode="cards", **cards))
    assert response.status_code == 422
    body = response.content.decode()
    assert "Place every point card before saving; still unplaced: ♣Q ♣J." in body
    assert counts() == before


def test_it_refuses_a_card_grid_with_too_many_discards(member_client, session):
    before = counts()
    cards = grid(session, lambda c: "discard" if c.startswith("S") or c == "HA" else "0")
    response = record(member_client, session, hand_data(session, mode="cards", **cards))
    assert response.status_code == 422
    assert "5 point cards discarded, but only 4 cards are discarded in this game." in (
        response.content.decode()
    )
    assert counts() == before


def test_it_refuses_a_card_given_to_an_unknown_seat(member_client, session):
    before = counts()
    cards = grid(session, lambda c: "5" if c == "SA" else "0")
    response = record(member_client, session, hand_data(session, mode="cards", **cards))
    assert response.status_code == 422
    assert "Select a valid choice. 5 is not one of the available choices." in (
        response.content.decode()
    )
    assert counts() == before


def test_it_keeps_what_was_entered_when_it_refuses(member_client, session):
    response = record(member_client, session, hand_data(session, points="17"))
    form = response.context["form"]
    assert form["declarer"].value() == "0"
    assert form["level"].value() == "3"


@pytest.mark.parametrize("key", ["not-a-uuid", "", None])
def test_it_refuses_a_garbled_key_and_hands_out_a_fresh_one(member_client, session, key):
    data = hand_data(session)
    del data["key"]
    if key is not None:
        data["key"] = key
    response = record(member_client, session, data)
    assert response.status_code == 400
    assert "This form is out of date; it has been reloaded. Try again." in (
        response.content.decode()
    )
    assert not Hand.objects.exists()
    fresh = response.context["form"]["key"].value()
    assert str(uuid.UUID(fresh)) == fresh
    retry = record(member_client, session, {**data, "key": fresh})
    assert retry.status_code == 302
    assert Hand.objects.count() == 1


def test_it_refuses_a_garbled_key_on_a_redeal_too(member_client, session):
    response = record(member_client, session, {"key": "nope", "action": "passed"})
    assert response.status_code == 400
    assert "This form is out of date" in response.content.decode()
    assert not Hand.objects.exists()


def test_it_answers_a_bad_htmx_entry_with_the_record_partial(member_client, session, htmx):
    response = record(member_client, session, hand_data(session, points="17"), **htmx)
    assert response.status_code == 422  # swapped all the same (base.html's htmx-config)
    body = response.content.decode()
    assert body.lstrip().startswith('<section id="record"')
    assert "<html" not in body
    assert "less than or equal to 16" in body
    assert "HX-Redirect" not in response
    assert not Hand.objects.exists()


def test_it_answers_a_garbled_htmx_key_with_the_record_partial(member_client, session, htmx):
    response = record(member_client, session, hand_data(session, key="zzz"), **htmx)
    assert response.status_code == 400
    assert response.content.decode().lstrip().startswith('<section id="record"')
    assert "This form is out of date" in response.content.decode()


def test_it_accepts_only_post(member_client, session):
    assert member_client.get(url("record", session.pk)).status_code == 405


def test_it_sends_an_anonymous_post_to_login_and_saves_nothing(anon_client, session):
    assert_sent_to_login(record(anon_client, session, hand_data(session)))
    assert not Hand.objects.exists()


def test_it_refuses_a_stranger_and_saves_nothing(stranger_client, session):
    before = counts()
    assert record(stranger_client, session, hand_data(session)).status_code == 403
    redeal = {"key": str(uuid.uuid4()), "action": "passed"}
    assert record(stranger_client, session, redeal).status_code == 403
    assert counts() == before


def test_it_lets_the_owner_record_too(owner_client, session):
    assert record(owner_client, session, hand_data(session)).status_code == 302


def test_it_refuses_nap_one_from_anyone_but_the_dealer(member_client, league):
    session = make_session(league, "nap", first_dealer=2, options={"all_pass": "dealer_bids_one"})
    before = counts()
    one = {"nap_bid": "one", "tricks_0": "1", "tricks_1": "4", "tricks_2": "0"}
    response = record(member_client, session, hand_data(session, **one))
    assert response.status_code == 422
    assert "may be bid only by the dealer" in response.content.decode()
    assert counts() == before
    dealer = {**one, "declarer": "2", "tricks_0": "0", "tricks_2": "1"}
    assert record(member_client, session, hand_data(session, **dealer)).status_code == 302
    assert Hand.objects.get(session=session).contract == "one"


@pytest.mark.parametrize(
    ("bad_entry_session", "language", "own", "foreign"),
    [
        ("taiwan", "ja", "秘書なし", "副官なし"),
        ("japanese-chip", "ja", "副官なし", "ノーフレンド"),
        ("mighty", "ja", "ノーフレンド", "副官なし"),
        ("taiwan", "ko", "비서 없음", "노프렌드"),
        ("mighty", "ko", "노프렌드", "비서 없음"),
    ],
    indirect=["bad_entry_session"],
)
def test_it_asks_for_the_partner_in_the_games_own_words(
    member_client, bad_entry_session, language, own, foreign
):
    member_client.cookies["django_language"] = language
    response = record(member_client, bad_entry_session, hand_data(bad_entry_session, partner=None))
    html = response.content.decode()
    assert response.status_code == 422
    assert own in html and foreign not in html
