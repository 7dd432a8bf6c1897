"""Each session checked against its game, and each hand scored again by the engine.

The file says what the table entered (declarer, contract, partner, the count, the cards
or the tricks) and what the rules made of it (scores, made, target, result, reasons).
The first part is checked against the game: seats at the table, a result entered one of
the ways the table page offers for the game (no trick counts on a point-card game, no
captured cards on a trick game, whose quick count is its declarer's side's tricks), no
card discarded twice. The second part is derived again: scores, made, target
and result that disagree with the engine are refused, and the reasons written in the
file are never taken (anyone can type a sentence): the engine writes them again.
"""

import json
from collections.abc import Mapping
from dataclasses import dataclass, replace
from dataclasses import field as data_field
from typing import Any, NoReturn

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from scoring.history.imports import records, seating
from scoring.history.imports.refusal import field, hand_place, refused, shown
from scoring.history.imports.schema import Session
from scoring.history.imports.seating import HandEntry, Where
from scoring.rules import Card, HandFacts, RulesError, Score, Variant, find_variant, parse_card
from scoring.rules.bids import Contract
from scoring.rules.options import TableRules
from scoring.rules.penalty import DealMissCost, Earlier
from scoring.words.names import name_key

# The engine's house rules kept for one import, by game, player count and options.
RulesKey = tuple[str, int, str]
# Who played a hand, and who sat it out ([place, name] each; None: nobody).
Lineup = tuple[list[str], list[list[Any]] | None]

PASSED: dict[str, object] = {
    "declarer": None,
    "contract": "",
    "called_card": "",
    "partner": None,
    "mode": "",
    "declarer_points": None,
    "captured": None,
    "discards": [],
    "tricks": None,
    "toppled": False,
    "made": None,
    "target": None,
    "points": None,
}
# The columns of a hand as the writer stores them, in this order.
HAND_COLUMNS = (
    *("number", "dealer", "status", *PASSED, "lines", "key", "version"),
    *("sitting_out", "deal_miss_by", "record"),
)
# A hand not played (passed out, a deal miss): what a field left set, or a score, is told.
NOT_PLAYED = {
    "passed": (
        gettext_lazy("it was passed out, so {field} must be {value}."),
        gettext_lazy("it was passed out, so it has no scores."),
    ),
    "dealmiss": (
        gettext_lazy("it was a deal miss, so {field} must be {value}."),
        gettext_lazy("it was a deal miss, so it has no scores."),
    ),
}
# Written as JSON text here, in the thread that has the time (null stays null).
JSON_COLUMNS = frozenset({"captured", "discards", "tricks", "lines", "record"})
DERIVED = ("made", "target", "points")


class Engine:
    """The engine's answers an import asks for again and again, kept for the import:
    a game's house rules, a contract, a card (all pure functions of what is asked)."""

    def __init__(self) -> None:
        self.rules: dict[RulesKey, TableRules] = {}
        self.contracts: dict[tuple[RulesKey, str], Contract] = {}
        self.cards: dict[str, Card] = {}

    def table(
        self, variant: Variant[Any], options: Mapping[str, Any] | None, players: int
    ) -> tuple[TableRules, RulesKey | None]:
        """(rules, key) for ``options`` at a table of ``players``; RulesError if invalid."""
        try:
            key = (variant.code, players, json.dumps(options, sort_keys=True))
        except (TypeError, ValueError, RecursionError):
            rules: TableRules = variant.rules(options, players)
            return rules, None
        if key not in self.rules:
            self.rules[key] = variant.rules(options, players)
        return self.rules[key], key

    def contract(
        self, variant: Variant[Any], rules: TableRules, key: RulesKey | None, text: str
    ) -> Contract:
        if key is None:
            return variant.parse_contract(text, rules)
        found = self.contracts.get((key, text))
        if found is None:
            found = self.contracts[(key, text)] = variant.parse_contract(text, rules)
        return found

    def card(self, code: str) -> Card:
        found = self.cards.get(code)
        if found is None:
            found = self.cards[code] = parse_card(code)
        return found


