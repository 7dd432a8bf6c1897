"""Player-facing names for the house-rule options and their values.

The engine knows each option by its code (``joker_summon``) and names it
(``LABELS``); each choice is known by its code (``lead_first_three``) and gets a
player's name here. Pages show these names, and the code beside them for whoever
writes a link or uses the API.
"""

from collections.abc import Iterable, Mapping
from typing import Any

from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from scoring.rules.options import GAME_NAMED_PARTS, GAME_NAMED_VALUES, LABELS, TableRules
from scoring.rules.score_layout import grid
from scoring.rules.scores import own_numbers_line, signed
from scoring.rules.variants.base import Variant
from scoring.words import lists

SCORE_VALUES = "score_values"

CHOICE_LABELS = {
    ("bid_style", "suit"): _("level and trump (1♠ … 8NT)"),
    ("bid_style", "number"): _("point target only (9 … 16)"),
    ("secretary_order", "any_time"): _("at any time"),
    ("secretary_order", "napoleon_lead_only"): _("only when the napoleon leads"),
    ("secretary_order", "off"): _("never"),
    ("joker_summon", "lead_first_three"): _("by the lead, tricks 1–3"),
    ("joker_summon", "any_play"): _("by any play, any trick"),
    ("joker_summon", "off"): _("no summoning"),
    ("first_lead", "napoleon_left"): _("the napoleon's left"),
    ("first_lead", "napoleon"): _("the napoleon"),
    ("score_table", "wins"): _("one win each"),
    ("score_table", "chips"): _("chip table"),
    ("bid_suit_order", "SHDC"): "♠ ♥ ♦ ♣",
    ("bid_suit_order", "DSHC"): "♦ ♠ ♥ ♣",
    ("bid_suit_order", "SHCD"): "♠ ♥ ♣ ♦",
    ("no_trump_bid", "off"): _("not allowed"),
    ("no_trump_bid", "highest"): _("above the suits"),
    ("no_trump_bid", "lowest"): _("below the suits"),
    ("yoromeki", "off"): _("not played"),
    ("yoromeki", "HQ"): _("♥Q beats ♠A"),
    ("yoromeki", "HA"): _("♥A beats ♠A"),
    ("auction_order", "in_turn"): _("in turn"),
    ("auction_order", "free"): _("freely"),
    ("tie", "draw"): _("a draw"),
    ("tie", "napoleon_loses"): _("the citizens win"),
    ("betrayal_friend", "wins"): _("wins with the citizens"),
    ("betrayal_friend", "loses"): _("loses with the napoleon"),
    ("all_pass", "second_round"): _("a second round"),
    ("all_pass", "min_12"): _("a second round from 12"),
    ("all_pass", "redeal"): _("redeal"),
    ("formula", "seed"): _("points above 12"),
    ("formula", "pagat"): _("pagat's formula"),
    ("nap_scoring", "points"): _("points"),
    ("nap_scoring", "stakes"): _("stakes"),
    # The house rules of Taiwan and Hong Kong, the Mighty and Nap
    ("four_player_table", "seed"): _("the usual numbers"),
    ("four_player_table", "balanced"): _("balanced, zero-sum"),
    ("ripper_without_call", "joker_powerless"): _("the joker loses its power"),
    ("ripper_without_call", "joker_keeps_power"): _("the joker keeps its power"),
    ("ripper_first_trick", "no_lead"): _("may not lead"),
    ("ripper_first_trick", "lead_no_call"): _("may lead, no call"),
    ("ripper_first_trick", "lead_and_call"): _("may lead and call"),
    ("first_trick_trumps", "no_lead"): _("no trump lead"),
    ("first_trick_trumps", "none"): _("no trumps at all"),
    ("first_trick_trumps", "free"): _("free"),
    ("formula", "pagat_p10"): _("pagat: points − 10"),
    ("formula", "pagat_pm"): _("pagat: points − lowest bid"),
    ("formula", "pagat_pm1"): _("pagat: points − lowest bid + 1"),
    ("no_trump_doubles", "always"): _("always"),
    ("no_trump_doubles", "made_only"): _("only when made"),
    ("back_run", "opponents_11"): _("opponents took 11 or more"),
    ("back_run", "opponents_10"): _("opponents took 10 or more"),
    ("back_run", "opponents_reach_bid"): _("opponents took the bid"),
    ("back_run", "off"): _("no back run"),
    ("discards_to", "declarer"): _("the declarer's side"),
    ("discards_to", "opponents"): _("the opponents"),
    ("deal_miss", "off"): _("off"),
    ("deal_miss", "on"): _("on"),
    ("deal_miss_penalty", "none"): _("none"),
    ("deal_miss_penalty", "fixed"): _("fixed"),
    ("deal_miss_penalty", "doubling"): _("doubling"),
    ("payout", "flat"): _("the value both ways"),
    ("payout", "classic"): _("classic"),
    ("all_pass", "dealer_bids_one"): _("the dealer bids one"),
}


