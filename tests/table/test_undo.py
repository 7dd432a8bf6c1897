"""Undo: a confirmation that shows the last hand, then only that hand is removed."""

from scoring.models import Hand, HandScore
from tests.factories import assert_sent_to_login, counts, pass_out, play, url


def test_it_shows_what_will_be_removed(member_client, session):
    play(session)
    play(session, declarer="2", partner="3", points="13")
    response = member_client.get(url("undo", session.pk))
    assert response.status_code == 200
    body = response.content.decode()
    assert "Hand 2" in body and "3♠ · Cat" in body
    assert "<td>Cat</td><td>+140</td>" in body
    assert "<td>Ann</td><td>−70</td>" in body
    assert 'name="number" value="2"' in body
    assert "Remove hand 2" in body
    assert Hand.objects.count() == 2  # looking removes nothing


def test_it_shows_a_passed_out_hand(member_client, session):
    pass_out(session)
    assert "passed out" in member_client.get(url("undo", session.pk)).content.decode()


def test_it_says_when_there_is_nothing_to_undo(member_client, session):
    body = member_client.get(url("undo", session.pk)).content.decode()
    assert "There is no hand to undo." in body
    assert 'name="number"' not in body


def test_it_removes_the_last_hand_and_its_scores(member_client, session):
    first = play(session)
    play(session)
    response = member_client.post(url("undo", session.pk), {"number": "2"})
    assert response.status_code == 302
    assert response.url == session.get_absolute_url()
    assert list(Hand.objects.all()) == [first]
    assert HandScore.objects.count() == 5
    table = member_client.get(response.url).content.decode()
    assert "Hand 2 removed." in table
    assert "Hand 2 · Ben deals" in table


def test_it_removes_one_hand_for_a_double_tapped_undo(member_client, session):
    play(session)
    play(session)
    member_client.post(url("undo", session.pk), {"number": "2"})
    again = member_client.post(url("undo", session.pk), {"number": "2"})
    assert again.status_code == 302
    assert again.url == url("undo", session.pk)
    assert list(Hand.objects.values_list("number", flat=True)) == [1]
    assert "Nothing was undone" in member_client.get(again.url).content.decode()


def test_it_removes_nothing_when_the_last_hand_has_changed(member_client, session):
    play(session)
    play(session)
    before = counts()
    member_client.post(url("undo", session.pk), {"number": "1"})
    assert counts() == before


def test_it_removes_nothing_for_a_garbled_number(member_client, session):
    play(session)
    before = counts()
    for data in ({"number": "last"}, {}):
        response = member_client.post(url("undo", session.pk), data, follow=True)
        assert "Nothing was undone" in response.content.decode()
    assert counts() == before


def test_it_sends_an_anonymous_visitor_to_login(anon_client, session):
    play(session)
    assert_sent_to_login(anon_client.get(url("undo", session.pk)))
    assert_sent_to_login(anon_client.post(url("undo", session.pk), {"number": "1"}))
    assert Hand.objects.count() == 1


def test_it_hides_the_page_from_a_stranger(stranger_client, session):
    play(session)
    assert stranger_client.get(url("undo", session.pk)).status_code == 404


def test_it_refuses_a_strangers_undo_and_removes_nothing(stranger_client, session):
    play(session)
    before = counts()
    assert stranger_client.post(url("undo", session.pk), {"number": "1"}).status_code == 403
    assert counts() == before