@dataclass
class Table:
    """One session's game, as its hands are checked."""

    place: str
    variant: Variant[Any]
    rules: TableRules | None  # once at a count (``at``)
    key: RulesKey | None
    players: int
    options: dict[str, Any] | None = None
    counts: "dict[int, Table]" = data_field(default_factory=dict)  # this game at each count

    def fail(self, problem: str, where: Where | None = None) -> NoReturn:
        """Refuse the file: ``problem`` at this session, or at ``where`` (a hand and its
        position in the list)."""
        raise refused(hand_place(self.place, *where) if where else self.place, problem)

    def game(self) -> str:
        return _(self.variant.name)

    def at(self, players: int, engine: Engine, where: Where) -> "Table":
        """This session's game at a table of ``players``: a hand's own count."""
        found = self.counts.get(players)
        if found is None:
            if not self.variant.can_seat(players):
                self.fail(
                    _("{game} is played by {counts} players, not {count}.").format(
                        game=self.game(), counts=self.variant.player_counts, count=players
                    ),
                    where,
                )
            try:
                rules, key = engine.table(self.variant, self.options, players)
            except RulesError as error:
                self.fail(_("the house rules: {problem}").format(problem=error.message), where)
            found = self.counts[players] = replace(self, rules=rules, key=key, players=players)
        return found

    def seat(self, value: int | None, name: str, where: Where | None) -> None:
        if value is not None and value >= self.players:
            self.fail(
                _("{field} must be a seat from 0 to {last}.").format(
                    field=field(name), last=self.players - 1
                ),
                where,
            )


def session_rows(
    session: Session, place: str, engine: Engine
) -> tuple[tuple[Any, ...], list[tuple[Any, ...]], list[tuple[int, ...]], dict[str, Any]]:
    """(the session's row, its hands' rows, each hand's scores, the names its hands give
    as {name key: (place, name)}) for the writer."""
    variant = find_variant(session.variant)
    players = len(session.seats)
    table = Table(place, variant, None, None, players, session.options)
    # Any number may sit at the table (too few to play, more than a hand deals in:
    # those take turns sitting out, each hand naming its own); each hand is checked at
    # its own count. The first dealer is a seat's number, which may have gone before
    # the first deal (the first seat then deals, scoring.table.lineup).
    if len({name_key(name) for name in session.seats}) != players:
        table.fail(_("a player has two seats."))
    _house_rules(session, table, engine)
    hands, scores, rings, last = _hands(session, table, engine)
    seats = seating.given_seats(session, table, rings)
    row = (
        session.date.isoformat(),
        session.variant,
        json.dumps(session.options),
        session.first_dealer,
        session.stake,
        session.created_at,
        session.ended_at,
        seating.stake_changes(session.stake_changes, table),
        seating.per_hand(session, table, last),
        tuple(session.seats),
        seating.seat_rows(session.seats, rings) if seats is None else seats,
    )
    given: dict[str, tuple[Where, str]] = {}
    for _number, ring, where in rings:
        if where is None:  # the session's seats: named where they sit, below
            continue
        for name in ring:
            given.setdefault(name_key(name), (where, name))
    named = {key: (hand_place(place, *where), name) for key, (where, name) in given.items()}
    for _number, name, *_run in seats or ():
        named.setdefault(name_key(name), (place, name))
    return row, hands, scores, named


def _house_rules(session: Session, table: Table, engine: Engine) -> None:
    """House rules a table of the game can play by: at the count seated, or where that
    count is not one the game seats (a session with no hand yet), at any it does."""
    variant = table.variant
    counts = [table.players] if variant.can_seat(table.players) else list(variant.players)
    for count in counts:
        try:
            engine.table(variant, session.options, count)
            return
        except RulesError as error:
            problem = error.message
    table.fail(_("the house rules: {problem}").format(problem=problem))


def _hands(
    session: Session, table: Table, engine: Engine
) -> tuple[list[tuple[Any, ...]], list[tuple[int, ...]], list[seating.Ring], Lineup | None]:
    rows: list[tuple[Any, ...]] = []
    scores: list[tuple[int, ...]] = []
    keys: set[str] = set()
    rings: list[seating.Ring] = []
    last = 0
    lineup: Lineup | None = None
    runs: list[Earlier] = []  # each hand as a doubling deal-miss penalty reads it
    for position, hand in enumerate(session.hands, start=1):
        where: Where = (hand, position)
        if hand["number"] <= last:
            table.fail(_("the hands must be listed in order, each number once."), where)
        if hand["key"] in keys:
            table.fail(_("two hands have the same key."), where)
        last = hand["number"]
        keys.add(hand["key"])
        players, out, ring = seating.who_played(hand, session.seats, table, where)
        rings.append((last, ring, None if ring is session.seats else where))
        lineup = (players, out)
        at = table.at(len(players), engine, where)
        at.seat(hand["dealer"], "dealer", where)
        _killed(hand, at, where)
        seating.deal_miss_caller(hand, at, where)
        if hand["status"] in NOT_PLAYED:
            values, deltas = _not_played(
                hand, at, where, seating.deal_miss_cost(hand, at, runs, players)
            )
        else:
            values, deltas = _played(hand, at, engine, where)
        runs.append((hand["status"] not in NOT_PLAYED, seating.caller_key(hand, players)))
        values["record"] = records.checked(hand, at, where)
        for name in JSON_COLUMNS:
            values[name] = _json(values[name])
        values["key"] = values["key"].replace("-", "")  # its hex, as a database keeps it
        values["sitting_out"] = hand.get("sitting_out")
        values["deal_miss_by"] = hand.get("deal_miss_by")
        named = None if out is None else (tuple(players), tuple(map(tuple, out)))
        rows.append((*map(values.__getitem__, HAND_COLUMNS), named))
        scores.append(deltas)
    return rows, scores, rings, lineup


