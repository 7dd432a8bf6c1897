"""Who the partner is, and what showed it (record.md §4)."""

from scoring.rules.cards import Card
from scoring.rules.record import faults, reasons
from scoring.rules.record.answer import PartnerView
from scoring.rules.record.model import Game, Record
from scoring.rules.record.walk import Played


def find(game: Game, record: Record, played: list[Played]) -> PartnerView:
    """The partner by the first source that shows it; a given ``partner`` must agree."""
    variant = game.variant
    roles = variant.role_words()[:2]
    if not variant.has_partner:
        return PartnerView(None, True, True, None, "no_partner", reasons.no_partner())
    shown = _shown(game, record, played, roles)
    _check_given(record, shown, roles[1])
    if shown is not None:
        return shown
    if record.partner_given:
        seat = record.partner
        alone = seat is None or seat == record.declarer
        view_seat = None if alone else seat
        return PartnerView(
            view_seat, alone, True, None, "given", reasons.by_table(view_seat, roles)
        )
    reason = reasons.unknown_partner(record.called_card, roles[1])
    return PartnerView(None, None, False, None, None, reason)


def _view(
    record: Record, seat: int | None, revealed: int | None, by: str, roles: tuple[str, str]
) -> PartnerView:
    alone = seat is None or seat == record.declarer
    card = record.called_card
    if by == "play":
        assert card is not None and seat is not None and revealed is not None
        reason = reasons.by_play(seat, alone, card, revealed, roles)
    elif by == "first_trick":
        assert seat is not None
        reason = reasons.by_first_trick(seat, alone)
    elif by == "hands":
        assert card is not None
        reason = reasons.by_hands(seat, alone, card, roles)
    else:
        assert card is not None
        reason = reasons.by_discards(card, roles[0], unplayed=by == "unplayed")
    return PartnerView(None if alone else seat, alone, True, revealed, by, reason)


def _shown(
    game: Game, record: Record, played: list[Played], roles: tuple[str, str]
) -> PartnerView | None:
    """Sources 1–5 of §4, the first that applies."""
    card = record.called_card
    if card is not None:
        for p in played:
            if card in p.entry.plays:
                seat = p.seats[p.entry.plays.index(card)]
                return _view(record, seat, p.number, "play", roles)
    if (
        game.variant.first_trick_names_partner(game.rules)
        and played
        and played[0].winner is not None
    ):
        return _view(record, played[0].winner, 1, "first_trick", roles)
    if card is None:
        return None
    return _hidden(game, record, played, card, roles)


def _hidden(
    game: Game, record: Record, played: list[Played], card: Card, roles: tuple[str, str]
) -> PartnerView | None:
    """A called card nobody played (yet): in a hand, in the discards, or nowhere at all."""
    hands = record.hands
    holder = next((seat for seat, hand in hands.items() if card in hand), None)
    if holder is not None:
        return _view(record, holder, None, "hands", roles)
    if all(seat in hands for seat in game.live_seats(record.sitting_out)):
        return _view(record, None, None, "hands", roles)
    if card in record.discards:
        return _view(record, None, None, "discards", roles)
    played_out = len(played) == game.tricks and all(p.entry.seen for p in played)
    if played_out:
        return _view(record, None, None, "unplayed", roles)
    return None


def _check_given(record: Record, shown: PartnerView | None, role: str) -> None:
    if not record.partner_given:
        return
    seat = record.partner
    alone = seat is None or seat == record.declarer
    if shown is not None and (alone != shown.alone or (not alone and seat != shown.seat)):
        raise faults.partner_disagrees(shown.reason)
    card = record.called_card
    if card is not None and seat is not None and not alone and seat in record.hands:
        if card not in record.hands[seat]:
            raise faults.partner_lacks_card(seat, card, role)
