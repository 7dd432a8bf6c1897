"""What a Japanese trick ruling reads aloud: the card, and the rule that decided it (a ruling
explains itself, so players can check it against the cards).

The sentences for the default order are those the engine always gave; a house rule that
decided the trick adds its own words, naming the rule.
"""

from scoring.rules.cards import JACK, JOKER, Card, suit_name
from scoring.rules.i18n import _, joined, ngettext
from scoring.rules.japanese.legality import CLUB_THREE, SPADE_THREE, call_in_force
from scoring.rules.japanese.powers import ALMIGHTY, Powers, is_plain
from scoring.rules.japanese.standing import Standing
from scoring.rules.tricks import led_suit_reason

# ---- the special steps -------------------------------------------------------------------


def special(standing: Standing, kind: str, card: Card) -> str:
    powers = standing.powers
    if kind == "yoromeki":
        reason = _yoromeki(card, powers.rules.yoromeki_after)
    elif kind == "same_two":
        reason = _same_two(standing, card)
    elif kind == "led_joker":
        assert standing.joker_rank is not None  # a led joker fills a step only with a rank
        reason = _led_joker(standing.joker_rank)
    elif kind == "almighty":
        reason = _almighty(standing, card)
    else:
        reason = _jack(standing, kind, card)
    return reason.format(card=card.label)


def _yoromeki(card: Card, after: bool) -> str:
    if after:
        return _("{card} wins: yoromeki — {card} came after ♠A in the same trick.")
    # The sentence of api.md's example, kept word for word.
    return _("{card} wins: yoromeki — {almighty} and {card} in the same trick").replace(
        "{almighty}", ALMIGHTY.label
    )


def _almighty(standing: Standing, card: Card) -> str:
    powers, rules = standing.powers, standing.powers.rules
    if powers.plain:
        return _("{card} wins: the almighty keeps its power on this plain trick (house rule).")
    heart = rules.yoromeki
    if rules.yoromeki_after and heart is not None and heart in powers.plays:
        return _(
            "{card} wins: the almighty — {heart} came before it, and the yoromeki counts only "
            "when the heart follows ♠A (house rule)."
        ).replace("{heart}", heart.label)
    if standing.joker_rank is not None:
        return _("{card} wins: the almighty beats a led joker.")
    if standing.two is not None:
        return _("{card} wins: the almighty beats the 2 of a same two.")
    return _("{card} wins: the almighty is the strongest card.")


def _jack(standing: Standing, kind: str, card: Card) -> str:
    powers = standing.powers
    trump = kind == "trump_jack"
    if powers.plain:
        if trump:
            return _(
                "{card} wins: the trump jack keeps its power on this plain trick (house rule)."
            )
        return _(
            "{card} wins: the jack of the trump's colour keeps its power on this plain trick "
            "(house rule)."
        )
    if standing.joker_rank is not None:
        if standing.joker_rank == "below_trump_jack":
            return _("{card} wins: at this table a led joker ranks below the trump jack.")
        return _("{card} wins: at this table a led joker ranks below both jacks.")
    if standing.two is not None:
        return _("{card} wins: the jack beats the 2 of a same two.")
    if trump:
        return _("{card} wins: the trump jack ranks just below the almighty ♠A.")
    return _("{card} wins: the jack of the trump's colour ranks just below the trump jack.")


def _same_two(standing: Standing, card: Card) -> str:
    assert card.suit is not None  # a 2
    suit = suit_name(card.suit)
    if standing.two_after_joker:
        return _(
            "{card} wins: same two after a led joker — every other card is {suit}, so the "
            "joker loses its power and the 2 takes the trick."
        ).replace("{suit}", suit)
    beaten = [
        c.label
        for c in (standing.almighty, standing.trump_jack, standing.colour_jack)
        if c is not None
    ]
    if beaten:
        return (
            _(
                "{card} wins: same two — every card is {suit}, and at this table the 2 beats {cards}."
            )
            .replace("{suit}", suit)
            .replace("{cards}", ", ".join(beaten))
        )
    return _("{card} wins: same two — every card is {suit}, so the 2 takes the trick.").replace(
        "{suit}", suit
    )


def _led_joker(rank: str) -> str:
    if rank == "top":
        return _(
            "{card} wins: a led joker calls for trumps and, at this table, beats every card "
            "but a yoromeki."
        )
    if rank == "below_trump_jack":
        return _(
            "{card} wins: a led joker calls for trumps and, at this table, takes the trick "
            "unless ♠A or the trump jack is played."
        )
    if rank == "below_jacks":
        return _(
            "{card} wins: a led joker calls for trumps and, at this table, takes the trick "
            "unless ♠A or one of the two jacks is played."
        )
    return _(
        "{card} wins: a led joker calls for trumps and takes the trick unless the "
        "almighty ♠A is played."
    )


# ---- the captures ------------------------------------------------------------------------


def queen_catches(queen: Card, jack: Card) -> str:
    return _("{card} wins: ♦Q catches the trump jack {jack} (house rule).").format(
        card=queen.label, jack=jack.label
    )


def hunt_after_queen(hunter: Card) -> str:
    return _(
        "♦Q's catch comes before the hunting jack (house rule), so {hunter} catches nothing."
    ).format(hunter=hunter.label)


def hunt_off(hunter: Card, jack: Card, other: Card | None) -> str:
    """Why the hunter in the trick did not catch ``jack`` (``hunting_jack``)."""
    if other is None:
        why = _(
            "{hunter} does not catch {jack}: the hunting jack is off when ♠A is in the trick (house rule)."
        )
    else:
        why = _(
            "{hunter} does not catch {jack}: the hunting jack is off when both special jacks "
            "are in the trick (house rule)."
        )
    return why.format(hunter=hunter.label, jack=jack.label)


