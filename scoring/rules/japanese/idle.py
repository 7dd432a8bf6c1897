"""House rules that change nothing under the others a table chose, each with the reason.

The rules page says so beside the option ("a rule that changes nothing says so"). Both
Japanese games use this; an option a game does not offer is simply not asked about.
"""

from scoring.rules.i18n import _
from scoring.rules.japanese.options import JapaneseLike

_SAME_TWO_DETAILS = (
    "same_two_first_trick",
    "same_two_with_joker",
    "same_two_led_joker",
    "same_two_rank",
    "same_two_in_trump",
)


def idle_options(rules: JapaneseLike) -> dict[str, str]:
    idle: dict[str, str] = {}
    _score(rules, idle)
    if rules.yoromeki == "off":
        idle["yoromeki_loses_to_jacks"] = _("No effect: no yoromeki is played.")
    if rules.plain_tricks == "none":
        idle["plain_trick_specials"] = _("No effect: no trick is played plain.")
    if not rules.same_two:
        for name in _SAME_TWO_DETAILS:
            if hasattr(rules, name):
                idle[name] = _("No effect: same two is off.")
    if not rules.same_two_in_trump and hasattr(rules, "same_two_led_joker"):
        # After a joker lead only a trump same two counts, and this table has none.
        idle.setdefault(
            "same_two_led_joker", _("No effect: a trick all in trumps is never a same two.")
        )
    if rules.plain_tricks in ("first", "first_and_last"):
        plain = _("No effect: the first trick is a plain trick.")
        for name in ("first_trick_specials_plain", "first_trick_plain", "same_two_first_trick"):
            if hasattr(rules, name):
                idle.setdefault(name, plain)
    return idle


def _score(rules: JapaneseLike, idle: dict[str, str]) -> None:
    chips = getattr(rules, "score_table", "chips") == "chips"
    if not chips:
        idle["siberian"] = _("No effect with one win per hand: only the chip table uses it.")
    elif rules.all_twenty != "table":
        idle["siberian"] = _(
            "No effect: the rule for all 20 picture cards decides a hand that takes them all."
        )
