"""A table's phone joins by the table's code: typed (one tap after it) or read from its
QR code (one tap on the page it opens). Joining grants recording at that table's session
only, while its round is open (scoring.accounts.access checks the pass every time). A
phone signed in to no account signs in as the table's own phone account, which belongs to
no league; a phone signed in keeps its account and gains the pass."""

from django.conf import settings
from django.contrib.auth import login
from django.contrib.auth.models import User
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _

from scoring.accounts.throttle import client_ip, hit, key
from scoring.models import EventTable
from scoring.models.events import TABLE_PASSES, normal_table_code

GUESSES = 30  # codes one address may try in a window: plenty for a club, few for a guesser
WINDOW = 600


def _open(code: str) -> EventTable | None:
    return (
        EventTable.objects.select_related("round__event", "session")
        .filter(code=code, round__closed_at__isnull=True)
        .first()
    )


def _guessing(request: HttpRequest) -> bool:
    return hit(key("table-code", client_ip(request)), WINDOW).over(GUESSES)


def enter_code(request: HttpRequest) -> HttpResponse:
    """The code typed: a POST joins at once, so the phone is at its table in one tap."""
    typed = str(request.POST.get("code", ""))[:40] if request.method == "POST" else ""
    error = ""
    if request.method == "POST":
        code = normal_table_code(typed)
        table = None if _guessing(request) else _open(code)
        if table is not None:
            return _join(request, table)
        error = _("No table playing now has the code %(code)s. Check it on the board.") % {
            "code": code or typed[:20]
        }
    context = {"typed": typed, "error": error}
    return render(request, "events/join.html", context, status=404 if error else 200)


def table_code(request: HttpRequest, code: str) -> HttpResponse:
    """What the QR code opens: which table this is, and one button to join it."""
    table = None if _guessing(request) else _open(normal_table_code(code))
    if table is None:
        error = _("No table playing now has the code %(code)s. Check it on the board.") % {
            "code": normal_table_code(code)
        }
        return render(request, "events/join.html", {"error": error}, status=404)
    if request.method == "POST":
        return _join(request, table)
    names = [seat.player.name for seat in table.session.seat_list]
    return render(request, "events/join.html", {"table": table, "names": names})


def _join(request: HttpRequest, table: EventTable) -> HttpResponse:
    user = request.user
    if not user.is_authenticated or EventTable.objects.filter(phone=user).exists():
        login(request, _phone(table), backend=settings.AUTHENTICATION_BACKENDS[0])
    passes = request.session.get(TABLE_PASSES)
    passes = dict(passes) if isinstance(passes, dict) else {}
    passes[str(table.session_id)] = table.code
    request.session[TABLE_PASSES] = passes
    return redirect(table.session)


def _phone(table: EventTable) -> User:
    """The table's phone account, made the first time a phone joins without one. Its
    name has spaces, which no account signed up here may have, so it is no one's."""
    if table.phone_id is None:
        event = table.round.event
        name = f"table {table.number} · {event.pk}.{table.round.number} {table.code}"
        phone = User(username=name[:150])
        phone.set_unusable_password()
        phone.save()
        EventTable.objects.filter(pk=table.pk).update(phone=phone)
        table.phone = phone
    assert table.phone is not None
    return table.phone