def _killed(hand: HandEntry, table: Table, where: Where) -> None:
    """A seat killed only where the game kills one at this count, and in a hand played."""
    killed = hand.get("sitting_out")
    if killed is None:
        return
    if hand["status"] in NOT_PLAYED:
        must = NOT_PLAYED[hand["status"]][0]
        table.fail(must.format(field=field("sitting_out"), value="null"), where)
    if not table.variant.needs_sitting_out(table.players):
        table.fail(
            _("{game} kills no seat with {count} players.").format(
                game=table.game(), count=table.players
            ),
            where,
        )
    table.seat(killed, "sitting_out", where)


def _json(value: object) -> str | None:
    """A JSON column's value as Django writes it (null stays null)."""
    if value is None:
        return None
    return "[]" if value == [] else json.dumps(value)


def _not_played(
    hand: HandEntry, table: Table, where: Where, cost: DealMissCost | None
) -> tuple[dict[str, Any], tuple[int, ...]]:
    """A hand passed out or a deal miss: no contract, no result, and no scores but what a
    deal-miss penalty of the house rules charges (``cost``), its reason the engine's."""
    must, no_scores = NOT_PLAYED[hand["status"]]
    for name, value in PASSED.items():
        if hand[name] != value:
            table.fail(must.format(field=field(name), value=json.dumps(value)), where)
    if cost is None:
        if hand["scores"]:
            table.fail(str(no_scores), where)
        return {**hand, "lines": []}, ()
    _same_scores(hand, cost.deltas, table, where)
    return {**hand, "lines": list(cost.lines)}, cost.deltas


def _same_scores(hand: HandEntry, deltas: tuple[int, ...], table: Table, where: Where) -> None:
    """The stored scores are the rules' own, or the import stops here with both."""
    if tuple(hand["scores"]) != deltas:
        table.fail(
            _("its scores ({stored}) are not what the rules give ({engine}).").format(
                stored=", ".join(map(str, hand["scores"])), engine=", ".join(map(str, deltas))
            ),
            where,
        )


def _played(
    hand: HandEntry, table: Table, engine: Engine, where: Where
) -> tuple[dict[str, Any], tuple[int, ...]]:
    if hand["declarer"] is None:
        table.fail(_("it was played, so it needs a declarer."), where)
    for name in ("declarer", "partner"):
        table.seat(hand[name], name, where)
    for name in ("captured", "tricks"):
        for seat in hand[name] or ():
            if int(seat) >= table.players:
                table.fail(
                    _(
                        "seat {seat} in {field} is not at the table: its seats are 0 to {last}."
                    ).format(seat=seat, field=field(name), last=table.players - 1),
                    where,
                )
    if len(hand["scores"]) != table.players:
        table.fail(
            _("it must have one score per seat ({count}).").format(count=table.players), where
        )
    _counted_as_the_game_counts(hand, table, where)
    score = _score(hand, table, engine, _contract(hand, table, engine, where), where)
    _same_scores(hand, score.deltas, table, where)
    engine_says = {"made": score.made, "target": score.target, "points": score.declarer_points}
    for name in DERIVED:
        if hand[name] != engine_says[name]:
            table.fail(
                _("{field} is {stored} in the file, but the rules give {engine}.").format(
                    field=field(name),
                    stored=json.dumps(hand[name]),
                    engine=json.dumps(engine_says[name]),
                ),
                where,
            )
    values = {**hand, **engine_says, "lines": list(score.lines)}
    if hand["captured"] is not None:
        if hand["declarer_points"] not in (None, score.declarer_points):
            table.fail(_("the declarer's points do not match the captured cards."), where)
        values["declarer_points"] = score.declarer_points
    return values, score.deltas


def _contract(hand: HandEntry, table: Table, engine: Engine, where: Where) -> Contract:
    assert table.rules is not None  # a table at a hand's count (``Table.at``)
    try:
        return engine.contract(table.variant, table.rules, table.key, hand["contract"])
    except RulesError as error:
        table.fail(_("the contract: {problem}").format(problem=error.message), where)


