"""QR codes of the app's links, drawn on the server as SVG.

The Content-Security-Policy lets a page run no inline script and load nothing from
elsewhere, so a code is drawn here (segno: pure Python, no dependencies) and served as an
image of this site: a hand's notation link, a session's share link, an invitation. The
SVG holds only the squares (no text of the link), dark on a white square with its quiet
zone, so it scans in the dark theme too, and it has no fixed size: the page sizes it.
"""

import io

import segno
from django.http import HttpResponse, HttpResponseBadRequest

SVG = "image/svg+xml"


def svg(text: str) -> bytes | None:
    """The QR code of ``text`` as SVG, or None when it is too long for any QR code."""
    try:
        code = segno.make(text, error="m", micro=False)
    except segno.DataOverflowError:
        return None
    out = io.BytesIO()
    code.save(
        out, kind="svg", scale=1, border=4, dark="#000", light="#fff", xmldecl=False, omitsize=True
    )
    return out.getvalue()


def response(text: str, shared: bool) -> HttpResponse:
    """The code as an image; ``shared``: the same for everyone (kept by any cache a day),
    else kept by the reader's browser only."""
    drawn = svg(text)
    if drawn is None:
        return HttpResponseBadRequest("too long for a QR code", content_type="text/plain")
    answer = HttpResponse(drawn, content_type=SVG)
    answer["Cache-Control"] = "public, max-age=86400" if shared else "private, max-age=3600"
    return answer
