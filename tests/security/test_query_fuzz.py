"""Every page, anonymous and signed in, with odd query strings: never a 500. A query string
is whatever anyone types or links, so no value in it may break a page.

Unicode digits that ``str.isdigit()`` accepts and ``int()`` refuses (``²``, ``①``),
digits ``int()`` takes that a URL should not carry (``١٢``), huge and negative numbers,
far dates, repeated keys, empty values, bytes that are not UTF-8. First fixed sweeps
(every page with the odd values in every known key), then hypothesis mixing them. The
sweeps pair every page with every odd query, and every key with every odd value, under
NAPOLEON_FUZZ=full; the everyday run takes a share of the pairings, each page, key and value
still in some of them (tests/fuzzing.py).
"""

from urllib.parse import quote

import pytest
from django.db import transaction
from django.urls import reverse
from hypothesis import HealthCheck, given
from hypothesis import strategies as st

from scoring.leagues.people import invite
from scoring.models import HandEvent
from scoring.rules import VARIANTS
from tests.factories import RECORDS, make_league, make_session, make_user, play, play_recorded
from tests.fuzzing import ON_POSTGRES, crossed, fuzz_settings
from tests.security.urls_walk import every_url

pytestmark = [pytest.mark.slow, pytest.mark.django_db]

KEYS = [
    *("session", "players", "page", "from", "to", "year", "season", "q", "lang", "next"),
    *("v", "n", "t", "k", "l", "c", "x", "p", "s", "j", "d", "so", "h", "f", "r", "tp", "m"),
    *("w0", "w4", "cs", "add", "undo", "clear", "number", "key", "version", "o.", "o.x.y"),
    *("trick", "name"),
]
OPTION_KEYS = sorted(
    {f"o.{spec.name}" for variant in VARIANTS.values() for spec in variant.Rules.specs()}
)
ODD = [
    "²",
    "①",
    "١٢",
    "+5",
    " 7 ",
    "1_000",
    "-1",
    "",
    "9" * 30,
    "9" * 5000,
    "9999-12-31",
    "0001-01-01",
    "2871-11-26",
    "2025-02-30",
    "9999-4",
    '{"a":1}',
    "\x00",
    "x" * 3000,
]
# What a database may refuse that another stores or compares (a NUL character, a number
# past a bigint, a date past its range): on PostgreSQL the sweeps try these alone, the
# other odd values test the pages' own parsing, which SQLite's run has done.
DATABASE_ODD = {"9" * 30, "9" * 5000, "-1", "9999-12-31", "0001-01-01", "\x00"}


WHO = ["anonymous", "member"]


def for_this_database(values: list[str]) -> list[str]:
    return [value for value in values if value in DATABASE_ODD] if ON_POSTGRES else values


MIXED = for_this_database(["²", "١٢", "9" * 5000, "", "9999-12-31", "\x00"])
# One of each kind, for the sweep that tries every key of a page alone.
KINDS = ["²", "①", "١٢", "+5", "9" * 30, "9" * 5000, "-1", ""]
KINDS = for_this_database(KINDS + ["9999-12-31", "0001-01-01", "2025-02-30", "\x00", "x" * 3000])
RAW = ["%ff", "%ed%a0%80", "%c0%af", "%", "%zz", "&&", "=", "==", ";"]  # not UTF-8, not escapes

# Pages that read their query, each with a valid query to start from and the keys it
# reads: every key is set to every odd value in turn, the others kept valid, so a form
# that drops all its fields when one is bad still has each field tried alone.
READERS = {
    "scoring:league": ("from=2025-01-01&to=2025-12-31", ("from", "to", "year", "season", "page")),
    "scoring:league-standings": ("year=2025", ("from", "to", "year", "season")),
    "scoring:league-export-csv": ("season=2025-2", ("from", "to", "year", "season")),
    "scoring:rules-search": ("q=trump", ("q",)),
    "scoring:api-variants": ("lang=ja", ("lang",)),
    "scoring:invitation-code": ("code=ABCD-EFGH-JKMN", ("code",)),
    # A recorded hand's play: the trick shown, and the seats' names a notation link gives.
    "scoring:replay": ("trick=3", ("trick",)),
    "scoring:share-replay": ("trick=3", ("trick",)),
    "scoring:notation-replay": ("trick=2&name=Ann&name=Ben", ("trick", "name")),
    "scoring:notation-qr": ("name=Ann", ("name",)),
    "scoring:referee-record": (f"r={RECORDS['taiwan']}", ("r", "session")),
}
RULES_KEYS = ("session", "players", "o.pass_is_final", "o.min_bid", "o.yoromeki")
RULES_KEYS += ("o.score_values", "o.score_values.x")
REFEREE_KEYS = ("session", "v", "n", "o.min_bid")
# A part of every rule of every game (``o.discards_shown.5``): only an object rule has
# parts; on any other the page says so instead of failing.
PARTS = ("5", "a.b")
PART_VALUES = ("1", "²", "", "9" * 30, "[" * 3000)
if ON_POSTGRES:
    # Only ``session`` reaches the database on these pages; the rules' own fields are
    # parsed in Python, which the SQLite run has swept already.
    RULES_KEYS = REFEREE_KEYS = ("session",)


