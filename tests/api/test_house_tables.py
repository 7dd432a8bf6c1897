"""A table's own score numbers through the API, table by table as the spec prints them:
every table's names and bounds for ``score_values`` and the errors' fields; and every
option and choice of ``GET /variants`` is taken by its variant and refused by the others."""

import pytest

from tests.api.support import decode, error_of

TAIWAN = [
    f"{kind}_{row}_{role}"
    for kind, roles in (
        ("standard", ("napoleon", "secretary", "defender")),
        ("dictator", ("napoleon", "defender")),
    )
    for row in ("made", "over", "short", "failed")  # failed: a fixed amount, rules-house §8.10.1
    for role in roles
]
WINS = [
    "made_napoleon",
    "made_adjutant",
    "made_opponent",
    "failed_napoleon",
    "failed_adjutant",
    "failed_opponent",
    "alone_made_napoleon",
    "alone_made_opponent",
    "alone_failed_napoleon",
    "alone_failed_opponent",
]
CHIPS = [
    f"{row}_{role}"
    for row in ("made", "failed", "siberian", "twenty_made", "twenty_failed")
    for role in ("napoleon", "general", "opponent")
]
MIGHTY = [
    "declarer",
    "friend",
    "opponent",
    "alone_declarer",
    "alone_opponent",
    "run_multiplier",
    "back_run_multiplier",
    "bid_20_multiplier",
]
PAGAT_ONLY = ["no_trump_multiplier", "alone_multiplier"]
NAP_CALLS = ("one", "two", "three", "misere", "four", "nap", "wellington", "blucher")
NAP = [f"{call}_{result}" for call in NAP_CALLS for result in ("made", "failed")]

MULTIPLIER = (1, 16)
# (id, variant, players, other options, {name: (low, high)}) — the spec's names and bounds.
TABLES = [
    ("taiwan", "taiwan", 5, {}, dict.fromkeys(TAIWAN, (-100000, 100000))),
    ("taiwan-balanced", "taiwan", 4, {"four_player_table": "balanced"}, None),
    ("hongkong", "hongkong", 5, {}, dict.fromkeys(TAIWAN, (-100000, 100000))),
    ("japanese-wins", "japanese", 5, {}, dict.fromkeys(WINS, (-1000, 1000))),
    (
        "japanese-chips",
        "japanese",
        5,
        {"score_table": "chips"},
        {**dict.fromkeys(CHIPS, (-1000, 1000)), "alone_multiplier": MULTIPLIER},
    ),
    (
        "japanese-chip",
        "japanese-chip",
        5,
        {},
        {**dict.fromkeys(CHIPS, (-1000, 1000)), "alone_multiplier": MULTIPLIER},
    ),
    ("thai", "thai", 5, {}, dict.fromkeys(["win", "loss", "draw"], (-1000, 1000))),
    (
        "mighty-seed",
        "mighty",
        5,
        {},
        {**dict.fromkeys(MIGHTY[:5], (-1000, 1000)), **dict.fromkeys(MIGHTY[5:], MULTIPLIER)}
        | {"base": (0, 20)},
    ),
    (
        "mighty-pagat",
        "mighty",
        5,
        {"formula": "pagat"},
        {**dict.fromkeys(MIGHTY[:5], (-1000, 1000)), **dict.fromkeys(MIGHTY[5:], MULTIPLIER)}
        | {"base": (0, 20), "bid_weight": (0, 10)}
        | dict.fromkeys(PAGAT_ONLY, MULTIPLIER),
    ),
    (
        "mighty-pagat-p10",
        "mighty",
        5,
        {"formula": "pagat_p10"},
        {**dict.fromkeys(MIGHTY[:5], (-1000, 1000)), **dict.fromkeys(MIGHTY[5:], MULTIPLIER)}
        | {"base": (0, 20)}
        | dict.fromkeys(PAGAT_ONLY, MULTIPLIER),
    ),
    *(
        (
            f"mighty-{formula}",
            "mighty",
            players,
            {"formula": formula},
            {**dict.fromkeys(MIGHTY[:5], (-1000, 1000)), **dict.fromkeys(MIGHTY[5:], MULTIPLIER)}
            | dict.fromkeys(PAGAT_ONLY, MULTIPLIER),
        )
        for formula, players in (("pagat_pm", 5), ("pagat_pm1", 4))
    ),
    (
        "nap",
        "nap",
        4,
        {},
        {**dict.fromkeys(NAP, (0, 100000)), "garnet_failed_multiplier": MULTIPLIER},
    ),
    (
        "nap-classic",
        "nap",
        4,
        {"payout": "classic"},
        {**dict.fromkeys(NAP, (0, 100000)), "garnet_failed_multiplier": MULTIPLIER},
    ),
]
TABLES = [
    (t[0], t[1], t[2], t[3], t[4] or dict.fromkeys(TAIWAN, (-100000, 100000))) for t in TABLES
]
IDS = [t[0] for t in TABLES]
ALL_NAMES = sorted({name for t in TABLES for name in t[4]} | {"nonsense"})


