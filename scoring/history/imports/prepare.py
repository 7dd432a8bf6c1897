"""The first half of an import: the file read, checked and scored again, before anything
is written.

It runs in a thread of its own at a lower CPU priority (on Linux), so a big import
yields the processor to the pages other people are waiting for; it touches no database.
What it makes, rows ready for the writer, goes to a temporary file in batches, so memory
holds one batch at a time however large the league.
"""

import marshal
import os
import sys
import tempfile
import threading
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from functools import partial
from typing import IO, Any, TypeVar

from django.utils import translation
from django.utils.translation import gettext as _
from django.utils.translation import pgettext
from pydantic import ValidationError

from scoring.history.imports import schema
from scoring.history.imports.refusal import (
    ImportRefused,
    Location,
    head_place,
    head_refusal,
    refused,
    session_field,
    session_place,
    session_refusal,
    the_file,
)
from scoring.history.imports.refusal import field as field_words
from scoring.history.imports.rescore import Engine, session_rows
from scoring.history.imports.stream import JsonStream, LoneSurrogate, Readable
from scoring.rules import RulesError, find_variant
from scoring.words.names import name_key

MAX_SESSIONS = 20_000
MAX_HANDS = 200_000
MAX_VALUE = 8 * 1024 * 1024  # characters: one session of the longest, with room to spare
BATCH = 4000  # hands written in one transaction (a tenth of a second or so)
BATCH_SESSIONS = 500
NICE = 5  # below the pages' threads, yet not starved by any other busy process
T = TypeVar("T")
# One session for the writer: its row, its hands' rows, each hand's scores.
Batch = list[tuple[tuple[Any, ...], list[tuple[Any, ...]], list[tuple[int, ...]]]]
# A place in the file → (the place in words, the field in words).
Locate = Callable[[Location], tuple[str, str]]


@dataclass
class Prepared:
    """A checked league: its head, and its sessions as rows in batches on disk."""

    head: schema.Head
    spill: IO[bytes] = field(repr=False)
    sessions: int = 0
    hands: int = 0

    def batches(self) -> Iterator[Batch]:
        """Lists of (session row, hand rows, hands' scores), in the file's order."""
        self.spill.seek(0)
        while size := int.from_bytes(self.spill.read(8), "little"):
            yield marshal.loads(self.spill.read(size))

    def close(self) -> None:
        self.spill.close()


def in_background(work: Callable[..., T], *args: object) -> T:
    """``work(*args)`` in a thread of lower CPU priority, in the caller's language; its
    result, or its exception raised here."""
    language = translation.get_language()
    outcome: dict[str, Any] = {}

    def run() -> None:
        if sys.platform.startswith("linux"):
            try:  # on Linux a thread has its own nice value; it ends with the thread
                os.setpriority(os.PRIO_PROCESS, threading.get_native_id(), NICE)
            except OSError:
                pass
        try:
            with translation.override(language):
                outcome["value"] = work(*args)
        except BaseException as error:  # noqa: BLE001 - raised again in the caller
            outcome["error"] = error

    thread = threading.Thread(target=run, name="league-import", daemon=True)
    thread.start()
    thread.join()
    if "error" in outcome:
        raise outcome["error"]
    value: T = outcome["value"]
    return value


def prepare(file: Readable) -> Prepared:
    """Read, check and score ``file`` (binary, read from the start); ImportRefused with
    the first problem, in words."""
    spill = tempfile.TemporaryFile()
    try:
        return _Reader(file, spill).read()
    except BaseException:
        spill.close()
        raise


def read_head(file: Readable) -> schema.Head:
    """Only the head of ``file`` (its league and players), checked as an import checks
    it; the sessions are not checked, and not read at all when they come last, as the
    app writes them. ImportRefused with the first problem, in words."""
    reader = _Reader(file, None)
    try:
        for name in reader.stream.members():
            if name == "sessions":
                reader.head[name] = True
                for _session in reader.stream.items():
                    pass
                continue
            reader._member(name)
            if all(field in reader.head for field in schema.HEAD_FIELDS):
                break
    except LoneSurrogate as found:
        raise _surrogate_at(found, lambda path: (the_file(), "")) from None
    missing = [name for name in schema.HEAD_FIELDS if name not in reader.head]
    if missing:
        raise refused(the_file(), _("it lacks {fields}.").format(fields=", ".join(missing)))
    reader._check_head()
    assert reader.checked is not None  # checked whole, or refused
    return reader.checked


