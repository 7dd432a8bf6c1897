"""The night's TV link: the TV page for a room's screen, opened by a secret link with
nobody signed in on it, and the director's control of that link.

The link's path is sessionless (settings.SESSIONLESS_PATHS): neither the page nor its
poll reads the browser session or its user, so a poll the night has not moved since is
answered 304 after the one query of the night's mark, whatever cookies the screen sends.
A new link stops the old at once: the old one's page, and the poll of a screen still
showing it, answer that the link was replaced, and the screen stops asking.
"""

from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.contrib.auth.models import AnonymousUser
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST, require_safe

from scoring.accounts.http import AuthenticatedHttpRequest, HtmxHttpRequest
from scoring.accounts.offline import ANONYMOUS
from scoring.events import night
from scoring.events.marks import link_mark
from scoring.events.night import NightRefused
from scoring.events.views.access import drawn, event_for
from scoring.events.views.board import board_context
from scoring.events.views.screens import screen
from scoring.models import Event
from scoring.models.events import new_tv_token
from scoring.table import qr

MAX_TOKEN = 64  # the column's length: a longer token is no night's, unasked


def _nobody() -> dict[str, Any]:
    """What the page's frame would otherwise read from the session: whoever holds the
    link sees it as nobody signed in (no account links, no messages, nothing kept)."""
    return {"user": AnonymousUser(), "messages": (), "offline_user": ANONYMOUS, "shared": True}


@require_safe
def tv_link(request: HtmxHttpRequest, token: str) -> HttpResponse:
    """The TV page by its link; a link no night has (replaced, or mistyped) says so."""
    mark = link_mark(token) if len(token) <= MAX_TOKEN else None
    if mark is None:
        return _gone(request)
    # The page polls the address it was opened at (this path: no reverse() to pay for).
    extra = {**_nobody(), "poll": request.path, "by_link": True}
    return screen(request, mark, "tv-link", f"night-tv-link:{mark.night}:{token}", extra)


def _gone(request: HtmxHttpRequest) -> HttpResponse:
    # A screen still polling an old link gets the note alone (static/js/shared.js shows
    # it and stops the poll); the page opened afresh is the note with its frame.
    template = "events/tv_gone.html#gone" if request.htmx else "events/tv_gone.html"
    return render(request, template, _nobody(), status=404)


@require_safe
def tv_link_qr(request: HttpRequest, token: str) -> HttpResponse:
    """The QR code of a night's TV link, for the room's screen (or its keeper) to scan."""
    if len(token) > MAX_TOKEN or not Event.objects.filter(tv_token=token).exists():
        raise Http404("no such link")
    link = request.build_absolute_uri(reverse("scoring:event-tv-link", args=[token]))
    return qr.response(link, shared=False)


@require_POST
@login_required
def new_tv_link(request: AuthenticatedHttpRequest, pk: int) -> HttpResponse:
    """A new TV link for the night (the director's); the old one stops working at once."""
    event = event_for(request, pk, director=True)
    try:
        with night.changing(event, drawn(request)):
            Event.objects.filter(pk=event.pk).update(tv_token=new_tv_token())
    except NightRefused as refusal:
        messages.error(request, refusal.message)
        return render(request, "events/board.html", board_context(event), status=409)
    messages.success(request, _("A new TV link is ready. The old one no longer works."))
    return redirect(f"{reverse('scoring:event-board', args=[event.pk])}#tv-link")
