"""A table's own score numbers (``score_values``) in the score tool's house-rules panel: the
active score table as players read it, each number prefilled; only real changes
reach the permalink, the count and the engine; a bad number is named beside its box."""

import html
import re
from urllib.parse import parse_qsl

import pytest
from django.urls import reverse

from tests.referee.support import errors, follow, page, permalink, ruling
from tests.referee.test_score import CASES, deltas

URL = reverse("scoring:referee-score")
BADGE = re.compile(r'House rules\s*(?:<span class="badge">([^<]*)</span>)?')


def boxes(response) -> dict[str, str]:
    """The panel's own-number boxes: name → the number it shows."""
    found = re.findall(
        r'<input type="number" name="o\.score_values\.(\w+)"[^>]*value="([^"]*)"', page(response)
    )
    return dict(found)


def drawn(response) -> dict[str, str]:
    """The defaults the boxes were drawn with, as the page's form sends them back."""
    return dict(re.findall(r'name="sd\.(\w+)" value="([^"]*)"', page(response)))


def form_as_sent(response, query: str, **changes) -> dict[str, str]:
    """The page's form sent back: its query, every box and its drawn default, and changes."""
    sent = dict(parse_qsl(query))
    sent |= {f"o.score_values.{k}": v for k, v in boxes(response).items()}
    sent |= {f"sd.{k}": v for k, v in drawn(response).items()}
    return sent | changes


def badge(response) -> str | None:
    return BADGE.search(page(response)).group(1)


# The active table of three games: how many numbers, some of them, and words of its layout.
TABLES = [
    (
        "v=taiwan&n=5",
        20,  # the 15 printed numbers and the 5 fixed amounts of a failed hand
        {"standard_made_napoleon": "100", "standard_short_defender": "20"}
        | {"standard_failed_napoleon": "0", "dictator_failed_defender": "0"},
        "dictator, failed (once)",
    ),
    (
        "v=mighty&n=5&o.formula=pagat",
        12,
        {"alone_declarer": "4", "base": "13", "bid_weight": "2", "no_trump_multiplier": "2"},
        "No trump multiplies by",
    ),
    (
        "v=nap&n=4&o.payout=classic",
        17,
        {"misere_failed": "6", "nap_made": "10", "blucher_failed": "15"},
        "Sir Garnet failed: the nap failure times",
    ),
]


@pytest.mark.parametrize("query, count, some, words", TABLES)
def test_it_lays_out_the_active_score_table_each_number_prefilled(
    client, query, count, some, words
):
    response = follow(client, f"{URL}?{query}")
    shown = boxes(response)
    assert len(shown) == count
    assert {name: shown.get(name) for name in some} == some
    assert drawn(response) == shown  # nothing changed yet: each box shows its default
    assert words in page(response)


def test_it_draws_the_table_the_other_rules_pick(client):
    seed = boxes(follow(client, f"{URL}?v=mighty&n=5"))
    assert "bid_weight" not in seed and seed["base"] == "12"
    hongkong = boxes(follow(client, f"{URL}?v=taiwan&n=5&o.score_table=hongkong"))
    assert hongkong["standard_made_napoleon"] == "40"
    balanced = boxes(follow(client, f"{URL}?v=taiwan&n=4&o.four_player_table=balanced"))
    assert balanced["standard_made_defender"] == "-75"


def test_it_shows_the_numbers_only_where_the_ruling_depends_on_them(client):
    trick = follow(client, "/referee/trick/?v=taiwan&n=5&o.score_values.standard_made_napoleon=90")
    assert boxes(trick) == {} and "Own score numbers" not in page(trick)
    assert badge(trick) is None  # nothing in its panel changed...
    link = re.search(r'href="(/referee/\?[^"]*)"', page(trick)).group(1)
    index = follow(client, html.unescape(link))
    assert "o.score_values.standard_made_napoleon=90" in page(index)  # ...and it goes on


