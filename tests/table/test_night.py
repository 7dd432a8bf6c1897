"""Share the night: the final standings carry a few plain lines for the table's chat (the
winners, every total best first, the best hand, the hands played), in the reader's
language and the game's own words."""

import html
import re

import pytest

from scoring.models import HandScore
from tests.factories import call_deal_miss, make_session, pass_out, play, url

NIGHT = re.compile(r'<textarea id="night-text"[^>]*>(.*?)</textarea>', re.S)


def night(client, session, language="en") -> list[str]:
    client.cookies["django_language"] = language
    response = client.get(url("summary", session.pk), HTTP_ACCEPT_LANGUAGE=language)
    assert response.status_code == 200
    found = NIGHT.search(response.content.decode())
    return html.unescape(found.group(1)).splitlines() if found else []


def test_it_writes_the_night_in_a_few_plain_lines(member_client, session):
    play(session)  # Ann 3♠ with Ben, 12: +120, +60, −60 each
    play(session, declarer="2", partner="3", points="9")  # Cat and Dan fail
    pass_out(session)
    lines = night(member_client, session)
    totals = dict(zip(["Ann", "Ben", "Cat", "Dan", "Eve"], session.totals(), strict=True))
    ranked = sorted(totals.items(), key=lambda item: -item[1])
    assert lines[0] == "Thursday table · Taiwan Napoleon · March 14, 2025"
    assert lines[1].startswith(f"Winner: {ranked[0][0]} (+")
    assert [line.split(". ", 1)[1].split()[0] for line in lines[2:7]] == [n for n, _t in ranked]
    best = HandScore.objects.filter(hand__session=session).order_by("-delta").first()
    assert lines[7].startswith(
        f"Best hand: {best.player.name} +{best.delta}, hand {best.hand.number}"
    )
    assert lines[8] == "2 hands played"
    assert all("<" not in line and "*" not in line for line in lines)  # no markup to show


def test_it_names_the_winners_level_on_points_and_shares_their_place(member_client, league):
    session = make_session(league, "mighty", options={"deal_miss": "on"})
    play(session)
    play(session, declarer="1", partner="0")  # the same score the other way round
    call_deal_miss(session, 3)
    lines = night(member_client, session)
    assert lines[1].startswith("Winners: Jin, Min (+")
    assert [line.split(".")[0] for line in lines[2:7]] == ["1", "1", "3", "3", "3"]
    assert "(Declarer Jin, 13♠, made)" in lines[7]  # the Mighty's own word
    assert lines[8] == "2 hands played"  # the deal miss was not played


@pytest.mark.parametrize(
    ("language", "winner", "role", "hands"),
    [
        ("ko", "우승: Jin", "(주공 Jin, 13♠, ", "2판"),
        ("ja", "Jin", "Jin", "2"),
        ("fr", "Jin", "Jin", "2"),
    ],
)
def test_it_speaks_the_readers_language(member_client, mighty, language, winner, role, hands):
    play(mighty)
    play(mighty)
    lines = night(member_client, mighty, language)
    assert winner in lines[1] and role in lines[7] and hands in lines[8]
    english = night(member_client, mighty, "en")
    assert lines[1] != english[1] and lines[8] != english[8]


def test_it_has_nothing_to_share_before_the_first_hand(member_client, session):
    assert night(member_client, session) == []
    assert "Share the night" not in member_client.get(url("summary", session.pk)).content.decode()
