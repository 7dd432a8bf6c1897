from django.contrib.auth import views as auth_views
from django.urls import include, path

from scoring.accounts import language, theme
from scoring.leagues.views import home, invitations, leagues, me
from scoring.pwa import views
from scoring.table.views import again, hands, seats, sessions, share_link

app_name = "scoring"

urlpatterns = [
    path("", home.home, name="home"),
    # The installable app: served from the root, the worker may control every page.
    path("sw.js", views.service_worker, name="sw"),
    path("manifest.webmanifest", views.manifest, name="manifest"),
    path("offline/", views.offline, name="offline"),
    path("accounts/signup/", home.signup, name="signup"),
    path("language/", language.set_language, name="set-language"),
    path("theme/", theme.set_theme, name="set-theme"),
    path("me/", me.me, name="me"),
    path("invite/", invitations.enter_code, name="invitation-code"),
    path("invite/<str:invitation>/", invitations.invitation, name="invitation"),
    path("accounts/login/", home.ThrottledLoginView.as_view(), name="login"),
    path("accounts/logout/", auth_views.LogoutView.as_view(), name="logout"),
    path("leagues/new/", leagues.league_new, name="league-new"),
    path("leagues/<int:pk>/", leagues.league, name="league"),
    path("leagues/<int:pk>/members/", leagues.add_member, name="add-member"),
    path("leagues/<int:pk>/players/", leagues.league_players, name="league-players"),
    path("leagues/<int:pk>/people/", invitations.people, name="people"),
    path("leagues/<int:pk>/people/invite/", invitations.invite, name="invite"),
    path("leagues/<int:pk>/people/withdraw/", invitations.withdraw, name="withdraw-invitation"),
    path("leagues/<int:pk>/people/unlink/", invitations.unlink, name="unlink"),
    path("leagues/<int:pk>/sessions/new/", sessions.session_new, name="session-new"),
    path("leagues/<int:pk>/sessions/again/", again.play_again, name="play-again"),
    path("sessions/<int:pk>/", sessions.table, name="table"),
    path("sessions/<int:pk>/preview/", hands.preview, name="preview"),
    path("sessions/<int:pk>/hands/", hands.hands, name="hands"),
    path("sessions/<int:pk>/record/", hands.record, name="record"),
    path("sessions/<int:pk>/hands/<int:number>/edit/", hands.edit, name="edit-hand"),
    path("sessions/<int:pk>/hands/<int:number>/delete/", hands.delete, name="delete-hand"),
    path("sessions/<int:pk>/undo/", hands.undo, name="undo"),
    path("sessions/<int:pk>/history/", hands.history, name="history"),
    path("sessions/<int:pk>/history/<int:event>/restore/", hands.restore, name="restore"),
    path("sessions/<int:pk>/players/", seats.players, name="players"),
    path("sessions/<int:pk>/stake/", seats.stake, name="stake"),
    path("sessions/<int:pk>/end/", sessions.end_session, name="end"),
    path("sessions/<int:pk>/reopen/", sessions.reopen_session, name="reopen"),
    path("sessions/<int:pk>/summary/", sessions.summary, name="summary"),
    path("sessions/<int:pk>/share-link/", share_link.share_link, name="share-link"),
    path("share/<str:token>/", sessions.share, name="share"),
    path("rules/", include("scoring.rulebook.urls")),
    path("referee/", include("scoring.referee.urls")),
    path("", include("scoring.history.urls")),  # league history
    path("", include("scoring.api.urls")),
]
