"""Play again: a new session with a recent line-up (scoring.table.regulars), in one tap.

The same game and house rules, those seated when the table ended in their seats, as many
dealt in as then, the stake then in force, dated today, the first dealer in seat 1 as the
New game form has it: what the line-up's card on the New game page says. A second tap that arrives
while the first one's session is still empty opens that session instead of a twin, even
when the taps arrive at the same moment.
"""

import datetime
from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.contrib.auth.models import User
from django.db import transaction
from django.http import HttpResponse
from django.shortcuts import redirect
from django.utils import timezone
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from scoring import query
from scoring.accounts.access import league_for
from scoring.accounts.http import AuthenticatedHttpRequest
from scoring.models import GameSession, League, Seat
from scoring.rules import RulesError, Variant
from scoring.table.lineup import players_count
from scoring.table.regulars import ended_as
from scoring.table.seating import SeatingRefused, hold

TWIN_WINDOW = datetime.timedelta(minutes=2)


@require_POST
@login_required
def play_again(request: AuthenticatedHttpRequest, pk: int) -> HttpResponse:
    league = league_for(request, pk)
    source = _source(league, request.POST.get("session"))
    if source is None:
        messages.error(request, _("That game is not one of this league's."))
        return redirect("scoring:session-new", pk=league.pk)
    # Those seated when the game ended (a player who left is not asked back), as many dealt
    # in as then: six friends at a five-player game sit down as six again.
    seats, _stake, _dealt = ended_as(source)
    players = [seat.player_id for seat in seats]
    variant: Variant[Any] = source.engine
    try:
        rules = variant.rules(source.options, players_count(source))
    except RulesError as error:
        messages.error(request, error.message)
        return redirect("scoring:session-new", pk=league.pk)
    options = rules.as_json()
    # Quick taps arrive together: under the league's lock, the second one finds the
    # session the first has just started (SQLite's transactions begin IMMEDIATE, which
    # serialises them the same way).
    with transaction.atomic():
        League.objects.select_for_update().filter(pk=league.pk).first()
        try:
            players = _held(league, source, players)
        except SeatingRefused as refused:
            messages.error(request, refused.message)
            return redirect("scoring:session-new", pk=league.pk)
        twin = _twin(league, request.user, source.variant, options, players)
        if twin is not None:
            return redirect(twin)
        return redirect(_start_again(league, request.user, source, options, players))


def _held(league: League, source: GameSession, players: list[int]) -> list[int]:
    """``players`` held until the new session is seated (scoring.table.seating.hold); read
    again from the source's seats if a merge moved one meanwhile."""
    reads = iter([players])

    def read() -> list[int]:
        again = GameSession.objects.get(pk=source.pk).seat_list
        return next(reads, None) or [seat.player_id for seat in again]

    return hold(league, read)


def _source(league: League, value: object) -> GameSession | None:
    pk = query.object_id(value)
    if pk is None:
        return None
    return GameSession.objects.filter(league=league, pk=pk).first()


def _twin(
    league: League, user: User, variant: str, options: dict[str, Any], players: list[int]
) -> GameSession | None:
    """A session this user started moments ago with this line-up, still without a hand."""
    since = timezone.now() - TWIN_WINDOW
    recent = GameSession.objects.filter(
        league=league, created_by=user, variant=variant, created_at__gte=since, hands=None
    ).order_by("-pk")
    for session in recent:
        if session.options == options and [s.player_id for s in session.seat_list] == players:
            return session
    return None


def _start_again(
    league: League,
    user: User,
    source: GameSession,
    options: dict[str, Any],  # the rules' JSON
    players: list[int],
) -> GameSession:
    variant: Variant[Any] = source.engine
    defaults = variant.rules({}, players_count(source)).as_json()
    _seats, stake, _dealt = ended_as(source)
    with transaction.atomic():
        session = GameSession.objects.create(
            league=league,
            date=timezone.localdate(),
            variant=source.variant,
            options=options,
            first_dealer=0,
            stake=stake,  # the stake they ended on
            players_per_hand=source.players_per_hand,
            created_by=user,
        )
        Seat.objects.bulk_create(
            Seat(session=session, number=number, player_id=player)
            for number, player in enumerate(players)
        )
        # As the New game form does: the league remembers the game and rules it last chose.
        changed = {name: value for name, value in options.items() if defaults.get(name) != value}
        league.default_variant = source.variant
        league.default_options = {**league.default_options, source.variant: changed}
        league.save(update_fields=["default_variant", "default_options"])
    return session
