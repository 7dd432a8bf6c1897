"""May I call a deal miss? — the dealt hand tapped in, the engine's count and its reason."""

import re

import pytest
from django.urls import reverse
from hypothesis import given
from hypothesis import strategies as st

from tests.referee.support import FUZZ, errors, follow, local, page, permalink, ruling

# Its fuzzer draws a share of its examples (tests/fuzzing.py): `-m slow` runs them all.
pytestmark = pytest.mark.slow

URL = reverse("scoring:referee-deal-miss")
ON = "o.deal_miss=on"
WEAK = "SA.C10.H2.H3.H4.D5.D6.D7.C8.C9"  # ♠A 0, ♣10 1: 1 (spec example)

# One dealt hand per row: the query, whether it qualifies, and words of the ruling.
CASES = {
    "qualifies": (f"v=mighty&n=5&h={WEAK}&{ON}", True, "1 is at most 1"),
    "too strong": (f"v=mighty&n=5&h=SA.C10.H2.H3.H4.D5.D6.D7.C8.CK&{ON}", False, "3 is more"),
    "joker counts down": (
        f"v=mighty&n=5&h=JK.CK.SQ.H2.H3.H4.D5.D6.D7.C8&{ON}",
        False,
        "Joker −2",
    ),
    "six players, 8 cards": (
        f"v=mighty&n=6&h=SA.C10.H2.H3.H4.D5.D6.D7&{ON}",
        True,
        "The hand counts 1",
    ),
    "four players": (f"v=mighty&n=4&h=SA.C10.H5.H6.H7.D5.D6.D7.C8.C9&{ON}", True, "at most 1"),
    # webmighty's count: no point card at all, the ♠A and every ten count 1
    "custom values": (
        f"v=mighty&n=5&h={WEAK}&{ON}&o.deal_miss_values.point=1&o.deal_miss_values.mighty=1"
        "&o.deal_miss_values.joker=0&o.deal_miss_values.max=0",
        False,
        "2 is more than 0",
    ),
    "custom max": (
        f"v=mighty&n=5&h=SA.C10.H2.H3.H4.D5.D6.D7.C8.CK&{ON}&o.deal_miss_values.max=3",
        True,
        "3 is at most 3",
    ),
}


@pytest.mark.parametrize("case", CASES)
def test_it_counts_the_dealt_hand_with_the_reason(client, case):
    query, qualifies, words = CASES[case]
    response = follow(client, f"{URL}?{query}")
    assert response.status_code == 200
    text = ruling(response)
    assert text is not None, errors(response)
    verdict = "Yes: this hand may call a deal miss." if qualifies else "No: this hand is too"
    assert text.startswith(verdict), text
    assert words in text, text


@pytest.mark.parametrize("case", CASES)
def test_it_gives_a_permalink_that_opens_on_the_same_count(client, case):
    first = follow(client, f"{URL}?{CASES[case][0]}")
    again = client.get(local(permalink(first)))
    assert again.status_code == 200
    assert ruling(again) == ruling(first)


def test_it_says_when_the_house_rules_have_it_off_and_turns_it_on_in_one_tap(client):
    response = follow(client, f"{URL}?v=mighty&n=5&h={WEAK}&o.min_bid=14")
    assert ruling(response) is None
    assert "Your house rules have no deal miss: it is off." in page(response)
    link = re.search(r'id="deal-miss-on" href="\?([^"]+)"', page(response)).group(1)
    link = link.replace("&amp;", "&")
    assert link == f"v=mighty&n=5&h={WEAK}&o.min_bid=14&o.deal_miss=on"
    on = client.get(f"{URL}?{link}")
    assert on.status_code == 200  # already the canonical query
    assert ruling(on).startswith("Yes: this hand may call a deal miss.")


def test_it_asks_for_the_whole_hand(client):
    response = follow(client, f"{URL}?v=mighty&n=6&h=SA.C10&{ON}")
    assert ruling(response) is None
    assert "Tap the 8 cards you were dealt: 2 so far." in page(response)
    assert errors(response) == []


def test_it_takes_no_card_beyond_the_hand(client):
    full = f"v=mighty&n=6&h=SA.C10.H2.H3.H4.D5.D6.D7&{ON}"
    response = client.get(f"{URL}?{full}&add=D9")
    assert local(response["Location"]) == f"{URL}?{full}"
    response = client.get(f"{URL}?{full}&add=D7")  # a second tap takes the card back
    assert local(response["Location"]) == f"{URL}?v=mighty&n=6&h=SA.C10.H2.H3.H4.D5.D6&{ON}"


