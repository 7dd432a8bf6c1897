"""Searching every variant's rules, written with the default house rules.

The index is built by rendering each page and splitting it into sections, once
per language, and kept in process memory: the pages only change with a deploy.
"""

import re
import threading
from dataclasses import dataclass

from django.utils.html import escape
from django.utils.safestring import mark_safe
from django.utils.translation import get_language
from django.utils.translation import gettext as _

from scoring.rules import VARIANTS

from .context import page_context
from .sections import render_body, split_sections

MAX_QUERY = 100  # characters searched; the rest of a longer query is dropped
MAX_TERMS = 8
MAX_RESULTS = 60
SNIPPET = 160  # characters of context around the first match

_lock = threading.Lock()
_indexes: dict[str, list["Entry"]] = {}


@dataclass(frozen=True)
class Entry:
    code: str
    variant: str
    section: str
    title: str
    text: str


@dataclass(frozen=True)
class Result:
    entry: Entry
    snippet: str  # safe HTML, matches in <mark>


def index() -> list[Entry]:
    """Every section of every variant, in the current language (built once per language)."""
    language = get_language() or ""
    with _lock:
        if language not in _indexes:
            _indexes[language] = _build()
        return _indexes[language]


def clear() -> None:
    with _lock:
        _indexes.clear()


def _build() -> list[Entry]:
    entries = []
    for code, variant in VARIANTS.items():
        html = render_body(variant, page_context(variant))
        for section in split_sections(html):
            entries.append(Entry(code, _(variant.name), section.id, section.title, section.text))
    return entries


def terms_of(query: str) -> list[str]:
    words = query[:MAX_QUERY].split()
    unique = list(dict.fromkeys(w for w in words if w))
    return unique[:MAX_TERMS]


def search(query: str) -> list[Result]:
    terms = terms_of(query)
    if not terms:
        return []
    patterns = [re.compile(re.escape(t), re.IGNORECASE) for t in terms]
    anywhere = re.compile("|".join(re.escape(t) for t in terms), re.IGNORECASE)
    results = []
    for entry in index():
        haystack = f"{entry.variant} {entry.title} {entry.text}"
        if all(p.search(haystack) for p in patterns):
            results.append(Result(entry, _snippet(entry.text, anywhere)))
            if len(results) >= MAX_RESULTS:
                break
    return results


def _snippet(text: str, pattern: re.Pattern) -> str:
    first = pattern.search(text)
    if first is None:
        start, end = 0, min(len(text), SNIPPET)
    else:
        start = max(0, first.start() - SNIPPET // 3)
        end = min(len(text), start + SNIPPET)
        if start > 0:
            space = text.find(" ", start)
            start = space + 1 if 0 <= space < first.start() else start
    if end < len(text):
        space = text.rfind(" ", start, end)
        end = space if space > start else end
    piece = text[start:end]
    out, last = [], 0
    for match in pattern.finditer(piece):
        out.append(escape(piece[last : match.start()]))
        out.append(f"<mark>{escape(match.group())}</mark>")
        last = match.end()
    out.append(escape(piece[last:]))
    prefix = "… " if start > 0 else ""
    suffix = " …" if end < len(text) else ""
    return mark_safe(prefix + "".join(out) + suffix)  # noqa: S308 - every piece is escaped
