"""The page walk of the accessibility checks: every named URL of the site filled with the
objects of a world (a league with history, sessions of several games, a recorded hand and a
club night), and which of them are pages.

A named URL whose arguments ``fillings`` cannot fill fails the walk with its name, so a new
page is never left out of the checks.
"""

import datetime

from django.contrib.auth.models import User
from django.test import Client
from django.urls import URLResolver, get_resolver, reverse
from django.utils import timezone

from scoring.events import night
from scoring.history.figures.synthetic import generate_league
from scoring.leagues.people import invite
from scoring.models import Entrant, Event, EventTable, HandEvent, League, Player
from scoring.rules import VARIANTS
from scoring.table.form import HandForm
from scoring.table.recording import undo_last, update_hand
from tests.factories import RECORDS, hand_data, make_session, pass_out, play, play_recorded
from tests.referee import (
    test_auction,
    test_deal_miss,
    test_house_calls,
    test_kill,
    test_legal,
    test_record,
    test_score,
    test_trick,
)

PASSWORD = "a-long-test-password"
PARTS = 3  # the walk is shared out between this many tests

SKIP_NAMESPACES = {"admin"}
SKIP_PREFIXES = ("api-",)  # the JSON API: no pages
# Named URLs whose GET is no page: actions that only take a POST, and redirects. (A URL
# that answers with something else than HTML, a download or a script, is no page either.)
NOT_PAGES = {
    "scoring:logout",
    "scoring:set-language",
    "scoring:add-member",
    "scoring:preview",
    "scoring:record",
    "scoring:play",  # a tap of "Record the play": POST only
    "scoring:restore",
    "scoring:end",
    "scoring:reopen",
    "scoring:share-link",
    "scoring:league-standings",  # a redirect to the league page's standings
    "scoring:set-theme",
    "scoring:play-again",
    "scoring:league-currency",
    # A club night's actions, posted from its page and the director's board.
    "scoring:event-check-in",
    "scoring:event-leave",
    "scoring:event-seat",
    "scoring:event-close",
    "scoring:event-adjust",
    "scoring:event-replace",
    "scoring:event-correct",
    "scoring:event-tv-new-link",
    "scoring:event-corrected",  # the owner's choice of currency, posted from the league page
    "scoring:invite",
    "scoring:withdraw-invitation",
    "scoring:unlink",
}
# Queries that show more of a page (anyone may read these): the referee's disputes, one per
# variant and tool, each with its ruling; a search of the rules with its results.
QUERIES = {
    "scoring:referee-trick": [
        *(case[0] for case in test_trick.CASES.values()),
        test_kill.TRICKS[0][0],  # six-player Mighty: the killed seat's chips, five slots
    ],
    "scoring:referee-legal": [case[0] for case in test_legal.CASES.values()],
    "scoring:referee-auction": [
        *(case[0] for case in test_auction.CASES.values()),
        test_house_calls.AUCTIONS[0][0],  # a deal miss called
        test_house_calls.AUCTIONS[3][0],  # last hand's napoleon opens
    ],
    "scoring:referee-score": [
        *(case[0] for case in test_score.CASES.values()),
        test_kill.SCORED,
    ],
    "scoring:referee-deal-miss": [
        test_deal_miss.CASES["qualifies"][0],
        test_deal_miss.CASES["six players, 8 cards"][0],
    ],
    "scoring:referee-record": [
        *(case[0] for case in test_record.CASES.values()),
        test_record.ENTRY_REFUSED,  # a hand entered in the form, its fault beside it
    ],
    "scoring:rules-search": ["q=yoromeki", "q=joker"],
}

# ---- the world: a league with sessions of several variants, hands and their history -----


def build_world() -> dict:
    """The world the walk fills URLs from (the live server's database must be open)."""
    user = User.objects.create_user("host", password=PASSWORD)
    # A few years of synthetic history: standings, ratings and charts on the league page.
    league = generate_league(60, name="Friday club", seed=5, owner=user, session_hands=(6, 10))
    sessions = {}
    for variant in ("taiwan", "japanese-chip", "mighty", "thai", "nap"):
        session = make_session(league, variant)
        play(session)
        pass_out(session)
        play(session)
        sessions[variant] = session
    taiwan = sessions["taiwan"]
    play_recorded(taiwan)  # its play kept: the replay pages
    first = taiwan.hands.get(number=1)
    form = HandForm(taiwan, hand_data(taiwan, points="9"))
    assert form.is_valid(), form.errors
    update_hand(first, first.version, form.hand_values(), form.score.deltas, user=user)
    play(taiwan, declarer="2", partner="3", points="14")
    undo_last(taiwan, 4, user=user)  # a restorable hand in the history
    ended = make_session(league, "mighty", stake="0.50")
    play(ended)
    play(ended, declarer="2", partner="4", points="9")
    ended.ended_at = timezone.now()
    ended.save()
    sessions["ended"] = ended
    # The host is one of the players (their Me page has figures) and the league a copy.
    Player.objects.filter(pk=league.players.order_by("pk").last().pk).update(user=user)
    League.objects.filter(pk=league.pk).update(imported_at=timezone.now())
    return {"user": user, "league": league, "sessions": sessions, "night": club_night(league)}


def club_night(league: League) -> Event:
    """A club night of the league with its first round seated, a table of five."""
    event = Event.objects.create(
        league=league, name="Club night", date=datetime.date(2026, 11, 27), variant="taiwan"
    )
    for number in range(5):
        player, _new = Player.objects.get_or_create(league=league, name=f"Guest {number}")
        Entrant.objects.create(event=event, player=player)
    night.seat_next(event, "random", None)
    return event


