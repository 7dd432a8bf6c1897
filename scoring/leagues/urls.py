"""Leagues' URLs: the home page, a league and its people, invitations, a person's page."""

from django.urls import path

from scoring.leagues.views import home, invitations, leagues, me

urlpatterns = [
    path("", home.home, name="home"),
    path("me/", me.me, name="me"),
    path("invite/", invitations.enter_code, name="invitation-code"),
    path("invite/<str:invitation>/", invitations.invitation, name="invitation"),
    path("invite/<str:invitation>/qr.svg", invitations.invitation_qr, name="invitation-qr"),
    path("leagues/new/", leagues.league_new, name="league-new"),
    path("leagues/<int:pk>/", leagues.league, name="league"),
    path("leagues/<int:pk>/members/", leagues.add_member, name="add-member"),
    path("leagues/<int:pk>/currency/", leagues.currency, name="league-currency"),
    path("leagues/<int:pk>/players/", leagues.league_players, name="league-players"),
    path("leagues/<int:pk>/people/", invitations.people, name="people"),
    path("leagues/<int:pk>/people/invite/", invitations.invite, name="invite"),
    path("leagues/<int:pk>/people/withdraw/", invitations.withdraw, name="withdraw-invitation"),
    path("leagues/<int:pk>/people/unlink/", invitations.unlink, name="unlink"),
]
