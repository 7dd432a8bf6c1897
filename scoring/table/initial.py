"""A stored hand as the hand form's values, to edit it: places at its own table."""

from typing import Any

from scoring.models import Hand
from scoring.rules import Variant
from scoring.rules.bids import Bid, Contract
from scoring.rules.cards import parse_card
from scoring.table.form import ALONE, DEFENDERS, DISCARD, TAKEN
from scoring.table.lineup import hand_lineup
from scoring.table.target_discards import FIELD


def hand_initial(hand: Hand) -> dict[str, object]:
    """Form values that show a stored hand again, for editing (its places, for the form
    built on ``hand_lineup(hand)``)."""
    lineup = hand_lineup(hand)
    out = list(lineup.out or ())  # a stored hand's table always says who sat out
    place = {seat: p.number for seat, p in enumerate(lineup.playing(out))}
    if not hand.played:
        # No contract to show (and none to parse): the form opens blank, but for who
        # called a deal miss, tapped where the form reads it.
        caller = place.get(hand.deal_miss_by) if hand.deal_miss_by is not None else None
        return {"version": hand.version, "out": out, "declarer": caller}

    def place_of(seat: int | None) -> int | None:
        return None if seat is None else place.get(seat)

    variant: Variant[Any] = hand.session.engine
    initial: dict[str, object] = {
        "out": out,
        "declarer": place_of(hand.declarer),
        "partner": ALONE if hand.partner is None else str(place.get(hand.partner)),
        "killed": place_of(hand.sitting_out),
        "mode": hand.mode or Hand.COUNT,
        "points": hand.declarer_points,
        "toppled": hand.toppled,
        "version": hand.version,
    }
    # Hand's methods are not annotated yet (scoring.models): it is the engine's Contract.
    contract: Contract = hand.parsed_contract()
    if isinstance(contract, Bid):
        initial.update(level=contract.count, trump=contract.trump)
    else:
        initial["nap_bid"] = contract.name
    if hand.called_card:
        card = parse_card(hand.called_card)
        initial["called_suit"] = card.code if card.is_joker else card.suit
        initial["called_rank"] = "" if card.is_joker else card.code[1:]
    initial.update(_grid_initial(hand))
    if hand.tricks:
        initial.update(
            {f"tricks_{place.get(int(seat))}": count for seat, count in hand.tricks.items()}
        )
        initial["points"] = hand.points
        if not variant.tricks_by_seat_matter:
            initial["mode"] = Hand.COUNT  # who of the side took which trick changes nothing
    return initial


def _grid_initial(hand: Hand) -> dict[str, object]:
    """The grid shown by the defenders' cards; the declarer's side's are implied. A quick
    count's discards (where they raise the target) are ticked beside the count."""
    if hand.captured is None:
        return {FIELD: list(hand.discards)} if hand.discards else {}
    if not hand.captured and not hand.discards:
        return {}
    initial: dict[str, object] = {"grid_side": DEFENDERS}
    side = {hand.declarer} if hand.partner is None else {hand.declarer, hand.partner}
    for seat, cards in (hand.captured or {}).items():
        for code in cards:
            initial[f"card_{code}"] = "" if int(seat) in side else TAKEN
    for code in hand.discards or ():
        initial[f"card_{code}"] = DISCARD
    return initial