# The Japanese family's choices.
CHOICE_LABELS.update(
    {
        ("yoromeki", "HA_after"): _("♥A after ♠A beats it"),
        ("same_two_rank", "below_jacks"): _("below both jacks"),
        ("same_two_rank", "below_trump_jack"): _("between the jacks"),
        ("same_two_rank", "below_almighty"): _("just below ♠A"),
        ("same_two_rank", "top"): _("above ♠A"),
        ("led_joker_rank", "below_almighty"): _("just below ♠A"),
        ("led_joker_rank", "top"): _("above ♠A"),
        ("led_joker_rank", "below_trump_jack"): _("below the trump jack"),
        ("led_joker_rank", "below_jacks"): _("below both jacks"),
        ("led_joker_rank", "lowest_trump"): _("the lowest trump"),
        ("led_joker_rank", "never_wins"): _("never wins"),
        # "none" agrees with what there is none of (French: aucune carte, aucune levée).
        ("first_trick_plain", "none"): pgettext_lazy("no card", "none"),
        ("first_trick_plain", "all"): _("♠A and both jacks"),
        ("first_trick_plain", "jacks"): _("both jacks"),
        ("plain_tricks", "none"): pgettext_lazy("no trick", "none"),
        ("plain_tricks", "first"): _("the first trick"),
        ("plain_tricks", "last"): _("the last trick"),
        ("plain_tricks", "first_and_last"): _("the first and last tricks"),
        ("plain_trick_specials", "none"): pgettext_lazy("no card", "none"),
        ("plain_trick_specials", "almighty"): _("♠A"),
        ("plain_trick_specials", "almighty_and_jacks"): _("♠A and both jacks"),
        ("joker_call", "off"): _("no call"),
        ("joker_call", "S3_led"): _("♠3 led"),
        ("joker_call", "C3_led"): _("♣3 led"),
        ("joker_call", "S3_played"): _("♠3 played"),
        ("first_trick_restriction", "no_joker_lead"): _("no joker lead"),
        ("first_trick_restriction", "none"): _("no limit"),
        ("first_trick_restriction", "no_joker"): _("no joker"),
        ("first_trick_restriction", "no_joker_no_trump"): _("no joker, no trump"),
        ("all_twenty", "table"): _("as the table says"),
        ("all_twenty", "made"): _("made"),
        ("all_twenty", "fails"): _("failed"),
        ("all_twenty", "bonus"): _("made, doubled"),
        ("discards_to", "opponents"): _("the opponents"),
        ("discards_to", "napoleon"): _("the napoleon"),
        ("all_pass", "widow_shown"): _("widow shown, bid again"),
        ("all_pass", "previous_napoleon"): _("last napoleon must bid"),
        ("all_pass", "previous_adjutant"): _("last adjutant must bid"),
    }
)


