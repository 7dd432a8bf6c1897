"""Names people type: players and leagues, the same spelling however they were typed.

A name is stored NFC-normalised (an "é" typed as e + accent and one typed as é are
the same name), with runs of spaces collapsed and nothing invisible at either end.
It may not hold control characters or direction overrides (which reorder what the
scoreboard shows), and it must show something: a name made only of spaces,
zero-width or filler characters would be a blank row nobody can tell apart. Two
names are the same player when their ``name_key`` matches: case and invisible
joiners do not make a second person.
"""

import unicodedata

from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _

# Characters that draw nothing although Unicode files them as letters or symbols.
BLANKS = frozenset("\u115f\u1160\u3164\uffa0\u2800\u180e")
# Explicit direction controls: embeddings, overrides and isolates.
DIRECTION = frozenset("\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")
# Categories that show nothing by themselves.
INVISIBLE = frozenset({"Cf", "Mn", "Me", "Zs", "Zl", "Zp", "Cc"})
# Never inside a name: controls (a line break, NUL…), lone surrogates, unassigned.
REFUSED = frozenset({"Cc", "Cs", "Cn"})


def _invisible(char: str) -> bool:
    return char in BLANKS or unicodedata.category(char) in INVISIBLE


def _collapsed(text: str) -> str:
    return " ".join(unicodedata.normalize("NFC", text).split())


def normal(text: str) -> str:
    """NFC, one space between words, nothing invisible at either end."""
    text = _collapsed(text)
    start, end = 0, len(text)
    while start < end and _invisible(text[start]):
        start += 1
    while end > start and _invisible(text[end - 1]):
        end -= 1
    return text[start:end]


def name_key(name: str) -> str:
    """What makes two names the same person: case and format characters aside."""
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
    if len(name) > max_length:
        raise ValidationError(
            _("“%(name)s” is %(length)d characters long; a name may have at most %(max)d.")
            % {"name": shown, "length": len(name), "max": max_length}
        )
    return name
