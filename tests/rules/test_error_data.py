"""Engine errors carry their parameters as data, so that a page can write them in players'
words (a suit symbol, a name) where the API writes codes.

One row per kind of sentence: the error the engine raises, its field, its typed parameters,
the API's sentence (codes, as api.md writes them) and the same sentence as a page writes it
(suit symbols, the joker by name, seats by the players' names). Then every row in every
language: a page's sentence shows no card or bid code, the API's keeps them.
"""

import re

import pytest
from django.conf import settings
from django.utils import translation

from scoring.rules import find_variant
from scoring.rules.bids import Bid
from scoring.rules.cards import card
from scoring.rules.errors import (
    CardNotInDeck,
    IllegalCall,
    IllegalContract,
    IllegalTrick,
    InconsistentResult,
    RulesError,
)
from scoring.rules.sentences import CODES, Seat
from scoring.rulings import PAGE, PageWords, ask, auction, judge, score

NAMES = PageWords(["Ann", "Bo", "Cy", "Di", "Ed"])


def raised(make):
    with pytest.raises(RulesError) as caught:
        make()
    return caught.value


def mighty_auction(calls):
    return lambda: auction(ask.auction_question(ask.table("mighty", 5), calls=calls, dealer=0))


def trick(variant, players, plays, options=None, **fields):
    table = ask.table(variant, players, options)
    return lambda: judge(ask.trick_question(table, plays=plays, **fields))


def thai_tricks(tricks):
    table = ask.table("thai", 5)
    question = lambda: ask.score_question(  # noqa: E731
        table, declarer=0, contract="2S", partner=1, tricks=tricks
    )
    return lambda: score(question())


def taiwan_missing_points():
    table = ask.table("taiwan", 5)
    points = [c.code for c in find_variant("taiwan").point_cards(5, table.rules)]
    kept = [c for c in points if c not in ("CA", "CK")]
    captured = {0: kept[:8], 2: kept[8:]}
    return lambda: score(ask.score_question(table, declarer=0, contract="1S", captured=captured))


def japanese_forced_opener():
    table = ask.table("japanese", 5, {"all_pass": "previous_napoleon"})
    question = ask.auction_question(
        table, calls=["pass"] * 6, dealer=0, seats={"previous_napoleon": 2}
    )
    return lambda: auction(question)


def mighty_trump_change(bid, trump):
    mighty = find_variant("mighty")
    return lambda: mighty.change_trump(bid, trump, mighty.rules(None, 5))


# (id, make, class, field, params, API sentence, page sentence with names)
CASES = [
    (
        "bid-does-not-beat",
        mighty_auction(["pass", "14NT", "14S"]),
        IllegalCall,
        "calls[2]",
        {"bid": Bid(14, "S"), "best": Bid(14, "NT")},
        "14S does not beat 14NT.",
        "14♠ does not beat 14NT.",
    ),
    (
        "card-not-in-the-deck",
        trick("nap", 3, ["S8", "SA", "SK"], {"stripped_deck": True}, number=2, trump="S"),
        CardNotInDeck,
        "plays[0]",
        {"card": card("S8"), "deck": "Nap"},
        "S8 is not in the deck of Nap.",
        "♠8 is not in the deck of Nap.",
    ),
    (
        "joker-not-in-the-deck",
        trick("japanese-chip", 5, ["H5", "BJ", "HK", "S2", "H2"], number=3, trump="S"),
        CardNotInDeck,
        "plays[1]",
        {"card": card("BJ"), "deck": "Japanese Napoleon with chips"},
        "BJ is not in the deck of Japanese Napoleon with chips.",
        "Big Joker is not in the deck of Japanese Napoleon with chips.",
    ),
    (
        "pass-is-final",
        mighty_auction(["pass", "13S", "14S", "pass", "pass", "15S"]),
        IllegalCall,
        "calls[5]",
        {"seat": Seat(0)},
        "Seat 0 has passed, and a pass is final: only pass is allowed.",
        "Ann has passed, and a pass is final: only pass is allowed.",
    ),
    (
        "forced-opener",
        japanese_forced_opener(),
        IllegalCall,
        "calls[5]",
        {"seat": Seat(2)},
        "Everyone passed, so seat 2 must bid now and may not pass (house rule).",
        "Everyone passed, so Cy must bid now and may not pass (house rule).",
    ),
    (
        "tricks-below-zero",
        thai_tricks({0: 6, 1: -1, 2: 3, 3: 1, 4: 1}),
        InconsistentResult,
        "tricks.1",
        {"seat": Seat(1), "count": -1},
        "Seat 1 cannot take -1 tricks.",
        "Bo cannot take -1 tricks.",
    ),
    (
        "points-missing",
        taiwan_missing_points(),
        InconsistentResult,
        "captured",
        None,
        "Every point card must be placed once; missing: CA, CK.",
        "Every point card must be placed once; missing: ♣A, ♣K.",
    ),
    (
        "joker-led-first",
        trick("mighty", 5, ["JK", "C9", "CK", "C3", "C2"], number=1, trump="H", lead_suit="C"),
        IllegalTrick,
        "plays[0]",
        None,
        "Joker may not be led to the first trick.",
        "Joker may not be led to the first trick.",
    ),
    (
        "trump-change-too-dear",
        mighty_trump_change(Bid(19, "S"), "H"),
        IllegalContract,
        "",
        {"bid": Bid(19, "S"), "raised": 21},
        "Changing the trump to H would raise 19S to 21, above 20.",
        "Changing the trump to ♥ would raise 19♠ to 21, above 20.",
    ),
    (
        "nap-call-order",
        lambda: auction(
            ask.auction_question(ask.table("nap", 4), calls=["two", "wellington"], dealer=3)
        ),
        IllegalCall,
        "calls[1]",
        None,
        "Wellington may only be called over nap.",
        "Wellington may only be called over nap.",
    ),
]
IDS = [row[0] for row in CASES]


