"""The house rules' calls in the referee: the Mighty's deal miss in the auction and its joker
call on the first and last trick, the Japanese previous napoleon or adjutant who must open,
and the Japanese threes that call the joker or ♠A."""

import re

import pytest
from django.urls import reverse
from hypothesis import given
from hypothesis import strategies as st

from tests.referee.support import FUZZ, errors, follow, page, permalink, ruling
from tests.referee.test_auction import history, ladder

# Its fuzzer draws a share of its examples (tests/fuzzing.py): `-m slow` runs them all.
pytestmark = pytest.mark.slow

AUCTION = reverse("scoring:referee-auction")
TRICK = reverse("scoring:referee-trick")
LEGAL = reverse("scoring:referee-legal")
DEAL_MISS = "v=mighty&n=5&f=0&o.deal_miss=on"
PREVIOUS = "v=japanese&n=5&d=0&o.all_pass=previous_napoleon"

# ---- the auction: one row per case, the query and how the ruling box starts ------------------

AUCTIONS = [
    # a deal miss as a player's first call ends the auction, that player dealing again
    (
        f"{DEAL_MISS}&c=p.dealmiss",
        "Seat 2 called a deal miss: the cards are thrown in, and Seat 2 deals the new hand.",
    ),
    (f"{DEAL_MISS}&c=dealmiss", "Seat 1 called a deal miss"),
    # a later call is refused, with the engine's reason next to it
    (f"{DEAL_MISS}&c=p.p.p.p.p.dealmiss", "That call is not allowed."),
    # the previous napoleon must open after all pass; nobody (first hand): a redeal
    (
        f"{PREVIOUS}&pn=2&c=p.p.p.p.p",
        "Everyone passed, so Seat 3, last hand's napoleon, must open with a bid.",
    ),
    (f"{PREVIOUS}&pn=-&c=p.p.p.p.p", "Everyone passed: the cards are dealt again."),
    (f"{PREVIOUS}&pn=2&c=p.p.p.p.p.14S.p", "Seat 5 calls next."),
    (
        "v=japanese&n=5&d=0&o.all_pass=previous_adjutant&pa=4&c=p.p.p.p.p",
        "Everyone passed, so Seat 5, last hand's adjutant, must open with a bid.",
    ),
    (f"{PREVIOUS}&pn=2&c=p.p.p.p.p.p", "That call is not allowed."),
]


@pytest.mark.parametrize(("query", "start"), AUCTIONS)
def test_it_rules_on_the_house_rules_calls(client, query, start):
    response = follow(client, f"{AUCTION}?{query}")
    assert response.status_code == 200
    text = ruling(response)
    assert text is not None, errors(response)
    assert text.startswith(start), text


def test_it_offers_a_deal_miss_as_a_first_call_only(client):
    first = ladder(follow(client, f"{AUCTION}?{DEAL_MISS}&c=p"))
    assert first["dealmiss"] == "yes" and first["p"] == "yes"
    later = follow(client, f"{AUCTION}?{DEAL_MISS}&c=p.p.p.p.p")
    assert ladder(later)["dealmiss"] == "no"
    refused = client.get(f"{AUCTION}?{DEAL_MISS}&c=p.p.p.p.p&add=dealmiss")
    assert refused.status_code == 200
    why = errors(refused)
    assert why == [
        "Deal miss is not allowed. Seat 1 has already called: a deal miss may only be a "
        "player's first call (house rule)."
    ], why


def test_it_writes_the_deal_miss_in_the_calls_and_links_to_its_count(client):
    response = follow(client, f"{AUCTION}?{DEAL_MISS}&c=p.dealmiss")
    assert history(response) == [("Seat 1", "pass"), ("Seat 2", "deal miss")]
    assert "c=p.dealmiss" in permalink(response)
    counting = follow(client, f"{AUCTION}?{DEAL_MISS}")
    link = f'href="{reverse("scoring:referee-deal-miss")}?v=mighty&amp;n=5&amp;o.deal_miss=on"'
    assert link in page(counting)


def test_it_offers_no_deal_miss_while_the_house_rules_have_it_off(client):
    response = follow(client, f"{AUCTION}?v=mighty&n=5&f=0&c=p")
    assert "dealmiss" not in ladder(response)
    assert 'id="call-dealmiss"' not in page(response)


def test_it_appends_a_tapped_deal_miss(client):
    response = client.get(f"{AUCTION}?{DEAL_MISS}&c=p&add=dealmiss")
    assert response["Location"] == f"{AUCTION}?v=mighty&n=5&f=0&c=p.dealmiss&o.deal_miss=on"


def test_it_asks_for_last_hands_napoleon_with_none_for_the_first_hand(client):
    response = follow(client, f"{AUCTION}?{PREVIOUS}&c=p")
    assert ruling(response) is None
    assert "Who was last hand's napoleon? Pick “none” on the first hand." in errors(response)
    assert re.search(r'name="pn" value="-"[^>]*><span>none \(first hand\)', page(response))


def test_it_names_who_made_each_call_after_all_passed(client):
    response = follow(client, f"{AUCTION}?{PREVIOUS}&pn=2&c=p.p.p.p.p.14S.p")
    rows = [row for row in history(response) if row]  # not the new round's line
    assert rows[5][:2] == ("Seat 3", "14♠") and rows[6][:2] == ("Seat 4", "pass")


