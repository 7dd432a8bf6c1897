"""Searching every variant's rules, written with the default house rules.

The index is built by rendering each page and splitting it into sections, once
per language, and kept in process memory: the pages only change with a deploy.

Matching ignores case and accents on Latin letters (misere finds misère, blucher
Blücher; Thai marks and Japanese voicing marks are letters of their own and stay),
full and half width (ＳＡ, ﾖﾛﾒｷ), katakana against hiragana (ヨロメキ finds よろめき),
simplified against traditional Chinese for the characters of the games' words (拿破仑,
秘书牌) and the spellings players use for the same word (切り札 and 切札, ทรัมป์ and
ทรัมพ์). Results come best first: a section of the game the reader came from, then one
of the game the query names (마이티 lists the Mighty before the 올마이티 of the Japanese
games), then one whose heading or text holds the words as typed together, then by how
often they occur. A section is also found through the English text of the same section when
the reader types a game's English word on a page in another language; such
matches come after those in the reader's own language.
"""

import re
import threading
import unicodedata
from dataclasses import dataclass, field

from django.utils.html import escape
from django.utils.safestring import mark_safe
from django.utils.translation import get_language, override
from django.utils.translation import gettext as _

from scoring.rulebook.context import page_context
from scoring.rulebook.folding import fold_char, respell
from scoring.rulebook.sections import render_body, split_sections
from scoring.rules import VARIANTS

MAX_QUERY = 100  # characters searched; the rest of a longer query is dropped
MAX_TERMS = 8
MAX_RESULTS = 60
SNIPPET = 160  # characters of context around the first match
FALLBACK = "en"  # the language every game's words are also found in

_lock = threading.Lock()
_indexes: dict[str, list["Entry"]] = {}


def fold(text: str) -> tuple[str, list[int]]:
    """``text`` folded for matching (see the module's docstring), and for each folded
    character its index in ``text`` (so a match in the folded text can be marked in the
    original)."""
    out: list[str] = []
    where: list[int] = []
    for index, char in enumerate(text):
        folded = fold_char(char)
        if folded in _VOICING and out:
            # A half-width voicing mark (ｶﾞ) joins the kana before it, as ガ is one letter.
            out[-1] = unicodedata.normalize("NFC", out[-1] + folded)
            continue
        out.append(folded)
        where.extend([index] * len(folded))
    return respell("".join(out), where)


_VOICING = ("\u3099", "\u309a")


@dataclass(frozen=True)
class Entry:
    code: str
    variant: str
    section: str
    title: str
    text: str
    folded: str = field(default="", repr=False)  # variant, title and text, folded
    folded_title: str = field(default="", repr=False)


@dataclass(frozen=True)
class Result:
    entry: Entry
    snippet: str  # safe HTML, matches in <mark>


def index(language: str | None = None) -> list[Entry]:
    """Every section of every variant, in ``language`` (the current one; built once each)."""
    language = language or get_language() or ""
    with _lock:
        if language not in _indexes:
            with override(language):
                _indexes[language] = _build()
        return _indexes[language]


def clear() -> None:
    with _lock:
        _indexes.clear()


def _build() -> list[Entry]:
    entries = []
    for code, variant in VARIANTS.items():
        html = render_body(variant, page_context(variant))
        name = _(variant.name)
        for section in split_sections(html):
            entries.append(
                Entry(
                    code,
                    name,
                    section.id,
                    section.title,
                    section.text,
                    fold(f"{name} {section.title} {section.text}")[0],
                    fold(section.title)[0],
                )
            )
    return entries


def terms_of(query: str) -> list[str]:
    words = query[:MAX_QUERY].split()
    unique = list(dict.fromkeys(w for w in words if w))
    return unique[:MAX_TERMS]


def search(query: str, near: str | None = None) -> list[Result]:
    """Sections holding every word of ``query``, best first; ``near``: the reader's game."""
    terms = [fold(t)[0] for t in terms_of(query)]
    if not terms:
        return []
    phrase = " ".join(terms)
    entries = index()
    order = {(e.code, e.section): i for i, e in enumerate(entries)}
    found = {(e.code, e.section): e for e in entries if all(t in e.folded for t in terms)}
    if (get_language() or "").split("-")[0] != FALLBACK:
        for other in index(FALLBACK):
            key = (other.code, other.section)
            if key in order and all(t in other.folded for t in terms):
                found.setdefault(key, entries[order[key]])

    def rank(entry: Entry) -> tuple[bool, bool, bool, bool, int, int, int]:
        own = all(t in entry.folded for t in terms)
        return (
            entry.code != near,
            not named(entry),
            not own,
            phrase not in entry.folded,
            -sum(t in entry.folded_title for t in terms),
            -sum(entry.folded.count(t) for t in terms),
            order[(entry.code, entry.section)],
        )

    names: dict[str, str] = {}

    def named(entry: Entry) -> bool:
        """Whether the query names the section's game (its name in the reader's words)."""
        if entry.variant not in names:
            names[entry.variant] = fold(entry.variant)[0]
        return any(t in names[entry.variant] for t in terms)

    ranked = sorted(found.values(), key=rank)[:MAX_RESULTS]
    return [Result(e, _snippet(e.text, terms)) for e in ranked]


def _spans(text: str, terms: list[str]) -> list[tuple[int, int]]:
    """Where the terms occur in ``text`` (start, end), found in its folded form."""
    folded, where = fold(text)
    pattern = re.compile("|".join(re.escape(t) for t in sorted(terms, key=len, reverse=True)))
    spans: list[tuple[int, int]] = []
    for match in pattern.finditer(folded):
        start, end = where[match.start()], where[match.end() - 1] + 1
        if not spans or start >= spans[-1][1]:
            spans.append((start, end))
    return spans


def _snippet(text: str, terms: list[str]) -> str:
    spans = _spans(text, terms)
    if not spans:
        start, end = 0, min(len(text), SNIPPET)
    else:
        first = spans[0][0]
        start = max(0, first - SNIPPET // 3)
        end = min(len(text), start + SNIPPET)
        if start > 0:
            space = text.find(" ", start)
            start = space + 1 if 0 <= space < first else start
    if end < len(text):
        space = text.rfind(" ", start, end)
        end = space if space > start else end
    out: list[str] = []
    last = start
    for a, b in spans:
        if a < start or b > end:
            continue
        out.append(escape(text[last:a]))
        out.append(f"<mark>{escape(text[a:b])}</mark>")
        last = b
    out.append(escape(text[last:end]))
    prefix = "… " if start > 0 else ""
    suffix = " …" if end < len(text) else ""
    return mark_safe(prefix + "".join(out) + suffix)  # noqa: S308 - every piece is escaped
