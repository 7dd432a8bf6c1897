"""How the rules search folds a character or a word, so that a reader finds a section
whatever way they type its words: case, Latin accents, full and half width, katakana or
hiragana, simplified or traditional Chinese, and the spellings players use for one word.

Folding applies to the index and to the query alike, so a mapping only has to send both
spellings to one form; which form is of no importance.
"""

import unicodedata

_LIGATURES = {"œ": "oe", "Œ": "oe", "æ": "ae", "Æ": "ae"}

# Katakana letters ァ (U+30A1) to ヶ (U+30F6) sit 0x60 above their hiragana.
_KATAKANA = range(0x30A1, 0x30F7)
_KANA_SHIFT = 0x60

# Simplified → traditional, for the characters of the games' words and of the rules pages
# (a reader on a simplified keyboard types 拿破仑, 秘书牌, 王牌花色). Characters written
# alike in both scripts need no entry.
_SIMPLIFIED = (
    "仑书将军庄发张红点数约单独对胜负赢输万计记录标钻砖块盖问题与为这个们时开门过还没后"
    "来乱跄杀轮场连续双战争头让说话余买卖钱筹码减罚奖赛联员设选项举认识读写图无边样准"
    "确决断尽应该当从于闲顺额种类称宝规则"
)
_TRADITIONAL_FORMS = (
    "崙書將軍莊發張紅點數約單獨對勝負贏輸萬計記錄標鑽磚塊蓋問題與為這個們時開門過還沒後"
    "來亂蹌殺輪場連續雙戰爭頭讓說話餘買賣錢籌碼減罰獎賽聯員設選項舉認識讀寫圖無邊樣準"
    "確決斷盡應該當從於閒順額種類稱寶規則"
)
_TRADITIONAL = str.maketrans(_SIMPLIFIED, _TRADITIONAL_FORMS)

# Spellings of one word, folded to one of them (after the characters are folded).
_SPELLINGS = (
    ("切り札", "切札"),
    ("ทรัมป์", "ทรัมพ์"),
    ("แจ็ค", "แจ็ก"),
)


def fold_char(char: str) -> str:
    """One character folded: Latin without case or accents, full and half width as
    narrow Latin and full-width kana, katakana as hiragana, Chinese as traditional."""
    if char in _LIGATURES:
        return _LIGATURES[char]
    if char.isascii():
        return char.lower()
    char = unicodedata.normalize("NFKC", char) or char
    if len(char) != 1:
        return "".join(fold_char(c) for c in char)
    if char.isascii():
        return char.lower()
    base = unicodedata.normalize("NFD", char)
    if base[0].isascii() and base[0].isalpha():
        return "".join(c for c in base if not unicodedata.combining(c)).casefold()
    if ord(char) in _KATAKANA:
        return chr(ord(char) - _KANA_SHIFT)
    return char.translate(_TRADITIONAL).casefold()


def respell(folded: str, where: list[int]) -> tuple[str, list[int]]:
    """``folded`` with each known variant spelling replaced by the one kept, ``where``
    (each character's index in the original text) following along."""
    for variant, kept in _SPELLINGS:
        variant_folded = "".join(fold_char(c) for c in variant)
        kept_folded = "".join(fold_char(c) for c in kept)
        start = folded.find(variant_folded)
        while start >= 0:
            end = start + len(variant_folded)
            if len(kept_folded) == len(variant_folded):
                spread = where[start:end]
            else:
                spread = [where[start]] * (len(kept_folded) - 1) + [where[end - 1]]
            folded = folded[:start] + kept_folded + folded[end:]
            where = where[:start] + spread + where[end:]
            start = folded.find(variant_folded, start + len(kept_folded))
    return folded, where
