"""A league owner tidies the player entries: renames one, or merges two spellings of one
person into one entry, without losing a hand.

A merge moves everything of the entry merged away (its seats, its scores, its places in
every hand's line-up) to the entry kept, then deletes the empty entry; it is refused when
the two sat at the same table in one session (they are two people). Each change leaves a
``PlayerChange`` in the same transaction: its id is part of the league history's stamps,
so the standings and ratings are computed again with the hands joined up.
"""

from collections.abc import Iterable
from typing import Any

from django.contrib.auth.models import User
from django.db import OperationalError, transaction
from django.db.models import Count, QuerySet
from django.utils.translation import gettext as _

from scoring.models import Hand, HandScore, Invitation, League, Player, Seat, TableChange
from scoring.models.audit import PlayerChange
from scoring.models.events import move_entries
from scoring.table import version
from scoring.words.names import name_key


class PlayerRefused(Exception):
    """A rename or merge that cannot be made, with the message to show."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


def _by(user: User | None, by: str = "") -> dict[str, Any]:
    """Who made a change: the account, or ``by`` for a change made outside the pages."""
    return {"user": user, "username": getattr(user, "username", "") or by}


def _sessions_of(player_ids: Iterable[int]) -> list[int]:
    return sorted(
        set(Seat.objects.filter(player_id__in=player_ids).values_list("session_id", flat=True))
    )


def _lock_sessions(player_ids: Iterable[int]) -> list[int]:
    """Lock every session these players sat in, before anything else: a Save locks its
    session first and then reads the players, so taking the sessions first (in the order
    of their ids, as every writer does) leaves no two writers each waiting on the other."""
    found = _sessions_of(player_ids)
    for pk in found:
        version.lock(pk)
    return found


def rename(
    league: League,
    player_id: int | None,
    name: str,
    user: User | None = None,
    by: str = "",
    was: str | None = None,
) -> Player:
    """Entry ``player_id`` is called ``name`` from now on; with ``was``, only if it is
    still called that (a rename planned earlier does not undo one made since)."""
    if player_id is None:  # no entry named: as if it had gone meanwhile
        raise PlayerRefused(_("That player entry has changed meanwhile; look again."))
    with transaction.atomic():
        sessions = _lock_sessions([player_id])
        player = Player.objects.select_for_update().filter(league=league, pk=player_id).first()
        if player is None or (was is not None and player.name != was):
            raise PlayerRefused(_("That player entry has changed meanwhile; look again."))
        key = name_key(name)
        for other in Player.objects.filter(league=league).exclude(pk=player.pk):
            if name_key(other.name) == key:
                raise PlayerRefused(
                    _("%(name)s is another entry already: merge the two instead.")
                    % {"name": other.name}
                )
        old = player.name
        player.name = name
        player.save(update_fields=["name"])
        PlayerChange.objects.create(
            league=league,
            player=player,
            action=PlayerChange.RENAME,
            old_name=old,
            new_name=name,
            **_by(user, by),
        )
        detail = {"action": "rename", "old": old, "new": name}
        version.bump_many(sessions, TableChange.PLAYERS, detail, user)
        return player


BUSY = 3  # tries of a merge that met another writer's locks (PostgreSQL chose it to yield)


def merge(
    league: League, gone_id: int | None, kept_id: int | None, user: User | None = None
) -> Player:
    """Everything of entry ``gone_id`` becomes entry ``kept_id``'s."""
    if gone_id is None or kept_id is None:  # an entry not named: not two entries
        raise PlayerRefused(_("Choose two different player entries."))
    for attempt in range(BUSY):
        try:
            with transaction.atomic():
                return _merge(league, gone_id, kept_id, user)
        except _SessionsMoved:
            continue
        except OperationalError as error:
            if attempt == BUSY - 1 or not _yielded(error):
                raise
    raise PlayerRefused(_("The tables were busy; nothing was merged. Try again."))


class _SessionsMoved(Exception):
    """A session of the entry appeared while its sessions were being locked."""


