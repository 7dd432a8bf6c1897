"""The share link's control: a new link (the old one stops working) or no link at all.

A link that reached the wrong people is stopped at once: the scoreboard page finds
sessions by their current token only. The control lives in its own template include
(scoring/share_control.html), answered alone to htmx.
"""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.db import transaction
from django.http import HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from scoring import query
from scoring.accounts.access import session_for
from scoring.accounts.http import AuthenticatedHtmxRequest
from scoring.models import GameSession, TableChange, new_share_token
from scoring.table import version

NEW, OFF = "new", "off"


@require_POST
@login_required
def share_link(request: AuthenticatedHtmxRequest, pk: int) -> HttpResponse:
    session = session_for(request, pk)
    action = query.choice(request.POST.get("action"), (NEW, OFF))
    if action is None:
        messages.error(request, _("Choose a new link or no link."))
        return redirect(session)
    session.share_token = new_share_token() if action == NEW else None
    with transaction.atomic():
        locked = version.lock(session.pk)
        GameSession.objects.filter(pk=session.pk).update(share_token=session.share_token)
        version.bump(locked, TableChange.SHARE, {"action": action}, request.user)
    if action == NEW:
        done = _("A new share link is ready. The old one no longer works.")
    else:
        done = _("The old link no longer works.")
    if request.htmx:
        context = {"session": session, "share_open": True, "share_done": done}
        return render(request, "scoring/share_control.html", context)
    messages.success(request, done)
    return redirect(session)
