"""The Mighty's house rules on a trick (the joker, the ripper, the first trick; four and six
players), worked by hand.

Hearts trump unless said: the Mighty is ♠A, the ripper ♣3. Five players, ten tricks;
seat 0 leads. Each row names the house rule it tests and checks the reason names it.
"""

import pytest

from scoring.rules.errors import IllegalTrick, NotationError, OutOfRange
from tests.rules.trick_helpers import assert_partition, assert_winner, judge, row

KEEPS = ("keeps its power",)
POWERLESS = ("no power",)
FIRST_LAST = ("first and last",)
KEEP_UNCALLED = {"ripper_without_call": "joker_keeps_power"}
CALLED_POWER = {"called_joker_has_power": True}


def play(plays, context):
    context = {"trick": 2, "trump": "H", **context}
    return judge("mighty", plays, **context)


WINNERS = [
    # ripper_without_call
    row("uncalled-ripper-default-joker-powerless", "C3 C9 JK CK D2", "CK", kw=POWERLESS),
    row(
        "uncalled-ripper-joker-keeps-power",
        "C3 C9 JK CK D2",
        "JK",
        options=KEEP_UNCALLED,
        kw=KEEPS,
    ),
    row(
        "called-ripper-joker-keeps-power-rule-still-takes-it",
        "C3 JK HA C9 D2",
        "HA",
        options=KEEP_UNCALLED,
        joker_called=True,
        kw=("called the joker",),
    ),
    # called_joker_has_power
    row("called-joker-default-powerless", "C3 JK HA C9 D2", "HA", joker_called=True),
    row(
        "called-joker-has-power",
        "C3 JK HA C9 D2",
        "JK",
        options=CALLED_POWER,
        joker_called=True,
        kw=KEEPS,
    ),
    row(
        "called-joker-has-power-but-the-mighty-wins",
        "C3 JK SA HA D2",
        "SA",
        options=CALLED_POWER,
        joker_called=True,
    ),
    row(
        "called-joker-has-power-uncalled-ripper-still-powerless",
        "C3 C9 JK CK D2",
        "CK",
        options=CALLED_POWER,
    ),
    # joker_powerless_first_last wins over called_joker_has_power on the last trick.
    row(
        "called-power-loses-to-powerless-last-trick",
        "C3 JK HA C9 D2",
        "HA",
        trick=10,
        options={**CALLED_POWER, "joker_powerless_first_last": True},
        joker_called=True,
        kw=FIRST_LAST,
    ),
    row(
        "called-power-with-powerless-rule-middle-trick",
        "C3 JK HA C9 D2",
        "JK",
        trick=5,
        options={**CALLED_POWER, "joker_powerless_first_last": True},
        joker_called=True,
        kw=KEEPS,
    ),
    row(
        "uncalled-keeps-power-loses-to-powerless-first-trick",
        "C3 C9 JK CK D2",
        "CK",
        trick=1,
        options={
            **KEEP_UNCALLED,
            "ripper_first_trick": "lead_no_call",
            "joker_powerless_first_last": True,
        },
        kw=FIRST_LAST,
    ),
    # ripper_first_trick: a ripper led to trick 1 follows ripper_without_call.
    row(
        "first-trick-ripper-lead-no-call",
        "C3 C9 JK CK D2",
        "CK",
        trick=1,
        options={"ripper_first_trick": "lead_no_call"},
        kw=POWERLESS,
    ),
    row(
        "first-trick-ripper-lead-no-call-joker-keeps-power",
        "C3 C9 JK CK D2",
        "JK",
        trick=1,
        options={"ripper_first_trick": "lead_no_call", **KEEP_UNCALLED},
        kw=KEEPS,
    ),
    row(
        "first-trick-ripper-lead-and-call",
        "C3 JK HA C9 D2",
        "HA",
        trick=1,
        options={"ripper_first_trick": "lead_and_call"},
        joker_called=True,
    ),
    row(
        "first-trick-ripper-call-with-called-power",
        "C3 JK H2 C9 D2",
        "JK",
        trick=1,
        options={"ripper_first_trick": "lead_and_call", **CALLED_POWER},
        joker_called=True,
        kw=KEEPS,
    ),
    row(
        "last-trick-call-allowed-by-default",
        "C3 JK HA C9 D2",
        "HA",
        trick=10,
        joker_called=True,
    ),
]


@pytest.mark.parametrize(("plays", "expected", "kw", "context"), WINNERS)
def test_it_orders_the_trick_under_the_joker_rules(plays, expected, kw, context):
    assert_winner(play(plays, context), plays, expected, context.get("leader", 0), kw)


