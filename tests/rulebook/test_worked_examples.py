"""Every number a rules page works out is the engine's, under every house rule a table may pick.

The pages compute their tables and examples with the engine, so a wrong number
there comes from asking the engine the wrong question: the chip table once said a
lone napoleon's made bid under 20 pays −8 and +4 each, because the hands behind
that sentence had been given a bid of 20. Here each page is rendered under many
option sets, and every printed answer is asked of the JSON API again, for every
hand the row or sentence speaks for (a row labelled "11–19" lists hands across
that range). A signed amount printed outside any checked example fails too, so a
new table cannot skip the check.
"""

import json
import re

import pytest
from django.utils import translation

from scoring.rules import VARIANTS
from tests.rulebook.examples import read, verify
from tests.rulebook.helpers import get, sections

pytestmark = pytest.mark.django_db

LANGUAGES = ["en", "zh-hant", "ja", "ko", "th", "fr"]


def _other_values(spec, players):
    """The values of an option worth a page of their own: each choice, both ends of a range."""
    default = spec.default_for(players)
    if spec.kind == "bool":
        return [not default]
    if spec.kind == "choice":
        return [c for c in spec.choices if c != default]
    if spec.kind == "int":
        low, high = spec.choices
        return [v for v in (low, high) if v != default]
    return []


def _score_values(variant, players):
    """A table's own numbers for every coefficient of the default score table."""
    rules = variant.rules({}, players)
    own = {}
    for c in variant.score_coefficients(players, rules):
        value = c.default * 2 + 1
        own[c.name] = value if c.low <= value <= c.high else c.low
    return own


def option_queries(code):
    """(label, query) pairs: the defaults, each house rule changed alone, each player count."""
    variant = VARIANTS[code]
    players = variant.players[0]
    queries = [("defaults", "")]
    for spec in variant.Rules.specs():
        for value in _other_values(spec, players):
            text = json.dumps(value) if isinstance(value, bool) else str(value)
            queries.append((f"{spec.name}={text}", f"?o.{spec.name}={text}"))
    own = _score_values(variant, players)
    if own:
        queries.append(("own numbers", f"?o.score_values={json.dumps(own)}"))
    for count in variant.players:
        queries.append((f"players={count}", f"?players={count}"))
    return queries


# Tables whose numbers depend on two house rules at once.
COMBINED = [
    ("japanese", "?o.score_table=chips&o.siberian=false"),
    ("japanese", "?o.score_table=chips&o.min_bid=20"),
    ("japanese", "?o.score_table=chips&o.min_bid=1"),
    ("japanese", "?o.score_table=chips&o.min_bid=19&players=4"),
    ("japanese-chip", "?o.siberian=false&players=6"),
    ("mighty", "?o.formula=pagat&o.min_bid=20"),
    ("mighty", "?o.all_pass=min_12&o.min_bid=13"),
    ("mighty", "?o.trump_change_cost.suit=0&o.trump_change_cost.no_trump=8"),
    ("taiwan", "?o.score_table=hongkong&players=6"),
    ("thai", "?o.min_bid=9&o.tie=napoleon_loses"),
    ("nap", "?o.nap_scoring=stakes&players=10"),
]


def sentence_amounts(page):
    """The amounts printed in the scoring section's sentences, each its own example."""
    return [e for e in page.examples if e.where == "scoring" and len(e.shown) == 1]


CODE_WORD = re.compile(
    r"\b[A-Za-z0-9]+_[A-Za-z0-9_]+\b"
)  # an option's code or value: napoleon_left


def check_page(client, code, query):
    response = get(client, code, query)
    for section, text in sections(response).items():
        # Codes may show only in the house-rules section (its engine notes and the names of a
        # table's own numbers) and where a table's own numbers are set: elsewhere, words.
        if section != "house-rules" and "score_values" not in query:
            assert not CODE_WORD.search(text), (code, query, section, CODE_WORD.findall(text))
    page = read(response.content.decode())
    assert page.examples, (code, query)
    assert not page.unchecked_tricks, (code, query, "an example trick without its check")
    assert not page.loose, (code, query, "amounts printed outside a checked example", page.loose)
    for example in page.examples:
        verify(example)
    return page


@pytest.mark.parametrize("code", list(VARIANTS))
def test_it_prints_only_the_engines_numbers_under_every_house_rule(client, code):
    for label, query in option_queries(code):
        try:
            check_page(client, code, query)
        except AssertionError as error:
            raise AssertionError(f"{code} with {label}: {error}") from error


@pytest.mark.parametrize(("code", "query"), COMBINED)
def test_it_prints_only_the_engines_numbers_when_house_rules_combine(client, code, query):
    check_page(client, code, query)


@pytest.mark.parametrize("language", LANGUAGES)
def test_it_prints_only_the_engines_numbers_in_every_language(client, language):
    client.cookies["django_language"] = language
    for code in VARIANTS:
        with translation.override(language):
            check_page(client, code, "")


def test_it_checks_every_table_and_sentence_a_page_works_out(client):
    """The check itself: the Japanese chip page's examples, counted, and the lone napoleon's."""
    page = check_page(client, "japanese-chip", "")
    kinds = [next(iter(e.check)) for e in page.examples]
    assert kinds.count("trick") == 4
    assert kinds.count("deal") == 3
    assert kinds.count("score") == 5 + 4  # five table rows; two sentences of two amounts
    assert [e.shown[0].text for e in sentence_amounts(page)] == ["+4", "−2", "+8", "−4"]


def test_it_would_catch_a_sentence_worked_out_for_the_wrong_hand(client):
    """A lone napoleon's made bid under 20, worked out with a bid of 20 as it once was."""
    page = read(get(client, "japanese-chip").content.decode())
    sentence = sentence_amounts(page)[0]
    hands = sentence.check["score"]["hands"]
    sentence.check["score"]["hands"] = [{**hands[0], "contract": "20S"}]
    with pytest.raises(AssertionError):
        verify(sentence)
    sentence.check["score"] = {"hands": hands, "made": False}
    with pytest.raises(AssertionError):
        verify(sentence)
