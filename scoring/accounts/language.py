"""The reader's language: chosen with the switcher, remembered per user.

Django's LocaleMiddleware already picks the cookie or the browser's language.
A signed-in user's saved choice goes further: it follows them to another phone.
The choice is copied into the session at login, so no request pays a query for it.
"""

from collections.abc import Callable

from django.conf import settings
from django.contrib.auth.models import User
from django.contrib.auth.signals import user_logged_in
from django.dispatch import receiver
from django.http import HttpRequest, HttpResponseRedirect
from django.http.response import HttpResponseBase
from django.utils import translation
from django.utils.http import url_has_allowed_host_and_scheme
from django.views.decorators.http import require_POST

from scoring.accounts.sessionless import sessionless
from scoring.models import Profile

SESSION_KEY = "language"
SUPPORTED = {code for code, _name in settings.LANGUAGES}


class UserLanguageMiddleware:
    """After authentication: a signed-in user's saved language wins over the browser's."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponseBase]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponseBase:
        signed_in = hasattr(request, "session") and not sessionless(request)
        language = request.session.get(SESSION_KEY) if signed_in else None
        if language in SUPPORTED:
            translation.activate(language)
            request.LANGUAGE_CODE = language
        return self.get_response(request)


@receiver(user_logged_in)
def remember_on_login(
    sender: type[User], request: HttpRequest, user: User, **kwargs: object
) -> None:
    profile = getattr(user, "profile", None)
    if profile is not None and profile.language in SUPPORTED:
        request.session[SESSION_KEY] = profile.language


@require_POST
def set_language(request: HttpRequest) -> HttpResponseRedirect:
    """Switch the language: a cookie for everyone, and the profile for a signed-in user."""
    language = request.POST.get("language", "")
    target = request.POST.get("next") or request.META.get("HTTP_REFERER") or "/"
    if not url_has_allowed_host_and_scheme(target, {request.get_host()}, request.is_secure()):
        target = "/"
    response = HttpResponseRedirect(target)
    if language not in SUPPORTED:
        return response
    response.set_cookie(
        settings.LANGUAGE_COOKIE_NAME,
        language,
        max_age=365 * 24 * 3600,
        samesite="Lax",
        secure=settings.SESSION_COOKIE_SECURE,
    )
    if request.user.is_authenticated:
        Profile.objects.update_or_create(user=request.user, defaults={"language": language})
        request.session[SESSION_KEY] = language
    return response
