import pytest
from django.urls import reverse
from django.utils.html import escape

from scoring.rules import VARIANTS

pytestmark = pytest.mark.django_db


def test_it_serves_the_index_at_rules(client):
    response = client.get("/rules/")
    assert response.status_code == 200
    assert reverse("scoring:rules-index") == "/rules/"


def test_it_lists_the_seven_variants_with_their_descriptions_and_links(client):
    html = client.get(reverse("scoring:rules-index")).content.decode()
    assert len(VARIANTS) == 7
    for code, variant in VARIANTS.items():
        assert escape(variant.name) in html
        assert escape(variant.description) in html
        assert f'href="{reverse("scoring:rules-variant", args=[code])}"' in html


def test_it_shows_the_player_counts_of_each_variant(client):
    html = client.get(reverse("scoring:rules-index")).content.decode()
    assert "4–6 players" in html  # Taiwan
    assert "4–7 players" in html  # Japanese
    assert "3–10 players" in html  # Nap
    assert ">5 players<" in html  # Thai and the Mighty


def test_it_has_a_search_box_posting_to_the_search_page(client):
    html = client.get(reverse("scoring:rules-index")).content.decode()
    assert f'action="{reverse("scoring:rules-search")}"' in html
    assert 'type="search" name="q"' in html


def test_it_links_the_rules_stylesheet(client):
    html = client.get(reverse("scoring:rules-index")).content.decode()
    assert "css/rules.css" in html
