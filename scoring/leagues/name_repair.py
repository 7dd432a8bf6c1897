"""Player names stored while the ends of names were trimmed of their combining marks.

Until names were kept as typed, the cleaning treated combining marks at either end of a
name as invisible, so สมศรี was stored as สมศร, ❤️ as ❤. Nothing in the database says
which names lost a mark: สมศร may be the whole name. Only the original spelling can tell,
so the repair reads a league file (scoring.history.export) that holds it: an entry whose
stored name is exactly what the old rule made of a name in the file is renamed to that
name, through scoring.leagues.entries.rename (a PlayerChange, the sessions' pages written again).

Without a file, ``suspects`` lists the entries whose last character is one a trimmed
mark could have followed; which of them lost one, if any, is not decidable.
"""

import unicodedata
from collections.abc import Iterable
from dataclasses import dataclass

from scoring.leagues import entries
from scoring.models import League, Player
from scoring.words.names import BLANKS, name_key

# What the old rule trimmed at the ends of a name: these categories (marks among them)
# and the blank filler letters.
OLD_TRIMMED = frozenset({"Cf", "Mn", "Me", "Zs", "Zl", "Zp", "Cc"})
# Scripts written with combining vowel, tone or vowel-killing marks, as the first word of
# a character's Unicode name: a name ending in one of their letters may have lost a mark.
MARKED_SCRIPTS = frozenset(
    """THAI LAO KHMER MYANMAR TIBETAN DEVANAGARI BENGALI GURMUKHI GUJARATI ORIYA TAMIL
    TELUGU KANNADA MALAYALAM SINHALA HEBREW ARABIC SYRIAC THAANA NKO JAVANESE BALINESE
    SUNDANESE TAI BUGINESE BATAK LEPCHA LIMBU CHAM""".split()
)
BY = "repair_names"  # the "by" of the PlayerChange rows the repair leaves


def old_normal(text: str) -> str:
    """``text`` as the old rule stored it: NFC, spaces collapsed, and every character
    of OLD_TRIMMED or BLANKS trimmed at either end."""
    text = " ".join(unicodedata.normalize("NFC", text).split())
    start, end = 0, len(text)
    while start < end and _old_trimmed(text[start]):
        start += 1
    while end > start and _old_trimmed(text[end - 1]):
        end -= 1
    return text[start:end]


def _old_trimmed(char: str) -> bool:
    return char in BLANKS or unicodedata.category(char) in OLD_TRIMMED


@dataclass
class Fix:
    """One entry to rename to the file's spelling, or the reason it is left alone."""

    player: Player
    name: str
    problem: str = ""


def _trimmed_names(names: list[str]) -> dict[str, list[str]]:
    """Each name the old rule would have stored differently: stored form -> file names."""
    found: dict[str, list[str]] = {}
    for name in names:
        stored = old_normal(name)
        if stored and stored != name:
            found.setdefault(stored, []).append(name)
    return found


def plan(league: League, names: list[str]) -> list[Fix]:
    """The entries of ``league`` that are a name of ``names`` with its end marks lost."""
    trimmed = _trimmed_names(names)
    whole = set(names)
    entries = list(Player.objects.filter(league=league).order_by("name", "pk"))
    fixes = []
    for player in entries:
        spelled = trimmed.get(player.name)
        if not spelled:
            continue
        fix = Fix(player, spelled[0])
        if len(spelled) > 1 or player.name in whole:
            # The file holds another name the entry could equally have been (the stored
            # name itself among them): which person it is, only the table knows.
            could = sorted({*spelled, *({player.name} & whole)})
            fix.problem = "the file has several names it may have been: " + ", ".join(could)
        else:
            fix.problem = _collision(entries, player, fix.name)
        fixes.append(fix)
    return fixes


def _collision(entries: list[Player], player: Player, name: str) -> str:
    key = name_key(name)
    for other in entries:
        if other.pk != player.pk and name_key(other.name) == key:
            return f"another entry (#{other.pk}) is already called {other.name}"
    return ""


def apply(league: League, fixes: list[Fix]) -> None:
    """Rename each fix without a problem; a rename refused now (an entry renamed
    meanwhile) becomes that fix's problem."""
    for fix in fixes:
        if fix.problem:
            continue
        try:
            entries.rename(league, fix.player.pk, fix.name, by=BY, was=fix.player.name)
        except entries.PlayerRefused as refused:
            fix.problem = refused.message


def _may_have_lost(char: str) -> bool:
    """Whether a trimmed mark could have followed ``char``: a letter of a script written
    with marks, a letter that already bears a mark (a second one does not compose), or a
    symbol (an emoji's presentation selector or keycap)."""
    category = unicodedata.category(char)
    if category == "So":
        return True
    if category[0] not in "LM":
        return False
    if unicodedata.name(char, "").split(" ")[0] in MARKED_SCRIPTS:
        return True
    return any(unicodedata.combining(c) for c in unicodedata.normalize("NFD", char))


def suspects(leagues: Iterable[League]) -> list[Player]:
    """Entries whose name ends where the old rule may have trimmed a mark."""
    found = Player.objects.filter(league__in=leagues).order_by("league_id", "name", "pk")
    return [player for player in found if player.name and _may_have_lost(player.name[-1])]
