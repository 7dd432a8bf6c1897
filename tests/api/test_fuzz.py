"""Property tests: whatever the body, the API answers a JSON object, never a 500, and its
view logs no unexpected exception."""

import copy
import json
import logging
import math

import pytest
from django.test import Client
from hypothesis import HealthCheck, given
from hypothesis import strategies as st

from tests.api.support import API, ENDPOINTS
from tests.fuzzing import fuzz_settings

pytestmark = [
    pytest.mark.slow,
    pytest.mark.filterwarnings("ignore::hypothesis.errors.NonInteractiveExampleWarning"),
]

FUZZ = fuzz_settings(
    80,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)

FIELDS = [
    "variant", "players", "options", "trump", "trick", "leader", "called_card", "plays",
    "lead_suit", "joker_called", "contract", "lang", "hand", "secretary_ordered", "declarer",
    "dealer", "first", "calls", "partner", "captured", "discards", "declarer_points", "tricks",
    "toppled", "previous_napoleon", "previous_adjutant", "sitting_out",
    # record.md
    "notation", "hands", "rest", "winner", "points",
]  # fmt: skip
OPTION_NAMES = [
    "bid_style", "pass_is_final", "blind_shown", "discards_shown", "secretary_order",
    "joker_summon", "summoned_joker_loses", "first_lead", "score_table", "bid_suit_order",
    "min_bid", "no_trump_bid", "almighty_is_trump", "ura_jack_is_trump", "same_two",
    "same_two_first_trick", "same_two_with_joker", "yoromeki", "first_trick_specials_plain",
    "siberian", "auction_order", "first_two_beats_specials", "tie", "betrayal_friend",
    "all_pass", "trump_change_cost", "first_trick_friend", "joker_powerless_first_last",
    "formula", "stripped_deck", "misere_no_trump", "nap_scoring", "score_values",
    # the Japanese family's house rules
    "yoromeki_loses_to_jacks", "dq_beats_trump_jack", "hunting_jack", "same_two_rank",
    "same_two_in_trump", "same_two_led_joker", "led_joker_rank", "plain_jack_lowest",
    "first_trick_plain", "plain_tricks", "plain_trick_specials", "joker_call", "almighty_call",
    "joker_any_time", "ura_jack_any_time", "joker_lead_picture_request",
    "first_trick_restriction", "all_twenty", "discards_to",
    # the other games' house rules
    "four_player_table", "ripper_without_call", "called_joker_has_power",
    "joker_call_last_trick", "ripper_first_trick", "mighty_defense", "first_trick_trumps",
    "alone_doubles", "no_trump_doubles", "back_run", "bid_20_doubles",
    "deal_miss", "deal_miss_values", "payout", "sir_garnet", "joker",
    # the house rules a differential test found (rules-house.md §8.10)
    "mighty_powerless", "alone_doubles_failed", "bid_20_doubles_failed", "failed_pays_back",
    "made_at_least_one",
]  # fmt: skip
WORDS = [
    "taiwan", "hongkong", "japanese", "japanese-chip", "thai", "mighty", "nap",
    "SA", "sa", "HT", "H10", "C2", "D3", "JK", "BJ", "LJ", "S1", "♠A", "pass", "PASS",
    "13S", "14NT", "20NT", "21S", "8NT", "1C", "9", "16", "3H", "two", "misère", "blücher",
    "wellington", "nap", "S", "H", "D", "C", "NT", "X", "", " ", "0", "-1", "1e3",
    "HQ", "HA", "off", "free", "in_turn", "second_round", "min_12", "redeal", "number",
    "chips", "stakes", "pagat", "draw", "en", "ja", "zh-hant", "\x00", "\ud7ff", "🂡",
    "HA_after", "S3_led", "C3_led", "S3_played", "widow_shown", "previous_napoleon",
    "previous_adjutant", "never_wins", "lowest_trump", "top", "below_jacks", "first_and_last",
    "almighty_and_jacks", "no_joker_no_trump", "bonus", "fails", "napoleon", "seat", "call",
    "made_napoleon", "alone_multiplier", "siberian_opponent",
    "dealmiss", "DEALMISS", "one", "garnet", "on", "balanced", "classic", "dealer_bids_one",
    "pagat_p10", "pagat_pm", "pagat_pm1", "opponents_10", "lead_and_call", "made_only",
    "point", "ten", "max", "base", "standard_made_napoleon", "nap_failed", "declarer",
    "NR1.nap.4.1.three.w1", "NR1.taiwan.5.1.5C.k~DK.w0p", "NR1.thai.5.0.3H.D4-D6--z", "NR1.",
    "target", "defenders", "starter_12S", "12S", "3NT", "standard_failed_napoleon",
    "dictator_failed_defender", "first", "last", "highest",
]  # fmt: skip

scalars = (
    st.none()
    | st.booleans()
    | st.integers(-3, 25)
    | st.integers(min_value=-(2**80), max_value=2**80)
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.sampled_from(WORDS)
    | st.text(max_size=8)
)
json_values = st.recursive(
    scalars,
    lambda inner: (
        st.lists(inner, max_size=6)
        | st.dictionaries(st.sampled_from(FIELDS + WORDS) | st.text(max_size=5), inner, max_size=6)
    ),
    max_leaves=25,
)
# values that pass for one type or another: seats, cards, calls, by-seat objects
plausible = (
    json_values
    | st.lists(st.sampled_from(WORDS), max_size=11)
    | st.dictionaries(st.sampled_from([str(n) for n in range(-1, 12)]), json_values, max_size=5)
    | st.dictionaries(st.sampled_from(OPTION_NAMES), scalars, max_size=4)
    | st.sampled_from([math.nan, math.inf, -math.inf, 1e308, -0.0, 5.0])
)


