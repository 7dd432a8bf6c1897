"""The hands list: every hand, newest first, with each seat's score and an edit link."""

import html
import re

from tests.factories import (
    assert_sent_to_login,
    drawn_for,
    make_session,
    pass_out,
    play,
    stored_deltas,
    url,
)


def played(body: str, number: int) -> str:
    """The line of what was played in hand ``number``, as the page reads (no markup)."""
    found = re.search(rf'<tr id="hand-{number}">(.*?)</tr>', body, re.S)
    assert found, f"no hand {number}"
    words = html.unescape(re.sub(r"<[^>]+>", "", found.group(1)))
    return " ".join(words.split())


def test_it_lists_hands_newest_first_with_their_deltas(member_client, session):
    first = play(session)
    second = play(session, declarer="2", partner="3", points="5")
    pass_out(session)
    response = member_client.get(url("hands", session.pk))
    assert response.status_code == 200
    rows = response.context["rows"]
    assert [row["hand"].number for row in rows] == [3, 2, 1]
    assert rows[1]["deltas"] == list(stored_deltas(second))
    assert rows[2]["deltas"] == list(stored_deltas(first))
    assert rows[0]["deltas"] == [0] * 5


def test_it_shows_contract_declarer_partner_result_and_signed_scores(member_client, session):
    play(session)
    play(session, declarer="2", partner="3", points="5")
    play(session, declarer="4", partner="4", points="14")
    body = member_client.get(url("hands", session.pk)).content.decode()
    assert played(body, 1) == "1 ✎ 3♠ · Ann · secretary Ben · ✓ made 12 (target 11)"
    assert played(body, 2) == "2 ✎ 3♠ · Cat · secretary Dan · ✗ failed 5 (target 11)"
    assert played(body, 3) == "3 ✎ 3♠ · Eve · secretary alone · ✓ made 14 (target 11)"
    assert '3<span class="suit-S">♠</span>' in body
    assert "<td>+120</td>" in body and '<td class="neg">−60</td>' in body


def test_it_prints_hearts_and_diamonds_red(member_client, session):
    play(session, trump="H")
    play(session, trump="D")
    body = member_client.get(url("hands", session.pk)).content.decode()
    assert '3<span class="suit-H">♥</span>' in body and "3♥ · Ann" in played(body, 1)
    assert '3<span class="suit-D">♦</span>' in body and "3♦ · Ann" in played(body, 2)


def test_it_marks_a_passed_out_hand(member_client, session):
    pass_out(session)
    assert "passed out" in member_client.get(url("hands", session.pk)).content.decode()


def test_it_names_nap_calls_and_thai_draws(member_client, nap, thai):
    play(nap)
    play(thai, tricks_0="3", tricks_1="3", tricks_2="2", tricks_3="1", tricks_4="1", level="2")
    nap_line = played(member_client.get(url("hands", nap.pk)).content.decode(), 1)
    assert nap_line == "1 ✎ three · Alf · ✓ made 3 (target 3)"  # Nap: no partner
    thai_line = played(member_client.get(url("hands", thai.pk)).content.decode(), 1)
    assert thai_line.startswith("1 ✎ 2♠ · Nok · friend Pim · = draw")


def test_it_links_every_hand_to_its_edit_page(member_client, session):
    play(session)
    play(session)
    body = member_client.get(url("hands", session.pk)).content.decode()
    assert url("edit-hand", session.pk, 1) in body
    assert url("edit-hand", session.pk, 2) in body


def test_it_says_when_there_are_no_hands(member_client, session):
    assert "No hands yet." in member_client.get(url("hands", session.pk)).content.decode()


def test_it_sends_an_anonymous_visitor_to_login(anon_client, session):
    assert_sent_to_login(anon_client.get(url("hands", session.pk)))


def test_it_hides_the_hands_from_a_stranger(stranger_client, session):
    play(session)
    assert stranger_client.get(url("hands", session.pk)).status_code == 404


def test_it_adds_a_sum_column_once_a_hand_is_not_zero_sum(member_client, league):
    session = make_session(league, "hongkong")
    play(session)  # 3♠ made with 12 (1 over): napoleon +130, secretary +65, defenders 0
    body = member_client.get(url("hands", session.pk)).content.decode()
    assert "Σ</abbr></th>" in body
    assert '<td class="muted">+195</td>' in body


def test_it_has_no_sum_column_when_every_hand_sums_to_zero(member_client, session):
    play(session)
    assert "Σ" not in member_client.get(url("hands", session.pk)).content.decode()


def test_it_puts_the_edit_link_first_so_a_narrow_screen_shows_it(member_client, session):
    play(session)
    body = member_client.get(url("hands", session.pk)).content.decode()
    start = '<tr id="hand-1"><td colspan="5" class="played"><a class="tap number" href="'
    assert start + url("edit-hand", session.pk, 1) in body


def test_it_has_no_sum_column_for_a_count_of_wins(member_client, thai):
    play(thai)  # each winner scores 1: the hand sums to 3, which means nothing
    assert "Σ" not in member_client.get(url("hands", thai.pk)).content.decode()


def test_it_offers_no_edit_once_the_session_has_ended(member_client, session):
    """An ended session's hands cannot change: no edit link that would drop an edit;
    the page says to reopen the session first, and offers it."""
    play(session)
    member_client.post(url("end", session.pk), drawn_for(session))
    body = member_client.get(url("hands", session.pk)).content.decode()
    assert url("edit-hand", session.pk, 1) not in body
    assert "Reopen it to edit them." in body
    assert f'action="{url("reopen", session.pk)}"' in body
    page = member_client.get(url("edit-hand", session.pk, 1)).content.decode()
    assert 'id="hand-form"' not in page and "Reopen the session to edit this hand." in page
