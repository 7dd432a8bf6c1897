from django.urls import re_path

from scoring.api import views

urlpatterns = [
    re_path(r"^api/v1/variants/?$", views.variants, name="api-variants"),
    re_path(r"^api/v1/trick/?$", views.trick, name="api-trick"),
    re_path(r"^api/v1/legal-plays/?$", views.legal_plays, name="api-legal-plays"),
    re_path(r"^api/v1/auction/?$", views.auction, name="api-auction"),
    re_path(r"^api/v1/score/?$", views.score, name="api-score"),
    re_path(r"^api/v1/deal-miss/?$", views.deal_miss, name="api-deal-miss"),
    re_path(r"^api/v1/record/?$", views.record, name="api-record"),
    re_path(r"^api/(?P<rest>.*)$", views.not_found, name="api-not-found"),
]
