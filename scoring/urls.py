from django.urls import include, path

app_name = "scoring"

urlpatterns = [
    path("", include("scoring.api.urls")),
]
