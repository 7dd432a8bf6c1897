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
    raise AssertionError(f"no object to fill <pk> in {route!r}: teach tests/security/urls_walk")


def _invitation(world: dict) -> str:
    """An open invitation's code, to be the world's player (made once)."""
    from scoring.leagues.people import invite

    if "invitation" not in world:
        world["invitation"] = invite(world["player"], None)
    return world["invitation"].code


def _arguments(name: str, route: str, params: list[str], world: dict) -> list[dict]:
    """The argument sets to visit ``name`` with (a page per game for the rules)."""
    fillers = {
        "number": lambda: world["hand"].number,
        "event": lambda: world["event"].pk,
        "token": lambda: world["session"].share_token,
        "rest": lambda: "nothing-here",
        "invitation": lambda: _invitation(world),
        "notation": lambda: world["notation"],  # a recorded hand's notation (record.md §9)
    }
    base = {}
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
