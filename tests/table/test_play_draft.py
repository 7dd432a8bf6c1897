"""The play being tapped (scoring.table.play): what the form's hidden field may hold, and what
each tap does to the record so far. The engine judges the result elsewhere
(tests/table/test_play_at_table.py); here only the draft's own bookkeeping."""

import pytest

from scoring.table import play
from scoring.table.play import Draft, Tap

POINTS = frozenset({"SA", "SK", "HA"})


@pytest.mark.parametrize(
    "text",
    [
        "[]",
        "{not json",
        '{"depth": "all"}',
        '{"tricks": {}}',
        '{"tricks": [{"plays": ["SA"], "who": 1}]}',
        '{"tricks": [{"plays": "SA"}]}',
        '{"tricks": [{"plays": [1]}]}',
        '{"tricks": [{"winner": true}]}',
        '{"tricks": [{"winner": 1, "points": ["SA", 2]}]}',
        '{"tricks": [{"plays": ["BJ"], "lead_suit": "X"}]}',
        '{"rest": "1"}',
        '{"points": ["SAAA"]}',
        "x" * 9000,
    ],
)
def test_it_refuses_a_field_this_page_did_not_write(text):
    with pytest.raises(play.Unreadable):
        play.read(text)


def test_it_reads_back_what_it_writes():
    draft = Draft("points", ({"winner": 1, "points": ["SA"]}, {"plays": ["SK", None]}), ("HA",), 2)
    assert play.read(draft.text()) == draft
    assert play.read("") == Draft() and Draft().text() == ""


def applied(taps, live=3, draft=None):
    draft = draft or Draft()
    for raw in taps:
        action, _sep, value = raw.partition(":")
        draft = play.apply(draft, Tap(action, value), live, POINTS)
    return draft


@pytest.mark.parametrize(
    ("taps", "tricks"),
    [
        (
            ["card:SA", "card:S2", "card:S3", "card:SK"],
            [{"plays": ["SA", "S2", "S3"]}, {"plays": ["SK"]}],
        ),
        (
            ["card:SA", "unknown", "card:S3", "won:1"],
            [{"plays": ["SA", None, "S3"], "winner": 1, "points": ["SA"]}],
        ),
        (
            ["card:SA", "unknown", "card:S3", "point:SK", "won:1"],
            [{"plays": ["SA", None, "S3"], "winner": 1, "points": ["SA", "SK"]}],
        ),
        (
            ["point:HA", "won:2", "won:0"],
            [{"winner": 2, "points": ["HA"]}, {"winner": 0, "points": []}],
        ),
        (["point:HA", "point:HA", "won:2"], [{"winner": 2, "points": []}]),
        (["card:SA", "unknown", "card:S3", "won:1", "undo"], [{"plays": ["SA", None, "S3"]}]),
        (["won:1", "undo"], []),
        (["card:SA", "undo", "undo"], []),
        (["won:x"], []),
    ],
)
def test_it_applies_each_tap(taps, tricks):
    assert list(applied(taps).tricks) == tricks


def test_it_takes_back_a_point_card_then_a_claim_before_a_trick():
    draft = applied(["won:1", "claim:2", "point:SA"])
    assert (draft.points, draft.rest) == (("SA",), 2)
    draft = applied(["undo"], draft=draft)
    assert (draft.points, draft.rest) == ((), 2)
    draft = applied(["undo"], draft=draft)
    assert draft.rest is None and len(draft.tricks) == 1


def test_it_keeps_the_depth_while_a_trick_is_being_played():
    assert applied(["card:SA", "depth:points"]).depth == ""
    assert applied(["depth:points"]).depth == "points"
    assert applied(["depth:everything"]).depth == ""


def test_it_leaves_an_open_trick_out_of_what_is_judged():
    draft = applied(["card:SA", "unknown", "card:S3"])
    assert play.open_trick(draft, 3) is not None
    assert play.judged_tricks(draft, 3) == []
