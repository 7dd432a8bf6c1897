"""HTTP around the ruling handlers: strict JSON in, JSON out, never a 500."""

import json
import logging
from collections.abc import Callable
from typing import NoReturn

from django.conf import settings
from django.http import HttpRequest, JsonResponse
from django.utils import translation
from django.views.decorators.csrf import csrf_exempt

from scoring.accounts.throttle import api_allowed
from scoring.api import handlers
from scoring.rules.errors import NotationError, RulesError

log = logging.getLogger(__name__)

LANGUAGES = {"en": "en", "zh-hant": "zh-hant", "ja": "ja", "ko": "ko", "th": "th", "fr": "fr"}


def error(message: str, field: str = "", status: int = 400) -> JsonResponse:
    # api.md writes its error sentences like its reasons, without the closing full stop
    # the pages use ("14S does not beat 14NT"), so a client can quote either the same way.
    return JsonResponse({"error": _unstopped(message), "field": field}, status=status)


def _unstopped(message: str) -> str:
    message = str(message).rstrip()
    if message.endswith(("。", "．")) or (message.endswith(".") and not message.endswith("..")):
        return message[:-1]
    return message


def _refuse_constant(name: str) -> NoReturn:
    raise ValueError(name)


def _parse(raw: bytes) -> object:
    """Strict JSON: NaN and Infinity are not JSON, and neither is invalid UTF-8."""
    return json.loads(raw.decode("utf-8"), parse_constant=_refuse_constant)


def _language(data: object) -> str | None:
    lang = data.get("lang") if isinstance(data, dict) else None
    if isinstance(lang, str):
        return LANGUAGES.get(lang.lower())
    return None


Handler = Callable[[object], dict[str, object]]


def ruling(handler: Handler) -> Callable[[HttpRequest], JsonResponse]:
    """Turn a body → answer handler into a POST view with the API's error contract."""

    @csrf_exempt
    def view(request: HttpRequest) -> JsonResponse:
        if request.method != "POST":
            return error(translation.gettext("Use POST for this endpoint."), status=405)
        refused = _limited(request)
        if refused is not None:
            return refused
        raw = _body(request)
        if raw is None:
            return _too_large()
        try:
            data = _parse(raw)
        except (ValueError, RecursionError):
            return error(translation.gettext("The body is not valid JSON."))
        lang = data.get("lang") if isinstance(data, dict) else None
        if lang is not None and not isinstance(lang, str):
            return error(
                translation.gettext("lang must be a language code such as en or ja."), "lang"
            )
        with translation.override(_language(data) or translation.get_language()):
            return _answer(handler, data)

    view.__name__ = handler.__name__
    return view


def _answer(handler: Handler, data: object) -> JsonResponse:
    try:
        return JsonResponse(handler(data))
    except RulesError as problem:
        status = 400 if isinstance(problem, NotationError) else 422
        return error(problem.message, problem.field, status)
    except Exception:  # a bug must not become a 500 for the caller; the log keeps it loud
        log.exception("ruling failed for %r", data)
        return error(translation.gettext("This request could not be ruled on."), "")


trick = ruling(handlers.trick)
legal_plays = ruling(handlers.legal_plays)
auction = ruling(handlers.auction)
score = ruling(handlers.score)
deal_miss = ruling(handlers.deal_miss)
record = ruling(handlers.record)


def variants(request: HttpRequest) -> JsonResponse:
    if request.method not in ("GET", "HEAD"):
        return error(translation.gettext("Use GET for this endpoint."), status=405)
    refused = _limited(request)
    if refused is not None:
        return refused
    # A GET has no body to carry ``lang``: the query string may (?lang=ja).
    with translation.override(_language(request.GET) or translation.get_language()):
        return JsonResponse(handlers.variants())


# ---- limits: requests per client, and body size ----------------------------------------


def _limited(request: HttpRequest) -> JsonResponse | None:
    allowed, retry_after = api_allowed(request)
    if allowed:
        return None
    if allowed is None:  # the limit could not be counted: busy, not the client's fault
        message = translation.gettext("The server is busy; try again in a few seconds.")
        response = error(message, status=503)
    else:
        message = translation.gettext("Too many requests from this client; try again in a minute.")
        response = error(message, status=429)
    response["Retry-After"] = str(max(1, retry_after))
    return response


def _body(request: HttpRequest) -> bytes | None:
    """The body, or None when it is larger than settings.API_MAX_BODY_BYTES (read no
    further than that, whatever Content-Length claims)."""
    limit = settings.API_MAX_BODY_BYTES
    try:
        declared = int(request.META.get("CONTENT_LENGTH") or 0)
    except ValueError:
        declared = 0
    if declared > limit:
        return None
    raw = request.read(limit + 1)
    return None if len(raw) > limit else raw


def _too_large() -> JsonResponse:
    message = translation.gettext("The body is larger than %(size)d bytes.") % {
        "size": settings.API_MAX_BODY_BYTES
    }
    return error(message, status=413)


def not_found(request: HttpRequest, rest: str = "") -> JsonResponse:
    return error(translation.gettext("There is no such API endpoint."), status=404)
