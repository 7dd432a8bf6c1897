"""Rendering a variant's rules and splitting them into their linkable sections."""

from dataclasses import dataclass
from functools import lru_cache
from html.parser import HTMLParser
from typing import Any

from django.template.loader import render_to_string

from scoring.rules.variants.base import Variant

_VOID = {
    "area",
    "base",
    "br",
    "col",
    "embed",
    "hr",
    "img",
    "input",
    "link",
    "meta",
    "source",
    "wbr",
}
_BREAKS = {
    "p",
    "li",
    "td",
    "th",
    "tr",
    "h2",
    "h3",
    "ol",
    "ul",
    "figcaption",
    "div",
    "br",
    "caption",
    "small",
}


def template_for(variant: Variant[Any]) -> str:
    return f"rules/_{variant.code}.html"


def render_body(variant: Variant[Any], context: dict[str, Any]) -> str:
    return render_to_string(template_for(variant), context)


@dataclass(frozen=True)
class Section:
    id: str
    title: str
    text: str


# Parsing a variant's 60 KB of rules costs more than rendering them: a page asked again with
# the same rules (the same HTML, most visits) reuses its last split.
@lru_cache(maxsize=32)
def split_sections(html: str) -> tuple[Section, ...]:
    """The sections of a rendered page, in order, with their plain text for searching."""
    parser = _Splitter()
    parser.feed(html)
    parser.close()
    return tuple(Section(s["id"], _squash(s["title"]), _squash(s["text"])) for s in parser.sections)


def _squash(parts: list[str]) -> str:
    return " ".join("".join(parts).split())


class _Splitter(HTMLParser):
    """Collect each ``section.rule-section``: its heading and its text, minus anchors and forms."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        # Each: its id, and the parts of its title and of its text.
        self.sections: list[dict[str, Any]] = []
        self.current: dict[str, Any] | None = None
        self.depth = 0  # open elements inside the current section
        self.skip = 0  # open elements inside something left out of the text
        self.in_title = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        attributes = dict(attrs)
        classes = (attributes.get("class") or "").split()
        if self.current is None:
            if tag == "section" and "rule-section" in classes:
                self.current = {"id": attributes.get("id", ""), "title": [], "text": []}
                self.sections.append(self.current)
                self.depth = 1
            return
        if tag in _VOID:
            self._space()
            return
        self.depth += 1
        if self.skip:
            self.skip += 1
        elif "anchor" in classes or "data-noindex" in attributes or tag == "form":
            self.skip = 1
        if tag == "h2" and not self.skip:
            self.in_title = True
        if tag in _BREAKS:
            self._space()

    def handle_endtag(self, tag: str) -> None:
        if self.current is None or tag in _VOID:
            return
        self.depth -= 1
        if self.skip:
            self.skip -= 1
        if tag == "h2":
            self.in_title = False
        if tag in _BREAKS:
            self._space()
        if self.depth == 0:
            self.current = None

    def handle_data(self, data: str) -> None:
        if self.current is None or self.skip:
            return
        if self.in_title:
            self.current["title"].append(data)
        else:
            self.current["text"].append(data)

    def _space(self) -> None:
        if self.current is not None and not self.in_title:
            self.current["text"].append(" ")