def hunted(hunter: Card, jack: Card) -> str:
    return _(
        "{card} wins: hunting jack — {card} catches {jack}, with neither ♠A nor the other "
        "jack in the trick (house rule)."
    ).format(card=hunter.label, jack=jack.label)


# ---- steps 13 and 14 ---------------------------------------------------------------------


def ranked(standing: Standing, card: Card, led: str | None, joker_trump: bool) -> str:
    powers = standing.powers
    suit = suit_name(card.suit) if card.suit else ""
    if card is JOKER:
        reason = _(
            "{card} wins: at this table a led joker is the lowest trump, and no other trump "
            "was played."
        )
    elif powers.plain:
        reason = _plain(powers)
    elif powers.trump is not None and card.suit == powers.trump:
        reason = _("{card} wins: highest trump ({suit}).")
    else:
        reason = led_suit_reason(powers.hand_trump)
    reason = reason.format(card=card.label, suit=suit)
    return joined(reason, _joker_note(powers, card, joker_trump), _jack_note(powers, card))


def _plain(powers: Powers) -> str:
    """A plain trick: the game's own first trick (the chip game), or a house rule."""
    number = powers.trick.number
    if powers.last and number != 1:
        return _(
            "{card} wins: at this table the last trick is a plain trick (house rule): trumps "
            "and special cards have no power, so the highest {suit} takes it."
        )
    if is_plain(number, 0, powers.rules.seed_plain_tricks):
        return _(
            "{card} wins: on the first trick trumps and special cards have no power, "
            "so the highest {suit} takes it."
        )
    return _(
        "{card} wins: at this table the first trick is a plain trick (house rule): trumps "
        "and special cards have no power, so the highest {suit} takes it."
    )


def no_trump_two(two: Card) -> str:
    return _(
        "The trick is all in trumps, and at this table that makes no same two (house rule), "
        "so {card} does not take it."
    ).format(card=two.label)


def plain_two_after_joker(two: Card) -> str:
    return _(
        "After a led joker only a same two in trumps takes its power (house rule), so {card} "
        "does not take the trick."
    ).format(card=two.label)


def _joker_note(powers: Powers, card: Card, joker_trump: bool) -> str:
    if not powers.joker_led or card is JOKER:
        return ""
    if powers.plain:
        return _("A joker led to a plain trick has no power: the second card's suit counts as led.")
    if joker_trump:
        return _("At this table a led joker counts as the lowest trump.")
    if powers.rules.led_joker_rank == "never_wins":
        return _("At this table a led joker never wins: the second card's suit counts as led.")
    return ""


def _jack_note(powers: Powers, card: Card) -> str:
    """``plain_jack_lowest``: say so when a jack of the winner's suit would have beaten it."""
    if not powers.rules.plain_jack_lowest or card.rank > JACK:
        return ""
    if any(c.rank == JACK and c.suit == card.suit and c is not card for c in powers.plays):
        return _("A jack without power ranks below the 2 here (house rule).")
    return ""


def notes(standing: Standing) -> tuple[str, ...]:
    """What a house rule changed in a trick won by a special card."""
    powers = standing.powers
    out = []
    if standing.cancelled is not None:
        out.append(
            _(
                "A jack in the trick cancels the yoromeki (house rule), so ♠A and {heart} have "
                "no power."
            ).format(heart=standing.cancelled.label)
        )
    out.append(first_trick_note(powers))
    out.append(call_note(powers))
    return tuple(out)


def call_note(powers: Powers) -> str:
    """A card a three called (``joker_call``, ``almighty_call``), when it was played after the
    three: the ruling names the call that made its holder play it."""
    called = call_in_force(powers)
    if called is None:
        return ""
    card, plays = called[0], powers.plays
    caller = CLUB_THREE if card is JOKER and powers.rules.joker_call == "C3_led" else SPADE_THREE
    if card not in plays or caller not in plays or plays.index(card) < plays.index(caller):
        return ""
    if card is JOKER:
        return _(
            "{caller} called the joker (house rule): its holder had to play it, and a called "
            "joker never wins."
        ).format(caller=caller.label)
    return _("{caller} called {card} (house rule): its holder had to play it.").format(
        caller=caller.label, card=card.label
    )


def first_trick_note(powers: Powers) -> str:
    if powers.plain or powers.trick.number != 1 or powers.rules.first_trick_plain == "none":
        return ""
    ordinary = powers.ordinary_specials()
    if not ordinary:
        return ""
    return ngettext(
        "On the first trick {cards} is an ordinary card (house rule).",
        "On the first trick {cards} are ordinary cards (house rule).",
        len(ordinary),
    ).format(cards=", ".join(c.label for c in ordinary))


def missed_two(powers: Powers, two: Card) -> str:
    """Why the 2 of a trick all in one suit did not take it as a same two: the dispute at the
    table is about the 2, so the ruling names the rule that kept it from winning."""
    rules, trick = powers.rules, powers.trick
    if powers.plain:
        why = _("This is a plain trick, so there is no same two: {card} does not take it.")
    elif not rules.same_two:
        why = _("Same two is off at this table (house rule), so {card} does not take it.")
    elif trick.number == 1 and not rules.same_two_first_trick:
        why = _("Same two does not count on the first trick, so {card} does not take it.")
    elif powers.joker_led:
        why = _(
            "Same two does not count after a led joker at this table, so {card} does not take it."
        )
    else:
        why = _("Same two does not count with a joker in the trick, so {card} does not take it.")
    return why.format(card=two.label)