@pytest.mark.parametrize(
    ("make", "kind", "field", "params", "api", "page"), [row[1:] for row in CASES], ids=IDS
)
def test_it_keeps_the_parameters_and_writes_both_sentences(make, kind, field, params, api, page):
    with translation.override("en"):
        error = raised(make)
        assert type(error) is kind
        assert error.field == field
        for name, value in (params or {}).items():
            assert error.params[name] == value, name
        assert error.message == api == str(error)
        assert error.render(CODES) == api
        assert error.render(NAMES) == page


def test_it_names_a_seat_from_one_where_the_page_knows_no_names():
    with translation.override("en"):
        error = raised(mighty_auction(["pass", "13S", "14S", "pass", "pass", "15S"]))
    assert error.seat == 0
    assert error.render(PAGE) == "Seat 1 has passed, and a pass is final: only pass is allowed."


def test_it_keeps_a_sentence_the_engine_composed():
    make = trick(
        "taiwan",
        5,
        ["S2", "C9", "CK", "C3", "C2"],
        number=5,
        trump="S",
        called_card="HA",
        joker_called=True,
    )
    with translation.override("en"):
        error = raised(make)
    assert type(error) is IllegalTrick
    assert error.field == "joker_called" and error.params == {}
    assert error.render(NAMES) == error.message == "A joker may be summoned only in tricks 1 to 3."


# A card or bid code a page must not show: S8, H10, BJ, LJ, JK, 14S (NT is read as words).
CODE = re.compile(r"(?<![A-Za-z0-9])(?:[SHDC](?:10|[2-9JQKA])|BJ|LJ|JK|\d+[SHDC])(?![A-Za-z0-9])")
LANGUAGES = [code for code, _name in settings.LANGUAGES]


@pytest.mark.parametrize("language", LANGUAGES)
def test_it_shows_no_code_on_a_page_in_any_language(language):
    with translation.override(language):
        for case_id, make, *_rest in CASES:
            error = raised(make)
            page = error.render(NAMES)
            assert not CODE.search(page), (case_id, page)
            assert "{" not in page and "%(" not in page, (case_id, page)
            names = [n for n in NAMES.seat_names if n in page]
            if isinstance(error.params.get("seat"), Seat):
                assert names, (case_id, page)  # the player, not a seat number


@pytest.mark.parametrize("language", LANGUAGES)
def test_it_keeps_the_codes_in_the_api_in_any_language(language):
    with translation.override(language):
        error = raised(mighty_auction(["pass", "14NT", "14S"]))
        assert "14S" in error.message and "14NT" in error.message
        error = raised(CASES[1][1])
        assert "S8" in error.message
