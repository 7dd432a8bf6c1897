"""The dispute tools: GET forms whose query string is the permalink of the ruling.

Each view reads the query into its tool, applies a picker action (a card or a call
tapped without JavaScript), sends the browser to the canonical query when the one
it asked for is spelled otherwise, and draws the page with the engine's answer.
A query the tool cannot read at all is a 400; a situation the rules refuse is a
200 with the reason next to the input at fault; nothing is a 500.
"""

from typing import Any
from urllib.parse import urlencode

from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import render
from django.urls import reverse
from django.views.decorators.http import require_safe

from scoring import query
from scoring.accounts.http import HtmxHttpRequest
from scoring.models import GameSession
from scoring.referee.auction import AuctionTool
from scoring.referee.dealmiss import DealMissTool
from scoring.referee.plays import LegalTool, TrickTool
from scoring.referee.record import EXAMPLE, RecordCheck
from scoring.referee.score import ScoreTool
from scoring.referee.situation import OUT, Situation


def referee_session(request: HttpRequest) -> GameSession | None:
    """The session named by ``?session=``, only for a member of its league; else None.

    Anyone else gets exactly what a missing session gives: the parameter is ignored.
    """
    pk = query.object_id(request.GET.get("session"))
    if pk is None or not request.user.is_authenticated:
        return None
    session = GameSession.objects.select_related("league").filter(pk=pk).first()
    if session is None or session.league.role_of(request.user) is None:
        return None
    return session


def _url(name: str, query: str) -> str:
    path = reverse(f"scoring:referee-{name.replace('_', '-')}")
    return f"{path}?{query}" if query else path


def _page(
    request: HtmxHttpRequest, tool: Situation, template: str, context: dict[str, Any]
) -> HttpResponse:
    permalink = request.build_absolute_uri(_url(tool.tool, tool.query(ui=False)))
    links = {name: _url(name, _shared_query(tool, name)) for name in TOOLS}
    links["record"] = _record_url(tool.session)
    context = {
        "tool": tool,
        "permalink": permalink,
        "links": links,
        "variant_links": tool.variant_links(),
        "player_choices": tool.player_choices(),
        "option_fields": tool.option_fields(),
        "errors": tool.errors,
        "general_errors": tool.general_errors(),
        "seats": tool.seat_labels(),
        **context,
    }
    # htmx swaps only a 200: a query it sent that cannot be read still shows its messages.
    status = 400 if tool.malformed and not request.htmx else 200
    return render(request, template, context, status=status)


def _shared_query(tool: Situation, target: str) -> str:
    """The table part of a query (session, game, players, house rules) for the tool ``target``,
    with the seat sitting this hand out for a tool that asks for it."""
    shared = ("session", "v", "n", OUT) if OUT in TOOLS[target].keys else ("session", "v", "n")
    keep = [(k, v) for k, v in tool.pairs(ui=False) if k in shared or "." in k]
    return urlencode(keep, safe=".:")


def _tool_view(
    request: HtmxHttpRequest, tool_class: type[Situation], template: str
) -> HttpResponse:
    tool = tool_class(request.GET, referee_session(request))
    before = len(tool.errors)
    if tool.variant is not None:
        tool.apply_action()
    canonical = len(tool.errors) > before or tool.is_canonical(request.GET)
    if not canonical and not request.htmx:
        return HttpResponseRedirect(_url(tool.tool, tool.query()))
    response = _page(request, tool, template, tool.context() if tool.variant else {})
    if request.htmx:  # the page for the canonical query, and that query in the address bar
        response["HX-Replace-Url"] = _url(tool.tool, tool.query())
    return response


@require_safe
def trick(request: HtmxHttpRequest) -> HttpResponse:
    return _tool_view(request, TrickTool, "referee/trick.html")


@require_safe
def legal(request: HtmxHttpRequest) -> HttpResponse:
    return _tool_view(request, LegalTool, "referee/legal.html")


@require_safe
def auction(request: HtmxHttpRequest) -> HttpResponse:
    return _tool_view(request, AuctionTool, "referee/auction.html")


@require_safe
def score(request: HtmxHttpRequest) -> HttpResponse:
    return _tool_view(request, ScoreTool, "referee/score.html")


@require_safe
def deal_miss(request: HtmxHttpRequest) -> HttpResponse:
    return _tool_view(request, DealMissTool, "referee/deal_miss.html")


class IndexTool(Situation):
    tool = "index"
    keys = (OUT,)  # carried from a tool to the next through the index

    def apply_action(self) -> None:
        return None


# Each tool by the name of its URL (``referee-<name>``), the index first.
TOOLS: dict[str, type[Situation]] = {
    "index": IndexTool,
    "trick": TrickTool,
    "legal": LegalTool,
    "auction": AuctionTool,
    "score": ScoreTool,
    "deal_miss": DealMissTool,
}


def _record_url(session: GameSession | None, record: str = "") -> str:
    pairs = [] if session is None else [("session", str(session.pk))]
    pairs += [("r", record)] if record else []
    return _url("record", urlencode(pairs, safe=".~"))


@require_safe
def record(request: HtmxHttpRequest) -> HttpResponse:
    """Check a whole hand: a record pasted in, judged as the API judges it, for people."""
    session = referee_session(request)
    check = RecordCheck(request.GET, session)
    if not check.is_canonical(request.GET):
        return HttpResponseRedirect(_url("record", check.query()))
    context = {
        **check.context(),
        "permalink": request.build_absolute_uri(_url("record", check.query())),
        "links": {"index": _url("index", _session_query(session))},
        "example": _record_url(session, EXAMPLE),
        "session": session,
    }
    # As the other tools: what cannot be read at all is a 400; a record the rules refuse, a
    # 200 with the reason.
    return render(request, "referee/record.html", context, status=400 if check.malformed else 200)


def _session_query(session: GameSession | None) -> str:
    return "" if session is None else urlencode([("session", str(session.pk))])


@require_safe
def index(request: HtmxHttpRequest) -> HttpResponse:
    tool = IndexTool(request.GET, referee_session(request))
    if not tool.is_canonical(request.GET):
        return HttpResponseRedirect(_url("index", tool.query()))
    return _page(request, tool, "referee/index.html", {})