@pytest.mark.parametrize(
    ("query", "message"),
    [
        (f"v=mighty&n=5&h=SA.C10.H2.H3.H4.D5.D6.D7.C8.C9.CA&{ON}", "the 10 cards dealt, not 11"),
        (f"v=mighty&n=5&h=SA.SA.H2.H3.H4.D5.D6.D7.C8.C9&{ON}", "♠A is given twice."),
        (f"v=mighty&n=4&h=S2.C10.H5.H6.H7.D5.D6.D7.C8.C9&{ON}", "not in the deck"),
        (
            f"v=mighty&n=5&h={WEAK}&{ON}&o.deal_miss_values.ten=9",
            "Write a whole number from -4 to 4.",
        ),
        (
            f"v=mighty&n=5&h={WEAK}&{ON}&o.deal_miss_values.kings=1",
            "kings is not a deal-miss count",
        ),
    ],
)
def test_it_explains_a_hand_or_a_count_it_cannot_take(client, query, message):
    response = follow(client, f"{URL}?{query}")
    assert response.status_code == 200
    assert ruling(response) is None
    assert any(message in e for e in errors(response)), errors(response)


def test_it_sets_the_count_beside_the_hand_not_in_the_house_rules_panel(client):
    html = page(follow(client, f"{URL}?v=mighty&n=5&{ON}"))
    count = html.index('id="ref-count"')
    panel = html.index('id="ref-options"')
    assert count < html.index('name="o.deal_miss_values.joker"') < panel
    assert html.count('name="o.deal_miss_values.max"') == 1
    assert html.count('name="o.deal_miss"') == 2  # its on and off chips, once
    assert 'name="o.min_bid"' in html[panel:]


def test_it_says_which_games_have_a_deal_miss(client):
    response = follow(client, f"{URL}?v=japanese&n=5")
    assert response.status_code == 200
    assert "This game has no deal miss. It is a house rule of Mighty" in page(response)
    assert 'name="add"' not in page(response)


def test_it_keeps_the_session_s_house_rules(member):
    from tests.referee.conftest import make_session

    user, client = member
    session = make_session(user, "mighty", options={"deal_miss": "on"})
    response = follow(client, f"{URL}?session={session.pk}&h={WEAK}")
    assert ruling(response).startswith("Yes: this hand may call a deal miss.")


def test_it_refuses_other_methods(client):
    assert client.post(URL).status_code == 405


# ---- anything at all -------------------------------------------------------------------

KEYS = ["v", "n", "h", "m", "add", "undo", "clear", "session", "o.deal_miss"]
VALUES = st.one_of(
    st.text(max_size=30),
    st.sampled_from(["mighty", "japanese", "on", "off", "4", "5", "6", "SA", WEAK, "JK.JK"]),
    st.integers(-(10**30), 10**30).map(str),
)
QUERIES = st.dictionaries(
    st.one_of(
        st.sampled_from(KEYS),
        st.sampled_from(["point", "ten", "mighty", "joker", "max", "x"]).map(
            lambda k: f"o.deal_miss_values.{k}"
        ),
        st.text(max_size=5),
    ),
    VALUES,
    max_size=10,
)


@pytest.mark.django_db
@FUZZ
@given(query=QUERIES)
def test_it_never_fails_whatever_the_query(client, query):
    assert follow(client, URL, query).status_code in (200, 400)


@pytest.mark.parametrize("language", ["en", "ja", "zh-hant", "ko", "th", "fr"])
def test_it_reads_the_count_aloud_without_a_code_in_any_language(client, language):
    from django.utils import translation

    from tests.referee.test_codes import CODE, shown_text

    client.cookies["django_language"] = language
    response = follow(client, f"{URL}?v=mighty&n=5&h=JK.CK.SQ.H2.H3.H4.D5.D6.D7.C8&{ON}")
    assert ruling(response) is not None, errors(response)
    with translation.override(language):
        text = shown_text(response)
    assert not CODE.search(text), CODE.findall(text)
    if language == "ko":
        assert "딜미스" in text


def test_it_says_what_is_wrong_with_a_card_before_the_hand_is_whole(client):
    response = follow(client, f"{URL}?v=mighty&n=5&h=SA.C10.ZZ&{ON}")
    assert any("'ZZ' is not a card" in e for e in errors(response)), errors(response)
    assert "so far" not in page(response)
