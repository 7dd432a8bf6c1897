"""The play of a hand, where the file carries one: judged again by the engine.

A hand's ``record`` is the hand record of record.md in its JSON form (scoring.history.export
writes the canonical one). The engine reads it as ``POST /api/v1/record`` would: a record it
refuses is refused with its reason and where in the record the fault is; one that is not
this hand's play (another declarer, another contract, another table) is refused too. What
is stored is the canonical record, whatever spelling the file used.
"""

import logging
from typing import Any, NoReturn, Protocol

from django.utils.translation import gettext as _

from scoring.history.imports.refusal import field
from scoring.history.imports.seating import HandEntry, Where
from scoring.rules import RulesError, Variant
from scoring.rules.options import TableRules
from scoring.table import records

log = logging.getLogger(__name__)


class Checked(Protocol):
    """What these checks ask of the session being read, at the hand's count
    (``rescore.Table``)."""

    variant: Variant[Any]
    rules: TableRules | None
    players: int

    def fail(self, problem: str, where: Where | None = None) -> NoReturn: ...


def checked(hand: HandEntry, table: Checked, where: Where) -> dict[str, Any] | None:
    """The hand's canonical record, or None where it has none; refuses the file for a
    record the engine refuses or that is not this hand's play."""
    given = hand.get("record")
    if given is None:
        return None
    judged = _judged(given, table, where)
    problem = records.disagreement(judged, _entry(hand, table))
    if problem is not None:
        table.fail(_("{field}: {problem}").format(field=field("record"), problem=problem), where)
    return judged.canonical


def _judged(given: object, table: Checked, where: Where) -> records.Judged:
    try:
        return records.judge(given)
    except RulesError as error:
        path = f"record.{error.field}" if error.field else "record"
        table.fail(
            _("{field}, at {path}: {problem}").format(
                field=field("record"), path=path, problem=error.message
            ),
            where,
        )
    except Exception:  # a bug must not become a 500; the log keeps it loud
        log.exception("a hand record of an import could not be judged")
        table.fail(_("{field} cannot be read.").format(field=field("record")), where)


def _entry(hand: HandEntry, table: Checked) -> records.Entry:
    return records.Entry(
        table.variant.code,
        table.players,
        table.rules,
        hand["status"] == "passed",
        hand["declarer"],
        hand["contract"],
        hand["called_card"],
        hand["partner"],
        hand.get("sitting_out"),
    )
