"""Check a whole hand: a hand record pasted in (its notation, record.md §9, or the JSON the
API takes), judged by the engine as ``POST /api/v1/record`` judges it, and drawn for people:
every trick with its winner and reason, the illegal plays and their proof, the partner, the
sides and the score; or the record's first fault, where it is in words and why.

Like the other tools it is a GET form whose query is the permalink: ``?r=`` and the record's
canonical notation (a record pasted as JSON, or spelled otherwise, is sent there).
"""

import json
import logging
from collections.abc import Callable
from typing import Any
from urllib.parse import urlencode

from django.http import QueryDict
from django.utils.translation import gettext as _

from scoring.models import GameSession
from scoring.referee.record_entry import HandEntry, game_choices
from scoring.rules import NotationError, RulesError
from scoring.table import records
from scoring.table.record_faults import Problem, problem
from scoring.table.replay import replay

log = logging.getLogger(__name__)

KEY = "r"
# Four-player Nap from record.md §9.5: Bert bids three and wins it; Dot revokes in trick 2.
EXAMPLE = "NR1.nap.4.1.three.HAH5H9H2.HKS3DKD4.HQS9H4D9.SAD7S5S8.w0"


class RecordCheck:
    """The record in the query, and what the engine makes of it."""

    def __init__(self, query: QueryDict, session: GameSession | None = None) -> None:
        self.session = session
        raw = str(query.getlist(KEY)[-1]) if KEY in query else ""
        self.text = raw.strip()[: records.MAX_NOTATION * 4]  # JSON is longer than a notation
        self.judged: records.Judged | None = None
        self.problem: Problem | None = None
        self.malformed = False  # not a record at all (the API's 400), not a rule refused
        # A hand entered in the form's fields, when no record is pasted.
        self.entry = None if KEY in query else HandEntry.from_query(query)
        if self.entry is not None:
            self._judge(self.entry.record)
        elif self.text:
            self._judge(self._data)

    def _judge(self, data: Callable[[], object]) -> None:
        try:
            self.judged = records.judge(data())
        except RulesError as error:
            self.problem = problem(error, self.names(None), self.text)
            self.malformed = isinstance(error, NotationError)
        except _Unreadable:
            self.problem = Problem("", _("This is neither a notation nor a JSON record."), "", None)
            self.malformed = True
        except Exception:  # a bug must not become a 500; the log keeps it loud
            log.exception("the referee could not judge the record %r", self.text[:200])
            self.problem = Problem("", _("This record could not be read."), "", None)

    def _data(self) -> object:
        if not self.text.startswith("{"):
            return {"notation": self.text}
        try:
            return json.loads(self.text)
        except (ValueError, RecursionError):
            raise _Unreadable from None

    def names(self, players: int | None) -> list[str]:
        """The session's players, where the record is of a table of its size."""
        if self.session is None:
            return []
        seats = self.session.seat_list
        if players is not None and len(seats) != players:
            return []
        return [seat.player.name for seat in seats]

    def pairs(self) -> list[tuple[str, str]]:
        pairs = [] if self.session is None else [("session", str(self.session.pk))]
        if self.judged is not None:
            pairs.append((KEY, self.judged.answer.notation))
        elif self.entry is not None:
            pairs += self.entry.pairs()
        elif self.text:
            pairs.append((KEY, self.text))
        return pairs

    def query(self) -> str:
        return urlencode(self.pairs(), safe=".~")

    def is_canonical(self, query: QueryDict) -> bool:
        given = [(key, value) for key, values in query.lists() for value in values]
        return given == self.pairs()

    def context(self) -> dict[str, Any]:
        entry = self.entry
        found: dict[str, Any] = {
            "check": self,
            "problem": self.problem,
            "entry": entry,
            "games": game_choices("" if entry is None else entry.game),
        }
        if self.judged is not None:
            shown = replay(self.judged, self.names(self.judged.players))
            found.update(replay=shown, notation=shown.notation)
        return found


class _Unreadable(Exception):
    """Text that starts as JSON and is not JSON."""
