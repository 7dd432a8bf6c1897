"""Pieces of the table screen written in Python: the scoreboard, a hand's row.

They are shown on every table screen, every Save's answer and every share poll, so
they are built with ``format_html`` rather than template loops (see hand_markup.py).
"""

from django.db.models import OuterRef, Subquery
from django.urls import reverse
from django.utils.html import format_html, format_html_join
from django.utils.safestring import mark_safe
from django.utils.translation import gettext as _

from scoring.access import session_for
from scoring.hand_form import session_rules
from scoring.models import GameSession, HandEvent, HandScore, Seat
from scoring.rules import RulesError
from scoring.rules.cards import SUITS, SYMBOLS
from scoring.rules.scores import signed

RECENT = 5  # hands listed under the form; the Hands page has them all


def member_session(request, pk) -> GameSession:
    """The session, with its seats, for a member of its league: in one query. Anyone
    else gets what ``scoring.access.session_for`` gives them (404 to read, 403 to write)."""
    if request.user.is_authenticated:
        seats = list(
            Seat.objects.filter(session_id=pk, session__league__memberships__user=request.user)
            .select_related("player", "session__league")
            .order_by("number")
        )
        if seats:
            session = seats[0].session
            for seat in seats:
                seat.session = session
            session._seats = seats  # what GameSession.seat_list keeps
            return session
    return session_for(request, pk)


def member_session_marked(request, pk) -> GameSession:
    """The session for a member, with the id of its last hand event (``last_event``):
    what changes whenever any of its hands does. One query."""
    if request.user.is_authenticated:
        last = HandEvent.objects.filter(session=OuterRef("pk")).order_by("-pk").values("pk")[:1]
        found = (
            GameSession.objects.filter(pk=pk, league__memberships__user=request.user)
            .select_related("league")
            .annotate(last_event=Subquery(last))
            .first()
        )
        if found is not None:
            return found
    return session_for(request, pk)


def scores_of(session, hands) -> tuple[list[int], dict]:
    """Every seat's total, and the deltas of ``hands`` by hand id, in one query."""
    totals = {}
    found = {}
    wanted = {hand.pk for hand in hands}
    rows = HandScore.objects.filter(hand__session=session).values_list("hand_id", "seat", "delta")
    for hand_id, seat, delta in rows:
        totals[seat] = totals.get(seat, 0) + delta
        if hand_id in wanted:
            found.setdefault(hand_id, {})[seat] = delta
    return [totals.get(seat.number, 0) for seat in session.seat_list], found


# ---- the scoreboard -----------------------------------------------------------------------


def board_items(session, totals, dealer) -> str:
    """One item per seat: the name, the total, and who deals this hand."""
    deals = format_html('<span class="badge">{}</span>', _("deals"))
    return format_html_join(
        "",
        '<li{}><span class="name">{}{}</span><span class="total{}">{}</span></li>',
        (
            (
                mark_safe(' class="dealer"') if seat.number == dealer else "",
                seat.player.name,
                deals if seat.number == dealer else "",
                " neg" if total < 0 else "",
                signed(total),
            )
            for seat, total in zip(session.seat_list, totals, strict=True)
        ),
    )


# ---- a hand's row ---------------------------------------------------------------------------


def contract_html(session, hand):
    """The contract as a player reads it, with a red ♥ and ♦: ``3♥``, ``three``."""
    if not hand.contract or hand.passed_out:
        return ""
    try:
        contract = session.engine.parse_contract(hand.contract, session_rules(session))
    except RulesError:
        return hand.contract
    trump = getattr(contract, "trump", None)
    if trump in SUITS:
        return format_html(
            '{}<span class="suit-{}">{}</span>', contract.count, trump, SYMBOLS[trump]
        )
    return contract.label


def hand_summary(session, hand):
    """``3♥ · Ann ✓``: contract, declarer and result; or "passed out"."""
    if hand.passed_out:
        return _("passed out")
    if hand.made:
        mark, word = "✓", _("made")
    elif hand.made is None:
        mark, word = "=", _("draw")
    else:
        mark, word = "✗", _("failed")
    name = session.seat_list[hand.declarer].player.name if hand.declarer is not None else ""
    return format_html(
        '{} · {} {}<span class="sr-only"> {}</span>', contract_html(session, hand), name, mark, word
    )


def hand_row(session, hand, deltas, editable=True, sum_cell=False):
    """A row of the hands list: number (an edit link unless the session has ended),
    the summary, every seat's score, and the sum where the table shows it."""
    number = hand.number
    if editable:
        link = format_html(
            '<a class="tap" href="{}" aria-label="{}">{} <span aria-hidden="true">✎</span></a>',
            reverse("scoring:edit-hand", args=[session.pk, number]),
            _("Edit hand %(number)s") % {"number": number},
            number,
        )
    else:
        link = str(number)
    cells = format_html_join(
        "",
        "<td{}>{}</td>",
        ((mark_safe(' class="neg"') if d < 0 else "", signed(d)) for d in deltas),
    )
    total = format_html('<td class="muted">{}</td>', signed(sum(deltas))) if sum_cell else ""
    return format_html(
        '<tr id="hand-{}"><td>{}</td><td>{}</td>{}{}</tr>',
        number,
        link,
        hand_summary(session, hand),
        cells,
        total,
    )


def deltas_by_hand(hands) -> dict:
    """Each hand's deltas in seat order (passed-out hands: all zero), in one query."""
    found = {}
    rows = HandScore.objects.filter(hand__in=[h.pk for h in hands]).values_list(
        "hand_id", "seat", "delta"
    )
    for hand_id, seat, delta in rows:
        found.setdefault(hand_id, {})[seat] = delta
    return found


def deltas_of(session, scores: dict) -> list[int]:
    return [scores.get(seat.number, 0) for seat in session.seat_list]
