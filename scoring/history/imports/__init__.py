"""Reading a league file (scoring.history.export) back into an empty league.

Nothing is written until the whole file has been read and checked (``.prepare``, in a
thread of lower priority, a piece of the file at a time): its JSON (``.stream``), every
field against the declared specs (``.schema``: types, sizes, ranges, names as the forms
take them), each session against its game and every hand scored again by the engine
(``.rescore``). The first problem is refused in words that say where it is in the file
(``.refusal``), and nothing changes. Then ``.write`` writes it all in short transactions,
and the league appears at once, whole, in the last of them. On SQLite one import reads
and writes at a time; another is refused meanwhile (``.write.turn``).
"""

import io

from django.conf import settings
from django.utils.translation import gettext as _

from scoring.history.imports import prepare, write
from scoring.history.imports.refusal import ImportRefused
from scoring.history.imports.stream import Readable
from scoring.models import League

MAX_BYTES = settings.HISTORY_IMPORT_MAX_BYTES

__all__ = ["MAX_BYTES", "ImportRefused", "import_league"]


def import_league(league: League, file: Readable | bytes | bytearray) -> dict[str, int]:
    """Check the league file ``file`` (open for binary reading, or bytes) and write it
    into ``league``, which must be empty. Returns counts; raises ``ImportRefused`` with
    nothing saved."""
    if isinstance(file, bytes | bytearray):
        file = io.BytesIO(file)
    if league.sessions.exists() or league.players.exists():
        raise ImportRefused(
            _("This league already has players or sessions: import into an empty league.")
        )
    with write.turn():  # one import at a time where a write locks the whole database
        prepared = prepare.in_background(prepare.prepare, file)
        try:
            return write.write(league, prepared)
        finally:
            prepared.close()
