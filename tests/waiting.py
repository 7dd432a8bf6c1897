"""Waiting in tests: on a condition, with a generous deadline, never on a fixed timer.

A fixed sleep is either too short on a busy machine (the test fails though nothing is wrong)
or longer than needed everywhere else. A wait on a condition ends as soon as the condition
holds, so its deadline can be generous: on a loaded machine the run is slower, but it fails
only when the condition never comes.
"""

import time
from collections.abc import Callable
from typing import TypeVar

T = TypeVar("T")

# Seconds a test waits for a condition (a server up, a process's line, a page kept) before
# it fails, and for a command it runs to finish.
PATIENCE = 300.0
# The same for the browser tests' expectations and actions, in Playwright's milliseconds.
BROWSER_PATIENCE_MS = 60_000
POLL = 0.05  # seconds between two looks at a condition that cannot be waited on directly


def wait_until(probe: Callable[[], T], what: str, patience: float = PATIENCE) -> T:
    """``probe()``'s first true answer, asked every POLL seconds; AssertionError naming
    ``what`` (and the last answer) if none comes within ``patience`` seconds."""
    deadline = time.monotonic() + patience
    while True:
        answer = probe()
        if answer:
            return answer
        if time.monotonic() > deadline:
            raise AssertionError(f"{what}: not so after {patience:.0f} s (last: {answer!r})")
        time.sleep(POLL)
