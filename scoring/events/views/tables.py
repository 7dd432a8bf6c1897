"""The board's tables, each drawn once for its state and kept (scoring.events.kept).

The board's poll draws the whole round every time any table moves, and most of its
tables have not: each is drawn again only when its own state (its hands, scores, seats,
version), the round's closing or the reader's language moves. Its form's CSRF token is
left out of what is kept: the board's template puts in each answer's own, at the place
the kept drawing marks.
"""

import secrets
from dataclasses import dataclass
from functools import lru_cache

from django.template.loader import get_template
from django.urls import get_script_prefix, get_urlconf, reverse
from django.utils.safestring import mark_safe
from django.utils.timezone import get_current_timezone_name
from django.utils.translation import get_language

from scoring.events.kept import board_tables
from scoring.events.results import NightView, TableState

SLOT = secrets.token_hex(16)  # where a kept table's CSRF token goes: no name can hold it


@dataclass(frozen=True)
class TableLinks:
    hands: str
    screen: str
    qr: str
    replace: str


@lru_cache(maxsize=512)
def _links(prefix: str, urlconf: object, night: int, table: int, session: int) -> TableLinks:
    """A table's links, the same all its round: reversed once, not at every poll."""
    return TableLinks(
        reverse("scoring:hands", args=[session]),
        reverse("scoring:table", args=[session]),
        reverse("scoring:event-table-qr", args=[night, table]),
        reverse("scoring:event-replace", args=[night, table]),
    )


def drawn_tables(
    night: int, view: NightView, replace_table: int | None = None, replace_form: object = None
) -> list[tuple[str, str]]:
    """Each table of the round drawn, split where its CSRF token goes (after is empty
    when it has no form); the table whose replacement was just refused is drawn with
    the form's errors, and not kept."""
    template = get_template("events/board.html#table")
    prefix, urlconf = get_script_prefix(), get_urlconf()
    closed = view.current is not None and view.current.closed_at is not None
    drawn = []
    for state in view.tables:
        links = _links(prefix, urlconf, night, state.table.pk, state.table.session_id)
        context = {"state": state, "links": links, "current": view.current, "csrf_token": SLOT}
        if state.table.pk == replace_table:
            context.update(replace_table=replace_table, replace_form=replace_form)
            drawn.append(_split(template.render(context)))
            continue
        key = (get_language(), get_current_timezone_name(), prefix, night, closed, _key(state))
        found = board_tables.get(key)
        if found is None:
            found = _split(template.render(context))
            board_tables.put(key, found)
        drawn.append(found)
    return drawn


def _key(state: TableState) -> tuple[object, ...]:
    return (state.table, state.hands, state.last_at, tuple(state.board), state.target)


def _split(html: str) -> tuple[str, str]:
    """The table's drawing (escaped as the template drew it) on each side of its slot."""
    before, _slot, after = html.partition(SLOT)
    halves = [mark_safe(half) for half in (before, after)]
    return halves[0], halves[1]
