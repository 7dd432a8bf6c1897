"""The table's version: which state of a session a page was drawn for, and whether a
write drawn for an older one may still be applied.

Every change to a table raises ``GameSession.version`` by one and logs a ``TableChange``
(what, by whom, when), inside the transaction that makes the change and with the
session locked, so versions are gapless and never shared. Every write from a page
(a Save, an edit, a seating change, a stake, the end) posts the version the page was
drawn for; before writing, with the session locked, the steps since are read:

- a step that changes what the write means makes it stale: it is refused, nothing is
  written, and the page says what changed (``describe``) and keeps the entry, so that
  saving it again is a choice made knowing the table as it now is;
- a step that leaves its meaning alone (a share link, a stake for a Save) lets it through.

Nothing is ever re-mapped to the players who sit there now: a place posted by a page
means the player who sat there when the page was drawn, or nothing.
"""

import datetime
from collections.abc import Mapping
from dataclasses import dataclass
from decimal import Decimal
from enum import StrEnum
from typing import TYPE_CHECKING, Any, TypeAlias, TypedDict

from django.contrib.auth.models import AnonymousUser, User
from django.db import connection
from django.db.models import F
from django.utils import formats, timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from scoring.models import GameSession, TableChange

if TYPE_CHECKING:  # django-stubs' name for a lazy translation; nothing to import at run time
    from django_stubs_ext import StrPromise

Change = TableChange  # the kinds are its constants: Change.HAND, Change.SEATS, …

# Who makes a change: the account of a page's request; from the admin's (or a script),
# whoever asked, maybe no account at all.
Actor: TypeAlias = User | AnonymousUser | None


class Write(StrEnum):
    RECORD = "record"  # a new hand (the table screen's Save, or the outbox's)
    EDIT = "edit"  # an earlier hand changed or removed (its own version guards it too)
    SEATING = "seating"  # who sits where, how many are dealt in
    STAKE = "stake"
    END = "end"


# What makes each write stale. A Save means "this deal, dealt by the one shown, played by
# those shown, after the hands shown"; a seating change names seats by their order; a
# stake is chosen knowing the stakes; the end is pressed on the final scores. A player's
# new name or a merge changes no one's place, and a share link changes no score.
STALE_AFTER: dict[Write, frozenset[str]] = {
    Write.RECORD: frozenset({Change.HAND, Change.SEATS, Change.RULES, Change.END}),
    Write.EDIT: frozenset({Change.RULES, Change.END}),
    Write.SEATING: frozenset({Change.SEATS, Change.RULES, Change.END}),
    Write.STAKE: frozenset({Change.STAKE, Change.RULES, Change.END}),
    Write.END: frozenset({Change.HAND, Change.SEATS, Change.STAKE, Change.RULES}),
}

MISSING = gettext_lazy(
    "Nothing was saved: this page did not say which state of the table it was drawn "
    "for, so saving it could change the wrong players' scores. Check the table as it "
    "is now, then save again."
)


@dataclass(frozen=True)
class Locked:
    """The session row as read with the lock held: what a write decides on."""

    pk: int
    version: int
    ended_at: datetime.datetime | None


class StaleTable(Exception):
    """The page was drawn before changes that alter what this write means."""

    def __init__(self, drawn: int, current: int, changes: list[TableChange]) -> None:
        super().__init__(f"drawn for version {drawn}, the table is at {current}")
        self.drawn, self.current, self.changes = drawn, current, changes


class VersionMissing(Exception):
    """The write did not say which version of the table it was drawn for."""


def lock(session_pk: int) -> Locked:
    """Lock the session's row for the rest of the transaction, and read it afresh.

    PostgreSQL locks the row; SQLite's transactions begin IMMEDIATE (settings.py), so
    the whole database is already this writer's until it commits."""
    rows = GameSession.objects.filter(pk=session_pk)
    if connection.features.has_select_for_update:
        rows = rows.select_for_update(of=("self",))
    found = rows.values_list("pk", "version", "ended_at").get()
    return Locked(*found)


def drawn_version(raw: object) -> int | None:
    """The version a form posted: a whole number in ASCII digits, or None."""
    text = str(raw or "")
    if not (text.isascii() and text.isdigit()) or len(text) > 9:
        return None
    return int(text)


def stale_steps(session_pk: int, drawn: int, write: Write) -> list[TableChange]:
    """The steps since ``drawn`` that make ``write`` stale (none: it may go ahead)."""
    since = TableChange.objects.filter(session_id=session_pk, version__gt=drawn)
    return list(since.filter(kind__in=STALE_AFTER[write]).order_by("version"))


def check(locked: Locked, drawn: int | None, write: Write) -> None:
    """Raise unless a write drawn for version ``drawn`` may be applied now (call it with
    the lock held, so nothing can change between the check and the write)."""
    if drawn is None:
        raise VersionMissing()
    if drawn == locked.version:
        return
    if drawn > locked.version:  # a version the table never had: a forged or foreign page
        raise StaleTable(drawn, locked.version, [])
    steps = stale_steps(locked.pk, drawn, write)
    if steps:
        raise StaleTable(drawn, locked.version, steps)


