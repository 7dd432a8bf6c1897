"""Taps through htmx: one round trip, the page for the canonical query, that query in the bar."""

from django.urls import reverse

from tests.referee.support import follow, ruling

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
    # The refused call is kept (x), so that the address and the permalink show the refusal.
    assert response["HX-Replace-Url"] == f"{auction}?v=nap&n=4&d=3&c=two.four&x=wellington"


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


def test_it_counts_a_dealt_hand_tapped_through_htmx(client):
    url = reverse("scoring:referee-deal-miss")
    hand = "SA.C10.H2.H3.H4.D5.D6.D7.C8"
    response = client.get(f"{url}?v=mighty&n=5&h={hand}&o.deal_miss=on&add=C9", **HTMX)
    assert response.status_code == 200
    canonical = f"{url}?v=mighty&n=5&h={hand}.C9&o.deal_miss=on"
    assert response["HX-Replace-Url"] == canonical
    assert ruling(response).startswith("Yes: this hand may call a deal miss.")
    assert ruling(response) == ruling(follow(client, canonical))


def test_it_swaps_in_the_deal_miss_switched_on(client):
    url = reverse("scoring:referee-deal-miss")
    response = client.get(f"{url}?v=mighty&n=5&o.deal_miss=on", **HTMX)
    assert response.status_code == 200 and 'id="ref-main"' in response.content.decode()
    assert "Your house rules have no deal miss" not in response.content.decode()


def test_it_rules_a_six_player_trick_when_the_killed_seat_is_tapped(client):
    query = "v=mighty&n=6&t=H&k=3&l=0&p=C3.JK.CA.C5.C9&j=1&ko=2"
    response = client.get(f"{URL}?{query}", **HTMX)
    assert response.status_code == 200
    assert response["HX-Replace-Url"] == f"{URL}?v=mighty&n=6&ko=2&t=H&k=3&l=0&p=C3.JK.CA.C5.C9&j=1"
    assert ruling(response).startswith("Seat 4 wins the trick")


def test_it_refuses_a_late_deal_miss_in_place(client):
    auction = reverse("scoring:referee-auction")
    query = "v=mighty&n=5&f=0&c=p.p.p.p.p&o.deal_miss=on"
    response = client.get(f"{auction}?{query}&add=dealmiss", **HTMX)
    assert response.status_code == 200
    kept = "v=mighty&n=5&f=0&c=p.p.p.p.p&x=dealmiss&o.deal_miss=on"
    assert response["HX-Replace-Url"] == f"{auction}?{kept}"
    assert 'id="ref-why"' in response.content.decode()
