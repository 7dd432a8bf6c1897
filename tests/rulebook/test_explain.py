"""House rules explained as data: every sentence belongs to a real option value, and shows."""

import pytest
from django.urls import reverse

from scoring.rules import VARIANTS
from scoring.words.explain import EXPLAINED
from tests.rulebook.helpers import get, sections

pytestmark = pytest.mark.django_db


def _values(spec):
    return (True, False) if spec.kind == "bool" else tuple(spec.choices or ())


def test_it_explains_only_values_an_option_can_take():
    known = {
        (spec.name, value)
        for variant in VARIANTS.values()
        for spec in variant.Rules.specs()
        for value in _values(spec)
    }
    assert set(EXPLAINED) <= known, set(EXPLAINED) - known


def test_it_shows_the_sentence_for_the_value_in_force_under_the_option(client):
    house = sections(get(client, "taiwan", "?o.joker_summon=any_play"))["house-rules"]
    assert str(EXPLAINED[("joker_summon", "any_play")]) in house
    assert str(EXPLAINED[("joker_summon", "lead_first_three")]) not in house


def test_it_shows_the_sentence_in_the_referees_house_rules_panel(client):
    url = reverse("scoring:referee-trick") + "?v=thai&n=5&o.tie=napoleon_loses"
    html = client.get(url).content.decode()
    assert str(EXPLAINED[("tie", "napoleon_loses")]) in html
