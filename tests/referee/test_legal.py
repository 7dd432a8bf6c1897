"""May I play this card? — the hand with the legal cards lit and each other card's reason."""

import re

import pytest
from django.urls import reverse
from hypothesis import given
from hypothesis import strategies as st

from tests.referee.support import FUZZ, errors, follow, local, page, permalink, ruling

# Its fuzzer draws a share of its examples (tests/fuzzing.py): `-m slow` runs them all.
pytestmark = pytest.mark.slow

URL = reverse("scoring:referee-legal")

# One dispute per variant: the query, the cards that may be played, and words of the
# reason given for one card that may not.
CASES = {
    # the secretary card and the jokers may be played at any time
    "taiwan": (
        "v=taiwan&n=5&t=S&k=2&l=0&c=HA&p=D5&h=D2.S3.HA.BJ.C4",
        ["♦2", "♥A", "Big Joker"],
        ("♠3", "you hold diamonds, and diamonds were led"),
    ),
    # a summoned joker must be played
    "hongkong": (
        "v=hongkong&n=5&t=S&k=1&l=0&c=HA&p=S2&j=1&h=BJ.S5.D3",
        ["Big Joker"],
        ("♠5", "the Big Joker was summoned: you must play it"),
    ),
    # a led joker calls for trumps
    "japanese": (
        "v=japanese&n=5&t=H&k=3&l=0&p=JK&h=H5.C2.SA",
        ["♥5"],
        ("♠A", "the almighty may answer a led joker only when spades are trump"),
    ),
    # the almighty keeps its printed suit for following
    "japanese-chip": (
        "v=japanese-chip&n=5&t=S&k=2&l=0&p=H5&h=H2.S3.SA",
        ["♥2"],
        ("♠A", "you hold hearts, and hearts were led"),
    ),
    "thai": (
        "v=thai&n=5&t=S&k=2&l=0&p=D5&h=D2.SA.C4",
        ["♦2"],
        ("♣4", "you hold diamonds, and diamonds were led"),
    ),
    # the first lead of the Mighty: no joker, no ripper, no trump
    "mighty": (
        "v=mighty&n=5&t=H&k=1&l=0&h=JK.C3.H5.D7",
        ["♦7"],
        ("♣3", "the ripper may not be led to the first trick"),
    ),
    "nap": (
        "v=nap&n=4&t=S&k=2&l=0&p=D5&h=D2.S3.C4",
        ["♦2"],
        ("♣4", "you hold diamonds, and diamonds were led"),
    ),
}


def verdicts(response) -> dict[str, tuple[bool, str]]:
    """Each card of the ruled hand → (legal?, the sentence its <details> reveals)."""
    found = {}
    for kind, label, reason in re.findall(
        r'<details class="ref-play (legal|illegal)">\s*<summary><span class="pc[^"]*">([^<]+)<'
        r".*?</summary>\s*<p>(.*?)</p>",
        page(response),
        re.S,
    ):
        found[label] = (kind == "legal", reason)
    return found


@pytest.mark.parametrize("variant", CASES)
def test_it_lights_the_legal_cards_and_explains_the_others(client, variant):
    query, legal, (card, words) = CASES[variant]
    response = follow(client, f"{URL}?{query}")
    assert response.status_code == 200
    found = verdicts(response)
    assert found, errors(response)
    assert sorted(label for label, (ok, _r) in found.items() if ok) == sorted(legal)
    ok, reason = found[card]
    assert not ok
    assert words in reason
    assert reason.startswith(f"{card} may not be played:")


@pytest.mark.parametrize("variant", CASES)
def test_it_gives_a_permalink_that_opens_on_the_same_ruling(client, variant):
    query, _legal, _illegal = CASES[variant]
    first = follow(client, f"{URL}?{query}")
    again = client.get(local(permalink(first)))
    assert again.status_code == 200
    assert ruling(again) == ruling(first)
    assert verdicts(again) == verdicts(first)


def test_it_counts_the_playable_cards(client):
    response = follow(client, f"{URL}?{CASES['taiwan'][0]}")
    assert ruling(response).startswith("3 cards may be played")


def test_it_names_the_player_whose_turn_it_is(client):
    response = follow(client, f"{URL}?v=thai&n=5&t=S&k=2&l=3&p=D5.D9&h=D2")
    assert "Seat 1's hand" in page(response)


def test_it_lets_the_leader_play_anything_but_what_the_rules_forbid(client):
    response = follow(client, f"{URL}?v=nap&n=4&t=S&k=2&l=0&h=D2.S3.C4")
    assert all(ok for ok, _reason in verdicts(response).values())


def test_it_asks_for_the_hand_first(client):
    response = follow(client, f"{URL}?v=nap&n=4&t=S&k=2&l=0&p=D5")
    assert ruling(response) is None
    assert "Tap the cards in your hand." in errors(response)


# ---- the picker without JavaScript -----------------------------------------------------


