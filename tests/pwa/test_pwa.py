"""The installable app: manifest, icons, service worker, offline page, and the marks
that keep the offline page cache and the hand outbox to one user (scoring/views.py).

tests/browser/test_offline.py drives the worker and the outbox in Chromium.
"""

import json
import os
import re
import struct
from pathlib import Path

import pytest
from django.conf import settings
from django.contrib.staticfiles import finders
from django.core.management import call_command
from django.test import override_settings

from scoring.pwa import views
from tests.factories import make_league, make_session, make_user, play

ROOT = Path(settings.BASE_DIR)


def directives(header: str) -> dict[str, list[str]]:
    return {part.split()[0]: part.split()[1:] for part in header.split(";") if part.strip()}


def static_file(url: str) -> Path:
    assert url.startswith(settings.STATIC_URL), url
    found = finders.find(url.removeprefix(settings.STATIC_URL))
    assert found, f"{url} is not a static file"
    return Path(found)


def png_size(path: Path) -> tuple[int, int]:
    data = path.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n", f"{path.name} is not a PNG"
    assert data[12:16] == b"IHDR"
    return struct.unpack(">II", data[16:24])


def app_colours() -> dict[str, str]:
    """The light colours of static/css/app.css's custom properties: each is written as
    ``--name: var(--no-dark, LIGHT) var(--no-light, DARK)``."""
    css = (ROOT / "static" / "css" / "app.css").read_text()
    return dict(re.findall(r"--([\w-]+):\s*var\(--no-dark,\s*(#[0-9a-fA-F]+)\)", css))


@pytest.fixture
def signed_in(client, db):
    user = make_user("host")
    client.force_login(user)
    return user


# ---- the manifest and the icons -------------------------------------------------------


def test_the_manifest_is_served_as_a_web_app_manifest(client, db):
    response = client.get("/manifest.webmanifest")
    assert response.status_code == 200
    assert response["Content-Type"] == "application/manifest+json"
    manifest = json.loads(response.content)
    assert manifest["name"] == "Napoleon scorekeeper"
    assert manifest["short_name"] == "Napoleon"
    assert manifest["start_url"] == "/" and manifest["scope"] == "/"
    assert manifest["display"] == "standalone"
    colours = app_colours()
    assert manifest["background_color"] == colours["bg"]
    assert manifest["theme_color"] == colours["accent"]  # the header bar


def test_the_manifest_names_png_icons_of_the_sizes_it_claims(client, db):
    icons = json.loads(client.get("/manifest.webmanifest").content)["icons"]
    sizes = {(icon["sizes"], icon["purpose"]) for icon in icons}
    assert {("192x192", "any"), ("512x512", "any"), ("512x512", "maskable")} <= sizes
    for icon in icons:
        assert icon["type"] == "image/png"
        width, height = png_size(static_file(icon["src"]))
        assert f"{width}x{height}" == icon["sizes"], icon["src"]


def test_the_apple_touch_icon_is_a_square_png():
    assert png_size(ROOT / "static" / "icons" / "apple-touch-icon.png") == (180, 180)


def test_the_manifest_speaks_the_readers_language(client, db):
    manifest = json.loads(client.get("/manifest.webmanifest", HTTP_ACCEPT_LANGUAGE="fr").content)
    assert manifest["lang"] == "fr"


# ---- the service worker ---------------------------------------------------------------


def worker_config(body: str) -> dict:
    first, _, rest = body.partition("\n")
    assert first.startswith("const CONFIG = ") and first.endswith(";")
    assert "CONFIG.version" in rest  # the worker itself follows
    return json.loads(first.removeprefix("const CONFIG = ").removesuffix(";"))


def test_the_service_worker_is_served_from_the_root_for_the_whole_site(client, db):
    response = client.get("/sw.js")
    assert response.status_code == 200
    assert response["Content-Type"].startswith("application/javascript")
    assert response["Service-Worker-Allowed"] == "/"
    # Never kept by a cache on the way: a new release reaches the phones at once.
    control = response["Cache-Control"]
    assert "no-cache" in control and "max-age=0" in control and "immutable" not in control


