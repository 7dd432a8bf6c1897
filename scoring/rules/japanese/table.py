"""The house rules that shape a trick, read once into plain data.

Japanese Napoleon and the chip game judge tricks with the same code; what differs is data.
A rule a game does not offer takes the value that game plays by (the chip game has no joker,
never plays a same two on trick 1, and so on), so the order and the legality code never ask
which game they are in.
"""

from dataclasses import dataclass, fields
from functools import cache
from typing import Any

from scoring.rules.cards import Card, card
from scoring.rules.japanese.options import JapaneseLike


@dataclass(frozen=True)
class TrickRules:
    has_joker: bool
    yoromeki: Card | None  # the heart that beats ♠A, or None
    yoromeki_after: bool  # only when played after ♠A (HA_after)
    yoromeki_loses_to_jacks: bool
    dq_beats_trump_jack: bool
    hunting_jack: bool
    same_two: bool
    same_two_first_trick: bool
    same_two_with_joker: bool
    same_two_led_joker: bool
    same_two_in_trump: bool
    same_two_rank: str
    led_joker_rank: str
    plain_jack_lowest: bool
    first_trick_plain: str  # none, all or jacks (first_trick_specials_plain means all)
    plain_tricks: str
    seed_plain_tricks: str  # the game's own plain tricks (the chip game's trick 1)
    plain_trick_specials: str
    almighty_is_trump: bool
    ura_jack_is_trump: bool
    joker_call: str
    almighty_call: bool
    joker_any_time: bool
    ura_jack_any_time: bool
    joker_lead_picture_request: bool
    first_trick_restriction: str


# What a game that does not offer a rule plays by (the chip game lacks some of Japanese
# Napoleon's).
ABSENT = {
    "same_two_first_trick": False,
    "same_two_with_joker": False,
    "same_two_led_joker": False,
    "led_joker_rank": "below_almighty",
    "first_trick_specials_plain": False,
    "first_trick_plain": "none",
    "almighty_is_trump": False,
    "ura_jack_is_trump": False,
    "joker_call": "off",
    "joker_any_time": True,
    "ura_jack_any_time": False,
    "joker_lead_picture_request": False,
    "first_trick_restriction": "no_joker_lead",
}
_DERIVED = {"has_joker", "yoromeki", "yoromeki_after", "first_trick_plain", "seed_plain_tricks"}


def trick_rules(rules: JapaneseLike, has_joker: bool) -> TrickRules:
    """The trick-shaping rules of ``rules``, read once per rules object.

    Every trick asks, so the answer is kept on the (frozen) rules object itself: looking it
    up by the rules' hash would hash all their fields on every trick."""
    found: TrickRules | None = rules.__dict__.get("_trick_rules")
    if found is None:
        found = _read(rules, has_joker)
        object.__setattr__(rules, "_trick_rules", found)
    return found


@cache
def _read(rules: JapaneseLike, has_joker: bool) -> TrickRules:

    def read(name: str) -> Any:
        return getattr(rules, name, ABSENT.get(name))

    plain_first = "all" if read("first_trick_specials_plain") else read("first_trick_plain")
    heart = rules.yoromeki
    seed = type(rules).spec("plain_tricks")
    values = {f.name: read(f.name) for f in fields(TrickRules) if f.name not in _DERIVED}
    return TrickRules(
        has_joker=has_joker,
        yoromeki=None if heart == "off" else card(heart.removesuffix("_after")),
        yoromeki_after=heart.endswith("_after"),
        first_trick_plain=plain_first,
        seed_plain_tricks=seed.default if seed is not None else "none",
        **values,
    )
