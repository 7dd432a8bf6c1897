"""POST /api/v1/legal-plays: every card of the hand is either legal or illegal, with a reason."""

import pytest

from tests.api.support import LEGAL, VARIANTS, decode, error_of


def split(post, body):
    response = post("legal-plays", body)
    assert response.status_code == 200, response.content
    result = decode(response)
    assert set(result) == {"legal", "illegal"}
    legal, illegal = result["legal"], result["illegal"]
    assert isinstance(legal, list) and isinstance(illegal, dict)
    assert len(legal) == len(set(legal))
    assert not set(legal) & set(illegal)
    for reason in illegal.values():
        assert isinstance(reason, str) and reason.strip()
    return set(legal), set(illegal)


def with_fields(code, **fields):
    body = dict(LEGAL[code][0])
    for name, value in fields.items():
        if value is ...:
            body.pop(name, None)
        else:
            body[name] = value
    return body


@pytest.mark.parametrize("code", VARIANTS)
def test_it_splits_the_hand(post, code):
    body, expected = LEGAL[code]
    legal, illegal = split(post, body)
    assert legal == expected
    assert legal | illegal == set(body["hand"])


def test_it_answers_in_canonical_codes(post):
    body = with_fields("taiwan", plays=["d5"], hand=["dt", "s3", "c4"])
    assert split(post, body) == ({"D10"}, {"S3", "C4"})


CASES = [
    ("void-plays-anything", "japanese", {"hand": ["HK", "D2", "S3"]}, {"HK", "D2", "S3"}),
    ("leading-anything", "thai", {"plays": [], "hand": ["D9", "C3", "SA"]}, {"D9", "C3", "SA"}),
    (
        "japanese-no-joker-lead-on-trick-1",
        "japanese",
        {"trick": 1, "plays": [], "hand": ["JK", "C5", "H3"]},
        {"C5", "H3"},
    ),
    (
        "japanese-joker-lead-later",
        "japanese",
        {"trick": 2, "plays": [], "hand": ["JK", "C5"]},
        {"JK", "C5"},
    ),
    (
        "japanese-almighty-keeps-its-suit",
        "japanese",
        {"plays": ["S5"], "hand": ["SA", "S9", "HK"]},
        {"SA", "S9"},
    ),
    (
        "japanese-almighty-must-follow-spades",
        "japanese",
        {"plays": ["S5"], "hand": ["SA", "HK"]},
        {"SA"},
    ),
    (
        "mighty-trick-1-no-joker-ripper-or-trump-lead",
        "mighty",
        {"trick": 1, "plays": [], "hand": ["JK", "C3", "H5", "S9", "D4"]},
        {"S9", "D4"},
    ),
    (
        "mighty-trick-1-only-trumps-left",
        "mighty",
        {"trick": 1, "plays": [], "hand": ["JK", "C3", "H5", "H9"]},
        {"H5", "H9"},
    ),
    (
        "mighty-joker-called",
        "mighty",
        {"trick": 3, "joker_called": True, "plays": ["C3"], "hand": ["JK", "C5", "SA"]},
        {"JK"},
    ),
    (
        "taiwan-jokers-any-time",
        "taiwan",
        {"hand": ["D9", "BJ", "LJ", "S3"]},
        {"D9", "BJ", "LJ"},
    ),
    (
        "taiwan-secretary-card-any-time",
        "taiwan",
        {"hand": ["D9", "HA", "S3"]},
        {"D9", "HA"},
    ),
    (
        "taiwan-secretary-ordered",
        "taiwan",
        {"secretary_ordered": True, "hand": ["D9", "HA", "S3"]},
        {"HA"},
    ),
    (
        "taiwan-big-joker-summoned",
        "taiwan",
        {"trick": 1, "plays": ["S2"], "joker_called": True, "hand": ["BJ", "S5", "H3"]},
        {"BJ"},
    ),
    (
        "taiwan-summon-and-order-clash",
        "taiwan",
        {
            "trick": 1,
            "plays": ["S2"],
            "joker_called": True,
            "secretary_ordered": True,
            "hand": ["BJ", "HA", "S5", "H3"],
        },
        {"BJ", "HA"},
    ),
    (
        "taiwan-any-play-summon",
        "taiwan",
        {
            "options": {"joker_summon": "any_play"},
            "trick": 7,
            "plays": ["S2"],
            "hand": ["BJ", "S5"],
        },
        {"BJ"},
    ),
    ("nap-last-card", "nap", {"trick": 5, "hand": ["S3"]}, {"S3"}),
]


@pytest.mark.parametrize(
    ("code", "fields", "expected"), [row[1:] for row in CASES], ids=[row[0] for row in CASES]
)
def test_it_applies_the_rules(post, code, fields, expected):
    body = with_fields(code, **fields)
    legal, illegal = split(post, body)
    assert legal == expected
    assert legal | illegal == set(body["hand"])


BAD = [
    ("hand-missing", "japanese", {"hand": ...}, 400, "hand"),
    ("hand-empty", "japanese", {"hand": []}, 400, "hand"),
    # japanese 5 players: 10 tricks, so trick 2 allows at most 9 cards
    (
        "hand-too-big",
        "japanese",
        {"hand": ["C9", "C10", "CJ", "CQ", "CK", "CA", "D2", "D3", "D4", "D5"]},
        400,
        "hand",
    ),
    ("hand-not-a-list", "japanese", {"hand": "C9"}, 400, "hand"),
    ("hand-bad-card", "japanese", {"hand": ["C9", "C1"]}, 400, "hand[1]"),
    ("hand-card-not-in-deck", "japanese", {"hand": ["C9", "BJ"]}, 400, "hand[1]"),
    ("hand-twice", "japanese", {"hand": ["C9", "HK", "c9"]}, 400, "hand[2]"),
    ("hand-and-plays", "japanese", {"hand": ["C5", "HK"]}, 400, "hand[0]"),
    ("plays-full", "nap", {"plays": ["H5", "H6", "H7", "H8"]}, 400, "plays"),
    ("plays-twice", "thai", {"plays": ["D5", "D5"]}, 400, "plays[1]"),
    ("secretary-ordered-not-bool", "taiwan", {"secretary_ordered": 1}, 400, "secretary_ordered"),
    (
        "napoleon-lead-only-needs-declarer",
        "taiwan",
        {"options": {"secretary_order": "napoleon_lead_only"}, "secretary_ordered": True},
        400,
        "declarer",
    ),
    ("declarer-out-of-range", "taiwan", {"declarer": 4}, 400, "declarer"),
    ("leader-out-of-range", "mighty", {"leader": 5}, 400, "leader"),
    ("trick-past-the-end", "nap", {"trick": 6}, 400, "trick"),
    ("japanese-joker-called", "japanese", {"joker_called": True}, 422, "joker_called"),
]


@pytest.mark.parametrize(
    ("code", "fields", "status", "field"), [row[1:] for row in BAD], ids=[row[0] for row in BAD]
)
def test_it_refuses_a_bad_request(post, code, fields, status, field):
    response = post("legal-plays", with_fields(code, **fields))
    assert response.status_code == status
    assert error_of(response)["field"] == field
