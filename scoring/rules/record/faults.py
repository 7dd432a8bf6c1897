"""The refusals of a hand record (record.md §6), each an engine error with its parameters as
data and its field's path; those it shares with ``/score`` and ``/trick`` keep their words."""

from scoring.rules.cards import Card
from scoring.rules.errors import DuplicateCard, IllegalTrick, InconsistentResult, NotationError
from scoring.rules.i18n import N_
from scoring.rules.sentences import CardName, Listing, Param, Seat


def trick_path(index: int, name: str = "") -> str:
    return f"tricks[{index}]" + (f".{name}" if name else "")


def twice(card: Card, field: str) -> DuplicateCard:
    return DuplicateCard(N_("{card} is given twice."), field, card=card)


def killed(what: str, seat: int, field: str) -> InconsistentResult:
    """A killed seat (six-player Mighty) that declares, partners, leads, wins or claims."""
    templates = {
        "declare": (
            N_("Seat {seat} was killed and sits this hand out, so it cannot declare."),
            N_("{seat} was killed and sits this hand out, so they cannot declare."),
        ),
        "partner": (
            N_("Seat {seat} was killed and sits this hand out, so it cannot be the friend."),
            N_("{seat} was killed and sits this hand out, so they cannot be the friend."),
        ),
        "hand": (
            N_("Seat {seat} was killed and sits this hand out, so it holds no cards."),
            N_("{seat} was killed and sits this hand out, so they hold no cards."),
        ),
        "win": (
            N_("Seat {seat} was killed and sits this hand out, so it cannot win a trick."),
            N_("{seat} was killed and sits this hand out, so they cannot win a trick."),
        ),
        "claim": (
            N_("Seat {seat} was killed and sits this hand out, so it cannot claim."),
            N_("{seat} was killed and sits this hand out, so they cannot claim."),
        ),
    }
    template, named = templates[what]
    return InconsistentResult(template, field, named=named, seat=Seat(seat))


def wrong_leader(expected: int, given: int) -> InconsistentResult:
    return InconsistentResult(
        N_("Trick 1 is led by seat {seat} under these rules, not by seat {given}."),
        "leader",
        named=N_("Trick 1 is led by {seat} under these rules, not by {given}."),
        seat=Seat(expected),
        given=Seat(given),
    )


def no_called_card(nap: bool) -> InconsistentResult:
    if nap:
        return InconsistentResult(
            N_("Nap has no called card: leave called_card out."), "called_card"
        )
    return InconsistentResult(
        N_("With the first-trick friend no card is named (house rule): leave called_card out."),
        "called_card",
    )


def hand_size(seat: int, size: int, count: int) -> NotationError:
    return NotationError(
        N_("hands.{seat} must hold the {size} cards the seat held when play began, not {count}."),
        f"hands.{seat}",
        seat=seat,
        size=size,
        count=count,
    )


def auction_unfinished() -> InconsistentResult:
    return InconsistentResult(
        N_("The auction did not end with a declarer, so no hand was played."), "calls"
    )


def auction_declarer(seat: int, given: int) -> InconsistentResult:
    return InconsistentResult(
        N_("The auction's declarer is seat {seat}, not seat {given}."),
        "declarer",
        named=N_("The auction's declarer is {seat}, not {given}."),
        seat=Seat(seat),
        given=Seat(given),
    )


def auction_contract(bid: Param, contract: Param) -> InconsistentResult:
    return InconsistentResult(
        N_("The auction ended with {bid}, which does not lead to the contract {contract}."),
        "contract",
        bid=bid,
        contract=contract,
    )


def too_many_tricks(tricks: int, count: int) -> NotationError:
    return NotationError(
        N_("tricks holds at most {tricks} tricks, not {count}."),
        "tricks",
        tricks=tricks,
        count=count,
    )


def trick_not_object(index: int) -> NotationError:
    return NotationError(
        N_('Each trick must be an object, such as {{"plays": ["SA", null], "winner": 2}}.'),
        trick_path(index),
    )


def plays_count(index: int, players: int, count: int, marked: bool) -> NotationError:
    template = (
        N_(
            "A trick that gives winner, points or toppled is finished: it holds {players} plays, not {count}."
        )
        if marked
        else N_("A trick holds {players} plays, one per player, not {count}.")
    )
    return NotationError(template, trick_path(index, "plays"), players=players, count=count)


def not_last_in_progress(index: int, players: int) -> NotationError:
    return NotationError(
        N_("Only the last trick may be in progress: give all {players} plays of trick {trick}."),
        trick_path(index, "plays"),
        players=players,
        trick=index + 1,
    )


def required(index: int, name: str) -> NotationError:
    if name == "winner":
        template = N_("Some cards of trick {trick} are unknown: give winner, the seat that won it.")
    else:
        template = N_(
            "Some cards of trick {trick} are unknown: give points, the point cards it held."
        )
    return NotationError(template, trick_path(index, name), trick=index + 1)


def trump_required() -> NotationError:
    return NotationError(
        N_("The first lead is unknown: give the suit it made trump as tricks[0].trump."),
        trick_path(0, "trump"),
    )


def after_toppled(index: int) -> IllegalTrick:
    return IllegalTrick(
        N_(
            "The napoleon was toppled on the first trick, which ended the hand: there is no "
            "trick {trick}."
        ),
        trick_path(index),
        trick=index + 1,
    )


