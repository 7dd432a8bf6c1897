"""The order of a Japanese trick: the one place these games rank cards.

``STEPS`` (kept in ``standing`` with ``Standing``) is the trick order top down, as data:
each step names a kind of card with power and, for the same two and the led joker, the
house-rule choice that puts it there. A trick's winner is the card of the highest step it
holds; a trick holding none goes to the highest trump, else the highest card of the suit led
(steps 13–14). The captures come last. House rules never add code paths here: they decide
which cards have power (``powers``), which step a card fills (``Standing``), and how plain
cards compare (``_plain_key``).
"""

from dataclasses import dataclass

from scoring.rules.cards import JACK, JOKER, QUEEN, Card, suit_card
from scoring.rules.i18n import joined
from scoring.rules.japanese import reasons
from scoring.rules.japanese.powers import ALMIGHTY, Powers
from scoring.rules.japanese.standing import STEP_OF, STEPS, Standing

# ``STEPS``, ``STEP_OF`` and ``Standing`` are named from here as they always were.
__all__ = [
    "DIAMOND_QUEEN",
    "STEPS",
    "STEP_OF",
    "Standing",
    "Verdict",
    "judge",
    "led_suit",
    "stand",
]

DIAMOND_QUEEN = suit_card("D", QUEEN)
# In a no-trump hand there are no jacks or trumps to stand below: a led joker placed below
# one stands just below ♠A instead.
_NO_TRUMP_JOKER = {"below_trump_jack", "below_jacks", "lowest_trump"}


@dataclass(frozen=True, slots=True)
class Verdict:
    index: int
    reason: str


def judge(powers: Powers) -> Verdict:
    standing = stand(powers)
    verdict = _winner(standing)
    plain = _plain_two_note(standing, verdict)
    # One note on a 2 that did not win: the led-joker rule's, else the plain one's.
    notes = (
        *reasons.notes(standing),
        _trump_two_note(standing),
        plain or _missed_two_note(standing),
    )
    return Verdict(verdict.index, joined(verdict.reason, *notes))


def _missed_two_note(standing: Standing) -> str:
    """A trick all in one suit with its 2 that was no same two, and why (a rule kept it)."""
    if standing.two is not None or standing.trump_two is not None:
        return ""
    plays = standing.powers.plays
    suits = {c.suit for c in plays if c is not JOKER}
    if len(suits) != 1:
        return ""
    two = suit_card(suits.pop() or "", 2)
    return reasons.missed_two(standing.powers, two) if two in plays else ""


def _plain_two_note(standing: Standing, verdict: Verdict) -> str:
    """``same_two_led_joker`` counts only a trump same two: say so when a plain suit's 2
    would have taken the joker's trick under the other reading."""
    powers = standing.powers
    if verdict.index != 0 or not powers.joker_led or standing.two_after_joker:
        return ""
    rules = powers.rules
    if powers.plain or not rules.same_two or not getattr(rules, "same_two_led_joker", False):
        return ""
    if powers.trick.number == 1 and not getattr(rules, "same_two_first_trick", False):
        return ""
    if powers.hand_trump is None or not rules.same_two_in_trump:
        return ""  # where the rule never applies, it decided nothing
    suits = {c.suit for c in powers.plays[1:]}
    suit = suits.pop() if len(suits) == 1 else None
    if suit is None or suit == powers.hand_trump or suit_card(suit, 2) not in powers.plays:
        return ""
    return reasons.plain_two_after_joker(suit_card(suit, 2))


def _trump_two_note(standing: Standing) -> str:
    """``same_two_in_trump: false`` decided the trick when its 2 would have won as a same two."""
    two = standing.trump_two
    if two is None:
        return ""
    # The led joker loses its power to a same two (same_two_led_joker), so it does not count.
    above = [step for step, kind, _card in standing.steps() if kind != "led_joker"]
    if above and min(above) < STEP_OF["same_two", standing.powers.rules.same_two_rank]:
        return ""
    return reasons.no_trump_two(two)


def _winner(standing: Standing) -> Verdict:
    found = standing.steps()
    if not found:
        return _ranked(standing)
    _step, kind, card = min(found)
    return _captured(standing, kind, card) or _verdict(
        standing.powers, card, reasons.special(standing, kind, card)
    )


def stand(powers: Powers) -> Standing:
    plays, rules = powers.plays, powers.rules
    heart = _yoromeki(powers)
    cancelled = None
    jacks = [j for j in (powers.trump_jack, powers.colour_jack) if j is not None and j in plays]
    if heart is not None and rules.yoromeki_loses_to_jacks and jacks:
        heart, cancelled = None, heart
    almighty = powers.almighty if powers.almighty in plays and cancelled is None else None
    two, after_joker, trump_two = _same_two(powers)
    return Standing(
        powers=powers,
        yoromeki=heart,
        cancelled=cancelled,
        almighty=almighty,
        trump_jack=powers.trump_jack if powers.trump_jack in plays else None,
        colour_jack=powers.colour_jack if powers.colour_jack in plays else None,
        two=two,
        two_after_joker=after_joker,
        trump_two=trump_two,
        joker_rank=None if after_joker else _joker_rank(powers),
    )


