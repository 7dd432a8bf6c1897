"""Why a file is refused, in the app's words, and where in the file the problem is.

Every refusal is one sentence that starts with its place ("Session 3 (2024-05-03),
hand 12: the dealer must be a whole number.") so a person can find it in the file.
pydantic's own messages never reach anyone: each error of ``.schema`` becomes one of the
sentences below, by its type, with the field named in words.
"""

from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, pgettext
from django_stubs_ext import StrPromise
from pydantic_core import ErrorDetails

from scoring.history.imports.schema import MAX_NUMBER, MODES, STATUSES

# What each field of the file is called in a sentence.
FIELDS: dict[int | str, StrPromise] = {
    "format": gettext_lazy("the format"),
    "version": gettext_lazy("the version"),
    "league": gettext_lazy("the league"),
    "name": gettext_lazy("the name"),
    "default_variant": gettext_lazy("the usual game"),
    "default_options": gettext_lazy("the usual house rules"),
    "players": gettext_lazy("the list of players"),
    "sessions": gettext_lazy("the list of sessions"),
    "date": gettext_lazy("the date"),
    "variant": gettext_lazy("the game"),
    "options": gettext_lazy("the house rules"),
    "first_dealer": gettext_lazy("the first dealer"),
    "stake": gettext_lazy("the stake"),
    "created_at": gettext_lazy("the start time"),
    "ended_at": gettext_lazy("the end time"),
    "seats": gettext_lazy("the list of seats"),
    "hands": gettext_lazy("the list of hands"),
    "number": gettext_lazy("the hand's number"),
    "dealer": gettext_lazy("the dealer"),
    "status": gettext_lazy("the status"),
    "declarer": gettext_lazy("the declarer"),
    "contract": gettext_lazy("the contract"),
    "called_card": gettext_lazy("the called card"),
    "partner": gettext_lazy("the partner"),
    "mode": gettext_lazy("how the result was entered"),
    "declarer_points": gettext_lazy("the declarer's points"),
    "captured": gettext_lazy("the captured cards"),
    "discards": gettext_lazy("the discards"),
    "tricks": gettext_lazy("the tricks"),
    "toppled": gettext_lazy("whether it was toppled"),
    "made": gettext_lazy("whether it was made"),
    "target": gettext_lazy("the target"),
    "points": gettext_lazy("the result"),
    "lines": gettext_lazy("the reasons"),
    "key": gettext_lazy("the hand's key"),
    "scores": gettext_lazy("the scores"),
    "stake_changes": gettext_lazy("the stake changes"),
    "sitting_out": gettext_lazy("the killed seat"),
    "deal_miss_by": gettext_lazy("who called the deal miss"),
    "players_per_hand": gettext_lazy("how many are dealt in"),
    "all_seats": gettext_lazy("the seats the session has had"),
    "record": gettext_lazy("the play of the hand"),
}
HAND_FIELDS: dict[int | str, StrPromise] = {
    "version": gettext_lazy("the hand's version"),
    "players": gettext_lazy("who played it"),
    "sat_out": gettext_lazy("who sat it out"),
}
CHOICES: dict[int | str, tuple[str, ...]] = {"status": STATUSES, "mode": MODES}
# Where an error is in the file: names of fields and positions in lists, from the top.
Location = tuple[int | str, ...]


class ImportRefused(Exception):
    """The file cannot be imported; ``message`` says why, for a person."""

    def __init__(self, message: str) -> None:
        # Whatever the file held, the sentence can be written out (no lone surrogate).
        message = message.encode("utf-8", "backslashreplace").decode("utf-8")
        super().__init__(message)
        self.message = message


def refused(place: str, problem: str) -> ImportRefused:
    return ImportRefused(_("{place}: {problem}").format(place=place, problem=problem))


def field(name: int | str) -> str:
    return str(FIELDS.get(name, _("a field of the file")))


def shown(value: object, longest: int = 30) -> str:
    """A bit of what the file says, short enough for a sentence."""
    text = value if isinstance(value, str) else str(value)
    return text[:longest] + "…" if len(text) > longest else text


# ---- places ------------------------------------------------------------------------------


def the_file() -> str:
    return _("The file")


def session_place(index: int, raw: object) -> str:
    day = raw.get("date") if isinstance(raw, dict) else None
    if isinstance(day, str) and len(day) == 10 and day.isascii():
        return _("Session {number} ({date})").format(number=index, date=day)
    return _("Session {number}").format(number=index)


def hand_place(session: str, raw: object, position: int) -> str:
    number = raw.get("number") if isinstance(raw, dict) else None
    if type(number) is int and 1 <= number <= MAX_NUMBER:
        return _("{session}, hand {number}").format(session=session, number=number)
    return _("{session}, the hand at position {position}").format(
        session=session, position=position
    )


def head_place(loc: Location) -> tuple[str, str]:
    """(place, field in words) of an error at ``loc`` in the file's head."""
    if len(loc) >= 2 and loc[0] == "league":
        return _("The league"), field(loc[1])
    if loc and loc[0] == "players":
        if len(loc) >= 2 and isinstance(loc[1], int):
            return _("The list of players"), _("name {number} in the list").format(
                number=loc[1] + 1
            )
        return _("The list of players"), field("players")
    return the_file(), field(loc[0]) if loc else _("the file")


