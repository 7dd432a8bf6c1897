"""A Save whose form carries the play (``scoring.table.play``): the hand's result is the
record's. The form's result fields are filled from the engine's answer (each point card under
the seat that won it, or each seat's tricks), so the hand is stored and scored as any entry;
a result the table also typed must agree with the record, else the Save is refused with the
difference and the entry kept.
"""

from dataclasses import dataclass
from typing import Any

from django.http import QueryDict
from django.utils.translation import gettext as _

from scoring.models import Hand
from scoring.rules import RulesError
from scoring.rulings import PageWords
from scoring.table import play, records
from scoring.table.form import ALONE, DISCARD, HandForm
from scoring.table.lineup import Lineup
from scoring.table.play_panel import Panel, empty_panel, panel
from scoring.table.playing import BidForm, Header, Tapped, header_of, judge, posted
from scoring.table.replay import replay

RESULT_PREFIXES = ("card_", "tricks_")
RESULT_FIELDS = ("points", "grid_side", "toppled", "mode")


@dataclass
class Recorded:
    """What a Save with a play comes to: a form to store (``form`` valid), or why not."""

    shown: HandForm  # the form to store, or the entry as the table sent it
    panel: Panel
    judged: records.Judged | None = None
    problem: str = ""


def saved_play(session: Any, post: QueryDict, lineup: Lineup) -> Recorded | None:
    """The Save's entry from the play it carries; None when it carries none."""
    try:
        draft = posted(post)
    except play.Unreadable:
        draft = play.Draft()
    if not draft.tricks and draft.rest is None:
        return None
    counts = session.engine.counts_tricks
    bid = BidForm(session, post, lineup=lineup)
    header = header_of(bid)
    if header is None:
        return Recorded(bid, empty_panel(draft, counts), problem=_("Choose the bid first."))
    try:
        judged = judge(header, draft)
    except RulesError as error:
        problem = error.render(PageWords(header.names))
        return Recorded(bid, panel(header, Tapped(draft, None), counts), problem=problem)
    shown = panel(header, Tapped(draft, judged), counts)
    return _result(session, post, lineup, bid, header, draft, judged, shown)


def _result(
    session: Any,
    post: QueryDict,
    lineup: Lineup,
    bid: BidForm,
    header: Header,
    draft: play.Draft,
    judged: records.Judged,
    shown: Panel,
) -> Recorded:
    answer = judged.answer
    if not answer.complete or play.open_trick(draft, header.live) is not None:
        waiting = replay(judged, header.names).outcome.waiting
        text = _("%(why)s Finish the play, or claim the rest, to save it.")
        return Recorded(bid, shown, judged, text % {"why": waiting})
    if answer.facts is None or answer.score is None:
        text = _("Choose who held the called card, or alone: the play does not show it yet.")
        return Recorded(bid, shown, judged, text)
    partner = _partner_differs(header, judged)
    if partner:
        return Recorded(bid, shown, judged, partner)
    form = HandForm(session, filled(post, header, judged), lineup=lineup)
    if not form.is_valid():
        return Recorded(form, shown, judged, _("The play recorded cannot be saved as it is."))
    difference = _difference(session, post, lineup, form)
    if difference:
        return Recorded(bid, shown, judged, difference)
    return Recorded(form, shown, judged)


def _partner_differs(header: Header, judged: records.Judged) -> str:
    """The partner the form names against the one the play shows, as a sentence ("" when they
    agree, or when the form names none, or the play shows it only as the form named it)."""
    shown = judged.answer.partner
    typed = header.partner is not None or header.alone
    if not typed or not shown.known or shown.by in ("given", "no_partner"):
        return ""
    seat = None if shown.alone else shown.seat
    if seat == header.partner:
        return ""
    alone = judged.table.variant.term("alone_label")  # the game's own word (副官なし, 노프렌드)
    return _(
        "The play shows the partner as %(play)s, the entry as %(typed)s. Correct one of them."
    ) % {
        "play": alone if seat is None else header.names[seat],
        "typed": alone if header.partner is None else header.names[header.partner],
    }


def filled(post: QueryDict, header: Header, judged: records.Judged) -> QueryDict:
    """``post`` with its result (and its partner) as the record gives them."""
    facts = judged.answer.facts
    if facts is None:
        raise ValueError("only a scored record fills a result")
    data = post.copy()
    for name in list(data.keys()):
        if name.startswith(RESULT_PREFIXES) or name in RESULT_FIELDS:
            del data[name]
    place = {seat: p.number for seat, p in enumerate(header.playing)}
    if judged.table.variant.has_partner:
        data["partner"] = ALONE if facts.alone else str(place[facts.partner or 0])
    if facts.captured is not None:
        data["mode"] = Hand.CARDS
        for seat, cards in facts.captured.items():
            for card in cards:
                data[f"card_{card.code}"] = str(place[seat])
        for card in facts.discards:
            data[f"card_{card.code}"] = DISCARD
    elif facts.toppled:
        data["mode"], data["toppled"] = Hand.TRICKS, "on"
    else:
        data["mode"] = Hand.TRICKS
        for seat, count in (facts.tricks or {}).items():
            data[f"tricks_{place[seat]}"] = str(count)
    return data


def typed(post: QueryDict) -> bool:
    """Whether the table also typed a result (a chip tapped, a card placed, tricks counted)."""
    mode = post.get("mode") or "count"
    if mode == Hand.COUNT:
        return bool(post.get("points"))
    if post.get("toppled"):
        return True
    values = [v for k, v in post.items() if k.startswith(RESULT_PREFIXES)]
    return any(v and v != "0" for v in values)


def _difference(session: Any, post: QueryDict, lineup: Lineup, form: HandForm) -> str:
    """The typed result against the record's, as a sentence; "" when they agree."""
    if not typed(post):
        return ""
    data = post.copy()
    data["partner"] = form.data["partner"] if "partner" in form.data else ""
    entered = HandForm(session, data, lineup=lineup)
    if not entered.is_valid() or entered.score is None or form.score is None:
        mine = "; ".join(str(e) for errors in entered.errors.values() for e in errors)
        return _("The result entered cannot be read (%(why)s); clear it to save the play.") % {
            "why": mine
        }
    same = entered.score.declarer_points == form.score.declarer_points
    if same and entered.score.made == form.score.made and _same_tricks(entered, form):
        return ""
    return _(
        "The play recorded and the result entered disagree: the play gives %(play)s, "
        "the result entered %(typed)s. Correct one of them, or clear the result."
    ) % {"play": _line(form), "typed": _line(entered)}


def _same_tricks(entered: HandForm, form: HandForm) -> bool:
    """Where tricks were entered by player, each player's count matters (a Thai betrayal)."""
    if entered.facts is None or entered.facts.tricks is None or form.facts is None:
        return True
    return entered.facts.tricks == form.facts.tricks


def _line(form: HandForm) -> str:
    return form.result_line() or str(form.score.declarer_points if form.score else "")
