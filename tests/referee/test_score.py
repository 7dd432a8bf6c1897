"""How is this hand scored? — every seat's score with the reason lines, and the score table."""

import html
import re
from urllib.parse import parse_qs, urlsplit

import pytest
from django.urls import reverse
from hypothesis import given
from hypothesis import strategies as st

from tests.referee.support import FUZZ, errors, follow, local, page, permalink, ruling, text_of

# Its fuzzer draws a share of its examples (tests/fuzzing.py): `-m slow` runs them all.
pytestmark = pytest.mark.slow

URL = reverse("scoring:referee-score")

# One hand per variant: the query, the verdict, and every seat's score in seat order.
CASES = {
    "taiwan": ("v=taiwan&n=5&d=0&x=3S&f=2&r=12", "Made", ["+120", "−60", "+60", "−60", "−60"]),
    "hongkong": ("v=hongkong&n=5&d=0&x=2S&f=-&r=9", "Failed", ["−20", "+50", "+50", "+50", "+50"]),
    "japanese": ("v=japanese&n=5&d=0&x=13S&f=1&r=12", "Failed", ["0", "0", "+1", "+1", "+1"]),
    "japanese-chip": (
        "v=japanese-chip&n=5&d=0&x=13S&f=1&r=20",
        "Failed",
        ["−2", "−1", "+1", "+1", "+1"],
    ),
    "thai": ("v=thai&n=5&d=0&x=2S&f=1&tp=1", "Failed", ["0", "0", "+1", "+1", "+1"]),
    "mighty": ("v=mighty&n=5&d=0&x=14S&f=1&r=16", "Made", ["+8", "+4", "−4", "−4", "−4"]),
    "nap": ("v=nap&n=4&d=0&x=nap&w0=5", "Made", ["+5", "0", "0", "0"]),
}


def deltas(response) -> list[str]:
    table = re.search(r'<table class="ref-deltas"><tbody>(.*?)</tbody>', page(response), re.S)
    assert table, errors(response)
    return [
        text_of(cell) for cell in re.findall(r"<td class=\"[^\"]*\">(.*?)</td>", table.group(1))
    ]


def examples(response) -> list[tuple[str, str]]:
    """The score table's rows: (link to the calculator, the amounts in a line)."""
    found = []
    for body in re.findall(r"<tbody>\s*<tr class=\"case\">(.*?)</tbody>", page(response), re.S):
        link = html.unescape(re.search(r'<a href="([^"]+)"', body).group(1))
        amounts = re.search(r'<tr class="amounts">(.*?)</tr>', body, re.S).group(1)
        found.append((link, text_of(amounts)))
    return found


@pytest.mark.parametrize("variant", CASES)
def test_it_scores_every_seat_in_every_variant(client, variant):
    query, verdict, expected = CASES[variant]
    response = follow(client, f"{URL}?{query}")
    assert response.status_code == 200
    text = ruling(response)
    assert text is not None, errors(response)
    assert text.startswith(verdict), text
    assert deltas(response) == expected


@pytest.mark.parametrize("variant", CASES)
def test_it_gives_a_permalink_that_opens_on_the_same_score(client, variant):
    query, _verdict, _expected = CASES[variant]
    first = follow(client, f"{URL}?{query}")
    again = client.get(local(permalink(first)))
    assert again.status_code == 200
    assert ruling(again) == ruling(first)


def test_it_shows_the_reason_lines(client):
    text = ruling(follow(client, f"{URL}?{CASES['taiwan'][0]}"))
    assert "Standard contract made: napoleon +100, secretary +50, each defender −50" in text
    assert "1 over the target" in text
    assert "12 points against a target of 11" in text


def test_it_shows_the_sum_of_a_table_that_is_not_zero_sum(client):
    text = ruling(follow(client, f"{URL}?{CASES['hongkong'][0]}"))
    assert "Sum (this table is not zero-sum) +180" in text


