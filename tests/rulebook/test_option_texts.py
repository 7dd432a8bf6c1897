"""The rules pages' text follows the house rules: each option value changes what the page says."""

import pytest

from tests.rulebook.helpers import get, sections

pytestmark = pytest.mark.django_db


# ---- the text follows the house rules ----------------------------------------------------

# (variant, query, a phrase only the default page has, a phrase only the changed page has)
OPTION_TEXTS = [
    # Taiwan and Hong Kong
    (
        "taiwan",
        "o.joker_summon=any_play",
        "a player who leads the 2 of trumps may summon",
        "as soon as someone plays the 2 of trumps",
    ),
    (
        "taiwan",
        "o.joker_summon=lead_first_three",
        "",
        "a player who leads the 2 of trumps may summon",
    ),
    (
        "taiwan",
        "o.joker_summon=off",
        "may well win the trick",
        "Jokers cannot be summoned at this table",
    ),
    (
        "taiwan",
        "o.first_lead=napoleon",
        "The player on the napoleon's left leads the first trick.",
        "The napoleon leads the first trick.",
    ),
    (
        "hongkong",
        "o.first_lead=napoleon_left",
        "The napoleon leads the first trick.",
        "The player on the napoleon's left leads the first trick.",
    ),
    (
        "taiwan",
        "o.secretary_order=napoleon_lead_only",
        "At any moment the napoleon may order",
        "only in a trick the napoleon has led",
    ),
    (
        "taiwan",
        "o.secretary_order=off",
        "At any moment the napoleon may order",
        "The napoleon may not order the secretary card played",
    ),
    (
        "taiwan",
        "o.summoned_joker_loses=true",
        "keeps its full rank",
        "A summoned joker cannot win the trick it was forced into.",
    ),
    (
        "taiwan",
        "o.bid_style=number",
        "A bid is a level from 1 to 8",
        "A bid is just the number of point cards",
    ),
    ("taiwan", "o.pass_is_final=true", "as in bridge", "A pass is final"),
    ("taiwan", "o.blind_shown=true", "without showing it to anyone", "turns the blind face up"),
    (
        "taiwan",
        "o.discards_shown=true",
        "with 5 or 6 players they stay face down",
        "Those discards are then laid face up",
    ),
    (
        "taiwan",
        "o.score_table=hongkong",
        "Scores follow the Taiwan table",
        "Scores follow the Hong Kong table",
    ),
    # Japanese
    (
        "japanese",
        "o.yoromeki=HQ",
        "Not played at this table: ♠A beats every heart.",
        "When ♠A and ♥Q fall in the same trick, ♥Q wins it",
    ),
    (
        "japanese",
        "o.yoromeki=HA",
        "Not played at this table: ♠A beats every heart.",
        "When ♠A and ♥A fall in the same trick, ♥A wins it",
    ),
    (
        "japanese",
        "o.same_two=false",
        "the 2 of that suit wins the trick",
        "Not played at this table: a 2 is always the lowest card of its suit.",
    ),
    (
        "japanese",
        "o.same_two_first_trick=true",
        "There is no same two on the first trick.",
        "In any trick, the first one included,",
    ),
    (
        "japanese",
        "o.same_two_with_joker=true",
        "A joker anywhere in the trick cancels the same two.",
        "A joker played to someone else's lead does not stop it",
    ),
    (
        "japanese",
        "o.no_trump_bid=highest",
        "No-trump bids are not allowed.",
        "No trump may be bid, and it beats every suit at the same number.",
    ),
    (
        "japanese",
        "o.no_trump_bid=lowest",
        "No-trump bids are not allowed.",
        "it ranks below every suit at the same number",
    ),
    (
        "japanese",
        "o.min_bid=13",
        "The lowest bid is 11, the highest 20.",
        "The lowest bid is 13, the highest 20.",
    ),
    (
        "japanese",
        "o.score_table=chips",
        "each score one win",
        "chips change hands according to the chip table",
    ),
    ("japanese", "o.bid_suit_order=DSHC", "♠ › ♥ › ♦ › ♣", "♦ › ♠ › ♥ › ♣"),
    ("japanese", "o.pass_is_final=true", "as in bridge", "A pass is final"),
    (
        "japanese",
        "o.almighty_is_trump=true",
        "is simply a spade",
        "♠A counts as a trump, not a spade",
    ),
    (
        "japanese",
        "o.ura_jack_is_trump=true",
        "The same-colour jack follows its printed suit",
        "the same-colour jack counts as a trump",
    ),
    (
        "japanese",
        "o.first_trick_specials_plain=true",
        "The special cards have their full power from the very first trick.",
        "On the first trick ♠A and the two jacks are ordinary cards",
    ),
    ("japanese", "o.score_table=chips", "", "counts as failed, and is paid as a failure"),
    ("japanese", "o.score_table=chips&o.siberian=false", "", "No Siberian rule at this table"),
    # Japanese with chips
    (
        "japanese-chip",
        "o.yoromeki=off",
        "When ♠A and ♥Q fall in the same trick",
        "Not played at this table: ♠A beats every heart.",
    ),
    (
        "japanese-chip",
        "o.yoromeki=HA",
        "When ♠A and ♥Q fall in the same trick",
        "When ♠A and ♥A fall in the same trick",
    ),
    (
        "japanese-chip",
        "o.same_two=false",
        "the 2 of that suit wins the trick",
        "a 2 is always the lowest card of its suit",
    ),
    (
        "japanese-chip",
        "o.siberian=false",
        "counts as failed, and is paid as a failure",
        "No Siberian rule at this table",
    ),
    # Thai
    (
        "thai",
        "o.tie=napoleon_loses",
        "the hand is a draw and nobody scores",
        "If t equals c + h, the citizens win.",
    ),
    (
        "thai",
        "o.betrayal_friend=loses",
        "The betraying friend counts among the winners",
        "the betraying friend loses too",
    ),
    (
        "thai",
        "o.first_two_beats_specials=true",
        "still win if they were played",
        "it beats even ♠A and the two jacks",
    ),
    ("thai", "o.auction_order=free", "Players bid in turn", "There is no turn order at this table"),
    ("thai", "o.min_bid=3", "The handicap goes from 1 to 9.", "The handicap goes from 3 to 9."),
    # The Mighty
    (
        "mighty",
        "o.all_pass=min_12",
        "the first round's passes no longer count. If",
        "bids as low as 12 are allowed",
    ),
    (
        "mighty",
        "o.all_pass=redeal",
        "a second round is held",
        "If everyone passes without a bid, the same dealer deals again.",
    ),
    ("mighty", "o.formula=pagat", "the unit is P − 12", "S = 2 × (B − 13) + (P − B)"),
    (
        "mighty",
        "o.joker_powerless_first_last=true",
        "It has no power in a trick led with the ripper.",
        "nor on the first and the last trick",
    ),
    (
        "mighty",
        "o.first_trick_friend=true",
        "The declarer names a card",
        "whoever wins the first trick becomes the declarer's friend",
    ),
    (
        "mighty",
        'o.trump_change_cost={"suit":3,"no_trump":2}',
        "raises the bid by 2",
        "raises the bid by 3",
    ),
    ("mighty", "o.trump_change_cost.suit=4", "must now make 16♥", "must now make 18♥"),
    ("mighty", "o.min_bid=15", "from 13 to 20", "from 15 to 20"),
    # Nap
    (
        "nap",
        "o.stripped_deck=true",
        "A standard pack of 52 cards",
        "the pack is stripped to its top ranks",
    ),
    (
        "nap",
        "o.misere_no_trump=false",
        "In a misère there are no trumps at all.",
        "a misère has a trump too",
    ),
    ("nap", "o.nap_scoring=stakes", "the bidder scores its value", "played for stakes"),
]


def rules_text(response) -> str:
    """The sections that state the rules (the house-rules list explains every value)."""
    return " ".join(v for k, v in sections(response).items() if k != "house-rules")


@pytest.mark.parametrize(
    ("code", "query", "default_only", "changed_only"),
    OPTION_TEXTS,
    ids=[f"{c}-{q}" for c, q, _d, _o in OPTION_TEXTS],
)
def test_it_changes_the_text_with_the_house_rules(client, code, query, default_only, changed_only):
    standard = rules_text(get(client, code))
    changed_response = get(client, code, "?" + query.replace("{", "%7B").replace("}", "%7D"))
    changed = rules_text(changed_response)
    assert changed_only in changed
    if default_only:
        assert default_only in standard
        assert default_only not in changed
    assert "Ignored" not in changed_response.content.decode()