@pytest.fixture
def world(db):
    owner = make_user("olive")
    league = make_league(owner)
    session = make_session(league, "taiwan")
    hand = play_recorded(session)  # its play recorded: its replay pages read their query
    play(session)
    return {
        "owner": owner,
        "league": league,
        "session": session,
        "player": session.seat_list[0].player,
        "hand": hand,
        "event": HandEvent.objects.filter(session=session).first(),
        "notation": RECORDS["taiwan"],
    }


@pytest.fixture
def clients(world):
    from django.test import Client

    member = Client(raise_request_exception=False)
    member.force_login(world["owner"])
    return {"anonymous": Client(raise_request_exception=False), "member": member}


def query_string(pairs) -> str:
    return "&".join(f"{quote(k, safe='.')}={quote(v, safe='')}" for k, v in pairs)


def get(client, path, raw_query):
    response = client.get(path, QUERY_STRING=raw_query)
    if response.streaming:  # an export fails, if it fails, while it streams
        b"".join(response.streaming_content)
    return response


def assert_no_server_error(response, path, raw_query):
    assert response.status_code < 500, f"{response.status_code} for {path}?{raw_query[:300]}"


def mixed_queries() -> list[str]:
    """Every known key at once with one odd value, repeated keys, raw bytes."""
    keys = KEYS + OPTION_KEYS
    queries = [query_string((key, value) for key in keys) for value in MIXED]
    queries.append(query_string((key, value) for key in keys[:12] for value in ODD[:6]))
    queries.append("&".join(f"{key}={raw}" for key in keys[:20] for raw in RAW))
    return queries


def set_to(value: str):
    """The odd query that sets a key to ``value``, the page's other keys kept valid."""

    def query(others, key) -> str:
        return query_string([*others, (key, value)])

    return query


def after_a_good_value(others, key) -> str:
    return query_string([*others, (key, "5"), (key, "²")])


def not_utf8(others, key) -> str:
    return "&".join(filter(None, [query_string(others), f"{key}=%ff"]))


def single_key_queries(base: str, keys) -> list[str]:
    """``base`` with each of ``keys`` set to the odd values (each value alone, repeated after
    a good one, bytes that are not UTF-8): every pairing of key and value under
    NAPOLEON_FUZZ=full, a share of them otherwise."""
    kept = [pair.split("=", 1) for pair in base.split("&") if pair]
    odd = [*(set_to(value) for value in KINDS), after_a_good_value, not_utf8]
    return [query([(k, v) for k, v in kept if k != key], key) for key, query in crossed(keys, odd)]


def readers(world) -> list[tuple[str, list[str]]]:
    """(path, queries) for each page that reads its query."""
    pk = world["session"].pk
    out = []
    for name, path in every_url(world):
        if name in READERS:
            base, keys = READERS[name]
            out.append((path, single_key_queries(base, keys)))
        elif name == "scoring:rules-variant" and path.rstrip("/").endswith("japanese"):
            out.append((path, single_key_queries(f"session={pk}", RULES_KEYS)))
        elif name.startswith("scoring:referee-"):
            out.append((path, single_key_queries("v=japanese&n=5", REFEREE_KEYS)))
    return out


def test_the_walk_covers_every_page(world):
    names = {name for name, _path in every_url(world)}
    assert {"scoring:league", "scoring:rules-variant", "scoring:referee-score"} <= names
    assert {"scoring:share", "scoring:league-export-csv", "scoring:api-variants"} <= names
    assert set(READERS) <= names


@pytest.mark.parametrize("turn, who", list(enumerate(WHO)), ids=WHO)
def test_no_page_fails_on_odd_query_strings(world, clients, turn, who):
    client = clients[who]
    for (_name, path), raw_query in crossed(every_url(world), mixed_queries(), turn):
        assert_no_server_error(get(client, path, raw_query), path, raw_query)


