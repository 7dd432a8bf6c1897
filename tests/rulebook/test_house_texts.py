"""The rules pages under house rules: the sections that state the rules say what a house
rule in force changes (they used to state the default beside a rule that contradicted it),
and a rule that changes nothing says so."""

import pytest

from scoring.rules import VARIANTS
from tests.rulebook.helpers import get, make_session, sections
from tests.rulebook.test_option_texts import rules_text

pytestmark = pytest.mark.django_db


def _choices(spec):
    if spec.kind == "bool":
        return [value for value in (True, False) if value != spec.default]
    if spec.kind == "choice":
        return [value for value in spec.choices if value != spec.default]
    return []


def _query(name, value) -> str:
    text = ("true" if value else "false") if isinstance(value, bool) else value
    return f"?o.{name}={text}"


@pytest.mark.parametrize("code", list(VARIANTS))
def test_every_house_rule_changes_the_text_or_says_it_changes_nothing(client, code):
    standard = rules_text(get(client, code))
    for spec in VARIANTS[code].Rules.specs():
        for value in _choices(spec):
            response = get(client, code, _query(spec.name, value))
            if rules_text(response) != standard:
                continue
            entry = sections(response)["house-rules"]
            entry = entry[entry.index(str(spec.label)) :]
            assert "No effect" in entry[:600], (code, spec.name, value)


