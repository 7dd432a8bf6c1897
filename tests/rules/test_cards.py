import pytest

from scoring.rules.cards import CARDS, STANDARD_DECK, parse_card, parse_cards
from scoring.rules.errors import CardNotationError, CardNotInDeck, DuplicateCard


@pytest.mark.parametrize(
    ("text", "code"),
    [
        ("SA", "SA"),
        ("sa", "SA"),
        ("H10", "H10"),
        ("HT", "H10"),
        ("ht", "H10"),
        ("d2", "D2"),
        ("CJ", "CJ"),
        ("bj", "BJ"),
        ("LJ", "LJ"),
        ("Jk", "JK"),
    ],
)
def test_it_reads_card_codes(text, code):
    assert parse_card(text).code == code


@pytest.mark.parametrize(
    "text", ["", "S", "S1", "S11", "A", "X5", "♠A", "SA ", " SA", "10S", "J", 10]
)
def test_it_refuses_what_is_not_a_card(text):
    with pytest.raises(CardNotationError) as caught:
        parse_card(text)
    if isinstance(text, str) and text:
        assert repr(text)[1:-1] in caught.value.message or text in caught.value.message


def test_it_shares_one_instance_per_card():
    assert parse_card("ht") is parse_card("H10") is CARDS["H10"]


def test_it_prints_labels_with_suit_symbols():
    assert [parse_card(c).label for c in ("HQ", "S10", "DA", "C2")] == ["♥Q", "♠10", "♦A", "♣2"]
    assert parse_card("BJ").label == "Big Joker"


def test_it_has_52_cards_in_the_standard_deck():
    assert len(set(STANDARD_DECK)) == 52


def test_it_names_the_index_of_a_bad_card_in_a_list():
    deck = frozenset(STANDARD_DECK)
    with pytest.raises(CardNotationError) as caught:
        parse_cards(["SA", "ZZ"], deck, "the deck")
    assert caught.value.field == "[1]"
    with pytest.raises(CardNotInDeck) as caught:
        parse_cards(["SA", "BJ"], deck, "the deck")
    assert caught.value.field == "[1]"
    with pytest.raises(DuplicateCard) as caught:
        parse_cards(["SA", "HK", "sa"], deck, "the deck")
    assert caught.value.field == "[2]"
