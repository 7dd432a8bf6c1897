"""A league's history as files: CSV of every seat of every hand, and the whole league
as JSON (which scoring.history.imports reads back).

The JSON is written the same way every time (keys sorted, sessions by date then by the
order they were started, one session per line), so exporting an imported league gives
the very same file. It names players, not database ids, and leaves out what belongs to
this server only: accounts, share links and the history's figures (computed from the
hands). A hand whose play the table recorded carries its record (record.md), canonical.
"""

import csv
import datetime
import json
from collections import defaultdict
from collections.abc import Iterator, Mapping
from typing import Any

from scoring.history.figures.tables import score_table, table_label
from scoring.models import GameSession, Hand, HandScore, League, Seat
from scoring.rules import find_variant

FORMAT = "napoleon-league"
FORMAT_VERSION = 1
SESSION_BATCH = 200

HAND_FIELDS = (*Hand.ENTRY_FIELDS, "key", "version")
# Who played each hand (the table may change during a session): read for the CSV's rows;
# the JSON names them only where they differ from the session's seats
# (scoring.history.imports reads them back).
SEATING = ("lineup", "benched", "sitting_out")
# Rows as the database gives them (``values()``), by field name.
Row = dict[str, Any]
SessionRow = Mapping[str, Any]
# A batch of sessions: their rows, (first tables, every seat), hands and scores by session.
Batch = tuple[
    list[SessionRow],
    tuple[dict[int, list[str]], dict[int, list[list[Any]]]],
    dict[int, list[Row]],
    dict[int, dict[int, int]],
]


def _dumps(value: object) -> str:
    return json.dumps(value, sort_keys=True, ensure_ascii=False, separators=(",", ":"))


def _stamp(moment: datetime.datetime | None) -> str | None:
    return moment.isoformat() if moment is not None else None


