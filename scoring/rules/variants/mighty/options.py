"""The Mighty's house rules, and its two object options."""

from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import ClassVar

from scoring.rules.errors import BadOptionValue
from scoring.rules.i18n import N_
from scoring.rules.options import TableRules, choice, flag, integer, structure

PAGAT_FORMULAS = ("pagat", "pagat_p10", "pagat_pm", "pagat_pm1")


@dataclass(frozen=True)
class TrumpChangeCost:
    """How much a trump change after the discard raises the bid."""

    suit: int = 2
    no_trump: int = 1

    # Each number's bounds, for a form to show (``_parse_cost`` judges them).
    bounds: ClassVar[dict[str, tuple[int, int]]] = {"suit": (0, 8), "no_trump": (0, 8)}

    def as_json(self) -> dict[str, int]:
        return {"suit": self.suit, "no_trump": self.no_trump}


def _parse_cost(value: object, path: str) -> TrumpChangeCost:
    if isinstance(value, TrumpChangeCost):
        return value
    template = N_(
        '{path} must be an object such as {{"suit": 2, "no_trump": 1}}, each a whole '
        "number from 0 to 8."
    )
    if not isinstance(value, dict) or set(value) - {"suit", "no_trump"}:
        raise BadOptionValue(template, path, path=path)
    for key, amount in value.items():
        if not isinstance(amount, int) or isinstance(amount, bool) or not 0 <= amount <= 8:
            raise BadOptionValue(template, f"{path}.{key}", path=path)
    return TrumpChangeCost(**value)


# What each dealt card adds to a deal-miss count, and the most a hand may total: pagat's
# count in half points. Keys and their bounds.
DEAL_MISS_BOUNDS = {"point": (-4, 4), "ten": (-4, 4), "mighty": (-4, 4), "joker": (-4, 4)}
DEAL_MISS_BOUNDS["max"] = (-40, 40)


@dataclass(frozen=True)
class DealMissValues(Mapping[str, int]):
    point: int = 2
    ten: int = 1
    mighty: int = 0
    joker: int = -2
    max: int = 1

    bounds: ClassVar[dict[str, tuple[int, int]]] = DEAL_MISS_BOUNDS

    def __getitem__(self, key: str) -> int:
        if key not in DEAL_MISS_BOUNDS:
            raise KeyError(key)
        value: int = getattr(self, key)
        return value

    def __iter__(self) -> Iterator[str]:
        return iter(DEAL_MISS_BOUNDS)

    def __len__(self) -> int:
        return len(DEAL_MISS_BOUNDS)

    def as_json(self) -> dict[str, int]:
        return dict(self.items())


def _parse_deal_miss(value: object, path: str) -> DealMissValues:
    if isinstance(value, DealMissValues):
        return value
    if not isinstance(value, dict):
        raise BadOptionValue(
            N_(
                '{path} must be an object such as {{"point": 2, "ten": 1, "mighty": 0, '
                '"joker": -2, "max": 1}}.'
            ),
            path,
            path=path,
        )
    for key, amount in value.items():
        where = f"{path}.{key}"
        if key not in DEAL_MISS_BOUNDS:
            raise BadOptionValue(
                N_("{path} is not a deal-miss count; use {keys}."),
                where,
                path=where,
                keys=", ".join(DEAL_MISS_BOUNDS),
            )
        low, high = DEAL_MISS_BOUNDS[key]
        if not isinstance(amount, int) or isinstance(amount, bool) or not low <= amount <= high:
            raise BadOptionValue(
                N_("{path} must be a whole number from {low} to {high}."),
                where,
                path=where,
                low=low,
                high=high,
            )
    return DealMissValues(**value)


