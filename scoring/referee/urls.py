"""The dispute tools, under ``referee/`` in the ``scoring`` namespace."""

from django.urls import path

from scoring.referee import views

urlpatterns = [
    path("", views.index, name="referee-index"),
    path("trick/", views.trick, name="referee-trick"),
    path("legal/", views.legal, name="referee-legal"),
    path("auction/", views.auction, name="referee-auction"),
    path("score/", views.score, name="referee-score"),
    path("deal-miss/", views.deal_miss, name="referee-deal-miss"),
    path("record/", views.record, name="referee-record"),
]