REFUSED = [
    # (id, plays, context, field)
    ("ripper-first-trick-default", "C3 C9 JK CK D2", {"trick": 1}, "plays[0]"),
    (
        "joker-lead-first-trick-whatever-the-ripper-rule",
        "JK C9 C5 CK D2",
        {"trick": 1, "lead_suit": "C", "options": {"ripper_first_trick": "lead_and_call"}},
        "plays[0]",
    ),
    (
        "lead-no-call-refuses-a-call",
        "C3 JK HA C9 D2",
        {"trick": 1, "joker_called": True, "options": {"ripper_first_trick": "lead_no_call"}},
        "joker_called",
    ),
    (
        "no-call-on-the-last-trick",
        "C3 JK HA C9 D2",
        {"trick": 10, "joker_called": True, "options": {"joker_call_last_trick": False}},
        "joker_called",
    ),
]


@pytest.mark.parametrize(
    ("plays", "context", "field"), [r[1:] for r in REFUSED], ids=[r[0] for r in REFUSED]
)
def test_it_refuses_a_trick_a_house_rule_forbids(plays, context, field):
    with pytest.raises(IllegalTrick) as refused:
        play(plays, context)
    assert refused.value.field == field
    assert "house rule" in refused.value.message or field == "plays[0]"


def test_it_takes_a_call_on_trick_9_when_the_last_trick_has_none():
    result = play(
        "C3 JK HA C9 D2",
        {"trick": 9, "joker_called": True, "options": {"joker_call_last_trick": False}},
    )
    assert result.card.code == "HA"


# ---- legal plays -------------------------------------------------------------------------

DEFENSE = {"mighty_defense": True}
LEGAL = [
    # mighty_defense: the joker's holder may answer the call with the Mighty instead.
    row("called-joker-must-play-it", "C3", "JK", hand="JK SA C5 H2", joker_called=True),
    row("mighty-defense", "C3", "JK SA", hand="JK SA C5 H2", joker_called=True, options=DEFENSE),
    row(
        "mighty-defense-without-the-mighty",
        "C3",
        "JK",
        hand="JK C5 H2",
        joker_called=True,
        options=DEFENSE,
    ),
    row(
        "mighty-defense-without-the-joker-follows-suit",
        "C3",
        "C5 SA",
        hand="SA C5 H2",
        joker_called=True,
        options=DEFENSE,
    ),
    # first_trick_trumps (trick 1, the declarer leads)
    row("lead-default-no-trump", "", "C5 D4", hand="H2 HK C5 D4", trick=1),
    row("lead-default-all-trumps", "", "H2 HK", hand="H2 HK JK", trick=1),
    row(
        "lead-free",
        "",
        "H2 HK C5",
        hand="H2 HK C5 JK",
        trick=1,
        options={"first_trick_trumps": "free"},
    ),
    row("lead-none", "", "C5", hand="H2 C5", trick=1, options={"first_trick_trumps": "none"}),
    row(
        "follow-none-void-keeps-trumps-back",
        "C5",
        "D4",
        hand="H2 H9 D4",
        trick=1,
        options={"first_trick_trumps": "none"},
    ),
    row(
        "follow-none-the-mighty-is-no-trump",
        "C5",
        "SA",
        hand="H2 SA",
        trick=1,
        options={"first_trick_trumps": "none"},
    ),
    row(
        "follow-none-the-joker-is-no-trump",
        "C5",
        "JK",
        hand="H2 JK",
        trick=1,
        options={"first_trick_trumps": "none"},
    ),
    row(
        "follow-none-only-trumps-left",
        "C5",
        "H2 H9",
        hand="H2 H9",
        trick=1,
        options={"first_trick_trumps": "none"},
    ),
    row(
        "follow-none-trump-lead-followed-with-trumps",
        "H5",
        "H2",
        hand="H2 C4",
        trick=1,
        options={"first_trick_trumps": "none"},
    ),
    row(
        "follow-none-after-trick-1",
        "C5",
        "H2 H9 D4",
        hand="H2 H9 D4",
        trick=2,
        options={"first_trick_trumps": "none"},
    ),
    row("follow-default-void-may-trump", "C5", "H2 H9 D4", hand="H2 H9 D4", trick=1),
    # ripper_first_trick: the ripper becomes a card the declarer may lead.
    row("lead-ripper-barred", "", "C5", hand="C3 C5 H2", trick=1),
    row(
        "lead-ripper-no-call",
        "",
        "C3 C5",
        hand="C3 C5 H2",
        trick=1,
        options={"ripper_first_trick": "lead_no_call"},
    ),
    # rules-house.md §8.10.4 b: §5's exception names the cards barred from leading trick 1;
    # a ripper that may lead is not one of them, so a hand of nothing but trumps, the joker
    # and that ripper leads the ripper, under first_trick_trumps: no_lead as under none.
    row(
        "lead-ripper-and-trumps",
        "",
        "C3",
        hand="C3 H2",
        trick=1,
        options={"ripper_first_trick": "lead_and_call"},
    ),
    row(
        "lead-ripper-no-call-trumps-and-joker",
        "",
        "C3",
        hand="C3 H2 H9 JK",
        trick=1,
        options={"ripper_first_trick": "lead_no_call"},
    ),
    row(
        "lead-ripper-and-trumps-none",
        "",
        "C3",
        hand="C3 H2",
        trick=1,
        options={"ripper_first_trick": "lead_and_call", "first_trick_trumps": "none"},
    ),
    row(
        "lead-ripper-mighty-and-trumps",
        "",
        "C3 SA",
        hand="C3 SA H2",
        trick=1,
        options={"ripper_first_trick": "lead_no_call"},
    ),
    row("lead-ripper-and-trumps-default", "", "H2", hand="C3 H2", trick=1),
    row(
        "lead-none-only-trumps",
        "",
        "H2 H9",
        hand="H2 H9 JK",
        trick=1,
        options={"first_trick_trumps": "none"},
    ),
    row(
        "lead-free-trumps-and-ripper-barred",
        "",
        "H2",
        hand="H2 C3",
        trick=1,
        options={"first_trick_trumps": "free"},
    ),
]


