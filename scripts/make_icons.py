#!/usr/bin/env python3
"""Draw the home-screen icons in static/icons/ from static/icon.svg, with Chromium.

Run once when the icon changes (the PNGs are committed):

    .venv/bin/python scripts/make_icons.py

"any" icons keep the SVG's rounded square with transparent corners; the maskable and
Apple icons fill the whole square (the phone cuts its own shape) and shrink the spade
into the central safe zone (a circle of 80% of the width).
"""

import re
from pathlib import Path

from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parent.parent
SOURCE = ROOT / "static" / "icon.svg"
OUT = ROOT / "static" / "icons"
CHROMIUM = "/usr/bin/chromium"


def full_bleed(svg: str) -> str:
    """The same drawing on a square without rounded corners, the spade at 70%."""
    svg = re.sub(r'<rect([^>]*) rx="[^"]*"', r"<rect\1", svg)
    return re.sub(
        r"(<path[^>]*/>)",
        r'<g transform="translate(32 32) scale(0.7) translate(-32 -31)">\1</g>',
        svg,
    )


def icons(svg: str) -> dict[str, tuple[str, int]]:
    bleed = full_bleed(svg)
    return {
        "icon-192.png": (svg, 192),
        "icon-512.png": (svg, 512),
        "maskable-512.png": (bleed, 512),
        "apple-touch-icon.png": (bleed, 180),
    }


def main() -> None:
    svg = SOURCE.read_text()
    OUT.mkdir(exist_ok=True)
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        for name, (drawing, size) in icons(svg).items():
            page = browser.new_page(viewport={"width": size, "height": size})
            sized = drawing.replace("<svg ", f'<svg width="{size}" height="{size}" ', 1)
            page.set_content(f"<html><body style='margin:0'>{sized}</body></html>")
            page.screenshot(path=str(OUT / name), omit_background=True)
            page.close()
            print(f"wrote {OUT / name}")
        browser.close()


if __name__ == "__main__":
    main()
