"""The night as one read drew it, kept in this process for the mark it was read at.

The board and the TV pages (by the link and a member's) draw the same standings and
tables, and every screen in the room polls: a night that moved is read and worked out
once per mark, by whichever page asks first, and the others draw from that. The TV's
fragment, the same for every screen, is kept too, by its ETag, and each table of the
board as drawn for its own state.

Only what was read outside any transaction is kept: inside one, the rows may be the
transaction's own writes, which a rollback would take back. What is read after the mark
is at least as new as the mark says, so a page drawn from it never shows the night older
than its ETag claims; a night that moves has a new mark, under which nothing is kept yet.
Each process keeps a few nights' latest states, the oldest dropped first.
"""

import threading
from collections import OrderedDict
from collections.abc import Hashable
from typing import Generic, TypeVar

from django.db import connection

from scoring.events.marks import Mark
from scoring.events.results import NightView, read, view_of

NIGHTS = 32  # states of nights kept per process: a few nights, a few moments each
FRAGMENTS = 64  # TV fragments: per night state, language, theme, link
TABLES = 128  # the board's tables, each drawn for its state (scoring.events.views.tables)


T = TypeVar("T")


class Kept(Generic[T]):
    """A small map that forgets its least recently used entries."""

    def __init__(self, size: int) -> None:
        self.size = size
        self.entries: OrderedDict[Hashable, T] = OrderedDict()
        self.lock = threading.Lock()

    def get(self, key: Hashable) -> T | None:
        with self.lock:
            found = self.entries.get(key)
            if found is not None:
                self.entries.move_to_end(key)
            return found

    def put(self, key: Hashable, value: T) -> None:
        if connection.in_atomic_block:  # perhaps this transaction's own writes
            return
        with self.lock:
            self.entries[key] = value
            self.entries.move_to_end(key)
            while len(self.entries) > self.size:
                self.entries.popitem(last=False)

    def clear(self) -> None:
        with self.lock:
            self.entries.clear()


views: Kept[NightView] = Kept(NIGHTS)
fragments: Kept[str] = Kept(FRAGMENTS)
board_tables: Kept[tuple[str, str]] = Kept(TABLES)


def night_view(mark: Mark) -> NightView:
    """The night's standings and tables for this mark: read once, then kept."""
    found = views.get(mark.state)
    if found is None:
        found = view_of(mark.facts, read(mark.night))
        views.put(mark.state, found)
    return found
