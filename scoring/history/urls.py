"""The history pages' URLs, included by scoring/urls.py into the ``scoring`` namespace."""

from django.urls import path

from scoring.history import views

urlpatterns = [
    path("leagues/<int:pk>/standings/", views.standings, name="league-standings"),
    path("players/<int:pk>/", views.player, name="player"),
    path("sessions/<int:pk>/review/", views.session_history, name="session-history"),
    path("leagues/<int:pk>/export.csv", views.export_csv, name="league-export-csv"),
    path("leagues/<int:pk>/export.json", views.export_json, name="league-export-json"),
    path("leagues/<int:pk>/import/", views.league_import, name="league-import"),
    path("ratings/", views.ratings_about, name="ratings-about"),
]
