"""The four rulings and the variants list, as plain functions from a JSON body to a JSON answer.

No Django here: the views add HTTP around these, the benchmark calls them
directly. Errors are the engine's ``RulesError`` subclasses, each with its field.
"""

from scoring.rules import VARIANTS, find_variant
from scoring.rules.bids import NAP_BIDS
from scoring.rules.cards import NO_TRUMP, parse_card, verify_in_deck
from scoring.rules.errors import InconsistentResult, NotationError, RulesError
from scoring.rules.i18n import _
from scoring.rules.scores import HandFacts
from scoring.rules.tricks import Trick

from .body import MISSING, Body, Malformed, whole_number

SECRETARY_VARIANTS = ("taiwan", "hongkong")
TRICK_VARIANTS = ("thai", "nap")


def variants() -> dict:
    return {"variants": [_describe(v) for v in VARIANTS.values()]}


def _describe(variant) -> dict:
    rules = {n: variant.rules(None, n) for n in variant.players}

    def per_count(measure):
        return {str(n): measure(n, rules[n]) for n in variant.players}

    first = rules[variant.players[0]]
    return {
        "code": variant.code,
        "name": _(variant.name),
        "description": _(variant.description),
        "players": list(variant.players),
        "deck_size": per_count(lambda n, r: len(variant.deck(n, r))),
        "hand_size": per_count(variant.hand_size),
        "blind_size": per_count(variant.blind_size),
        "tricks": per_count(variant.tricks),
        "point_cards": [
            c.code
            for c in variant.deck(variant.players[0], first)
            if c in variant.point_cards(variant.players[0], first)
        ],
        "options": [spec.as_json(variant.players) for spec in variant.Rules.specs()],
    }


# ---- shared reading ------------------------------------------------------------


def read_table(body: Body):
    variant = find_variant(body.raw("variant", required=True))
    players = variant.verify_players(body.raw("players", required=True))
    options = body.raw("options")
    rules = variant.rules(None if options is MISSING else options, players)
    return variant, players, rules


def read_trick(body: Body, variant, players: int, rules, complete: bool) -> Trick:
    number = body.integer("trick", 1, variant.tricks(players, rules))
    leader = body.seat("leader", players, default=0)
    deck = variant.deck_set(players, rules)
    plays = tuple(body.cards("plays", deck, variant.deck_name()))
    _verify_count(plays, players, complete)
    called = _called_card(body, variant, deck)
    contract = _nap_contract(body) if variant.code == "nap" else None
    trump, contract = _trump(body, variant, rules, number, contract)
    trick = Trick(
        players, number, plays, trump, leader, None, body.flag("joker_called"), called, contract
    )
    if variant.needs_lead_suit(trick):
        trick = Trick(
            players,
            number,
            plays,
            trump,
            leader,
            body.suit("lead_suit"),
            trick.joker_called,
            called,
            contract,
        )
    return trick


def _verify_count(plays, players: int, complete: bool) -> None:
    if complete and len(plays) != players:
        raise Malformed(
            _("plays must hold exactly {players} cards, one per player, not {count}.").format(
                players=players, count=len(plays)
            ),
            "plays",
        )
    if not complete and len(plays) >= players:
        raise Malformed(
            _("plays holds the cards already played, so fewer than {players}.").format(
                players=players
            ),
            "plays",
        )


def _called_card(body: Body, variant, deck):
    if variant.code not in SECRETARY_VARIANTS:
        return None
    try:
        return verify_in_deck(
            parse_card(body.raw("called_card", required=True)), deck, variant.deck_name()
        )
    except NotationError as error:
        raise error.at("called_card") from None


def _nap_contract(body: Body):
    text = body.text("contract", required=False)
    if text is None:
        return None
    try:
        return VARIANTS["nap"].ladder(None).parse(text)
    except NotationError as error:
        raise error.at("contract") from None


def _trump(body: Body, variant, rules, number: int, contract):
    """The trump as the engine takes it (None for no trump), and the contract it implies.

    Nap names its trump by the first lead, and a trumpless misère may be given as
    ``"trump": "NT"`` instead of ``"contract": "misere"``.
    """
    nap = variant.code == "nap"
    misere = NAP_BIDS["misere"]
    text = body.text("trump", required=not (nap and (number == 1 or contract is misere)))
    if text is None:
        return None, contract
    trump = text.upper()
    if trump not in variant.trump_choices(rules) or (
        nap and trump == NO_TRUMP and contract not in (None, misere)
    ):
        raise Malformed(
            _("trump must be one of {choices} here, not '{value}'.").format(
                choices=", ".join(variant.trump_choices(rules)), value=text
            ),
            "trump",
        )
    if trump == NO_TRUMP:
        return None, misere if nap else contract
    return trump, contract


# ---- the rulings ---------------------------------------------------------------


def trick(data: object) -> dict:
    body = Body(data)
    variant, players, rules = read_table(body)
    situation = read_trick(body, variant, players, rules, complete=True)
    result = variant.judge(situation, rules)
    answer = {
        "winner": result.winner,
        "card": result.card.code,
        "play_index": result.play_index,
        "reason": result.reason,
    }
    if result.toppled:
        answer["toppled"] = True
    return answer


