"""Who played each hand of a league file (issue 16): a hand's own ``players`` (names, in
seat order) where its table was not simply the session's seats, who sat it out
(``sat_out``: [[place at the table, name], …]) and the seat killed in six-player Mighty
(``sitting_out``). Checked here for scoring.history.imports, which writes them back."""

from django.utils.translation import gettext as _

FIELDS = ("players", "sat_out", "sitting_out")


def hand_fields(hand, required) -> tuple:
    """The fields a hand may have: those it must, and whichever of ours it names."""
    extra = [name for name in FIELDS if isinstance(hand, dict) and name in hand]
    return (*required, *extra)


def hand_names(c, hand, seats, known, variant) -> list[str]:
    """The names of those who played the hand, in seat order, checked."""
    if "players" not in hand:
        names = seats
    else:
        names = c.array(hand["players"], _("its players"), 10)
        for name in names:
            c.text(name, _("a player"), 40)
            if name not in known:
                c.fail(_("{name} plays it but is not in the list of players.").format(name=name))
        if len(set(names)) != len(names):
            c.fail(_("a player plays it twice."))
        if not variant.can_seat(len(names)):
            c.fail(
                _("{game} is played by {counts} players, not {count}.").format(
                    game=_(variant.name), counts=variant.player_counts, count=len(names)
                )
            )
    for item in c.array(hand.get("sat_out", []), _("who sat it out"), 10):
        if not (isinstance(item, list) and len(item) == 2 and item[1] in known):
            c.fail(_("who sat it out must be listed as [place, name]."))
        c.integer(item[0], _("a place at the table"), 0, 20)
        if item[1] in names:
            c.fail(_("{name} both plays it and sits it out.").format(name=item[1]))
    if hand.get("sitting_out") is not None:
        c.integer(hand["sitting_out"], _("the seat killed"), 0, len(names) - 1)
    return list(names)


def seats_beyond(entry) -> dict[str, tuple[int, int, int]]:
    """{name: (place, first hand, last hand)} of those who played or sat out a hand of the
    session without being in its seats: they sat at the table for those hands."""
    found = {}
    for hand in entry["hands"]:
        everyone = [(place, name) for place, name in enumerate(hand.get("players") or ())]
        everyone += [(place, name) for place, name in hand.get("sat_out") or ()]
        for place, name in everyone:
            if name in entry["seats"]:
                continue
            first = found.get(name, (place, hand["number"], hand["number"]))
            found[name] = (first[0], first[1], hand["number"])
    return found


def session_fields(session, required) -> tuple:
    extra = ["stake_changes"] if isinstance(session, dict) and "stake_changes" in session else []
    return (*required, *extra)


def stake_changes(c, session, pattern) -> list:
    """The stakes changed from a later hand on: [[hand number, "0.50" or null], …]."""
    found = c.array(session.get("stake_changes", []), _("its stake changes"), 100)
    for item in found:
        ok = isinstance(item, list) and len(item) == 2
        if ok and isinstance(item[0], int) and not isinstance(item[0], bool) and item[0] >= 2:
            if item[1] is None or (isinstance(item[1], str) and pattern.fullmatch(item[1])):
                continue
        c.fail(_("its stake changes must be listed as [hand, stake], from hand 2 on."))
    return found