# ---- the pages, from the URL resolver ----------------------------------------------------


def named_urls(patterns=None, namespace=None, prefix=""):
    """(qualified name, whole route, parameter names) for every named URL pattern."""
    patterns = get_resolver().url_patterns if patterns is None else patterns
    for pattern in patterns:
        route = prefix + str(pattern.pattern)
        if isinstance(pattern, URLResolver):
            inner = pattern.namespace or namespace
            if inner not in SKIP_NAMESPACES:
                yield from named_urls(pattern.url_patterns, inner, route)
            continue
        if pattern.name is None or pattern.name.startswith(SKIP_PREFIXES):
            continue
        name = f"{namespace}:{pattern.name}" if namespace else pattern.name
        yield name, route, list(pattern.pattern.regex.groupindex)


# A session's pages that its game shapes (the hand form, the hands' columns) are visited for
# every game; its other pages are the same markup whatever the game (delete, undo, history,
# seats, stake, final standings) and are visited for a live session and an ended one.
EVERY_GAME = {"scoring:table", "scoring:edit-hand", "scoring:hands", "scoring:session-history"}


def fillings(world, name, route, params):
    """Every set of keyword arguments to reverse ``name`` with, from the world's objects."""
    league = world["league"]
    sessions = list(world["sessions"].values())
    if not params:
        return [{}]
    table = EventTable.objects.filter(round__event=world["night"]).first()
    if params == ["code"] and route.startswith("t/"):  # a club night table's code
        return [{"code": table.code}]
    if params == ["code"]:
        return [{"code": code} for code in VARIANTS]
    if route.startswith("nights/"):
        return [{"pk": world["night"].pk, **({"table": table.pk} if "table" in params else {})}]
    if params == ["invitation"]:  # an open invitation to be the league's first player
        return [{"invitation": invite(league.players.order_by("pk").first(), world["user"]).code}]
    if params == ["token"] and route.startswith("tv/"):  # a club night's TV link
        return [{"token": world["night"].tv_token}]
    if params == ["token"]:
        return [{"token": s.share_token} for s in sessions]
    if params == ["notation"]:
        return [{"notation": RECORDS["taiwan"]}]
    if params == ["token", "number"]:  # a hand's play through the share link
        recorded = world["sessions"]["taiwan"].hands.exclude(record=None).get()
        return [{"token": recorded.session.share_token, "number": recorded.number}]
    if params == ["pk"] and "leagues/" in route:
        return [{"pk": league.pk}]
    if params == ["pk"] and route.startswith("players/"):
        return [{"pk": league.players.order_by("pk").first().pk}]
    if "sessions/" in route and set(params) <= {"pk", "number", "event"}:
        found = []
        if name not in EVERY_GAME:
            sessions = [world["sessions"]["taiwan"], world["sessions"]["ended"]]
        for s in sessions:
            kwargs = {"pk": s.pk}
            if "number" in params:
                hands = s.hands.exclude(record=None) if name == "scoring:replay" else s.hands
                first = hands.order_by("number").first()
                if first is None:
                    continue
                kwargs["number"] = first.number
            if "event" in params:
                event = HandEvent.objects.filter(session=s, action=HandEvent.UNDO).first()
                if event is None:
                    continue
                kwargs["event"] = event.pk
            found.append(kwargs)
        return found
    raise AssertionError(f"{name} ({route}): no objects to fill {params} with; teach fillings()")


def candidates(world):
    """(name, path) of every named URL, filled with the world's objects (nothing fetched)."""
    return [
        (name, reverse(name, kwargs=kwargs))
        for name, route, params in named_urls()
        for kwargs in fillings(world, name, route, params)
    ]


def share(found, part):
    """The URL names of ``part`` of the walk: the names dealt out, the most visited first, to
    the part with the fewest visits so far (a name's paths and QUERIES kept together)."""
    weights = {name: len(QUERIES.get(name, ())) for name, _path in found}
    for name, _path in found:
        weights[name] += 1
    dealt, loads = [set() for _ in range(PARTS)], [0] * PARTS
    for name in sorted(weights, key=lambda name: (-weights[name], name)):
        lightest = loads.index(min(loads))
        dealt[lightest].add(name)
        loads[lightest] += weights[name]
    return dealt[part]


def pages(world, found, names):
    """(path, logged in) for every page of ``found`` named in ``names``: public ones
    anonymously, the rest as a member.

    The home page is both: a welcome page for visitors, the member's own page otherwise."""
    anonymous, member = Client(), Client()
    member.force_login(world["user"])
    walk = []
    for name, path in found:
        if name not in names:
            continue
        as_member = member.get(path)
        html = as_member.get("Content-Type", "").startswith("text/html")
        if as_member.status_code == 200 and not html:
            continue  # a file, not a page: a download, a script, a manifest
        is_page = as_member.status_code == 200
        if name in NOT_PAGES:
            assert not is_page, f"{name} is a page now: take it out of NOT_PAGES"
            continue
        assert is_page, (
            f"{name} {path} answers {as_member.status_code} {as_member.get('Content-Type')}:"
            " fix it, or list it in NOT_PAGES if it is no page"
        )
        public = anonymous.get(path).status_code == 200
        if public:
            walk.append((path, False))
        if not public or name == "scoring:home":
            walk.append((path, True))
    for name in sorted(names):
        walk.extend((f"{reverse(name)}?{query}", False) for query in QUERIES.get(name, ()))
    return walk
