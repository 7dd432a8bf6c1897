"""The rules index, a variant's rules page, and the search across all of them."""

from typing import Any
from urllib.parse import urlencode

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import reverse
from django.views.decorators.http import require_safe

from scoring.models import GameSession
from scoring.rulebook import search as searching
from scoring.rulebook.context import choose, either, page_context, session_label
from scoring.rulebook.sections import render_body, split_sections
from scoring.rules import VARIANTS, Variant


@require_safe
def index(request: HttpRequest) -> HttpResponse:
    variants = [
        {"code": code, "variant": variant, "players": _counts(variant)}
        for code, variant in VARIANTS.items()
    ]
    return render(request, "rules/index.html", {"variants": variants})


@require_safe
def variant(request: HttpRequest, code: str) -> HttpResponse:
    game = VARIANTS.get(code)
    if game is None:
        raise Http404
    chosen = choose(request, game)
    context = page_context(game, chosen)
    body = render_body(game, context)
    path = reverse("scoring:rules-variant", args=[code])
    context.update(
        body=body,
        toc=split_sections(body),
        session=chosen.session,
        session_label=session_label(chosen.session) if chosen.session else "",
        elsewhere=chosen.elsewhere,
        elsewhere_url=_elsewhere_url(chosen.elsewhere),
        notes=chosen.notes,
        standard_url=path,
        session_url=f"{path}?{urlencode({'session': chosen.session.pk})}"
        if chosen.session and chosen.query
        else "",
    )
    return render(request, "rules/variant.html", context)


@require_safe
def search(request: HttpRequest) -> HttpResponse:
    raw = request.GET.get("q", "")
    query = " ".join(raw.split())
    shortened = len(query) > searching.MAX_QUERY
    query = query[: searching.MAX_QUERY]
    asked = request.GET.get("in", "")
    near = asked if asked in VARIANTS else None
    results = searching.search(query, near) if query else []
    return render(
        request,
        "rules/search.html",
        {
            "q": query,
            "near": near,
            "results": results,
            "shortened": shortened,
            "capped": len(results) >= searching.MAX_RESULTS,
        },
    )


def _counts(game: Variant[Any]) -> str:
    counts = sorted(game.players)
    if len(counts) > 2 and counts == list(range(counts[0], counts[-1] + 1)):
        return f"{counts[0]}–{counts[-1]}"
    return either(counts)


def _elsewhere_url(session: GameSession | None) -> str:
    if session is None:
        return ""
    path = reverse("scoring:rules-variant", args=[session.variant])
    return f"{path}?{urlencode({'session': session.pk})}"
