"""A league file read a piece at a time: the top object's members one by one, and the
sessions one by one, never the whole file in memory.

The text is decoded as it is read (UTF-8, a byte-order mark allowed) and each value is
parsed by the standard library's C parser from a window of the file that grows only
while the value is unfinished, up to ``max_value`` characters (a session of a real league
is a few kilobytes; the largest a file may hold, a few megabytes). JSON that the app never
writes is refused: a key twice in one object, a decimal number, NaN or Infinity, and a
``\\uD800``-style escape that stands for half a character (a lone surrogate, which no
database or web page can hold).
"""

import codecs
import json
import re
from collections.abc import Callable, Iterator, Sequence
from json.decoder import scanstring  # type: ignore[attr-defined]  # typeshed leaves it out
from typing import Any, NoReturn, Protocol

from django.utils.translation import gettext as _

from scoring.history.imports.refusal import ImportRefused, shown

CHUNK = 1 << 20
_SPACE = re.compile(r"[ \t\n\r]*")
_SURROGATE_ESCAPE = re.compile(r"\\u[dD][89a-fA-F]")
MAX_KEY = 1000


class Readable(Protocol):
    """A file open for binary reading (an upload, or bytes in memory)."""

    def read(self, size: int = -1, /) -> bytes: ...


# JSON's own messages, in the app's words.
_PROBLEMS: dict[str, Callable[[], str]] = {
    "Expecting value": lambda: _("a value was expected"),
    "Expecting ',' delimiter": lambda: _("a comma was expected"),
    "Expecting ':' delimiter": lambda: _("a colon was expected"),
    "Expecting property name enclosed in double quotes": lambda: _(
        "a name in double quotes was expected"
    ),
    "Unterminated string starting at": lambda: _("a text is not closed"),
    "Invalid control character at": lambda: _("a text holds a control character"),
    "Invalid \\escape": lambda: _("a text holds an escape that is not valid"),
    "Invalid \\uXXXX escape": lambda: _("a text holds an escape that is not valid"),
    "Extra data": lambda: _("something follows the end of the data"),
}


class LoneSurrogate(Exception):
    """A parsed value holds half a character at ``path`` (keys and list indexes)."""

    def __init__(self, path: tuple[int | str, ...], escape: str, value: object) -> None:
        super().__init__(escape)
        self.path, self.escape, self.value = path, escape, value


def _no_float(text: str) -> NoReturn:
    raise ImportRefused(
        _("The file has a decimal number ({number}); it should have none.").format(
            number=shown(text, 20)
        )
    )


def _constant(text: str) -> NoReturn:
    raise ImportRefused(
        _("The file has {value}, which is not a number a league file holds.").format(value=text)
    )


def _object(pairs: Sequence[tuple[str, Any]]) -> dict[str, Any]:
    result = dict(pairs)
    if len(result) != len(pairs):
        seen: set[str] = set()
        for key, _value in pairs:
            if key in seen:
                raise ImportRefused(
                    _("The file names “{key}” twice in one place.").format(key=shown(key, 40))
                )
            seen.add(key)
    return result


def _too_large() -> ImportRefused:
    return ImportRefused(
        _("The file has a part too large for a league file: its sessions are far smaller.")
    )


