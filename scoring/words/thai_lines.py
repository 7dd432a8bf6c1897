"""Thai loanwords kept whole at the end of a line.

A browser breaks Thai text where its dictionary finds a word boundary, and it knows
none of the games' loanwords: นโปเลียน came out as นโป / เลียน, โจ๊กเกอร์ as โจ๊ก /
เกอร์, in sentences, buttons and score-table headers alike. On a page in Thai, each of
these words in the page's text is put in a ``<span class="nw">`` (no break inside, in
app.css); attributes, scripts, styles and the text of form controls are left as they are.
"""

import re
from collections.abc import Callable

from django.http import HttpRequest, HttpResponse
from django.utils.translation import get_language

# The games' Thai loanwords, longest first (ออลไมตี้ before ไมตี้).
LOANWORDS = (
    "นโปเลียน",
    "โจ๊กเกอร์",
    "ออลไมตี้",
    "ไมตี้",
    "มิแซร์",
    "ทรัมพ์",
    "ทรัมป์",
    "ดีลมิส",
    "ริปเปอร์",
    "เวลลิงตัน",
    "บลือเชอร์",
    "โยโรเมกิ",
    "ไซบีเรีย",
    "เซสชัน",
)
_WORD = re.compile("|".join(map(re.escape, sorted(LOANWORDS, key=len, reverse=True))))
_PIECES = re.compile(r"(<[^>]*>)")
_TAG = re.compile(r"<(/?)([a-zA-Z][a-zA-Z0-9-]*)")
# Elements whose text is not laid out as HTML: a span there would show, or break a script.
_RAW = frozenset({"script", "style", "textarea", "title", "option"})


def keep_whole(html: str) -> str:
    """``html`` with each loanword of its text wrapped in ``<span class="nw">``."""
    out: list[str] = []
    raw: str | None = None  # the raw-text element we are in, if any
    for piece in _PIECES.split(html):
        if piece.startswith("<"):
            tag = _TAG.match(piece)
            if tag:
                closing, name = tag.group(1), tag.group(2).lower()
                if raw is None and not closing and name in _RAW and not piece.endswith("/>"):
                    raw = name
                elif closing and name == raw:
                    raw = None
            out.append(piece)
        elif raw is None and piece:
            out.append(_WORD.sub(r'<span class="nw">\g<0></span>', piece))
        else:
            out.append(piece)
    return "".join(out)


class KeepThaiWordsWhole:
    """A page in Thai: its loanwords kept whole (``keep_whole``)."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        if (
            (get_language() or "").startswith("th")
            and not response.streaming
            and response.get("Content-Type", "").startswith("text/html")
        ):
            text = response.content.decode(response.charset)
            response.content = keep_whole(text).encode(response.charset)
            if response.has_header("Content-Length"):  # a view that set it: now longer
                response["Content-Length"] = str(len(response.content))
        return response
