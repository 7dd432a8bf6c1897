"""New game: variant, players in seat order, house rules, first dealer, stake."""

import datetime
from decimal import Decimal

import pytest

from scoring.models import GameSession, Player
from scoring.rules import find_variant
from tests.factories import assert_sent_to_login, counts, make_session, url


def new_game(**changes):
    data = {
        "variant": "taiwan",
        "date": "2025-04-01",
        "players": "Ann\nBen\nCat\nDan\nEve",
        "first_dealer": "2",
        "stake": "",
        **changes,
    }
    return {name: value for name, value in data.items() if value is not None}


def test_it_shows_the_form_with_the_leagues_usual_game_chosen(member_client, league):
    league.default_variant = "mighty"
    league.save()
    response = member_client.get(url("session-new", league.pk))
    assert response.status_code == 200
    assert b'value="mighty" id="variant-mighty" checked' in response.content
    assert b'name="opt_mighty_min_bid"' in response.content


def test_it_lists_the_known_players(member_client, league, session):
    response = member_client.get(url("session-new", league.pk))
    assert response.context["known"] == ["Ann", "Ben", "Cat", "Dan", "Eve"]
    assert 'data-add-player="Eve"' in response.content.decode()


def test_it_starts_a_session_and_opens_its_table(member_client, league, member):
    response = member_client.post(url("session-new", league.pk), new_game())
    session = GameSession.objects.get()
    assert response.status_code == 302
    assert response.url == session.get_absolute_url()
    assert session.variant == "taiwan"
    assert session.date == datetime.date(2025, 4, 1)
    assert session.first_dealer == 1  # seat 2 as counted from 1
    assert session.created_by == member
    assert [s.player.name for s in session.seat_list] == ["Ann", "Ben", "Cat", "Dan", "Eve"]


def test_it_reuses_known_players_whatever_their_case(member_client, league, session):
    ann = Player.objects.get(name="Ann")
    member_client.post(url("session-new", league.pk), new_game(players="ann\nBEN\nCat\nZoe\nDan"))
    started = GameSession.objects.exclude(pk=session.pk).get()
    assert started.seat_list[0].player == ann
    assert Player.objects.filter(league=league).count() == 6  # only Zoe is new


def test_it_stores_the_house_rules_as_the_engine_reads_them(member_client, league):
    member_client.post(url("session-new", league.pk), new_game(opt_taiwan_score_table="hongkong"))
    session = GameSession.objects.get()
    expected = find_variant("taiwan").rules({"score_table": "hongkong"}, 5).as_json()
    assert session.options == expected
    assert session.rules(5).score_table == "hongkong"


def test_it_ignores_the_house_rules_of_other_games(member_client, league):
    member_client.post(url("session-new", league.pk), new_game(opt_mighty_min_bid="12"))
    assert "min_bid" not in GameSession.objects.get().options


def test_it_keeps_the_stake(member_client, league):
    member_client.post(url("session-new", league.pk), new_game(stake="0.50"))
    assert GameSession.objects.get().stake == Decimal("0.50")


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"players": "Ann\nBen\nCat"}, "Taiwan Napoleon is played by 4–6 players, not 3."),
        ({"variant": "thai", "players": "A\nB\nC\nD"}, "played by 5 players, not 4"),
        ({"players": "Ann\nBen\nann\nDan\nEve"}, "Each player can sit in only one seat."),
        ({"players": ""}, "This field is required."),
        ({"first_dealer": "6"}, "There are only 5 seats."),
        ({"first_dealer": "0"}, "greater than or equal to 1"),
        ({"stake": "-1"}, "greater than or equal to 0"),
        ({"variant": "bridge"}, "Select a valid choice"),
        ({"date": "yesterday"}, "Enter a valid date."),
        ({"variant": "mighty", "opt_mighty_min_bid": "99"}, "less than or equal to 20"),
        # An object option's numbers are judged by the engine, with its bounds.
        ({"variant": "mighty", "opt_mighty_trump_change_cost__suit": "9"}, "from 0 to 8"),
        ({"variant": "mighty", "opt_mighty_deal_miss_values__max": "41"}, "from -40 to 40"),
        ({"variant": "mighty", "opt_mighty_deal_miss_points": "101"}, "less than or equal to 100"),
        (
            {"variant": "mighty", "opt_mighty_deal_miss_penalty": "fixed"},
            "A deal-miss penalty needs deal misses on",
        ),
        (
            {"variant": "taiwan", "opt_taiwan_score_values__standard_made_napoleon": "100001"},
            "from -100000 to 100000",
        ),
    ],
)
def test_it_refuses_a_bad_form_with_a_message_and_saves_nothing(
    member_client, league, session, changes, message
):
    before = counts()
    response = member_client.post(url("session-new", league.pk), new_game(**changes))
    assert response.status_code == 200
    assert message in response.content.decode()
    assert counts() == before
    # The page reopens at the top; the fields in error may be far below.
    summary = response.content.decode().split('id="form-errors"')[1].split("</div>")[0]
    assert message in summary


