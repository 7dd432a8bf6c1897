"""The director's board at work: a penalty or bonus, a player replaced, a hand corrected
or cancelled through the table's own pages (audit trail kept), the round closed and the
next seated; and the night's standings recomputed from the hands themselves."""

from collections import defaultdict
from fractions import Fraction

import pytest
from django.test import Client

from scoring.events.results import night_standings
from scoring.models import (
    Adjustment,
    Entrant,
    Event,
    EventTable,
    GameSession,
    Hand,
    HandEvent,
    Player,
    Round,
    TableChange,
)
from tests.events.helpers import check_in, close, make_night, round_sessions, seat, text, version_of
from tests.factories import hand_data, url

pytestmark = pytest.mark.django_db


@pytest.fixture
def night(client):
    event = make_night(client)
    check_in(client, event, [f"P{n}" for n in range(11)])
    seat(client, event)
    return event


def _adjust(client, event, player, points, reason="Slow play"):
    data = {
        "player": str(player),
        "points": str(points),
        "reason": reason,
        "event_version": version_of(event),
    }
    return client.post(url("event-adjust", event.pk), data)


def test_it_gives_a_penalty_with_its_reason_into_the_standings(client, night):
    player = Entrant.objects.first().player
    before = {row.player: row.raw for row in night_standings(night)}
    assert _adjust(client, night, player.pk, -20).status_code == 302
    after = {row.player: row.raw for row in night_standings(night)}
    assert after[player.pk] == before[player.pk] - 20
    assert "Slow play" in text(client.get(url("event-board", night.pk)))


@pytest.mark.parametrize(
    ("points", "reason", "message"),
    [
        ("0", "Nothing", "A penalty or bonus of 0 changes nothing."),
        ("abc", "Typo", "Enter a whole number."),
        ("-5", "", "This field is required."),
        ("99999", "Too much", "less than or equal to 9999"),
    ],
)
def test_it_refuses_a_bad_penalty_and_gives_nothing(client, night, points, reason, message):
    player = Entrant.objects.first().player
    refused = _adjust(client, night, player.pk, points, reason)
    assert refused.status_code == 400 and message in text(refused)
    assert not Adjustment.objects.exists()


def test_it_refuses_points_for_someone_not_at_the_night(client, night):
    assert _adjust(client, night, 999999, 5).status_code == 400
    assert not Adjustment.objects.exists()


def test_it_replaces_a_player_at_a_table_and_checks_them_in(client, night):
    one = round_sessions(night, 1)[0]
    table = EventTable.objects.get(session=one)
    leaving = one.seat_list[0]
    data = {"seat": str(leaving.pk), "name": "Newcomer", "table_version": str(one.version)}
    response = client.post(url("event-replace", night.pk, table.pk), data)
    assert response.status_code == 302
    names = [seat.player.name for seat in type(one).objects.get(pk=one.pk).seat_list]
    assert "Newcomer" in names and leaving.player.name not in names
    assert Entrant.objects.filter(player__name="Newcomer", present=True).exists()


def test_it_refuses_a_replacement_drawn_before_the_table_changed(client, night):
    one = round_sessions(night, 1)[0]
    table = EventTable.objects.get(session=one)
    drawn = str(one.version)
    first = {"seat": str(one.seat_list[0].pk), "name": "Early", "table_version": drawn}
    assert client.post(url("event-replace", night.pk, table.pk), first).status_code == 302
    data = {"seat": str(one.seat_list[1].pk), "name": "Late", "table_version": drawn}
    refused = client.post(url("event-replace", night.pk, table.pk), data)
    assert refused.status_code == 400 and "The table changed" in text(refused)
    assert not Entrant.objects.filter(player__name="Late").exists()


def test_it_corrects_and_cancels_a_tables_hand_with_the_audit_trail(client, night):
    one = round_sessions(night, 1)[0]
    client.post(url("record", one.pk), hand_data(one))
    client.post(url("record", one.pk), hand_data(one, points="3"))
    board = text(client.get(url("event-board", night.pk)))
    assert url("hands", one.pk) in board
    hand = Hand.objects.get(session=one, number=2)
    deleted = client.post(url("delete-hand", one.pk, 2), {"version": str(hand.version)})
    assert deleted.status_code == 302 and not Hand.objects.filter(pk=hand.pk).exists()
    assert HandEvent.objects.filter(session=one, number=2, action="delete").exists()


def _by_hand(event: Event) -> dict[int, dict[str, Fraction]]:
    """Each player's raw total and placement points, recomputed from the hands alone."""
    raw: dict[int, Fraction] = defaultdict(Fraction)
    placement: dict[int, Fraction] = defaultdict(Fraction)
    for table in EventTable.objects.filter(round__event=event).select_related("session"):
        totals = {seat.player_id: 0 for seat in table.session.all_seats}
        for hand in table.session.hands.prefetch_related("scores"):
            for score in hand.scores.all():
                totals[score.player_id] += score.delta
        for adjustment in Adjustment.objects.filter(round=table.round_id):
            if adjustment.player_id in totals:
                totals[adjustment.player_id] += adjustment.points
        ordered = sorted(totals.values(), reverse=True)
        size = len(ordered)
        for player, total in totals.items():
            places = [i for i, value in enumerate(ordered) if value == total]
            placement[player] += sum(Fraction(size - 1 - i, size - 1) for i in places) / len(places)
            raw[player] += total
    return {p: {"raw": raw[p], "placement": placement[p]} for p in raw}


