"""Is this bid allowed? — the calls so far, the next caller, the end of the auction, the ladder."""

import re

import pytest
from django.urls import reverse
from hypothesis import given
from hypothesis import strategies as st

from tests.referee.support import FUZZ, errors, follow, local, page, permalink, ruling

# Its fuzzer draws a share of its examples (tests/fuzzing.py): `-m slow` runs them all.
pytestmark = pytest.mark.slow

URL = reverse("scoring:referee-auction")

# One auction per variant: the query and how the ruling box starts.
CASES = {
    "taiwan": ("v=taiwan&n=5&d=0&c=1S.p.2H.p.p.p.p", "The auction is over: Seat 4 declares 2♥"),
    "hongkong": ("v=hongkong&n=5&d=0&c=2H.1S", "That call is not allowed."),
    "japanese": ("v=japanese&n=5&d=0&c=p.13S.14H", "Seat 5 calls next."),
    "japanese-chip": ("v=japanese-chip&n=5&d=4&c=p.12S.p.p.p.13S", "That call is not allowed."),
    "thai": (
        "v=thai&n=5&c=2:3S.0:p.1:p.3:p.4:p&o.auction_order=free",
        "The auction is over: Seat 3 declares 3♠",
    ),
    "mighty": (
        "v=mighty&f=2&c=p.p.p.p.p",
        "Everyone passed once: a second round. Seat 3 calls next.",
    ),
    "nap": ("v=nap&n=4&d=0&c=two.three.p.nap", "The auction is over: Seat 1 declares nap"),
}


def history(response) -> list[tuple[str, ...]]:
    """The calls so far: (who, call, and any note) for each."""
    rows = []
    for item in re.findall(
        r'<li class="[^"]*">(.*?)</li>', page(response).split('class="ref-calls"')[-1], re.S
    ):
        parts = re.findall(r'<span class="[^"]*">(.*?)</span>', item, re.S)
        rows.append(tuple(re.sub(r"<[^>]+>", "", p).strip() for p in parts))
    return rows


def ladder(response) -> dict[str, str]:
    """Each call button of the ladder → "yes" (allowed now), "no" or ""."""
    return {
        value: kind
        for value, kind in re.findall(
            r'<button type="submit" name="add" value="([^"]+)" id="[^"]+" data-call="[^"]+" '
            r'class="ref-call[^"]*?(?: (yes|no))?"',
            page(response),
        )
    }


@pytest.mark.parametrize("variant", CASES)
def test_it_rules_on_the_calls_in_every_variant(client, variant):
    query, start = CASES[variant]
    response = follow(client, f"{URL}?{query}")
    assert response.status_code == 200
    text = ruling(response)
    assert text is not None, errors(response)
    assert text.startswith(start), text


@pytest.mark.parametrize("variant", CASES)
def test_it_gives_a_permalink_that_opens_on_the_same_ruling(client, variant):
    query, _start = CASES[variant]
    first = follow(client, f"{URL}?{query}")
    again = client.get(local(permalink(first)))
    assert again.status_code == 200
    assert ruling(again) == ruling(first)
    assert errors(again) == errors(first)


def test_it_names_the_call_that_is_not_allowed_and_why(client):
    response = follow(client, f"{URL}?v=hongkong&n=5&d=0&c=2H.1S")
    html = page(response)
    assert "1♠ does not beat 2♥." in errors(response)[0]
    assert re.search(r'<li class="bad">.*?1♠', html, re.S)
    # the state before the bad call still shows
    assert "Seat 3 calls next." in ruling(response)


def test_it_says_a_pass_is_final_where_it_is(client):
    response = follow(client, f"{URL}?{CASES['japanese-chip'][0]}")
    assert "Not allowed: Seat 1 has passed, and a pass is final: only pass is allowed." in errors(
        response
    )


def test_it_lights_the_calls_allowed_next(client):
    response = follow(client, f"{URL}?v=mighty&f=0&c=p.13S.14NT")
    calls = ladder(response)
    assert calls["p"] == "yes"
    assert calls["14S"] == "no"
    assert calls["14NT"] == "no"
    assert calls["15S"] == "yes"
    assert calls["20NT"] == "yes"


def test_it_says_why_a_tapped_call_is_not_allowed_next_to_it_and_keeps_the_calls(client):
    response = client.get(f"{URL}?v=mighty&n=5&f=0&c=p.13S.14NT&add=14S")
    assert response.status_code == 200  # not sent on to a permalink with the bad call in it
    why = errors(response)
    assert why == ["14♠ is not allowed. 14♠ does not beat 14NT."], why
    html = page(response)
    assert (
        html.index('id="call-14nt"') < html.index('id="ref-why"') < html.index('id="call-15s"')
    )  # under its rung
    assert [r[1] for r in history(response)] == ["pass", "13♠", "14NT"]
    assert ruling(response).startswith("Seat 4 calls next.")