def test_it_sends_an_anonymous_visitor_to_login(anon_client, league):
    assert_sent_to_login(anon_client.get(url("session-new", league.pk)))


def test_it_starts_nothing_for_an_anonymous_post(anon_client, league):
    before = counts()
    assert_sent_to_login(anon_client.post(url("session-new", league.pk), new_game()))
    assert counts() == before


def test_it_hides_the_page_from_a_stranger(stranger_client, league):
    assert stranger_client.get(url("session-new", league.pk)).status_code == 404


def test_it_refuses_a_strangers_post_and_saves_nothing(stranger_client, league):
    before = counts()
    response = stranger_client.post(url("session-new", league.pk), new_game())
    assert response.status_code == 403
    assert counts() == before


def test_it_lets_the_stranger_start_a_game_in_their_own_league(stranger_client, other_league):
    response = stranger_client.post(url("session-new", other_league.pk), new_game())
    assert response.status_code == 302
    assert GameSession.objects.get().league == other_league


def test_it_keeps_the_options_when_the_leagues_defaults_change(member_client, league):
    member_client.post(url("session-new", league.pk), new_game(opt_taiwan_score_table="hongkong"))
    league.default_options = {"taiwan": {"score_table": "taiwan"}}
    league.default_variant = "nap"
    league.save()
    session = GameSession.objects.get()
    assert session.options["score_table"] == "hongkong"
    assert session.variant == "taiwan"


def test_it_seats_a_second_session_of_the_same_players(member_client, league):
    first = make_session(league)
    member_client.post(url("session-new", league.pk), new_game())
    second = GameSession.objects.exclude(pk=first.pk).get()
    assert [s.player for s in second.seat_list] == [s.player for s in first.seat_list]


def test_it_starts_next_weeks_form_from_the_house_rules_last_chosen(member_client, league):
    member_client.post(
        url("session-new", league.pk),
        new_game(
            variant="mighty",
            opt_mighty_formula="pagat",
            opt_mighty_first_trick_friend="true",
            opt_mighty_trump_change_cost__suit="3",
        ),
    )
    league.refresh_from_db()
    assert league.default_variant == "mighty"
    assert league.default_options["mighty"] == {
        "formula": "pagat",
        "first_trick_friend": True,
        "trump_change_cost": {"suit": 3},
    }
    page = member_client.get(url("session-new", league.pk)).content.decode()
    assert 'value="mighty" id="variant-mighty" checked' in page
    assert '<option value="pagat" selected>' in page
    assert 'name="opt_mighty_trump_change_cost__suit" value="3"' in page


def test_it_opens_the_house_rules_with_an_error_and_counts_rules_changed(member_client, league):
    changes = {"variant": "mighty", "opt_mighty_min_bid": "99", "opt_mighty_all_pass": "redeal"}
    body = member_client.post(url("session-new", league.pk), new_game(**changes)).content.decode()
    assert '<details class="options options-mighty" open>' in body
    assert "2 rules changed" in body


def test_only_the_chosen_games_house_rules_are_drawn(member_client, league):
    body = member_client.get(url("session-new", league.pk)).content.decode()
    assert 'class="options options-taiwan"' in body
    assert [c for c in ("mighty", "nap", "thai") if f"opt_{c}_" in body] == []


def test_another_games_house_rules_are_not_asked(member_client, league):
    # Posted for a game not chosen (a page drawn before the switch): ignored, not refused.
    changes = {"opt_mighty_min_bid": "99", "opt_mighty_all_pass": "redeal"}
    response = member_client.post(url("session-new", league.pk), new_game(**changes))
    assert response.status_code == 302
    assert GameSession.objects.get().variant == "taiwan"


def test_choosing_another_game_draws_its_house_rules_as_last_played(member_client, league):
    league.default_options = {"mighty": {"formula": "pagat"}}
    league.save()
    typed = new_game(variant="mighty", choose_game="1", players="Ann\nBen\nCat\nDan\nZoe")
    response = member_client.post(url("session-new", league.pk), typed)
    assert response.status_code == 200 and not GameSession.objects.exists()
    body = response.content.decode()
    assert 'value="mighty" id="variant-mighty" checked' in body
    assert '<option value="pagat" selected>' in body and "opt_taiwan_" not in body
    assert "Carried over from last time" in body and "errorlist" not in body
    assert "Ann\nBen\nCat\nDan\nZoe</textarea>" in body  # what was typed stays


def test_with_htmx_choosing_another_game_swaps_its_house_rules_alone(member_client, league):
    league.default_options = {"mighty": {"formula": "pagat"}}
    league.save()
    typed = new_game(variant="mighty", choose_game="1")
    response = member_client.post(url("session-new", league.pk), typed, HTTP_HX_REQUEST="true")
    body = response.content.decode()
    assert body.startswith('<div id="house-rules">') and "<html" not in body
    assert '<option value="pagat" selected>' in body
    assert '<div id="carried" hx-swap-oob="true">' in body and "options-taiwan" not in body