# The house rules a differential test found in other programs.
CHOICE_LABELS.update(
    {
        ("discards_to", "defenders"): _("the defenders"),
        ("discards_to", "target"): _("neither: they raise the target"),
        ("all_pass", "starter_12S"): _("first caller plays 12♠"),
        ("mighty_powerless", "none"): _("never"),
        ("mighty_powerless", "first"): _("on the first trick"),
        ("mighty_powerless", "last"): _("on the last trick"),
        ("mighty_powerless", "first_and_last"): _("on the first and last tricks"),
    }
)
CHOICE_LABELS.update({key: _(label) for key, label in GAME_NAMED_VALUES.items()})


# The numbers inside a house rule that holds several (``trump_change_cost``).
PART_LABELS = {
    ("trump_change_cost", "suit"): _("to another suit"),
    ("trump_change_cost", "no_trump"): _("to no trump"),
    ("deal_miss_values", "point"): _("each point card"),
    ("deal_miss_values", "ten"): _("each ten"),
    ("deal_miss_values", "joker"): _("the joker"),
    ("deal_miss_values", "max"): _("a hand may total at most"),
    **{key: _(label) for key, label in GAME_NAMED_PARTS.items()},
}


def part_name(name: str, part: str) -> str:
    """One number of a house rule that holds several, as a player reads it."""
    label = PART_LABELS.get((name, part))
    return str(label) if label is not None else part.replace("_", " ")


def part_label(title: object, name: str, part: str) -> str:
    """A field's label for that number: the option's title, then the part's name."""
    return str(_("{option}: {part}")).format(option=title, part=part_name(name, part))


def option_title(name: str) -> str:
    # The engine names each option once (``OptionSpec.label``); pages share that name.
    return str(_(LABELS[name])) if name in LABELS else name.replace("_", " ")


def value_label(name: str, value: object) -> str:
    """How a player reads an option's value: ``on``, ``never``, ``13``, ``suit +2, NT +1``."""
    if isinstance(value, bool):
        return str(_("on") if value else _("off"))
    if isinstance(value, Mapping):  # a table's own score numbers, or a count's parts
        if not value:
            return str(_("the game's own"))
        return lists.join(
            f"{part_name(name, key)} {signed(amount)}" for key, amount in value.items()
        )
    if hasattr(value, "as_json"):
        data = value.as_json()
        return str(_("to a suit +{suit}, to no trump +{no_trump}")).format(**data)
    label = CHOICE_LABELS.get((name, value)) if isinstance(value, str) else None
    return str(label) if label is not None else str(value)


def own_numbers_label(variant: Variant[Any], players: int, rules: TableRules) -> str:
    """A table's own score numbers named as its laid-out score table names them
    ("standard, made · napoleon: +130"), never by the engine's names."""
    table = grid(variant, players, rules)
    if table is None or not table.changed:
        return value_label(SCORE_VALUES, getattr(rules, SCORE_VALUES, {}))
    # An amount with its sign; a single number (a multiplier, a base) after its lists.
    singles = {c.name for c in table.singles}
    return lists.join(
        f"{c.label} {c.value}" if c.name in singles else f"{c.label}: {signed(c.value)}"
        for c in table.changed
    )


def page_lines(
    lines: Iterable[str], variant: Variant[Any], players: int, rules: TableRules
) -> list[str]:
    """A score's reason lines as a page shows them: the engine's line naming a table's own
    numbers by their codes (``standard_made_napoleon 130``, as the API reads them) names
    them as the laid-out score table does."""
    overrides = getattr(rules, SCORE_VALUES, None)
    engine = own_numbers_line(overrides) if overrides else None
    if engine is None:
        return list(lines)
    numbers = own_numbers_label(variant, players, rules)
    page = str(_("your table's own numbers: {numbers}")).format(numbers=numbers)
    return [page if line == engine else line for line in lines]
