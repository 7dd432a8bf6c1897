"""A hand's notation as a public link (/r/<notation>/): anyone, signed out, sees the hand
the notation alone stands for, its seats named by the link or numbered; a notation the
engine refuses says where and why. The QR codes of that link, of a session's share link
and of an invitation are drawn on the server as SVG."""

import re

import pytest

from scoring.leagues.people import invite
from scoring.models import GameSession, Invitation
from scoring.table import qr
from tests.factories import RECORDS, url

pytestmark = pytest.mark.django_db

NAP = RECORDS["nap"]


def link(notation, query=""):
    return url("notation-replay", notation) + query


def test_anyone_signed_out_opens_the_hand_from_its_notation(anon_client):
    response = anon_client.get(link(NAP, "?trick=2"))
    assert response.status_code == 200
    context = response.context
    assert context["replay"].names == ("Seat 1", "Seat 2", "Seat 3", "Seat 4")
    assert context["step"].number == 2
    assert [p.name for p in context["step"].plays if p.illegal] == ["Seat 4"]
    body = response.content.decode()
    assert url("login") in body  # the header's link; the page itself asks for nothing
    assert 'href="?trick=3#current" rel="next"' in body


def test_the_link_may_name_the_seats(anon_client):
    response = anon_client.get(link(NAP, "?name=Alf&name=Bert&name=Cyd&name=Dot&trick=2"))
    context = response.context
    assert context["replay"].names == ("Alf", "Bert", "Cyd", "Dot")
    assert "Dot played ♦K to trick 2" in context["step"].faults[0].reason
    body = response.content.decode()
    # Stepping keeps the names.
    assert 'href="?trick=3&amp;name=Alf&amp;name=Bert&amp;name=Cyd&amp;name=Dot#current"' in body


@pytest.mark.parametrize(
    ("names", "shown"),
    [
        (["Alf"], ("Alf", "Seat 2", "Seat 3", "Seat 4")),
        (["", "Bert"], ("Seat 1", "Bert", "Seat 3", "Seat 4")),
        (["A\x00l\u202ef"], ("Alf", "Seat 2", "Seat 3", "Seat 4")),
        (["x" * 300], ("x" * 40, "Seat 2", "Seat 3", "Seat 4")),
        (["<b>Alf</b>"], ("<b>Alf</b>", "Seat 2", "Seat 3", "Seat 4")),
    ],
)
def test_odd_names_are_cut_cleaned_and_escaped(anon_client, names, shown):
    response = anon_client.get(link(NAP), {"name": names})
    assert response.status_code == 200
    assert response.context["replay"].names == shown
    assert "<b>Alf</b>" not in response.content.decode()


@pytest.mark.parametrize(
    ("notation", "place"),
    [
        ("NR1.nap.4.1.three.HAH5H9H2.Q", "The notation, at the marked character:"),
        ("NR1.nap.4.1.three.HAH5H9H2w2", "The winner of trick 1:"),
        ("NR2.nap.4.1.three", "The notation, at the marked character:"),
        ("NR1.chess.4.1.three", "The notation, at the marked character:"),
        ("N" * 3000, "The notation:"),
    ],
)
def test_a_notation_the_engine_refuses_says_where_and_why(anon_client, notation, place):
    response = anon_client.get(link(notation))
    assert response.status_code == 400
    text = " ".join(re.sub(r"<[^>]+>", " ", response.content.decode()).split())
    assert place in text.replace("&#x27;", "'"), text


def test_the_notation_links_qr_code_is_an_svg_of_the_link(anon_client):
    response = anon_client.get(url("notation-qr", NAP) + "?name=Alf&name=Bert")
    assert response.status_code == 200
    assert response["Content-Type"] == "image/svg+xml"
    assert response["Cache-Control"] == "public, max-age=86400"
    svg = response.content.decode()
    assert svg.startswith("<svg") and "<script" not in svg and "http" not in svg.split(">", 1)[1]
    expected = qr.svg(f"http://testserver{link(NAP)}?name=Alf&name=Bert")
    assert response.content == expected
    assert anon_client.get(url("notation-qr", NAP)).content != response.content


def test_a_notation_too_long_for_a_qr_code_is_refused(anon_client):
    assert anon_client.get(url("notation-qr", "N" * 3000)).status_code == 404
    names = "&".join(f"name={'x' * 40}" for _ in range(20))
    response = anon_client.get(url("notation-qr", "N" * 1990) + "?" + names)
    assert response.status_code == 400


def test_the_share_links_qr_code(anon_client, session, owner_client):
    response = anon_client.get(url("share-qr", session.share_token))
    assert response.status_code == 200 and response["Content-Type"] == "image/svg+xml"
    assert response.content == qr.svg(f"http://testserver{url('share', session.share_token)}")
    table = owner_client.get(url("table", session.pk)).content.decode()
    assert f'src="{url("share-qr", session.share_token)}"' in table
    old = session.share_token
    GameSession.objects.filter(pk=session.pk).update(share_token=None)
    assert anon_client.get(url("share-qr", old)).status_code == 404


def test_an_open_invitations_qr_code(anon_client, owner_client, owner, league, session):
    player = session.seat_list[0].player
    invitation = invite(player, owner)
    response = anon_client.get(url("invitation-qr", invitation.code))
    assert response.status_code == 200 and response["Content-Type"] == "image/svg+xml"
    expected = qr.svg(f"http://testserver{invitation.get_absolute_url()}")
    assert response.content == expected
    people = owner_client.get(url("people", league.pk)).content.decode()
    assert f'src="{url("invitation-qr", invitation.code)}"' in people
    Invitation.objects.filter(pk=invitation.pk).update(state=Invitation.REVOKED)
    assert anon_client.get(url("invitation-qr", invitation.code)).status_code == 404
    assert anon_client.get(url("invitation-qr", "NOPE-NOPE-NOPE")).status_code == 404
