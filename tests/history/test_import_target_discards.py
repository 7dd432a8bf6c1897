"""A Taiwan night under ``discards_to: target`` (rules-house.md §8.10.1), its quick counts
with the napoleon's discarded point cards, exported and imported: the same league, the
discards and the raised targets included. A quick count lists discards only there."""

import json

import pytest

from scoring.models import GameSession
from tests.factories import make_league
from tests.history.at_the_table import Table
from tests.history.import_files import refusal, upload
from tests.history.round_trip import assert_the_same_after_a_round_trip, export

pytestmark = pytest.mark.django_db

CALLED = {"called_suit": "H", "called_rank": "A"}


def target_night(table: Table) -> None:
    table.start("taiwan", ["Ann", "Ben", "Cat", "Dan", "Eve"], opt_taiwan_discards_to="target")
    table.hand(
        declarer="Ann", level="3", trump="S", partner="Ben", points="9", discards=["SA", "HK"],
        **CALLED,
    )  # fmt: skip
    table.hand(declarer="Cat", level="2", trump="H", partner="alone", points="10", **CALLED)
    table.hand(
        declarer="Dan", level="1", trump="NT", partner="Eve", mode="cards", grid_side="def",
        cards={"SA": "discard", "CA": "in", "CK": "in", "CQ": "in"}, **CALLED,
    )  # fmt: skip
    table.edit(2, points="12", discards=["DJ"])


def test_it_imports_the_quick_counts_discards_as_they_were(owner, owner_client, league):
    target_night(Table(owner_client, league))
    hands = list(GameSession.objects.get(league=league).hands.order_by("number"))
    shown = [(h.mode, h.discards, h.points, h.target) for h in hands]
    assert shown == [
        ("count", ["SA", "HK"], 9, 13),
        ("count", ["DJ"], 12, 11),
        ("cards", ["SA"], 12, 10),
    ]
    written = json.loads(export(owner_client, league))["sessions"][0]["hands"]
    assert [(h["mode"], h["discards"], h["target"]) for h in written] == [
        ("count", ["SA", "HK"], 13),
        ("count", ["DJ"], 11),
        ("cards", ["SA"], 10),
    ]
    restored = make_league(owner, name="Restored")
    assert_the_same_after_a_round_trip(owner_client, league, restored)


def test_it_refuses_a_quick_counts_discards_where_they_raise_nothing(owner, owner_client, league):
    target_night(Table(owner_client, league))
    document = json.loads(export(owner_client, league))
    document["sessions"][0]["options"]["discards_to"] = "defenders"
    restored = make_league(owner, name="Restored")
    response = upload(owner_client, restored, json.dumps(document).encode())
    assert response.status_code == 400
    assert "its result was entered as a quick count, so it lists no cards." in refusal(response)
    assert not GameSession.objects.filter(league=restored).exists()
