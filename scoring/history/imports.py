"""Reading a league file (scoring.history.export) back into an empty league.

Everything is checked before anything is written: the file's size, its JSON (no
duplicate keys, no decimals, no giant numbers, no deep nesting), every field's type,
size and range, the counts, each session's game and house rules, the seats, and every
hand, which the engine scores again: a file whose stored scores disagree with the
rules is refused. Then one transaction writes it all (the history's figures follow on
the next page view); the
first problem found is reported in words and nothing is saved.
"""

import datetime
import json
import re
import uuid
from decimal import Decimal

from django.conf import settings
from django.db import transaction
from django.utils.translation import gettext as _

from scoring.history.export import FORMAT, FORMAT_VERSION, HAND_FIELDS
from scoring.models import (
    VARIANT_CHOICES,
    GameSession,
    Hand,
    HandScore,
    League,
    Player,
    Seat,
)
from scoring.recording import passed_values
from scoring.rules import RulesError, find_variant
from scoring.rules.cards import parse_card

MAX_BYTES = getattr(settings, "HISTORY_IMPORT_MAX_BYTES", 20 * 1024 * 1024)
MAX_PLAYERS = 1000
MAX_SESSIONS = 20_000
MAX_HANDS = 200_000
MAX_HANDS_PER_SESSION = 2000
MAX_NUMBER = 999_999_999  # a hand's number (numbers may skip: a deleted hand frees its own)
MAX_LINES = 30
MAX_LINE = 500
MAX_INT_DIGITS = 9
MAX_SCORE = 10_000_000
VARIANTS = [code for code, _label in VARIANT_CHOICES]
MODES = [code for code, _label in Hand.MODES]
_STAKE = re.compile(r"\d{1,6}\.\d{2}")
_CONTROL = re.compile(r"[\x00-\x1f\x7f]")


