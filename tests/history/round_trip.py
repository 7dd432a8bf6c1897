"""A league compared with its copy made by export and import: every hand, score, seat,
stake and house rule by players' names (ids differ), each session's standings and the
league page's figures; and the copy's own export is the very same file."""

import json

from django.core.files.uploadedfile import SimpleUploadedFile

from scoring.models import GameSession, League, Player
from tests.factories import url
from tests.history.import_files import refusal

HAND_FIELDS = (
    "number",
    "dealer",
    "status",
    "declarer",
    "contract",
    "called_card",
    "partner",
    "sitting_out",
    "deal_miss_by",
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
    "record",
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
    seats = session.seats.order_by("number", "pk")
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
        "seats": [(s.number, names[s.player_id], s.from_hand, s.until_hand) for s in seats],
        "hands": [_hand(hand, names) for hand in session.hands.order_by("number")],
    }


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


def assert_the_same_after_a_round_trip(client, league: League, restored: League) -> None:
    """Export ``league``, import it into the empty ``restored``: the same league."""
    kept = export(client, league)
    import_into(client, restored, kept)
    before, after = league_as_read(league), league_as_read(restored)
    assert after["league"] == before["league"]
    assert after["players"] == before["players"]
    assert len(after["sessions"]) == len(before["sessions"])
    for found, expected in zip(after["sessions"], before["sessions"], strict=True):
        hands = found.pop("hands"), expected.pop("hands")
        assert found == expected, _differing(found, expected)
        assert [h["number"] for h in hands[0]] == [h["number"] for h in hands[1]]
        for hand, source in zip(*hands, strict=True):
            assert hand == source, f"hand {source['number']}: {_differing(hand, source)}"
    assert figures_as_shown(client, restored) == figures_as_shown(client, league)
    again = export(client, restored)
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
