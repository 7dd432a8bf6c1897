"""Each language's punctuation and grammar in the catalogues: no stray space after a
full-width mark, no ASCII semicolon where the language has none, no other script's
letters in a button, no honorific after a seat label, the dealer never named like the
declarer, and French agreement where the English says only "none"."""

import re

import pytest
from django.utils import translation

from scoring.words.labels import value_label
from tests.i18n.test_catalogue import catalogue, entries

# language → (what must not appear in a translation, why)
FORBIDDEN = {
    "ja": [
        (r"[。：、，；] ", "a space after a full-width mark"),
        (r"たなので", "た followed by なので is not Japanese"),
        (r"主攻", "a Chinese word: the Mighty's declarer is デクレアラー in Japanese"),
    ],
    "zh-hant": [
        (r"[。：、，；] ", "a space after a full-width mark"),
        (r";", "an ASCII semicolon"),
        (r"[\uac00-\ud7a3]", "Hangul in a Chinese message"),
        (r"莊家", "莊家 reads as the declarer to bridge players: the dealer is 發牌者"),
    ],
    "th": [(r";", "an ASCII semicolon: Thai separates with a space or และ")],
    "ko": [(r"[。：]", "a full-width mark in Korean")],
}


@pytest.mark.parametrize("language", list(FORBIDDEN))
def test_it_writes_each_languages_own_punctuation(language):
    found = [
        (msgid.split("\x04")[-1][:60], text, why)
        for msgid, strings, _flags in entries(catalogue(language))
        for text in strings
        for pattern, why in FORBIDDEN[language]
        if re.search(pattern, text)
    ]
    assert not found, found[:5]


def test_it_writes_no_internal_jargon_in_english():
    # The source's English is what an English reader sees.
    msgids = [msgid for msgid, _strings, _flags in entries(catalogue("ja"))]
    assert not [m for m in msgids if "seed's" in m or "the seed" in m]


REFEREE_NAMES = [
    "Everyone passed, so %(name)s, last hand's napoleon, must open with a bid.",
    "Everyone passed, so %(name)s, last hand's adjutant, must open with a bid.",
    "%(name)s was killed and sits the hand out: 0",
    "%(name)s called a deal miss: the cards are thrown in, and %(name)s deals the new hand.",
]


@pytest.mark.parametrize(("language", "honorific"), [("ja", "さん"), ("ko", "님")])
@pytest.mark.parametrize("message", REFEREE_NAMES)
def test_it_puts_no_honorific_after_a_seat_label(language, honorific, message):
    # On the referee's pages a name is a seat label ("4番席"): "4番席さん" is wrong.
    with translation.override(language):
        text = translation.gettext(message) % {"name": "X"}
    assert "X" + honorific not in text and "X " + honorific not in text, text


@pytest.mark.parametrize(
    ("name", "expected"),
    [
        ("plain_tricks", "aucune"),
        ("plain_trick_specials", "aucune"),
        ("first_trick_plain", "aucune"),
    ],
)
def test_it_agrees_none_with_what_there_is_none_of_in_french(name, expected):
    with translation.override("fr"):
        assert value_label(name, "none") == expected


def test_it_does_not_give_a_card_of_either_gender_a_feminine_participle_in_french():
    # {card} may be "Grand joker" (masculine) as well as "♠A" (une carte): the sentence
    # must not agree with one of them ("Grand joker peut être jouée").
    # (Unless the sentence says "la carte" in between: then it agrees with carte.)
    agreeing = re.compile(r"(\{card\}|%\(card\)s|\{proof\})(?:(?!carte)[^.:;])*?\bjouées?\b")
    found = [
        text
        for _msgid, strings, _flags in entries(catalogue("fr"))
        for text in strings
        if agreeing.search(text)
    ]
    assert not found, found


@pytest.mark.parametrize(("context", "expected"), [("no suit", "aucune"), ("no seat", "aucune")])
def test_it_says_none_of_a_suit_or_a_seat_in_the_feminine_in_french(context, expected):
    with translation.override("fr"):
        assert translation.pgettext(context, "none") == expected
