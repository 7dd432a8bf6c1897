"""Light or dark: the phone's own setting, or a choice made here, remembered per user.

The choice is written into the page by the server (``<html data-theme>``, the
color-scheme and theme-color metas), so the first paint already has the right colours:
no script runs first. A visitor's choice is a cookie; a signed-in user's is also kept in
their profile and follows them to another phone. As with the language (scoring.accounts.language),
the profile's choice is copied into the session at login, so no page pays a query for it.
"""

from django.conf import settings
from django.contrib.auth.models import User
from django.contrib.auth.signals import user_logged_in
from django.dispatch import receiver
from django.http import HttpRequest, HttpResponseRedirect
from django.utils.http import url_has_allowed_host_and_scheme
from django.views.decorators.http import require_POST

from scoring.accounts.sessionless import sessionless
from scoring.models import Profile

AUTO, LIGHT, DARK = "auto", "light", "dark"
THEMES = (AUTO, LIGHT, DARK)
COOKIE = "napoleon_theme"
SESSION_KEY = "theme"
YEAR = 365 * 24 * 3600


def theme_of(request: HttpRequest | None) -> str:
    """The colours this reader chose: "light", "dark", or "auto" (the phone's)."""
    if request is None:
        return AUTO
    if sessionless(request):
        return _chosen(request)
    session = getattr(request, "session", None)
    user = getattr(request, "user", None)
    if session is not None and user is not None and user.is_authenticated:
        saved = session.get(SESSION_KEY)
        if isinstance(saved, str) and saved in THEMES:
            return saved
    return _chosen(request)


def _chosen(request: HttpRequest) -> str:
    """The colours chosen on this browser (its cookie)."""
    chosen = request.COOKIES.get(COOKIE)
    return chosen if chosen in THEMES else AUTO


@receiver(user_logged_in)
def remember_on_login(
    sender: type[User], request: HttpRequest | None, user: User, **kwargs: object
) -> None:
    profile = getattr(user, "profile", None)
    if request is not None and profile is not None and profile.theme in THEMES:
        request.session[SESSION_KEY] = profile.theme


@require_POST
def set_theme(request: HttpRequest) -> HttpResponseRedirect:
    """Choose the colours: a cookie for this phone, and the profile for a signed-in user."""
    theme = request.POST.get("theme", "")
    target = request.POST.get("next") or request.META.get("HTTP_REFERER") or "/"
    if not url_has_allowed_host_and_scheme(target, {request.get_host()}, request.is_secure()):
        target = "/"
    response = HttpResponseRedirect(target)
    if theme not in THEMES:
        return response
    response.set_cookie(
        COOKIE, theme, max_age=YEAR, samesite="Lax", secure=settings.SESSION_COOKIE_SECURE
    )
    if request.user.is_authenticated:
        Profile.objects.update_or_create(user=request.user, defaults={"theme": theme})
        request.session[SESSION_KEY] = theme
    return response
