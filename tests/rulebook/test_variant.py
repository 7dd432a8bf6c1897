import json
import re

import pytest
from django.utils.html import escape

from scoring.rules import VARIANTS, HandFacts, find_variant
from scoring.rules.bids import Bid
from scoring.rules.scores import signed
from tests.rulebook.helpers import SECTIONS, get, make_session, sections, table_rows, text, url

pytestmark = pytest.mark.django_db


# ---- every page, every section -------------------------------------------------------


@pytest.mark.parametrize("code", list(VARIANTS))
def test_it_renders_every_variant_with_every_section(client, code):
    html = get(client, code).content.decode()
    for section in SECTIONS[code]:
        assert f'<section id="{section}" class="rule-section"' in html, section
        assert f'<a class="anchor" href="#{section}"' in html, section
        assert f'<li><a href="#{section}">' in html, f"{section} missing from the contents"


@pytest.mark.parametrize("code", list(VARIANTS))
def test_it_gives_every_section_a_title_and_some_text(client, code):
    found = sections(get(client, code))
    assert list(found) == SECTIONS[code]
    for section, body in found.items():
        assert len(body) > 60, section


def test_it_answers_404_for_an_unknown_variant(client):
    assert client.get("/rules/bridge/").status_code == 404
    assert client.get("/rules/TAIWAN/").status_code == 404


@pytest.mark.parametrize("code", list(VARIANTS))
def test_it_marks_the_page_with_the_variant_name_and_description(client, code):
    html = get(client, code).content.decode()
    variant = VARIANTS[code]
    assert f"<h1>{escape(variant.name)}</h1>" in html
    assert escape(variant.description) in html


# ---- numbers from the engine -----------------------------------------------------------


@pytest.mark.parametrize("code", list(VARIANTS))
def test_it_shows_the_deal_for_every_player_count_as_the_engine_computes_it(client, code):
    rows = table_rows(get(client, code).content.decode(), "deal")
    game = VARIANTS[code]
    decks = {len(game.deck(n, game.rules({}, n))) for n in game.players}
    for players in game.players:
        rules = game.rules({}, players)
        # A deck that changes with the count (the Mighty's 43 cards for four) gets a column.
        deck = () if len(decks) == 1 else (len(game.deck(players, rules)),)
        row = tuple(
            str(n)
            for n in (
                players,
                *deck,
                game.hand_size(players, rules),
                game.blind_size(players, rules),
                game.tricks(players, rules),
            )
        )
        assert row in rows, (code, players)


def test_it_names_the_deck_size_and_point_cards_from_the_engine(client):
    assert "54 cards" in text(get(client, "taiwan"))
    assert "16 point cards" in text(get(client, "taiwan"))
    assert "53 cards" in text(get(client, "japanese"))
    assert "20 in all" in text(get(client, "japanese"))
    assert "52 cards" in text(get(client, "japanese-chip"))
    assert "53 cards" in text(get(client, "mighty"))


def test_it_numbers_the_last_three_tricks_for_each_player_count(client):
    body = sections(get(client, "taiwan"))["card-order"]
    assert "tricks 11–13 with 4 players" in body
    assert "tricks 8–10 with 5 players" in body
    assert "tricks 6–8 with 6 players" in body


def test_it_lays_out_the_taiwan_table_as_the_engine_scores(client):
    body = sections(get(client, "taiwan"))["scoring"]
    for amount in ("+100", "+50", "−50", "+400", "−100", "+20", "−40", "+10"):
        assert amount in body
    game = find_variant("taiwan")
    score = game.score(HandFacts(5, 0, Bid(3, "H"), 1, declarer_points=13), game.rules({}, 5))
    assert f"napoleon {signed(score.deltas[0])}" in body  # the worked example: 2 over


def test_it_lays_out_the_hong_kong_table_by_level(client):
    body = sections(get(client, "hongkong"))["scoring"]
    assert "Hong Kong table" in body
    for level in range(1, 9):
        assert f"{level} {8 + level} +{40 * level} +{20 * level} 0" in body
        assert f"{level} {8 + level} +{100 * level} 0" in body
    assert "+50" in body  # each defender per card short of a dictator


def test_it_lays_out_the_chip_table(client):
    body = sections(get(client, "japanese-chip"))["scoring"]
    assert "+2 +1 −1" in body
    assert "+4 +2 −2" in body
    assert "−4 −2 +2" in body
    assert "doubled" in body


