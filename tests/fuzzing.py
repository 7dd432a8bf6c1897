"""How much the fuzzers, property tests and sweeps try: a share in the everyday run, the whole
on a schedule.

The everyday run (``python3 dev.py test``, NAPOLEON_FUZZ unset or ``quick``) runs every test,
none skipped, but an eighth of each property test's examples, and of each sweep's pairings
(a page with an odd value, a key with a value) an eighth, turned so that every page, key and
value is still tried: what is cut is repetition, never a case nothing else covers. The
scheduled run, ``NAPOLEON_FUZZ=full python3 dev.py test -m slow`` (README, "Tests"), tries
every example and every pairing.

A test module that takes its counts from here marks its tests ``slow`` (``pytestmark``), so
that ``-m slow`` gives them all their full counts; tests/conftest.py refuses to collect one
that does not.

On PostgreSQL (dev.py's second run, NAPOLEON_DATABASE_TESTS_ONLY set) the property tests try
a sixth of that again: the odd inputs are SQLite's run's; what PostgreSQL adds is its own
refusals (a NUL character, a number past a bigint), which a few examples reach.
"""

import os
from collections.abc import Sequence
from typing import TypeVar

from hypothesis import settings

Row = TypeVar("Row")
Column = TypeVar("Column")

PROFILES = ("quick", "full")
PROFILE = os.environ.get("NAPOLEON_FUZZ", "").strip().lower() or "quick"
FULL = PROFILE == "full"
ON_POSTGRES = os.environ.get("NAPOLEON_DATABASE_TESTS_ONLY") is not None
QUICK_SHARE = 8  # the everyday run tries one example, or one pairing, in eight
FEWEST = 5  # and never fewer examples than this (hypothesis tries its simplest ones first)
POSTGRES_SHARE = 6

# The settings handed out below, so that tests/conftest.py can tell a module that uses them.
HANDED_OUT: list[settings] = []


def examples(full: int) -> int:
    """How many examples a property test whose whole count is ``full`` tries in this run."""
    count = full if FULL else max(FEWEST, full // QUICK_SHARE)
    return max(FEWEST, count // POSTGRES_SHARE) if ON_POSTGRES else count


def fuzz_settings(full: int, parent: settings | None = None, **options) -> settings:
    """Hypothesis settings trying ``examples(full)`` examples (the rest as ``parent``)."""
    made = settings(parent, max_examples=examples(full), **options)
    HANDED_OUT.append(made)
    return made


def crossed(
    rows: Sequence[Row], columns: Sequence[Column], turn: int = 0
) -> list[tuple[Row, Column]]:
    """The pairings a sweep tries: every row with every column in the full run. In the
    everyday run a share of them, the columns turning with the rows, so that each row still
    meets at least one column and each column at least one row; another ``turn`` takes
    other pairings (two sweeps of the same pages, as two people, cover more between them)."""
    share = 1 if FULL else max(1, min(QUICK_SHARE, len(rows), len(columns)))
    return [
        (row, column)
        for r, row in enumerate(rows)
        for c, column in enumerate(columns)
        if (r + c + turn) % share == 0
    ]


def uses_the_profile(namespace: dict) -> bool:
    """Whether a test module's globals take counts from here."""
    for value in namespace.values():
        if value is examples or value is crossed or value is fuzz_settings:
            return True
        if any(value is handed for handed in HANDED_OUT):
            return True
    return False
