"""Six-player Mighty's kill in the trick, legal-play and score tools.

The killed seat (``ko``) sits the hand out: a trick holds one card per live player, its
seats go round the others, and the killed seat can neither lead, declare nor be the friend.
"""

import re

import pytest
from django.urls import reverse
from hypothesis import given
from hypothesis import strategies as st

from tests.referee.conftest import make_session
from tests.referee.support import FUZZ, errors, follow, local, page, permalink, ruling, text_of

# Its fuzzer draws a share of its examples (tests/fuzzing.py): `-m slow` runs them all.
pytestmark = pytest.mark.slow

TRICK = reverse("scoring:referee-trick")
LEGAL = reverse("scoring:referee-legal")
SCORE = reverse("scoring:referee-score")
SIX = "v=mighty&n=6"
SCORED = f"{SIX}&ko=3&d=0&x=14S&f=1&r=15"  # a made hand, seat 4 killed


def slots(response) -> list[tuple[str, str]]:
    """The trick as drawn: (who, card) for each slot."""
    found = re.findall(
        r'<li class="ref-slot[^"]*">\s*<span class="who">(.*?)</span>\s*(<span class="pc[^>]*>.*?</span>)',
        page(response),
        re.S,
    )
    return [(text_of(who), text_of(card)) for who, card in found]


def chips(response, name: str) -> list[str]:
    """The labels of a field's chips, in order."""
    fieldset = re.search(rf'<fieldset[^>]*id="field-{name}">(.*?)</fieldset>', page(response), re.S)
    assert fieldset, f"no field {name}"
    return [text_of(label) for label in re.findall(r"<span[^>]*>(.*?)</span>", fieldset.group(1))]


# ---- the trick: one card per live player, seats round the killed one -----------------------

# (query, who wins, the seats of the slots in play order)
TRICKS = [
    # Seat 3 is killed: the trick goes 1, 2, 4, 5, 6 and ♣A of seat 4 wins.
    (
        f"{SIX}&ko=2&t=H&k=3&l=0&p=C3.JK.CA.C5.C9&j=1",
        "Seat 4",
        ["Seat 1", "Seat 2", "Seat 4", "Seat 5", "Seat 6"],
    ),
    # Led from seat 5 with seat 6 killed: 5, 1, 2, 3, 4.
    (
        f"{SIX}&ko=5&t=S&k=4&l=4&p=D2.DA.D3.D4.D5",
        "Seat 1",
        ["Seat 5", "Seat 1", "Seat 2", "Seat 3", "Seat 4"],
    ),
    # The Mighty wins whoever holds it, the killed seat skipped.
    (
        f"{SIX}&ko=0&t=H&k=5&l=3&p=H2.H3.SA.H4.H5",
        "Seat 6",
        ["Seat 4", "Seat 5", "Seat 6", "Seat 2", "Seat 3"],
    ),
]


@pytest.mark.parametrize(("query", "winner", "seats"), TRICKS)
def test_it_rules_a_trick_of_five_round_the_killed_seat(client, query, winner, seats):
    response = follow(client, f"{TRICK}?{query}")
    assert response.status_code == 200
    assert ruling(response).startswith(f"{winner} wins the trick"), errors(response)
    assert [who for who, _card in slots(response)] == seats


def test_it_asks_who_was_killed_and_draws_five_slots(client):
    response = follow(client, f"{TRICK}?{SIX}&t=H&k=3&l=0&p=C3.JK.CA.C5.C9")
    assert ruling(response) is None
    assert "Pick the seat that sits this hand out." in errors(response)
    assert len(slots(response)) == 5
    assert "Killed (sits this hand out)" in page(response)


def test_it_takes_no_sixth_card(client):
    full = f"{SIX}&ko=2&t=H&k=3&l=0&p=C3.JK.CA.C5.C9"
    response = client.get(f"{TRICK}?{full}&add=D2")
    assert local(response["Location"]) == f"{TRICK}?{full}"


@pytest.mark.parametrize(
    ("tool", "query", "field", "message"),
    [
        (TRICK, f"{SIX}&ko=0&t=H&k=3&l=0&p=C3.JK.CA.C5.C9", "l", "Seat 1 was killed"),
        (LEGAL, f"{SIX}&ko=2&t=H&k=3&l=2&h=C9.H2", "l", "Seat 3 was killed"),
        (SCORE, f"{SIX}&ko=1&d=1&x=14S&f=0&r=15", "d", "so they cannot declare"),
        (SCORE, f"{SIX}&ko=1&d=0&x=14S&f=1&r=15", "f", "so they cannot be the friend"),
        (TRICK, f"{SIX}&ko=6&t=H&k=3&l=0&p=C3.JK.CA.C5.C9", "ko", "from 0 to 5"),
    ],
)
def test_it_refuses_the_killed_seat_next_to_its_field(client, tool, query, field, message):
    response = follow(client, f"{tool}?{query}")
    assert response.status_code == 200
    assert ruling(response) is None
    assert any(message in e for e in errors(response)), errors(response)
    html = page(response)
    assert html.index(f'id="field-{field}"') < html.index(message)


