"""A club night's URLs: the league's nights, a night's page, the director's board and
tools, the TV page (and its link for a room's screen) and the printout, and a table's
code and QR code for its phone."""

from django.urls import path

from scoring.events.views import board, join, nights, screens, tv_link

urlpatterns = [
    path("leagues/<int:pk>/nights/", nights.events, name="events"),
    path("nights/<int:pk>/", nights.event, name="event"),
    path("nights/<int:pk>/check-in/", nights.check_in, name="event-check-in"),
    path("nights/<int:pk>/leave/", nights.leave, name="event-leave"),
    path("nights/<int:pk>/seat/", nights.seat_round, name="event-seat"),
    path("nights/<int:pk>/close/", nights.close_round, name="event-close"),
    path("nights/<int:pk>/board/", board.board, name="event-board"),
    path("nights/<int:pk>/adjust/", board.adjust, name="event-adjust"),
    path("nights/<int:pk>/correct/", board.correct, name="event-correct"),
    path("nights/<int:pk>/correct/close/", board.close_corrections, name="event-corrected"),
    path(
        "nights/<int:pk>/tables/<int:table>/replace/",
        board.replace_player,
        name="event-replace",
    ),
    path("nights/<int:pk>/tables/<int:table>/qr.svg", screens.table_qr, name="event-table-qr"),
    path("nights/<int:pk>/tv/", screens.tv, name="event-tv"),
    path("nights/<int:pk>/tv/link/", tv_link.new_tv_link, name="event-tv-new-link"),
    path("nights/<int:pk>/print/", screens.printed, name="event-print"),
    path("t/", join.enter_code, name="table-join"),
    path("t/<str:code>/", join.table_code, name="table-code"),
]

# A room's screen by the night's TV link, no account (settings.SESSIONLESS_PATHS: no
# session read under /tv/). It polls every few seconds: scoring.urls lists these first.
screen_urlpatterns = [
    path("tv/<str:token>/", tv_link.tv_link, name="event-tv-link"),
    path("tv/<str:token>/qr.svg", tv_link.tv_link_qr, name="event-tv-link-qr"),
]
