"""Who wins a trick of the Mighty: the Mighty, then a joker with power, then the highest
trump, then the highest card of the suit led."""

from functools import partial

from scoring.rules.cards import ACE, JOKER, Card, suit_card
from scoring.rules.i18n import N_, _
from scoring.rules.tricks import Trick, TrickResult, led_suit_message
from scoring.rules.variants.base import trump_name
from scoring.rules.variants.mighty.options import MightyRules

# The Mighty and the ripper by trump: asked for on every trick and every legal-play question.
_SA, _DA, _C3, _S3 = suit_card("S", ACE), suit_card("D", ACE), suit_card("C", 3), suit_card("S", 3)


def mighty_card(trump: str | None) -> Card:
    return _DA if trump == "S" else _SA


def ripper_card(trump: str | None) -> Card:
    return _S3 if trump == "C" else _C3


def led_suit(trick: Trick) -> str | None:
    return trick.lead_suit if trick.plays[0] is JOKER else trick.plays[0].suit


def joker_power(trick: Trick, rules: MightyRules, last: int) -> tuple[bool, str]:
    """Has the joker power in this trick, and which rule said so ("" when nothing took it
    away), as a message to translate when the reason is read. ``joker_powerless_first_last``
    wins over a power a house rule gives back."""
    first_last = rules.joker_powerless_first_last and trick.number in (1, last)
    first_last_note = N_("The joker has no power on the first and last trick (house rule).")
    if trick.plays[0] is not ripper_card(trick.trump):
        return (False, first_last_note) if first_last else (True, "")
    keeps = rules.ripper_without_call == "joker_keeps_power"
    if trick.joker_called and rules.called_joker_has_power:
        note = N_("The ripper called the joker, and a called joker keeps its power (house rule).")
    elif not trick.joker_called and keeps:
        note = N_("The ripper was led without a call, so the joker keeps its power (house rule).")
    elif trick.joker_called and keeps:
        return False, N_("The ripper called the joker, so it has no power.")
    else:
        return False, N_("The ripper was led, so the joker has no power.")
    return (False, first_last_note) if first_last else (True, note)


def mighty_powerless(trick: Trick, rules: MightyRules, last: int) -> bool:
    """``mighty_powerless``: on these tricks the Mighty is a plain card of its printed suit
    (never a trump: ♠A is no trump unless spades are, and then ♦A is the Mighty)."""
    choice = rules.mighty_powerless
    if choice == "none":
        return False
    first = trick.number == 1 and choice in ("first", "first_and_last")
    return first or (trick.number == last and choice in ("last", "first_and_last"))


def winner(trick: Trick, rules: MightyRules, last: int) -> TrickResult:
    plays = trick.plays
    mighty = mighty_card(trick.trump)
    if mighty not in plays:
        return _without_the_mighty(trick, rules, last, "")
    if mighty_powerless(trick, rules, last):
        return _without_the_mighty(trick, rules, last, _powerless_note(trick))
    return _result(trick, plays.index(mighty), N_("{card} wins: the Mighty beats every card."))


def _powerless_note(trick: Trick) -> str:
    if trick.number == 1:
        return N_("The Mighty has no power on the first trick (house rule).")
    return N_("The Mighty has no power on the last trick (house rule).")


def _without_the_mighty(trick: Trick, rules: MightyRules, last: int, after: str) -> TrickResult:
    """The winner when no Mighty with power is in the trick; ``after`` is the note of the
    rule that took the Mighty's power, written after any note on the joker."""
    plays = trick.plays
    joker = JOKER in plays
    power, note = joker_power(trick, rules, last) if joker else (False, "")
    if joker and power:
        reason = N_("{card} wins: the joker beats everything but the Mighty.")
        return _result(trick, plays.index(JOKER), reason, note, after)
    lead = led_suit(trick)
    best, key = _best(plays, trick.trump, lead)
    if key < LEAD:
        reason_of = partial(_powerless_joker_wins, lead, after)
        return TrickResult(trick.seat_of(0), JOKER, 0, reason_of)
    if key >= TRUMP:
        reason = N_("{card} wins: highest trump ({suit}).")
    else:
        reason = led_suit_message(trick.trump)  # a hand without trumps says so
    return _result(trick, best, reason, note, after)


# A card's place in a trick without the Mighty or a joker with power: a trump above the suit
# led, the suit led above a joker without power, that joker above any other card.
TRUMP, LEAD = 200, 100


def _best(plays: tuple[Card, ...], trump: str | None, lead: str | None) -> tuple[int, int]:
    """The index of the strongest card (the first of equals), and its place."""
    best, top = 0, -2
    for index, played in enumerate(plays):
        if played is JOKER:
            key = 0
        elif played.suit == trump:
            key = TRUMP + played.rank
        elif played.suit == lead:
            key = LEAD + played.rank
        else:
            key = -1
        if key > top:
            best, top = index, key
    return best, top


def _result(trick: Trick, index: int, reason: str, note: str = "", after: str = "") -> TrickResult:
    """``plays[index]`` wins, for ``reason`` (a message naming the card and its suit), with
    the note of a rule that gave or took the joker's power and then the note of one that took
    the Mighty's, if any: written when read."""
    played = trick.plays[index]
    reason_of = partial(_written, reason, played, note, after)
    return TrickResult(trick.seat_of(index), played, index, reason_of)


def _written(reason: str, played: Card, note: str, after: str) -> str:
    text = _(reason).format(card=played.label, suit=trump_name(played.suit))
    return _noted(_noted(text, note), after)


def _noted(text: str, note: str) -> str:
    return f"{text} {_(note)}" if note else text


def _powerless_joker_wins(lead: str | None, after: str) -> str:
    reason = _("{card} wins: the joker has no power here, but nobody played {suit} or a trump.")
    return _noted(reason.format(card=JOKER.label, suit=trump_name(lead)), after)
