"""Every URL pattern of the site, filled in with objects a test has made.

A pattern whose arguments this file cannot fill fails the walk with its name, so a new
page is never silently left out of the fuzzers that walk them all.
"""

from django.urls import URLPattern, URLResolver, get_resolver, reverse

from scoring.rules import VARIANTS

SKIPPED_NAMESPACES = ("admin",)  # Django's own pages, not this project's parsing


def _patterns(patterns, namespace=""):
    for pattern in patterns:
        if isinstance(pattern, URLResolver):
            inner = pattern.namespace or ""
            name = f"{namespace}:{inner}" if namespace and inner else inner or namespace
            if inner not in SKIPPED_NAMESPACES:
                yield from _patterns(pattern.url_patterns, name)
        elif isinstance(pattern, URLPattern) and pattern.name:
            yield f"{namespace}:{pattern.name}" if namespace else pattern.name, pattern


def _pk_for(route: str, world: dict) -> int:
    for prefix, thing in (("leagues/", "league"), ("sessions/", "session"), ("players/", "player")):
        if route.startswith(prefix):
            return world[thing].pk
    if route.startswith("nights/"):
        return _night(world).pk
    raise AssertionError(f"no object to fill <pk> in {route!r}: teach tests/security/urls_walk")


def _invitation(world: dict) -> str:
    """An open invitation's code, to be the world's player (made once)."""
    from scoring.leagues.people import invite

    if "invitation" not in world:
        world["invitation"] = invite(world["player"], None)
    return world["invitation"].code


def _night(world: dict):
    """A club night of the world's league with its first round seated (made once)."""
    import datetime

    from scoring.events import night
    from scoring.models import Entrant, Event, Player

    if "night" not in world:
        league = world["league"]
        event = Event.objects.create(
            league=league, name="Night", date=datetime.date(2026, 11, 27), variant="taiwan"
        )
        for number in range(5):
            player, _new = Player.objects.get_or_create(league=league, name=f"Night {number}")
            Entrant.objects.create(event=event, player=player)
        night.seat_next(event, "random", None)
        world["night"] = event
    return world["night"]


def _table(world: dict) -> int:
    from scoring.models import EventTable

    return EventTable.objects.filter(round__event=_night(world)).first().pk


def _arguments(name: str, route: str, params: list[str], world: dict) -> list[dict]:
    """The argument sets to visit ``name`` with (a page per game for the rules)."""
    fillers = {
        "number": lambda: world["hand"].number,
        "event": lambda: world["event"].pk,
        "token": lambda: world["session"].share_token,
        "rest": lambda: "nothing-here",
        "invitation": lambda: _invitation(world),
        "notation": lambda: world["notation"],  # a recorded hand's notation (record.md §9)
        "table": lambda: _table(world),  # a club night's table of its round
    }
    base = {}
    if route.startswith("tv/"):  # a club night's TV link: its own token, not a share link's
        fillers["token"] = lambda: _night(world).tv_token
    for param in params:
        if param == "pk":
            base["pk"] = _pk_for(route, world)
        elif param in fillers:
            base[param] = fillers[param]()
        elif param != "code":
            raise AssertionError(
                f"no value for <{param}> in {name}: teach tests/security/urls_walk"
            )
    if "code" in params:
        return [{**base, "code": code} for code in VARIANTS]
    return [base]


def every_url(world: dict) -> list[tuple[str, str]]:
    """(URL name, path) for every named URL of the project."""
    urls = []
    for name, pattern in _patterns(get_resolver().url_patterns):
        route = str(pattern.pattern)
        params = list(pattern.pattern.regex.groupindex)
        for kwargs in _arguments(name, route, params, world):
            urls.append((name, reverse(name, kwargs=kwargs)))
    return urls
