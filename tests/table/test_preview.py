"""The live preview: the engine's verdict on the form as it stands, saving nothing."""

import re
import uuid

import pytest
from django.utils.html import escape

from scoring.rules.scores import signed
from scoring.table.form import HandForm
from tests.factories import (
    HANDS,
    assert_sent_to_login,
    counts,
    hand_data,
    make_session,
    url,
)


def preview(client, session, data, htmx):
    return client.post(url("preview", session.pk), data, **htmx)


def test_it_shows_every_seats_score_and_the_reasons(member_client, session, htmx):
    response = preview(member_client, session, hand_data(session), htmx)
    assert response.status_code == 200
    body = response.content.decode()
    assert body.lstrip().startswith('<div id="preview"')
    assert "<html" not in body
    assert "Made" in body
    # Every seat's name over its score, in seat order; the reasons go below the form.
    assert '<tr><th scope="col">Ann</th><th scope="col">Ben</th><th scope="col">Cat</th>' in body
    assert '<tr><td>+120</td><td>+60</td><td class="neg">−60</td>' in body
    assert "12 (target 11)" in body
    assert '<ul id="reasons" class="lines" hx-swap-oob="true">' in body
    assert "standard contract made" in body
    assert "1 over the target" in body


def test_it_previews_each_variant(member_client, any_session, htmx):
    data = hand_data(any_session)
    body = preview(member_client, any_session, data, htmx).content.decode()
    form = HandForm(any_session, data)
    assert form.is_valid()
    for line in form.score.lines:
        assert escape(line) in body
    for name, delta in form.preview_rows():
        assert f'<th scope="col">{name}</th>' in body
        assert signed(delta) in body


def test_it_shows_a_failed_contract(member_client, session, htmx):
    body = preview(member_client, session, hand_data(session, points="5"), htmx).content.decode()
    assert "Failed" in body


def test_it_shows_why_the_entry_cannot_be_scored(member_client, thai, htmx):
    response = preview(member_client, thai, hand_data(thai, tricks_4="5"), htmx)
    body = response.content.decode()
    assert 'class="err"' in body
    assert "The tricks add up to 14, but a hand has 10 tricks." in body


def test_it_shows_a_hint_before_the_declarer_is_chosen(member_client, session, htmx):
    body = preview(member_client, session, {"key": "x"}, htmx).content.decode()
    assert "The score shows here before you save." in body


def test_it_does_not_complain_about_the_hidden_key(member_client, session, htmx):
    body = preview(member_client, session, hand_data(session, key="garbage"), htmx).content
    assert b"UUID" not in body


def test_it_saves_nothing(member_client, session, htmx):
    before = counts()
    preview(member_client, session, hand_data(session), htmx)
    assert counts() == before


def test_it_accepts_only_post(member_client, session):
    assert member_client.get(url("preview", session.pk)).status_code == 405


def test_it_sends_an_anonymous_post_to_login(anon_client, session, htmx):
    assert_sent_to_login(preview(anon_client, session, hand_data(session), htmx))


def test_it_refuses_a_stranger(stranger_client, session, htmx):
    assert preview(stranger_client, session, hand_data(session), htmx).status_code == 403


def test_it_shows_the_sum_of_a_hand_that_is_not_zero_sum(member_client, league, htmx):
    session = make_session(league, "hongkong")
    body = preview(member_client, session, hand_data(session), htmx).content.decode()
    assert "Sum (this table is not zero-sum) +195" in body


def test_it_shows_no_sum_when_the_hand_sums_to_zero(member_client, session, htmx):
    body = preview(member_client, session, hand_data(session), htmx).content.decode()
    assert "zero-sum" not in body


def test_it_shows_no_sum_for_a_count_of_wins(member_client, league, thai, nap, htmx):
    """Thai, Nap (points) and the Japanese wins table count wins: a sum means nothing."""
    japanese = make_session(league, "japanese", names=["Aki", "Ben", "Chie", "Dai", "Emi"])
    entries = (
        (thai, hand_data(thai)),
        (nap, hand_data(nap)),
        (japanese, {**HANDS["japanese-chip"], "key": str(uuid.uuid4())}),
    )
    for session, body in entries:
        answer = preview(member_client, session, body, htmx).content.decode()
        assert 'class="deltas"' in answer and "zero-sum" not in answer


def test_a_thai_betrayal_says_so_on_the_verdicts_own_line(member_client, thai, htmx):
    # The friend (seat 1) took more tricks than the napoleon: enough for the side, and
    # yet the napoleon loses. The line that says "Failed" says why.
    data = hand_data(thai, tricks_0="2", tricks_1="5", tricks_2="1", tricks_3="1", tricks_4="1")
    body = preview(member_client, thai, data, htmx).content.decode()
    verdict = body[body.index('<p class="verdict">') :].split("</p>")[0]
    assert "Failed" in verdict and "7 (target 6)" in verdict  # enough tricks, and yet
    assert "7 (target 6) · betrayal: the friend took more tricks" in verdict


def test_a_verdict_the_count_decides_says_no_more(member_client, thai, htmx):
    body = preview(member_client, thai, hand_data(thai), htmx).content.decode()
    verdict = body[body.index('<p class="verdict">') :].split("</p>")[0]
    assert "betray" not in verdict and "(target" in verdict


# A house rule of rules-house.md §8.10 in the table's options: the preview pays what the rule
# says and its reasons name the rule. (options, the hand's changes, every seat's score, words)
HOUSE_PREVIEWS = {
    "failed-pays-back": (
        {"formula": "pagat", "failed_pays_back": True},
        {"level": "15", "points": "13"},
        ["−14", "−7", "+7", "+7", "+7"],
        "paying back",
    ),
    "made-at-least-one": (
        {"formula": "pagat", "made_at_least_one": True},
        {"level": "13", "points": "13"},
        ["+2", "+1", "−1", "−1", "−1"],
        "at least 1",
    ),
}


@pytest.mark.parametrize(
    ("options", "changes", "scores", "words"),
    list(HOUSE_PREVIEWS.values()),
    ids=list(HOUSE_PREVIEWS),
)
def test_it_previews_a_house_rule_of_the_score(
    member_client, league, htmx, options, changes, scores, words
):
    mighty = make_session(league, "mighty", options=options)
    body = preview(member_client, mighty, hand_data(mighty, **changes), htmx).content.decode()
    cells = re.findall(r"<td(?: class=\"neg\")?>([^<]*)</td>", body)
    assert cells[: len(scores)] == scores, cells
    reasons = body[body.index('<ul id="reasons"') :]
    assert words in reasons and "(house rule)" in reasons, reasons
