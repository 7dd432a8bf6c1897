"""Pieces of the table screen written in Python: the scoreboard, a hand's row.

They are shown on every table screen, every Save's answer and every share poll, so
they are built with ``format_html`` rather than template loops (see hand_markup.py).
"""

from django.urls import reverse
from django.utils.html import format_html
from django.utils.safestring import mark_safe
from django.utils.translation import gettext as _

from scoring.accounts.access import session_for
from scoring.models import GameSession, HandScore, Seat
from scoring.rules import RulesError
from scoring.rules.cards import SUITS, SYMBOLS
from scoring.rules.scores import signed
from scoring.table.sheet import money_text, roster

RECENT = 5  # hands listed under the form; the Hands page has them all


def member_session(request, pk) -> GameSession:
    """The session, with its seats, for a member of its league: in one query. Anyone
    else gets what ``scoring.accounts.access.session_for`` gives them (404 to read, 403 to write)."""
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
            session.all_seats = seats  # what GameSession.seat_list keeps
            return session
    return session_for(request, pk)


def member_session_marked(request, pk) -> GameSession:
    """The session for a member, with its league (its version keys the kept page). One
    query."""
    if request.user.is_authenticated:
        found = (
            GameSession.objects.filter(pk=pk, league__memberships__user=request.user)
            .select_related("league")
            .first()
        )
        if found is not None:
            return found
    return session_for(request, pk)


# ---- the scoreboard -----------------------------------------------------------------------


def board_items(session, sheet, lineup=None) -> str:
    """One item per player of the session: the name, the total (and the money, where
    there is a stake), who deals the next hand and who sits it out; those who have left
    come last, dimmed."""
    deals = format_html('<span class="badge">{}</span>', _("deals"))
    sits = format_html('<span class="badge">{}</span>', _("sits out"))
    dealer = out = None
    if lineup is not None and lineup.places and lineup.players:
        dealer = lineup.places[lineup.dealer_place()].player_id
        out = {lineup.places[p].player_id for p in lineup.out or ()}
    items = []
    for member in roster(session):
        total = sheet.totals.get(member.player_id, 0)
        css = [
            name
            for name, yes in (
                ("dealer", member.player_id == dealer),
                ("out", out and member.player_id in out),
                ("gone", not member.seated),
            )
            if yes
        ]
        money = sheet.money_of(member.player_id)
        items.append(
            format_html(
                '<li{}><span class="name">{}{}</span><span class="total{}">{}</span>{}</li>',
                format_html(' class="{}"', " ".join(css)) if css else "",
                member.name,
                deals if "dealer" in css else sits if "out" in css else "",
                " neg" if total < 0 else "",
                signed(total),
                format_html(
                    '<span class="money{}">{}</span>',
                    " neg" if money < 0 else "",
                    money_text(money),
                )
                if money is not None
                else "",
            )
        )
    return mark_safe("".join(items))


# ---- a hand's row ---------------------------------------------------------------------------


def contract_html(session, hand):
    """The contract as a player reads it, with a red ♥ and ♦: ``3♥``, ``three``."""
    if not hand.contract or hand.passed_out:
        return ""
    try:
        contract = session.engine.parse_contract(hand.contract, session.rules(hand.players))
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
    return format_html(
        '{} · {} {}<span class="sr-only"> {}</span>',
        contract_html(session, hand),
        hand.declarer_name(),
        mark,
        word,
    )


def _cell(hand, player, scores):
    """A player's cell in a hand's row: the score; a dot for one who sat the hand out,
    a cross for the seat killed; empty for one not at the table then."""
    if player in hand.lineup:
        if hand.lineup.index(player) == hand.sitting_out:
            return format_html(
                '<td class="muted" title="{0}">✕<span class="sr-only"> {0}</span></td>',
                hand.session.engine.term("sitting_out_title"),
            )
        delta = scores.get(player, 0)
        return format_html(
            "<td{}>{}</td>", mark_safe(' class="neg"') if delta < 0 else "", signed(delta)
        )
    if any(benched == player for _place, benched in hand.benched or ()):
        return format_html(
            '<td class="muted" title="{0}">·<span class="sr-only"> {0}</span></td>', _("sits out")
        )
    return mark_safe("<td></td>")


def hand_row(session, hand, scores, editable=True, sum_cell=False):
    """A row of the hands list: number (an edit link unless the session has ended),
    the summary, every player's score ({player id: delta}) in the roster's order, and
    the sum where the table shows it."""
    number = hand.number
    hand.session = session
    if editable:
        link = format_html(
            '<a class="tap" href="{}" aria-label="{}">{} <span aria-hidden="true">✎</span></a>',
            reverse("scoring:edit-hand", args=[session.pk, number]),
            _("Edit hand %(number)s") % {"number": number},
            number,
        )
    else:
        link = str(number)
    cells = mark_safe("".join(_cell(hand, m.player_id, scores) for m in roster(session)))
    total = (
        format_html('<td class="muted">{}</td>', signed(sum(scores.values()))) if sum_cell else ""
    )
    return format_html(
        '<tr id="hand-{}"><td>{}</td><td>{}</td>{}{}</tr>',
        number,
        link,
        hand_summary(session, hand),
        cells,
        total,
    )


def deltas_by_hand(hands) -> dict:
    """Each hand's scores, {player id: delta}, by hand id, in one query."""
    found = {}
    rows = HandScore.objects.filter(hand__in=[h.pk for h in hands]).values_list(
        "hand_id", "player_id", "delta"
    )
    for hand_id, player, delta in rows:
        found.setdefault(hand_id, {})[player] = delta
    return found


def scores_by_player(hand, deltas) -> dict:
    """{player id: delta} of a hand from its deltas by seat (a killed seat has none)."""
    return {
        player: delta
        for seat, (player, delta) in enumerate(zip(hand.lineup, deltas, strict=False))
        if seat != hand.sitting_out
    }
