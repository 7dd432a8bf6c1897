"""POST /api/v1/record through the Django test client (record.md): the answer's shape, the
status codes and field paths of its refusals, the notation in and out, the score that
``/score`` gives for the same result, and ``lang``."""

import copy

import pytest

from tests.api.record_bodies import NAP_EXAMPLE, RECORDS, TAIWAN_NOTATION
from tests.api.support import decode, error_of

ANSWER_FIELDS = {
    "variant", "players", "declarer", "contract", "trump", "called_card", "partner", "tricks",
    "tricks_won", "captured", "discards", "claimed", "sides", "illegal_plays", "complete",
    "next", "auction", "score_request", "score", "notation",
}  # fmt: skip
TRICK_FIELDS = {
    "number", "leader", "seats", "plays", "finished", "judged", "winner", "card",
    "play_index", "reason", "points", "toppled",
}  # fmt: skip


@pytest.mark.parametrize("code", sorted(RECORDS))
def test_it_answers_every_field_of_record_md(post, code):
    response = post("record", RECORDS[code])
    assert response.status_code == 200, response.content
    answer = decode(response)
    assert set(answer) == ANSWER_FIELDS
    assert set(answer["partner"]) == {"seat", "alone", "known", "revealed", "by", "reason"}
    for trick in answer["tricks"]:
        assert set(trick) == TRICK_FIELDS
        assert len(trick["seats"]) == len(answer["tricks"][0]["seats"])
    assert set(answer["tricks_won"]) == {str(s) for s in range(answer["players"])}


def test_it_answers_the_record_md_example(post):
    answer = decode(post("record", NAP_EXAMPLE))
    assert answer["trump"] == "H" and answer["complete"] is True
    assert answer["partner"] == {
        "seat": None,
        "alone": True,
        "known": True,
        "revealed": None,
        "by": "no_partner",
        "reason": answer["partner"]["reason"],
    }
    first = answer["tricks"][0]
    assert (first["seats"], first["winner"], first["card"], first["play_index"]) == (
        [1, 2, 3, 0],
        1,
        "HA",
        0,
    )
    assert (
        first["reason"]
        == "♥A wins: the first card led made hearts trump, and ♥A is the highest of them."
    )
    assert answer["tricks_won"] == {"0": 1, "1": 4, "2": 0, "3": 0}
    [revoke] = answer["illegal_plays"]
    assert {k: revoke[k] for k in ("trick", "seat", "play_index", "card", "by", "proved_by")} == {
        "trick": 2,
        "seat": 3,
        "play_index": 2,
        "card": "DK",
        "by": "later_plays",
        "proved_by": {"card": "H4", "trick": 3},
    }
    assert answer["score_request"] == {
        "variant": "nap",
        "players": 4,
        "options": {},
        "declarer": 1,
        "contract": "three",
        "partner": None,
        "tricks": {"0": 1, "1": 4, "2": 0, "3": 0},
    }
    assert answer["score"]["deltas"] == {"0": 0, "1": 3, "2": 0, "3": 0}
    assert answer["notation"] == "NR1.nap.4.1.three.HAH5H9H2.HKS3DKD4.HQS9H4D9.SAD7S5S8.w0"


@pytest.mark.parametrize("code", sorted(RECORDS))
def test_its_score_is_the_one_score_gives_for_that_result(post, code):
    answer = decode(post("record", RECORDS[code]))
    if answer["score_request"] is None:
        assert answer["score"] is None
        assert not answer["complete"] or not answer["partner"]["known"]
        return
    assert decode(post("score", answer["score_request"])) == answer["score"]


@pytest.mark.parametrize("code", sorted(RECORDS))
def test_its_notation_stands_for_the_record(post, code):
    answer = decode(post("record", RECORDS[code]))
    again = decode(post("record", {"notation": answer["notation"], "lang": "en"}))
    assert again == answer


def test_the_notation_wins_over_every_other_field(post):
    body = {"notation": TAIWAN_NOTATION, "variant": "nap", "tricks": "nonsense", "players": 99}
    assert decode(post("record", body))["notation"] == TAIWAN_NOTATION


def _with(body, path, value):
    body = copy.deepcopy(body)
    target = body
    for step in path[:-1]:
        target = target[step]
    if value is ...:
        del target[path[-1]]
    else:
        target[path[-1]] = value
    return body


