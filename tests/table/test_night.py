"""Share the night: the final standings carry a few plain lines for the table's chat (the
winners, every total best first, the best hand, the hands played), in the reader's
language and the game's own words."""

import html
import re
from decimal import Decimal

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


def test_it_adds_the_money_and_who_pays_whom_with_a_stake(member_client, league):
    session = make_session(league, stake=Decimal("0.10"))
    play(session)  # Ann +120, Ben +60, the others −60: at 0.10 a point
    lines = night(member_client, session)
    # The money as the standings write it (the league's currency, its own decimals).
    assert lines[2:5] == ["1. Ann +120 (+12.00)", "2. Ben +60 (+6.00)", "3. Cat −60 (−6.00)"]
    paid = [line for line in lines if " pays " in line]
    assert paid and all(line.split(" pays ")[1].split()[0] in ("Ann", "Ben") for line in paid)


def test_it_writes_no_money_without_a_stake(member_client, session):
    play(session)
    assert not any("(" in line and line[0].isdigit() for line in night(member_client, session))


def test_the_plain_text_link_works_without_script(member_client, client, session):
    play(session)
    page = member_client.get(url("summary", session.pk)).content.decode()
    assert f'href="{url("night-text", session.pk)}"' in page
    response = member_client.get(url("night-text", session.pk))
    assert response.status_code == 200
    assert response["Content-Type"] == "text/plain; charset=utf-8"
    assert response.content.decode().splitlines() == night(member_client, session)
    assert client.get(url("night-text", session.pk)).status_code == 302  # signed in only


def test_the_plain_text_before_the_first_hand_says_so(member_client, session):
    response = member_client.get(url("night-text", session.pk))
    assert response.content.decode() == "No hands yet.\n"