@pytest.mark.parametrize("variant", CASES)
def test_it_lays_out_the_score_table_of_the_variant(client, variant):
    response = follow(client, f"{URL}?v={variant}")
    rows = examples(response)
    assert len(rows) >= 5
    assert "made" in page(response) and "failed" in page(response)


@pytest.mark.parametrize("variant", CASES)
def test_it_opens_each_score_table_row_in_the_calculator(client, variant):
    response = follow(client, f"{URL}?v={variant}")
    for link, amounts in examples(response):
        hand = client.get(f"{URL}{link}")
        assert hand.status_code == 200, link
        scores = deltas(hand)
        assert scores[0] == amounts.split()[0], link


def test_it_scores_the_table_with_the_house_rules(client):
    plain = examples(follow(client, f"{URL}?v=mighty"))
    pagat = examples(follow(client, f"{URL}?v=mighty&o.formula=pagat"))
    assert [amounts for _link, amounts in plain] != [amounts for _link, amounts in pagat]
    assert all("o.formula=pagat" in link for link, _amounts in pagat)


def test_it_lays_out_every_nap_call_a_house_rule_adds_made_and_failed(client):
    # One and Sir Garnet make nine calls: each is shown made and failed, at the classic
    # payout's own numbers (the table once failed with a 500 on a ladder it could not cut).
    query = "v=nap&n=4&o.all_pass=dealer_bids_one&o.sir_garnet=1&o.payout=classic"
    response = follow(client, f"{URL}?{query}")
    assert response.status_code == 200
    rows = examples(response)
    contracts = [parse_qs(urlsplit(link).query)["x"][0] for link, _amounts in rows]
    assert sorted(set(contracts)) == sorted(
        ["one", "two", "three", "misere", "four", "nap", "garnet", "wellington", "blucher"]
    )
    assert len(rows) == 18
    amounts = [amounts for _link, amounts in rows]
    assert "+30 0" in amounts  # Blücher made, classic: 30
    assert "0 +10" in amounts  # Sir Garnet failed: twice the nap failure of 5


def test_it_offers_the_contracts_of_the_ladder(client):
    response = follow(client, f"{URL}?v=taiwan&n=5")
    values = re.findall(r'<input type="radio" name="x" value="([^"]+)"', page(response))
    assert values[:5] == ["1C", "1D", "1H", "1S", "1NT"] and values[-1] == "8NT"
    nap = follow(client, f"{URL}?v=nap&n=4")
    assert 'name="f"' not in page(nap)  # Nap has no partner


@pytest.mark.parametrize(
    ("query", "first", "absent"),
    [
        # all_pass: starter_12S lets the forced 12♠ stand below the lowest bid; no other bid.
        ("v=japanese&n=5&o.all_pass=starter_12S&o.min_bid=14", "12S", "12H"),
        ("v=japanese&n=5&o.min_bid=14", "14C", "12S"),
        # no_trump_bid: off leaves no-trump contracts off the ladder.
        ("v=taiwan&n=5&o.no_trump_bid=off", "1C", "1NT"),
    ],
)
def test_it_offers_the_contracts_the_house_rules_allow(client, query, first, absent):
    response = follow(client, f"{URL}?{query}")
    values = re.findall(r'<input type="radio" name="x" value="([^"]+)"', page(response))
    assert values[0] == first and absent not in values


def test_it_previews_the_starter_contract_with_the_rule_named(client):
    query = "v=japanese&n=5&o.all_pass=starter_12S&o.min_bid=14&d=0&x=12S&f=1&r=12"
    response = follow(client, f"{URL}?{query}")
    assert response.status_code == 200
    assert "12♠ after everyone passed stands below the lowest bid" in page(response)


# ---- bad input --------------------------------------------------------------------------


