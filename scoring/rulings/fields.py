"""A question's fields as written, read one by one, each fault naming its field's path.

The API hands over the JSON object of a request; a page hands over the values a player
entered (codes as text, seats as numbers). Either way a field is read with its type
checked here and its sense checked by the engine, in a fixed order, so the same
question always gets the same answer, and the same first fault. Faults are
``NotationError`` (a 400 in the API).
"""

from collections.abc import Mapping
from typing import Final

from scoring.rules.cards import SUITS, Card, parse_cards
from scoring.rules.errors import NotationError, OutOfRange
from scoring.rules.i18n import N_
from scoring.rules.sentences import given


class Missing:
    """The marker of a field left out (``None`` is a value: JSON's null)."""

    def __repr__(self) -> str:
        return "MISSING"


MISSING: Final = Missing()


class Malformed(NotationError):
    pass


class Fields:
    """A question's fields by name, with typed getters that raise precise errors."""

    def __init__(self, data: object) -> None:
        if not isinstance(data, dict):
            raise Malformed(N_("The body must be a JSON object."), "")
        self.data: Mapping[str, object] = data

    def has(self, name: str) -> bool:
        return self.data.get(name) is not None

    def raw(self, name: str, required: bool = False) -> object:
        value = self.data.get(name, MISSING)
        if value is MISSING and required:
            raise Malformed(N_("{field} is required."), name, field=name)
        return value

    def integer(self, name: str, low: int, high: int, default: int | None = None) -> int:
        value = self.raw(name, required=default is None)
        if value is MISSING and default is not None:
            return default
        return whole_number(value, name, low, high)

    def seat(self, name: str, players: int, default: int | None = None) -> int:
        return self.integer(name, 0, players - 1, default)

    def optional_seat(self, name: str, players: int) -> int | None:
        value = self.raw(name)
        if value is MISSING or value is None:
            return None
        return whole_number(value, name, 0, players - 1)

    def flag(self, name: str, default: bool = False) -> bool:
        value = self.raw(name)
        if value is MISSING:
            return default
        if not isinstance(value, bool):
            raise Malformed(N_("{field} must be true or false."), name, field=name)
        return value

    def text(self, name: str, required: bool = True) -> str | None:
        value = self.raw(name, required=required)
        if value is MISSING or (value is None and not required):
            return None
        if not isinstance(value, str):
            raise Malformed(N_("{field} must be a string."), name, field=name)
        return value

    def array(self, name: str) -> list[object]:
        value = self.raw(name, required=True)
        if not isinstance(value, list):
            raise Malformed(N_("{field} must be a list."), name, field=name)
        return value

    def cards(
        self, name: str, deck: frozenset[Card], deck_name: str, seen: set[Card] | None = None
    ) -> list[Card]:
        values = self.array(name)
        try:
            return parse_cards(values, deck, deck_name, seen)
        except NotationError as error:
            raise _prefixed(error, name) from None

    def suit(self, name: str) -> str:
        value = self.text(name)
        assert value is not None  # required
        if value.upper() not in SUITS:
            raise Malformed(
                N_("{field} must be S, H, D or C, not '{value}'."), name, field=name, value=value
            )
        return value.upper()

    def by_seat(self, name: str, players: int) -> dict[int, object] | None:
        """An object keyed by seat numbers written as strings (``"0"``, ``"3"``)."""
        value = self.raw(name)
        if value is MISSING or value is None:
            return None
        if not isinstance(value, dict):
            raise Malformed(
                N_('{field} must be an object keyed by seat, such as {{"0": …}}.'),
                name,
                field=name,
            )
        seats = {}
        for key, item in value.items():
            seats[seat_key(key, players, f"{name}.{key}")] = item
        return seats


def _prefixed(error: NotationError, name: str) -> NotationError:
    error.field = name + error.field if error.field.startswith("[") else (error.field or name)
    return error


def whole_number(value: object, field: str, low: int, high: int) -> int:
    if not isinstance(value, int) or isinstance(value, bool):
        raise Malformed(N_("{field} must be a whole number."), field, field=field)
    if not low <= value <= high:
        raise OutOfRange(
            N_("{field} must be from {low} to {high}, not {value}."),
            field,
            field=field,
            low=low,
            high=high,
            value=value,
        )
    return value


def seat_key(key: str, players: int, field: str) -> int:
    if not (key.isascii() and key.isdigit()) or key != str(int(key)) or int(key) >= players:
        raise OutOfRange(
            N_("'{key}' is not a seat: seats are 0 to {last}."),
            field,
            key=given(key),
            last=players - 1,
        )
    return int(key)
