"""One table, one state: what a request knows about a session's table, worked out once.

A page or a write at a table needs the same few facts: the session (its league, game
and house rules, its version), everyone who has sat at it, the last hand recorded, and
the next hand's table (who sits where, who sits out, who deals, how many play). A view
reads them here in two queries and passes the ``TableState`` down; the form, the writer
and the answer take what they need from it and never ask the database again. After a
Save the state moves on with the new hand (``after``), with no query at all.
"""

from dataclasses import dataclass, replace
from functools import cached_property

from django.db.models import Q, Subquery
from django.http import HttpRequest

from scoring.accounts.access import session_for
from scoring.models import GameSession, Hand, Seat
from scoring.rules.options import TableRules
from scoring.table.lineup import Lineup, next_lineup


@dataclass(frozen=True)
class TableState:
    session: GameSession  # with its league and every seat it has had, players included
    last: Hand | None  # the last hand recorded, None before the first
    lineup: Lineup  # the next hand's table, with whose turn it is to sit out and deal

    @property
    def version(self) -> int:
        return self.session.version

    @property
    def ended(self) -> bool:
        return self.session.ended_at is not None

    @property
    def playable(self) -> bool:
        """Enough sit at the table for the game to deal a hand."""
        return self.lineup.players is not None

    @cached_property
    def rules(self) -> TableRules | None:
        """The house rules of the next hand, at its player count."""
        return self.session.rules(self.lineup.players) if self.lineup.players else None

    @property
    def hand_number(self) -> int:
        """The next hand's number: not the count + 1, since a deleted hand leaves its
        number free (it may be restored)."""
        return self.last.number + 1 if self.last else 1

    @property
    def dealer_name(self) -> str:
        places = self.lineup.places
        return places[self.lineup.dealer_place()].name if places else ""

    @property
    def drawn_seats(self) -> str:
        """Who sits in each place, as the form posts it (scoring.table.entry reads it)."""
        return ",".join(str(place.player_id) for place in self.lineup.places)

    def after(self, hand: Hand, version: int) -> "TableState":
        """The table once ``hand`` is recorded and the version is ``version``."""
        hand.session = self.session
        self.session.version = version
        return replace(self, last=hand, lineup=next_lineup(self.session, hand))


def member_session(request: HttpRequest, pk: int) -> GameSession:
    """The session, with its league and every seat it has had, for a member of its
    league: one query. Anyone else gets what ``session_for`` gives them (a 404 to read,
    a 403 to write)."""
    if request.user.is_authenticated:
        seats = list(
            Seat.objects.filter(session_id=pk, session__league__memberships__user=request.user)
            .select_related("player", "session__league")
            .order_by("number", "pk")
        )
        if seats:
            session = seats[0].session
            for seat in seats:
                seat.session = session
            session.all_seats = seats
            return session
    return session_for(request, pk)


def table_state(session: GameSession, key: object = None) -> tuple[TableState, Hand | None]:
    """The table of ``session``, and the hand already stored with ``key`` (a Save sent
    again), both from one query."""
    last_number = session.hands.order_by("-number").values("number")[:1]
    wanted = Q(number=Subquery(last_number))
    if key is not None:
        wanted |= Q(key=key)
    found = list(session.hands.filter(wanted))
    for hand in found:
        hand.session = session
    existing = next((h for h in found if key is not None and str(h.key) == str(key)), None)
    last = max(found, key=lambda hand: hand.number, default=None)
    return TableState(session, last, next_lineup(session, last)), existing


def member_table(
    request: HttpRequest, pk: int, key: object = None
) -> tuple[TableState, Hand | None]:
    """A member's table (two queries), and the hand stored with ``key`` if any."""
    return table_state(member_session(request, pk), key)