def _yielded(error: OperationalError) -> bool:
    """A deadlock or serialization failure: the database undid this try, retry it."""
    return getattr(getattr(error, "__cause__", None), "sqlstate", None) in {"40P01", "40001"}


def _merge(league: League, gone_id: int, kept_id: int, user: User | None) -> Player:
    sessions = _lock_sessions([gone_id])
    found = {
        p.pk: p
        # In the order of their ids, as every writer that seats an entry holds them.
        for p in Player.objects.select_for_update()
        .filter(league=league, pk__in=[gone_id, kept_id])
        .order_by("pk")
    }
    if gone_id == kept_id or len(found) != 2:
        raise PlayerRefused(_("Choose two different player entries."))
    if _sessions_of([gone_id]) != sessions:
        raise _SessionsMoved()
    gone, kept = found[gone_id], found[kept_id]
    _refuse_two_people(gone, kept)
    hands = _move_lineups(gone.pk, kept.pk)
    seats = Seat.objects.filter(player=gone).update(player=kept)
    HandScore.objects.filter(player=gone).update(player=kept)
    move_entries(gone, kept)
    _move_account(gone, kept)
    PlayerChange.objects.create(
        league=league,
        player=kept,
        action=PlayerChange.MERGE,
        old_name=gone.name,
        new_name=kept.name,
        merged_id=gone.pk,
        moved={"hands": hands, "seats": seats},
        **_by(user),
    )
    gone.delete()
    detail = {"action": "merge", "old": gone.name, "new": kept.name}
    version.bump_many(sessions, TableChange.PLAYERS, detail, user)
    return kept


def _refuse_two_people(gone: Player, kept: Player) -> None:
    shared = Seat.objects.filter(player=gone).values("session_id")
    if Seat.objects.filter(player=kept, session_id__in=shared).exists():
        raise PlayerRefused(
            _("%(one)s and %(other)s sat at the same table: they are two people.")
            % {"one": gone.name, "other": kept.name}
        )
    if gone.user_id and kept.user_id and gone.user_id != kept.user_id:
        raise PlayerRefused(
            _(
                "%(one)s and %(other)s are linked to two different people's accounts: they cannot be one player."
            )
            % {"one": gone.name, "other": kept.name}
        )


def _move_account(gone: Player, kept: Player) -> None:
    """The account linked to the entry merged away follows it (one account is one entry
    of a league: the link leaves the one before it joins the other); invitations still
    open for an entry that now has an account have nothing left to offer."""
    if gone.user_id is not None and kept.user_id is None:
        Player.objects.filter(pk=gone.pk).update(user=None)
        kept.user_id = gone.user_id
        kept.save(update_fields=["user"])
    if kept.user_id is not None:
        Invitation.objects.filter(player__in=[gone, kept], state=Invitation.OPEN).update(
            state=Invitation.REVOKED
        )


def _move_lineups(gone: int, kept: int) -> int:
    """Every hand the entry played or sat out names the kept entry instead."""
    sessions = Seat.objects.filter(player_id=gone).values("session_id")
    changed: list[Hand] = []
    for hand in Hand.objects.filter(session_id__in=sessions).only("pk", "lineup", "benched"):
        lineup = [kept if p == gone else p for p in hand.lineup]
        benched = [[place, kept if p == gone else p] for place, p in hand.benched or ()]
        if lineup != hand.lineup or benched != (hand.benched or []):
            hand.lineup, hand.benched = lineup, benched
            changed.append(hand)
    Hand.objects.bulk_update(changed, ["lineup", "benched"], batch_size=500)
    return len(changed)


def league_players(league: League) -> list[Player]:
    """The league's entries with how many sessions each sat in, for the owner's page."""
    found = Player.objects.filter(league=league).annotate(
        sessions=Count("seats__session", distinct=True)
    )
    return list(found.order_by("name"))


def changes(league: League, limit: int = 20) -> QuerySet[PlayerChange]:
    return PlayerChange.objects.filter(league=league).order_by("-pk")[:limit]
