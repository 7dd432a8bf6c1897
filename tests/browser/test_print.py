"""Paper: the final standings and the league's standings printed from a phone, in the
dark theme too, come out black on white, with no header, buttons, forms or navigation,
and every table whole."""

import pytest

from tests.browser.test_table import member  # noqa: F401
from tests.factories import make_session, play

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

# What the printed page shows: the page's colours, and what of the page is left to see.
ON_PAPER = """() => {
  const shown = (el) => el.getClientRects().length > 0 && getComputedStyle(el).visibility !== "hidden";
  const all = (selector) => Array.from(document.querySelectorAll(selector));
  const body = getComputedStyle(document.body);
  return {
    background: body.backgroundColor,
    color: body.color,
    controls: all("header, footer, nav, button, form, .button, textarea").filter(shown).length,
    cut: all(".scroll").filter((el) => getComputedStyle(el).overflowX !== "visible").length,
    tables: all("table, ol.board").filter(shown).length,
  };
}"""


@pytest.mark.parametrize("theme", ["light", "dark"])
def test_the_standings_print_black_on_white_without_controls(page, live_server, member, theme):  # noqa: F811
    session = make_session(member, "taiwan")
    play(session)
    play(session, declarer="2", partner="3", points="9")
    page.emulate_media(media="print", color_scheme=theme)
    for path in (f"/sessions/{session.pk}/summary/", f"/leagues/{member.pk}/"):
        page.goto(f"{live_server.url}{path}")
        paper = page.evaluate(ON_PAPER)
        assert (paper["background"], paper["color"]) == ("rgb(255, 255, 255)", "rgb(0, 0, 0)")
        assert paper["controls"] == 0, path
        assert paper["cut"] == 0 and paper["tables"] >= 1, path