def test_it_passes_for_a_player_who_passed_already_when_a_pass_is_final(client):
    response = follow(client, f"{URL}?v=japanese&n=5&d=0&o.pass_is_final=1&c=p.13S.p.p&add=p")
    assert ruling(response).startswith("The auction is over: Seat 3 declares 13♠")
    rows = history(response)
    assert rows[-1] == ("Seat 2", "pass", "passed already: passed for them")
    assert "c=p.13S.p.p.p.p" in permalink(response)
    undone = follow(
        client,
        re.search(r'href="\?([^"]+)"[^>]*>Undo last call', page(response))
        .group(1)
        .replace("&amp;", "&")
        .join([f"{URL}?", ""]),
    )
    assert "c=p.13S.p.p&" in permalink(undone) or permalink(undone).endswith("c=p.13S.p.p")


def test_it_announces_the_mightys_second_round(client):
    response = follow(client, f"{URL}?v=mighty&f=2&c=p.p.p.p.p.p&o.all_pass=min_12")
    text = ruling(response)
    assert text.startswith("Everyone passed once: a second round. Bids from 12 are allowed")
    assert "Round 2: everyone passed, so the calls start again" in page(response)


def test_it_shows_the_whole_ladder_of_the_variant(client):
    nap = ladder(follow(client, f"{URL}?v=nap&n=4&d=0"))
    assert list(nap) == ["p", "two", "three", "misere", "four", "nap", "wellington", "blucher"]
    assert nap["wellington"] == "no"
    taiwan = ladder(follow(client, f"{URL}?v=taiwan&n=5&d=0"))
    assert len(taiwan) == 1 + 8 * 5 and "8NT" in taiwan
    numbers = ladder(follow(client, f"{URL}?v=taiwan&n=5&d=0&o.bid_style=number"))
    assert list(numbers)[1:] == [str(n) for n in range(9, 17)]
    twelve = ladder(follow(client, f"{URL}?v=mighty&f=0&o.all_pass=min_12"))
    assert twelve["12S"] == "no"  # only in the second round
    second = ladder(follow(client, f"{URL}?v=mighty&f=0&c=p.p.p.p.p&o.all_pass=min_12"))
    assert second["12S"] == "yes"


def test_it_says_when_everyone_passed(client):
    response = follow(client, f"{URL}?v=mighty&f=0&c=p.p.p.p.p&o.all_pass=redeal")
    assert ruling(response).startswith("Everyone passed: the cards are dealt again.")
    assert ladder(response)["p"] == ""  # nothing more to call


def test_it_says_the_first_caller_plays_twelve_spades_when_all_pass(client):
    query = "v=japanese&n=5&d=0&c=p.p.p.p.p&o.all_pass=starter_12S&o.min_bid=14"
    response = follow(client, f"{URL}?{query}")
    assert ruling(response).startswith("The auction is over: Seat 2 declares 12♠")
    assert "the first to call plays 12♠, even below the lowest bid (house rule)" in page(response)
    redeal = follow(client, f"{URL}?v=japanese&n=5&d=0&c=p.p.p.p.p")
    assert ruling(redeal).startswith("Everyone passed: the cards are dealt again.")
    bid = follow(client, f"{URL}?v=japanese&n=5&d=0&c=13S.p.p.p.p&o.all_pass=starter_12S")
    assert "(house rule)" not in ruling(bid)


def test_it_leaves_no_trump_off_the_ladder_where_it_may_not_be_bid(client):
    taiwan = ladder(follow(client, f"{URL}?v=taiwan&n=5&d=0&o.no_trump_bid=off"))
    assert len(taiwan) == 1 + 8 * 4 and "8NT" not in taiwan


def test_it_names_the_highest_bid_so_far(client):
    response = follow(client, f"{URL}?v=japanese&n=5&d=0&c=p.13S.14H")
    assert "Highest bid so far: 14♥." in ruling(response)


# ---- calls tapped without JavaScript -----------------------------------------------------


def test_it_appends_a_tapped_call(client):
    response = client.get(f"{URL}?v=mighty&f=0&c=p.13S&add=14NT")
    assert local(response["Location"]) == f"{URL}?v=mighty&n=5&f=0&c=p.13S.14NT"
    response = client.get(f"{URL}?v=mighty&n=5&f=0&add=pass")
    assert local(response["Location"]) == f"{URL}?v=mighty&n=5&f=0&c=p"


def test_it_has_an_undo_last_call_link(client):
    response = follow(client, f"{URL}?v=mighty&f=0&c=p.13S.14NT")
    assert (
        'href="?v=mighty&amp;n=5&amp;f=0&amp;c=p.13S" hx-get="?v=mighty&amp;n=5&amp;f=0&amp;c=p.13S">Undo last call'
        in page(response)
    )