def test_it_scores_the_hand_with_a_changed_number_and_keeps_it_in_the_permalink(client):
    query, _verdict, _expected = CASES["taiwan"]
    response = follow(client, f"{URL}?{query}&o.score_values.standard_made_napoleon=130")
    assert deltas(response) == ["+150", "−60", "+60", "−60", "−60"]
    assert "Your table's own numbers: standard, made · napoleon: +130" in ruling(response)
    assert permalink(response).endswith("&o.score_values.standard_made_napoleon=130")
    assert badge(response) == "1 changed"
    assert boxes(response)["standard_made_napoleon"] == "130"
    nap = follow(client, f"{URL}?{CASES['nap'][0]}&o.payout=classic&o.score_values.nap_made=12")
    assert deltas(nap) == ["+12", "0", "0", "0"]


def test_it_drops_a_number_equal_to_the_default(client):
    query, _verdict, expected = CASES["taiwan"]
    response = client.get(f"{URL}?{query}&o.score_values.standard_made_napoleon=100")
    assert response.status_code == 302 and "score_values" not in response["Location"]
    response = follow(client, f"{URL}?{query}&o.score_values.standard_made_napoleon=+100")
    assert deltas(response) == expected and badge(response) is None
    assert "score_values" not in permalink(response) and "own numbers" not in ruling(response)


def test_it_takes_the_form_as_sent_with_htmx_only_the_number_changed(client):
    # Every box comes back with the form; the address bar gets the one changed number.
    query, _verdict, _expected = CASES["mighty"]
    first = follow(client, f"{URL}?{query}")
    sent = form_as_sent(first, query, **{"o.score_values.declarer": "3"})
    response = client.get(URL, sent, headers={"HX-Request": "true"})
    assert response.status_code == 200
    assert response["HX-Replace-Url"] == f"{URL}?{query}&o.score_values.declarer=3"
    assert deltas(response)[0] == "+12"


def test_it_lets_untouched_boxes_follow_a_change_of_table(client):
    # The table switched to Hong Kong's while every box still held Taiwan's numbers.
    first = follow(client, f"{URL}?v=taiwan&n=5&o.score_values.standard_made_secretary=60")
    sent = form_as_sent(first, "v=taiwan&n=5", **{"o.score_table": "hongkong"})
    response = client.get(URL, sent)
    assert response["Location"].endswith(
        "?v=taiwan&n=5&o.score_table=hongkong&o.score_values.standard_made_secretary=60"
    )


@pytest.mark.parametrize(
    "number, message",
    [
        ("1.5", "standard, made · napoleon: Write a whole number, not '1.5'."),
        ("1000000", "standard, made · napoleon: Write a whole number from -100000 to 100000."),
    ],
)
def test_it_names_a_bad_number_beside_its_box_and_keeps_it(client, number, message):
    query, _verdict, _expected = CASES["taiwan"]
    response = follow(client, f"{URL}?{query}&o.score_values.standard_made_napoleon={number}")
    assert response.status_code == 200
    assert ruling(response) is None
    assert message in errors(response)
    assert not any("score_values" in e or "standard_made" in e for e in errors(response))
    assert boxes(response)["standard_made_napoleon"] == number
    assert 'id="ref-own-numbers" open' in page(response)
    assert f"o.score_values.standard_made_napoleon={number}" in permalink(response)


def test_it_offers_to_empty_a_number_this_table_does_not_have(client):
    response = follow(client, f"{URL}?v=mighty&n=5&o.score_values.bid_weight=3")
    assert boxes(response)["bid_weight"] == "3"
    assert any("Not a number of the score table these rules play" in e for e in errors(response))
    emptied = follow(client, f"{URL}?v=mighty&n=5&o.score_values.bid_weight=")
    assert "bid_weight" not in boxes(emptied) and "bid_weight" not in permalink(emptied)


def test_it_opens_on_a_members_session_with_its_own_numbers(member):
    from tests.referee.conftest import make_session

    user, client = member
    session = make_session(user, "thai", options={"score_values": {"win": 2}})
    response = follow(client, f"{URL}?session={session.pk}&d=0&x=2S&f=1&w0=4&w1=3&w2=1&w3=1&w4=1")
    assert boxes(response)["win"] == "2"
    assert "o.score_values.win=2" in permalink(response)
