"""The play being tapped at the table, judged: the hand form's bid (declarer, contract, called
card, who sits out) and the draft's tricks (``scoring.table.play``) made into a record
(record.md §1) and judged by the engine through ``scoring.table.records``.

Nothing here rules on a card: a tap the engine refuses is not kept, and its refusal is shown
with the players' names. A lead that must name a suit (a joker, Taiwan's secretary card) is
asked for its suit first.
"""

from dataclasses import dataclass, replace
from typing import Any

from django.http import QueryDict
from django.utils.translation import gettext as _

from scoring.rules import Card, RulesError
from scoring.rulings import PageWords
from scoring.table import play, records
from scoring.table.form import ALONE, HandForm
from scoring.table.lineup import Place


@dataclass(frozen=True)
class Header:
    """What the form says about the hand the play is of, in the engine's seats."""

    fields: dict[str, Any]  # the record's header (record.md §1), as JSON
    playing: tuple[Place, ...]  # those dealt in, by seat
    partner: int | None  # the partner the form names (a seat), when it names one
    alone: bool  # the form says the declarer played alone
    live: int  # L: the plays of a trick
    deck: tuple[Card, ...]  # deck order
    points: frozenset[str]  # the codes of the point cards (none in Thai and Nap)

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(place.name for place in self.playing)


BID_FIELDS = (
    "out",
    "declarer",
    "level",
    "trump",
    "nap_bid",
    "called_suit",
    "called_rank",
    "killed",
)


class BidForm(HandForm):
    """The hand form read for its bid only: the result is the record's to give."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["key"].required = False  # a tap stores nothing

    def clean(self) -> dict[str, Any]:
        data = self.cleaned_data
        if any(name in self.errors for name in BID_FIELDS):
            return data
        try:
            self.out_places = self._out(data)
            self.seat = self.lineup.seat_of(self.out_places)
            self.contract = self._contract(data)
            data["called_card"] = self._called_card(data)
            data["declarer_seat"] = self._playing(data["declarer"], "declarer")
            data["killed_seat"] = self._killed_place(data)
        except RulesError as error:
            self._add_rules_error(error)
        return data

    def _killed_place(self, data: dict[str, Any]) -> int | None:
        if "killed" not in self.fields or data.get("killed") is None:
            return None
        return self._playing(data["killed"], "killed")


def header_of(form: BidForm) -> Header | None:
    """The record's header from a bound ``BidForm``; None until the bid is chosen."""
    form.is_valid()  # a result typed wrong does not stop the play being recorded
    if form.contract is None or any(name in form.errors for name in (*BID_FIELDS, "__all__")):
        return None
    data = form.cleaned_data
    fields: dict[str, Any] = {
        "variant": form.variant.code,
        "players": form.n,
        "options": form.rules.api_json(),  # the ruling API's: a table's own left out
        "declarer": data["declarer_seat"],
        "contract": str(form.contract),
    }
    if data["called_card"]:
        fields["called_card"] = data["called_card"]
    live = form.n
    if data.get("killed_seat") is not None:
        fields["sitting_out"] = data["killed_seat"]
        live -= 1
    partner, alone = _partner(form, data)
    playing = tuple(form.playing())
    deck = form.variant.deck(form.n, form.rules)
    points = frozenset(card.code for card in form.point_card_list())
    return Header(fields, playing, partner, alone, live, deck, points)


def _partner(form: BidForm, data: dict[str, Any]) -> tuple[int | None, bool]:
    chosen = data.get("partner")
    if not chosen or not form.variant.has_partner:
        return None, False
    if chosen == ALONE or int(chosen) == data["declarer"]:
        return None, True
    seat = form.seat.get(int(chosen))
    return seat, False


def record_of(header: Header, draft: play.Draft, partner: bool = False) -> dict[str, Any]:
    """The record (record.md §1) of the draft, ``partner`` as the form names it when asked."""
    record = {**header.fields, "tricks": play.judged_tricks(draft, header.live)}
    if draft.rest is not None:
        record["rest"] = draft.rest
    if partner and (header.partner is not None or header.alone):
        record["partner"] = header.partner
    return record


def judge(header: Header, draft: play.Draft) -> records.Judged:
    """The draft judged: the partner as the record shows it, else as the form names it."""
    judged = records.judge(record_of(header, draft))
    if not judged.answer.partner.known and (header.partner is not None or header.alone):
        judged = records.judge(record_of(header, draft, partner=True))
    return judged


@dataclass
class Tapped:
    """A tap judged: the draft to show, its judgment, and what to tell the table."""

    draft: play.Draft
    judged: records.Judged | None
    problem: str = ""


def tap(header: Header, draft: play.Draft, move: play.Tap) -> Tapped:
    """``move`` applied to ``draft`` and judged; a tap the engine refuses is not kept."""
    after = play.apply(draft, move, header.live, header.points)
    try:
        return Tapped(after, judge(header, after))
    except RulesError as error:
        field = error.field
        if move.action == "card" and field.endswith(".lead_suit") and not move.suit:
            return Tapped(replace(draft, asked=move.value), _quiet(header, draft))
        return Tapped(draft, _quiet(header, draft), error.render(PageWords(header.names)))


def calls(header: Header, draft: play.Draft) -> list[tuple[str, bool]]:
    """The calls the trick being played may carry, each with whether it was made: those the
    engine takes for this trick (a joker call only after the card that makes it is led)."""
    if not play.in_progress(draft, header.live):
        return []
    found = []
    for flag in play.FLAGS:
        made = draft.tricks[-1].get(flag) is True
        if made:
            found.append((flag, True))
            continue
        try:
            judge(header, play.flagged(draft, flag, header.live))
        except RulesError:
            continue
        found.append((flag, False))
    return found


def _quiet(header: Header, draft: play.Draft) -> records.Judged | None:
    """The draft as it was, judged again to be shown (None if even that is refused)."""
    try:
        return judge(header, draft)
    except RulesError:
        return None


def posted(post: QueryDict) -> play.Draft:
    """The draft a form posted (an unreadable one is refused: ``play.Unreadable``)."""
    return play.read(post.get("play"))


def not_ready_text() -> str:
    return _("Choose the declarer and the contract first; then tap the cards as they fall.")
