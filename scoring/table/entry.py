"""A hand's entry carried from the table it was drawn for to the table as it is now.

The hand form names players by their place at the table (``scoring.table.lineup.Place``).
When a Save is refused because the table changed, the entry is shown again on the new
table: each place it named becomes the place where that same player sits now, and a
choice naming someone no longer at the table is dropped. Nothing here is ever stored:
the person sees the result and saves it, or not.
"""

from django.http import QueryDict

from scoring import query
from scoring.table.lineup import Lineup

# Fields whose value is a place, and a field whose name carries one (tricks_<place>).
PLACE_VALUES = ("declarer", "partner", "killed", "out")
TRICKS = "tricks_"
CARD = "card_"


def drawn_ids(raw: object) -> list[int] | None:
    """The player ids a form was drawn with, in place order (``seats``), or None."""
    parts = str(raw or "").split(",")
    ids = [query.object_id(part) for part in parts]
    if not parts or any(pid is None for pid in ids):
        return None
    return [pid for pid in ids if pid is not None]


def play_set_aside(post: QueryDict, drawn: list[int] | None, now: Lineup) -> bool:
    """Whether the play a refused Save carried must be set aside: it names seats by their
    turn at the table as it was drawn, so once anyone sits elsewhere (or joins, or leaves)
    its cards would fall to other players. Unlike a choice, it is not moved seat by seat:
    who plays after whom has changed too."""
    if not post.get("play"):
        return False
    return drawn != [p.player_id for p in sorted(now.places, key=lambda p: p.number)]


def carried(post: QueryDict, drawn: list[int] | None, now: Lineup) -> QueryDict:
    """``post`` with every place moved to where its player sits in ``now`` (and the play,
    if any, set aside when the seating moved: ``play_set_aside``)."""
    data = post.copy()
    if play_set_aside(post, drawn, now):
        data.pop("play", None)
    place_now = {p.player_id: p.number for p in now.places}

    def move(value: str) -> str | None:
        place = query.whole(value, 0, 999)
        if place is None:  # "alone", "discard", "in": not a place
            return value
        if drawn is None or place >= len(drawn):
            return None
        found = place_now.get(drawn[place])
        return None if found is None else str(found)

    tricks = {}
    for name in list(data.keys()):
        if name in PLACE_VALUES or name.startswith(CARD):
            values = [v for v in map(move, data.getlist(name)) if v is not None]
            data.setlist(name, values)
        elif name.startswith(TRICKS):
            value = data.pop(name)[-1]
            moved = move(name[len(TRICKS) :])
            if moved is not None:
                tricks[TRICKS + moved] = value
    data.update(tricks)
    return data