def dotted_keys(code) -> list[str]:
    """Each rule's parts, and an object rule whole (its value then read as JSON)."""
    specs = VARIANTS[code].Rules.specs()
    keys = [f"o.{spec.name}.{part}" for spec in specs for part in PARTS]
    return keys + [f"o.{spec.name}" for spec in specs if spec.kind == "object"]


@pytest.mark.skipif(ON_POSTGRES, reason="parsed in Python: the SQLite run has swept them")
@pytest.mark.parametrize("code", sorted(VARIANTS))
def test_no_rules_or_referee_page_fails_on_a_part_of_any_rule(clients, code):
    """Each rule's part (and each object rule) alone on the game's rules page, the odd
    values taken in turn; all of them at once, with each odd value, on every referee
    tool."""
    client = clients["member"]
    rules = f"/rules/{code}/"
    for index, key in enumerate(dotted_keys(code)):
        value = PART_VALUES[index % len(PART_VALUES)]  # the values taken in turn
        raw_query = query_string([("players", "5"), (key, value)])
        assert_no_server_error(get(client, rules, raw_query), rules, raw_query)
    players = str(VARIANTS[code].players[0])
    for tool in ("", "trick/", "legal/", "auction/", "score/", "deal-miss/"):
        path = f"/referee/{tool}"
        for value in PART_VALUES[:3]:
            pairs = [("v", code), ("n", players), *((k, value) for k in dotted_keys(code))]
            raw_query = query_string(pairs)
            assert_no_server_error(get(client, path, raw_query), path, raw_query)


def test_no_page_fails_on_one_odd_value_among_good_ones(world, clients):
    for path, queries in readers(world):
        for raw_query in queries:
            response = get(clients["member"], path, raw_query)
            assert_no_server_error(response, path, raw_query)


FUZZ = fuzz_settings(
    60,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)


def pairs():
    key = st.one_of(st.sampled_from(KEYS + OPTION_KEYS), st.text(max_size=8))
    value = st.one_of(
        st.sampled_from(ODD),
        st.text(max_size=12),
        st.integers(-(10**30), 10**30).map(str),
        st.one_of(st.dates().map(str), st.sampled_from(("9999-12-31", "0001-01-01", "2871-11-26"))),
    )
    return st.lists(st.tuples(key, value), max_size=8)


def test_fuzz_every_page_with_mixed_odd_queries(world, clients):
    urls = every_url(world)

    @FUZZ
    @given(
        url=st.sampled_from(urls),
        who=st.sampled_from(sorted(clients)),
        query=pairs(),
        raw=st.lists(st.sampled_from(RAW), max_size=2),
    )
    def run(url, who, query, raw):
        raw_query = "&".join([query_string(query), *raw])
        response = get(clients[who], url[1], raw_query)
        assert_no_server_error(response, url[1], raw_query)

    run()


# ---- HEAD, and the people forms and Play again with odd values --------------------------------


@pytest.mark.parametrize("who", ["anonymous", "member"])
def test_head_answers_as_get_without_a_body_on_every_page(world, clients, who):
    client = clients[who]
    for _name, path in every_url(world):
        got, head = get(client, path, ""), client.head(path)
        assert head.status_code == got.status_code, f"HEAD {path}: {head.status_code}"
        body = b"".join(head.streaming_content) if head.streaming else head.content
        assert body == b"", path


def people_forms(world) -> list[tuple[str, dict]]:
    """(path, a valid body) of each people form and Play again, for the owner."""
    league, player = world["league"].pk, world["player"]
    code = world.get("invitation") or invite(player, world["owner"])
    return [
        (reverse("scoring:invite", args=[league]), {"player": str(player.pk), "account": ""}),
        (reverse("scoring:withdraw-invitation", args=[league]), {"invitation": str(code.pk)}),
        (reverse("scoring:unlink", args=[league]), {"player": str(player.pk), "next": "me"}),
        (reverse("scoring:invitation", args=[code.code]), {"answer": "decline"}),
        (reverse("scoring:play-again", args=[league]), {"session": str(world["session"].pk)}),
    ]


def test_no_people_form_fails_on_one_odd_value(world, clients):
    """Each field of each form set to each odd value (alone, and after a good one), in
    the body and in the query string; each POST rolled back, so each meets the same
    league."""
    client = clients["member"]
    for path, valid in people_forms(world):
        for field, good in valid.items():
            for value in [*KINDS, [good, "²"], ["٣", good]]:
                body = {**valid, field: value}
                shown = value if isinstance(value, str) else "&".join(value)
                raw_query = query_string([(field, shown)])
                with transaction.atomic():
                    response = client.post(f"{path}?{raw_query}", body)
                    transaction.set_rollback(True)
                assert_no_server_error(response, path, f"{raw_query} (and in the body)")
