"""The installable app's URLs, served from the root so the worker may control every page."""

from django.urls import path

from scoring.pwa import views

urlpatterns = [
    path("sw.js", views.service_worker, name="sw"),
    path("manifest.webmanifest", views.manifest, name="manifest"),
    path("offline/", views.offline, name="offline"),
]
