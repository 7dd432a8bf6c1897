"""The compact notation of a hand record (record.md §9): its grammar and the offset of the
first character it cannot read, fields and marks given twice, the JSON record it stands for,
and the canonical notation every answer carries."""

import pytest

from scoring.rules.errors import NotationError, RulesError
from scoring.rules.record import read_notation
from tests.rules.test_record import judged

NAP = "NR1.nap.4.1.three"
TAIWAN_143 = (
    "NR1.taiwan.5.1.5C.k~DK.x~SASTD4C9.HABJH6H7HT.S8SJSKS9CJ.D2DAHJDKD7.C8H8C7C4C3.DJDQD6DTC6."
    "S6S2S7H9SQ.H5H2CAH3HK.CQD5CKD9HQ.D3D8S3C2S4.C5H4CTS5LJ"
)


@pytest.mark.parametrize(
    ("text", "offset"),
    [
        ("", 0),
        ("NR2", 2),
        ("NR1.nap", 7),  # ends too early
        ("NR1.napx.4.1.three", 7),
        ("NR1.nap.123.1.three", 10),
        ("NR1.nap.4.12.three", 11),
        ("NR1.nap.4.1.Three", 12),
        ("NR1.nap.4.1.three.", 18),
        ("NR1.nap.4.1.three.w1.k~SA", 21),  # a field after a trick
        ("NR1.nap.4.1.three.S1", 19),
        ("NR1.nap.4.1.three.w", 19),
        ("NR1.nap.4.1.three.HAw1H2", 22),  # a play after a mark
        ("NR1.nap.4.1.three.u~Joker~true", 20),
        ("NR1.nap.4.1.three.v~previous_x~1", 29),
        ("NR1.nap.4.1.three.x~S", 21),
        ("NR1.nap.4.1.three.q~10", 21),
        ("NR1.japanese-chi.5.0.13S", 16),
        ("NR1.nap.4.1.three.w1 ", 20),
    ],
)
def test_it_names_the_first_character_it_cannot_read(text, offset):
    with pytest.raises(NotationError) as caught:
        read_notation(text)
    assert caught.value.field == f"notation[{offset}]"


@pytest.mark.parametrize(
    ("text", "offset"),
    [
        (NAP + ".k~SA.k~SK", 23),
        (NAP + ".u~joker~true.u~joker~false", 31),
        (NAP + ".u~score_values~two_made~3.u~score_values~two_made~4", 44),
        (NAP + ".u~score_values~two_made~3.u~score_values~3", 44),
        (NAP + ".u~score_values~3.u~score_values~two_made~3", 35),
        (NAP + ".h~1~SA.h~1~SK", 25),
        (NAP + ".v~previous_napoleon~1.v~previous_napoleon~n", 40),
        (NAP + ".HAw1w2", 22),
        (NAP + ".w1.w0pjj", 25),
    ],
)
def test_it_names_a_field_or_mark_given_twice_at_its_second_place(text, offset):
    with pytest.raises(NotationError) as caught:
        read_notation(text)
    assert caught.value.field == f"notation[{offset}]"


def test_different_entries_of_one_object_option_are_not_twice():
    record = read_notation(NAP + ".u~score_values~two_made~3.u~score_values~nap_made~9.h~1~.h~2~SA")
    assert record["options"] == {"score_values": {"two_made": 3, "nap_made": 9}}
    assert record["hands"] == {"1": [], "2": ["SA"]}


def test_it_stands_for_the_json_record():
    text = "NR1.mighty.5.0.15NT.u~first_trick_friend~false.u~trump_change_cost~suit~3.q~2.a~n.x~STJK.d~4.f~1.r~3.JK-C3pSTlSjoz.w4p"
    assert read_notation(text) == {
        "variant": "mighty",
        "players": 5,
        "declarer": 0,
        "contract": "15NT",
        "options": {"first_trick_friend": False, "trump_change_cost": {"suit": 3}},
        "sitting_out": 2,
        "partner": None,
        "discards": ["S10", "JK"],
        "dealer": 4,
        "first": 1,
        "rest": 3,
        "tricks": [
            {
                "plays": ["JK", None, "C3"],
                "points": ["S10"],
                "lead_suit": "S",
                "joker_called": True,
                "secretary_ordered": True,
                "toppled": True,
            },
            {"winner": 4, "points": []},
        ],
    }


