"""The rules pages, under /rules/ (included by scoring.urls, so named scoring:rules-…)."""

from django.urls import path

from scoring.rulebook import views

urlpatterns = [
    path("", views.index, name="rules-index"),
    path("search/", views.search, name="rules-search"),
    path("<str:code>/", views.variant, name="rules-variant"),
]