def legal_plays(data: object) -> dict:
    body = Body(data)
    variant, players, rules = read_table(body)
    situation = read_trick(body, variant, players, rules, complete=False)
    hand = _hand(body, variant, players, rules, situation)
    context = {}
    if variant.code in SECRETARY_VARIANTS:
        context = {
            "secretary_ordered": body.flag("secretary_ordered"),
            "declarer": body.optional_seat("declarer", players),
        }
    variant.verify_trick(situation, rules)
    answer = variant.legal_plays(situation, hand, rules, **context)
    return {
        "legal": [c.code for c in answer.legal],
        "illegal": {c.code: reason for c, reason in answer.illegal.items()},
    }


def _hand(body: Body, variant, players: int, rules, situation: Trick):
    deck = variant.deck_set(players, rules)
    hand = body.cards("hand", deck, variant.deck_name(), seen=set(situation.plays))
    most = variant.tricks(players, rules) - situation.number + 1
    if not 1 <= len(hand) <= most:
        raise Malformed(
            _("hand must hold from 1 to {most} cards before trick {trick}, not {count}.").format(
                most=most, trick=situation.number, count=len(hand)
            ),
            "hand",
        )
    return hand


def auction(data: object) -> dict:
    body = Body(data)
    variant, players, rules = read_table(body)
    calls = body.array("calls")
    dealer = first = None
    if variant.code == "mighty":
        first = body.optional_seat("first", players)
    free = getattr(rules, "auction_order", None) == "free"
    if first is None and not free:
        dealer = body.seat("dealer", players)
    seats = {
        name: _seat_or_null(body, name, players) for name in variant.auction_seat_fields(rules)
    }
    state = variant.auction(players, calls, rules, dealer=dealer, first=first, **seats)
    answer = {
        "complete": state.complete,
        "next": state.next,
        "declarer": state.declarer,
        "contract": None if state.contract is None else str(state.contract),
        "redeal": state.redeal,
    }
    if not state.complete:
        answer["best"] = None if state.best is None else str(state.best)
    return answer


def _seat_or_null(body: Body, name: str, players: int) -> int | None:
    """A field that must be present, holding a seat or null (rules-house.md §8.9)."""
    body.raw(name, required=True)
    return body.optional_seat(name, players)


def score(data: object) -> dict:
    body = Body(data)
    variant, players, rules = read_table(body)
    facts = read_facts(body, variant, players, rules)
    result = variant.score(facts, rules)
    return {
        "made": result.made,
        "target": result.target,
        "declarer_points": result.declarer_points,
        "deltas": {str(seat): delta for seat, delta in enumerate(result.deltas)},
        "sum": result.total,
        "lines": list(result.lines),
    }


def read_facts(body: Body, variant, players: int, rules) -> HandFacts:
    declarer = body.seat("declarer", players)
    try:
        contract = variant.parse_contract(body.raw("contract", required=True), rules)
    except RulesError as error:
        raise error.at("contract") from None
    partner = _partner(body, variant, players)
    if variant.code in TRICK_VARIANTS:
        toppled = variant.code == "thai" and body.flag("toppled")
        tricks = None if toppled else _tricks(body, players)
        return HandFacts(players, declarer, contract, partner, tricks=tricks, toppled=toppled)
    captured, discards = _captured(body, variant, players, rules)
    points = body.raw("declarer_points")
    points = (
        None
        if points in (MISSING, None)
        else whole_number(points, "declarer_points", -(2**63), 2**63)
    )
    if captured is None and points is None:
        raise Malformed(
            _("Give the result: captured (with discards) or declarer_points."), "captured"
        )
    return HandFacts(players, declarer, contract, partner, captured, discards, points)


def _partner(body: Body, variant, players: int):
    if variant.code == "nap":
        if body.raw("partner") not in (MISSING, None):
            raise InconsistentResult(_("Nap has no partner: give partner as null."), "partner")
        return None
    return body.optional_seat("partner", players)


def _tricks(body: Body, players: int) -> dict[int, int]:
    tricks = body.by_seat("tricks", players)
    if tricks is None:
        raise Malformed(_("tricks is required: the tricks each seat took."), "tricks")
    return {seat: whole_number(n, f"tricks.{seat}", -(2**63), 2**63) for seat, n in tricks.items()}


def _captured(body: Body, variant, players: int, rules):
    by_seat = body.by_seat("captured", players)
    if by_seat is None:
        return None, ()
    deck = variant.deck_set(players, rules)
    captured = {}
    for seat, cards in by_seat.items():
        captured[seat] = tuple(_card_list(cards, f"captured.{seat}", deck, variant))
    discards = ()
    if body.has("discards"):
        discards = tuple(_card_list(body.raw("discards"), "discards", deck, variant))
    return captured, discards


def _card_list(values: object, field: str, deck, variant) -> list:
    if not isinstance(values, list):
        raise Malformed(_("{field} must be a list of card codes.").format(field=field), field)
    cards = []
    for index, text in enumerate(values):
        try:
            cards.append(verify_in_deck(parse_card(text), deck, variant.deck_name()))
        except NotationError as error:
            raise error.at(f"{field}[{index}]") from None
    return cards
