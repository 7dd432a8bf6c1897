"""The parts of the league, home and New game pages kept once drawn (the "drawn" cache,
scoring.history.league_page): each is filed under everything it shows, so a page read
after any change shows the change, and a reader sees only what their role offers."""

import re

import pytest
from django.template import Context, Template
from django.urls import reverse, set_script_prefix

from scoring.models import Membership, Player
from tests.factories import make_league, make_session, make_user, play, url


def _page(client, league) -> str:
    response = client.get(url("league", league.pk))
    assert response.status_code == 200
    return response.content.decode()


def _players(body: str) -> list[str]:
    found = re.search(r'<ul class="names">(.*?)</ul>', body, re.S)
    assert found is not None
    return re.findall(r">([^<]+)</a>", found.group(1))


def test_it_shows_a_renamed_player_at_once(owner_client, league, session):
    before = _page(owner_client, league)
    player = league.players.get(name="Ann")
    assert "Ann" in _players(before)
    answer = owner_client.post(
        url("league-players", league.pk), {"player": str(player.pk), "name": "Annabel"}
    )
    assert answer.status_code == 302
    assert _players(_page(owner_client, league)).count("Annabel") == 1
    assert "Ann" not in _players(_page(owner_client, league))


def test_it_shows_a_new_member_and_a_new_player_at_once(owner_client, league, session):
    _page(owner_client, league)
    newcomer = make_user("nina")
    answer = owner_client.post(url("add-member", league.pk), {"username": "nina"})
    assert answer.status_code == 302
    assert Membership.objects.filter(league=league, user=newcomer).exists()
    body = _page(owner_client, league)
    assert "nina <span" in body
    make_session(league, "taiwan", names=["Ann", "Ben", "Cat", "Dan", "Zoe"])
    assert "Zoe" in _players(_page(owner_client, league))


def test_each_reader_sees_what_their_role_offers(owner_client, member_client, league, session):
    owner_body = _page(owner_client, league)
    member_body = _page(member_client, league)
    again = _page(owner_client, league)
    for owner_only in (url("add-member", league.pk), url("league-players", league.pk)):
        assert owner_only in owner_body and owner_only in again
        assert owner_only not in member_body
    assert "Invite players to link their accounts" in owner_body
    assert "Players and their accounts" in member_body


def test_every_form_carries_the_readers_own_token(owner_client, league, session):
    """The kept parts hold no CSRF token: each answer writes the reader's own."""
    first, second = (_page(owner_client, league) for _ in range(2))
    tokens = re.findall(r'name="csrfmiddlewaretoken" value="([^"]+)"', second)
    assert len(tokens) >= 3  # adding a member, the currency, the footer's forms
    assert len(set(tokens)) == 1
    assert tokens[0] not in first  # masked afresh for each answer


def test_a_member_of_another_league_sees_nothing_of_it(
    owner_client, stranger_client, league, other_league, session
):
    _page(owner_client, league)  # the parts drawn and kept
    assert stranger_client.get(url("league", league.pk)).status_code == 404
    body = _page(stranger_client, other_league)
    assert '<ul class="names">' not in body  # their league has no player yet
    assert "olive" not in body and league.name not in body


def test_two_leagues_with_the_same_names_keep_their_own_parts(owner, owner_client, league):
    twin = make_league(owner, name="Twin")
    make_session(league, "taiwan")
    make_session(twin, "taiwan")
    ours, theirs = _page(owner_client, league), _page(owner_client, twin)
    ours_links = set(re.findall(r'href="(/players/\d+/)"', ours))
    theirs_links = set(re.findall(r'href="(/players/\d+/)"', theirs))
    assert ours_links and theirs_links and not ours_links & theirs_links
    assert set(Player.objects.filter(league=twin).values_list("pk", flat=True)) == {
        int(link.split("/")[2]) for link in theirs_links
    }


def test_the_standings_follow_each_save(member_client, league, session):
    _page(member_client, league)
    play(session)
    body = _page(member_client, league)
    assert "1 hand" in body
    play(session)
    assert "2 hands" in _page(member_client, league)


@pytest.mark.parametrize(
    ("name", "pk"),
    [("scoring:player", 7), ("scoring:session-history", 123456), ("scoring:table", 1)],
)
def test_it_writes_the_same_address_as_the_url_tag(name, pk):
    drawn = Template("{% load napoleon %}{% id_url name pk %}|{% url name pk %}")
    mine, django = drawn.render(Context({"name": name, "pk": pk})).split("|")
    assert mine == django == reverse(name, args=[pk])


@pytest.mark.parametrize("prefix", ["/", "/napoleon/"])
@pytest.mark.parametrize("name", ["scoring:home", "scoring:rules-index", "scoring:set-language"])
def test_it_routes_to_a_page_with_no_argument_as_the_url_tag(name, prefix):
    set_script_prefix(prefix)
    try:
        drawn = Template("{% load napoleon %}{% route name %}|{% url name %}")
        mine, django = drawn.render(Context({"name": name})).split("|")
        reversed_ = reverse(name)
    finally:
        set_script_prefix("/")
    assert mine == django == reversed_ and mine.startswith(prefix)


@pytest.mark.parametrize("path", ["css/app.css", "js/kept.js", "icons/apple-touch-icon.png"])
def test_it_writes_a_static_address_as_the_static_tag(path):
    drawn = Template("{% load napoleon static %}{% asset path %}|{% static path %}")
    for _twice in range(2):  # worked out, then read back
        mine, django = drawn.render(Context({"path": path})).split("|")
        assert mine == django and mine.endswith(path)


def _new_game(client, league) -> str:
    response = client.get(url("session-new", league.pk))
    assert response.status_code == 200
    return response.content.decode()


def test_the_new_game_page_follows_each_game_started(member_client, league, session):
    before = _new_game(member_client, league)
    assert 'data-add-player="Zoe"' not in before
    assert 'value="taiwan" id="variant-taiwan" checked' in before
    answer = member_client.post(
        url("session-new", league.pk),
        {
            "variant": "mighty",
            "date": "2025-04-01",
            "players": "Ann\nBen\nCat\nDan\nZoe",
            "first_dealer": "1",
            "stake": "",
        },
    )
    assert answer.status_code == 302
    after = _new_game(member_client, league)
    assert 'data-add-player="Zoe"' in after
    assert 'value="mighty" id="variant-mighty" checked' in after
    assert 'value="taiwan" id="variant-taiwan" checked' not in after


def test_the_new_game_page_of_another_league_shows_its_own_players(
    member_client, stranger_client, league, other_league, session
):
    _new_game(member_client, league)
    make_session(other_league, "taiwan", names=["Kim", "Lee", "Max", "Ned", "Oz"])
    theirs = _new_game(stranger_client, other_league)
    assert 'data-add-player="Kim"' in theirs
    assert 'data-add-player="Ann"' not in theirs


@pytest.mark.parametrize("pk", ["0", "999999999999999999", "99999999999999999999999"])
@pytest.mark.parametrize("page", ["league", "session-new", "league-players", "people"])
def test_a_league_that_is_not_there_is_a_404(owner_client, league, page, pk):
    assert owner_client.get(reverse(f"scoring:{page}", args=[pk])).status_code == 404
