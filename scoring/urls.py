"""Every page of the app, each domain's own URLs gathered in the ``scoring`` namespace."""

from django.urls import include, path

from scoring.events.urls import screen_urlpatterns

app_name = "scoring"

urlpatterns = [
    path("", include(screen_urlpatterns)),  # first: a room's TV polls it every few seconds
    path("", include("scoring.pwa.urls")),
    path("", include("scoring.accounts.urls")),
    path("", include("scoring.leagues.urls")),
    path("", include("scoring.table.urls")),
    path("", include("scoring.events.urls")),  # club nights
    path("rules/", include("scoring.rulebook.urls")),
    path("referee/", include("scoring.referee.urls")),
    path("", include("scoring.history.urls")),  # league history
    path("", include("scoring.api.urls")),
]