def test_it_works_a_mighty_example_with_the_engine(client):
    body = sections(get(client, "mighty"))["scoring"]
    game = find_variant("mighty")
    score = game.score(HandFacts(5, 0, Bid(14, "S"), 1, declarer_points=16), game.rules({}, 5))
    assert score.deltas[0] == 8
    assert "declarer +8 friend +4 each opponent −4" in body
    assert "16 − 12 = 4" in body


def test_it_lists_the_nap_calls_with_their_values(client):
    body = sections(get(client, "nap"))["auction"]
    for call, value in (("two", 2), ("misère", 3), ("nap", 5), ("Wellington", 10), ("Blücher", 20)):
        assert re.search(rf"{call} \S+( \S+)* {value}\b", body), call


def test_it_shows_cards_as_small_card_images_with_coloured_suits(client):
    html = get(client, "japanese").content.decode()
    assert '<span class="pc suit-S">♠A</span>' in html
    assert '<span class="pc suit-H">' in html
    assert 'class="pc pc-jk" role="img" aria-label="Joker"' in html


def test_it_judges_its_example_tricks_with_the_engine(client):
    body = sections(get(client, "mighty"))["ripper"]
    assert "♥2 wins: highest trump (hearts). The ripper was led, so the joker has no power." in body


def test_it_judges_example_tricks_under_the_chosen_house_rules(client):
    assert "♥Q wins: yoromeki" not in text(get(client, "japanese"))
    assert "♥Q wins: yoromeki" in text(get(client, "japanese", "?o.yoromeki=HQ"))
    assert "♠J wins" in sections(get(client, "thai"))["first-trick"]
    changed = sections(get(client, "thai", "?o.first_two_beats_specials=true"))["first-trick"]
    assert "♠2 wins" in changed
    last = "Joker wins: the joker beats everything but the Mighty."
    assert sections(get(client, "mighty"))["jokers"].count(last) == 3
    powerless = sections(get(client, "mighty", "?o.joker_powerless_first_last=true"))["jokers"]
    assert powerless.count(last) == 2
    assert "no power on the first and last trick (house rule)" in powerless


def test_it_scores_the_examples_under_the_chosen_house_rules(client):
    assert "+15" in sections(get(client, "nap", "?o.nap_scoring=stakes"))["scoring"]
    stripped = table_rows(get(client, "nap", "?o.stripped_deck=true").content.decode(), "deal")
    assert ("3", "24", "5", "9", "5") in stripped
    assert ("4", "28", "5", "8", "5") in stripped
    pagat = sections(get(client, "mighty", "?o.formula=pagat"))["scoring"]
    assert "S = 2 × (14 − 13) + (16 − 14) = 4" in pagat


# ---- the house rules section ---------------------------------------------------------------


@pytest.mark.parametrize("code", list(VARIANTS))
def test_it_lists_every_option_with_its_value_choices_and_description(client, code):
    html = get(client, code).content.decode()
    body = sections(get(client, code))["house-rules"]
    for spec in VARIANTS[code].Rules.specs():
        assert f'id="opt-{spec.name}"' in html
        assert f"<code>{spec.name}</code>" not in html  # a code is for links and the API
        assert escape(spec.description) in html
        if spec.kind in ("bool", "choice"):
            choices = (True, False) if spec.kind == "bool" else spec.choices
            for choice in choices:
                value = json.dumps(choice) if isinstance(choice, bool) else choice
                assert f"o.{spec.name}={value}#opt-{spec.name}" in html
    assert "house rule" not in body.replace("house rules", "")


def test_it_marks_an_option_that_differs_from_the_default(client):
    html = get(client, "japanese", "?o.yoromeki=HQ").content.decode()
    option = html[html.index('id="opt-yoromeki"') :]
    option = option[: option.index("</li>\n")]
    assert 'class="option changed"' in html[html.index('id="opt-yoromeki"') - 40 :]
    assert '<span class="badge">house rule</span>' in option
    assert "default: not played" in " ".join(option.split())
    assert "House rules in force" in html
    assert 'href="#opt-yoromeki">Yoromeki</a>: ♥Q beats ♠A' in html


def test_it_keeps_the_chosen_options_in_the_links_of_the_other_options(client):
    html = get(client, "japanese", "?o.yoromeki=HQ").content.decode()
    assert 'href="?o.yoromeki=HQ&amp;o.same_two=false#opt-same_two"' in html
    assert 'href="?o.yoromeki=HA#opt-yoromeki"' in html


def test_it_shows_a_per_player_default_for_each_count(client):
    body = sections(get(client, "taiwan"))["house-rules"]
    assert "on with 4 players · off with 5 or 6 players" in body


# ---- o. parameters ---------------------------------------------------------------------------


