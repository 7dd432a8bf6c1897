"""A recorded hand, trick by trick: its page under its session (the league's members), the
share link's read-only copy (anyone with the link, no account), the notation's public link
(anyone: the notation alone is the hand), and the QR codes of the links.

Every page is a GET whose query says the trick shown (``?trick=7``): stepping is a plain
link, so a permalink to any trick works without JavaScript; any other value shows trick 1.
"""

import logging
from urllib.parse import urlencode

from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.urls import reverse
from django.views.decorators.http import require_safe

from scoring import query
from scoring.accounts.access import session_for
from scoring.models import GameSession, Hand
from scoring.rules import RulesError
from scoring.rules.i18n import N_
from scoring.table import qr, records
from scoring.table.record_faults import problem
from scoring.table.replay import Replay, replay

log = logging.getLogger(__name__)

NAME = "name"  # a seat's name in a notation link, once per seat in seat order
LONGEST_NAME = 40


@login_required
@require_safe
def hand_replay(request: HttpRequest, pk: int, number: int) -> HttpResponse:
    session = session_for(request, pk)
    hand = get_object_or_404(Hand, session=session, number=number)
    back = reverse("scoring:hands", args=[session.pk]) + f"#hand-{hand.number}"
    return _hand_page(request, session, hand, back)


@require_safe
def shared_replay(request: HttpRequest, token: str, number: int) -> HttpResponse:
    """The same page for a reader of the share link: read-only, no account."""
    session = get_object_or_404(GameSession.objects.select_related("league"), share_token=token)
    hand = get_object_or_404(Hand, session=session, number=number)
    back = reverse("scoring:share", args=[token])
    return _hand_page(request, session, hand, back, shared=True)


def _hand_page(
    request: HttpRequest, session: GameSession, hand: Hand, back: str, shared: bool = False
) -> HttpResponse:
    hand.session = session
    judged = records.stored(hand)
    if judged is None:
        raise Http404("this hand's play was not recorded")
    names = [_player_name(hand, seat) for seat in range(hand.players)]
    shown = replay(judged, names)
    context = {
        "session": session,
        "hand": hand,
        "back": back,
        "shared": shared,
        **_link_context(request, shown, names),
    }
    return _page(request, shown, context)


def _player_name(hand: Hand, seat: int) -> str:
    player = hand.player_at(seat)
    return player.name if player is not None else ""


@require_safe
def notation_replay(request: HttpRequest, notation: str) -> HttpResponse:
    """The hand a notation stands for, its seats named as the link names them (or by
    their numbers): a 400 that says what is wrong with a notation the engine refuses."""
    names = given_names(request)
    try:
        judged = _judged(notation)
    except RulesError as error:
        context = {"problem": problem(error, names, notation[: records.MAX_NOTATION])}
        return render(request, "scoring/replay_refused.html", context, status=400)
    shown = replay(judged, names)
    return _page(request, shown, {"public": True, **_link_context(request, shown, names)})


def _judged(notation: str) -> records.Judged:
    if len(notation) > records.MAX_NOTATION:
        raise RulesError(
            N_("A notation is at most {count} characters long."),
            "notation",
            count=records.MAX_NOTATION,
        )
    try:
        return records.judge_notation(notation)
    except RulesError:
        raise
    except Exception as error:  # a bug must not become a 500; the log keeps it loud
        log.exception("the notation %r could not be judged", notation[:200])
        raise RulesError(N_("This notation could not be read."), "notation") from error


def given_names(request: HttpRequest) -> list[str]:
    """The seats' names a notation link gives (``?name=Ann&name=Ben``): each cut to a
    name's length, control characters dropped; a blank one leaves its seat numbered."""
    names = []
    for raw in request.GET.getlist(NAME)[:20]:
        text = "".join(c for c in str(raw) if c.isprintable()).strip()
        names.append(text[:LONGEST_NAME])
    return names


@require_safe
def notation_qr(request: HttpRequest, notation: str) -> HttpResponse:
    """The QR code of a notation's link (with the names it gives)."""
    if len(notation) > records.MAX_NOTATION:
        raise Http404("too long")
    return qr.response(_notation_url(request, notation, given_names(request)), shared=True)


@require_safe
def share_qr(request: HttpRequest, token: str) -> HttpResponse:
    """The QR code of a session's share link, for the players at the table to scan."""
    session = get_object_or_404(GameSession, share_token=token)
    link = request.build_absolute_uri(reverse("scoring:share", args=[session.share_token]))
    return qr.response(link, shared=False)


def _notation_url(request: HttpRequest, notation: str, names: list[str]) -> str:
    path = reverse("scoring:notation-replay", args=[notation])
    named = [(NAME, name) for name in names]
    return request.build_absolute_uri(path + (f"?{urlencode(named)}" if named else ""))


def _link_context(request: HttpRequest, shown: Replay, names: list[str]) -> dict[str, object]:
    """The hand's public link (its notation and the seats' names) and its QR code."""
    named = [(NAME, name) for name in names if name] if any(names) else []
    query_text = urlencode(named)
    qr_path = reverse("scoring:notation-qr", args=[shown.notation])
    return {
        "link": _notation_url(request, shown.notation, [n for _k, n in named]),
        "qr_url": qr_path + (f"?{query_text}" if query_text else ""),
        "names_query": query_text,
    }


def _page(request: HttpRequest, shown: Replay, context: dict[str, object]) -> HttpResponse:
    count = len(shown.steps)
    number = (query.whole(request.GET.get("trick"), 1, count) or 1) if count else 0
    extra = {NAME: request.GET.getlist(NAME)} if context.get("public") else {}
    return render(
        request,
        "scoring/replay.html",
        {
            **context,
            "replay": shown,
            "step": shown.step(number),
            "number": number,
            "previous": number - 1 if number > 1 else None,
            "next": number + 1 if number < count else None,
            "keep": urlencode(extra, doseq=True),
        },
    )
