"""The league page's sessions as cards, each drawn once and kept until its session changes.

A Save changes one session, yet the page lists a dozen: the others' cards are read back
as they were drawn. A card is filed under what it shows: its session's version (every
hand, seat, name or end moves it: scoring.table.version), date, game and state. The
cards of one page (league, period, page number, language) are kept together, so a view
reads them in one query and writes them back in one when it drew any afresh (two views
doing so at once write cards of the same keys: the last write wins, and every card it
keeps is still its key's)."""

from django.core.cache import cache
from django.template.loader import render_to_string
from django.utils.safestring import SafeString
from django.utils.translation import get_language

from scoring.history.figures.period import Period
from scoring.history.figures.sessions import describe, sessions_by_id, sessions_page
from scoring.models import League
from scoring.table.page_cache import DRAWN_BY, KEPT_FOR

CARD = "history/sessions.html#card"


UNREAD = object()


def session_cards(
    league: League, period: Period, page: int, kept: object = UNREAD
) -> tuple[list[SafeString], bool]:
    """The cards of one page of the league's sessions in the period, newest first, and
    whether more follow; ``kept``: what ``entry`` held (None: nothing), when the caller
    read it already (with other entries, in one query)."""
    key = entry(league, period, page)
    if kept is UNREAD:
        kept = cache.get(key)
    return _drawn(league, period, page, key, kept if isinstance(kept, dict) else {})


def draw_ahead(league: League, period: Period, page: int) -> None:
    """Draw again the cards of a page that are kept and out of date (a Save's card): a
    page nobody has read in this language is left to its first reader."""
    key = entry(league, period, page)
    kept = cache.get(key)
    if isinstance(kept, dict):
        _drawn(league, period, page, key, kept)


def entry(league: League, period: Period, page: int) -> str:
    """Where a page of the league's cards is kept, in the active language."""
    return f"league-cards:{DRAWN_BY}:{league.pk}:{get_language()}:{period.query()}:{page}"


def _drawn(
    league: League, period: Period, page: int, where: str, cards: dict[str, SafeString]
) -> tuple[list[SafeString], bool]:
    """The page's cards, those missing from ``cards`` drawn and the page's kept again."""
    found, more = sessions_page(league, period, page)
    keys = dict(found)
    missing = sessions_by_id([pk for pk, key in found if key not in cards])
    if missing:
        describe(missing)
        cards.update({keys[s.pk]: render_to_string(CARD, {"s": s}) for s in missing})
        cache.set(where, {key: cards[key] for _pk, key in found if key in cards}, KEPT_FOR)
    return [cards[key] for _pk, key in found if key in cards], more