def test_it_reads_boolean_words_in_the_query(client):
    for word in ("true", "on", "1", "yes", "TRUE"):
        assert "A pass is final" in text(get(client, "japanese", f"?o.pass_is_final={word}"))


def test_it_ignores_a_bad_option_value_with_a_visible_note(client):
    response = get(client, "japanese", "?o.yoromeki=HK")
    html = response.content.decode()
    assert "Ignored o.yoromeki=HK" in html
    assert "must be one of off, HQ, HA" in html
    assert "Not played at this table: ♠A beats every heart." in text(response)


def test_it_ignores_an_option_of_another_variant_with_a_note(client):
    html = get(client, "japanese", "?o.joker_summon=off").content.decode()
    assert (
        "Ignored o.joker_summon: Japanese Napoleon has no house rule called joker_summon." in html
    )


def test_it_ignores_a_number_out_of_range_and_keeps_the_good_options(client):
    response = get(client, "japanese", "?o.min_bid=40&o.yoromeki=HA")
    html = response.content.decode()
    assert "Ignored o.min_bid=40" in html
    assert "The lowest bid is 11" in text(response)
    assert "♥A wins it" in text(response)


def test_it_escapes_what_the_query_says(client):
    html = get(client, "japanese", "?o.yoromeki=%3Cscript%3Ealert(1)%3C/script%3E").content.decode()
    assert "<script>alert(1)" not in html
    assert "&lt;script&gt;alert(1)" in html
    html = get(client, "japanese", "?o.%3Cb%3E=1").content.decode()
    assert "o.<b>" not in html
    assert "Ignored o.&lt;b&gt;" in html


def test_it_survives_odd_queries(client):
    for query in (
        "?o.trump_change_cost=%7Bbad",
        "?o.trump_change_cost.suit=x",
        "?o.trump_change_cost.bogus=1",
        "?o.trump_change_cost=%5B1%2C2%5D",
        "?o.=1",
        "?o.min_bid=",
        "?o.min_bid=99999999999999999999",
        "?players=99",
        "?players=x",
        "?session=x",
        "?session=99999999999999999999999",
        "?" + "&".join(f"o.x{i}=1" for i in range(200)),
    ):
        assert client.get(url("mighty") + query).status_code == 200, query


@pytest.mark.parametrize(("code", "lead"), [("taiwan", "napoleon"), ("hongkong", "napoleon_left")])
def test_it_ignores_a_player_count_part_of_discards_shown_with_a_note(client, code, lead):
    query = f"?players=5&o.discards_shown.5=1&o.first_lead={lead}"
    html = get(client, code, query).content.decode()
    assert "Ignored o.discards_shown.5: " in html
    assert "is set as a whole, with o.discards_shown=…" in html
    # The other rule is kept, and the links the page writes leave the part out.
    assert f'href="?players=5&amp;o.first_lead={lead}#opt-first_lead"' in html


@pytest.mark.parametrize("code", list(VARIANTS))
def test_it_answers_every_rule_with_one_value_given_a_part(client, code):
    for spec in VARIANTS[code].Rules.specs():
        if spec.kind == "object":
            continue
        for part in ("5", "x", "a.b"):
            html = get(client, code, f"?o.{spec.name}.{part}=1").content.decode()
            assert f"Ignored o.{spec.name}.{part}: " in html, spec.name


def test_it_ignores_brackets_nested_past_any_rule(client):
    for name in ("trump_change_cost", "score_values", "deal_miss_values"):
        html = get(client, "mighty", f"?o.{name}=" + "%5B" * 50_000).content.decode()
        assert f"Ignored o.{name}=[[[[" in html


def test_it_takes_a_player_count_for_the_examples(client):
    body = sections(get(client, "nap", "?players=6&o.nap_scoring=stakes"))["scoring"]
    assert "A call of nap with 6 players" in body
    assert "+25" in body
    html = get(client, "nap", "?players=2").content.decode()
    assert "Ignored players=2" in html


# ---- a session's house rules --------------------------------------------------------------


def test_it_shows_a_members_session_with_its_house_rules(client, django_user_model):
    user = django_user_model.objects.create_user("ana", password="pw-123456789")
    session = make_session(user, "japanese", {"yoromeki": "HQ", "same_two": False})
    client.force_login(user)
    response = get(client, "japanese", f"?session={session.pk}")
    html = response.content.decode()
    assert "With the house rules of Thursday club · " in html
    assert "When ♠A and ♥Q fall in the same trick" in text(response)
    assert "a 2 is always the lowest card of its suit" in text(response)
    assert f'href="/sessions/{session.pk}/"' in html
    assert f'href="?session={session.pk}&amp;o.yoromeki=HA#opt-yoromeki"' in html


