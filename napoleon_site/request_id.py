"""A request id on every answer and every log line written while answering it.

The id is the one the proxy sent in ``X-Request-ID`` (nginx's ``$request_id``, say),
when it looks like an id, or a new random one. It goes back in the answer's
``X-Request-ID`` header and into each log record as ``request_id`` (the LOGGING
settings print it), so a person reporting an error and the traceback in the server's
log can be put side by side.
"""

import contextvars
import logging
import re
import uuid
from collections.abc import Callable

from django.http import HttpRequest
from django.http.response import HttpResponseBase

HEADER = "X-Request-ID"
NONE = "-"
_SAFE = re.compile(r"[A-Za-z0-9._:-]{1,64}")  # nothing that could forge a log line

current = contextvars.ContextVar("request_id", default=NONE)


def request_id(request: HttpRequest) -> str:
    given = request.META.get("HTTP_X_REQUEST_ID", "")
    return given if _SAFE.fullmatch(given) else uuid.uuid4().hex


class RequestIdMiddleware:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponseBase]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponseBase:
        given = request_id(request)
        # An attribute of this project's own, read back by RequestIdFilter below.
        request.id = given  # type: ignore[attr-defined]
        token = current.set(given)
        try:
            response = self.get_response(request)
        finally:
            current.reset(token)
        response[HEADER] = given
        return response


class RequestIdFilter(logging.Filter):
    """Gives every record a ``request_id``: the request being answered, or ``-``."""

    def filter(self, record: logging.LogRecord) -> bool:
        if not hasattr(record, "request_id"):
            # Django logs each 4xx/5xx answer with its request, after the middleware
            # (this one too) has returned: the request still knows its id.
            request = getattr(record, "request", None)
            record.request_id = getattr(request, "id", None) or current.get()
        return True