def test_it_adds_tapped_cards_to_the_hand_by_default(client):
    response = client.get(f"{URL}?v=nap&n=4&t=S&k=2&l=0&h=D2&add=S3")
    assert response["Location"].endswith("&h=D2.S3")
    response = client.get(f"{URL}?v=nap&n=4&t=S&k=2&l=0&h=D2.S3&add=D2")
    assert response["Location"].endswith("&h=S3")


def test_it_adds_to_the_trick_in_the_played_mode(client):
    response = client.get(f"{URL}?v=nap&n=4&t=S&k=2&l=0&h=D2&m=p&add=D5")
    assert local(response["Location"]) == f"{URL}?v=nap&n=4&t=S&k=2&l=0&p=D5&h=D2&m=p"


def test_it_keeps_the_trick_one_card_short_of_full(client):
    query = "v=nap&n=4&t=S&k=2&l=0&p=D5.D6.D7&h=D2&m=p"
    response = client.get(f"{URL}?{query}&add=D8")
    assert local(response["Location"]) == f"{URL}?{query}"


def test_it_picks_the_secretary_card_first_in_taiwan(client):
    response = client.get(f"{URL}?v=taiwan&n=5&t=S&k=2&l=0&add=HA")
    assert response["Location"].endswith("&c=HA&m=h")


# ---- bad input --------------------------------------------------------------------------


@pytest.mark.parametrize(
    "query, status, message",
    [
        ("v=nap&n=4&t=S&k=2&l=0&p=D5&h=D5.S3", 200, "♦5 is given twice."),
        ("v=nap&n=4&t=S&k=2&l=0&p=D5.D6.D7.D8&h=D2", 200, "fewer than 4"),
        ("v=nap&n=4&t=S&k=5&l=0&h=D2.S3", 200, "hand must hold exactly 1 card before trick 5"),
        ("v=nap&n=4&t=S&k=2&l=0&h=D2.XX", 200, "'XX' is not a card"),
        ("v=taiwan&n=5&t=S&k=2&l=0&c=HA&so=1&o.secretary_order=off&h=HA.D2", 200, "order"),
        (
            "v=taiwan&n=5&t=S&k=2&l=0&c=HA&so=1&o.secretary_order=napoleon_lead_only&h=HA",
            200,
            "declarer",
        ),
        ("v=taiwan&n=5&t=S&k=2&l=0&h=HA.D2", 200, "secretary card"),
        ("v=mighty&t=Q&k=2&l=0&h=HA.D2", 200, "trump must be one of"),
        ("v=mighty&t=H&k=2&l=x&h=HA.D2", 400, "whole number"),
    ],
)
def test_it_explains_bad_input_next_to_the_input(client, query, status, message):
    response = follow(client, f"{URL}?{query}")
    assert response.status_code == status
    assert not verdicts(response)
    assert any(message in e for e in errors(response)), errors(response)


def test_it_obeys_an_ordered_secretary_card(client):
    query = "v=taiwan&n=5&t=S&k=2&l=0&c=HA&so=1&p=D5&h=HA.D2"
    found = verdicts(follow(client, f"{URL}?{query}"))
    assert found["♥A"][0] is True
    assert "ordered the secretary card" in found["♦2"][1]


# ---- a session's table -----------------------------------------------------------------


def test_it_uses_the_names_of_a_members_session(table, member):
    _user, client = member
    response = follow(client, f"{URL}?session={table.pk}&t=H&k=3&l=0&p=JK&h=H5.C2.SA")
    assert "Ben's hand" in page(response)
    assert "yoromeki=HQ" in permalink(response)


def test_it_ignores_the_session_of_a_stranger(table, stranger):
    _user, client = stranger
    response = follow(client, f"{URL}?session={table.pk}&v=japanese&t=H&k=3&l=0&p=JK&h=H5")
    assert "Ben" not in page(response)
    assert "session" not in permalink(response)


# ---- anything at all -------------------------------------------------------------------

KEYS = ["v", "n", "t", "k", "l", "c", "x", "d", "so", "p", "s", "j", "h", "m", "add", "clear"]
VALUES = st.one_of(
    st.text(max_size=30),
    st.sampled_from(["taiwan", "japanese", "thai", "mighty", "nap", "5", "4", "0", "1", "h", "p"]),
    st.sampled_from(["S", "H", "NT", "2", "D5", "BJ", "JK", "SA.HQ.BJ", "D2.S3.C4", "C3"]),
    st.integers(-(10**30), 10**30).map(str),
)
QUERIES = st.dictionaries(
    st.one_of(st.sampled_from(KEYS), st.text(max_size=8).map(lambda t: "o." + t)),
    VALUES,
    max_size=12,
)


@pytest.mark.django_db
@FUZZ
@given(query=QUERIES)
def test_it_never_fails_whatever_the_query(client, query):
    assert follow(client, URL, query).status_code in (200, 400)
