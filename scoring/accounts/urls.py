"""Accounts' URLs: signing up, in and out; the language and colours chosen."""

from django.contrib.auth import views as auth_views
from django.urls import path

from scoring.accounts import language, theme, views

urlpatterns = [
    path("accounts/signup/", views.signup, name="signup"),
    path("accounts/login/", views.ThrottledLoginView.as_view(), name="login"),
    path("accounts/logout/", auth_views.LogoutView.as_view(), name="logout"),
    path("language/", language.set_language, name="set-language"),
    path("theme/", theme.set_theme, name="set-theme"),
]
