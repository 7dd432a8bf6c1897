"""Signing up and signing in, behind the throttles' counters (scoring.accounts.throttle)."""

import math

from django.contrib.auth import login
from django.contrib.auth.decorators import login_required
from django.contrib.auth.views import LoginView
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import redirect, render
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import ngettext

from scoring.accounts.forms import LoginForm, SignUpForm
from scoring.accounts.http import AuthenticatedHttpRequest
from scoring.accounts.throttle import Refusal, remember_device, signup_allowed


def signup(request: HttpRequest) -> HttpResponse:
    form = SignUpForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        refused = signup_allowed(request)
        if refused is not None:
            minutes = _minutes(refused.left)
            message = ngettext(
                "Too many new accounts from this connection. Try again in %(minutes)d minute.",
                "Too many new accounts from this connection. Try again in %(minutes)d minutes.",
                minutes,
            ) % {"minutes": minutes}
            context = {"form": form, "throttled": message}
            response = render(request, "registration/signup.html", context, status=429)
            response["Retry-After"] = str(max(1, refused.left))
            return response
        user = form.save()
        login(request, user)
        response = redirect(_next(request) or "scoring:home")
        remember_device(request, response, user)
        return response
    return render(request, "registration/signup.html", {"form": form})


@login_required
def account(request: AuthenticatedHttpRequest) -> HttpResponseRedirect:
    return redirect("scoring:home")


def _next(request: HttpRequest) -> str | None:
    """Where the sign-up was going (an invitation to accept, say), if it is this site."""
    target = request.GET.get("next", "")
    if target and url_has_allowed_host_and_scheme(
        target, {request.get_host()}, request.is_secure()
    ):
        return target
    return None


def _minutes(seconds: int) -> int:
    return max(1, math.ceil(seconds / 60))


class ThrottledLoginView(LoginView[LoginForm]):
    """Django's login behind scoring.accounts.throttle's counters: a refused attempt is a 429 with
    a plain message of why and for how long; a correct one marks this phone as known."""

    authentication_form = LoginForm

    def form_valid(self, form: LoginForm) -> HttpResponse:
        response = super().form_valid(form)
        remember_device(self.request, response, form.get_user())
        return response

    def form_invalid(self, form: LoginForm) -> HttpResponse:
        refusal = getattr(self.request, "login_refusal", None)
        if refusal is None:
            return super().form_invalid(form)
        return self.refused(refusal)

    def refused(self, refusal: Refusal) -> HttpResponse:
        # A fresh form: the one posted says "wrong password", which was never checked.
        username = self.request.POST.get("username", "")[:150]
        form = LoginForm(self.request, initial={"username": username})
        throttled = _refusal_message(refusal.why, _minutes(refusal.seconds))
        context = self.get_context_data(form=form, throttled=throttled)
        response = self.render_to_response(context, status=429)
        response["Retry-After"] = str(refusal.seconds)
        return response


def refused_login(request: HttpRequest, refusal: Refusal) -> HttpResponse:
    """The login page's 429 for ``refusal``, for a login other than this view (the admin's)."""
    view = ThrottledLoginView()
    view.setup(request)
    return view.refused(refusal)


def _refusal_message(why: str, minutes: int) -> str:
    if why == "account":
        return ngettext(
            "This account has had too many failed logins from different places. For the next "
            "%(minutes)d minute, only a phone or computer that has logged in to it before can "
            "log in.",
            "This account has had too many failed logins from different places. For the next "
            "%(minutes)d minutes, only a phone or computer that has logged in to it before can "
            "log in.",
            minutes,
        ) % {"minutes": minutes}
    return ngettext(
        "Too many failed attempts to log in. Wait %(minutes)d minute, then try again.",
        "Too many failed attempts to log in. Wait %(minutes)d minutes, then try again.",
        minutes,
    ) % {"minutes": minutes}
