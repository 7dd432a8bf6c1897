"""The Content-Security-Policy header, from settings.CONTENT_SECURITY_POLICY.

Every page loads only this site's own scripts and styles, and no inline script
or style runs (tests/security/test_csp.py checks that the templates carry none).
Paths listed in CONTENT_SECURITY_POLICY_RELAXED get their directives replaced:
Django's admin puts a few style attributes in its pages.
"""

from collections.abc import Callable

from django.conf import settings
from django.http import HttpRequest
from django.http.response import HttpResponseBase

GetResponse = Callable[[HttpRequest], HttpResponseBase]


def _header(policy: dict[str, list[str]]) -> str:
    return "; ".join(f"{name} {' '.join(values)}" for name, values in policy.items())


class ContentSecurityPolicyMiddleware:
    def __init__(self, get_response: GetResponse) -> None:
        self.get_response = get_response
        base = settings.CONTENT_SECURITY_POLICY
        self.default = _header(base)
        self.relaxed = [
            (prefix, _header({**base, **changes}))
            for prefix, changes in getattr(settings, "CONTENT_SECURITY_POLICY_RELAXED", {}).items()
        ]

    def __call__(self, request: HttpRequest) -> HttpResponseBase:
        response = self.get_response(request)
        if "Content-Security-Policy" not in response:
            response["Content-Security-Policy"] = self.policy_for(request.path)
        return response

    def policy_for(self, path: str) -> str:
        for prefix, header in self.relaxed:
            if path.startswith(prefix):
                return header
        return self.default


class PrivateCacheMiddleware:
    """``Cache-Control: private`` on every answer that does not say otherwise.

    Pages here are a signed-in user's league, a share link's scoreboard, an export, a
    form with its CSRF token: none may be kept by a shared cache (a proxy, a CDN) and
    handed to the next person. Static files come from WhiteNoise before this runs, with
    their own long-lived header; a view that sets its own Cache-Control keeps it.
    Browsers still keep private pages, so the offline copies (static/js/sw.js) work.
    """

    def __init__(self, get_response: GetResponse) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponseBase:
        response = self.get_response(request)
        if "Cache-Control" not in response:
            response["Cache-Control"] = "private"
        return response
