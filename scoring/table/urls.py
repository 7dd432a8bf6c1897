"""A table's URLs: starting a game, the table screen, its hands, seats and stake, the
end, the read-only scoreboard a share link opens, and a recorded hand's play (under its
session, through the share link, or from its notation alone) with the QR codes of the links."""

from django.urls import path

from scoring.table.views import again, edits, hands, play, replay, seats, sessions, share_link

urlpatterns = [
    path("leagues/<int:pk>/sessions/new/", sessions.session_new, name="session-new"),
    path("leagues/<int:pk>/sessions/again/", again.play_again, name="play-again"),
    path("sessions/<int:pk>/", sessions.table, name="table"),
    path("sessions/<int:pk>/preview/", hands.preview, name="preview"),
    path("sessions/<int:pk>/hands/", edits.hands, name="hands"),
    path("sessions/<int:pk>/record/", hands.record, name="record"),
    path("sessions/<int:pk>/play/", play.play_tap, name="play"),
    path("sessions/<int:pk>/hands/<int:number>/edit/", edits.edit, name="edit-hand"),
    path("sessions/<int:pk>/hands/<int:number>/delete/", edits.delete, name="delete-hand"),
    path("sessions/<int:pk>/hands/<int:number>/replay/", replay.hand_replay, name="replay"),
    path("sessions/<int:pk>/undo/", edits.undo, name="undo"),
    path("sessions/<int:pk>/history/", edits.history, name="history"),
    path("sessions/<int:pk>/history/<int:event>/restore/", edits.restore, name="restore"),
    path("sessions/<int:pk>/players/", seats.players, name="players"),
    path("sessions/<int:pk>/stake/", seats.stake, name="stake"),
    path("sessions/<int:pk>/end/", sessions.end_session, name="end"),
    path("sessions/<int:pk>/reopen/", sessions.reopen_session, name="reopen"),
    path("sessions/<int:pk>/summary/", sessions.summary, name="summary"),
    path("sessions/<int:pk>/summary/night.txt", sessions.night, name="night-text"),
    path("sessions/<int:pk>/share-link/", share_link.share_link, name="share-link"),
    path("share/<str:token>/", sessions.share, name="share"),
    path("share/<str:token>/qr.svg", replay.share_qr, name="share-qr"),
    path(
        "share/<str:token>/hands/<int:number>/replay/",
        replay.shared_replay,
        name="share-replay",
    ),
    # A hand's play from its notation alone (record.md §9): anyone, no account.
    path("r/<str:notation>/", replay.notation_replay, name="notation-replay"),
    path("r/<str:notation>/qr.svg", replay.notation_qr, name="notation-qr"),
]
