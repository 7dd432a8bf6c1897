"""Refolding a game's figures after a page's answer, when a change lies far back.

A change to a recent hand is folded in by the next page (scoring.history.figures.advance:
from the stored state, or a mark a few dozen hands back). A change further back (an
edit, undo, delete or restore of an old hand, a player merged) would make that page fold
most of the game again while its reader waits: seconds in a long history. Instead, the
page that finds one claims the game's refold, shows the figures as they were before
the change with a note that they are being updated, and folds the game once its answer
is sent (a response's closers run after the server has written it); later pages show
those earlier figures too, without folding, until the refold is stored. The claim is a
row of its own (cache.CLAIM): one page holds it at a time, so a game is never refolded
twice at once, and it lapses after cache.LEASE if its worker stopped.
"""

import logging
from collections.abc import Callable
from dataclasses import dataclass, field

from django.db import DatabaseError, IntegrityError, transaction
from django.http import HttpResponseBase
from django.utils import timezone

from scoring.history.figures import cache
from scoring.models import HistoryCache

logger = logging.getLogger(__name__)

# Hands of a game's stored state a page folds again itself (a few dozen milliseconds);
# a change further back is refolded after the answer.
LONG = 1024


@dataclass
class Later:
    """What a page leaves to after its answer: the games whose figures it shows as they
    were before a change far back (or not at all: ``cold``), and the refolds it claimed,
    to run once the answer is sent (``after``)."""

    updating: list[str] = field(default_factory=list)
    jobs: list[Callable[[], None]] = field(default_factory=list)
    # Among ``updating``, the games with no figures to show meanwhile: none were kept (a
    # league just filled from a file, its figures forgotten) and they are many hands long.
    cold: list[str] = field(default_factory=list)


def claim(league_id: int, variant: str) -> bool:
    """Whether this page now holds the game's refold: no one held it, or the one who did
    let its lease run out."""
    now = timezone.now()
    try:
        with transaction.atomic():
            HistoryCache.objects.create(
                league_id=league_id, variant=variant, key=cache.CLAIM, stamp="", data={}
            )
        return True
    except IntegrityError:  # held: taken over only from a holder long gone
        held = HistoryCache.objects.filter(
            league_id=league_id, variant=variant, key=cache.CLAIM, computed_at__lt=now - cache.LEASE
        )
        return held.update(computed_at=now) == 1
    except DatabaseError:  # the database busy: the next page claims it
        logger.warning("league %s: %s refold not claimed", league_id, variant, exc_info=True)
        return False


def release(league_id: int, variant: str) -> None:
    HistoryCache.objects.filter(league_id=league_id, variant=variant, key=cache.CLAIM).delete()


def after(response: HttpResponseBase, later: Later) -> None:
    """Run the page's claimed refolds once ``response`` is sent. Django has no public way
    to add a closer: django-stubs does not name the list."""
    closers = response._resource_closers  # type: ignore[attr-defined]
    closers.extend(later.jobs)