def auction(post, variant, players, options):
    """An empty auction: the cheapest request that reads a table's options."""
    body = {"variant": variant, "players": players, "options": options, "dealer": 0, "calls": []}
    body |= {"previous_napoleon": None, "previous_adjutant": None}
    return post("auction", body)


@pytest.mark.parametrize(
    ("variant", "players", "options", "table"), [t[1:] for t in TABLES], ids=IDS
)
def test_it_takes_every_name_of_the_table_at_its_bounds(post, variant, players, options, table):
    for name, (low, high) in table.items():
        for value in (low, high):
            own = {**options, "score_values": {name: value}}
            response = auction(post, variant, players, own)
            assert response.status_code == 200, (name, value, response.content)


@pytest.mark.parametrize(
    ("variant", "players", "options", "table"), [t[1:] for t in TABLES], ids=IDS
)
def test_it_refuses_a_number_outside_the_bounds_or_not_a_json_integer(
    post, variant, players, options, table
):
    for name, (low, high) in table.items():
        for value in (low - 1, high + 1, True, False, 1.0, "1", None, [1]):
            own = {**options, "score_values": {name: value}}
            response = auction(post, variant, players, own)
            assert response.status_code == 400, (name, value)
            assert error_of(response)["field"] == f"options.score_values.{name}"


@pytest.mark.parametrize(
    ("variant", "players", "options", "table"), [t[1:] for t in TABLES], ids=IDS
)
def test_it_refuses_a_name_of_another_table_listing_this_ones(
    post, variant, players, options, table
):
    for name in ALL_NAMES:
        if name in table:
            continue
        response = auction(post, variant, players, {**options, "score_values": {name: 1}})
        assert response.status_code == 400, name
        error = error_of(response)
        assert error["field"] == f"options.score_values.{name}"
        listed = error["error"].rsplit(":", 1)[1].strip().rstrip(".")
        assert sorted(listed.split(", ")) == sorted(table), error


@pytest.mark.parametrize("value", [[], 1, "win", True, None])
@pytest.mark.parametrize("variant", ["taiwan", "thai", "mighty", "nap"])
def test_it_refuses_score_values_that_are_not_an_object(post, variant, value):
    players = 4 if variant == "nap" else 5
    response = auction(post, variant, players, {"score_values": value})
    assert response.status_code == 400
    assert error_of(response)["field"] == "options.score_values"


# ---- every option of GET /variants ---------------------------------------------------------


@pytest.fixture
def catalogue(client):
    body = decode(client.get("/api/v1/variants"))
    return {entry["code"]: entry for entry in body["variants"]}


def _players(entry):
    return 5 if 5 in entry["players"] else entry["players"][1]


def test_it_takes_every_choice_of_every_option(post, catalogue):
    for code, entry in catalogue.items():
        for option in entry["options"]:
            if option["type"] in ("choice", "bool"):
                values = option["choices"]
            elif option["type"] == "int":
                values = option["choices"]  # [min, max]
            else:
                values = [option["default"]]
            for value in values:
                response = auction(post, code, _players(entry), {option["name"]: value})
                assert response.status_code == 200, (code, option["name"], value)


def test_it_refuses_an_option_of_another_variant(post, catalogue):
    for code, entry in catalogue.items():
        own = {o["name"] for o in entry["options"]}
        for other in catalogue.values():
            for option in other["options"]:
                if option["name"] in own:
                    continue
                value = option["default"]
                if isinstance(value, dict) and option["type"] != "object":
                    value = next(iter(value.values()))
                response = auction(post, code, _players(entry), {option["name"]: value})
                assert response.status_code == 400, (code, option["name"])
                assert error_of(response)["field"] == f"options.{option['name']}"