def not_in_hand(field: str, seat: int, card: Card) -> InconsistentResult:
    return InconsistentResult(
        N_("Seat {seat} played {card}, which is not in its hand (hands.{number})."),
        field,
        named=N_("{seat} played {card}, which is not in their hand (hands.{number})."),
        seat=Seat(seat),
        card=card,
        number=seat,
    )


def no_secretary(index: int) -> IllegalTrick:
    return IllegalTrick(
        N_("Only Taiwan and Hong Kong Napoleon have a secretary card to order."),
        trick_path(index, "secretary_ordered"),
    )


def toppled_elsewhere(index: int) -> IllegalTrick:
    return IllegalTrick(
        N_("Only the first trick of Thai Napoleon can topple the napoleon."),
        trick_path(index, "toppled"),
    )


def winner_disagrees(index: int, seat: int, given: int, reason: str) -> InconsistentResult:
    return InconsistentResult(
        N_("Seat {seat} won trick {trick}, not seat {given}: {reason}"),
        trick_path(index, "winner"),
        named=N_("{seat} won trick {trick}, not {given}: {reason}"),
        seat=Seat(seat),
        trick=index + 1,
        given=Seat(given),
        reason=reason,
    )


def points_disagree(index: int, cards: tuple[Card, ...]) -> InconsistentResult:
    if not cards:
        return InconsistentResult(
            N_("Trick {trick} holds no point card, so its points are empty."),
            trick_path(index, "points"),
            trick=index + 1,
        )
    return InconsistentResult(
        N_("The point cards of trick {trick} are {cards}, not the list given."),
        trick_path(index, "points"),
        trick=index + 1,
        cards=Listing(tuple(CardName(c) for c in cards)),
    )


def toppled_disagrees(toppled: bool) -> InconsistentResult:
    if toppled:
        template = N_(
            "Trick 1 is 2, 3, 4, 5, 6 of one suit: it toppled the napoleon, so toppled is true."
        )
    else:
        template = N_("Trick 1 is not 2, 3, 4, 5, 6 of one suit: it did not topple the napoleon.")
    return InconsistentResult(template, trick_path(0, "toppled"))


def not_toppling(card: Card) -> InconsistentResult:
    return InconsistentResult(
        N_("A toppled first trick is 2, 3, 4, 5, 6 of one suit, but {card} is not one of them."),
        trick_path(0, "toppled"),
        card=CardName(card),
    )


def claim_refused(why: str, trick: int = 0, tricks: int = 0) -> InconsistentResult:
    if why == "in_progress":
        return InconsistentResult(
            N_(
                "A claim needs every recorded trick finished, but trick {trick} is still being "
                "played."
            ),
            "rest",
            trick=trick,
        )
    if why == "all_recorded":
        return InconsistentResult(
            N_("All {tricks} tricks are recorded: nothing is left to claim."), "rest", tricks=tricks
        )
    return InconsistentResult(
        N_(
            "The napoleon was toppled on the first trick: the hand is over, so nothing is left "
            "to claim."
        ),
        "rest",
    )


def points_play_missing(index: int, card: Card) -> InconsistentResult:
    return InconsistentResult(
        N_("{card} was played to trick {trick}, so its points list it."),
        trick_path(index, "points"),
        card=CardName(card),
        trick=index + 1,
    )


def points_too_many(index: int, count: int, unknown: int) -> InconsistentResult:
    return InconsistentResult(
        N_(
            "points lists more cards that are not known plays of trick {trick} ({count}) "
            "than the trick has unknown plays ({unknown})."
        ),
        trick_path(index, "points"),
        count=count,
        trick=index + 1,
        unknown=unknown,
    )


def points_held_elsewhere(
    field: str, card: Card, seat: int, other: Card, trick: int
) -> InconsistentResult:
    return InconsistentResult(
        N_("{card} was in the hand of seat {seat}, who played {other} to trick {trick}."),
        field,
        named=N_("{card} was in {seat}'s hand, and they played {other} to trick {trick}."),
        card=CardName(card),
        seat=Seat(seat),
        other=CardName(other),
        trick=trick,
    )


def points_in_no_hand(field: str, card: Card) -> InconsistentResult:
    return InconsistentResult(
        N_("{card} is in no seat's hand, so no trick held it."), field, card=CardName(card)
    )


def partner_disagrees(reason: Param) -> InconsistentResult:
    return InconsistentResult(
        N_("partner does not agree with the record: {reason}"), "partner", reason=reason
    )


def partner_lacks_card(seat: int, card: Card, role: str) -> InconsistentResult:
    return InconsistentResult(
        N_(
            "Seat {seat} did not hold {card}, the called card, when play began, so it is not the {role}."
        ),
        "partner",
        named=N_(
            "{seat} did not hold {card}, the called card, when play began, so they are not the "
            "{role}."
        ),
        seat=Seat(seat),
        card=CardName(card),
        role=role,
    )


def too_many_discards(count: int, most: int) -> InconsistentResult:
    return InconsistentResult(
        N_("{count} cards are known to be discarded, but the declarer discards only {most} here."),
        "discards",
        count=count,
        most=most,
    )


def not_point_card(field: str, card: Card) -> InconsistentResult:
    return InconsistentResult(
        N_("{card} is not a point card; list only point cards."), field, card=card
    )
