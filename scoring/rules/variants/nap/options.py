"""Nap's house rules."""

from dataclasses import dataclass

from scoring.rules.i18n import N_
from scoring.rules.options import TableRules, choice, flag


@dataclass(frozen=True)
class NapRules(TableRules):
    variant_name = N_("Nap")

    stripped_deck: bool = flag(
        False,
        N_(
            "Play with only the top (players + 3) ranks of each suit, e.g. A to 9 for three players."
        ),
    )
    misere_no_trump: bool = flag(True, N_("A misère hand is played without trumps."))
    nap_scoring: str = choice(
        "points",
        ("points", "stakes"),
        N_(
            "Points: the bidder, or else each opponent, scores the bid's value. Stakes: each "
            "opponent pays the bidder, or is paid by the bidder, the value."
        ),
    )
    payout: str = choice(
        "flat",
        ("flat", "classic"),
        N_(
            "What a call is worth: its value whether made or failed; or the classic payout, "
            "where misère pays 3 or loses 6 and nap, Wellington and Blücher pay 10, 20, 30 or "
            "lose half that."
        ),
    )
    all_pass: str = choice(
        "redeal",
        ("redeal", "dealer_bids_one"),
        N_(
            "When everyone before the dealer passes: deal again, or the dealer must bid, "
            "at least one (one trick)."
        ),
    )
    sir_garnet: bool = flag(
        False,
        N_(
            "An extra hand of five is dealt: a player may take it, keep five of the ten cards and "
            "call Sir Garnet, a nap that loses double if it fails."
        ),
    )
    joker: bool = flag(
        False, N_("A joker joins the deck as the highest trump; led first, it names the trump.")
    )
