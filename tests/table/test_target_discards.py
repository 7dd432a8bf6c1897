"""The quick count under Taiwan's ``discards_to: target`` (rules-house.md §8.10.1): the
napoleon's discarded point cards are ticked beside the count, raise the target, and are
kept with the hand; under the other two choices the quick count asks for no cards."""

import json
import re

import pytest

from scoring.models import Hand
from tests.factories import counts, hand_data, make_session, stored_deltas, url
from tests.history.at_the_table import Table

TARGET = {"discards_to": "target"}
PICKER = 'id="f-discards"'


@pytest.fixture
def raised(league):
    """Five at a Taiwan table whose discarded point cards raise the target."""
    return make_session(league, "taiwan", options=TARGET)


def record(client, session, **changes):
    return client.post(url("record", session.pk), hand_data(session, **changes))


def api_score(client, options, points, discards) -> dict:
    """What the API's /score answers for the hand of ``hand_data`` (Ann declares 3♠,
    Ben is the secretary) with this count and these discards."""
    body = {
        "variant": "taiwan",
        "players": 5,
        "options": options,
        "declarer": 0,
        "contract": "3S",
        "partner": 1,
        "declarer_points": points,
        "discards": discards,
    }
    response = client.post("/api/v1/score", json.dumps(body), content_type="application/json")
    assert response.status_code == 200, response.content
    return json.loads(response.content)


@pytest.mark.parametrize(
    ("points", "discards"),
    [
        ("9", ["SA", "HK"]),  # 8 + 3 + 2 = 13: four short
        ("13", ["SA", "HK"]),  # made exactly at the raised target
        ("14", ["DJ"]),  # one over 12
        ("12", []),  # no discarded point card: the target stays 11
    ],
)
def test_it_scores_the_quick_count_with_the_discards_as_the_api_does(
    member_client, raised, points, discards
):
    response = record(member_client, raised, points=points, discards=discards)
    assert response.status_code == 302
    hand = Hand.objects.get()
    answer = api_score(member_client, TARGET, int(points), discards)
    assert hand.mode == Hand.COUNT and hand.discards == discards
    assert (hand.target, hand.points, hand.made) == (
        answer["target"],
        answer["declarer_points"],
        answer["made"],
    )
    assert stored_deltas(hand) == tuple(answer["deltas"][str(seat)] for seat in range(5))
    assert list(hand.lines) == answer["lines"]
    assert hand.target == 11 + len(discards)


@pytest.mark.parametrize(
    ("changes", "field", "message"),
    [
        (
            {"discards": ["SA", "SK", "SQ", "SJ", "HA"]},
            "discards",
            "5 point cards discarded, but only 4 cards are discarded in this game.",
        ),
        ({"discards": ["SA", "S9"]}, "discards", "♠9 is not a point card"),
        ({"discards": ["SA", "HK"], "points": "15"}, "points", "must be at most 14"),
    ],
)
def test_it_refuses_discards_the_rules_refuse_and_keeps_the_entry(
    member_client, raised, changes, field, message
):
    before = counts()
    response = record(member_client, raised, **changes)
    assert response.status_code == 422
    assert counts() == before
    body = response.content.decode()
    assert message in body
    # The message stands with its field, and everything entered is ticked again.
    errors = re.search(rf'id="id_{field}_error"[^>]*>(.*?)</ul>', body, re.S)
    assert errors and message in errors.group(1)
    offered = set(re.findall(r'name="discards" value="(\w+)"', body))  # point cards only
    for code in set(changes["discards"]) & offered:
        assert re.search(rf'name="discards" value="{code}" checked', body), code
    assert re.search(rf'name="points" value="{changes.get("points", "12")}" checked', body)


def test_it_offers_the_point_cards_under_target_only(member_client, league):
    for choice in ("defenders", "napoleon", "target"):
        session = make_session(league, "taiwan", options={"discards_to": choice})
        body = member_client.get(url("table", session.pk)).content.decode()
        assert (PICKER in body) == (choice == "target"), choice
    picker = body[body.index(PICKER) : body.index("</fieldset>", body.index(PICKER))]
    assert "Point cards among the napoleon&#x27;s discards (at most 4)" in picker
    boxes = re.findall(r'<input type="checkbox" name="discards" value="(\w+)"', picker)
    assert len(boxes) == 16 and boxes[:4] == ["SA", "SK", "SQ", "SJ"]
    assert " checked" not in picker  # none ticked: a hand without them costs no tap


@pytest.mark.parametrize("choice", ["defenders", "napoleon"])
def test_it_scores_the_quick_count_as_before_under_the_other_choices(member_client, league, choice):
    session = make_session(league, "taiwan", options={"discards_to": choice})
    response = record(member_client, session, points="11", discards=["SA", "HK"])
    assert response.status_code == 302
    hand = Hand.objects.get()
    assert (hand.discards, hand.target, hand.made) == ([], 11, True)
    answer = api_score(member_client, {"discards_to": choice}, 11, [])
    assert stored_deltas(hand) == tuple(answer["deltas"][str(seat)] for seat in range(5))


def test_it_previews_the_raised_target_and_why(member_client, raised, htmx):
    data = hand_data(raised, points="9", discards=["SA", "HK"])
    body = member_client.post(url("preview", raised.pk), data, **htmx).content.decode()
    assert "9 (target 13 with 2 discarded point cards)" in body
    assert "2 point cards were discarded, which raises the target to 13 (house rule)" in body
    one = hand_data(raised, points="12", discards=["SA"])
    body = member_client.post(url("preview", raised.pk), one, **htmx).content.decode()
    assert "12 (target 12 with 1 discarded point card)" in body


def test_it_previews_the_raised_target_of_the_card_grid_too(member_client, raised, htmx):
    owners = {"card_SA": "discard", "card_HK": "discard"}
    owners.update({f"card_{code}": "in" for code in ("CA", "CK", "CQ", "CJ", "DJ")})
    data = hand_data(raised, mode="cards", points=None, grid_side="def", **owners)
    body = member_client.post(url("preview", raised.pk), data, **htmx).content.decode()
    assert "9 (target 13 with 2 discarded point cards)" in body


def test_it_keeps_the_discards_through_the_edit_the_list_and_an_undo(owner_client, league):
    table = Table(owner_client, league)
    table.start("taiwan", ["Ann", "Ben", "Cat", "Dan", "Eve"], opt_taiwan_discards_to="target")
    called = {"called_suit": "H", "called_rank": "A"}
    hand = table.hand(
        declarer="Ann", level="3", trump="S", partner="Ben", points="9", discards=["SA", "HK"],
        **called,
    )  # fmt: skip
    assert (hand.discards, hand.target, hand.made) == (["SA", "HK"], 13, False)
    edit = owner_client.get(url("edit-hand", table.session.pk, 1)).content.decode()
    assert re.findall(r'name="discards" value="(\w+)" checked', edit) == ["SA", "HK"]
    assert "9 (target 13 with 2 discarded point cards)" in edit
    hand = table.edit(1, points="13")  # the page's ticks are posted again, as it shows them
    assert (hand.discards, hand.target, hand.made, hand.version) == (["SA", "HK"], 13, True, 2)
    listed = owner_client.get(url("hands", table.session.pk)).content.decode()
    assert "13 (target 13)" in listed
    history = owner_client.get(url("history", table.session.pk)).content.decode()
    assert "discarded: ♠A ♥K" in history
    table.undo()
    assert not table.session.hands.exists()
    assert table.restore()
    hand = table.session.hands.get()
    assert (hand.discards, hand.target, hand.points, hand.made) == (["SA", "HK"], 13, 13, True)
