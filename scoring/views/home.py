from django.conf import settings
from django.contrib.auth import login
from django.contrib.auth.decorators import login_required
from django.contrib.auth.views import LoginView
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _

from scoring.forms import SignUpForm
from scoring.models import GameSession
from scoring.throttle import login_blocked


def home(request):
    if not request.user.is_authenticated:
        return render(request, "scoring/welcome.html")
    leagues = request.user.leagues.order_by("name")
    recent = (
        GameSession.objects.filter(league__in=leagues)
        .select_related("league")
        .prefetch_related("seats__player")[:10]
    )
    return render(request, "scoring/home.html", {"leagues": leagues, "recent": recent})


def signup(request):
    form = SignUpForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        user = form.save()
        login(request, user)
        return redirect("scoring:home")
    return render(request, "registration/signup.html", {"form": form})


@login_required
def account(request):
    return redirect("scoring:home")


class ThrottledLoginView(LoginView):
    """Django's login, refusing with 429 and a plain message after repeated failures for
    the same username from the same address (scoring.throttle)."""

    def post(self, request, *args, **kwargs):
        if login_blocked(request, request.POST.get("username")):
            # An unbound form: validating this one would try the password again.
            form = self.get_form_class()(
                request, initial={"username": request.POST.get("username", "")[:150]}
            )
            minutes = max(1, settings.LOGIN_FAILURE_WINDOW // 60)
            throttled = _(
                "Too many failed attempts to log in. Wait %(minutes)d minutes, then try again."
            ) % {"minutes": minutes}
            context = self.get_context_data(form=form, throttled=throttled)
            response = self.render_to_response(context, status=429)
            response["Retry-After"] = str(settings.LOGIN_FAILURE_WINDOW)
            return response
        return super().post(request, *args, **kwargs)