SEVEN = "Ann\nBen\nCat\nDan\nEve\nFay\nGus"


def test_more_at_the_table_than_the_game_deals_in_are_asked_how_many_first(member_client, league):
    # Seven at Taiwan Napoleon (four to six): nothing starts until the table says.
    response = member_client.post(url("session-new", league.pk), new_game(players=SEVEN))
    assert response.status_code == 200 and not GameSession.objects.exists()
    body = response.content.decode()
    assert "7 sit at the table and Taiwan Napoleon deals in at most 6" in body
    assert "Players dealt in each hand" in body and "7 at the table." in body
    assert [c for c in ("4", "5", "6") if f'name="players_per_hand" value="{c}"' in body] == [
        "4",
        "5",
        "6",
    ]
    assert "checked" not in body.split('class="chips dealt-in"')[1].split("</fieldset>")[0]
    assert 'href="#id_players_per_hand"' in body  # the summary at the top leads to it
    started = new_game(players=SEVEN, players_per_hand="5")
    assert member_client.post(url("session-new", league.pk), started).status_code == 302
    session = GameSession.objects.get()
    assert len(session.seat_list) == 7 and session.players_per_hand == 5


@pytest.mark.parametrize(
    ("players", "chosen", "expected"),
    [
        ("Ann\nBen\nCat\nDan\nEve\nFay", "5", 5),  # six at Taiwan may deal five in
        ("Ann\nBen\nCat\nDan\nEve\nFay", "6", None),  # or all six
        ("Ann\nBen\nCat\nDan\nEve", None, None),  # as many as the game deals in: no question
    ],
)
def test_a_table_the_game_can_seat_whole_may_still_deal_fewer_in(
    member_client, league, players, chosen, expected
):
    data = new_game(players=players, players_per_hand=chosen)
    assert member_client.post(url("session-new", league.pk), data).status_code == 302
    assert GameSession.objects.get().players_per_hand == expected


@pytest.mark.parametrize("chosen", ["3", "7", "x", "-1"])
def test_a_count_the_table_cannot_deal_changes_nothing(member_client, league, chosen):
    data = new_game(players=SEVEN, players_per_hand=chosen)
    response = member_client.post(url("session-new", league.pk), data)
    assert response.status_code == 200 and not GameSession.objects.exists()
    assert 'class="chips dealt-in"' in response.content.decode()


def own_numbers_last_time(member_client, league):
    """A Taiwan game with its own score numbers (+120 a made contract) and a rule of its
    own: the league remembers them for its next game."""
    data = new_game(
        opt_taiwan_score_values__standard_made_napoleon="120",
        opt_taiwan_score_values__standard_made_secretary="60",
        opt_taiwan_score_values__standard_made_defender="-60",
        opt_taiwan_secretary_order="off",
    )
    assert member_client.post(url("session-new", league.pk), data).status_code == 302
    GameSession.objects.all().delete()


def test_new_game_says_what_it_carries_over_from_last_time(member_client, league):
    own_numbers_last_time(member_client, league)
    body = member_client.get(url("session-new", league.pk)).content.decode()
    notice = body[body.index('class="card carried options options-taiwan"') :]
    notice = notice[: notice.index("</div>")]
    assert "Carried over from last time" in notice
    assert "napoleon: +120" in notice and "never" in notice
    assert 'name="standard_rules" value="taiwan" formnovalidate' in notice
    assert "options-mighty" not in body.split('class="card carried')[-1].split("</div>")[0]


def test_one_tap_plays_the_standard_rules_keeping_what_was_typed(member_client, league):
    own_numbers_last_time(member_client, league)
    typed = {**league_initial_data(member_client, league), "players": "Ann\nBen\nCat\nDan\nEve"}
    response = member_client.post(
        url("session-new", league.pk), {**typed, "standard_rules": "taiwan"}
    )
    assert response.status_code == 200 and not GameSession.objects.exists()
    body = response.content.decode()
    assert "Taiwan Napoleon: the standard rules, nothing carried over." in body
    assert "Carried over from last time" not in body
    assert "Ann\nBen\nCat\nDan\nEve</textarea>" in body  # what was typed stays
    # The game's own numbers again: its score table is no longer laid out to edit.
    assert 'name="opt_taiwan_score_values__standard_made_napoleon"' not in body
    form = response.context["form"]
    started = {name: form[name].value() for name in form.fields if form[name].value() is not None}
    started = {k: v for k, v in started.items() if v not in ("", [])}
    started["date"] = "2025-04-01"
    assert member_client.post(url("session-new", league.pk), started).status_code == 302
    assert GameSession.objects.get().options == find_variant("taiwan").rules({}, 5).as_json()


def league_initial_data(member_client, league) -> dict:
    """The New game form's fields as the page fills them (the league's last game)."""
    form = member_client.get(url("session-new", league.pk)).context["form"]
    values = {name: form[name].value() for name in form.fields}
    return {k: str(v) for k, v in values.items() if v not in (None, "", [])}
