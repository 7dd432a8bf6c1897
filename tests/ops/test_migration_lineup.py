"""Migration 0008_lineup: every hand stored before it was played by its session's seats,
in seat order; after it, each hand names those players and each score its player."""

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

BEFORE = [("scoring", "0007_cache_table")]
AFTER = [("scoring", "0008_lineup")]

pytestmark = pytest.mark.django_db(transaction=True)


def migrate(targets):
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(targets)
    return executor.loader.project_state(targets).apps


def test_it_gives_every_stored_hand_its_line_up_and_every_score_its_player():
    old = migrate(BEFORE)
    league = old.get_model("scoring", "League").objects.create(name="Old club")
    Player = old.get_model("scoring", "Player")
    players = [Player.objects.create(league=league, name=n) for n in ("Cy", "Ann", "Bo")]
    session = old.get_model("scoring", "GameSession").objects.create(
        league=league, date="2024-01-05", variant="nap", options={}, first_dealer=0
    )
    for number, player in enumerate(players):
        old.get_model("scoring", "Seat").objects.create(
            session=session, number=number, player=player
        )
    hand = old.get_model("scoring", "Hand").objects.create(
        session=session, number=1, dealer=0, declarer=1, contract="three"
    )
    for seat, delta in enumerate((-1, 2, -1)):
        old.get_model("scoring", "HandScore").objects.create(hand=hand, seat=seat, delta=delta)
    new = migrate(AFTER)
    stored = new.get_model("scoring", "Hand").objects.get(pk=hand.pk)
    assert stored.lineup == [p.pk for p in players] and stored.benched == []
    scores = new.get_model("scoring", "HandScore").objects.filter(hand_id=hand.pk).order_by("seat")
    assert [(s.player_id, s.delta) for s in scores] == [
        (p.pk, d) for p, d in zip(players, (-1, 2, -1), strict=True)
    ]
    migrate(MigrationExecutor(connection).loader.graph.leaf_nodes())  # as the other tests expect