def bump(
    locked: Locked, kind: str, detail: Mapping[str, object] | None = None, user: Actor = None
) -> int:
    """Raise the version by one and log why; the new version. ``locked`` is what ``lock``
    read in this transaction: nobody else can have moved the version since."""
    new = locked.version + 1
    GameSession.objects.filter(pk=locked.pk).update(version=new)
    TableChange.objects.create(
        session_id=locked.pk, version=new, kind=kind, detail=detail or {}, **_by(user)
    )
    return new


def bump_many(
    session_pks: list[int], kind: str, detail: Mapping[str, object], user: Actor = None
) -> None:
    """The same change to several sessions (a player renamed or merged): each locked, in
    the order of their ids, which is the order every writer takes them in."""
    locked = [lock(pk) for pk in sorted(set(session_pks))]
    GameSession.objects.filter(pk__in=session_pks).update(version=F("version") + 1)
    TableChange.objects.bulk_create(
        TableChange(session_id=s.pk, version=s.version + 1, kind=kind, detail=detail, **_by(user))
        for s in locked
    )


class _By(TypedDict):
    user: User | None
    username: str


def _by(user: Actor) -> _By:
    real = account(user)
    return {"user": real, "username": real.get_username() if real else ""}


def account(user: Actor) -> User | None:
    """The account a change is logged under: none for nobody, or for a visitor."""
    if user is None or isinstance(user, AnonymousUser) or not user.is_authenticated:
        return None
    return user


# ---- what the page says ------------------------------------------------------------------

HAND_WORDS = {
    "create": gettext_lazy("Hand %(number)d was recorded."),
    "edit": gettext_lazy("Hand %(number)d was changed."),
    "undo": gettext_lazy("Hand %(number)d was undone."),
    "delete": gettext_lazy("Hand %(number)d was deleted."),
    "restore": gettext_lazy("Hand %(number)d was restored."),
}
SEAT_WORDS = {
    "join": gettext_lazy("%(name)s sat down at the table."),
    "join_after": gettext_lazy("%(name)s sat down after %(after)s."),
    "leave": gettext_lazy("%(name)s left the table."),
    "replace": gettext_lazy("%(name)s took %(gone)s's seat."),
    "deal_in": gettext_lazy("From the next hand on, %(count)d players are dealt in."),
}
OTHER_WORDS = {
    "stake": gettext_lazy("The stake per point became %(stake)s from hand %(start)d on."),
    "no_stake": gettext_lazy("From hand %(start)d on, there is no stake."),
    "rename": gettext_lazy("%(old)s is now called %(new)s."),
    "merge": gettext_lazy("%(old)s and %(new)s were joined into one player, %(new)s."),
    "ended": gettext_lazy("The session was ended."),
    "reopened": gettext_lazy("The session was reopened."),
    "rules": gettext_lazy("The session was changed by an administrator."),
    "share": gettext_lazy("The share link was changed."),
}


def describe(change: TableChange) -> str:
    """One sentence a player can read aloud: what changed, and by whom and when."""
    detail = _shown(change.detail or {})
    words = _words(change.kind, detail)
    try:
        text = str(words) % detail
    except (KeyError, TypeError, ValueError):  # a detail written by an older version
        text = str(words).split("%")[0].strip()
    when = _when(change.at)
    if change.username:
        return _("%(what)s (%(who)s, %(when)s)") % {
            "what": text,
            "who": change.username,
            "when": when,
        }
    return _("%(what)s (%(when)s)") % {"what": text, "when": when}


def _shown(detail: dict[str, Any]) -> dict[str, Any]:
    """The detail as the reader writes numbers: a stake of ``0.50`` is ``0,50`` in French."""
    stake = detail.get("stake")
    if not stake:
        return detail
    try:
        return {**detail, "stake": formats.number_format(Decimal(stake), 2)}
    except ArithmeticError:
        return detail


def _when(at: datetime.datetime) -> str:
    """The time of a change made today; the date and time of an older one."""
    local = timezone.localtime(at)
    if local.date() == timezone.localdate():
        return formats.time_format(local, "TIME_FORMAT")
    return formats.date_format(local, "SHORT_DATETIME_FORMAT")


def _words(kind: str, detail: Mapping[str, Any]) -> "StrPromise":
    action = detail.get("action", "")
    if kind == Change.HAND:
        return HAND_WORDS.get(action, HAND_WORDS["edit"])
    if kind == Change.SEATS:
        return SEAT_WORDS.get(action, SEAT_WORDS["join"])
    if kind == Change.STAKE:
        return OTHER_WORDS["stake" if detail.get("stake") else "no_stake"]
    if kind == Change.PLAYERS:
        return OTHER_WORDS["merge" if action == "merge" else "rename"]
    if kind == Change.END:
        return OTHER_WORDS["ended" if detail.get("ended") else "reopened"]
    return OTHER_WORDS.get(kind, OTHER_WORDS["rules"])
