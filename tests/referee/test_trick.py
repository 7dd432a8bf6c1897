"""Who won this trick? — the page asks handlers.trick and shows the winner and the reason."""

import pytest
from django.urls import reverse
from hypothesis import given
from hypothesis import strategies as st

from tests.referee.support import FUZZ, errors, follow, local, page, permalink, ruling

# Its fuzzer draws a share of its examples (tests/fuzzing.py): `-m slow` runs them all.
pytestmark = pytest.mark.slow

URL = reverse("scoring:referee-trick")

# One dispute per variant, as a permalink query, with the seat (1-based) that wins and
# words of the reason.
CASES = {
    # the secretary card is the strongest card of the deck
    "taiwan": ("v=taiwan&n=5&t=S&k=2&l=0&c=HA&p=D5.HA.SA.D9.DK", "Seat 2", "secretary card"),
    # a big joker led in the last three tricks is the lowest card of the named suit
    "hongkong": (
        "v=hongkong&n=5&t=H&k=9&l=0&c=SA&p=BJ.D3.D5.C2.H2&s=D",
        "Seat 5",
        "highest trump",
    ),
    # yoromeki: ♥Q beats ♠A (the api.md example)
    "japanese": (
        "v=japanese&n=5&t=H&k=4&l=2&p=C5.C9.SA.CK.HQ&o.yoromeki=HQ",
        "Seat 2",
        "yoromeki",
    ),
    # trick 1 of the chip game: trumps have no power, the highest of the suit led wins
    "japanese-chip": ("v=japanese-chip&n=5&t=S&k=1&l=0&p=H5.S2.HK.H3.HA", "Seat 5", "♥A"),
    # the toppling first trick: the news is the toppling, not who takes the trick
    "thai": (
        "v=thai&n=5&t=S&k=1&l=0&p=C2.C3.C4.C5.C6",
        "The napoleon is toppled: the hand is over, and the citizens win.",
        "The trick itself goes to Seat 1",
    ),
    # the ripper led with a joker call: the joker has no power
    "mighty": ("v=mighty&n=5&t=H&k=3&l=0&p=C3.JK.CA.C5.C9&j=1", "Seat 3", "ripper"),
    # Nap's first lead names the trump
    "nap": ("v=nap&n=4&k=1&l=0&p=S5.D2.SK.DA", "Seat 3", "trump"),
}


@pytest.mark.parametrize("variant", CASES)
def test_it_names_the_winner_and_the_reason_in_every_variant(client, variant):
    query, winner, words = CASES[variant]
    response = follow(client, f"{URL}?{query}")
    assert response.status_code == 200
    text = ruling(response)
    assert text is not None, errors(response)
    headline = winner if winner.endswith(".") else f"{winner} wins the trick"
    assert text.startswith(headline), text
    assert words in text


@pytest.mark.parametrize("variant", CASES)
def test_it_gives_a_permalink_that_opens_on_the_same_ruling(client, variant):
    query, _winner, _words = CASES[variant]
    first = follow(client, f"{URL}?{query}")
    link = permalink(first)
    assert link.startswith("http://testserver/referee/trick/?")
    again = client.get(local(link))
    assert again.status_code == 200  # already canonical: no redirect
    assert ruling(again) == ruling(first)


def test_it_writes_the_permalink_short_with_defaults_left_out(client):
    response = follow(
        client,
        f"{URL}?v=japanese&n=5&t=H&k=4&l=2&p=C5.C9.SA.CK.HQ"
        "&o.yoromeki=HQ&o.same_two=1&o.min_bid=11&unknown=3",
    )
    assert local(permalink(response)) == (
        "/referee/trick/?v=japanese&n=5&t=H&k=4&l=2&p=C5.C9.SA.CK.HQ&o.yoromeki=HQ"
    )


def test_it_redirects_a_query_to_its_canonical_spelling(client):
    response = client.get(f"{URL}?o.yoromeki=hq&p=C5.C9&v=japanese&t=H&junk=1")
    assert response.status_code == 302
    assert response["Location"] == "/referee/trick/?v=japanese&n=5&t=H&p=C5.C9&o.yoromeki=HQ"


def test_it_asks_for_the_game_first(client):
    response = client.get(URL)
    assert response.status_code == 200
    assert "Pick the game above" in page(response)
    assert 'href="?v=taiwan"' in page(response)


def test_it_waits_for_a_whole_trick_and_says_who_plays_next(client):
    response = follow(client, f"{URL}?v=japanese&n=5&t=H&k=4&l=2&p=C5.C9")
    assert ruling(response) is None
    assert "Tap the card Seat 5 played." in page(response)


# ---- the card picker without JavaScript --------------------------------------------


