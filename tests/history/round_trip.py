"""A league compared with its copy made by export and import: every hand, score, seat,
stake and house rule by players' names (ids differ), each session's standings and the
league page's figures; and the copy's own export is the very same file."""

import json

from django.core.files.uploadedfile import SimpleUploadedFile

from scoring.history.export import league_json
from scoring.history.imports import import_league
from scoring.models import GameSession, HandEvent, League, Player
from tests.history.import_files import refusal
from tests.views.factories import url

HAND_FIELDS = (
    "number",
    "dealer",
    "status",
    "declarer",
    "contract",
    "called_card",
    "partner",
    "sitting_out",
    "mode",
    "declarer_points",
    "captured",
    "discards",
    "tricks",
    "toppled",
    "made",
    "target",
    "points",
    "lines",
    "key",
    "version",
)


def league_as_read(league: League) -> dict:
    """Everything the league holds that an export carries, by players' names."""
    league.refresh_from_db()
    names = dict(Player.objects.filter(league=league).values_list("pk", "name"))
    sessions = GameSession.objects.filter(league=league).order_by("date", "pk")
    return {
        "league": (league.name, league.default_variant, league.default_options),
        "players": sorted(names.values()),
        "sessions": [_session(session, names) for session in sessions],
    }


def _session(session: GameSession, names: dict) -> dict:
    # A seat's number is the app's own bookkeeping (a seat left keeps its number, one
    # joining moves those after it along): the file keeps who sat where hand by hand,
    # so the seats compare in the order the pages list them, those seated first.
    seats = sorted(session.seats.all(), key=lambda s: (s.until_hand is not None, s.number, s.pk))
    return {
        **{
            name: getattr(session, name)
            for name in (
                "date",
                "variant",
                "options",
                "first_dealer",
                "stake",
                "stake_changes",
                "players_per_hand",
                "created_at",
                "ended_at",
            )
        },
        "seats": [(names[s.player_id], s.from_hand, s.until_hand) for s in seats],
        "hands": [_hand(hand, names) for hand in session.hands.order_by("number")],
        "stale": _stale_seats(session, seats),
    }


def _stale_seats(session: GameSession, seats: list) -> bool:
    """Whether a hand was deleted (or undone) next to a change of seats: the seats'
    first and last hands then name numbers no hand has, or one the next hand took."""
    removed = session.hand_events.filter(action__in=HandEvent.REMOVALS)
    edges = set()
    for seat in seats:
        edges |= {seat.from_hand - 1, seat.from_hand}
        if seat.until_hand is not None:
            edges |= {seat.until_hand, seat.until_hand + 1}
    return removed.filter(number__in=edges).exists()


def _seats_as_the_hands_say(session: dict) -> None:
    """Seats gone stale (``_stale_seats``): the file keeps each hand's table, and the
    copy's seats follow those, so who sits, in order, is what compares."""
    session["seats"] = [(name, until is None) for name, _start, until in session["seats"]]


def _hand(hand, names: dict) -> dict:
    found = {name: getattr(hand, name) for name in HAND_FIELDS}
    found["lineup"] = [names[p] for p in hand.lineup]
    found["benched"] = [(place, names[p]) for place, p in hand.benched]
    found["scores"] = [
        (score.seat, names[score.player_id], score.delta) for score in hand.scores.order_by("seat")
    ]
    return found


def figures_as_shown(client, league: League) -> dict:
    """The league page's standings and ratings, and each session's final standings, by
    names (and sessions by their place in the history), not by ids."""
    response = client.get(url("league", league.pk))
    assert response.status_code == 200
    sessions = list(GameSession.objects.filter(league=league).order_by("date", "pk"))
    order = {session.pk: place for place, session in enumerate(sessions)}
    standings = []
    for table in response.context["standings"]:
        best = dict(table.best_hand or {})
        best.pop("player_id", None)
        if best:
            best["session_id"] = order[best["session_id"]]
        rows = [(name, vars(figures)) for _player, name, figures in table.rows]
        most = table.most_made and (table.most_made[0], table.most_made[2])
        standings.append((table.table, table.label, table.variant, rows, best, table.streak, most))
    ratings = [
        (variant, label, [_rating(row) for row in rows])
        for variant, label, rows in response.context["ratings"]
    ]
    return {
        "standings": standings,
        "ratings": ratings,
        "sessions": [_summary(client, session) for session in sessions],
    }


def _rating(row) -> tuple:
    return (row.name, row.rating, row.change, row.hands, row.spark, row.shown_change)


def _summary(client, session) -> dict:
    response = client.get(url("summary", session.pk))
    assert response.status_code == 200
    context = response.context
    rows = [(r["name"], r["total"], r["money"], r["winner"]) for r in context["standings"]]
    transfers = [
        (t["payer"].player.name, t["payee"].player.name, t["amount"])
        for t in context.get("transfers", ())
    ]
    return {"rows": rows, "transfers": transfers, "stakes": context.get("stakes")}


def export(client, league) -> bytes:
    response = client.get(url("league-export-json", league.pk))
    assert response.status_code == 200
    return b"".join(response.streaming_content)


def import_into(client, league, data: bytes) -> None:
    upload = SimpleUploadedFile("league.json", data, "application/json")
    response = client.post(url("league-import", league.pk), {"file": upload})
    assert response.status_code == 302, refusal(response)


def assert_the_same_after_a_round_trip(
    client, league: League, restored: League, exact: bool = True
) -> None:
    """Export ``league``, import it into the empty ``restored``: the same league. Not
    ``exact``: seats gone stale (``_stale_seats``) compare as the hands say."""
    kept = export(client, league)
    import_into(client, restored, kept)
    before, after = league_as_read(league), league_as_read(restored)
    assert after["league"] == before["league"]
    assert after["players"] == before["players"]
    assert len(after["sessions"]) == len(before["sessions"])
    stale = False
    for found, expected in zip(after["sessions"], before["sessions"], strict=True):
        hands = found.pop("hands"), expected.pop("hands")
        found.pop("stale")
        if expected.pop("stale") and not exact:
            stale = True
            _seats_as_the_hands_say(found)
            _seats_as_the_hands_say(expected)
        assert found == expected, _differing(found, expected)
        assert [h["number"] for h in hands[0]] == [h["number"] for h in hands[1]]
        for hand, source in zip(*hands, strict=True):
            assert hand == source, f"hand {source['number']}: {_differing(hand, source)}"
    assert figures_as_shown(client, restored) == figures_as_shown(client, league)
    again = export(client, restored)
    if stale:  # the copy's seats are the hands' own: its file is read back as it is
        kept, twice = again, League.objects.create(name="Twice")
        import_league(twice, kept)
        twice.refresh_from_db()
        again = "".join(league_json(twice)).encode()
    assert again == kept, _file_differing(again, kept)


def _file_differing(again: bytes, kept: bytes) -> str:
    """Where two league files differ: the sessions' fields, else the text around it."""
    pairs = zip(json.loads(again)["sessions"], json.loads(kept)["sessions"], strict=False)
    words = " | ".join(filter(None, (_differing(*pair) for pair in pairs)))
    at = next((i for i, (a, b) in enumerate(zip(again, kept, strict=False)) if a != b), 0)
    start = max(at - 80, 0)
    return words or f"{again[start : at + 80]!r} != {kept[start : at + 80]!r}"


def _differing(found: dict, expected: dict) -> str:
    """What differs, as (copy, original) by field: a failure says what came back wrong."""
    return "; ".join(
        f"{name}: {found.get(name)!r} != {expected.get(name)!r}"
        for name in sorted(set(found) | set(expected))
        if found.get(name) != expected.get(name)
    )
