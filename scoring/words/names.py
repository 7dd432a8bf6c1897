"""Names people type: players and leagues, the same spelling however they were typed.

A name is stored as typed, NFC-normalised (an "é" typed as e + accent and one typed as
é are the same name), with runs of spaces collapsed and nothing invisible at either end:
spaces, format characters (zero-width spaces and joiners, a byte-order mark) and the
filler letters that draw nothing. Combining marks are never trimmed: a Thai vowel or tone
mark, a Devanagari vowel sign or virama, an emoji's presentation selector at the end of a
name is part of how it is spelled (สมศรี is not สมศร).

A name may not hold control characters or direction overrides (which reorder what the
scoreboard shows), and it must show something: a name made only of spaces, zero-width
or filler characters would be a blank row nobody can tell apart. Two names are the same
player when their ``name_key`` matches: case and invisible joiners do not make a second
person, a mark does (สุนีย์ and สุนีย are two people).
"""

import unicodedata

from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _

# Characters that draw nothing although Unicode files them as letters or symbols.
BLANKS = frozenset("\u115f\u1160\u3164\uffa0\u2800\u180e")
# Explicit direction controls: embeddings, overrides and isolates.
DIRECTION = frozenset("\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")
# Categories that show nothing by themselves, trimmed at the ends of a name: format
# characters, spaces and separators, controls. Not the marks (Mn, Mc, Me): they show on
# the letter before them.
INVISIBLE = frozenset({"Cf", "Zs", "Zl", "Zp", "Cc"})
MARKS = frozenset({"Mn", "Mc", "Me"})
# Never inside a name: controls (a line break, NUL…), lone surrogates, unassigned.
REFUSED = frozenset({"Cc", "Cs", "Cn"})
# A name of one short word keeps to one line of its box (app.css ``.whole``): the browser
# would break a Thai name where its dictionary sees two words (สม / ชัย). Longer names and
# names of several words still wrap, so that none runs past its box.
SHORT_NAME = 7  # letters; a mark drawn on a letter (Thai vowels and tones) is not one


def _invisible(char: str) -> bool:
    return char in BLANKS or unicodedata.category(char) in INVISIBLE


def _collapsed(text: str) -> str:
    return " ".join(unicodedata.normalize("NFC", text).split())


def normal(text: str) -> str:
    """NFC, one space between words, nothing invisible at either end, every mark kept."""
    text = _collapsed(text)
    start, end = 0, len(text)
    while start < end and _invisible(text[start]):
        start += 1
    while end > start and _invisible(text[end - 1]):
        end -= 1
    return text[start:end]


def name_key(name: str) -> str:
    """What makes two names the same person: case and format characters aside. Marks
    count: they are letters' vowels and tones, not decoration."""
    shown = "".join(c for c in normal(name) if unicodedata.category(c) != "Cf")
    return unicodedata.normalize("NFC", shown.casefold())


def clean_name(raw: str, max_length: int) -> str:
    """``raw`` as a stored name, or a ValidationError that says what is wrong with it."""
    name = normal(raw)
    shown = name[:20] + "…" if len(name) > 20 else name
    if any(unicodedata.category(c) in REFUSED for c in _collapsed(raw)):
        raise ValidationError(
            _("“%(name)s” contains a control character; type the name again.") % {"name": shown}
        )
    if any(c in DIRECTION for c in name):
        raise ValidationError(
            _("“%(name)s” contains a text-direction mark; type the name without it.")
            % {"name": shown}
        )
    if raw.strip() and not name:
        raise ValidationError(_("A name must have at least one visible character."))
    # A mark with no letter before it (typed first, or left behind by a deleted letter)
    # would sit on whatever the page shows before the name. Dropping it would change the
    # name behind the typist's back, as the old trimming did; keeping it would store a
    # name no one can read back. So it is refused, and the typist puts the letter first.
    if name and unicodedata.category(name[0]) in MARKS:
        raise ValidationError(
            _("“%(name)s” begins with a mark that belongs on a letter; type the letter first.")
            % {"name": shown}
        )
    if len(name) > max_length:
        raise ValidationError(
            _("“%(name)s” is %(length)d characters long; a name may have at most %(max)d.")
            % {"name": shown, "length": len(name), "max": max_length}
        )
    return name


def name_css(name: str) -> str:
    """The class of a name on a seat chip or a scoreboard box: ``whole`` for a name of one
    short word, which the page keeps on one line."""
    if any(ch.isspace() for ch in name):
        return ""
    letters = sum(1 for ch in name if unicodedata.category(ch) not in ("Mn", "Me"))
    return "whole" if letters <= SHORT_NAME else ""