class JsonStream:
    def __init__(self, file: Readable, max_value: int) -> None:
        self.file, self.max_value = file, max_value
        self.decoder = codecs.getincrementaldecoder("utf-8-sig")("strict")
        self.text, self.pos, self.eof = "", 0, False
        self.line, self.column = 1, 0  # where text[0] is: its line, and its column - 1
        self.scan = json.JSONDecoder(
            parse_float=_no_float, parse_constant=_constant, object_pairs_hook=_object
        ).raw_decode

    # ---- the window on the file ------------------------------------------------------------

    def _more(self) -> None:
        data = self.file.read(CHUNK)
        try:
            piece = self.decoder.decode(data, final=not data)
        except UnicodeDecodeError as error:
            raise ImportRefused(
                _("The file is not text (UTF-8); it is not a league file.")
            ) from error
        self.eof = not data
        # Forget what has been read, keeping count of its lines for the messages.
        lines = self.text.count("\n", 0, self.pos)
        if lines:
            self.line += lines
            self.column = self.pos - self.text.rfind("\n", 0, self.pos) - 1
        else:
            self.column += self.pos
        self.text = self.text[self.pos :] + piece
        self.pos = 0

    def where(self, pos: int) -> tuple[int, int]:
        """(line, column) in the file of ``text[pos]``, counted from 1."""
        last = self.text.rfind("\n", 0, pos)
        line = self.line + self.text.count("\n", 0, pos)
        return line, pos - last if last >= 0 else self.column + pos + 1

    def _syntax(self, pos: int, message: str) -> ImportRefused:
        line, column = self.where(pos)
        found = next((say for start, say in _PROBLEMS.items() if message.startswith(start)), None)
        return ImportRefused(
            _("The file is not valid JSON at line {line}, column {column}: {problem}.").format(
                line=line,
                column=column,
                problem=found() if found else _("it cannot be read there"),
            )
        )

    def _skip(self) -> str:
        """Skip white space; the next character, or "" at the end of the file."""
        while True:
            space = _SPACE.match(self.text, self.pos)
            assert space is not None  # zero or more spaces: it matches anywhere
            self.pos = space.end()
            if self.pos < len(self.text) or self.eof:
                return self.text[self.pos : self.pos + 1]
            self._more()

    def _punct(self, allowed: str) -> str:
        found = self._skip()
        if not found or found not in allowed:
            expected = {"{": "Expecting value", ":": "Expecting ':' delimiter"}
            raise self._syntax(self.pos, expected.get(allowed, "Expecting ',' delimiter"))
        self.pos += 1
        return found

    # ---- values ----------------------------------------------------------------------------

    def value(self) -> Any:
        """The next JSON value, parsed whole."""
        self._skip()
        start = self.pos
        while True:
            try:
                found, end = self.scan(self.text, start)
            except json.JSONDecodeError as error:
                if not self._unfinished(start, error):
                    raise self._syntax(error.pos, error.msg) from None
                self._more()
                start = self.pos
                continue
            except RecursionError:
                raise ImportRefused(
                    _("The file is nested too deeply to be a league file.")
                ) from None
            except ValueError:  # an integer of thousands of digits
                raise ImportRefused(_("The file has a number far too large.")) from None
            if end >= len(self.text) and not self.eof:
                self._more()  # a number may go on in the next piece
                start = self.pos
                continue
            if _SURROGATE_ESCAPE.search(self.text, start, end):
                _find_surrogate(found)
            self.pos = end
            return found

    def _unfinished(self, start: int, error: json.JSONDecodeError) -> bool:
        """Whether the value may simply go on in the part of the file not read yet."""
        if self.eof:
            return False
        if len(self.text) - start > self.max_value:
            raise _too_large()
        return error.pos >= len(self.text) - 6 or error.msg.startswith("Unterminated string")

    def key(self) -> str:
        self._skip()
        start = self.pos
        if self.text[start : start + 1] != '"':
            raise self._syntax(start, "Expecting property name enclosed in double quotes")
        while True:
            try:
                found: str
                found, end = scanstring(self.text, start + 1, True)
            except json.JSONDecodeError as error:
                if self.eof or len(self.text) - start > MAX_KEY:
                    raise self._syntax(error.pos, error.msg) from None
                self._more()
                start = self.pos
                continue
            _find_surrogate({found: None})  # a key: its path is ("[key]",)
            self.pos = end
            return found

    def members(self) -> Iterator[str]:
        """The top object's keys, each once; the caller reads each one's value (``value``
        or ``items``) before asking for the next key."""
        if self._skip() == "":
            raise ImportRefused(_("The file is empty."))
        if self.text[self.pos] != "{":
            raise ImportRefused(_("The file holds no league: a league file is one JSON object."))
        self.pos += 1
        seen: set[str] = set()
        if self._skip() == "}":
            self.pos += 1
        else:
            while True:
                name = self.key()
                if name in seen:
                    _object([(name, None), (name, None)])
                seen.add(name)
                self._punct(":")
                yield name
                if self._punct(",}") == "}":
                    break
        if self._skip():
            raise self._syntax(self.pos, "Extra data")

    def items(self) -> Iterator[Any]:
        """The values of the array that comes next, one at a time."""
        if self._skip() != "[":
            raise ImportRefused(_("The file: the sessions must be written as a list."))
        self.pos += 1
        if self._skip() == "]":
            self.pos += 1
            return
        while True:
            yield self.value()
            if self._punct(",]") == "]":
                return


def _find_surrogate(value: object) -> None:
    """Raise LoneSurrogate for the first text (or key) in ``value`` holding half a
    character; the escape was seen in the file, so this walk is rare."""
    stack: list[tuple[tuple[int | str, ...], object]] = [((), value)]
    while stack:
        path, item = stack.pop()
        if isinstance(item, str):
            bad = next((c for c in item if "\ud800" <= c <= "\udfff"), None)
            if bad is not None:
                raise LoneSurrogate(path, f"\\u{ord(bad):04x}", value)
        elif isinstance(item, dict):
            for key, inner in item.items():
                stack.append(((*path, "[key]"), key))  # a key: where its object is
                stack.append(((*path, key), inner))
        elif isinstance(item, list):
            stack.extend(((*path, index), inner) for index, inner in enumerate(item))