def test_the_service_worker_keeps_the_app_shell(client, db):
    config = worker_config(client.get("/sw.js").content.decode())
    shell = config["shell"]
    for name in ["css/app.css", "js/kept.js", "icon.svg"]:
        assert settings.STATIC_URL + name in shell
    # The table screen's scripts are kept as it loads them, not by every first visit.
    assert settings.STATIC_URL + "js/offline.js" not in shell
    # What offline pages need, no more: the manifest's PNG icons are the browser's to fetch.
    assert not [url for url in shell if url.endswith(".png")]
    assert any("htmx" in url for url in shell)
    for url in shell:
        static_file(url)  # every one of them exists
    assert config["offline"] == "/offline/"
    assert {"/accounts/", "/api/", "/admin/"} <= set(config["neverCache"])
    assert config["authPaths"] == ["/accounts/login/", "/accounts/logout/"]
    assert re.fullmatch(r"[0-9a-f]{16}", config["version"])


# A relative import or export of an ES module: its path (static/js/offline.js and its parts).
IMPORT = re.compile(r"""^\s*(?:import|export)\b[^"';]*?["'](\.{1,2}/[^"']+)["']""", re.MULTILINE)


def imported(name: str) -> set[str]:
    """Every static file a module imports, itself and through the modules it imports."""
    found, todo = set(), [name]
    while todo:
        path = todo.pop()
        if path in found:
            continue
        found.add(path)
        code = (ROOT / "static" / path).read_text()
        base = Path(path).parent
        todo += [str(Path(os.path.normpath(base / target))) for target in IMPORT.findall(code)]
    return found


def test_it_keeps_at_install_only_what_every_page_needs():
    # The outbox and the table's scripts are kept as the table screen loads them.
    modules = imported("js/offline.js")
    assert {"js/outbox/queue.js", "js/outbox/storage.js"} <= modules  # the pattern finds them
    assert not (modules | {"js/offline.js", "js/table.js"}) & set(views.SHELL)


def test_it_serves_module_imports_under_their_hashed_names_in_production(tmp_path):
    """collectstatic with the production storage rewrites each import to the hashed name
    of a file it wrote: a module never loads another release's part."""
    production = {
        **settings.STORAGES,
        "staticfiles": {"BACKEND": "napoleon_site.storage.StaticFilesStorage"},
    }
    with override_settings(STATIC_ROOT=tmp_path, STORAGES=production):
        call_command("collectstatic", interactive=False, verbosity=0, ignore_patterns=["admin"])
    names = json.loads((tmp_path / "staticfiles.json").read_text())["paths"]
    for module in sorted(imported("js/offline.js")):
        served = tmp_path / names[module]
        targets = IMPORT.findall(served.read_text())
        assert len(targets) == len(IMPORT.findall((ROOT / "static" / module).read_text()))
        for target in targets:
            assert re.search(r"\.[0-9a-f]{12}\.js$", target), f"{module} imports {target}"
            assert (served.parent / target).is_file(), f"{module} imports {target}"


def test_a_changed_static_file_makes_a_new_worker_version(monkeypatch):
    before = worker_config(views._build_worker().decode())["version"]
    read = views._read
    monkeypatch.setattr(
        views, "_read", lambda path: read(path) + (b"/* new */" if path == "css/app.css" else b"")
    )
    assert worker_config(views._build_worker().decode())["version"] != before


def test_the_worker_never_keeps_posts_or_other_users_pages():
    """The rules the browser tests exercise, as written in the worker."""
    code = (ROOT / "static" / "js" / "sw.js").read_text()
    assert 'if (request.method !== "GET")' in code
    assert 'if (owner === "-") return forgetPages();' in code
    assert 'credentials: "omit"' in code  # the offline page names nobody


# ---- the offline page -------------------------------------------------------------------