def test_it_appends_a_tapped_card_and_takes_it_back_on_a_second_tap(client):
    base = f"{URL}?v=japanese&n=5&t=H&k=4&l=2&p=C5"
    response = client.get(base + "&add=C9")
    assert response.status_code == 302
    assert response["Location"].endswith("&p=C5.C9")
    response = client.get(f"{URL}?v=japanese&n=5&t=H&k=4&l=2&p=C5.C9&add=c5")
    assert response["Location"].endswith("&p=C9")


def test_it_takes_no_card_beyond_one_per_player(client):
    full = "v=japanese&n=5&t=H&k=4&l=2&p=C5.C9.SA.CK.HQ"
    response = client.get(f"{URL}?{full}&add=D2")
    assert local(response["Location"]) == f"{URL}?{full}"


def test_it_has_undo_and_clear_links(client):
    response = follow(client, f"{URL}?v=japanese&n=5&t=H&k=4&l=2&p=C5.C9.SA")
    html = page(response)
    assert 'href="?v=japanese&amp;n=5&amp;t=H&amp;k=4&amp;l=2&amp;p=C5.C9"' in html
    assert 'href="?v=japanese&amp;n=5&amp;t=H&amp;k=4&amp;l=2"' in html


def test_it_taps_the_secretary_card_first_then_the_trick(client):
    response = client.get(f"{URL}?v=taiwan&n=5&t=S&k=2&l=0&add=HA")
    assert response["Location"].endswith("&c=HA&m=p")
    response = client.get(local(response["Location"]) + "&add=D5")
    assert response["Location"].endswith("&c=HA&p=D5&m=p")


def test_it_shows_the_deck_of_the_variant_jokers_included(client):
    taiwan = page(follow(client, f"{URL}?v=taiwan&n=5"))
    assert 'value="BJ"' in taiwan and 'value="LJ"' in taiwan
    mighty = page(follow(client, f"{URL}?v=mighty"))
    assert 'value="JK"' in mighty and 'value="BJ"' not in mighty
    stripped = page(follow(client, f"{URL}?v=nap&n=3&o.stripped_deck=1"))
    assert 'value="S9"' in stripped and 'value="S8"' not in stripped


# ---- asking only what the lead needs --------------------------------------------------


def test_it_asks_the_suit_named_when_a_joker_is_led(client):
    query = "v=taiwan&n=5&t=S&k=2&l=0&c=HA&p=BJ.D9.DK.D2.C4"
    response = follow(client, f"{URL}?{query}")
    assert ruling(response) is None
    assert 'name="s"' in page(response)
    assert "The leader named a suit to follow: pick it." in errors(response)
    answered = follow(client, f"{URL}?{query}&s=D")
    assert ruling(answered).startswith("Seat 1 wins the trick")


def test_it_does_not_ask_a_suit_for_an_ordinary_lead(client):
    response = follow(client, f"{URL}?v=taiwan&n=5&t=S&k=2&l=0&c=HA&p=D5")
    assert 'name="s"' not in page(response)


@pytest.mark.parametrize(
    "query, offered",
    [
        ("v=taiwan&n=5&t=S&k=1&l=0&c=HA&p=S2", True),  # the trump 2 led in tricks 1–3
        ("v=taiwan&n=5&t=S&k=5&l=0&c=HA&p=S2", False),  # too late to summon
        ("v=mighty&t=H&k=3&l=0&p=C3", True),  # the ripper
        ("v=mighty&t=H&k=1&l=0&p=D3", False),
        ("v=japanese&t=H&k=3&l=0&p=C3", False),
    ],
)
def test_it_offers_the_summon_or_joker_call_only_when_it_applies(client, query, offered):
    response = follow(client, f"{URL}?{query}")
    assert ('name="j"' in page(response)) is offered


def test_it_rules_a_summoned_joker_with_the_house_rule(client):
    query = "v=taiwan&n=5&t=S&k=1&l=0&c=HA&p=S2.BJ.SA.D2.D3&j=1&o.summoned_joker_loses=1"
    assert ruling(follow(client, f"{URL}?{query}")).startswith("Seat 3 wins the trick")


def test_it_takes_the_nap_contract(client):
    query = "v=nap&n=4&k=1&l=0&p=S5.D2.SK.DA&x=misere"
    text = ruling(follow(client, f"{URL}?{query}"))
    assert text.startswith("Seat 3 wins the trick")
    assert "suit led" in text


# ---- bad input: a clear message, never a 500 ------------------------------------------


