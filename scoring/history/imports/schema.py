"""The league file's declared shape (scoring.history.export writes it), as pydantic specs.

Types are strict: ``"version": true``, ``"dealer": "0"`` or a score of ``1.5`` are
refused, not coerced. Each value that has a written form of its own (a date, a time, a
stake, a card, a key, a name) is read by a validator that says, in the app's words, what
was expected; ``scoring.history.imports.refusal`` turns every error into a sentence that
names the place in the file. What depends on the game (seats in range, house rules, the
score) is checked afterwards by ``.rescore``, with the engine.

Version 1 is the only version so far. Fields added since are optional, so every earlier
file still reads: who played a hand, who sat it out and the seat killed (only where
the table was not simply the session's seats), a session's stake changes, how
many it deals in and, where its table changed, every seat it has had, and the play of a
hand the table recorded; a deal miss (its status, and who called it).
"""

import datetime
import re
from collections.abc import Callable, Iterable
from decimal import Decimal
from functools import lru_cache
from typing import TYPE_CHECKING, Annotated, Any, Literal, NotRequired, get_args

from django.core.exceptions import ValidationError
from pydantic import (
    AfterValidator,
    BaseModel,
    ConfigDict,
    Field,
    StrictBool,
    StrictInt,
    StrictStr,
    with_config,
)
from pydantic_core import PydanticCustomError
from typing_extensions import TypedDict

from scoring import query
from scoring.query import FIRST_DATE, LAST_DATE
from scoring.rules import RulesError, parse_card
from scoring.rules.variants import VARIANTS
from scoring.table.setup import MAX_SITTING_OUT
from scoring.words.names import clean_name, name_key

FORMAT = "napoleon-league"
VERSIONS = (1,)
MAX_PLAYERS = 1000
# Everyone at the largest table New game sets: the most a game deals in, and as many
# again as take turns sitting out (scoring.table.setup).
MAX_SEATS = max(max(variant.players) for variant in VARIANTS.values()) + MAX_SITTING_OUT
MAX_HANDS_PER_SESSION = 2000
MAX_NUMBER = 999_999_999  # a hand's number (numbers may skip: a deleted hand frees its own)
MAX_LINES = 30
MAX_LINE = 500
MAX_SCORE = 10_000_000
MAX_RESULT = 1000
MAX_RECORD_FIELDS = 40  # a hand record's fields (record.md §1: 20 or so, and any unknown)
PLAYER_NAME, LEAGUE_NAME = 40, 80
RAW_NAME = 200  # before spaces are trimmed; a longer name is refused unread
Status = Literal["played", "passed", "dealmiss"]
Mode = Literal["count", "cards", "tricks", ""]
STATUSES: tuple[str, ...] = get_args(Status)
MODES: tuple[str, ...] = get_args(Mode)
_STAKE = re.compile(r"[0-9]{1,6}\.[0-9]{2}")
_SEAT_KEY = re.compile(r"[0-9]")
KEY = r"^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$"


def _error(kind: str, **context: object) -> PydanticCustomError:
    # The template is for logs only: refusal.py writes the sentence a person reads.
    return PydanticCustomError(kind, kind, context)


def _one_of(choices: Iterable[str]) -> Callable[[str], str]:
    def check(text: str) -> str:
        if text not in choices:
            raise _error("one_of", choices=", ".join(c or '""' for c in choices))
        return text

    return check


def _date(text: str) -> datetime.date:
    found = query.date(text)
    if found is None:
        raise _error("date", first=FIRST_DATE.isoformat(), last=LAST_DATE.isoformat())
    return found


def _moment(text: str) -> str:
    """An aware date and time within the app's dates, as UTC in ISO form."""
    try:
        moment = datetime.datetime.fromisoformat(text)
    except ValueError:
        moment = None
    if (
        moment is None
        or moment.tzinfo is None
        or not FIRST_DATE.year <= moment.year <= LAST_DATE.year
    ):
        raise _error("moment", first=FIRST_DATE.year, last=LAST_DATE.year)
    return moment.astimezone(datetime.UTC).isoformat()


def _stake(text: str) -> str:
    if not _STAKE.fullmatch(text):
        raise _error("stake")
    return str(Decimal(text))


@lru_cache(maxsize=1024)
def _card_code(text: str) -> bool:
    try:
        parse_card(text)
    except RulesError:
        return False
    return True


def _card(text: str) -> str:
    if not _card_code(text):
        raise _error("card", card=text)
    return text


def _card_or_none(text: str) -> str:
    return _card(text) if text else text


def _seat_key(text: str) -> str:
    if not _SEAT_KEY.fullmatch(text):
        raise _error("seat_key", seat=text)
    return text


def _name(longest: int) -> Callable[[str], str]:
    def check(text: str) -> str:
        try:
            name = clean_name(text, longest)
        except ValidationError as problem:
            raise _error("sentence", sentence=" ".join(problem.messages)) from None
        if not name:
            raise _error("empty_name")
        return name

    return check


def _distinct(names: list[str]) -> list[str]:
    """Two names that differ only in case or invisible characters are one person."""
    seen: dict[str, str] = {}
    for name in names:
        key = name_key(name)
        if key in seen:
            raise _error("same_name", first=seen[key], second=name)
        seen[key] = name
    return names


