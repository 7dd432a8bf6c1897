"""Who wins a trick of the Mighty: the Mighty, then a joker with power, then the highest
trump, then the highest card of the suit led."""

from scoring.rules.cards import ACE, JOKER, Card, suit_card
from scoring.rules.i18n import _
from scoring.rules.tricks import Trick, TrickResult
from scoring.rules.variants.base import trump_name
from scoring.rules.variants.mighty.options import MightyRules


def mighty_card(trump: str | None) -> Card:
    return suit_card("D", ACE) if trump == "S" else suit_card("S", ACE)


def ripper_card(trump: str | None) -> Card:
    return suit_card("S", 3) if trump == "C" else suit_card("C", 3)


def led_suit(trick: Trick) -> str | None:
    return trick.lead_suit if trick.plays[0] is JOKER else trick.plays[0].suit


def joker_power(trick: Trick, rules: MightyRules, last: int) -> tuple[bool, str]:
    """Has the joker power in this trick, and which rule said so ("" when nothing took it
    away). ``joker_powerless_first_last`` wins over a power a house rule gives back."""
    first_last = rules.joker_powerless_first_last and trick.number in (1, last)
    first_last_note = _("The joker has no power on the first and last trick (house rule).")
    if trick.plays[0] is not ripper_card(trick.trump):
        return (False, first_last_note) if first_last else (True, "")
    keeps = rules.ripper_without_call == "joker_keeps_power"
    if trick.joker_called and rules.called_joker_has_power:
        note = _("The ripper called the joker, and a called joker keeps its power (house rule).")
    elif not trick.joker_called and keeps:
        note = _("The ripper was led without a call, so the joker keeps its power (house rule).")
    elif trick.joker_called and keeps:
        return False, _("The ripper called the joker, so it has no power.")
    else:
        return False, _("The ripper was led, so the joker has no power.")
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
    if mighty in plays and mighty_powerless(trick, rules, last):
        return _noted(_without_the_mighty(trick, rules, last), _powerless_note(trick))
    if mighty in plays:
        return _result(trick, plays.index(mighty), _("{card} wins: the Mighty beats every card."))
    return _without_the_mighty(trick, rules, last)


def _powerless_note(trick: Trick) -> str:
    if trick.number == 1:
        return _("The Mighty has no power on the first trick (house rule).")
    return _("The Mighty has no power on the last trick (house rule).")


def _without_the_mighty(trick: Trick, rules: MightyRules, last: int) -> TrickResult:
    """The winner when no Mighty with power is in the trick."""
    plays = trick.plays
    power, why = joker_power(trick, rules, last)
    if JOKER in plays and power:
        reason = _("{card} wins: the joker beats everything but the Mighty.")
        result = _result(trick, plays.index(JOKER), reason)
        return _noted(result, why)
    lead = led_suit(trick)
    keys = [_key(c, trick.trump, lead) for c in plays]
    best = max(range(len(plays)), key=keys.__getitem__)
    if keys[best][0] == 0:
        reason = _("{card} wins: the joker has no power here, but nobody played {suit} or a trump.")
        reason = reason.format(card=JOKER.label, suit=trump_name(lead))
        return TrickResult(trick.seat_of(0), JOKER, 0, reason)
    if keys[best][0] == 2:
        reason = _("{card} wins: highest trump ({suit}).")
    else:
        reason = _("{card} wins: highest card of the suit led ({suit}), and no trump was played.")
    reason = reason.format(card=plays[best].label, suit=trump_name(plays[best].suit))
    result = TrickResult(trick.seat_of(best), plays[best], best, reason)
    return _noted(result, why) if JOKER in plays else result


def _noted(result: TrickResult, note: str) -> TrickResult:
    if not note:
        return result
    return TrickResult(
        result.winner, result.card, result.play_index, f"{result.reason} {note}", result.toppled
    )


def _result(trick: Trick, index: int, reason: str) -> TrickResult:
    played = trick.plays[index]
    return TrickResult(trick.seat_of(index), played, index, reason.format(card=played.label))


def _key(played: Card, trump: str | None, lead_suit: str | None) -> tuple[int, int]:
    if played is JOKER:
        return (0, 0)
    if played.suit == trump:
        return (2, played.rank)
    if played.suit == lead_suit:
        return (1, played.rank)
    return (0, -1)