@pytest.mark.parametrize(
    ("tool", "query", "field"),
    [
        (TRICK, f"{SIX}&ko=2&t=H&k=3", "l"),
        (SCORE, f"{SIX}&ko=2", "d"),
        (SCORE, f"{SIX}&ko=2", "f"),
    ],
)
def test_it_offers_no_killed_seat_to_lead_declare_or_partner(client, tool, query, field):
    offered = chips(follow(client, f"{tool}?{query}"), field)
    assert "Seat 3" not in offered and "Seat 4" in offered
    assert "Seat 3" in chips(follow(client, f"{tool}?{query}"), "ko")


def test_it_drops_the_killed_seat_where_nobody_sits_out(client):
    response = client.get(f"{TRICK}?v=mighty&n=5&ko=2&t=H&k=3&l=0")
    assert local(response["Location"]) == f"{TRICK}?v=mighty&n=5&t=H&k=3&l=0"
    assert 'name="ko"' not in page(follow(client, local(response["Location"])))


# ---- may I play this card: the next live seat -------------------------------------------


def test_it_names_the_next_live_seat_to_play(client):
    response = follow(client, f"{LEGAL}?{SIX}&ko=1&t=H&k=3&l=0&p=C3&h=C9.H2")
    assert "Seat 3's hand" in page(response)
    text = ruling(response)
    assert text.startswith("1 card may be played"), errors(response)


def test_it_takes_four_cards_before_the_last_live_player(client):
    query = f"{SIX}&ko=1&t=H&k=3&l=0&p=C3.JK.CA.C5&h=C9.H2"
    response = follow(client, f"{LEGAL}?{query}")
    assert "Seat 6's hand" in page(response)
    assert ruling(response).startswith("1 card may be played")


# ---- the score: the killed seat scores 0 ---------------------------------------------------


def test_it_scores_the_killed_seat_zero_and_names_its_player(member):
    user, client = member
    session = make_session(user, "mighty", names=["Ann", "Ben", "Cat", "Dan", "Eve", "Fay"])
    response = follow(client, f"{SCORE}?session={session.pk}&{SCORED.split('&', 2)[2]}")
    text = ruling(response)
    assert text is not None, errors(response)
    rows = re.findall(r"<tr[^>]*><td>(.*?)</td><td[^>]*>(.*?)</td></tr>", page(response))
    assert [(text_of(n), text_of(d)) for n, d in rows] == [
        ("Ann", "+6"),
        ("Ben", "+3"),
        ("Cat", "−3"),
        ("Dan (Killed)", "0"),
        ("Eve", "−3"),
        ("Fay", "−3"),
    ]
    assert "Dan was killed and sits the hand out: 0" in text
    assert "seat 3" not in text.lower()


def test_it_works_the_score_table_examples_with_a_killed_seat(client):
    response = follow(client, f"{SCORE}?{SIX}&ko=3")
    links = re.findall(r'<tr class="case"><td[^>]*><a href="\?([^"]+)"', page(response))
    assert links, "no worked example at six players"
    assert all("ko=3" in link for link in links)
    example = follow(client, f"{SCORE}?{links[0].replace('&amp;', '&')}")
    assert ruling(example) is not None, errors(example)


# ---- the permalink and the other tools keep the kill ----------------------------------------


def test_it_keeps_the_killed_seat_in_the_permalink_and_the_tools_that_use_it(client):
    response = follow(client, f"{TRICK}?{SIX}&ko=2&t=H&k=3&l=0&p=C3.JK.CA.C5.C9&j=1")
    assert "&ko=2&" in permalink(response)
    index = reverse("scoring:referee-index")
    assert f'href="{index}?v=mighty&n=6&ko=2"' in page(response).replace("&amp;", "&")
    html = page(follow(client, f"{index}?v=mighty&n=6&ko=2")).replace("&amp;", "&")
    for name in ("trick", "legal", "score"):
        assert f'href="{reverse(f"scoring:referee-{name}")}?v=mighty&n=6&ko=2"' in html
    for name in ("auction", "deal-miss"):  # the auction and the deal come before any kill
        assert f'href="{reverse(f"scoring:referee-{name}")}?v=mighty&n=6"' in html


# ---- anything at all, at six players --------------------------------------------------------

KEYS = ["ko", "t", "k", "l", "p", "j", "h", "d", "x", "f", "r", "add", "undo", "clear", "m"]
VALUES = st.one_of(
    st.text(max_size=20),
    st.sampled_from(["0", "2", "5", "6", "-1", "-", "H", "NT", "14S", "C3.JK.CA.C5.C9", "SA", "p"]),
    st.integers(-(10**30), 10**30).map(str),
)


@pytest.mark.django_db
@FUZZ
@given(
    tool=st.sampled_from([TRICK, LEGAL, SCORE, reverse("scoring:referee-index")]),
    query=st.dictionaries(st.sampled_from(KEYS), VALUES, max_size=8),
)
def test_it_never_fails_whatever_the_query(client, tool, query):
    response = follow(client, tool, {"v": "mighty", "n": "6", **query})
    assert response.status_code in (200, 400)