# (variant, query, a phrase only the default page has, a phrase only the changed page has)
HOUSE_TEXTS = [
    (
        "mighty",
        "o.deal_miss=on&o.deal_miss_penalty=fixed&o.deal_miss_points=5",
        "",
        "A deal miss costs whoever calls it 5 points, paid at once to each other player",
    ),
    (
        "mighty",
        "o.deal_miss=on&o.deal_miss_penalty=doubling",
        "",
        "it doubles for each further deal miss the same player calls before a hand is played",
    ),
    ("japanese", "o.auction_order=free", "Bidding goes clockwise", "Bidding is free"),
    (
        "japanese",
        "o.all_pass=previous_napoleon",
        "If nobody bids at all, the next dealer deals a new hand.",
        "the last hand's napoleon must open with a bid",
    ),
    (
        "japanese",
        "o.discards_to=napoleon",
        "they count for the opponents",
        "count for the napoleon's side",
    ),
    ("japanese", "o.dq_beats_trump_jack=true", "", "♦Q catches the trump jack"),
    ("japanese", "o.hunting_jack=true", "", "Hunting jack: the jack of the paired suit"),
    ("japanese", "o.plain_jack_lowest=true", "", "lowest card of its suit, below the 2"),
    (
        "japanese",
        "o.led_joker_rank=never_wins",
        "The joker then wins the trick unless the almighty is played.",
        "A led joker never wins",
    ),
    (
        "japanese",
        "o.joker_any_time=false",
        "The joker may be played at any time.",
        "only by a player who cannot follow",
    ),
    (
        "japanese",
        "o.first_trick_restriction=no_joker",
        "The joker may not be led to the first trick.",
        "may not be played to the first trick at all",
    ),
    ("japanese", "o.joker_call=S3_led", "", "Leading ♠3 calls the joker"),
    ("japanese", "o.almighty_call=true", "", "Leading ♠3 calls ♠A"),
    (
        "japanese",
        "o.plain_tricks=last",
        "",
        "The last trick is plain",
    ),
    (
        "japanese",
        "o.first_trick_plain=jacks",
        "full power from the very first trick",
        "On the first trick both jacks are ordinary cards",
    ),
    (
        "japanese",
        "o.same_two_rank=top",
        "still beat it if they were played",
        "beats every card, ♠A included",
    ),
    ("japanese", "o.same_two_in_trump=false", "", "A trick all in trumps is never a same two"),
    ("japanese", "o.same_two_led_joker=true", "", "is a same two too"),
    ("japanese", "o.yoromeki=HQ&o.yoromeki_loses_to_jacks=true", "", "A yoromeki is cancelled"),
    ("japanese", "o.all_twenty=bonus", "", "wins double"),
    (
        "japanese-chip",
        "o.plain_tricks=none",
        "On the first trick nothing is special",
        "the first trick has the full card order",
    ),
    (
        "japanese-chip",
        "o.plain_trick_specials=almighty",
        "On the first trick nothing is special",
        "On a plain trick ♠A still wins.",
    ),
    (
        "japanese-chip",
        "o.score_values.alone_multiplier=3",
        "the chips are doubled",
        "the chips are multiplied by 3",
    ),
    (
        "mighty",
        "o.ripper_first_trick=lead_and_call",
        "The ripper may not be led to the first trick.",
        "may be led to the first trick and call the joker there",
    ),
    (
        "mighty",
        "o.called_joker_has_power=true",
        "a joker in that trick has no power, called or not",
        "A joker forced out by a call keeps its power",
    ),
    ("mighty", "o.joker_call_last_trick=false", "", "may not be called on the last trick"),
    ("mighty", "o.mighty_defense=true", "", "may play the Mighty instead"),
    (
        "mighty",
        "o.first_trick_trumps=free",
        "not with a trump unless the hand holds nothing but trumps",
        "The declarer may lead a trump to the first trick.",
    ),
    (
        "mighty",
        "o.discards_to=opponents",
        "Points among the discards count for the declarer's side.",
        "points among the discards count for the opponents",
    ),
    ("mighty", "o.formula=pagat_p10", "the unit is P − 12", "made: S = P − 10;"),
    ("mighty", "o.formula=pagat_pm1", "the unit is P − 12", "made: S = P − 13 + 1;"),
    (
        "mighty",
        "o.formula=pagat&o.alone_doubles=false",
        "",
        "playing alone is not multiplied at this table",
    ),
    (
        "mighty",
        "o.back_run=opponents_10",
        "the opponents took 11 points or more",
        "the opponents took 10 points or more",
    ),
    ("mighty", "o.bid_20_doubles=true", "", "a made bid of 20, on top of the run"),
    (
        "mighty",
        "o.deal_miss=on",
        "",
        "each A, K, Q or J adds +2, each 10 adds +1, ♠A adds 0 and the joker −2",
    ),
    ("mighty", "o.score_values.declarer=3", "scores +2 units", "scores +3 units"),
    ("mighty", "players=4", "53 cards for five players", "Four players use a smaller pack"),
    ("mighty", "players=6", "", "Whoever holds it sits the hand out"),
    ("nap", "o.joker=true", "no joker", "plus the joker"),
    (
        "nap",
        "o.all_pass=dealer_bids_one",
        "If everybody passes, the cards are dealt again.",
        "the dealer must bid, at least one trick",
    ),
    ("nap", "o.sir_garnet=true", "", "call Sir Garnet, a call of five tricks"),
    ("nap", "o.payout=classic", "", "Classic payout"),
    ("thai", "o.score_values.win=2", "Each winner scores 1 and everyone else 0.", "scores +2"),
    (
        "taiwan",
        "o.four_player_table=balanced",
        "",
        "With four players this table plays a balanced form",
    ),
    # rules-house.md §8.10
    (
        "taiwan",
        "o.no_trump_bid=off",
        "which is a suit or NT for no trump",
        "No-trump contracts are not allowed at this table",
    ),
    (
        "hongkong",
        "o.no_trump_bid=off&o.bid_style=number",
        "",
        "no-trump contracts are not allowed at this table",
    ),
    ("taiwan", "o.discards_to=target", "", "raises the napoleon's target by one"),
    (
        "taiwan",
        "o.score_values.standard_failed_napoleon=-100",
        "",
        "A failed contract also pays a fixed amount, once",
    ),
    (
        "japanese",
        "o.all_pass=starter_12S",
        "If nobody bids at all, the next dealer deals a new hand.",
        "becomes the napoleon with 12♠",
    ),
    ("japanese", "o.same_two_led_joker=true", "", "followed by one plain suit stays the joker's"),
    ("mighty", "o.mighty_powerless=first", "", "On the first trick the Mighty has no power"),
    ("mighty", "o.mighty_powerless=last", "", "On the last trick the Mighty has no power"),
    (
        "mighty",
        "o.mighty_powerless=first_and_last",
        "",
        "On the first and the last trick the Mighty has no power",
    ),
    (
        "mighty",
        "o.formula=pagat&o.alone_doubles_failed=false",
        "",
        "a declarer playing alone, only when the contract is made",
    ),
    (
        "mighty",
        "o.bid_20_doubles=true&o.bid_20_doubles_failed=true",
        "",
        "a bid of 20, made or failed",
    ),
    (
        "mighty",
        "o.formula=pagat&o.failed_pays_back=true",
        "",
        "failed: S = (B − 10) + (B − P)",
    ),
    ("mighty", "o.made_at_least_one=true", "", "at least 1 per share before any doubling"),
    (
        "mighty",
        "o.ripper_first_trick=lead_no_call",
        "holds nothing but trumps, the joker and the ripper.",
        "a hand of trumps, the joker and the ripper leads the ripper",
    ),
]