def test_the_offline_page_names_nobody(client, db):
    response = client.get("/offline/")
    assert response.status_code == 200
    body = response.content.decode()
    assert "No connection" in body and "data-offline-page" in body
    assert "csrfmiddlewaretoken" not in body and "Log out" not in body
    assert 'src="/static/js/offline.js"' in body


# ---- whose page: X-Offline-User and the page's data-user ---------------------------------


def test_an_anonymous_page_is_marked_as_nobodys(client, db):
    response = client.get("/accounts/login/")
    assert response["X-Offline-User"] == "-"
    assert 'data-user="-"' in response.content.decode()


def test_a_signed_in_page_carries_a_key_for_its_user_not_the_id(client, signed_in):
    response = client.get("/")
    key = response["X-Offline-User"]
    assert re.fullmatch(r"[0-9a-f]{20}", key)
    assert key != str(signed_in.pk)
    assert f'data-user="{key}"' in response.content.decode()
    client.force_login(make_user("guest"))
    assert client.get("/")["X-Offline-User"] not in (key, "-")


def test_only_html_pages_are_marked(client, signed_in):
    assert "X-Offline-User" not in client.get("/api/v1/variants")
    assert "X-Offline-User" not in client.get("/manifest.webmanifest")


# ---- base.html and the table screen ------------------------------------------------------


def test_every_page_links_the_manifest_the_icons_and_the_script(client, db):
    body = client.get("/accounts/login/").content.decode()
    assert '<link rel="manifest" href="/manifest.webmanifest">' in body
    assert '<link rel="apple-touch-icon" href="/static/icons/apple-touch-icon.png">' in body
    colours = app_colours()
    assert f'<meta name="theme-color" content="{colours["accent"]}"' in body
    assert '<script src="/static/js/kept.js" defer></script>' in body
    # The outbox's module, loaded by kept.js only where there is something for it to do.
    assert '<script type="module" src="/static/js/offline.js"></script>' not in body
    assert 'data-outbox="/static/js/offline.js"' in body
    assert 'id="connection"' in body and 'data-sw="/sw.js"' in body
    assert "Offline — showing this page as last seen at %(time)s" in body


def test_the_table_screen_tells_the_script_its_session_and_hand(client, signed_in):
    session = make_session(make_league(signed_in))
    body = client.get(session.get_absolute_url()).content.decode()
    assert f'data-session="{session.pk}" data-hand-number="1"' in body
    assert "Offline — showing the scores as last seen at %(time)s" in body
    assert "Waiting to send hand %(number)s…" in body
    assert '<script type="module" src="/static/js/offline.js"></script>' in body


def test_the_hand_edit_form_loads_the_outbox_as_the_table_screen_does(client, signed_in):
    session = make_session(make_league(signed_in))
    play(session)
    body = client.get(f"/sessions/{session.pk}/hands/1/edit/").content.decode()
    assert 'id="hand-form"' in body
    assert '<script type="module" src="/static/js/offline.js"></script>' in body


@pytest.mark.parametrize("path", ["/", "/accounts/login/", "/sw.js", "/offline/"])
def test_the_content_security_policy_still_allows_no_inline_script(client, db, path):
    csp = directives(client.get(path)["Content-Security-Policy"])
    assert csp["script-src"] == ["'self'"]
    assert csp["worker-src"] == ["'self'"] and csp["manifest-src"] == ["'self'"]
    assert not any("unsafe" in value for values in csp.values() for value in values)


SCRIPTS = sorted(
    str(p.relative_to(ROOT / "static" / "js")) for p in (ROOT / "static" / "js").rglob("*.js")
)


@pytest.mark.parametrize("name", SCRIPTS)
def test_the_scripts_need_no_eval_and_write_no_html(name):
    code = (ROOT / "static" / "js" / name).read_text()
    for banned in ["eval(", "new Function", "innerHTML", "insertAdjacentHTML", "document.write"]:
        assert banned not in code, f"{name} uses {banned}"