@pytest.mark.parametrize(
    "query, status, message",
    [
        ("v=taiwan&n=5&d=0&x=3S&f=2&r=17", 200, "declarer_points must be from 0 to 16"),
        ("v=taiwan&n=5&d=0&x=9S&f=2&r=12", 200, "9♠ is above the highest bid, 8."),
        ("v=taiwan&n=5&d=0&x=3Q&f=2&r=12", 200, "'3Q' is not a bid here"),
        ("v=thai&n=5&d=0&x=2S&f=1&w0=5&w1=3", 200, "The tricks add up to 8"),
        ("v=thai&n=5&d=0&x=2S&f=1&w0=-1&w1=11", 200, "Seat 1 cannot take -1 tricks."),
        ("v=taiwan&n=5&x=3S&f=2&r=12", 200, "Who is the napoleon?"),
        ("v=mighty&n=5&x=14S&f=2&r=12", 200, "Who is the declarer?"),
        ("v=taiwan&n=5&d=0&f=2&r=12", 200, "Pick the contract."),
        ("v=taiwan&n=5&d=0&x=3S&r=12", 200, "Who was the secretary? Pick “alone”"),
        ("v=mighty&n=5&d=0&x=14S&r=12", 200, "Who was the friend? Pick “alone”"),
        ("v=taiwan&n=5&d=0&x=3S&f=2", 200, "Point cards of the napoleon's side"),
        ("v=japanese&n=5&d=0&x=13S&f=2", 200, "Picture cards of the napoleon's side"),
        ("v=nap&n=4&d=0&x=nap", 200, "How many tricks did each player take?"),
        ("v=taiwan&n=5&d=0&x=3S&f=2&r=twelve", 400, "whole number"),
        ("v=taiwan&n=5&d=0&x=3S&f=7&r=12", 200, "partner must be from 0 to 4"),
    ],
)
def test_it_explains_bad_input(client, query, status, message):
    response = follow(client, f"{URL}?{query}")
    assert response.status_code == status
    assert ruling(response) is None
    assert any(message in e for e in errors(response)), errors(response)


# ---- a session's table -----------------------------------------------------------------


def test_it_scores_with_the_names_and_rules_of_a_members_session(member):
    from tests.referee.conftest import make_session

    user, client = member
    session = make_session(user, "japanese", options={"score_table": "chips"})
    response = follow(client, f"{URL}?session={session.pk}&d=0&x=13S&f=1&r=15")
    assert re.search(r"<td>Ann</td><td class=\"\">\+2</td>", page(response))
    assert "o.score_table=chips" in permalink(response)


def test_it_ignores_the_session_of_a_stranger(table, stranger):
    _user, client = stranger
    response = follow(client, f"{URL}?session={table.pk}&v=japanese&d=0&x=13S&f=1&r=15")
    assert "<td>Seat 1</td>" in page(response)
    assert "Ann" not in page(response)


# ---- anything at all -------------------------------------------------------------------

KEYS = ["v", "n", "d", "x", "f", "r", "tp", "w0", "w1", "w2", "w3", "w4", "session"]
VALUES = st.one_of(
    st.text(max_size=20),
    st.sampled_from(["taiwan", "hongkong", "japanese", "thai", "mighty", "nap", "-", "1"]),
    st.sampled_from(["dealer_bids_one", "classic", "true", "garnet", "one"]),
    st.sampled_from(["3S", "14NT", "20S", "nap", "misere", "0", "5", "16", "21", "-3"]),
    st.integers(-(10**30), 10**30).map(str),
)
QUERIES = st.dictionaries(
    st.one_of(
        st.sampled_from(KEYS),
        st.sampled_from(
            [
                "o.score_table",
                "o.formula",
                "o.trump_change_cost.suit",
                "o.tie",
                "o.sir_garnet",
                "o.all_pass",
                "o.payout",
                # A table's own numbers, in and out of each active table, with a box's default.
                "o.score_values",
                "o.score_values.standard_made_napoleon",
                "o.score_values.declarer",
                "o.score_values.bid_weight",
                "o.score_values.nap_made",
                "o.score_values.win",
                "sd.declarer",
            ]
        ),
    ),
    VALUES,
    max_size=12,
)


@pytest.mark.django_db
@FUZZ
@given(query=QUERIES)
def test_it_never_fails_whatever_the_query(client, query):
    assert follow(client, URL, query).status_code in (200, 400)