# Whole numbers within bounds, each written out so that the type checker reads it too.
Seat = Annotated[StrictInt, Field(ge=0, le=MAX_SEATS - 1)]
Result = Annotated[StrictInt, Field(ge=-MAX_RESULT, le=MAX_RESULT)]
HandNumber = Annotated[StrictInt, Field(ge=1, le=MAX_NUMBER)]
LaterHand = Annotated[StrictInt, Field(ge=2, le=MAX_NUMBER)]
Points = Annotated[StrictInt, Field(ge=0, le=100)]
Tricks = Annotated[StrictInt, Field(ge=0, le=20)]
HandVersion = Annotated[StrictInt, Field(ge=1, le=10**9)]
Score = Annotated[StrictInt, Field(ge=-MAX_SCORE, le=MAX_SCORE)]
DealtIn = Annotated[StrictInt, Field(ge=1, le=MAX_SEATS)]
Card = Annotated[StrictStr, Field(max_length=3), AfterValidator(_card)]
SeatKey = Annotated[StrictStr, AfterValidator(_seat_key)]
VariantCode = Annotated[StrictStr, Field(max_length=20), AfterValidator(_one_of(tuple(VARIANTS)))]
PlayerName = Annotated[StrictStr, Field(max_length=RAW_NAME), AfterValidator(_name(PLAYER_NAME))]
Moment = Annotated[StrictStr, Field(max_length=40), AfterValidator(_moment)]
Cards = Annotated[list[Card], Field(max_length=60)]
Options = dict[StrictStr, Any]  # house rules: the engine reads them (variant.rules)
RecordBody = Annotated[dict[StrictStr, Any], Field(max_length=MAX_RECORD_FIELDS)]
Stake = Annotated[StrictStr, Field(max_length=12), AfterValidator(_stake)]
if TYPE_CHECKING:
    SessionDate = datetime.date  # what the validator below makes of the text
else:
    SessionDate = Annotated[StrictStr, Field(max_length=10), AfterValidator(_date)]
# Who sat a hand out: [place among everyone at the table, name], as the export writes it.
SatOut = Annotated[list[tuple[Seat, PlayerName]], Field(max_length=MAX_SEATS)]
# A seat: [its number, its player, its first hand, its last hand or null: still taken].
# Numbers grow as players join between others; each coming and going adds a seat.
MAX_SEAT_ROWS = 200
SeatNumber = Annotated[StrictInt, Field(ge=0, le=MAX_SEAT_ROWS)]
SeatRow = tuple[SeatNumber, PlayerName, HandNumber, HandNumber | None]
# A later stake: [first hand it is played at, stake or null].
StakeChange = tuple[LaterHand, Stake | None]


@with_config(ConfigDict(extra="forbid"))
class Hand(TypedDict):
    """One hand as the table entered it and the engine scored it (a dict: 100,000 of them
    are read, and a dict is the cheapest thing pydantic makes)."""

    number: HandNumber
    dealer: Seat
    status: Status
    declarer: Seat | None
    contract: Annotated[StrictStr, Field(max_length=12)]
    called_card: Annotated[StrictStr, Field(max_length=3), AfterValidator(_card_or_none)]
    partner: Seat | None
    mode: Mode
    declarer_points: Points | None
    captured: Annotated[dict[SeatKey, Cards], Field(max_length=MAX_SEATS)] | None
    discards: Annotated[list[Card], Field(max_length=20)]
    tricks: Annotated[dict[SeatKey, Tricks], Field(max_length=MAX_SEATS)] | None
    toppled: StrictBool
    made: StrictBool | None
    target: Result | None
    points: Result | None
    lines: Annotated[
        list[Annotated[StrictStr, Field(max_length=MAX_LINE)]], Field(max_length=MAX_LINES)
    ]  # re-derived
    key: Annotated[StrictStr, Field(max_length=36, pattern=KEY)]  # a UUID as str() writes it
    version: HandVersion
    scores: Annotated[list[Score], Field(max_length=MAX_SEATS)]
    # Only where the table was not the session's seats (scoring.history.export).
    players: NotRequired[Annotated[list[PlayerName], Field(max_length=MAX_SEATS)]]
    sat_out: NotRequired[SatOut]
    sitting_out: NotRequired[Seat | None]  # six-player Mighty: the seat killed
    deal_miss_by: NotRequired[Seat | None]  # a deal miss: the seat that called it
    # The play, trick by trick, where the table recorded it: the engine reads it (.records).
    record: NotRequired[RecordBody | None]


class Session(BaseModel):
    """One sitting at a table, its seats (players by name) and its hands in order."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    date: SessionDate
    variant: VariantCode
    options: Options
    first_dealer: Seat
    stake: Stake | None
    stake_changes: Annotated[list[StakeChange], Field(max_length=MAX_HANDS_PER_SESSION)] = []
    players_per_hand: DealtIn | None = None  # None: all seated, as the game seats
    created_at: Moment
    ended_at: Moment | None
    seats: Annotated[list[PlayerName], Field(max_length=MAX_SEATS)]
    hands: Annotated[list[Hand], Field(max_length=MAX_HANDS_PER_SESSION)]
    # Every seat the session has had, where its table changed (scoring.history.export).
    all_seats: Annotated[list[SeatRow], Field(max_length=MAX_SEAT_ROWS)] | None = None


class League(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    name: Annotated[StrictStr, Field(max_length=RAW_NAME), AfterValidator(_name(LEAGUE_NAME))]
    default_variant: VariantCode
    default_options: Annotated[dict[VariantCode, Options], Field(max_length=len(VARIANTS))]


class Head(BaseModel):
    """Everything but the sessions (which are read one at a time)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    format: StrictStr
    version: StrictInt
    league: League
    players: Annotated[list[PlayerName], Field(max_length=MAX_PLAYERS), AfterValidator(_distinct)]


HEAD_FIELDS = tuple(Head.model_fields)
TOP_FIELDS = (*HEAD_FIELDS, "sessions")
