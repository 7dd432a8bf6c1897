"""A hand's record (record.md) as the table keeps it: judged by the engine through the
rulings facade, stored in its canonical JSON form, and checked against the hand it is of.

The engine answers with the canonical notation (§9.4); the JSON it stands for, read back
from it, is the canonical record: what ``Hand.record`` holds, what an export writes and an
import stores again (so a round trip gives the same file), whatever spelling came in.

A record belongs to its hand: the same game, table and house rules, the same declarer,
contract, seat sitting out, called card and partner (where the record shows them). An edit
that changes one of those drops the record (``keep_or_drop``); an import refuses a record
that does not match its hand (``disagreement``).
"""

import logging
from dataclasses import dataclass
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import pgettext

from scoring import rulings
from scoring.models import Hand
from scoring.rules import RulesError
from scoring.rules.options import TableRules
from scoring.rules.record import RecordAnswer, read_notation

log = logging.getLogger(__name__)

# The longest notation a link may carry: a whole hand with every seat's cards, an auction
# and the house rules is well under 1,000 characters.
MAX_NOTATION = 2000


@dataclass(frozen=True)
class Judged:
    """A record and the engine's answer to it, at its own table."""

    table: rulings.Table
    answer: RecordAnswer

    @property
    def canonical(self) -> dict[str, Any]:
        """The canonical record as JSON (record.md §9.4): what a hand stores."""
        return read_notation(self.answer.notation)

    @property
    def players(self) -> int:
        return self.table.players


def judge(data: object) -> Judged:
    """The record (the API's JSON request, or ``{"notation": …}``) judged by the engine;
    raises its first fault as a ``RulesError`` (with its field path)."""
    fields = rulings.record_fields(data)
    table = rulings.read_table(fields)
    question = rulings.read_record_question(fields, table)
    return Judged(table, rulings.record(question))


def judge_notation(text: str) -> Judged:
    return judge({"notation": text})


def stored(hand: Hand) -> Judged | None:
    """The hand's record judged, or None where it has none. A stored record was judged when
    it was kept; one the engine refuses now (a rule changed since) is logged and not shown."""
    if hand.record is None:
        return None
    try:
        return judge(hand.record)
    except Exception:  # the page says the play cannot be shown; the log keeps it loud
        log.exception("the record of hand %s (session %s) is refused", hand.pk, hand.session_id)
        return None


# ---- the record and its hand ---------------------------------------------------------------


@dataclass(frozen=True)
class Entry:
    """What a hand's own fields say about its play, to compare with its record."""

    variant: str
    players: int
    rules: TableRules | None  # None where the session's rules do not hold at this count
    passed: bool
    declarer: int | None
    contract: str
    called_card: str
    partner: int | None  # None: alone (the declarer's own seat is read so too)
    sitting_out: int | None


def entry_of(hand: Hand) -> Entry:
    try:
        rules: TableRules | None = hand.rules()
    except RulesError:
        rules = None
    return Entry(
        hand.session.variant,
        hand.players,
        rules,
        not hand.played,  # passed out, or a deal miss: no play
        hand.declarer,
        hand.contract,
        hand.called_card,
        hand.partner,
        hand.sitting_out,
    )


def disagreement(judged: Judged, entry: Entry) -> str | None:
    """What the record says that its hand does not, as a sentence; None when it is this
    hand's play."""
    answer, table = judged.answer, judged.table
    if entry.passed:
        return _("it was passed out, so it has no play to record.")
    if answer.variant != entry.variant:
        return _("the record is of another game ({game}).").format(game=_(table.variant.name))
    if answer.players != entry.players:
        return _("the record is of a hand of {count} players, not {players}.").format(
            count=answer.players, players=entry.players
        )
    # The rulings' rules: what a table keeps for itself (a deal-miss penalty) is no record's.
    if entry.rules is None or table.rules.api_json() != entry.rules.api_json():
        return _("the record's house rules are not the session's.")
    return _seats_disagree(judged, entry) or _cards_disagree(judged, entry)


def _seats_disagree(judged: Judged, entry: Entry) -> str | None:
    answer = judged.answer
    record = judged.canonical
    if answer.declarer != entry.declarer:
        return _("the record's declarer is seat {record}, not seat {hand}.").format(
            record=answer.declarer, hand=entry.declarer
        )
    if not _same_contract(judged, entry.contract):
        return _("the record's contract is {record}, not {hand}.").format(
            record=answer.contract, hand=entry.contract or "—"
        )
    if record.get("sitting_out") != entry.sitting_out:
        return _("the record's seat sitting out is {record}, not {hand}.").format(
            record=_seat_text(record.get("sitting_out")), hand=_seat_text(entry.sitting_out)
        )
    return None


def _cards_disagree(judged: Judged, entry: Entry) -> str | None:
    answer = judged.answer
    called = answer.called_card
    if called is not None and called.code != entry.called_card:
        return _("the record's called card is {record}, not {hand}.").format(
            record=called.code, hand=entry.called_card or "—"
        )
    partner = answer.partner
    if partner.known and answer.partner.alone is not None:
        shown = None if partner.alone else partner.seat
        kept = None if entry.partner == entry.declarer else entry.partner
        if shown != kept:
            return _("the record shows the partner as {record}, not {hand}.").format(
                record=_seat_text(shown, alone=True), hand=_seat_text(kept, alone=True)
            )
    return None


def _same_contract(judged: Judged, text: str) -> bool:
    variant, rules = judged.table.variant, judged.table.rules
    try:
        return bool(variant.parse_contract(text, rules) == judged.answer.contract)
    except RulesError:
        return False


def _seat_text(seat: int | None, alone: bool = False) -> str:
    if seat is None:
        return _("alone") if alone else pgettext("no seat", "none")
    return _("seat {seat}").format(seat=seat)


def keep_or_drop(hand: Hand) -> None:
    """After an edit: the hand keeps its record only while the record is still its play
    (a result changed, say for a revoke punished, keeps it; another declarer drops it)."""
    if hand.record is None:
        return
    judged = stored(hand)
    if judged is None or disagreement(judged, entry_of(hand)) is not None:
        hand.record = None


# ---- a hand's entry from its record --------------------------------------------------------


def hand_values(judged: Judged) -> dict[str, Any]:
    """The ``Hand`` fields of a complete record whose partner is known: its entry, scored
    as the record scores it (by the cards where the game counts point cards, else by the
    tricks), with the record itself. Raises ``ValueError`` for a record not yet scored."""
    answer = judged.answer
    facts, score = answer.facts, answer.score
    if facts is None or score is None:
        raise ValueError("only a complete record whose partner is known is scored")
    captured = facts.captured is not None
    return {
        "status": Hand.PLAYED,
        "sitting_out": facts.sitting_out,
        "declarer": facts.declarer,
        "contract": str(answer.contract),
        "called_card": "" if answer.called_card is None else answer.called_card.code,
        "partner": None if facts.alone else facts.partner,
        "mode": Hand.CARDS if captured else Hand.TRICKS,
        "declarer_points": score.declarer_points if captured else None,
        **Hand.scored_values(facts, score),
        "record": judged.canonical,
    }