def session_field(loc: Location, place: str, raw: object) -> tuple[str, str]:
    """(place, field in words) of an error at ``loc`` in a session."""
    if len(loc) >= 2 and loc[0] == "hands" and isinstance(loc[1], int):
        hands = raw.get("hands") if isinstance(raw, dict) else None
        hand = hands[loc[1]] if isinstance(hands, list) and loc[1] < len(hands) else None
        return hand_place(place, hand, loc[1] + 1), _hand_field(loc[2:])
    if len(loc) >= 2 and loc[0] == "seats" and isinstance(loc[1], int):
        return place, _("the player in seat {seat}").format(seat=loc[1])
    if len(loc) >= 2 and loc[0] == "all_seats" and isinstance(loc[1], int):
        return place, _("entry {number} of the seats the session has had").format(number=loc[1] + 1)
    if len(loc) >= 2 and loc[0] == "stake_changes" and isinstance(loc[1], int):
        if len(loc) >= 3 and loc[2] == 0:
            return place, _("the first hand of stake change {number}").format(number=loc[1] + 1)
        if len(loc) >= 3:
            return place, _("the stake of stake change {number}").format(number=loc[1] + 1)
        return place, _("stake change {number}").format(number=loc[1] + 1)
    return place, field(loc[0]) if loc else _("the session")


def _hand_field(rest: Location) -> str:
    if not rest:
        return _("the hand")
    name = rest[0]
    if len(rest) >= 2 and isinstance(rest[1], int) and name in ("players", "sat_out"):
        if name == "players":
            return _("player {number} of the hand").format(number=rest[1] + 1)
        return _("entry {number} of who sat it out").format(number=rest[1] + 1)
    if name in HAND_FIELDS:
        return str(HAND_FIELDS[name])
    if len(rest) >= 2 and "[key]" not in rest:
        seat = shown(rest[1], 5)
        if name == "scores":
            return _("the score of seat {seat}").format(seat=seat)
        if name == "tricks":
            return _("the tricks of seat {seat}").format(seat=seat)
        if name == "captured" and len(rest) >= 3:
            return _("a card captured by seat {seat}").format(seat=seat)
        if name == "captured":
            return _("the cards captured by seat {seat}").format(seat=seat)
        if name == "discards":
            return _("a card in the discards")
        if name == "lines":
            return _("a reason")
    return field(name)


# ---- pydantic's errors as sentences -------------------------------------------------------

_NUMBER = ("int_type", "int_parsing", "int_from_float")
_OBJECT = ("dict_type", "model_type", "model_attributes_type")


def problem(error: ErrorDetails, noun: str) -> str:
    """One pydantic error (``ValidationError.errors()`` entry) as the app says it."""
    kind, context = error["type"], error.get("ctx") or {}
    if kind == "missing":
        return _("it does not give {field}.").format(field=noun)
    if kind == "extra_forbidden":
        return _("“{name}” is not a field a league file has here.").format(
            name=shown(error["loc"][-1])
        )
    if kind in _NUMBER:
        return pgettext("league file", "{field} must be a whole number.").format(field=noun)
    if kind == "greater_than_equal":
        return _("{field} must be at least {limit}.").format(field=noun, limit=context["ge"])
    if kind == "less_than_equal":
        return _("{field} must be at most {limit}.").format(field=noun, limit=context["le"])
    if kind == "string_type":
        return _("{field} must be text.").format(field=noun)
    if kind == "string_too_long":
        return _("{field} is longer than {count} characters.").format(
            field=noun, count=context["max_length"]
        )
    if kind == "bool_type":
        return pgettext("league file", "{field} must be true or false.").format(field=noun)
    if kind == "list_type":
        return pgettext("league file", "{field} must be a list.").format(field=noun)
    if kind == "too_long":
        return _("there are more than {count} entries in {field}.").format(
            field=noun, count=context["max_length"]
        )
    if kind in _OBJECT:
        return _("{field} must be an object.").format(field=noun)
    if kind == "literal_error":
        choices = CHOICES.get(error["loc"][-1], ())
        return _("{field} must be one of {choices}.").format(
            field=noun, choices=", ".join(c or '""' for c in choices)
        )
    if kind == "string_pattern_mismatch":  # the hand's key, the only pattern
        kind = "uuid"
    return _custom(kind, context, noun)


def _custom(kind: str, context: dict[str, Any], noun: str) -> str:
    """The sentences of the schema's own validators."""
    if kind == "one_of":
        return _("{field} must be one of {choices}.").format(field=noun, **context)
    if kind == "date":
        return _("{field} must be a date written YYYY-MM-DD, from {first} to {last}.").format(
            field=noun, **context
        )
    if kind == "moment":
        return _(
            "{field} must be a date and time with its time zone, from the year {first} to {last}."
        ).format(field=noun, **context)
    if kind == "stake":
        return _("{field} must be null or written like 0.50.").format(field=noun)
    if kind == "uuid":
        return _("{field} must be a UUID, such as {example}.").format(
            field=noun, example="0f8fad5b-d9cb-469f-a165-70867728950e"
        )
    if kind == "card":
        return _("“{card}” in {field} is not a card.").format(
            field=noun, card=shown(context["card"], 5)
        )
    if kind == "seat_key":
        return _("“{seat}” in {field} is not a seat number.").format(
            field=noun, seat=shown(context["seat"], 5)
        )
    if kind == "sentence":
        return str(context["sentence"])
    if kind == "empty_name":
        return _("{field} is empty.").format(field=noun)
    if kind == "same_name":
        return _(
            "“{first}” and “{second}” are one name to this app (letter case and invisible "
            "characters aside): each player needs a name of their own."
        ).format(first=shown(context["first"]), second=shown(context["second"]))
    return _("what the file gives for {field} is not what a league file holds.").format(field=noun)


def head_refusal(error: ErrorDetails) -> ImportRefused:
    place, noun = head_place(error["loc"])
    return refused(place, problem(error, noun))


def session_refusal(error: ErrorDetails, place: str, raw: object) -> ImportRefused:
    where, noun = session_field(error["loc"], place, raw)
    return refused(where, problem(error, noun))
