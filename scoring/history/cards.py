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
from scoring.history.figures.sessions import describe, sessions_page
from scoring.models import GameSession, League
from scoring.table.page_cache import DRAWN_BY, KEPT_FOR

CARD = "history/sessions.html#card"


def _key(session: GameSession) -> str:
    parts = (session.pk, session.version, session.date, session.variant, session.ended_at)
    return "|".join(str(part) for part in parts) + f"|{session.is_live}"


def session_cards(league: League, period: Period, page: int) -> tuple[list[SafeString], bool]:
    """The cards of one page of the league's sessions in the period, newest first, and
    whether more follow."""
    sessions, more = sessions_page(league, period, page)
    entry = f"league-cards:{DRAWN_BY}:{league.pk}:{get_language()}:{period.query()}:{page}"
    kept = cache.get(entry)
    cards: dict[str, SafeString] = kept if isinstance(kept, dict) else {}
    keys = [_key(session) for session in sessions]
    missing = [session for session, key in zip(sessions, keys, strict=True) if key not in cards]
    if missing:
        describe(missing)
        cards.update({_key(s): render_to_string(CARD, {"s": s}) for s in missing})
        cache.set(entry, {key: cards[key] for key in keys}, KEPT_FOR)
    return [cards[key] for key in keys], more
