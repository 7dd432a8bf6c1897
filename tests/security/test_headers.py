"""Security headers on every page, and templates that need no inline script or style."""

import io
import re
from pathlib import Path

import pytest
from django.conf import settings
from django.template import engines

ROOT = Path(settings.BASE_DIR)


def directives(header: str) -> dict[str, list[str]]:
    return {part.split()[0]: part.split()[1:] for part in header.split(";") if part.strip()}


@pytest.mark.django_db
@pytest.mark.parametrize("path", ["/", "/accounts/login/", "/accounts/signup/", "/api/v1/variants"])
def test_every_page_carries_the_security_headers(client, path):
    response = client.get(path)
    assert response.status_code == 200
    csp = directives(response["Content-Security-Policy"])
    assert csp["default-src"] == ["'self'"]
    assert csp["script-src"] == ["'self'"]
    assert csp["style-src"] == ["'self'"]
    assert csp["frame-ancestors"] == ["'none'"] and csp["object-src"] == ["'none'"]
    assert response["Referrer-Policy"] == "same-origin"
    assert response["X-Content-Type-Options"] == "nosniff"
    assert response["X-Frame-Options"] == "DENY"


SECURITY_HEADERS = (
    "Content-Security-Policy",
    "Referrer-Policy",
    "X-Content-Type-Options",
    "X-Frame-Options",
    "Cross-Origin-Opener-Policy",
)
TOO_LARGE = {"CONTENT_LENGTH": str(10 * 1024 * 1024), "wsgi.input": io.BytesIO(b"")}
REFUSALS = {
    "a page's body too large": ("/accounts/login/", TOO_LARGE, 413),
    "the API's body too large": ("/api/v1/score", TOO_LARGE, 413),
    "a chunked body too large": (
        "/accounts/signup/",
        {
            "HTTP_TRANSFER_ENCODING": "chunked",
            "wsgi.input": io.BytesIO(b"x" * (300 * 1024)),
            "wsgi.input_terminated": True,
        },
        413,
    ),
    "a length that is no number": ("/accounts/login/", {"CONTENT_LENGTH": "12abc"}, 400),
}


@pytest.mark.django_db
@pytest.mark.parametrize("path, meta, status", REFUSALS.values(), ids=REFUSALS.keys())
def test_a_refused_body_carries_the_security_headers_of_every_page(client, path, meta, status):
    """The middleware that refuses a body answers by itself: the headers must not depend
    on the middleware after it."""
    refused = client.generic(
        "POST", path, b"", content_type="application/x-www-form-urlencoded", **meta
    )
    assert refused.status_code == status
    normal = client.get("/api/v1/variants" if path.startswith("/api/") else "/accounts/login/")
    assert {name: refused.get(name) for name in SECURITY_HEADERS} == {
        name: normal[name] for name in SECURITY_HEADERS
    }
    assert "private" in refused["Cache-Control"]


@pytest.mark.django_db
def test_the_admin_alone_may_use_inline_styles_and_still_no_inline_script(client):
    csp = directives(client.get("/admin/login/")["Content-Security-Policy"])
    assert csp["style-src"] == ["'self'", "'unsafe-inline'"]
    assert csp["script-src"] == ["'self'"]


@pytest.mark.django_db
def test_htmx_is_told_not_to_inject_its_styles_or_evaluate_code(client):
    body = client.get("/accounts/login/").content.decode()
    meta = re.search(r'<meta name="htmx-config" content=\'([^\']*)\'>', body)
    assert meta, "base.html lost its htmx-config meta"
    assert '"includeIndicatorStyles": false' in meta.group(1)
    assert '"allowEval": false' in meta.group(1)


def template_files():
    dirs = [Path(d) for d in settings.TEMPLATES[0]["DIRS"]]
    dirs += [p for p in (ROOT / "scoring").glob("**/templates") if p.is_dir()]
    return sorted(f for d in dirs for f in d.glob("**/*.html"))


INLINE = [
    (re.compile(r"<script(?![^>]*\bsrc=)[^>]*>", re.I), "an inline <script>"),
    (re.compile(r"<style\b", re.I), "a <style> element"),
    (re.compile(r"\sstyle\s*=", re.I), "a style= attribute"),
    (re.compile(r"\son[a-z]+\s*=", re.I), "an on…= event handler"),
    (re.compile(r"\bhx-on\b|hx-on:", re.I), "an hx-on handler (needs eval)"),
    (re.compile(r"javascript:", re.I), "a javascript: URL"),
]


def test_there_are_templates_to_check():
    names = {f.name for f in template_files()}
    assert {"base.html", "table.html", "hand_edit.html", "history.html"} <= names


@pytest.mark.parametrize("path", template_files(), ids=lambda p: str(p.relative_to(ROOT)))
def test_no_template_carries_inline_script_or_style(path):
    """The Content-Security-Policy would block them: scripts and styles go in static/."""
    # Template tags may carry arguments such as ``with one=…``; only the markup counts.
    text = re.sub(r"\{%.*?%\}|\{\{.*?\}\}|\{#.*?#\}", "", path.read_text(), flags=re.S)
    found = [what for pattern, what in INLINE if pattern.search(text)]
    assert not found, f"{path.relative_to(ROOT)} has {', '.join(found)}"


def test_the_htmx_script_tag_loads_a_file():
    html = engines["django"].from_string("{% load django_htmx %}{% htmx_script %}").render({})
    assert re.fullmatch(r'(<script src="[^"]+" defer( data-debug="\w+")?></script>)+', html)