def _counted_as_the_game_counts(hand: HandEntry, table: Table, where: Where) -> None:
    """The result entered one of the ways the game counts it, each card discarded once."""
    if table.variant.counts_tricks:
        _counted_in_tricks(hand, table, where)
        return
    if hand["tricks"] is not None or hand["toppled"]:
        table.fail(
            _("{game} counts point cards, not tricks, so it has no trick counts.").format(
                game=table.game()
            ),
            where,
        )
    _counted_in_points(hand, table, where)


def _counted_in_tricks(hand: HandEntry, table: Table, where: Where) -> None:
    """Tricks by seat (or none, the hand toppled), or the quick count the table page
    opens with: the declarer's side's tricks alone, kept where a point-card game keeps
    its count (``scoring.table.form``)."""
    game = table.game()
    if hand["mode"] not in ("tricks", "count"):
        table.fail(
            _(
                "{game} counts tricks, so the result must be entered as tricks or as a quick count."
            ).format(game=game),
            where,
        )
    if hand["captured"] is not None:
        table.fail(
            _("{game} counts tricks, not point cards, so {field} must be null.").format(
                game=game, field=field("captured")
            ),
            where,
        )
    if hand["discards"]:
        table.fail(_("{game} counts tricks, so no discards are listed.").format(game=game), where)
    if hand["toppled"] and not table.variant.can_topple:
        table.fail(_("{game} has no toppled hands.").format(game=game), where)
    if hand["mode"] == "count":
        _quick_count_of_tricks(hand, table, where)
        return
    if hand["declarer_points"] is not None:
        table.fail(
            _("its result was entered as tricks, so {field} must be null.").format(
                field=field("declarer_points")
            ),
            where,
        )
    if hand["tricks"] is None and not hand["toppled"]:
        table.fail(_("it needs the tricks each seat took."), where)


def _quick_count_of_tricks(hand: HandEntry, table: Table, where: Where) -> None:
    """A quick count says only how many tricks the declarer's side took: the table page
    stores no tricks by seat with it, and a hand toppled is entered as tricks."""
    for name, value in (("tricks", None), ("toppled", False)):
        if hand[name] != value:
            table.fail(
                _("its result was entered as a quick count, so {field} must be {value}.").format(
                    field=field(name), value=json.dumps(value)
                ),
                where,
            )
    if hand["declarer_points"] is None:
        table.fail(
            _(
                "its result was entered as a quick count, so it needs the tricks the "
                "declarer's side took."
            ),
            where,
        )


def _counted_in_points(hand: HandEntry, table: Table, where: Where) -> None:
    if hand["mode"] == "cards":
        if hand["captured"] is None:
            table.fail(_("its result was entered as cards, so it needs the captured cards."), where)
    elif hand["mode"] == "count":
        # A quick count lists discards only where they raise the target (they count for
        # neither side, so the count alone cannot say them).
        assert table.rules is not None  # a table at a hand's count (``Table.at``)
        listed = hand["discards"] and not table.variant.discards_raise_target(table.rules)
        if hand["captured"] is not None or listed:
            table.fail(_("its result was entered as a quick count, so it lists no cards."), where)
        if hand["declarer_points"] is None:
            table.fail(
                _("its result was entered as a quick count, so it needs the declarer's points."),
                where,
            )
    else:
        table.fail(
            _("{game} counts point cards, so the result must be entered as count or cards.").format(
                game=table.game()
            ),
            where,
        )
    seen: set[Card] = set()
    for code in hand["discards"]:
        card = parse_card(code)
        if card in seen:
            table.fail(_("the discards list {card} twice.").format(card=shown(code, 5)), where)
        seen.add(card)


def _score(
    hand: HandEntry, table: Table, engine: Engine, contract: Contract, where: Where
) -> Score:
    captured = hand["captured"]
    if captured is not None:
        captured = {int(s): tuple(map(engine.card, cards)) for s, cards in captured.items()}
    tricks = hand["tricks"]
    if tricks is not None:
        tricks = {int(s): count for s, count in tricks.items()}
    facts = HandFacts(
        table.players,
        hand["declarer"],
        contract,
        None if hand["partner"] == hand["declarer"] else hand["partner"],
        captured=captured,
        discards=tuple(map(engine.card, hand["discards"])),
        declarer_points=hand["declarer_points"] if captured is None else None,
        tricks=tricks,
        toppled=hand["toppled"],
        sitting_out=hand.get("sitting_out"),
    )
    try:
        return table.variant.score(facts, table.rules)
    except RulesError as error:
        table.fail(_("the rules cannot score it: {problem}").format(problem=error.message), where)
    except (ValueError, TypeError, KeyError, IndexError, ArithmeticError) as error:
        table.fail(
            _("the rules cannot score it ({problem}).").format(problem=type(error).__name__),
            where,
        )