def _sessions_in_batches(
    league: League, start: datetime.date | None = None, end: datetime.date | None = None
) -> Iterator[Batch]:
    """The league's sessions in history order, with their seats' player names, in batches."""
    sessions = GameSession.objects.filter(league=league)
    if start:
        sessions = sessions.filter(date__gte=start)
    if end:
        sessions = sessions.filter(date__lte=end)
    ordered: list[SessionRow] = list(
        sessions.order_by("date", "pk").values(
            "pk",
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
    )
    for index in range(0, len(ordered), SESSION_BATCH):
        batch = ordered[index : index + SESSION_BATCH]
        ids = [s["pk"] for s in batch]
        seats, all_seats, names = _seats(ids)
        hands: dict[int, list[Row]] = defaultdict(list)
        for hand in (
            Hand.objects.filter(session_id__in=ids)
            .order_by("session_id", "number")
            .values("pk", "session_id", *HAND_FIELDS, *SEATING, "deal_miss_by")
        ):
            hand["players"] = [names.get(p, "?") for p in hand["lineup"]]
            hand["out"] = [names.get(p, "?") for _place, p in hand["benched"] or ()]
            hands[hand["session_id"]].append(hand)
        scores: dict[int, dict[int, int]] = defaultdict(dict)
        for hand_id, seat, delta in HandScore.objects.filter(hand__session__in=ids).values_list(
            "hand_id", "seat", "delta"
        ):
            scores[hand_id][seat] = delta
        yield batch, (seats, all_seats), hands, scores


def _seats(
    ids: list[int],
) -> tuple[dict[int, list[str]], dict[int, list[list[Any]]], dict[int, str]]:
    """The sessions' first tables (names in seat order), every seat each has had
    ([number, name, first hand, last hand or None]) and the players' names by id."""
    seats: dict[int, list[str]] = defaultdict(list)
    all_seats: dict[int, list[list[Any]]] = defaultdict(list)
    names: dict[int, str] = {}
    for session_id, number, start, until, player, name in (
        Seat.objects.filter(session_id__in=ids)
        .order_by("session_id", "number", "pk")
        .values_list("session_id", "number", "from_hand", "until_hand", "player_id", "player__name")
    ):
        names[player] = name
        if start == 1:  # the table the session started with
            seats[session_id].append(name)
        all_seats[session_id].append([number, name, start, until])
    return seats, all_seats, names


def league_json(league: League) -> Iterator[str]:
    """The whole league as one JSON document, in pieces (for a streaming response)."""
    head = {
        "format": FORMAT,
        "version": FORMAT_VERSION,
        "league": {
            "name": league.name,
            "default_variant": league.default_variant,
            "default_options": league.default_options or {},
        },
        "players": sorted(league.players.values_list("name", flat=True)),
    }
    text = _dumps(head)
    yield text[:-1] + ',"sessions":['
    first = True
    for batch, (seats, all_seats), hands, scores in _sessions_in_batches(league):
        for session in batch:
            document: dict[str, Any] = {
                "date": session["date"].isoformat(),
                "variant": session["variant"],
                "options": session["options"],
                "first_dealer": session["first_dealer"],
                "stake": None if session["stake"] is None else f"{session['stake']:.2f}",
                "created_at": _stamp(session["created_at"]),
                "ended_at": _stamp(session["ended_at"]),
                "seats": seats[session["pk"]],
                "hands": [
                    _hand(hand, scores.get(hand["pk"], {}), seats[session["pk"]])
                    for hand in hands[session["pk"]]
                ],
            }
            if session["stake_changes"]:  # the stake changed from a later hand on
                document["stake_changes"] = session["stake_changes"]
            if _seats_changed(all_seats[session["pk"]]):
                document["all_seats"] = all_seats[session["pk"]]
            _dealt_in(document, hands[session["pk"]], session["players_per_hand"])
            yield ("\n" if first else ",\n") + _dumps(document)
            first = False
    yield "\n]}\n"


def _seats_changed(rows: list[list[Any]]) -> bool:
    """Whether the table changed during the session (someone came, went or took another's
    seat): its seats, [number, name, first hand, last hand or null] each, are then
    written as they are, for the hands alone do not say their numbers (a seat left keeps
    its number, one joining moves those after it along) nor, after a hand deleted,
    where a run of hands began or ended."""
    return any(
        number != place or start != 1 or until is not None
        for place, (number, _name, start, until) in enumerate(rows)
    )


def _dealt_in(document: dict[str, Any], hands: list[Row], dealt_in: int | None) -> None:
    """How many the table deals in: written when fewer than those seated, and as null
    where an import would otherwise take fewer (``_dealt_in_unsaid``)."""
    last = hands[-1] if hands else None
    if dealt_in is not None or _dealt_in_unsaid(document, last) is not None:
        document["players_per_hand"] = dealt_in


def _dealt_in_unsaid(document: dict[str, Any], last: Row | None) -> int | None:
    """How many dealt in an import takes from a file that does not say
    (``scoring.history.imports.seating.per_hand``): as many as the last hand's, if
    someone sat it out; with no hand yet, as many as the game deals in, if more sit."""
    if last is not None:
        return len(last["players"]) if last["out"] else None
    most = max(find_variant(document["variant"]).players)
    return most if len(document["seats"]) > most else None


def _hand(hand: Row, scores: dict[int, int], seats: list[str]) -> dict[str, Any]:
    """One hand; its players, who sat it out and the seat killed only where the table
    was not simply the session's seats (one score per player of the hand, killed: 0);
    who called a deal miss, for a deal miss."""
    document = {name: hand[name] for name in HAND_FIELDS}
    document["key"] = str(hand["key"])
    # A hand passed out has no scores; a deal miss has those of a penalty, where one is charged.
    played = hand["status"] == Hand.PLAYED or bool(scores)
    document["scores"] = (
        [scores.get(seat, 0) for seat in range(len(hand["players"]))] if played else []
    )
    if hand["players"] != seats or hand["out"]:
        document["players"] = hand["players"]
        document["sat_out"] = [
            [place, name]
            for (place, _p), name in zip(hand["benched"] or (), hand["out"], strict=True)
        ]
    if hand["sitting_out"] is not None:
        document["sitting_out"] = hand["sitting_out"]
    if hand["deal_miss_by"] is not None:  # a deal miss: the seat that called it
        document["deal_miss_by"] = hand["deal_miss_by"]
    if document["record"] is None:  # written only for a hand whose play was recorded
        del document["record"]
    return document


# ---- CSV ------------------------------------------------------------------------------------

CSV_HEADER = [
    "date",
    "session",
    "game",
    "score_table",
    "hand",
    "dealer",
    "status",
    "contract",
    "declarer",
    "called_card",
    "partner",
    "made",
    "target",
    "points",
    "seat",
    "player",
    "role",
    "score",
]


class _Echo:
    def write(self, value: str) -> str:
        return value


def _cell(value: object) -> str:
    """Text as a spreadsheet will show it: a leading = + - @ would start a formula."""
    text = "" if value is None else str(value)
    if text[:1] in ("=", "+", "-", "@", "\t", "\r"):
        return "'" + text
    return text


def _role(hand: Row, seat: int, played: bool, partner: int | None) -> str:
    """A seat's part in a hand, as the CSV's role column names it."""
    if seat == hand["deal_miss_by"]:
        return "dealmiss"  # called the deal miss
    if not played:
        return ""
    if seat == hand["sitting_out"]:
        return "killed"
    if seat == hand["declarer"]:
        return "napoleon"
    return "partner" if seat == partner else "defender"


def league_csv(
    league: League, start: datetime.date | None = None, end: datetime.date | None = None
) -> Iterator[str]:
    """One row per seat per hand (a hand passed out included, scoring 0), for the dates."""
    writer = csv.writer(_Echo())
    yield "\ufeff" + writer.writerow(CSV_HEADER)
    for batch, _seats, hands, scores in _sessions_in_batches(league, start, end):
        for session in batch:
            label = table_label(score_table(session["variant"], session["options"]))
            for hand in hands[session["pk"]]:
                names = hand["players"]  # who played this hand, by its seats
                by_seat = scores.get(hand["pk"], {})
                played = hand["status"] == Hand.PLAYED
                declarer, partner = hand["declarer"], hand["partner"]
                if partner == declarer:
                    partner = None
                for seat, name in enumerate(names):
                    role = _role(hand, seat, played, partner)
                    yield writer.writerow(
                        [
                            session["date"].isoformat(),
                            session["pk"],
                            session["variant"],
                            label,
                            hand["number"],
                            _cell(names[hand["dealer"]] if hand["dealer"] < len(names) else ""),
                            hand["status"],
                            _cell(hand["contract"]),
                            _cell(names[declarer] if played and declarer is not None else ""),
                            _cell(hand["called_card"]),
                            _cell(names[partner] if played and partner is not None else ""),
                            "" if hand["made"] is None else ("yes" if hand["made"] else "no"),
                            "" if hand["target"] is None else hand["target"],
                            "" if hand["points"] is None else hand["points"],
                            seat + 1,
                            _cell(name),
                            role,
                            by_seat.get(seat, 0),
                        ]
                    )