def test_it_uses_the_sessions_player_count(client, django_user_model):
    user = django_user_model.objects.create_user("ana", password="pw-123456789")
    session = make_session(user, "taiwan", {}, players=5)
    client.force_login(user)
    response = get(client, "taiwan", f"?session={session.pk}")
    assert "Those discards stay face down" in text(response)
    assert table_rows(response.content.decode(), "deal") == [("5", "10", "4", "10")]


def test_it_lets_query_options_override_the_sessions(client, django_user_model):
    user = django_user_model.objects.create_user("ana", password="pw-123456789")
    session = make_session(user, "japanese", {"yoromeki": "HQ"})
    client.force_login(user)
    response = get(client, "japanese", f"?session={session.pk}&o.yoromeki=HA")
    assert "♥A wins it" in text(response)
    assert f'href="{url("japanese")}?session={session.pk}"' in response.content.decode()


def test_it_ignores_the_session_of_a_stranger(client, django_user_model):
    owner = django_user_model.objects.create_user("ana", password="pw-123456789")
    stranger = django_user_model.objects.create_user("bo", password="pw-123456789")
    session = make_session(owner, "japanese", {"yoromeki": "HQ"}, league_name="Secret club")
    client.force_login(stranger)
    response = get(client, "japanese", f"?session={session.pk}")
    html = response.content.decode()
    assert "Secret club" not in html
    assert "With the house rules of" not in html
    assert "Not played at this table: ♠A beats every heart." in text(response)
    # Only the language switcher echoes the address the reader typed; no link carries it.
    assert f"session={session.pk}" not in html.split('<footer class="foot">')[0]


def test_it_ignores_a_session_for_an_anonymous_reader(client, django_user_model):
    owner = django_user_model.objects.create_user("ana", password="pw-123456789")
    session = make_session(owner, "japanese", {"yoromeki": "HQ"}, league_name="Secret club")
    response = get(client, "japanese", f"?session={session.pk}")
    assert "Secret club" not in response.content.decode()
    assert "Not played at this table" in text(response)


def test_it_says_nothing_about_a_session_that_does_not_exist(client, django_user_model):
    owner = django_user_model.objects.create_user("ana", password="pw-123456789")
    session = make_session(owner, "japanese", {"yoromeki": "HQ"})
    client.force_login(owner)
    missing = get(client, "japanese", f"?session={session.pk + 1000}").content.decode()
    assert "With the house rules of" not in missing
    assert "Ignored" not in missing


def test_it_points_a_member_to_the_rules_of_the_sessions_own_variant(client, django_user_model):
    user = django_user_model.objects.create_user("ana", password="pw-123456789")
    session = make_session(user, "thai", {"tie": "napoleon_loses"})
    client.force_login(user)
    html = get(client, "japanese", f"?session={session.pk}").content.decode()
    assert "That session plays Thai Napoleon." in html
    assert f'href="{url("thai")}?session={session.pk}"' in html
    assert "With the house rules of" not in html
    thai = get(client, "thai", f"?session={session.pk}")
    assert "If t equals c + h, the citizens win." in text(thai)


@pytest.mark.parametrize(
    ("code", "query", "label"),
    [
        ("japanese-chip", "", "11–19"),
        ("japanese", "?o.score_table=chips&o.min_bid=8", "8–19"),
        ("japanese", "?o.score_table=chips&o.min_bid=17", "17–19"),
    ],
)
def test_it_labels_the_chip_rows_from_the_tables_lowest_bid(client, code, query, label):
    body = sections(get(client, code, query))["scoring"]
    assert f"{label} the bid or more" in body


@pytest.mark.parametrize(("low", "suit_bid", "nt_bid"), [(13, "14♠", "13NT"), (15, "16♠", "15NT")])
def test_it_quotes_mighty_bids_the_table_allows(client, low, suit_bid, nt_bid):
    body = sections(get(client, "mighty", f"?o.min_bid={low}"))["auction"]
    assert f"such as {suit_bid} or {nt_bid}" in body


def test_it_says_when_a_house_rule_changes_nothing(client):
    idle = "No effect with one win per hand"
    assert idle in get(client, "japanese").content.decode()
    assert idle not in get(client, "japanese", "?o.score_table=chips").content.decode()


def test_it_prints_a_negative_share_with_a_minus_sign(client):
    body = sections(get(client, "mighty", "?o.min_bid=10"))["scoring"]
    assert "= −2 per share lost" in body
