"""Request bodies past their URL's limit are refused before anything reads them.

Django's own limit (DATA_UPLOAD_MAX_MEMORY_SIZE) counts form fields but not file
parts, so a large multipart upload to any form would be parsed and spooled to disk.
Here the declared Content-Length is checked first, on every URL: past the limit the
answer is a 413 with a message (an HTML page, or JSON under the API) and the body is
never read. The league import takes files up to its own, larger limit
(settings.BODY_LIMITS). A body sent without a length (chunked, where the server
passes it on) is read up to the limit and one byte more, never further. A refusal
closes the connection (napoleon_site.gunicorn_hooks): the rest of the body is still on
its way. Its answer carries the security headers of every page: the middleware that set
them all come before this one.
"""

import io
import re
from collections.abc import Callable

from django.conf import settings
from django.core.handlers.wsgi import LimitedStream
from django.http import HttpRequest, HttpResponse
from django.http.response import HttpResponseBase
from django.shortcuts import render
from django.template.defaultfilters import filesizeformat
from django.urls import Resolver404, resolve
from django.utils.translation import gettext as _

from napoleon_site.gunicorn_hooks import close_connection
from scoring.api.views import error as api_error

FORM_ENVELOPE = 64 * 1024  # multipart boundaries and the form's other fields
_LENGTH = re.compile(r"[0-9]{1,19}")


class BodyLimitMiddleware:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponseBase]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponseBase:
        return self.refusal(request) or self.get_response(request)

    def refusal(self, request: HttpRequest) -> HttpResponse | None:
        raw = request.META.get("CONTENT_LENGTH") or ""
        if not raw:
            return self._unsized(request)
        if not _LENGTH.fullmatch(raw):
            message = _("The request's Content-Length is not a number of bytes.")
            return self._answer(request, message, 400)
        shown, limit = self.limit(request, int(raw))
        return self._too_large(request, shown) if int(raw) > limit else None

    def limit(self, request: HttpRequest, length: int) -> tuple[int, int]:
        """(the size to name to a person, the most bytes the body may have) for this URL."""
        if request.path_info.startswith(settings.BODY_LIMIT_JSON_PREFIX):
            return settings.API_MAX_BODY_BYTES, settings.API_MAX_BODY_BYTES
        default = settings.DATA_UPLOAD_MAX_MEMORY_SIZE
        floor = min([default, *(size + FORM_ENVELOPE for size in settings.BODY_LIMITS.values())])
        if length <= floor:
            return default, default  # within every limit: no need to look the URL up
        try:
            name = resolve(request.path_info).view_name
        except Resolver404:
            return default, default
        if name in settings.BODY_LIMITS:
            return settings.BODY_LIMITS[name], settings.BODY_LIMITS[name] + FORM_ENVELOPE
        return default, default

    def _unsized(self, request: HttpRequest) -> HttpResponse | None:
        """A chunked body the server decoded for us (wsgi.input_terminated): read it up to
        the limit, and hand it on as a body of known length."""
        chunked = request.META.get("HTTP_TRANSFER_ENCODING", "").lower() == "chunked"
        if not (chunked and request.META.get("wsgi.input_terminated")):
            return None  # no body, or one Django will not read (it reads Content-Length)
        shown, limit = self.limit(request, 2**62)
        data = request.META["wsgi.input"].read(limit + 1)
        if len(data) > limit:
            return self._too_large(request, shown)
        request.META["CONTENT_LENGTH"] = str(len(data))
        # What Django's own WSGIRequest keeps there; django-stubs declares a BinaryIO.
        request._stream = LimitedStream(io.BytesIO(data), len(data))  # type: ignore[assignment]
        return None

    def _too_large(self, request: HttpRequest, size: int) -> HttpResponse:
        if request.path_info.startswith(settings.BODY_LIMIT_JSON_PREFIX):
            message = _("The body is larger than %(size)d bytes.") % {"size": size}
        else:
            message = _("What you sent is too large: this page takes at most %(size)s.") % {
                "size": filesizeformat(size)
            }
        return self._answer(request, message, 413)

    def _answer(self, request: HttpRequest, message: str, status: int) -> HttpResponse:
        # The body is left unread (or read only in part): the connection cannot carry
        # another request.
        close_connection(request)
        if request.path_info.startswith(settings.BODY_LIMIT_JSON_PREFIX):
            return api_error(message, status=status)
        return render(request, "refused.html", {"message": message}, status=status)
