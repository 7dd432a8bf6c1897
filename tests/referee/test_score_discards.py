"""The score tool's quick count under Taiwan's ``discards_to: target`` (rules-house.md
§8.10.1): the napoleon's discarded point cards are ticked beside the count and raise the
target, as the API's /score has them; under the other two choices nothing is asked."""

import re
from urllib.parse import parse_qsl, urlsplit

import pytest
from django.urls import reverse

from tests.referee.support import errors, follow, page, ruling
from tests.referee.test_score import deltas
from tests.table.test_target_discards import api_score

SCORE = reverse("scoring:referee-score")
HAND = "v=taiwan&n=5&d=0&x=3S&f=1&o.discards_to=target"


def api_deltas(client, points: int, discards: list[str]) -> list[str]:
    deltas = api_score(client, {"discards_to": "target"}, points, discards)["deltas"]
    return [f"{deltas[str(s)]:+d}".replace("-", "−") for s in range(5)]


@pytest.mark.parametrize(("points", "discards"), [(9, ["SA", "HK"]), (13, ["SA", "HK"]), (12, [])])
def test_it_scores_the_ticked_discards_as_the_api_does(client, points, discards):
    ticks = "".join(f"&dc={code}" for code in discards)
    response = client.get(f"{SCORE}?{HAND}&r={points}{ticks}")
    if discards:  # the tick boxes' query, spelled as the permalink spells it
        assert response.status_code == 302
        query = dict(parse_qsl(urlsplit(response["Location"]).query))
        assert query["dc"] == ".".join(discards)
    response = follow(client, f"{SCORE}?{HAND}&r={points}{ticks}")
    assert deltas(response) == api_deltas(client, points, discards)
    target = 11 + len(discards)
    assert f"{points} points against a target of {target}" in ruling(response)
    body = page(response)
    assert re.findall(r'name="dc" value="(\w+)"[^>]* checked', body) == discards


def test_it_names_the_raised_target_in_the_ruling(client):
    text = ruling(follow(client, f"{SCORE}?{HAND}&r=9&dc=SA.HK"))
    assert "2 point cards were discarded, which raises the target to 13 (house rule)" in text


@pytest.mark.parametrize(
    ("ticks", "points", "message"),
    [
        ("SA.SK.SQ.SJ.HA", 9, "5 point cards discarded, but only 4 cards are discarded"),
        ("SA.S9", 9, "♠9 is not a point card"),
        ("SA.HK", 15, "must be at most 14"),
    ],
)
def test_it_refuses_what_the_rules_refuse_next_to_the_input(client, ticks, points, message):
    response = follow(client, f"{SCORE}?{HAND}&r={points}&dc={ticks}")
    assert response.status_code == 200
    assert ruling(response) is None
    assert any(message in error for error in errors(response)), errors(response)
    body = page(response)
    field = "field-r" if points == 15 else "field-dc"
    after = body[body.index(f'id="{field}"') :]
    assert message in after[: after.index("</p>", after.index("ref-error")) + 4]


def test_it_answers_htmx_with_the_canonical_query(client):
    response = client.get(f"{SCORE}?{HAND}&r=9&dc=SA&dc=HK", headers={"HX-Request": "true"})
    assert response.status_code == 200
    assert "dc=SA.HK" in response["HX-Replace-Url"]


@pytest.mark.parametrize("choice", ["defenders", "napoleon"])
def test_it_asks_for_no_cards_under_the_other_choices(client, choice):
    query = f"v=taiwan&n=5&d=0&x=3S&f=1&r=11&o.discards_to={choice}"
    response = client.get(f"{SCORE}?{query}&dc=SA.HK")
    assert response.status_code == 302 and "dc=" not in response["Location"]
    response = follow(client, f"{SCORE}?{query}")
    assert 'id="field-dc"' not in page(response)
    assert "points against a target of 11" in ruling(response)
