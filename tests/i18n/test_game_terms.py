"""Each game's own words in each language: a term that differs by game is looked up per game.

The napoleon games, the Mighty and Nap name their roles differently (the Mighty's declarer
is 주공 in Korean and デクレアラー in Japanese, Japanese Napoleon's partner is 副官, …); a
word shared by every game's page must not carry one game's word into another's. For every
variant and language this reads the variant's role words as the pages do (``term``,
``role_words``) and fails on a word that belongs to another game.
"""

import pytest
from django.utils import translation

from scoring.rules import find_variant

VARIANTS = ["taiwan", "hongkong", "japanese", "japanese-chip", "thai", "mighty", "nap"]
NAPOLEON_GAMES = ["taiwan", "hongkong", "japanese", "japanese-chip", "thai"]

TERMS = (
    "declarer_title",
    "partner_prompt",
    "result_title",
    "sitting_out_title",
    "alone_label",
)

# language → word → the games it belongs to: anywhere else it is another game's word.
OWN_WORDS = {
    "ja": {
        "ナポレオン": NAPOLEON_GAMES,
        "副官": ["japanese", "japanese-chip"],
        "秘書": ["taiwan", "hongkong"],
        "市民": ["thai"],
        "フレンド": ["thai", "mighty"],
        "ノーフレンド": ["mighty"],
        "デクレアラー": ["mighty"],
        "主攻": [],
        "ビッダー": ["nap"],
    },
    "ko": {
        "나폴레옹": NAPOLEON_GAMES,
        "부관": ["japanese"],
        "장군": ["japanese-chip"],
        "비서": ["taiwan", "hongkong"],
        "시민": ["thai"],
        "노프렌드": ["mighty"],
        "주공": ["mighty", "nap"],
        "프렌드": ["thai", "mighty"],
    },
    "zh-hant": {
        "拿破崙": NAPOLEON_GAMES,
        "副官": ["japanese"],
        "將軍": ["japanese-chip"],
        "秘書": ["taiwan", "hongkong"],
        "平民": ["thai"],
        "主攻": ["mighty"],
        "朋友": ["thai", "mighty"],
        "叫牌者": ["nap"],
        "莊家": [],
    },
    "th": {
        "นโปเลียน": NAPOLEON_GAMES,
        "ผู้ช่วย": ["japanese"],
        "นายพล": ["japanese-chip"],
        "เลขา": ["taiwan", "hongkong"],
        "ประชาชน": ["thai"],
        "ผู้ชนะประมูล": ["mighty"],
        "เพื่อน": ["thai", "mighty"],
        "ผู้ประมูล": ["nap"],
    },
    "fr": {
        "napoléon": NAPOLEON_GAMES,
        "aide de camp": ["japanese"],
        "adjudant": ["japanese"],
        "général": ["japanese-chip"],
        "secrétaire": ["taiwan", "hongkong"],
        "citoyen": ["thai"],
        "ami": ["thai", "mighty"],
        "preneur": ["mighty", "nap"],
    },
}


def words_of(code: str, language: str) -> dict[str, str]:
    variant = find_variant(code)
    with translation.override(language):
        words = {name: variant.term(name) for name in TERMS}
        words.update(zip(("declarer", "partner", "opponent"), variant.role_words(), strict=True))
        words.update(
            zip(("side", "other side"), map(translation.gettext, variant.side_names), strict=True)
        )
    return words


@pytest.mark.parametrize("language", list(OWN_WORDS))
@pytest.mark.parametrize("code", VARIANTS)
def test_it_uses_no_other_games_word(code, language):
    foreign = {word for word, games in OWN_WORDS[language].items() if code not in games}
    found = {
        name: text
        for name, text in words_of(code, language).items()
        if any(word.lower() in text.lower() for word in foreign)
    }
    assert not found, f"{code} in {language} uses another game's word: {found}"


@pytest.mark.parametrize("language", list(OWN_WORDS))
@pytest.mark.parametrize("code", VARIANTS)
def test_it_translates_every_role_word(code, language):
    words = words_of(code, language)
    with translation.override("en"):
        english = words_of(code, "en")
    for name, text in words.items():
        if english[name]:
            assert text and text != english[name] or language == "fr", (name, text)


@pytest.mark.parametrize(
    ("code", "language", "alone"),
    [
        ("japanese", "ja", "副官なし"),
        ("taiwan", "ja", "秘書なし"),
        ("thai", "ja", "フレンドなし"),
        ("mighty", "ja", "ノーフレンド"),
        ("mighty", "ko", "노프렌드"),
        ("taiwan", "ko", "비서 없음"),
        ("mighty", "zh-hant", "沒有朋友"),
        ("nap", "ja", ""),
    ],
)
def test_it_names_playing_alone_in_each_games_words(code, language, alone):
    assert words_of(code, language)["alone_label"] == alone
