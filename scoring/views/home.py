from django.contrib.auth import login
from django.contrib.auth.decorators import login_required
from django.shortcuts import redirect, render

from scoring.forms import SignUpForm
from scoring.models import GameSession


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