def test_a_free_auction_writes_each_call_after_its_seat():
    text = "NR1.thai.5.3.2S.u~auction_order~free.c~2pass~32S~0pass~x.w3"
    assert read_notation(text)["calls"] == [
        {"seat": 2, "call": "pass"},
        {"seat": 3, "call": "2S"},
        {"seat": 0, "call": "pass"},
        "x",
    ]
    assert read_notation("NR1.thai.5.3.2S.c~2pass")["calls"] == ["2pass"]


@pytest.mark.parametrize(
    ("text", "status", "field"),
    [
        (NAP + ".u~joker~maybe", 400, "options.joker"),
        (NAP + ".u~score_values~5", 400, "options.score_values"),
        (NAP + ".u~stripped_deck~maybe~1", 400, "options.stripped_deck"),
        (NAP + ".u~yoromeki~HQ", 400, "options.yoromeki"),
        ("NR1.nap.4.7.three", 400, "declarer"),
        ("NR1.nap.11.1.three", 400, "players"),
        ("NR1.nap.4.1.twelve", 400, "contract"),
        (NAP + ".k~SA", 422, "called_card"),
        (NAP + ".HAH5H9H2.HKS3DKHA", 400, "tricks[1].plays[3]"),
        ("NR1.taiwan.5.1.5C.HABJH6H7HT", 400, "called_card"),
    ],
)
def test_every_other_fault_is_the_json_records(text, status, field):
    with pytest.raises(RulesError) as caught:
        judged({"notation": text})
    assert (400 if isinstance(caught.value, NotationError) else 422, caught.value.field) == (
        status,
        field,
    )


@pytest.mark.parametrize(
    "text",
    [
        "NR1.nap.4.1.three.HAH5H9H2.HKS3DKD4.HQS9H4D9.SAD7S5S8.w0",
        "NR1.nap.4.1.three.w1.w1.w1.w1.w0",
        TAIWAN_143,
        "NR1.taiwan.5.1.5C.k~DK.S4S9SKSA-w0pSASK",
        "NR1.thai.5.0.3H.a~n.D4-D6--z",
        "NR1.mighty.6.0.14S.u~discards_to~opponents.q~2.a~n.x~SAS4S3.w3pSKSQ.H9H8H7",
        "NR1.nap.4.1.misere.u~joker~true.w2.JK-H3H4w0lS",
        "NR1.japanese.5.2.13S.u~all_pass~previous_napoleon.d~1.v~previous_napoleon~n.c~13S~pass~pass~pass~pass",
    ],
)
def test_a_canonical_notation_reads_back_as_itself(text):
    answer = judged({"notation": text})
    assert answer.notation == text


def test_the_canonical_notation_leaves_out_what_is_derived_or_ignored():
    body = {
        "variant": "taiwan",
        "players": 5,
        "declarer": 1,
        "contract": "5c",
        "called_card": "dk",
        "leader": 2,
        "options": {"first_lead": "napoleon_left", "score_values": {"standard_made_napoleon": 100}},
        "dealer": 3,
        "discards": ["D4", "SA"],
        "tricks": [
            {
                "plays": ["HA", "BJ", "H6", "H7", "H10"],
                "winner": 3,
                "points": ["HA"],
                "lead_suit": "S",
            },
            {"plays": [None] * 5, "winner": 3, "points": []},
        ],
    }
    assert judged(body).notation == (
        "NR1.taiwan.5.1.5C.u~score_values~standard_made_napoleon~100.k~DK.x~SAD4.HABJH6H7HT.w3p"
    )
