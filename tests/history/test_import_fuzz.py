"""Property-based fuzzing of the league import: a valid league file with values replaced
(wrong types, huge numbers, half characters, names nobody can see), fields dropped or
added, or its text cut and scrambled, is never a 500; a refusal says why and changes
nothing; a file that is still taken is imported whole, every hand scored by the engine,
and its export is taken again as the very same league.

Each example runs in a transaction that is rolled back: each starts from the same
empty league.
"""

import json

import pytest
from django.db import transaction
from hypothesis import HealthCheck, Phase, given
from hypothesis import strategies as st

from scoring.models import GameSession, Hand, League
from scoring.rules import find_variant
from scoring.rules.variants import VARIANTS
from scoring.table.setup import MAX_SITTING_OUT
from tests.factories import assert_scores_match_engine, counts, make_league
from tests.fuzzing import fuzz_settings
from tests.history.at_the_table import Table
from tests.history.import_files import (
    exported,
    recorded_league,
    refusal,
    rich_league,
    upload,
)
from tests.history.round_trip import assert_the_same_after_a_round_trip

pytestmark = [pytest.mark.slow, pytest.mark.django_db]

FUZZ = fuzz_settings(
    60,
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


def again_the_same(owner, client, league) -> None:
    """What an import took, exported, is taken again whole: the same file once more."""
    kept = exported(league)
    again = make_league(owner, name="Again")
    response = upload(client, again, json.dumps(kept).encode())
    assert response.status_code == 302, refusal(response)
    assert exported(League.objects.get(pk=again.pk)) == kept


@pytest.fixture
def source(league):
    rich_league(league)
    recorded_league(league)  # hands with their play, trick by trick: mutations reach them too
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
                again_the_same(owner, owner_client, League.objects.get(pk=empty.pk))
            assert not League.objects.filter(name__startswith="\x1f").exists()
            transaction.set_rollback(True)

    run()


# ---- the play of a hand: records changed card by card -----------------------------------------

CARDISH = st.one_of(
    st.sampled_from(["SA", "S10", "ST", "HK", "DK", "D2", "CQ", "BJ", "LJ", "JK", "XX", None]),
    st.sampled_from(ODD),
)


def record_paths(document) -> list[tuple]:
    """Every place inside the file's hand records (and each record itself)."""
    found = []
    for s, session in enumerate(document["sessions"]):
        for h, hand in enumerate(session["hands"]):
            if "record" in hand:
                where = ("sessions", s, "hands", h, "record")
                found.append(where)
                found.extend((*where, *path) for path in paths(hand["record"]))
    return found


def mutate_records(document, data) -> bytes:
    """The document with a few places in its records replaced (by cards, mostly), dropped
    or added to."""
    for _ in range(data.draw(st.integers(1, 3))):
        found = record_paths(document)
        if not found:
            break
        path = data.draw(st.sampled_from(found))
        container = parent(document, path)
        action = data.draw(st.sampled_from(["replace", "replace", "drop", "add"]))
        if action == "replace":
            container[path[-1]] = data.draw(CARDISH | VALUES)
        elif action == "drop":
            del container[path[-1]]
        elif isinstance(container, dict):
            container[data.draw(st.sampled_from(["winner", "points", "rest", "x"]))] = data.draw(
                CARDISH | VALUES
            )
        else:
            container.append(data.draw(CARDISH))
    return json.dumps(document).encode()


def test_fuzz_the_import_with_mutated_hand_records(owner, owner_client, source):
    """A record changed anywhere is judged again: taken (and stored in its canonical form,
    exported the same again) or refused with a reason, never a 500."""
    empty = make_league(owner, name="Restored")

    @FUZZ
    @given(data=st.data())
    def run(data):
        body = mutate_records(json.loads(json.dumps(source)), data)
        with transaction.atomic():
            before = counts()
            response = upload(owner_client, empty, body)
            assert response.status_code in (302, 400), response.status_code
            if response.status_code == 400:
                assert refusal(response), "a refusal without a message"
                assert counts() == before
            else:
                again_the_same(owner, owner_client, League.objects.get(pk=empty.pk))
            transaction.set_rollback(True)

    run()


# ---- nights at the table, any of them ------------------------------------------------------

POOL = ["Ann", "Ben", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal", "Ivy", "Jo", "Kim", "Lu", "Mo"]
# A night is a few dozen requests: shrinking a failing one would take minutes, and its
# draws, printed as they are, already say what the table did.
NIGHT = fuzz_settings(24, FUZZ, phases=[Phase.generate])


def random_hand(table: Table, data) -> None:
    """A hand tapped at random on the table page (one the rules refuse is not saved)."""
    found = table.hand_form()
    if found is None:
        return
    form, page = found

    def pick(choices):
        return data.draw(st.sampled_from(choices))

    out = set(form.values.get("out", ()))
    playing = [c.value for c in form.choices["declarer"] if c.value not in out]
    fields = {"declarer": pick(playing)}
    for name in ("level", "trump", "nap_bid", "called_suit", "called_rank"):
        if name in form.choices:
            fields[name] = pick([c.value for c in form.choices[name]])
    if "partner" in form.choices:
        fields["partner"] = pick([*playing, "alone"])
    if "killed" in form.choices:
        side = {fields["declarer"], fields.get("partner")}
        fields["killed"] = pick([place for place in playing if place not in side] or playing)
    fields["mode"] = pick([c.value for c in form.choices.get("mode", ())] or form.values["mode"])
    results = [c.value for c in form.choices["points"]]
    if fields["mode"] == "count":
        fields["points"] = pick(results)
    elif fields["mode"] == "tricks":
        fields.update(tricks_by_place(data, playing, len(results) - 1))
        if "toppled" in form.choices and data.draw(st.integers(0, 5)) == 0:
            fields["toppled"] = "on"
    else:
        fields["grid_side"] = pick(["def", "decl"])
        for name in (n for n in form.values if n.startswith("card_")):
            fields[name] = pick(["", "", "in", "in", "discard"])
    table.save(form, page, fields)


def tricks_by_place(data, places: list[str], total: int) -> dict:
    """``total`` tricks shared at random among ``places``, as the steppers post them."""
    size = len(places) - 1
    cuts = sorted(data.draw(st.lists(st.integers(0, total), min_size=size, max_size=size)))
    counts = [b - a for a, b in zip([0, *cuts], [*cuts, total], strict=True)]
    return {f"tricks_{place}": str(n) for place, n in zip(places, counts, strict=True)}


def passed_out(table: Table, data) -> None:
    found = table.hand_form()
    if found is not None:
        table.save(*found, {}, "passed")


def hand_numbers(table: Table, played: bool = False) -> list[int]:
    hands = table.session.hands.all()
    if played:
        hands = hands.filter(status=Hand.PLAYED)
    return sorted(hands.values_list("number", flat=True))


def new_stake(table: Table, data) -> None:
    numbers = hand_numbers(table)
    start = data.draw(st.integers(1, (numbers[-1] if numbers else 0) + 1))
    table.stake(data.draw(st.sampled_from(["", "0.05", "0.50", "2.00"])), start)


def edited(table: Table, data) -> None:
    numbers = hand_numbers(table, played=True)
    if numbers:
        table.edit(data.draw(st.sampled_from(numbers)))  # saved again as the page shows it


def deleted(table: Table, data) -> None:
    numbers = hand_numbers(table)
    if numbers:
        table.delete(data.draw(st.sampled_from(numbers)))


def undone(table: Table, data) -> None:
    if hand_numbers(table):
        table.undo()


def restored(table: Table, data) -> None:
    table.restore()


def seated(table: Table) -> list[str]:
    return [seat.player.name for seat in table.session.seat_list]


def joined(table: Table, data) -> None:
    names = [name for name in POOL if name not in seated(table)]
    if not names:
        return
    change = {"name": data.draw(st.sampled_from(names))}
    after = data.draw(st.sampled_from([None, *seated(table)]))
    if after is not None:  # else the page's own choice: after the last seat
        change["after"] = after
    per_hand = data.draw(st.sampled_from([None, "3", "4", "5", "6", "7"]))
    if per_hand is not None:  # else as many as the page has ticked
        change["per_hand"] = per_hand
    table.players("join", **change)


def left(table: Table, data) -> None:
    if seated(table):
        table.players("leave", who=data.draw(st.sampled_from(seated(table))))


def dealt_in(table: Table, data) -> None:
    table.players("deal_in", per_hand=data.draw(st.sampled_from(["3", "4", "5", "6", "7"])))


STEPS = {
    "hand": random_hand,
    "passed": passed_out,
    "stake": new_stake,
    "edit": edited,
    "delete": deleted,
    "undo": undone,
    "restore": restored,
    "join": joined,
    "leave": left,
    "deal_in": dealt_in,
}


def a_night(table: Table, data) -> None:
    """New game for a game and a table drawn at random, then steps drawn at random."""
    variant = data.draw(st.sampled_from(sorted(VARIANTS)))
    engine = find_variant(variant)
    most = max(engine.players)
    counts = [n for n in range(2, most + MAX_SITTING_OUT + 1) if engine.can_seat(n) or n > most]
    count = data.draw(st.sampled_from([n for n in counts if n <= len(POOL)]))
    table.start(
        variant,
        POOL[:count],
        stake=data.draw(st.sampled_from(["", "0.10"])),
        first_dealer=str(data.draw(st.integers(1, count))),
    )
    weights = ["hand"] * 5 + list(STEPS)
    for step in data.draw(st.lists(st.sampled_from(weights), min_size=1, max_size=12)):
        STEPS[step](table, data)
    if data.draw(st.booleans()):
        table.end()


def test_fuzz_nights_at_the_table_come_back_the_same(owner, owner_client):
    """Any night kept through the table's pages, exported and imported into an empty
    league, is the same league."""

    @NIGHT
    @given(data=st.data())
    def run(data):
        with transaction.atomic():
            league = make_league(owner, name="Night")
            a_night(Table(owner_client, league, lenient=True), data)
            restored = make_league(owner, name="Restored")
            assert_the_same_after_a_round_trip(owner_client, league, restored)
            transaction.set_rollback(True)

    run()
