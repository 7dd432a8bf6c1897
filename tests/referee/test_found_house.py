"""The referee's tools under the house rules other programs play (rules-house.md §8.10): each
rule a tool can be asked about reaches the ruling through the page, and the ruling names it."""

import re

import pytest
from django.urls import reverse

from tests.referee.support import errors, follow, page, ruling, text_of
from tests.referee.test_score import deltas

TRICK = reverse("scoring:referee-trick")
SCORE = reverse("scoring:referee-score")

# (id, query, the seat that wins (from 1), words of the reason): the default ruling differs.
# fmt: off
TRICKS = [
    ("mighty-powerless-first", "v=mighty&n=5&t=H&k=1&l=0&p=S5.SA.S9.H2.D2&o.mighty_powerless=first", "Seat 4", "no power"),
    ("mighty-powerless-last", "v=mighty&n=5&t=H&k=10&l=0&p=S5.SA.S9.H2.D2&o.mighty_powerless=last", "Seat 4", "no power"),
    ("mighty-powerless-none", "v=mighty&n=5&t=H&k=1&l=0&p=S5.SA.S9.H2.D2", "Seat 2", "Mighty"),
    ("japanese-led-joker-trump-same-two", "v=japanese&n=5&t=H&k=4&l=0&p=JK.H5.H9.H2.HA&o.same_two_led_joker=1", "Seat 4", "same two"),
]
# (id, query, every seat's score): each a house rule of the Mighty's score.
SCORES = [
    ("alone-doubles-failed-off", "v=mighty&n=5&d=0&x=14S&f=-&r=12&o.formula=pagat&o.alone_doubles_failed=0", ["−8", "+2", "+2", "+2", "+2"]),
    ("bid-20-doubles-failed", "v=mighty&n=5&d=0&x=20S&f=1&r=19&o.bid_20_doubles=1&o.bid_20_doubles_failed=1", ["−32", "−16", "+16", "+16", "+16"]),
    ("failed-pays-back", "v=mighty&n=5&d=0&x=15S&f=1&r=13&o.formula=pagat&o.failed_pays_back=1", ["−14", "−7", "+7", "+7", "+7"]),
    ("made-at-least-one", "v=mighty&n=5&d=0&x=13S&f=1&r=13&o.formula=pagat&o.made_at_least_one=1", ["+2", "+1", "−1", "−1", "−1"]),
    ("taiwan-discards-to-napoleon", "v=taiwan&n=5&d=0&x=3S&f=2&r=11&o.discards_to=napoleon", ["+100", "−50", "+50", "−50", "−50"]),
]
# fmt: on


@pytest.mark.parametrize(
    ("query", "winner", "words"), [t[1:] for t in TRICKS], ids=[t[0] for t in TRICKS]
)
def test_it_judges_a_trick_under_the_rule(client, query, winner, words):
    response = follow(client, f"{TRICK}?{query}")
    text = ruling(response)
    assert text is not None, errors(response)
    assert text.startswith(f"{winner} wins the trick"), text
    assert words.lower() in text.lower(), text


@pytest.mark.parametrize(("query", "expected"), [s[1:] for s in SCORES], ids=[s[0] for s in SCORES])
def test_it_scores_a_hand_under_the_rule_and_names_it(client, query, expected):
    response = follow(client, f"{SCORE}?{query}")
    assert response.status_code == 200
    assert deltas(response) == expected
    assert "(house rule)" in reason_lines(response)


def reason_lines(response) -> str:
    """The ruling's reason lines (the page says "house rules" elsewhere too)."""
    found = re.search(r'<ul class="lines">(.*?)</ul>', page(response), re.S)
    assert found, errors(response)
    return text_of(found.group(1))