@pytest.mark.parametrize(
    ("code", "query", "default_only", "changed_only"),
    HOUSE_TEXTS,
    ids=[f"{c}-{q}" for c, q, _d, _o in HOUSE_TEXTS],
)
def test_it_states_the_house_rule_where_the_rules_are_read(
    client, code, query, default_only, changed_only
):
    standard = rules_text(get(client, code))
    response = get(client, code, "?" + query)
    changed = rules_text(response)
    assert changed_only in changed
    if default_only:
        assert default_only in standard
        assert default_only not in changed
    assert "Ignored" not in response.content.decode()


def test_nap_s_calls_are_worth_the_payout_s_numbers(client):
    query = "?o.payout=classic&o.sir_garnet=true&o.all_pass=dealer_bids_one"
    bidding = sections(get(client, "nap", query))["auction"]
    # call, tricks needed, made, failed
    for row in ("one 1 1 1", "misère no trick at all 3 6", "Sir Garnet 5 10 10", "Blücher 5 30 15"):
        assert row in " ".join(bidding.split()), row


def test_a_four_player_taiwan_session_reads_its_balanced_table(client, django_user_model):
    user = django_user_model.objects.create_user("ana", password="pw-123456789")
    client.force_login(user)
    four = make_session(user, "taiwan", {"four_player_table": "balanced"}, players=4)
    scoring = sections(get(client, "taiwan", f"?session={four.pk}"))["scoring"]
    assert "the numbers above make every hand add up to zero" in scoring
    assert "−75" in scoring and "Worked examples, 4 players" in scoring
    five = make_session(user, "taiwan", {"four_player_table": "balanced"}, players=5)
    page = sections(get(client, "taiwan", f"?session={five.pk}"))
    assert "−75" not in page["scoring"] and "−50" in page["scoring"]
    assert "No effect with five players" in page["house-rules"]


def test_a_six_player_mighty_session_reads_the_kill(client, django_user_model):
    user = django_user_model.objects.create_user("ana", password="pw-123456789")
    client.force_login(user)
    six = make_session(user, "mighty", {}, players=6)
    page = sections(get(client, "mighty", f"?session={six.pk}"))
    assert "The killed player's eight cards are shuffled with the kitty" in page["kill"]
    assert "the killed player scores 0" in page["scoring"]
    assert "Four players use" not in page["deck"]
    four = make_session(user, "mighty", {}, players=4)
    page = sections(get(client, "mighty", f"?session={four.pk}"))
    assert "kill" not in page
    assert "the declarer takes the balance" in page["scoring"]
