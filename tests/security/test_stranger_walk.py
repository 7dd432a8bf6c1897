"""A stranger walks every URL of the site with every id they could guess.

The URL list comes from the resolver, so pages added later are walked too. Each URL
that names objects by id is tried with the ids of another league's objects (league,
sessions, players, hands, history events, and an id that does not exist), with GET,
POST (a body a member's write would accept), PUT and DELETE, as an anonymous visitor and
as a member of another league: the answer is always 403, 404, 405 or (anonymous) a
redirect to the login page, and afterwards every row of every table is as it was.

Skipped: the admin (staff only, checked separately), the stateless JSON API and the
public share link (both answer anyone by design). URLs without ids only create the
caller's own things (a league, an account) or are public; they are walked for a 500
and for changes to anyone's data, except the few listed in OWN_DATA.
"""

import hashlib
import json

import pytest
from django.apps import apps
from django.contrib.auth import get_user_model
from django.test import Client
from django.urls import URLResolver, get_resolver, reverse
from django.urls.converters import IntConverter

from scoring.models import GameSession, Hand, HandEvent, League, Membership, Player
from scoring.table.recording import undo_last
from tests.factories import hand_data, make_session, play

SKIP_NAMESPACES = {"admin"}
SKIP_NAMES = {"share"}  # public by design: the share link only reads
SKIP_PREFIXES = ("api-",)  # the stateless JSON API
OWN_DATA = {
    "scoring:league-new",
    "scoring:signup",
    "scoring:login",
    "scoring:logout",
}  # write only the caller's own rows
METHODS = ("get", "post", "put", "delete")
FAR_ID = 987654  # an id nobody has
STRANGERS_IDS = 900_000  # the stranger's own rows start here, far from the victims'


def site_urls(patterns=None, namespace=None):
    """(qualified name, {parameter: converter}) for every named URL pattern."""
    patterns = get_resolver().url_patterns if patterns is None else patterns
    for pattern in patterns:
        if isinstance(pattern, URLResolver):
            inner = pattern.namespace or namespace
            if inner in SKIP_NAMESPACES:
                continue
            yield from site_urls(pattern.url_patterns, inner)
            continue
        assert pattern.name, f"unnamed URL pattern {pattern.pattern}: name it so it is walked"
        if pattern.name in SKIP_NAMES or pattern.name.startswith(SKIP_PREFIXES):
            continue
        converters = dict(getattr(pattern.pattern, "converters", {}))
        for group in pattern.pattern.regex.groupindex:
            converters.setdefault(group, None)
        name = f"{namespace}:{pattern.name}" if namespace else pattern.name
        yield name, converters


def with_ids():
    return sorted(
        name
        for name, converters in site_urls()
        if converters and all(isinstance(c, IntConverter) for c in converters.values())
    )


def without_ids():
    return sorted(name for name, converters in site_urls() if not converters)


def other_params():
    """URLs with a parameter that is not an id (a variant code, say): public pages."""
    return sorted(
        name
        for name, converters in site_urls()
        if converters and not all(isinstance(c, IntConverter) for c in converters.values())
    )


# ---- the world: a victim league with history, and a stranger with a league of their own --


@pytest.fixture
def world(owner, member, league):
    table = make_session(league, "taiwan")
    first = play(table)
    play(table, points="6")
    play(table, declarer="2", partner="3", points="13")
    undo_last(table, 3)  # a removed hand: a restorable event
    other_table = make_session(league, "taiwan")
    play(other_table)
    stranger = get_user_model().objects.create_user("sam", password="x", pk=STRANGERS_IDS)
    own = League.objects.create(pk=STRANGERS_IDS, name="Across the street")
    Membership.objects.create(pk=STRANGERS_IDS, league=own, user=stranger, role="owner")
    Player.objects.create(pk=STRANGERS_IDS, league=own, name="Sam")
    return {
        "table": table,
        "first": first,
        "stranger": stranger,
        "league": league,
    }


def candidates(league):
    """Every id of the victim league's objects, and one that exists nowhere."""
    sessions = GameSession.objects.filter(league=league)
    ids = {
        "pk": {league.pk}
        | set(sessions.values_list("pk", flat=True))
        | set(league.players.values_list("pk", flat=True))
        | set(Hand.objects.filter(session__in=sessions).values_list("pk", flat=True)),
        "number": set(Hand.objects.filter(session__in=sessions).values_list("number", flat=True)),
        "event": set(HandEvent.objects.filter(session__in=sessions).values_list("pk", flat=True)),
    }
    everything = set().union(*ids.values())
    return {name: sorted(values | {FAR_ID}) for name, values in ids.items()}, sorted(
        everything | {FAR_ID}
    )


def combinations(name, params, league):
    by_name, everything = candidates(league)
    combos = [{}]
    for param in params:
        values = by_name.get(param, everything)
        combos = [{**combo, param: value} for combo in combos for value in values]
    return [reverse(name, kwargs=combo) for combo in combos]