def test_it_drops_a_previous_seat_the_house_rules_do_not_ask_for(client):
    response = client.get(f"{AUCTION}?v=japanese&n=5&d=0&pn=2&c=p")
    assert response["Location"] == f"{AUCTION}?v=japanese&n=5&d=0&c=p"


# ---- tricks: the Mighty's joker call on the first and last trick ------------------------------

TRICKS = [
    # trick 1: the ripper may be led with a call under lead_and_call
    (
        TRICK,
        "v=mighty&n=5&t=H&k=1&l=0&p=C3.JK.CA.C5.C9&j=1&o.ripper_first_trick=lead_and_call",
        "Seat 3 wins the trick",
        "the joker has no power",
    ),
    # the same call on trick 1 by default: the ripper may not lead it
    (
        TRICK,
        "v=mighty&n=5&t=H&k=1&l=0&p=C3.JK.CA.C5.C9&j=1",
        None,
        "",
    ),
    # no call on the last trick when the house rules say so
    (
        TRICK,
        "v=mighty&n=5&t=H&k=10&l=0&p=C3.JK.CA.C5.C9&j=1&o.joker_call_last_trick=0",
        None,
        "No joker may be called on the last trick (house rule).",
    ),
    # Japanese: ♠3 led calls the joker, which never wins
    (
        TRICK,
        "v=japanese&n=5&t=H&k=3&l=0&p=S3.JK.CA.C5.C9&o.joker_call=S3_led",
        "Seat 1 wins the trick",
        "♠3 called the joker (house rule)",
    ),
    (
        TRICK,
        "v=japanese&n=5&t=H&k=3&l=0&p=S5.S3.JK.C5.C9&o.joker_call=S3_played",
        "Seat 1 wins the trick",
        "♠3 called the joker (house rule)",
    ),
    (
        TRICK,
        "v=japanese&n=5&t=H&k=3&l=0&p=S3.SA.S5.C5.C9&o.almighty_call=1",
        "Seat 2 wins the trick",
        "♠3 called ♠A (house rule)",
    ),
    # the legal plays: the called card is the only one
    (
        LEGAL,
        "v=japanese&n=5&t=H&k=3&l=0&p=C3&h=JK.C5.H2&o.joker_call=C3_led",
        "1 card may be played",
        "♣3 was led, which calls the joker: its holder must play it (house rule)",
    ),
    (
        LEGAL,
        "v=japanese&n=5&t=H&k=3&l=0&p=S3&h=SA.S5.H2&o.almighty_call=1",
        "1 card may be played",
        "♠3 was led, which calls ♠A: its holder must play it (house rule)",
    ),
]


@pytest.mark.parametrize(("tool", "query", "start", "words"), TRICKS)
def test_it_rules_the_calls_of_a_trick_and_names_them(client, tool, query, start, words):
    response = follow(client, f"{tool}?{query}")
    assert response.status_code == 200
    text = ruling(response)
    if start is None:
        assert text is None
        assert any(words in e for e in errors(response)), errors(response)
        return
    assert text is not None, errors(response)
    assert text.startswith(start) and words in text, text


@pytest.mark.parametrize(
    ("query", "offered"),
    [
        ("v=mighty&n=5&t=H&k=1&l=0&p=C3&o.ripper_first_trick=lead_and_call", True),
        ("v=mighty&n=5&t=H&k=1&l=0&p=C3&o.ripper_first_trick=lead_no_call", False),
        ("v=mighty&n=5&t=H&k=10&l=0&p=C3&o.joker_call_last_trick=0", False),
        ("v=mighty&n=5&t=H&k=10&l=0&p=C3", True),
        ("v=mighty&n=6&ko=2&t=H&k=1&l=0&p=C3&o.ripper_first_trick=lead_and_call", True),
    ],
)
def test_it_offers_the_joker_call_where_the_house_rules_allow_it(client, query, offered):
    assert ('name="j"' in page(follow(client, f"{TRICK}?{query}"))) is offered


def test_it_names_no_call_for_a_joker_played_before_the_three(client):
    query = "v=japanese&n=5&t=H&k=3&l=0&p=S5.JK.S3.C5.C9&o.joker_call=S3_played"
    text = ruling(follow(client, f"{TRICK}?{query}"))
    assert text.startswith("Seat 1 wins the trick") and "called" not in text


# ---- anything at all -------------------------------------------------------------------

BASES = [
    {"v": "mighty", "n": "5", "o.deal_miss": "on"},
    {"v": "mighty", "n": "6", "o.deal_miss": "on"},
    {"v": "japanese", "n": "5", "o.all_pass": "previous_napoleon"},
    {"v": "japanese", "n": "5", "o.all_pass": "previous_adjutant", "o.auction_order": "free"},
]
CALLS = st.sampled_from(["p", "dealmiss", "DealMiss", "14S", "13NT", "2:14S", "0:p", "1:dealmiss"])


@pytest.mark.django_db
@FUZZ
@given(
    base=st.sampled_from(BASES),
    query=st.dictionaries(
        st.sampled_from(["d", "f", "pn", "pa", "cs", "add", "undo", "clear"]),
        st.one_of(st.sampled_from(["0", "2", "4", "-", "9", "-1", "x"]), st.text(max_size=8)),
        max_size=6,
    ),
    calls=st.lists(CALLS, max_size=12),
)
def test_it_never_fails_whatever_the_calls(client, base, query, calls):
    data = {**base, **query, "c": ".".join(calls)}
    assert follow(client, AUCTION, data).status_code in (200, 400)
