"""Reading a request body field by field, each fault naming its field path.

Pure Python (no Django) so the same reading serves the views, the benchmark and
the referee pages. Faults are ``NotationError`` (a 400).
"""

from scoring.rules.cards import SUITS, parse_cards
from scoring.rules.errors import NotationError, OutOfRange
from scoring.rules.i18n import _

MISSING = object()


class Malformed(NotationError):
    pass


class Body:
    """A JSON object from a request, with typed getters that raise precise errors."""

    def __init__(self, data: object) -> None:
        if not isinstance(data, dict):
            raise Malformed(_("The body must be a JSON object."), "")
        self.data = data

    def has(self, name: str) -> bool:
        return self.data.get(name) is not None

    def raw(self, name: str, required: bool = False) -> object:
        value = self.data.get(name, MISSING)
        if value is MISSING and required:
            raise Malformed(_("{field} is required.").format(field=name), name)
        return value

    def integer(self, name: str, low: int, high: int, default: object = MISSING) -> int:
        value = self.raw(name, required=default is MISSING)
        if value is MISSING:
            return default
        return whole_number(value, name, low, high)

    def seat(self, name: str, players: int, default: object = MISSING) -> int:
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
            raise Malformed(_("{field} must be true or false.").format(field=name), name)
        return value

    def text(self, name: str, required: bool = True) -> str | None:
        value = self.raw(name, required=required)
        if value is MISSING or (value is None and not required):
            return None
        if not isinstance(value, str):
            raise Malformed(_("{field} must be a string.").format(field=name), name)
        return value

    def array(self, name: str) -> list:
        value = self.raw(name, required=True)
        if not isinstance(value, list):
            raise Malformed(_("{field} must be a list.").format(field=name), name)
        return value

    def cards(self, name: str, deck, deck_name: str, seen: set | None = None) -> list:
        values = self.array(name)
        try:
            return parse_cards(values, deck, deck_name, seen)
        except NotationError as error:
            raise _prefixed(error, name) from None

    def suit(self, name: str) -> str:
        value = self.text(name)
        if value.upper() not in SUITS:
            raise Malformed(
                _("{field} must be S, H, D or C, not '{value}'.").format(field=name, value=value),
                name,
            )
        return value.upper()

    def by_seat(self, name: str, players: int) -> dict[int, object] | None:
        """An object keyed by seat numbers written as strings (``"0"``, ``"3"``)."""
        value = self.raw(name)
        if value is MISSING or value is None:
            return None
        if not isinstance(value, dict):
            raise Malformed(
                _('{field} must be an object keyed by seat, such as {{"0": …}}.').format(
                    field=name
                ),
                name,
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
        raise Malformed(_("{field} must be a whole number.").format(field=field), field)
    if not low <= value <= high:
        raise OutOfRange(
            _("{field} must be from {low} to {high}, not {value}.").format(
                field=field, low=low, high=high, value=value
            ),
            field,
        )
    return value


def seat_key(key: str, players: int, field: str) -> int:
    if not (key.isascii() and key.isdigit()) or key != str(int(key)) or int(key) >= players:
        raise OutOfRange(
            _("'{key}' is not a seat: seats are 0 to {last}.").format(key=key, last=players - 1),
            field,
        )
    return int(key)