def test_it_keeps_the_standings_equal_to_what_the_hands_say(client, night):
    points = ["12", "3", "16", "7", "0", "15"]
    for number in range(1, 4):
        for at, session in enumerate(round_sessions(night, number)):
            for point in points[at : at + 3]:
                client.post(url("record", session.pk), hand_data(session, points=point))
            if number == 2 and at == 0:
                hand = session.hands.get(number=1)
                client.post(url("delete-hand", session.pk, 1), {"version": str(hand.version)})
        if number == 1:
            _adjust(client, night, Entrant.objects.first().player_id, -7)
        assert close(client, night).status_code == 302
        if number < 3:
            assert seat(client, night).status_code == 302
    expected = _by_hand(night)
    rows = night_standings(night)
    assert {row.player: {"raw": row.raw, "placement": row.placement} for row in rows} == expected
    assert Hand.objects.count() == 2 * 3 * 3 - 1


def test_it_follows_a_merge_of_two_spellings_of_one_player(client, night):
    gone = Entrant.objects.first().player
    _adjust(client, night, gone.pk, -5)
    kept = Player.objects.create(league=night.league, name="Kept spelling")
    response = client.post(
        url("league-players", night.league.pk),
        {"action": "merge", "gone": gone.pk, "kept": kept.pk},
    )
    assert response.status_code == 302
    assert Entrant.objects.filter(event=night, player=kept).exists()
    assert Adjustment.objects.get().player == kept
    assert {row.player for row in night_standings(night)} >= {kept.pk}


def test_it_carries_the_rounds_sat_out_over_a_merge(client):
    event = make_night(client)
    check_in(client, event, [f"P{n}" for n in range(7)])  # Taiwan seats 4 to 6: one rests
    seat(client, event)
    round_ = Round.objects.get(event=event)
    gone = Player.objects.get(pk=round_.sitting_out[0])
    kept = Player.objects.create(league=event.league, name="Kept spelling")
    response = client.post(
        url("league-players", event.league.pk),
        {"action": "merge", "gone": gone.pk, "kept": kept.pk},
    )
    assert response.status_code == 302
    round_.refresh_from_db()
    assert round_.sitting_out == [kept.pk]
    assert "Kept spelling" in text(client.get(url("event-board", event.pk)))


def test_it_corrects_a_hand_after_its_round_is_closed_with_the_audit_trail(client, night):
    one = round_sessions(night, 1)[0]
    for points in ("12", "3"):
        client.post(url("record", one.pk), hand_data(one, points=points))
    close(client, night)
    table = EventTable.objects.get(session=one)
    board = text(client.get(url("event-board", night.pk)))
    assert "Correct a closed round's hand" in board
    data = {"table": str(table.pk), "event_version": version_of(night)}
    opened = client.post(url("event-correct", night.pk), data)
    assert opened.status_code == 302 and opened["Location"] == url("hands", one.pk)
    hand = Hand.objects.get(session=one, number=2)
    cancelled = client.post(url("delete-hand", one.pk, 2), {"version": str(hand.version)})
    assert cancelled.status_code == 302 and not Hand.objects.filter(pk=hand.pk).exists()
    phone = Client()  # the table's code opens nothing while its round is closed
    assert phone.post(url("table-code", table.code)).status_code != 302
    closing = {"event_version": version_of(night)}
    assert client.post(url("event-corrected", night.pk), closing).status_code == 302
    one.refresh_from_db()
    assert one.ended_at is not None
    trail = list(TableChange.objects.filter(session=one, kind=TableChange.END).order_by("version"))
    assert [c.detail["ended"] for c in trail] == [True, False, True]
    assert {c.user for c in trail} == {night.director}
    assert HandEvent.objects.filter(session=one, number=2, action="delete").exists()
    rows = {row.player: row.raw for row in night_standings(night)}
    assert rows == {player: row["raw"] for player, row in _by_hand(night).items()}


@pytest.mark.parametrize("playing", [True, False])
def test_it_opens_for_a_correction_only_a_table_of_a_closed_round(client, night, playing):
    table = EventTable.objects.first()
    if not playing:
        table = "not a table"
    data = {"table": str(getattr(table, "pk", table)), "event_version": version_of(night)}
    refused = client.post(url("event-correct", night.pk), data)
    assert refused.status_code == 409 and "Only a table of a closed round" in text(refused)
    assert not TableChange.objects.filter(kind=TableChange.END).exists()


def test_it_closes_a_corrected_table_again_with_the_next_round(client, night):
    close(client, night)
    table = EventTable.objects.first()
    data = {"table": str(table.pk), "event_version": version_of(night)}
    client.post(url("event-correct", night.pk), data)
    assert GameSession.objects.get(pk=table.session_id).ended_at is None
    seat(client, night)
    close(client, night)
    assert GameSession.objects.get(pk=table.session_id).ended_at is not None
