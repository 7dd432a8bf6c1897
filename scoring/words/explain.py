"""What a house rule's value means at the table, one sentence per (option, value): data.

Adding a house rule's words needs no template: the engine declares the option (its
title in ``options.LABELS``, its one-line description on the field); ``labels.py``
names each choice (``CHOICE_LABELS``); and, where a value changes play in a way a
player should read, ``EXPLAINED`` below says how, keyed by (option, value) — a bool
by ``True``/``False``. The rules pages' "House rules" section and the referee's
house-rules panel show that sentence under the option for the value in force; a page
may also place it in its own text with ``{% explain "option" %}`` (with the "house
rule" badge when it differs from the default). A value with no sentence shows its
label and the option's description, which is always enough to read a page right.
"""

from django.utils.translation import gettext_lazy as _

from scoring.words.explain_house import EXPLAINED_HOUSE

EXPLAINED = {
    ("blind_shown", True): _(
        "The napoleon first turns the blind face up for everyone to see, then takes it into "
        "hand and puts aside the same number of cards face down."
    ),
    ("blind_shown", False): _(
        "The napoleon takes the blind into hand without showing it to anyone, then puts aside "
        "the same number of cards face down."
    ),
    ("pass_is_final", True): _(
        "A pass is final: once you pass, you take no further part in this auction."
    ),
    ("pass_is_final", False): _(
        "A pass only covers your current turn: as in bridge, you may come back in with a higher "
        "bid when your turn comes round again."
    ),
    ("secretary_order", "any_time"): _(
        "At any moment the napoleon may order the secretary to play the secretary card to the "
        "current trick, and the secretary must do so. If the secretary has already played to "
        "that trick, the order lapses for that trick only."
    ),
    ("secretary_order", "napoleon_lead_only"): _(
        "The napoleon may order the secretary card played, but only in a trick the napoleon has "
        "led; the secretary must then play it. If the secretary has already played to that "
        "trick, the order lapses for that trick only."
    ),
    ("secretary_order", "off"): _(
        "The napoleon may not order the secretary card played: its holder alone decides when to "
        "reveal it."
    ),
    ("joker_summon", "lead_first_three"): _(
        "In the first three tricks, a player who leads the 2 of trumps may summon the big joker, "
        "and a player who leads the 3 of trumps may summon the little joker. Whoever holds the "
        "summoned joker must play it to that trick."
    ),
    ("joker_summon", "any_play"): _(
        "In any trick, as soon as someone plays the 2 of trumps, each later player in that trick "
        "who holds the big joker must play it; the 3 of trumps forces out the little joker the "
        "same way. A joker played to the trick before the 2 or 3 is not affected."
    ),
    ("joker_summon", "off"): _(
        "Jokers cannot be summoned at this table: their holders always choose when to play them."
    ),
    ("summoned_joker_loses", True): _("A summoned joker cannot win the trick it was forced into."),
    ("summoned_joker_loses", False): _(
        "A summoned joker keeps its full rank and may well win the trick."
    ),
    ("first_lead", "napoleon"): _("The napoleon leads the first trick."),
    ("first_lead", "napoleon_left"): _("The player on the napoleon's left leads the first trick."),
    ("no_trump_bid", "off"): _("No-trump bids are not allowed."),
    ("no_trump_bid", "highest"): _(
        "No trump may be bid, and it beats every suit at the same number."
    ),
    ("no_trump_bid", "lowest"): _(
        "No trump may be bid, but it ranks below every suit at the same number."
    ),
    ("tie", "napoleon_loses"): _("If t equals c + h, the citizens win."),
    ("tie", "draw"): _("If t equals c + h, the hand is a draw and nobody scores."),
    ("betrayal_friend", "loses"): _(
        "At this table the betraying friend loses too, along with the napoleon; the citizens win."
    ),
    ("betrayal_friend", "wins"): _(
        "The betraying friend counts among the winners, with the citizens."
    ),
    ("first_trick_friend", True): _(
        "At this table no card is named: whoever wins the first trick becomes the declarer's "
        "friend."
    ),
    ("first_trick_friend", False): _(
        "The declarer names a card; whoever holds it is the friend and plays for the declarer "
        "without a word. The declarer may instead announce no friend and play alone. Naming a "
        "card from the declarer's own hand, or one just discarded, also means playing alone."
    ),
    ("joker_powerless_first_last", True): _(
        "It has no power in a trick led with the ripper, nor on the first and the last trick."
    ),
    ("joker_powerless_first_last", False): _("It has no power in a trick led with the ripper."),
    ("misere_no_trump", True): _("In a misère there are no trumps at all."),
    ("misere_no_trump", False): _(
        "At this table a misère has a trump too, named by its first card like any other call."
    ),
    ("nap_scoring", "stakes"): _(
        "At this table the game is played for stakes: if the bidder makes the call, each "
        "opponent pays the bidder its value; if not, the bidder pays each opponent its value."
    ),
    ("nap_scoring", "points"): _(
        "If the bidder makes the call, the bidder scores its value. If not, every opponent "
        "scores that value instead."
    ),
}


EXPLAINED.update(EXPLAINED_HOUSE)


def explained(name: str, value: object) -> str:
    """The sentence for this option's value, or "" when its label says enough."""
    try:
        sentence = EXPLAINED.get((name, value))
    except TypeError:  # an unhashable value (a table's own numbers): nothing to look up
        return ""
    return str(sentence) if sentence is not None else ""