@pytest.mark.parametrize(("plays", "expected", "kw", "context"), LEGAL)
def test_it_lists_the_legal_cards_under_the_house_rules(plays, expected, kw, context):
    context = {"trick": 2, "trump": "H", **context}
    hand = context.pop("hand")
    assert_partition("mighty", plays, hand, expected, **context)


def test_it_names_the_defence_and_the_trump_bar_in_the_reasons():
    answer = assert_partition(
        "mighty", "C3", "JK SA C5", "JK SA", trick=2, trump="H", joker_called=True, options=DEFENSE
    )
    assert "house rule" in answer.illegal[next(iter(answer.illegal))]
    answer = assert_partition(
        "mighty", "C5", "H2 D4", "D4", trick=1, trump="H", options={"first_trick_trumps": "none"}
    )
    assert "house rule" in next(iter(answer.illegal.values()))


# ---- four and six players ------------------------------------------------------------------


def test_it_judges_a_four_player_trick_from_the_43_card_deck():
    result = judge("mighty", "C5 C9 CK C3", trick=2, trump="H")
    assert (result.card.code, result.winner) == ("CK", 2)


def test_it_refuses_a_card_the_four_player_deck_lacks():
    from scoring.rules import find_variant

    deck = find_variant("mighty").deck_set(4, find_variant("mighty").rules({}, 4))
    assert len(deck) == 43
    assert {c.code for c in deck if c.rank and c.rank < 5} == {"C3", "S3"}


SIX = [
    # (id, leader, sitting_out, plays, winning card, winner seat)
    ("out-after-the-leader", 0, 2, "C5 C9 CK C2 D3", "CK", 3),
    ("out-before-the-leader", 4, 0, "C5 CA C9 C2 D3", "CA", 5),
    ("out-is-the-last-seat", 1, 5, "C5 C9 C2 CK D3", "CK", 4),
    ("winner-wraps-over-the-out-seat", 3, 4, "C5 C9 C2 CK D3", "CK", 1),
]


@pytest.mark.parametrize(
    ("leader", "out", "plays", "card", "seat"), [r[1:] for r in SIX], ids=[r[0] for r in SIX]
)
def test_it_skips_the_killed_seat_with_six_players(leader, out, plays, card, seat):
    result = judge("mighty", plays, trick=3, trump="H", players=6, leader=leader, sitting_out=out)
    assert (result.card.code, result.winner) == (card, seat)
    assert result.winner != out


def test_it_needs_the_killed_seat_with_six_players():
    with pytest.raises(NotationError) as refused:
        judge("mighty", "C5 C9 CK C2 D3", trick=3, trump="H", players=6)
    assert refused.value.field == "sitting_out"
    with pytest.raises(OutOfRange) as refused:
        judge("mighty", "C5 C9 CK C2 D3", trick=3, trump="H", players=6, sitting_out=6)
    assert refused.value.field == "sitting_out"


def test_it_refuses_a_killed_seat_that_leads():
    with pytest.raises(IllegalTrick) as refused:
        judge("mighty", "C5 C9 CK C2 D3", trick=3, trump="H", players=6, leader=2, sitting_out=2)
    assert refused.value.field == "leader"
