"""Reading the referee pages in tests: follow the canonical redirect, the ruling, errors, permalink."""

import html
import re
from urllib.parse import urlsplit

from hypothesis import HealthCheck

from tests.fuzzing import fuzz_settings

# The tools' "never a 500, whatever the query" fuzzers: each request is a whole page, so a
# function-scoped client is fine and no example has a deadline. Their share of 60 examples
# (tests/fuzzing.py): a module that uses them marks its tests slow.
FUZZ = fuzz_settings(60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])

# ---- reading pages ---------------------------------------------------------------


def follow(client, url, data=None):
    """GET, following the one redirect to the canonical query (a second one is a bug)."""
    response = client.get(url, data)
    if response.status_code == 302:
        location = response["Location"]
        response = client.get(location)
        assert response.status_code != 302, f"redirected twice: {location} → {response['Location']}"
    return response


def text_of(fragment: str) -> str:
    # A Thai loanword's no-break span is inside a word: it is no space.
    fragment = re.sub(r'<span class="nw">([^<]*)</span>', r"\1", fragment)
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", fragment)).split())


def ruling(response) -> str | None:
    """The text of the page's ruling box, or None when the page shows no ruling."""
    match = re.search(r'<div class="ref-ruling" data-ruling[^>]*>(.*?)</div>', page(response), re.S)
    return text_of(match.group(1)) if match else None


def errors(response) -> list[str]:
    return [
        text_of(m) for m in re.findall(r'class="ref-error"[^>]*>(.*?)</(?:p|span)>', page(response))
    ]


def permalink(response) -> str:
    match = re.search(r'<input id="permalink"[^>]*value="([^"]*)"', page(response))
    assert match, "no permalink on the page"
    return html.unescape(match.group(1))


def local(url: str) -> str:
    parts = urlsplit(url)
    return parts.path + ("?" + parts.query if parts.query else "")


def page(response) -> str:
    return response.content.decode()
