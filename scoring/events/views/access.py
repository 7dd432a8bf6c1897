"""Who may see and run a club night: its league's members read it, its director (or a
league owner) changes it; anyone else gets a 404 to read and a 403 to write."""

from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpRequest
from django.shortcuts import get_object_or_404

from scoring.events.night import directs
from scoring.models import Event


def event_for(request: HttpRequest, pk: int, director: bool = False) -> Event:
    event = get_object_or_404(Event.objects.select_related("league"), pk=pk)
    if event.league.role_of(request.user) is None:
        raise Http404 if request.method in ("GET", "HEAD") else PermissionDenied
    if director and not directs(event, request.user):
        raise PermissionDenied
    return event


def drawn(request: HttpRequest) -> int | None:
    """The night's version the posting page was drawn for."""
    text = str(request.POST.get("event_version", ""))
    return int(text) if text.isascii() and text.isdigit() and len(text) < 10 else None