class ImportRefused(Exception):
    """The file cannot be imported; ``message`` says why, for a person."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


# ---- reading the JSON -----------------------------------------------------------------------


def _no_float(text):
    raise ImportRefused(
        _("The file has a decimal number ({number}); it should have none.").format(number=text[:20])
    )


def _int(text):
    if len(text.lstrip("-")) > MAX_INT_DIGITS:
        raise ImportRefused(
            _("The file has a number too large to be a score: {number}…").format(number=text[:20])
        )
    return int(text)


def _constant(text):
    raise ImportRefused(
        _("The file has {value}, which is not a number a league file holds.").format(value=text)
    )


def _object(pairs):
    result = {}
    for key, value in pairs:
        if key in result:
            raise ImportRefused(
                _("The file names “{key}” twice in one place.").format(key=key[:40])
            )
        result[key] = value
    return result


def read(raw: bytes):
    """The JSON document in ``raw``, or ``ImportRefused``."""
    if len(raw) > MAX_BYTES:
        raise ImportRefused(
            _("The file is too large: at most {limit} MB.").format(limit=MAX_BYTES // (1024 * 1024))
        )
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        raise ImportRefused(_("The file is not text (UTF-8); it is not a league file.")) from error
    try:
        return json.loads(
            text,
            parse_float=_no_float,
            parse_int=_int,
            parse_constant=_constant,
            object_pairs_hook=_object,
        )
    except RecursionError as error:
        raise ImportRefused(_("The file is nested too deeply to be a league file.")) from error
    except json.JSONDecodeError as error:
        raise ImportRefused(
            _("The file is not valid JSON (line {line}, column {column}: {problem}).").format(
                line=error.lineno, column=error.colno, problem=error.msg
            )
        ) from error


# ---- checking -----------------------------------------------------------------------------


class _Checker:
    def __init__(self, where: str) -> None:
        self.where = where

    def fail(self, message: str):
        raise ImportRefused(f"{self.where}: {message}")

    def object(self, value, keys, what) -> dict:
        if not isinstance(value, dict):
            self.fail(_("{what} must be an object.").format(what=what))
        missing = [k for k in keys if k not in value]
        extra = [k for k in value if k not in keys]
        if missing:
            self.fail(_("{what} lacks {fields}.").format(what=what, fields=", ".join(missing)))
        if extra:
            self.fail(
                _("{what} has fields a league file does not: {fields}.").format(
                    what=what, fields=", ".join(str(k)[:30] for k in extra[:5])
                )
            )
        return value

    def text(self, value, what, longest, empty=False) -> str:
        if not isinstance(value, str):
            self.fail(_("{what} must be text.").format(what=what))
        if len(value) > longest:
            self.fail(
                _("{what} is longer than {count} characters.").format(what=what, count=longest)
            )
        if not empty and not value.strip():
            self.fail(_("{what} is empty.").format(what=what))
        if _CONTROL.search(value):
            self.fail(_("{what} holds control characters.").format(what=what))
        return value

    def integer(self, value, what, low, high, null=False):
        if value is None and null:
            return None
        if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
            self.fail(
                _("{what} must be a whole number from {low} to {high}.").format(
                    what=what, low=low, high=high
                )
            )
        return value

    def boolean(self, value, what, null=False):
        if value is None and null:
            return None
        if not isinstance(value, bool):
            self.fail(_("{what} must be true or false.").format(what=what))
        return value

    def array(self, value, what, longest) -> list:
        if not isinstance(value, list):
            self.fail(_("{what} must be a list.").format(what=what))
        if len(value) > longest:
            self.fail(_("{what} has more than {count} entries.").format(what=what, count=longest))
        return value

    def moment(self, value, what, null=False):
        if value is None and null:
            return None
        self.text(value, what, 40)
        try:
            moment = datetime.datetime.fromisoformat(value)
        except ValueError:
            moment = None
        if moment is None or moment.tzinfo is None:
            self.fail(_("{what} must be a date and time with its time zone.").format(what=what))
        return moment

    def rules(self, variant, options, players, what):
        if not isinstance(options, dict):
            self.fail(_("{what} must be an object of house rules.").format(what=what))
        try:
            return variant.rules(options, players)
        except RulesError as error:
            self.fail(error.message)


def check(document) -> dict:
    """The document, checked through; returns what the writer needs."""
    top = _Checker(_("The file"))
    top.object(document, ("format", "version", "league", "players", "sessions"), _("it"))
    if document["format"] != FORMAT:
        top.fail(_("it is not a league file from this app."))
    if document["version"] != FORMAT_VERSION:
        top.fail(
            _("it is a league file of version {version}, which this app cannot read.").format(
                version=str(document["version"])[:10]
            )
        )

    league = _Checker(_("The league"))
    info = league.object(
        document["league"], ("name", "default_variant", "default_options"), _("it")
    )
    league.text(info["name"], _("its name"), 80)
    if info["default_variant"] not in VARIANTS:
        league.fail(_("its usual game is not one of {codes}.").format(codes=", ".join(VARIANTS)))
    defaults = info["default_options"]
    if not isinstance(defaults, dict) or len(defaults) > len(VARIANTS):
        league.fail(_("its usual house rules must be an object by game."))
    for code, options in defaults.items():
        if code not in VARIANTS:
            league.fail(
                _("its usual house rules name an unknown game, {code}.").format(code=code[:30])
            )
        variant = find_variant(code)
        league.rules(variant, options, variant.players[0], _("its usual house rules"))

    people = _Checker(_("The players"))
    names = people.array(document["players"], _("the list of players"), MAX_PLAYERS)
    for name in names:
        people.text(name, _("a player's name"), 40)
    if len(set(names)) != len(names):
        people.fail(_("a name is listed twice."))
    known = set(names)

    sessions = top.array(document["sessions"], _("the list of sessions"), MAX_SESSIONS)
    total = 0
    checked = []
    for index, session in enumerate(sessions, start=1):
        entry = _check_session(index, session, known)
        total += len(entry["hands"])
        if total > MAX_HANDS:
            top.fail(_("it has more than {count} hands.").format(count=MAX_HANDS))
        checked.append(entry)
    return {"league": info, "players": names, "sessions": checked}


SESSION_FIELDS = (
    "date",
    "variant",
    "options",
    "first_dealer",
    "stake",
    "created_at",
    "ended_at",
    "seats",
    "hands",
)


def _check_session(index, session, known) -> dict:
    c = _Checker(_("Session {number}").format(number=index))
    c.object(session, SESSION_FIELDS, _("it"))
    c.text(session["date"], _("its date"), 10)
    try:
        date = datetime.date.fromisoformat(session["date"])
    except ValueError:
        date = None
    if date is None or not 1900 <= date.year <= 2200 or len(session["date"]) != 10:
        c.fail(_("its date must be written YYYY-MM-DD, between 1900 and 2200."))
    c = _Checker(_("Session {number} ({date})").format(number=index, date=session["date"]))
    if session["variant"] not in VARIANTS:
        c.fail(_("its game must be one of {codes}.").format(codes=", ".join(VARIANTS)))
    variant = find_variant(session["variant"])
    seats = c.array(session["seats"], _("its seats"), 10)
    for name in seats:
        c.text(name, _("a seat's player"), 40)
        if name not in known:
            c.fail(
                _("{name} sits at the table but is not in the list of players.").format(name=name)
            )
    if len(set(seats)) != len(seats):
        c.fail(_("a player has two seats."))
    if not variant.can_seat(len(seats)):
        c.fail(
            _("{game} is played by {counts} players, not {count}.").format(
                game=_(variant.name),
                counts=variant.player_counts,
                count=len(seats),
            )
        )
    players = len(seats)
    rules = c.rules(variant, session["options"], players, _("its house rules"))
    c.integer(session["first_dealer"], _("its first dealer"), 0, players - 1)
    stake = session["stake"]
    if stake is not None and (not isinstance(stake, str) or not _STAKE.fullmatch(stake)):
        c.fail(_("its stake must be null or written like 0.50."))
    created = c.moment(session["created_at"], _("its start time"))
    ended = c.moment(session["ended_at"], _("its end time"), null=True)
    hands = c.array(session["hands"], _("its hands"), MAX_HANDS_PER_SESSION)
    game = GameSession(variant=session["variant"], options=session["options"], date=date)
    game._seats = [Seat(number=n) for n in range(players)]
    numbers, keys = set(), set()
    last = 0
    for position, hand in enumerate(hands, start=1):
        _check_hand(c, position, hand, game, variant, rules, players)
        if hand["number"] <= last:
            c.fail(
                _("its hands must be listed in order, each number once (hand {number}).").format(
                    number=hand["number"]
                )
            )
        last = hand["number"]
        numbers.add(hand["number"])
        if hand["key"] in keys:
            c.fail(_("two hands have the same key."))
        keys.add(hand["key"])
    return {
        "date": date,
        "variant": session["variant"],
        "options": session["options"],
        "first_dealer": session["first_dealer"],
        "stake": None if stake is None else Decimal(stake),
        "created_at": created,
        "ended_at": ended,
        "seats": seats,
        "hands": hands,
    }


def _check_hand(session_checker, position, hand, game, variant, rules, players):
    c = session_checker
    c.object(hand, (*HAND_FIELDS, "scores"), _("hand {number}").format(number=position))
    number = c.integer(hand["number"], _("a hand's number"), 1, MAX_NUMBER)
    c = _Checker(f"{session_checker.where}, " + _("hand {number}").format(number=number))
    c.integer(hand["dealer"], _("its dealer"), 0, players - 1)
    c.integer(hand["version"], _("its version"), 1, 10**9)
    c.text(hand["key"], _("its key"), 36)
    try:
        key = uuid.UUID(hand["key"])
    except ValueError:
        key = None
    if key is None or str(key) != hand["key"]:
        c.fail(_("its key must be a UUID."))
    lines = c.array(hand["lines"], _("its reasons"), MAX_LINES)
    for line in lines:
        c.text(line, _("a reason"), MAX_LINE, empty=True)
    scores = c.array(hand["scores"], _("its scores"), players)
    for score in scores:
        c.integer(score, _("a score"), -MAX_SCORE, MAX_SCORE)
    if hand["status"] == Hand.PASSED:
        expected = {**passed_values(), "lines": hand["lines"]}
        for name, value in expected.items():
            if hand[name] != value and name != "status":
                c.fail(
                    _("it was passed out, so its {field} must be {value}.").format(
                        field=name, value=json.dumps(value)
                    )
                )
        if scores:
            c.fail(_("it was passed out, so it has no scores."))
        return
    if hand["status"] != Hand.PLAYED:
        c.fail(_("its status must be played or passed."))
    c.integer(hand["declarer"], _("its declarer"), 0, players - 1)
    c.integer(hand["partner"], _("its partner"), 0, players - 1, null=True)
    c.text(hand["contract"], _("its contract"), 12)
    c.text(hand["called_card"], _("its called card"), 3, empty=True)
    if hand["called_card"]:
        try:
            parse_card(hand["called_card"])
        except RulesError as error:
            c.fail(error.message)
    if hand["mode"] not in MODES:
        c.fail(_("its result must be entered as one of {modes}.").format(modes=", ".join(MODES)))
    c.integer(hand["declarer_points"], _("its declarer's points"), 0, 100, null=True)
    captured = hand["captured"]
    if captured is not None:
        if not isinstance(captured, dict) or len(captured) > players:
            c.fail(_("its captured cards must be an object by seat."))
        for seat, cards in captured.items():
            if not seat.isdigit() or int(seat) >= players or str(int(seat)) != seat:
                c.fail(
                    _("its captured cards name a seat that is not at the table: {seat}.").format(
                        seat=seat[:5]
                    )
                )
            for card in c.array(cards, _("a seat's captured cards"), 60):
                c.text(card, _("a card"), 3)
    for card in c.array(hand["discards"], _("its discards"), 20):
        c.text(card, _("a card"), 3)
    tricks = hand["tricks"]
    if tricks is not None:
        if not isinstance(tricks, dict) or len(tricks) > players:
            c.fail(_("its tricks must be an object by seat."))
        for seat, count in tricks.items():
            if not seat.isdigit() or int(seat) >= players or str(int(seat)) != seat:
                c.fail(
                    _("its tricks name a seat that is not at the table: {seat}.").format(
                        seat=seat[:5]
                    )
                )
            c.integer(count, _("a seat's tricks"), 0, 20)
    c.boolean(hand["toppled"], _("whether it was toppled"))
    c.boolean(hand["made"], _("whether it was made"), null=True)
    c.integer(hand["target"], _("its target"), -1000, 1000, null=True)
    c.integer(hand["points"], _("its result"), -1000, 1000, null=True)
    if len(scores) != players:
        c.fail(_("it must have one score per seat ({count}).").format(count=players))
    model = Hand(session=game, **{name: hand[name] for name in HAND_FIELDS if name != "key"})
    try:
        score = model.engine_score()
    except RulesError as error:
        c.fail(_("the rules cannot score it: {problem}").format(problem=error.message))
    except (ValueError, TypeError, KeyError, IndexError) as error:
        c.fail(_("the rules cannot score it ({problem}).").format(problem=type(error).__name__))
    if tuple(scores) != score.deltas:
        c.fail(
            _("its scores ({stored}) are not what the rules give ({engine}).").format(
                stored=", ".join(str(s) for s in scores),
                engine=", ".join(str(s) for s in score.deltas),
            )
        )
    if captured is not None and hand["declarer_points"] not in (None, score.declarer_points):
        c.fail(_("its declarer's points do not match its captured cards."))
    for name, engine in (
        ("made", score.made),
        ("target", score.target),
        ("points", score.declarer_points),
    ):
        if hand[name] != engine:
            c.fail(
                _("its {field} is {stored}, but the rules give {engine}.").format(
                    field=name, stored=json.dumps(hand[name]), engine=json.dumps(engine)
                )
            )


# ---- writing ------------------------------------------------------------------------------


def import_league(league, raw: bytes) -> dict:
    """Check the file in ``raw`` and write it into ``league``, which must be empty.
    Returns counts; raises ``ImportRefused`` with nothing saved."""
    checked = check(read(raw))
    with transaction.atomic():
        locked = League.objects.select_for_update().get(pk=league.pk)
        if locked.sessions.exists() or locked.players.exists():
            raise ImportRefused(
                _("This league already has players or sessions: import into an empty league.")
            )
        info = checked["league"]
        locked.name = info["name"]
        locked.default_variant = info["default_variant"]
        locked.default_options = info["default_options"]
        locked.save(update_fields=["name", "default_variant", "default_options"])
        players = Player.objects.bulk_create(
            Player(league=locked, name=n) for n in checked["players"]
        )
        ids = {p.name: p for p in players}
        sessions = [
            GameSession(
                league=locked,
                date=s["date"],
                variant=s["variant"],
                options=s["options"],
                first_dealer=s["first_dealer"],
                stake=s["stake"],
                ended_at=s["ended_at"],
            )
            for s in checked["sessions"]
        ]
        GameSession.objects.bulk_create(sessions, batch_size=1000)
        for session, entry in zip(sessions, checked["sessions"], strict=True):
            session.created_at = entry["created_at"]
        GameSession.objects.bulk_update(sessions, ["created_at"], batch_size=1000)
        Seat.objects.bulk_create(
            (
                Seat(session=session, number=n, player=ids[name])
                for session, entry in zip(sessions, checked["sessions"], strict=True)
                for n, name in enumerate(entry["seats"])
            ),
            batch_size=2000,
        )
        hands, scores = [], []
        for session, entry in zip(sessions, checked["sessions"], strict=True):
            for hand in entry["hands"]:
                model = Hand(session=session, **{name: hand[name] for name in HAND_FIELDS})
                model.key = uuid.UUID(hand["key"])
                hands.append(model)
                scores.append(hand["scores"])
        Hand.objects.bulk_create(hands, batch_size=2000)
        HandScore.objects.bulk_create(
            (
                HandScore(hand=hand, seat=seat, delta=delta)
                for hand, deltas in zip(hands, scores, strict=True)
                for seat, delta in enumerate(deltas)
            ),
            batch_size=5000,
        )
    return {"players": len(players), "sessions": len(sessions), "hands": len(hands)}
