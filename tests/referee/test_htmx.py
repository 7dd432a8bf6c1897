"""Taps through htmx: one round trip, the page for the canonical query, that query in the bar."""

from django.urls import reverse

from .support import follow, ruling

URL = reverse("scoring:referee-trick")
HTMX = {"HTTP_HX_REQUEST": "true"}


def test_it_answers_a_tap_with_the_page_and_the_canonical_query_not_a_redirect(client):
    query = "v=japanese&n=5&t=H&k=4&l=2&p=C5.C9.SA.CK&add=HQ&o.yoromeki=HQ"
    response = client.get(f"{URL}?{query}", **HTMX)
    assert response.status_code == 200
    assert (
        response["HX-Replace-Url"]
        == f"{URL}?v=japanese&n=5&t=H&k=4&l=2&p=C5.C9.SA.CK.HQ&o.yoromeki=HQ"
    )
    assert ruling(response).startswith("Seat 2 wins the trick")
    assert ruling(response) == ruling(follow(client, f"{URL}?{query}"))


def test_it_writes_the_canonical_query_even_when_the_tap_is_refused(client):
    auction = reverse("scoring:referee-auction")
    response = client.get(f"{auction}?v=nap&n=4&d=3&c=two.four&add=wellington", **HTMX)
    assert response.status_code == 200
    assert response["HX-Replace-Url"] == f"{auction}?v=nap&n=4&d=3&c=two.four"


def test_it_swaps_in_a_query_it_cannot_read_with_its_message(client):
    response = client.get(f"{URL}?v=japanese&n=5&k=x", **HTMX)
    assert response.status_code == 200  # htmx swaps only a 200
    assert "Write a whole number here" in response.content.decode()
    assert client.get(f"{URL}?v=japanese&n=5&k=x").status_code == 400


def test_it_lets_the_server_judge_every_value_even_one_a_browser_would_refuse(client):
    """A default below a field's browser bounds (the Mighty's joker −2 in the deal-miss count)
    must not stop every tap: the form leaves the checking to the server, which says why."""
    html = client.get(reverse("scoring:referee-score") + "?v=mighty&n=5").content.decode()
    assert 'id="referee-form" novalidate' in html
    assert 'name="o.deal_miss_values.joker"' in html and 'value="-2"' in html