REFUSALS = [
    # (what is changed in the Nap example, status, field)
    (("variant",), "whist", 400, "variant"),
    (("players",), 11, 400, "players"),
    (("declarer",), 4, 400, "declarer"),
    (("contract",), "seven", 400, "contract"),
    (("partner",), 2, 422, "partner"),
    (("called_card",), "SA", 422, "called_card"),
    (("called_card",), "BJ", 400, "called_card"),
    (("leader",), 2, 422, "leader"),
    (("discards",), ["SA", "SA"], 400, "discards[1]"),
    (("discards",), ["C10"], 422, "discards"),
    (("hands",), {"5": []}, 400, "hands.5"),
    (("hands",), {"2": ["H5"]}, 400, "hands.2"),
    (("calls",), ["pass", "pass"], 400, "dealer"),
    (("tricks",), ..., 400, "tricks"),
    (("tricks",), [{"winner": 0}] * 6, 400, "tricks"),
    (("tricks", 0, "plays", 1), "H15", 400, "tricks[0].plays[1]"),
    (("tricks", 1, "plays", 0), "HA", 400, "tricks[1].plays[0]"),
    (("tricks", 1, "winner"), 3, 422, "tricks[1].winner"),
    (("tricks", 1, "points"), ["HK"], 422, "tricks[1].points"),
    (("tricks", 4, "winner"), ..., 400, "tricks[4].winner"),
    (("tricks", 4, "winner"), "0", 400, "tricks[4].winner"),
    (("tricks", 4, "points"), ["C2"], 422, "tricks[4].points[0]"),
    (("tricks", 0, "joker_called"), True, 422, "tricks[0].joker_called"),
    (("tricks", 0, "toppled"), None, 400, "tricks[0].toppled"),
    (("tricks", 0, "trump"), "S", 422, "tricks[0].trump"),
    (("rest",), 2, 422, "rest"),
    (("rest",), 9, 400, "rest"),
    (("notation",), 5, 400, "notation"),
    (("notation",), "NR1.nap.4.1.three.w5.", 400, "notation[21]"),
]


@pytest.mark.parametrize(("path", "value", "status", "field"), REFUSALS)
def test_it_refuses_with_the_field_path(post, path, value, status, field):
    response = post("record", _with(NAP_EXAMPLE, path, value))
    assert response.status_code == status, response.content
    assert error_of(response)["field"] == field


def test_it_refuses_a_body_that_is_no_object_and_a_get(post, client):
    assert error_of(post("record", [NAP_EXAMPLE]))["field"] == ""
    assert client.get("/api/v1/record").status_code == 405
    assert post("record/", NAP_EXAMPLE).status_code == 200


@pytest.mark.parametrize(
    ("lang", "reason"),
    [
        ("en", "Nap has no partner: the bidder plays alone."),
        ("fr", None),
        ("ja", None),
    ],
)
def test_it_speaks_the_language_asked_for(post, lang, reason):
    answer = decode(post("record", {**NAP_EXAMPLE, "lang": lang}))
    english = "Nap has no partner: the bidder plays alone."
    if reason is not None:
        assert answer["partner"]["reason"] == reason
    else:
        assert answer["partner"]["reason"] != english
        assert (
            answer["illegal_plays"][0]["reason"]
            != decode(post("record", NAP_EXAMPLE))["illegal_plays"][0]["reason"]
        )
    assert answer["notation"] == decode(post("record", NAP_EXAMPLE))["notation"]


def test_its_errors_speak_the_language_asked_for(post):
    body = {**NAP_EXAMPLE, "leader": 2}
    english = error_of(post("record", body))["error"]
    french = error_of(post("record", {**body, "lang": "fr"}))["error"]
    assert english.startswith("Trick 1 is led by seat 1") and french != english


@pytest.mark.parametrize("code", ["nap", "taiwan-notation", "japanese"])
def test_each_judged_trick_is_judged_as_trick_judges_it(post, code):
    """The winner, card and reason of every seen trick are /trick's for that trick."""
    answer = decode(post("record", RECORDS[code]))
    judged = [t for t in answer["tricks"] if t["judged"]]
    assert judged
    for trick in judged:
        body = {
            "variant": answer["variant"],
            "players": answer["players"],
            "trick": trick["number"],
            "leader": trick["leader"],
            "plays": trick["plays"],
            "trump": answer["trump"],
            "contract": answer["contract"] if answer["variant"] == "nap" else None,
            "called_card": answer["called_card"],
        }
        alone = decode(post("trick", {k: v for k, v in body.items() if v is not None}))
        assert {k: trick[k] for k in ("winner", "card", "play_index", "reason")} == alone