class _Reader:
    def __init__(self, file: Readable, spill: IO[bytes] | None) -> None:
        self.stream = JsonStream(file, MAX_VALUE)
        self.spill = spill  # None: only the head is read
        self.pending: Batch = []
        self.pending_hands = 0
        self.head: dict[str, Any] = {}
        self.checked: schema.Head | None = None
        self.seated: dict[str, tuple[str, str]] = {}  # seats read before the players
        self.engine = Engine()
        self.sessions = self.hands = 0

    def read(self) -> Prepared:
        try:
            for name in self.stream.members():
                self._member(name)
        except LoneSurrogate as found:  # in a key of the file's object
            raise _surrogate_at(found, lambda path: (the_file(), "")) from None
        missing = [name for name in schema.TOP_FIELDS if name not in self.head]
        if missing:
            raise refused(
                the_file(),
                _("it lacks {fields}.").format(fields=", ".join(missing)),
            )
        self._check_head()
        self._check_seated()
        self._flush()
        assert self.checked is not None and self.spill is not None  # checked whole, or refused
        return Prepared(self.checked, self.spill, self.sessions, self.hands)

    def _member(self, name: str) -> None:
        if name == "sessions":
            self.head[name] = True
            self._check_head(partial=True)
            self._sessions()
            return
        if name not in schema.HEAD_FIELDS:
            raise refused(
                the_file(),
                _("“{name}” is not a field a league file has here.").format(name=name[:30]),
            )
        try:
            self.head[name] = self.stream.value()
        except LoneSurrogate as found:
            raise _surrogate_at(found, lambda path: head_place((name, *path))) from None
        _format_and_version(name, self.head[name])

    def _check_head(self, partial: bool = False) -> None:
        """The head checked once it is all read (before the sessions, in the app's files)."""
        if self.checked is not None:
            return
        values = {name: self.head[name] for name in schema.HEAD_FIELDS if name in self.head}
        if partial and len(values) < len(schema.HEAD_FIELDS):
            return
        try:
            self.checked = schema.Head.model_validate(values)
        except ValidationError as error:
            raise head_refusal(error.errors(include_url=False)[0]) from None
        for code, options in self.checked.league.default_options.items():
            variant = find_variant(code)
            try:
                self.engine.table(variant, options, variant.players[0])
            except RulesError as error:
                raise refused(
                    _("The league"),
                    _("the usual house rules: {problem}").format(problem=error.message),
                ) from None
        self.known = {name_key(name) for name in self.checked.players}

    def _sessions(self) -> None:
        items = self.stream.items()
        index = 0
        while True:
            index += 1
            try:
                raw = next(items)
            except StopIteration:
                return
            except LoneSurrogate as found:
                place = session_place(index, found.value)
                locate = partial(session_field, place=place, raw=found.value)
                raise _surrogate_at(found, locate) from None
            if index > MAX_SESSIONS:
                raise refused(
                    the_file(),
                    _("it has more than {count} sessions.").format(count=MAX_SESSIONS),
                )
            self._session(index, raw)

    def _session(self, index: int, raw: object) -> None:
        place = session_place(index, raw)
        try:
            session = schema.Session.model_validate(raw)
        except ValidationError as error:
            raise session_refusal(error.errors(include_url=False)[0], place, raw) from None
        row, hands, scores, named = session_rows(session, place, self.engine)
        for name in session.seats:
            self._seated(place, name)
        for where, name in named.values():  # who came, went or sat out, hand by hand
            self._seated(where, name)
        self.sessions += 1
        self.hands += len(hands)
        if self.hands > MAX_HANDS:
            raise refused(the_file(), _("it has more than {count} hands.").format(count=MAX_HANDS))
        self.pending.append((row, hands, scores))
        self.pending_hands += len(hands)
        if self.pending_hands >= BATCH or len(self.pending) >= BATCH_SESSIONS:
            self._flush()

    def _seated(self, place: str, name: str) -> None:
        """A seat's player is in the list of players (read now, or later in the file)."""
        key = name_key(name)
        if self.checked is None:
            self.seated.setdefault(key, (place, name))
        elif key not in self.known:
            raise refused(
                place,
                _("“{name}” sits at the table but is not in the list of players.").format(
                    name=name
                ),
            )

    def _check_seated(self) -> None:
        for key, (place, name) in self.seated.items():
            if key not in self.known:
                self._seated(place, name)

    def _flush(self) -> None:
        if self.pending and self.spill is not None:
            data = marshal.dumps(self.pending)
            self.spill.write(len(data).to_bytes(8, "little"))
            self.spill.write(data)
            self.pending, self.pending_hands = [], 0


def _surrogate_at(found: LoneSurrogate, locate: Locate) -> ImportRefused:
    """The refusal of half a character at ``found.path``; ``locate(path)`` gives the place
    and the field's words. In a key, the field is the object the key names a field of."""
    path = found.path
    if path and path[-1] == "[key]":
        if len(path) == 1:
            place, _noun = locate(())
            return refused(place, _surrogate(found, _("a field's name")))
        place, noun = locate(path[:-1])
        return refused(
            place, _surrogate(found, _("the name of a field in {field}").format(field=noun))
        )
    place, noun = locate(path)
    return refused(place, _surrogate(found, noun))


def _surrogate(found: LoneSurrogate, noun: str) -> str:
    return _(
        "there is {escape} in {field}, an escape that stands for half a character, not text."
    ).format(field=noun, escape=found.escape)


def _format_and_version(name: str, value: object) -> None:
    """A file of another kind, or of a later version, is refused before its sessions."""
    if name == "format" and value != schema.FORMAT:
        raise refused(the_file(), _("it is not a league file from this app."))
    if name == "version":
        if type(value) is not int:
            raise refused(
                the_file(),
                pgettext("league file", "{field} must be a whole number.").format(
                    field=field_words("version")
                ),
            )
        if value not in schema.VERSIONS:
            raise refused(
                the_file(),
                _("it is a league file of version {version}, which this app cannot read.").format(
                    version=str(value)[:10]
                ),
            )
