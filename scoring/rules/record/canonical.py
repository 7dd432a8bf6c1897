"""The canonical record (record.md §9.4): the house rules that differ from their defaults,
and the record written in the compact notation, everything derived or ignored left out."""

from collections.abc import Mapping

from scoring.rules.bids import DEAL_MISS
from scoring.rules.cards import Card
from scoring.rules.options import OptionSpec
from scoring.rules.record.model import Entry, Game, Record

VERSION = "NR1"


def options(game: Game) -> dict[str, object]:
    """The options as the canonical record gives them, by name in ASCII order: those that
    differ from their default at this player count; of an object option, its entries that
    differ (``score_values``: every entry the table gave)."""
    found: dict[str, object] = {}
    for spec in sorted(game.rules.api_specs(), key=lambda s: s.name):
        value = getattr(game.rules, spec.name)
        default = spec.default_for(game.players)
        if spec.kind == "object":
            entries = _entries(spec, value, default)
            if entries:
                found[spec.name] = entries
        elif value != default:
            found[spec.name] = value
    return found


def _entries(spec: OptionSpec, value: object, default: object) -> dict[str, object]:
    written = OptionSpec._json_value(value)
    assert isinstance(written, dict)
    if spec.name == "score_values":
        return dict(sorted(written.items()))
    standard = OptionSpec._json_value(default)
    return {key: written[key] for key in sorted(written) if written[key] != standard.get(key)}


def code(card: Card) -> str:
    """A card as the notation writes it (``T`` for 10)."""
    return card.code.replace("10", "T")


def _cards(game: Game, cards: tuple[Card, ...]) -> str:
    return "".join(code(c) for c in game.in_deck_order(cards))


def _word(value: object) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def notation(game: Game, record: Record, written: Mapping[str, object]) -> str:
    """The record in the compact notation; ``written``: the options of ``options``."""
    tokens = [VERSION, game.variant.code, str(game.players), str(record.declarer)]
    tokens.append(str(record.contract))
    for name, value in written.items():
        if isinstance(value, dict):
            tokens += [f"u~{name}~{key}~{_word(v)}" for key, v in value.items()]
        else:
            tokens.append(f"u~{name}~{_word(value)}")
    tokens += _header(game, record)
    tokens += _auction(game, record)
    if record.rest is not None:
        tokens.append(f"r~{record.rest}")
    tokens += [_trick(game, record, index, entry) for index, entry in enumerate(record.tricks)]
    return ".".join(tokens)


def _header(game: Game, record: Record) -> list[str]:
    tokens = []
    if record.sitting_out is not None:
        tokens.append(f"q~{record.sitting_out}")
    if record.called_card is not None:
        tokens.append(f"k~{code(record.called_card)}")
    if record.partner_given and game.variant.has_partner:
        alone = record.partner is None or record.partner == record.declarer
        tokens.append(f"a~{'n' if alone else record.partner}")
    if record.discards:
        tokens.append(f"x~{_cards(game, record.discards)}")
    for seat in sorted(record.hands):
        if record.hands[seat]:
            tokens.append(f"h~{seat}~{_cards(game, record.hands[seat])}")
    return tokens


def _auction(game: Game, record: Record) -> list[str]:
    auction = record.auction
    if auction is None:
        return []
    tokens = []
    if auction.dealer is not None:
        tokens.append(f"d~{auction.dealer}")
    if auction.first is not None:
        tokens.append(f"f~{auction.first}")
    for name, seat in auction.seats.items():
        tokens.append(f"v~{name}~{'n' if seat is None else seat}")
    words = [_call(game, call) for call in auction.calls]
    tokens.append("c~" + "~".join(words))
    return tokens


def _call(game: Game, call: object) -> str:
    """A call in its canonical form; in a free auction, after its seat (``313S``)."""
    if isinstance(call, dict):
        return f"{call['seat']}{_call(game, call['call'])}"
    if isinstance(call, str) and call.strip().lower() == DEAL_MISS:
        return DEAL_MISS
    return str(game.variant.parse_call(call, game.rules))


def _trick(game: Game, record: Record, index: int, entry: Entry) -> str:
    partial = entry.finished and not entry.seen
    unknown = all(c is None for c in entry.plays)
    plays = (
        ""
        if entry.finished and unknown
        else "".join("-" if c is None else code(c) for c in entry.plays)
    )
    marks = []
    if partial and entry.winner is not None:
        marks.append(f"w{entry.winner}")
    if partial and entry.points is not None:
        marks.append("p" + _cards(game, entry.points))
    if entry.lead_suit is not None:
        marks.append(f"l{entry.lead_suit}")
    lead_unknown = not entry.plays or entry.plays[0] is None
    if entry.trump is not None and lead_unknown:
        marks.append(f"t{entry.trump}")
    if entry.joker_called:
        marks.append("j")
    if entry.secretary_ordered:
        marks.append("o")
    if partial and entry.toppled:
        marks.append("z")
    return plays + "".join(marks)
