"""Property-based fuzzing of the league import: a valid league file with values replaced
(wrong types, huge numbers, half characters, names nobody can see), fields dropped or
added, or its text cut and scrambled, is never a 500; a refusal says why and changes
nothing; a file that is still taken is imported whole, every hand scored by the engine.

Each example runs in a transaction that is rolled back: each starts from the same
empty league.
"""

import json

import pytest
from django.db import transaction
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scoring.models import GameSession, Hand, League
from tests.conftest import fuzz_examples
from tests.history.import_files import exported, refusal, rich_league, upload
from tests.views.factories import assert_scores_match_engine, counts, make_league

pytestmark = pytest.mark.django_db

FUZZ = settings(
    max_examples=fuzz_examples(60),
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
    derandomize=True,  # the same examples on every run and on both databases
)

ODD = [
    None,
    True,
    False,
    0,
    -1,
    1,
    8191,
    8192,
    2**31,
    2**63,
    10**30,
    -(10**30),
    "",
    " ",
    "\ud800",
    "a\udfff",
    "\udc00\ud800",
    "\ud83c\udccf",
    "\u200b",
    "\u202eevE",
    "Ann",
    "ann",
    " Ann ",
    "2871-11-26",
    "0001-01-01",
    "9999-12-31T23:59:59+14:00",
    "2025-03-14T20:00:00",
    "SA",
    "HA",
    "XX",
    "3S",
    "played",
    "passed",
    "count",
    "cards",
    "tricks",
    "taiwan",
    "napoleon-league",
    [],
    {},
    [[[[[[[[[[[]]]]]]]]]]],
    {"\ud800": 1},
    {"0": 99},
    ["SA", "SA"],
]
VALUES = st.one_of(
    st.sampled_from(ODD),
    st.integers(-(10**12), 10**12),
    st.text(max_size=10),
    st.lists(st.integers(-3, 30), max_size=6),
    st.dictionaries(st.sampled_from(["0", "1", "4", "9", "x"]), st.integers(-1, 12), max_size=3),
)
KEYS = st.one_of(st.sampled_from(["extra", "\ud800", "number", "lines", ""]), st.text(max_size=6))


def paths(value, path=()):
    """Every place in a document: (path to it, its container's kind)."""
    found = []
    if isinstance(value, dict):
        for key, inner in value.items():
            found.append((*path, key))
            found.extend(paths(inner, (*path, key)))
    elif isinstance(value, list):
        for index, inner in enumerate(value):
            found.append((*path, index))
            found.extend(paths(inner, (*path, index)))
    return found


def parent(document, path):
    for step in path[:-1]:
        document = document[step]
    return document


def mutate(document, data) -> bytes:
    """The document with a few values replaced, dropped or added, then perhaps its text
    cut or scrambled."""
    for _ in range(data.draw(st.integers(1, 3))):
        path = data.draw(st.sampled_from(paths(document)))
        container = parent(document, path)
        action = data.draw(st.sampled_from(["replace", "replace", "drop", "add"]))
        if action == "replace":
            container[path[-1]] = data.draw(VALUES)
        elif action == "drop":
            del container[path[-1]]
        elif isinstance(container, dict):
            container[data.draw(KEYS)] = data.draw(VALUES)
        else:
            container.append(data.draw(VALUES))
        if not paths(document):
            break
    text = json.dumps(document).encode()
    cut = data.draw(st.sampled_from(["none", "none", "none", "truncate", "byte", "twice"]))
    where = data.draw(st.integers(0, len(text) - 1))
    if cut == "truncate":
        return text[:where]
    if cut == "byte":
        return (
            text[:where]
            + data.draw(st.sampled_from([b"\xff", b"\x00", b"}", b",", b"\\"]))
            + text[where:]
        )
    if cut == "twice":
        return text.replace(b'"dealer": ', b'"dealer": 1, "dealer": ', 1)
    return text


@pytest.fixture
def source(league):
    rich_league(league)
    return exported(league)


def test_fuzz_the_import_with_mutated_league_files(owner, owner_client, source):
    empty = make_league(owner, name="Restored")

    @FUZZ
    @given(data=st.data())
    def run(data):
        document = json.loads(json.dumps(source))
        body = mutate(document, data)
        with transaction.atomic():
            before = counts()
            response = upload(owner_client, empty, body)
            assert response.status_code in (302, 400), response.status_code
            if response.status_code == 400:
                assert refusal(response), "a refusal without a message"
                assert counts() == before
            else:
                sessions = GameSession.objects.filter(league=empty)
                assert Hand.objects.filter(session__league=empty).count() >= 1
                for session in sessions:
                    assert_scores_match_engine(session)
            assert not League.objects.filter(name__startswith="\x1f").exists()
            transaction.set_rollback(True)

    run()