@pytest.mark.parametrize(
    "query, status, message",
    [
        ("v=japanese&n=5&t=H&k=4&l=2&p=C5.ZZ.SA.CK.HQ", 200, "'ZZ' is not a card"),
        ("v=japanese&n=5&t=H&k=4&l=2&p=C5.C5.SA.CK.HQ", 200, "♣5 is given twice."),
        ("v=japanese&n=5&t=H&k=1&l=0&p=JK.C9.SA.CK.HQ", 200, "may not be led"),
        (
            "v=thai&n=5&t=S&k=2&l=0&p=JK.C9.SA.CK.HQ",
            200,
            "Joker is not in the deck of Thai Napoleon",
        ),
        ("v=mighty&t=H&k=2&l=0&p=D3.JK.CA.C5.C9&j=1", 200, "ripper"),
        ("v=nap&n=4&k=1&t=H&l=0&p=S5.D2.SK.DA", 200, "makes spades trump"),
        (
            "v=japanese&n=5&t=H&k=4&l=2&p=C5.C9.SA.CK.HQ&o.yoromeki=XX",
            200,
            "Yoromeki must be one of",
        ),
        ("v=japanese&n=5&t=H&k=4&l=2&p=C5.C9.SA.CK.HQ&o.joker_summon=off", 200, "Taiwan"),
        ("v=japanese&n=5&t=H&k=40&l=2&p=C5.C9.SA.CK.HQ", 200, "trick must be from 1 to 10"),
        ("v=japanese&n=3", 200, "not 3"),
        ("v=japanese&n=five", 400, "whole number"),
        ("v=japanese&n=5&k=x4", 400, "whole number"),
        ("v=chess", 400, "'chess' is not a variant"),
    ],
)
def test_it_explains_bad_input_next_to_the_input(client, query, status, message):
    response = follow(client, f"{URL}?{query}")
    assert response.status_code == status
    assert ruling(response) is None
    assert any(message in e for e in errors(response)), errors(response)


def test_it_marks_the_bad_card_in_the_trick(client):
    response = follow(client, f"{URL}?v=japanese&n=5&t=H&k=4&l=2&p=C5.ZZ.SA.CK.HQ")
    assert page(response).count('class="ref-slot bad"') == 1


def test_it_asks_who_led_before_ruling(client):
    response = follow(client, f"{URL}?v=japanese&n=5&t=H&k=4&p=C5.C9.SA.CK.HQ")
    assert ruling(response) is None
    assert "Who led this trick?" in errors(response)


def test_it_refuses_other_methods(client):
    assert client.post(URL).status_code == 405


# ---- a session's table ----------------------------------------------------------------


def test_it_prefills_a_members_session(table, member):
    _user, client = member
    response = client.get(f"{URL}?session={table.pk}")
    assert response.status_code == 302
    assert response["Location"] == f"{URL}?session={table.pk}&v=japanese&n=5&o.yoromeki=HQ"
    response = follow(client, local(response["Location"]) + "&t=H&k=4&l=2&p=C5.C9.SA.CK.HQ")
    assert ruling(response).startswith("Ben wins the trick")
    assert "Cat" in page(response)
    assert f"session={table.pk}" in permalink(response)


def test_it_ignores_the_session_of_a_stranger(table, stranger, client):
    _user, stranger_client = stranger
    for who in (stranger_client, client):
        response = who.get(f"{URL}?session={table.pk}&v=japanese&t=H&k=4&l=2&p=C5.C9.SA.CK.HQ")
        assert response.status_code == 302
        assert "session" not in response["Location"]
        response = follow(who, local(response["Location"]))
        assert "Ben" not in page(response)
        # nor its house rules: without yoromeki the almighty wins
        assert ruling(response).startswith("Seat 5 wins the trick")
    missing = stranger_client.get(f"{URL}?session={table.pk + 99}&v=japanese")
    present = stranger_client.get(f"{URL}?session={table.pk}&v=japanese")
    assert missing["Location"] == present["Location"]


# ---- anything at all -------------------------------------------------------------------

KEYS = ["v", "n", "t", "k", "l", "c", "x", "p", "s", "j", "m", "add", "undo", "clear", "session"]
VALUES = st.one_of(
    st.text(max_size=30),
    st.sampled_from(
        ["taiwan", "hongkong", "japanese", "japanese-chip", "thai", "mighty", "nap", "5", "4", "0"]
    ),
    st.sampled_from(["S", "H", "NT", "1", "13", "-1", "BJ", "JK", "SA.HQ.BJ.LJ.JK", "C5.C9.SA"]),
    st.integers(-(10**30), 10**30).map(str),
)
QUERIES = st.dictionaries(
    st.one_of(
        st.sampled_from(KEYS), st.text(max_size=8).map(lambda t: "o." + t), st.text(max_size=5)
    ),
    VALUES,
    max_size=10,
)


@pytest.mark.django_db
@FUZZ
@given(query=QUERIES)
def test_it_never_fails_whatever_the_query(client, query):
    response = follow(client, URL, query)
    assert response.status_code in (200, 400)


def test_it_says_a_no_trump_hand_has_no_summon(client):
    response = follow(client, f"{URL}?v=taiwan&n=5&t=NT&k=2&l=0&c=SA&p=H2.H5.BJ.H9.D3&j=1")
    assert errors(response) == [
        "There is no summoning in a no-trump hand: it has no 2 or 3 of trumps."
    ], errors(response)