def test_it_records_the_caller_in_a_free_auction(client):
    query = "v=thai&n=5&o.auction_order=free"
    response = client.get(f"{URL}?{query}&cs=2&add=3S")
    assert local(response["Location"]) == f"{URL}?v=thai&n=5&c=2:3S&cs=2&o.auction_order=free"
    response = client.get(f"{URL}?{query}&add=3S")
    assert response.status_code == 200
    assert "Pick who is calling, then tap the call." in errors(response)
    assert ruling(follow(client, f"{URL}?{query}&c=2:3S")).startswith("Anyone may call next.")


# ---- bad input --------------------------------------------------------------------------


@pytest.mark.parametrize(
    "query, status, message",
    [
        ("v=japanese&n=5&d=0&c=10S", 200, "10♠ is below the lowest bid, 11."),
        ("v=japanese&n=5&d=0&c=13X", 200, "'13X' is not a bid here"),
        ("v=nap&n=4&d=0&c=two.wellington", 200, "Wellington may only be called over nap."),
        ("v=nap&n=4&d=0&c=two.p.p.p.three", 200, "The auction is already over"),
        ("v=japanese&n=5&c=13S", 200, "Who dealt?"),
        ("v=mighty&c=13S", 200, "Who calls first?"),
        ("v=japanese&n=5&d=7&c=13S", 200, "dealer must be from 0 to 4"),
        ("v=japanese&n=5&d=zero", 400, "whole number"),
        ("v=thai&n=5&c=2:3S.x&o.auction_order=free", 200, "In a free auction"),
        (
            "v=thai&n=5&c=9:3S&o.auction_order=free",
            200,
            "Seat 10 does not exist: the seats are 1 to 5.",
        ),
        ("v=japanese&n=5&d=0&o.min_bid=99", 200, "Write a whole number from 1 to 20."),
    ],
)
def test_it_explains_bad_input(client, query, status, message):
    response = follow(client, f"{URL}?{query}")
    assert response.status_code == status
    assert any(message in e for e in errors(response)), errors(response)


# ---- a session's table -----------------------------------------------------------------


def test_it_uses_the_names_of_a_members_session(table, member):
    _user, client = member
    response = follow(client, f"{URL}?session={table.pk}&d=0&c=p.13S")
    assert ruling(response).startswith("Dan calls next.")
    assert "o.yoromeki=HQ" in permalink(response)


def test_it_ignores_the_session_of_a_stranger(table, stranger):
    _user, client = stranger
    response = follow(client, f"{URL}?session={table.pk}&v=japanese&d=0&c=p.13S")
    assert ruling(response).startswith("Seat 4 calls next.")


# ---- anything at all -------------------------------------------------------------------

KEYS = ["v", "n", "d", "f", "c", "cs", "add", "undo", "clear", "session"]
VALUES = st.one_of(
    st.text(max_size=30),
    st.sampled_from(["taiwan", "japanese", "thai", "mighty", "nap", "5", "4", "0", "3"]),
    st.sampled_from(["p", "pass", "13S", "14NT", "two", "nap", "p.13S.14NT", "2:3S.0:p", "2:"]),
    st.integers(-(10**30), 10**30).map(str),
)
QUERIES = st.dictionaries(
    st.one_of(st.sampled_from(KEYS), st.sampled_from(["o.auction_order", "o.all_pass"])),
    VALUES,
    max_size=10,
)


@pytest.mark.django_db
@FUZZ
@given(query=QUERIES)
def test_it_never_fails_whatever_the_query(client, query):
    assert follow(client, URL, query).status_code in (200, 400)


def test_it_keeps_a_refused_call_in_the_permalink_and_shows_the_refusal_there(client):
    response = client.get(f"{URL}?v=mighty&n=5&f=0&c=p.13S.14NT&add=14S")
    link = permalink(response)
    assert link.endswith("c=p.13S.14NT&x=14S"), link
    undo = re.search(r'href="\?([^"]+)"[^>]*>Undo last call', page(response)).group(1)
    assert "c=p.13S" in undo and "x=" not in undo, undo
    again = client.get(local(link))
    assert again.status_code == 200
    assert errors(again) == ["14♠ is not allowed. 14♠ does not beat 14NT."]
    assert [r[1] for r in history(again)] == ["pass", "13♠", "14NT"]
    assert permalink(again) == link


def test_it_drops_a_kept_call_the_rules_allow_and_one_after_a_new_call(client):
    allowed = client.get(f"{URL}?v=mighty&n=5&f=0&c=p.13S.14NT&x=15S")
    assert local(allowed["Location"]) == f"{URL}?v=mighty&n=5&f=0&c=p.13S.14NT"
    after = follow(client, f"{URL}?v=mighty&n=5&f=0&c=p.13S.14NT&x=14S&add=15S")
    assert "x=" not in permalink(after) and "c=p.13S.14NT.15S" in permalink(after)