def paths(value, prefix=()):
    """Every place inside a JSON value, as a tuple of keys and indices."""
    yield prefix
    if isinstance(value, dict):
        for key, item in value.items():
            yield from paths(item, (*prefix, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield from paths(item, (*prefix, index))


def container_of(body, path):
    for step in path[:-1]:
        body = body[step]
    return body


@st.composite
def mutated(draw, bodies):
    body = copy.deepcopy(draw(st.sampled_from(bodies)))
    for _ in range(draw(st.integers(1, 4))):
        places = [p for p in paths(body) if p]
        action = draw(st.sampled_from(["delete", "replace", "replace", "add", "option"]))
        if action == "add" or not places:
            body[draw(st.sampled_from(FIELDS))] = draw(plausible)
        elif action == "option":
            options = body.get("options")
            if not isinstance(options, dict):
                options = body["options"] = {}
            options[draw(st.sampled_from(OPTION_NAMES))] = draw(plausible)
        else:
            path = draw(st.sampled_from(places))
            parent = container_of(body, path)
            if action == "delete":
                del parent[path[-1]]
            else:
                parent[path[-1]] = draw(plausible)
        if not isinstance(body, dict):
            break
    return body


def check(response, body=None):
    assert response.status_code in (200, 400, 404, 405, 422), (response.status_code, body)
    answer = json.loads(response.content)
    assert isinstance(answer, dict), answer
    if response.status_code >= 400:
        assert set(answer) == {"error", "field"}, answer
        assert isinstance(answer["error"], str) and answer["error"].strip(), answer
        field = answer["field"]
        assert isinstance(field, str), answer
        if field and isinstance(body, dict):
            root = field.split(".")[0].split("[")[0]
            assert root in body or root in FIELDS, (field, body)


@pytest.fixture
def api():
    return Client()


@pytest.fixture
def no_logged_errors(caplog):
    """A function that fails when the API view logged an error since the last call."""
    caplog.set_level(logging.ERROR, logger="scoring.api.views")

    def verify():
        logged = [
            r.getMessage()
            for r in caplog.records
            if r.name == "scoring.api.views" and r.levelno >= logging.ERROR
        ]
        caplog.clear()
        assert not logged, logged

    return verify


def send(api, endpoint, body):
    raw = json.dumps(body) if not isinstance(body, str | bytes) else body
    return api.post(f"{API}/{endpoint}", raw, content_type="application/json")


ALL_BODIES = [body for bodies in ENDPOINTS.values() for body in bodies.values()]


@pytest.mark.parametrize("endpoint", sorted(ENDPOINTS))
def test_it_answers_every_valid_example(api, endpoint):
    for code, body in ENDPOINTS[endpoint].items():
        response = send(api, endpoint, body)
        assert response.status_code == 200, (code, response.content)


@pytest.mark.parametrize("endpoint", sorted(ENDPOINTS))
def test_it_survives_mutated_bodies(api, no_logged_errors, endpoint):
    @FUZZ
    @given(body=mutated(list(ENDPOINTS[endpoint].values())))
    def run(body):
        check(send(api, endpoint, body), body)
        no_logged_errors()

    run()


@pytest.mark.parametrize("endpoint", sorted(ENDPOINTS))
def test_it_survives_bodies_of_other_endpoints(api, no_logged_errors, endpoint):
    @FUZZ
    @given(body=mutated(ALL_BODIES))
    def run(body):
        check(send(api, endpoint, body), body)
        no_logged_errors()

    run()


@pytest.mark.parametrize("endpoint", sorted(ENDPOINTS))
def test_it_survives_random_json(api, no_logged_errors, endpoint):
    @FUZZ
    @given(body=json_values | st.dictionaries(st.sampled_from(FIELDS), plausible, max_size=12))
    def run(body):
        check(send(api, endpoint, body), body)
        no_logged_errors()

    run()


@pytest.mark.parametrize("endpoint", sorted(ENDPOINTS))
def test_it_survives_random_bytes(api, no_logged_errors, endpoint):
    @FUZZ
    @given(raw=st.binary(max_size=64) | st.text(max_size=64))
    def run(raw):
        check(send(api, endpoint, raw))
        no_logged_errors()

    run()


NOTATION_CHARS = "NR1.~-0123456789SHDCTJQKABLwpltjozuqkaxhdfvcrn_eimgyps"


@st.composite
def notations(draw):
    """A valid notation with a few characters changed, added or taken away."""
    body = draw(st.sampled_from([b for b in ENDPOINTS["record"].values() if "notation" in b]))
    text = list(body["notation"])
    for _ in range(draw(st.integers(1, 4))):
        at = draw(st.integers(0, len(text)))
        action = draw(st.sampled_from(["insert", "delete", "replace"]))
        char = draw(st.sampled_from(NOTATION_CHARS))
        if action == "insert" or at == len(text):
            text.insert(at, char)
        elif action == "delete":
            del text[at]
        else:
            text[at] = char
    return "".join(text)


@FUZZ
@given(text=notations() | st.text(alphabet=NOTATION_CHARS, max_size=40))
def test_it_survives_any_notation(api, no_logged_errors, text):
    check(send(api, "record", {"notation": text}), {"notation": text})
    no_logged_errors()


@FUZZ
@given(
    path=st.text(alphabet="abcdefghijklmnopqrstuvwxyz-_/.%0123456789", max_size=20),
    method=st.sampled_from(["get", "post", "put", "patch", "delete", "head", "options"]),
)
def test_it_answers_any_api_path_in_json(path, method):
    response = getattr(Client(), method)(f"/api/{path}")
    assert response.status_code != 500
    if method != "head" and response.status_code >= 400:
        check(response)
