"""The sentences a record answers with: a trick the table entered, how the partner was
found, and why a play was illegal (rules.md §9)."""

from scoring.rules.cards import Card
from scoring.rules.i18n import N_
from scoring.rules.record.sentence import Reason, Sentence, say, written
from scoring.rules.sentences import CardName, Param, Seat


def entered(trick: int, winner: int | None, toppled: bool) -> Reason:
    """A partial trick: what the table entered, never second-guessed."""
    parts: list[Sentence] = []
    if winner is not None:
        parts.append(
            say(
                N_(
                    "Seat {seat} won trick {trick}, as the table entered it; not every card of "
                    "the trick is known."
                ),
                N_(
                    "{seat} won trick {trick}, as the table entered it; not every card of the "
                    "trick is known."
                ),
                seat=Seat(winner),
                trick=trick,
            )
        )
    if toppled:
        parts.append(
            say(
                N_(
                    "The table entered that the first trick was 2, 3, 4, 5, 6 of one suit: the "
                    "napoleon is toppled and the citizens win the hand."
                )
            )
        )
    return tuple(parts)


def by_play(seat: int, alone: bool, card: Card, trick: int, roles: tuple[str, str]) -> Sentence:
    declarer, role = roles
    if alone:
        return say(
            N_(
                "The {declarer} played {card}, the called card, in trick {trick}, and so plays alone."
            ),
            card=CardName(card),
            trick=trick,
            declarer=declarer,
        )
    return say(
        N_("Seat {seat} played {card}, the called card, in trick {trick}, so it is the {role}."),
        N_("{seat} played {card}, the called card, in trick {trick}, so they are the {role}."),
        seat=Seat(seat),
        card=CardName(card),
        trick=trick,
        role=role,
    )


def by_first_trick(seat: int, alone: bool) -> Sentence:
    if alone:
        return say(N_("The declarer won the first trick, so it plays alone (house rule)."))
    return say(
        N_("Seat {seat} won the first trick, so it is the friend (house rule)."),
        N_("{seat} won the first trick, so they are the friend (house rule)."),
        seat=Seat(seat),
    )


def by_hands(seat: int | None, alone: bool, card: Card, roles: tuple[str, str]) -> Sentence:
    declarer, role = roles
    if seat is None:
        return say(
            N_(
                "{card}, the called card, is in no seat's hand, so it was discarded: the {declarer} plays alone."
            ),
            card=CardName(card),
            declarer=declarer,
        )
    if alone:
        return say(
            N_("The {declarer} held {card}, the called card, when play began, and so plays alone."),
            card=CardName(card),
            declarer=declarer,
        )
    return say(
        N_("Seat {seat} held {card}, the called card, when play began, so it is the {role}."),
        N_("{seat} held {card}, the called card, when play began, so they are the {role}."),
        seat=Seat(seat),
        card=CardName(card),
        role=role,
    )


def by_discards(card: Card, declarer: str, unplayed: bool) -> Sentence:
    if unplayed:
        return say(
            N_(
                "Every card was played and {card}, the called card, was not among them, so it "
                "was discarded: the {declarer} plays alone."
            ),
            card=CardName(card),
            declarer=declarer,
        )
    return say(
        N_("{card}, the called card, was discarded: the {declarer} plays alone."),
        card=CardName(card),
        declarer=declarer,
    )


def by_table(seat: int | None, roles: tuple[str, str]) -> Sentence:
    declarer, role = roles
    if seat is None:
        return say(N_("The table entered that the {declarer} played alone."), declarer=declarer)
    return say(
        N_("The table entered seat {seat} as the {role}."),
        N_("The table entered {seat} as the {role}."),
        seat=Seat(seat),
        role=role,
    )


def no_partner() -> Sentence:
    return say(N_("Nap has no partner: the bidder plays alone."))


def unknown_partner(card: Card | None, role: str) -> Sentence:
    if card is None:
        return say(N_("No called card was recorded, so the {role} is not known yet."), role=role)
    return say(
        N_("{card}, the called card, has not been played yet, so the {role} is not known."),
        card=CardName(card),
        role=role,
    )


def illegal_by_trick(rule: str, seat: int, card: Card, trick: int) -> Reason:
    """A card the trick alone shows barred: the rule, then who played it."""
    return (
        written(rule),
        say(
            N_("Seat {seat} played {card} to trick {trick} all the same."),
            N_("{seat} played {card} to trick {trick} all the same."),
            seat=Seat(seat),
            card=CardName(card),
            trick=trick,
        ),
    )


def illegal_play(
    seat: int, card: Card, trick: int, why: str, proof: Card | None, later: int | None
) -> Reason:
    """A play its seat's cards did not allow, with the card that proves it (record.md §7.4)."""
    params: dict[str, Param] = {
        "seat": Seat(seat),
        "card": CardName(card),
        "trick": trick,
        "why": why,
    }
    if proof is None:
        return (
            say(
                N_(
                    "Seat {seat} played {card} to trick {trick}, which its cards did not allow: {why}."
                ),
                N_(
                    "{seat} played {card} to trick {trick}, which their cards did not allow: {why}."
                ),
                **params,
            ),
        )
    if later is None:
        return (
            say(
                N_(
                    "Seat {seat} played {card} to trick {trick} though its hand still held {proof}: {why}."
                ),
                N_(
                    "{seat} played {card} to trick {trick} though their hand still held {proof}: {why}."
                ),
                proof=CardName(proof),
                **params,
            ),
        )
    return (
        say(
            N_(
                "Seat {seat} played {card} to trick {trick} though it held {proof}, which it "
                "played in trick {later}: {why}."
            ),
            N_(
                "{seat} played {card} to trick {trick} though they held {proof}, which they "
                "played in trick {later}: {why}."
            ),
            proof=CardName(proof),
            later=later,
            **params,
        ),
    )