def body_for(world):
    """A POST body that the member's own writes would accept (see the control test)."""
    table = world["table"]
    last = table.hands.order_by("-number").first()
    return {
        **hand_data(table),
        "version": str(last.version),
        "number": str(last.number),
        "action": "save",
        "username": "sam",
        "name": "Taken over",
        "date": "2025-03-14",
        "variant": "taiwan",
        "players": "Sam\nSid\nSue\nSly\nSky",
        "first_dealer": "1",
        "default_variant": "taiwan",
    }


def snapshot(derived=True):
    """Every row of every table the site owns, as one digest per table. ``derived=False``
    leaves out the league history's figures, which a page computes from the hands and
    stores when it reads them."""
    # Throttle counters (RateCount) are bookkeeping, as the cache is, not what a user saved.
    models = [
        m for m in apps.get_app_config("scoring").get_models() if m._meta.model_name != "ratecount"
    ]
    models.append(get_user_model())
    if not derived:
        models = [m for m in models if m._meta.label != "scoring.HistoryCache"]
    models += [apps.get_model("auth", "Group")]
    digest = {}
    for model in models:
        rows = list(model.objects.order_by("pk").values_list())
        digest[model._meta.label] = (
            len(rows),
            hashlib.sha256(json.dumps(rows, default=str).encode()).hexdigest(),
        )
    return digest


def request(client, method, path, body):
    if method == "post":
        return client.post(path, body)
    if method in ("put", "delete"):
        return getattr(client, method)(path, json.dumps(body), content_type="application/json")
    return client.get(path)


def undo_event(world):
    return HandEvent.objects.get(session=world["table"], action=HandEvent.UNDO).pk


def refused(response, anonymous):
    if response.status_code in (403, 404, 405):
        return True
    return (
        anonymous
        and response.status_code == 302
        and response.url.startswith(reverse("scoring:login") + "?next=")
    )


# ---- the walk -----------------------------------------------------------------------------


def test_the_walk_covers_the_sites_writes():
    names = set(with_ids())
    for expected in ["record", "edit-hand", "delete-hand", "undo", "restore", "add-member"]:
        assert f"scoring:{expected}" in names
    assert "scoring:league-new" in without_ids()


@pytest.mark.parametrize("name", with_ids())
def test_a_stranger_can_neither_read_nor_write_another_leagues_objects(name, world):
    params = dict(next(c for n, c in site_urls() if n == name))
    paths = combinations(name, params, world["league"])
    body = body_for(world)
    stranger = Client()
    stranger.force_login(world["stranger"])
    clients = [(Client(), True), (stranger, False)]
    before = snapshot()
    for client, anonymous in clients:
        for path in paths:
            for method in METHODS:
                response = request(client, method, path, body)
                who = "anonymous" if anonymous else "stranger"
                assert refused(response, anonymous), (
                    f"{who} {method.upper()} {path} answered {response.status_code}"
                )
    assert snapshot() == before, f"{name}: a refused request changed the database"


@pytest.mark.parametrize("name", sorted(set(without_ids()) - OWN_DATA) + other_params())
def test_pages_without_ids_change_nothing_and_never_fail(name, world):
    params = dict(next(c for n, c in site_urls() if n == name))
    # A word where the URL takes one, the victim's first hand where it takes a number (a
    # share link's copy of a hand: the token is the word, so nothing is found).
    kwargs = {p: 1 if isinstance(c, IntConverter) else "taiwan" for p, c in params.items()}
    path = reverse(name, kwargs=kwargs)
    stranger = Client()
    stranger.force_login(world["stranger"])
    before = snapshot()
    for client in (Client(), stranger):
        for method in METHODS:
            response = request(client, method, path, body_for(world))
            assert response.status_code < 500, f"{method.upper()} {path}"
    assert snapshot() == before, f"{name} changed the database"


def test_the_admin_is_for_staff_only(world):
    stranger = Client()
    stranger.force_login(world["stranger"])
    hand = world["first"]
    before = snapshot()
    for path in [
        "/admin/scoring/hand/",
        f"/admin/scoring/hand/{hand.pk}/change/",
        f"/admin/scoring/hand/{hand.pk}/delete/",
    ]:
        for client in (Client(), stranger):
            assert client.get(path).status_code == 302
            assert client.post(path, {"post": "yes"}).status_code == 302
    assert snapshot() == before


@pytest.mark.parametrize(
    ("name", "kwargs"),
    [
        ("record", lambda w: {"pk": w["table"].pk}),
        ("edit-hand", lambda w: {"pk": w["table"].pk, "number": 2}),
        ("delete-hand", lambda w: {"pk": w["table"].pk, "number": 2}),
        ("undo", lambda w: {"pk": w["table"].pk}),
        ("restore", lambda w: {"pk": w["table"].pk, "event": undo_event(w)}),
        ("end", lambda w: {"pk": w["table"].pk}),
        ("add-member", lambda w: {"pk": w["league"].pk}),
        ("session-new", lambda w: {"pk": w["league"].pk}),
    ],
)
def test_control_the_same_body_does_write_for_a_member(name, kwargs, world, owner_client):
    """The walk's refusals mean something: its body, sent by the league's owner, writes."""
    before = snapshot()
    response = owner_client.post(reverse(f"scoring:{name}", kwargs=kwargs(world)), body_for(world))
    assert response.status_code in (200, 302)
    assert snapshot() != before, f"{name}: the walk's body writes nothing even for a member"
