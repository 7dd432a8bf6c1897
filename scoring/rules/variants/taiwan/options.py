"""The house rules of Taiwan and Hong Kong Napoleon."""

from dataclasses import dataclass

from scoring.rules.i18n import N_
from scoring.rules.options import TableRules, choice, flag

_FOUR_PLAYER_TABLE = N_(
    "With four players on the Taiwan table: the usual numbers, or a balanced table in which "
    "every hand sums to zero."
)


@dataclass(frozen=True)
class TaiwanRules(TableRules):
    variant_name = N_("Taiwan Napoleon")

    bid_style: str = choice(
        "suit",
        ("suit", "number"),
        N_(
            "How bids are made: a level with a trump, or the point target alone (9–16), "
            "the trump being named after the auction."
        ),
    )
    pass_is_final: bool = flag(
        False, N_("A player who has passed may not bid again in this auction.")
    )
    blind_shown: bool = flag(False, N_("The napoleon turns the blind face up before taking it."))
    discards_shown: bool = flag(
        {4: True, 5: False, 6: False},
        N_("The napoleon's discards are laid face up for all to see."),
    )
    secretary_order: str = choice(
        "any_time",
        ("any_time", "napoleon_lead_only", "off"),
        N_(
            "When the napoleon may order the secretary card played: at any time, only in a "
            "trick the napoleon leads, or never."
        ),
    )
    joker_summon: str = choice(
        "lead_first_three",
        ("lead_first_three", "any_play", "off"),
        N_(
            "Summoning jokers: the trump 2 or 3 led in tricks 1–3 may call the big or little "
            "joker; or any trump 2 or 3 played forces it out in any trick; or no summoning."
        ),
    )
    summoned_joker_loses: bool = flag(
        False, N_("A joker forced out by a summon cannot win the trick.")
    )
    first_lead: str = choice(
        "napoleon_left",
        ("napoleon_left", "napoleon"),
        N_("Who leads the first trick: the player on the napoleon's left, or the napoleon."),
    )
    score_table: str = choice(
        "taiwan", ("taiwan", "hongkong"), N_("Which score table settles the hand.")
    )
    four_player_table: str = choice("seed", ("seed", "balanced"), _FOUR_PLAYER_TABLE)
    discards_to: str = choice(
        "defenders",
        ("defenders", "napoleon", "target"),
        N_(
            "Point cards among the napoleon's discards count for the defenders, for the "
            "napoleon's side, or for neither side: their number raises the target instead."
        ),
    )
    no_trump_bid: str = choice(
        "highest",
        ("highest", "off"),
        N_("No-trump bids: allowed, above spades at each level, or not allowed at all."),
    )


@dataclass(frozen=True)
class HongKongRules(TaiwanRules):
    variant_name = N_("Hong Kong Napoleon")

    first_lead: str = choice(
        "napoleon",
        ("napoleon_left", "napoleon"),
        N_("Who leads the first trick: the player on the napoleon's left, or the napoleon."),
    )
    score_table: str = choice(
        "hongkong", ("taiwan", "hongkong"), N_("Which score table settles the hand.")
    )