@dataclass(frozen=True)
class MightyRules(TableRules):
    variant_name = N_("The Mighty")

    all_pass: str = choice(
        "second_round",
        ("second_round", "min_12", "redeal"),
        N_("When everyone passes: bid a second round, a second round with 12 allowed, or redeal."),
    )
    min_bid: int = integer(
        13, 10, 20, N_("The lowest bid a player may make (13 unless the table agrees otherwise).")
    )
    trump_change_cost: TrumpChangeCost = structure(
        TrumpChangeCost(),
        _parse_cost,
        N_(
            "How much changing the trump after the discard raises the bid: to another suit, to no trump."
        ),
    )
    first_trick_friend: bool = flag(
        False, N_("Instead of naming a card, the winner of the first trick becomes the friend.")
    )
    joker_powerless_first_last: bool = flag(
        False, N_("The joker has no power on the first and the last trick.")
    )
    mighty_powerless: str = choice(
        "none",
        ("none", "first", "last", "first_and_last"),
        N_(
            "Tricks on which the Mighty has no power and ranks as a plain card of its suit: "
            "none, the first, the last, or both."
        ),
    )
    ripper_without_call: str = choice(
        "joker_powerless",
        ("joker_powerless", "joker_keeps_power"),
        N_(
            "A ripper led without a joker call: the joker still loses its power in that trick, "
            "or keeps it (only a call takes it away)."
        ),
    )
    called_joker_has_power: bool = flag(
        False,
        N_("A joker forced out by a joker call keeps its power: it wins unless the Mighty falls."),
    )
    joker_call_last_trick: bool = flag(
        True, N_("The ripper may call the joker on the last trick too.")
    )
    ripper_first_trick: str = choice(
        "no_lead",
        ("no_lead", "lead_no_call", "lead_and_call"),
        N_(
            "The ripper on the first trick: it may not be led; it may be led without calling the "
            "joker; or it may be led and call."
        ),
    )
    mighty_defense: bool = flag(
        False,
        N_("When the joker is called, its holder may play the Mighty instead of the joker."),
    )
    first_trick_trumps: str = choice(
        "no_lead",
        ("no_lead", "none", "free"),
        N_(
            "Trumps on the first trick: not led unless the hand holds nothing else; not played "
            "at all while another card can be; or free."
        ),
    )
    formula: str = choice(
        "seed",
        ("seed", *PAGAT_FORMULAS),
        N_(
            "Score formula: points above 12 (seed); pagat's formula with doublings; or pagat's "
            "alternatives for a made contract: points − 10, points − the lowest bid, or points − "
            "the lowest bid + 1."
        ),
    )
    alone_doubles: bool = flag(
        True,
        N_(
            "Playing alone doubles the score (pagat's formulas; the “points above 12” formula "
            "ignores it)."
        ),
    )
    alone_doubles_failed: bool = flag(
        True,
        N_("Playing alone doubles a failed contract too; off, only a made one (pagat's formulas)."),
    )
    no_trump_doubles: str = choice(
        "always",
        ("always", "made_only"),
        N_("A no-trump contract doubles the score always, or only when made (pagat's formulas)."),
    )
    back_run: str = choice(
        "opponents_11",
        ("opponents_11", "opponents_10", "opponents_reach_bid", "off"),
        N_(
            "A failed contract is a back run, doubled, when the opponents took 11 points or more, "
            "10 or more, as many as the bid, or never."
        ),
    )
    bid_20_doubles: bool = flag(
        False, N_("A made contract of 20 is doubled once more, on top of the run.")
    )
    bid_20_doubles_failed: bool = flag(
        False,
        N_("With a bid of 20 doubling, a failed contract of 20 is doubled once more too."),
    )
    failed_pays_back: bool = flag(
        False,
        N_(
            "A failed contract also pays back what making it exactly would have won: "
            "S = (bid − 10) + shortfall (pagat's formulas)."
        ),
    )
    made_at_least_one: bool = flag(
        False, N_("A made contract scores at least 1 per share before any doubling.")
    )
    discards_to: str = choice(
        "declarer",
        ("declarer", "opponents"),
        N_(
            "The point cards the declarer discards count for the declarer's side, or for the opponents."
        ),
    )
    deal_miss: str = choice(
        "off",
        ("off", "on"),
        N_(
            "A player dealt a weak hand may call a deal miss as a first call; the cards are dealt again."
        ),
    )
    deal_miss_values: DealMissValues = structure(
        DealMissValues(),
        _parse_deal_miss,
        N_(
            "The deal-miss count: what a point card, a ten, ♠A and the joker each add; a hand "
            "totalling at most max may call a deal miss."
        ),
    )
    # What a deal miss costs is the scorekeeping table's, not the ruling API's (rules-house.md
    # §8.5.3 leaves it to the app): kept only by a table, refused in an API request.
    deal_miss_penalty: str = choice(
        "none",
        ("none", "fixed", "doubling"),
        N_(
            "What calling a deal miss costs, paid at once to each other player dealt in: "
            "nothing; a fixed number of points; or points doubled for each further deal miss "
            "the same player calls before a hand is played."
        ),
        table_only=True,
    )
    deal_miss_points: int = integer(
        2,
        1,
        100,
        N_(
            "The deal-miss penalty: the points its caller pays each other player (for the "
            "first of a run, when they double)."
        ),
        table_only=True,
    )