def _yoromeki(powers: Powers) -> Card | None:
    """The heart, when ♠A (with power) and the yoromeki card are both in the trick."""
    rules, plays = powers.rules, powers.plays
    heart = rules.yoromeki
    if heart is None or powers.almighty is None or ALMIGHTY not in plays or heart not in plays:
        return None
    if rules.yoromeki_after and plays.index(heart) < plays.index(ALMIGHTY):
        return None
    return heart


_NO_SAME_TWO = (None, False, None)


def _same_two(powers: Powers) -> tuple[Card | None, bool, Card | None]:
    """The 2 that wins as a same two and whether the joker was led, or no 2 — and the
    trump 2 when only ``same_two_in_trump: false`` kept the trick from being a same two."""
    rules, plays, trick = powers.rules, powers.plays, powers.trick
    if powers.plain or not rules.same_two:
        return _NO_SAME_TWO
    if trick.number == 1 and not rules.same_two_first_trick:
        return _NO_SAME_TWO
    after_joker = powers.joker_led
    if JOKER in plays:
        allowed = rules.same_two_led_joker if after_joker else rules.same_two_with_joker
        if not allowed:
            return _NO_SAME_TWO
    suits = {c.suit for c in plays if c is not JOKER}
    suit = suits.pop() if len(suits) == 1 else None
    if suit is None or suit_card(suit, 2) not in plays:
        return _NO_SAME_TWO
    if after_joker and suit != powers.hand_trump:
        # A led joker makes the trump the suit led: only a trump same two takes its power
        # (``same_two_led_joker``), so one plain suit after it leaves the trick the joker's.
        return _NO_SAME_TWO
    two = suit_card(suit, 2)
    if suit == powers.hand_trump and not rules.same_two_in_trump:
        return None, False, two
    return two, after_joker, None


def _joker_rank(powers: Powers) -> str | None:
    """Where a led joker stands on this trick, or None when it has no power."""
    if not powers.joker_led or powers.plain:
        return None
    rank = powers.rules.led_joker_rank
    if powers.hand_trump is None and rank in _NO_TRUMP_JOKER:
        return "below_almighty"
    return None if rank in ("never_wins", "lowest_trump") else rank


# ---- the captures ----------------------------------------------------------------------


def _captured(standing: Standing, kind: str, jack: Card) -> Verdict | None:
    """C1 (♦Q catches the trump jack) before C2 (the hunting jack). When the hunter
    was in the trick but did not catch, the ruling says why (the rule decided the trick)."""
    powers = standing.powers
    rules, plays = powers.rules, powers.plays
    if kind not in ("trump_jack", "colour_jack"):
        return None
    hunter = powers.hunter_of(jack)
    hunting = rules.hunting_jack and hunter in plays
    if kind == "trump_jack" and rules.dq_beats_trump_jack and DIAMOND_QUEEN in plays:
        reason = reasons.queen_catches(DIAMOND_QUEEN, jack)
        if hunting:
            reason = joined(reason, reasons.hunt_after_queen(hunter))
        return _verdict(powers, DIAMOND_QUEEN, reason)
    if not hunting:
        return None
    other = standing.colour_jack if kind == "trump_jack" else standing.trump_jack
    if ALMIGHTY in plays or other is not None:
        why = reasons.hunt_off(hunter, jack, other)
        return _verdict(powers, jack, joined(reasons.special(standing, kind, jack), why))
    return _verdict(powers, hunter, reasons.hunted(hunter, jack))


# ---- steps 13 and 14: the highest trump, else the highest card of the suit led -------------


def _ranked(standing: Standing) -> Verdict:
    powers = standing.powers
    plays = powers.plays
    joker_trump = (
        powers.joker_led
        and powers.hand_trump is not None
        and not powers.plain
        and powers.rules.led_joker_rank == "lowest_trump"
    )
    led = led_suit(powers)
    best = max(range(len(plays)), key=lambda i: _plain_key(powers, plays[i], led, joker_trump))
    return Verdict(best, reasons.ranked(standing, plays[best], led, joker_trump))


def led_suit(powers: Powers) -> str | None:
    """The suit led for steps 13–14: the first card's, or the second's after a joker that
    has no say (a plain trick, or ``led_joker_rank: never_wins``)."""
    plays = powers.plays
    if plays[0] is JOKER:
        return plays[1].suit if len(plays) > 1 else None
    return plays[0].suit


def _plain_key(
    powers: Powers, played: Card, led: str | None, joker_trump: bool
) -> tuple[int, float]:
    trump = powers.trump
    if played is JOKER:
        return (3, 1.5) if joker_trump else (0, 0)  # just below the trump 2
    rank = played.rank
    if rank == JACK and powers.rules.plain_jack_lowest:
        rank = 1  # below the 2 (a jack with power never gets here)
    if trump is not None and played.suit == trump:
        return (3, rank)
    if played.suit == led:
        return (2, rank)
    return (1, 0)


def _verdict(powers: Powers, played: Card, reason: str) -> Verdict:
    return Verdict(powers.plays.index(played), reason)
