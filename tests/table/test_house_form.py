"""The new-game form's house rules by concern, and a table's own score numbers."""

import re

import pytest

from scoring.models import GameSession
from scoring.rules import VARIANTS
from scoring.words.groups import concern_of
from tests.factories import url
from tests.table.test_session_new import new_game


def _details(body: str, code: str) -> str:
    """The house rules of ``code``, the game the form is drawn for (the only one shown)."""
    start = body.index(f'class="options options-{code}"')
    return body[start : body.index('<button class="primary wide"', start)]


def _mighty_form(member_client, league) -> str:
    league.default_variant = "mighty"
    league.save()
    return member_client.get(url("session-new", league.pk)).content.decode()


@pytest.mark.parametrize("code", list(VARIANTS))
def test_it_puts_every_house_rule_in_a_named_group(code):
    assert [s.name for s in VARIANTS[code].Rules.specs() if concern_of(s.name) == "other"] == []


def test_it_groups_the_house_rules_each_with_its_one_line(member_client, league):
    mighty = _details(_mighty_form(member_client, league), "mighty")
    for group in ("Bidding", "Deck, deal and partner", "Card order and special cards"):
        assert f"<summary>{group} " in mighty
    assert mighty.count('class="helptext"') >= len(VARIANTS["mighty"].Rules.specs()) - 1
    # A numeric option part shows the engine's default and takes the engine's bounds.
    assert 'name="opt_mighty_deal_miss_values__max"' in mighty


def test_it_counts_only_the_rules_that_differ_from_the_default(member_client, league):
    changes = {
        "variant": "mighty",
        "players": "A\nB\nC\nD",
        "opt_mighty_formula": "seed",  # the default: not a change
        "opt_mighty_deal_miss": "on",
        "opt_mighty_deal_miss_values__max": "41",  # refused: the form comes back
    }
    body = member_client.post(url("session-new", league.pk), new_game(**changes)).content.decode()
    mighty = _details(body, "mighty")
    assert "2 rules changed" in mighty
    assert "from -40 to 40" in mighty
    assert 'value="41"' in mighty
    assert GameSession.objects.count() == 0


def test_it_lays_the_score_table_out_without_javascript(member_client, league):
    data = new_game(edit_table="taiwan", opt_taiwan_score_values__standard_made_napoleon="130")
    response = member_client.post(url("session-new", league.pk), data)
    body = response.content.decode()
    assert response.status_code == 200 and GameSession.objects.count() == 0
    table = body[body.index('id="score-table-taiwan"') :]
    assert 'name="opt_taiwan_score_values__standard_made_napoleon"' in table
    assert 'value="130" placeholder="100"' in table
    assert 'placeholder="-50"' in table
    # Made: 130 + 50 − 3 × 50 = +30, not zero-sum; the other rows keep theirs at 0.
    sums = re.findall(r"<output data-sum[^>]*>([^<]*)</output>", table)
    assert sums[0] == "+30" and set(sums[1:]) == {"0"}
    assert "Update the table for the rules above" in table


def test_it_answers_htmx_with_the_table_alone(member_client, league):
    response = member_client.post(
        url("session-new", league.pk),
        new_game(variant="nap", players="A\nB\nC\nD", edit_table="nap", opt_nap_payout="classic"),
        headers={"HX-Request": "true"},
    )
    body = response.content.decode()
    assert "<html" not in body and body.lstrip().startswith('<div class="score-table"')
    assert 'name="opt_nap_score_values__nap_made"' in body
    assert 'placeholder="10"' in body  # nap made under the classic payout


def test_it_starts_the_game_with_its_own_numbers(member_client, league):
    data = new_game(
        opt_taiwan_score_values__standard_made_napoleon="130",
        opt_taiwan_score_values__standard_made_defender="-60",
    )
    member_client.post(url("session-new", league.pk), data)
    session = GameSession.objects.get()
    assert session.options["score_values"] == {
        "standard_made_napoleon": 130,
        "standard_made_defender": -60,
    }
    # The session's rules page prints the table's own numbers.
    page = member_client.get(f"/rules/taiwan/?session={session.pk}").content.decode()
    standard = member_client.get("/rules/taiwan/").content.decode()
    assert "+130" in page and "+130" not in standard
    # …and, under its house rules, the table itself with the own numbers marked.
    own = page[page.index('id="opt-score_values"') :]
    assert "standard, made · napoleon: +130" in own
    assert '<td class="changed">130</td>' in own and "<td>50</td>" in own


def test_it_refuses_a_number_the_table_does_not_have(member_client, league):
    data = new_game(variant="thai", players="A\nB\nC\nD\nE", opt_thai_score_values__win="5000")
    body = member_client.post(url("session-new", league.pk), data).content.decode()
    assert GameSession.objects.count() == 0
    assert "The game could not start" in body
    assert (
        'name="opt_thai_score_values__win" id="id_opt_thai_score_values__win" value="5000"' in body
    )


@pytest.mark.parametrize(
    "code, option, value, sentence",
    [
        ("mighty", "back_run", "off", "There is no back run"),
        ("mighty", "ripper_first_trick", "lead_and_call", "may be led to the first trick and call"),
        ("japanese", "led_joker_rank", "never_wins", "A led joker never wins"),
        ("japanese", "plain_tricks", "last", "The last trick is plain"),
        ("nap", "payout", "classic", "Classic payout: misère made 3"),
        ("taiwan", "four_player_table", "balanced", "the Taiwan table is balanced"),
    ],
)
def test_it_explains_a_house_rule_in_force_on_the_rules_page(
    member_client, code, option, value, sentence
):
    page = member_client.get(f"/rules/{code}/?o.{option}={value}").content.decode()
    rule = page[page.index(f'id="opt-{option}"') :]
    assert sentence in rule[: rule.index("</li>")]
    assert sentence not in member_client.get(f"/rules/{code}/").content.decode()


def test_it_says_when_a_house_rule_changes_nothing(member_client):
    page = member_client.get("/rules/japanese/?o.yoromeki_loses_to_jacks=true").content.decode()
    rule = page[page.index('id="opt-yoromeki_loses_to_jacks"') :]
    assert "No effect: no yoromeki is played." in rule[: rule.index("</li>")]


def test_it_shows_the_bounds_of_each_number_of_a_house_rule(member_client, league):
    mighty = _details(_mighty_form(member_client, league), "mighty")
    assert "(-40 to 40)" in mighty and "(0 to 8)" in mighty
    field = mighty[mighty.index('name="opt_mighty_deal_miss_values__point"') :]
    assert 'min="-4"' in field[: field.index(">")] and 'max="4"' in field[: field.index(">")]


def test_it_shows_the_declarer_taking_the_balance_at_four_player_mighty(member_client, league):
    data = new_game(variant="mighty", players="A\nB\nC\nD", edit_table="mighty")
    body = member_client.post(url("session-new", league.pk), data).content.decode()
    table = body[body.index('id="score-table-mighty"') :]
    table = table[: table.index("</table>")]
    assert table.count("the balance") == 2  # with a friend, and alone
    assert 'name="opt_mighty_score_values__declarer"' not in table
    assert 'name="opt_mighty_score_values__friend"' in table
