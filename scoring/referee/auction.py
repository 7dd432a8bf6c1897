"""Is this bid allowed? The calls so far, who calls next, and which calls are allowed now."""

import logging
from dataclasses import dataclass
from typing import Any

from django.http import QueryDict
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django_stubs_ext import StrPromise

from scoring import rulings
from scoring.models import GameSession
from scoring.referee.calls import Walk, walk
from scoring.referee.display import bid_view, call_view, join_codes, ladder_rows, split_codes
from scoring.referee.situation import Situation, ask
from scoring.rules.auction import AuctionState
from scoring.rules.bids import DEAL_MISS, Ladder
from scoring.rules.errors import RulesError
from scoring.rulings import ask as question

log = logging.getLogger(__name__)

# ---- is this bid allowed ---------------------------------------------------------

MAX_CALL = 12  # characters of a tapped call read (the longest is shorter)
NONE = "-"  # a seat field answered "nobody" (the first hand: no napoleon last hand)


@dataclass(frozen=True)
class SeatField:
    """A seat the house rules may ask of an auction (``variant.auction_seat_fields``)."""

    key: str  # the query's short key
    legend: StrPromise
    none: StrPromise  # what "nobody" means for it
    prompt: StrPromise
    opens: StrPromise  # when everyone passed and this seat must open (%(name)s)


SEAT_FIELDS = {
    "previous_napoleon": SeatField(
        "pn",
        gettext_lazy("Last hand's napoleon (opens the bidding when everyone passes)"),
        gettext_lazy("none (first hand)"),
        gettext_lazy("Who was last hand's napoleon? Pick “none” on the first hand."),
        gettext_lazy("Everyone passed, so %(name)s, last hand's napoleon, must open with a bid."),
    ),
    "previous_adjutant": SeatField(
        "pa",
        gettext_lazy("Last hand's adjutant (opens the bidding when everyone passes)"),
        gettext_lazy("none (first hand, or no adjutant)"),
        gettext_lazy("Who was last hand's adjutant? Pick “none” if there was none."),
        gettext_lazy("Everyone passed, so %(name)s, last hand's adjutant, must open with a bid."),
    ),
}
SEAT_KEYS = tuple(field.key for field in SEAT_FIELDS.values())


class AuctionTool(Situation):
    tool = "auction"
    # "x": a call tapped and refused, kept in the permalink so that it shows the refusal.
    keys = ("d", "f", *SEAT_KEYS, "c", "x")
    ui_keys = ("cs",)
    fields = {
        "variant": "v",
        "players": "n",
        "calls": "c",
        "dealer": "d",
        "first": "f",
        **{name: field.key for name, field in SEAT_FIELDS.items()},
    }
    prompts = {
        **{field.key: field.prompt for field in SEAT_FIELDS.values()},
        "d": gettext_lazy("Who dealt?"),
        "f": gettext_lazy(
            "Who calls first? The dealer on the first hand, later the last declarer."
        ),
        "cs": gettext_lazy("Pick who is calling, then tap the call."),
    }

    refused: str | None = (
        None  # the call just tapped that the rules do not allow (its reason: errors["why"])
    )

    def __init__(self, query: QueryDict, session: GameSession | None = None) -> None:
        super().__init__(query, session)
        asked = {SEAT_FIELDS[name].key for name in self.seat_field_names if name in SEAT_FIELDS}
        for key in SEAT_KEYS:
            if key not in asked:
                self.values.pop(key, None)  # only the seats these house rules ask for

    @property
    def seat_field_names(self) -> tuple[str, ...]:
        """The seats the house rules ask of this auction (``previous_napoleon``)."""
        if self.variant is None or self.rules is None:
            return ()
        return tuple(self.variant.auction_seat_fields(self.rules))

    def seat_field_value(self, name: str) -> int | None:
        """A seat the house rules ask for, as the page has it (none when not known)."""
        key = SEAT_FIELDS[name].key if name in SEAT_FIELDS else None
        if key is None or self.values.get(key, NONE) == NONE:
            return None
        return self.integer(key)

    def seat_fields(self) -> list[dict[str, Any]]:
        """The chips of each seat the house rules ask for, with "none" last."""
        fields: list[dict[str, Any]] = []
        for name in self.seat_field_names:
            if name not in SEAT_FIELDS:
                continue
            field = SEAT_FIELDS[name]
            choices = self.seat_choices(field.key)
            chosen = self.values.get(field.key) == NONE
            choices.append({"value": NONE, "label": field.none, "checked": chosen})
            fields.append(
                {
                    "key": field.key,
                    "legend": field.legend,
                    "choices": choices,
                    "error": self.errors.get(field.key),
                }
            )
        return fields

    @property
    def deal_miss_on(self) -> bool:
        """Whether a player may call a deal miss under these house rules."""
        return (
            self.variant is not None
            and self.rules is not None
            and (self.variant.deal_miss_on(self.rules))
        )

    @property
    def free(self) -> bool:
        return (
            self.variant is not None
            and self.rules is not None
            and getattr(self.rules, "auction_order", None) == "free"
        )

    @property
    def first_named(self) -> bool:
        """The table names who calls first (the last declarer), not the dealer."""
        return self.can("first_caller_named")

    @property
    def tokens(self) -> list[str]:
        return split_codes(self.values.get("c"))

    def apply_action(self) -> None:
        tried = self.values.pop("x", None)
        if self.action is None:
            if tried is not None:
                self._refused(tried[:MAX_CALL])  # the permalink of a refusal shows it again
            return
        name, value = self.action
        if name == "add":
            self._add(value.strip()[:MAX_CALL])
        elif name == "undo":
            self.set("c", join_codes(self._without_forced(self.tokens)[:-1]))
        elif name == "clear":
            self.set("c", None)

    def _add(self, call: str) -> None:
        """Add a tapped call if the rules allow it, else say why next to the ladder; then pass
        for whoever must pass (they passed already, and a pass is final)."""
        if call.lower() == "pass":
            call = "p"
        if self.free:
            caller = self.values.get("cs", "")
            if not caller.isascii() or not caller.isdigit():
                self.fail("cs", str(self.prompts["cs"]))
                return
            call = f"{caller}:{call}"
        if self._refused(call):
            return
        tokens = [*self.tokens, call]
        for _seat in range(self.table_players):
            walked = self.walked(tokens)
            if walked is None or not walked.forced_next:
                break
            tokens.append("p")
        self.set("c", join_codes(tokens))

    def _refused(self, call: str) -> bool:
        """Whether the rules refuse ``call`` after the calls so far: then the page says why
        and keeps the call (``x``) for the permalink."""
        if not self._readable_table():
            return False
        try:
            rulings.auction(self.question([*self.tokens, call]))
        except RulesError as error:
            self.refused = call.rpartition(":")[2]
            self.fail("why", self.readable(error))
            self.set("x", call)
            return True
        return False

    def _readable_table(self) -> bool:
        """Whether the calls so far can be ruled on, so a new call can be judged on its own."""
        if not self.ready:
            return False
        try:
            rulings.auction(self.question(self.tokens))
        except RulesError:
            return False
        return True

    def walked(self, tokens: list[str] | None = None) -> Walk | None:
        if self.free or not self.ready or self.variant is None:
            return None
        dealer, first = self.integer("d"), self.integer("f") if self.first_named else None
        calls = [self._call(t) for t in (self.tokens if tokens is None else tokens)]
        seats = {name: self.seat_field_value(name) for name in self.seat_field_names}
        return walk(self.variant, self.table_players, self.rules, dealer, first, calls, seats)

    def _without_forced(self, tokens: list[str]) -> list[str]:
        """The calls without the passes the tool made at their end (an undo takes them too)."""
        walked = self.walked(tokens)
        if walked is None:
            return tokens
        kept = list(tokens)
        for called in reversed(walked.calls[: len(kept)]):
            if not called.forced:
                break
            kept.pop()
        return kept

    def _call(self, token: str) -> str | dict[str, object]:
        if self.free:
            seat, colon, call = token.partition(":")
            if colon and seat.isascii() and seat.isdigit() and len(seat) < 4:
                return {"seat": int(seat), "call": "pass" if call.lower() == "p" else call}
            return token
        return "pass" if token.lower() == "p" else token

    def question(self, tokens: list[str]) -> rulings.AuctionQuestion:
        """The auction as entered; a seat the house rules ask about that the page does not
        (``previous_napoleon``) is not known, so it is none."""
        first = self.integer("f") if self.first_named else None
        seats = {name: self.seat_field_value(name) for name in self.seat_field_names}
        return question.auction_question(
            self.table(),
            calls=[self._call(t) for t in tokens],
            dealer=self.integer("d"),
            first=first,
            seats=seats,
        )

    def _first_caller(self) -> int | None:
        dealer, first = self.integer("d"), self.integer("f")
        if self.free or (dealer is None and (first is None or not self.first_named)):
            return None
        if self.variant is None:
            return None
        try:
            plan = self.variant.auction_plan(
                self.table_players, self.rules, dealer, first if self.first_named else None
            )
        except (RulesError, TypeError):
            return None
        return plan.first if 0 <= plan.first < self.table_players else None

    def ruling(self) -> dict[str, Any] | None:
        if not self.ready:
            return None
        need = "f" if self.first_named else "d"
        if not self.free and need not in self.values and "d" not in self.values:
            self.errors.setdefault(need, str(self.prompts[need]))
            return None
        unknown = [f["key"] for f in self.seat_fields() if f["key"] not in self.values]
        for key in unknown:
            self.errors.setdefault(key, str(self.prompts[key]))
        if unknown:
            return None
        tokens = self.tokens
        state = ask(self, lambda: rulings.auction(self.question(tokens)))
        bad = self.error_index.get("c")
        if state is None and bad is not None:
            state = ask(self, lambda: rulings.auction(self.question(tokens[:bad])))
        if state is None:
            return None
        return {
            "complete": state.complete,
            "next": state.next,
            "declarer": state.declarer,
            "redeal": state.redeal,
            "deal_miss": state.deal_miss,
            "next_name": None if state.next is None else self.seat_name(state.next),
            "declarer_name": None if state.declarer is None else self.seat_name(state.declarer),
            "deal_miss_name": None if state.deal_miss is None else self.seat_name(state.deal_miss),
            "opener": self._opener(state),
            "starter": self._starter(state, tokens),
            "contract_view": None if state.contract is None else bid_view(state.contract),
            "best_view": None if state.complete or state.best is None else bid_view(state.best),
            "bad_index": bad,
        }

    def _starter(self, state: AuctionState, tokens: list[str]) -> bool:
        """Everyone passed and ``all_pass: starter_12S`` made the first caller declare."""
        if not state.complete or state.declarer is None:
            return False
        passed = all(token.lower() == "p" for token in tokens)
        return passed and getattr(self.rules, "all_pass", None) == "starter_12S"

    def _opener(self, state: AuctionState) -> str | None:
        """Who must open now that everyone passed (a seat the house rules name), said so."""
        if state.complete or state.best is not None or state.round < 2 or state.next is None:
            return None
        for name in self.seat_field_names:
            if name in SEAT_FIELDS and self.seat_field_value(name) == state.next:
                return str(SEAT_FIELDS[name].opens) % {"name": self.seat_name(state.next)}
        return None

    def ladder_codes(self) -> list[str]:
        if self.variant is None:
            return []
        ladder = self.variant.ladder(self.rules)
        low = None
        if getattr(self.rules, "all_pass", None) == "min_12":
            low = min(12, getattr(self.rules, "min_bid", 12))  # the second round's minimum
        return ladder.ladder(low)

    def candidates(self, state: dict[str, Any] | None) -> dict[str, str]:
        """Each call the next caller could make → "" when legal, else the engine's reason."""
        if state is None or state["complete"] or state.get("bad_index") is not None:
            return {}
        caller = self.values.get("cs", "0")
        if not (caller.isascii() and caller.isdigit()):
            caller = "0"
        verdicts: dict[str, str] = {}
        tokens = self.tokens
        extra = [DEAL_MISS] if self.deal_miss_on else []
        for code in ["p", *extra, *self.ladder_codes()]:
            token = f"{caller}:{code}" if self.free else code
            try:
                rulings.auction(self.question([*tokens, token]))
                verdicts[code] = ""
            except RulesError as error:
                verdicts[code] = self.readable(error)
            except Exception:
                log.exception("referee candidate call %r failed", code)
                verdicts[code] = ""
        return verdicts

    def history(self, state: dict[str, Any] | None, walked: Walk | None) -> list[dict[str, Any]]:
        bad = state.get("bad_index") if state else self.error_index.get("c")
        if self.variant is None:
            return []
        ladder = self.variant.ladder(self.rules)
        rows: list[dict[str, Any]] = []
        previous = 1
        for index, token in enumerate(self.tokens):
            call = self._call(token)
            called = walked.calls[index] if walked and index < len(walked.calls) else None
            starts = called is not None and called.round != previous
            previous = called.round if called else previous
            round_ = called.round if called is not None and starts else None
            if isinstance(call, dict):
                seat, code = call["seat"], call["call"]
            else:
                seat, code = (called.seat if called else None), call
            rows.append(
                {
                    "index": index + 1,
                    "seat": None if seat is None else self.seat_name(seat),
                    "call": self._call_view(ladder, str(code)),
                    "forced": bool(called and called.forced),
                    "round": round_,
                    "bad": bad == index,
                    "error": self.errors.get("c") if bad == index else None,
                }
            )
        return rows

    @staticmethod
    def _call_view(ladder: Ladder, code: str) -> dict[str, Any]:
        if code.strip().lower() == DEAL_MISS:
            return {"code": DEAL_MISS, "label": _("deal miss"), "suit": ""}
        return call_view(ladder, code)

    def second_round(
        self, state: dict[str, Any] | None, walked: Walk | None
    ) -> dict[str, Any] | None:
        """The announcement of a second round (everyone passed once), while it runs."""
        if not walked or walked.round < 2 or not state or state["complete"] or state["opener"]:
            return None
        if any(self.seat_field_value(name) is not None for name in self.seat_field_names):
            return None  # not a new round: the seat named opened it, and the bidding goes on
        low = walked.second_round_low
        return {"low": low}

    def ladder_verdicts(
        self, state: dict[str, Any] | None
    ) -> tuple[list[list[dict[str, Any]]], dict[str, Any], dict[str, Any] | None]:
        """The ladder's rungs, each call marked allowed or not (with why), the pass button, and
        the deal-miss button where the house rules have one."""
        verdicts = self.candidates(state)
        rows: list[list[dict[str, Any]]] = []
        try:
            if self.variant is not None:
                rows = ladder_rows(self.variant.ladder(self.rules), self.ladder_codes())
        except RulesError:
            rows = []
        for row in rows:
            for bid in row:
                reason = verdicts.get(bid["code"])
                bid["legal"] = reason == "" if verdicts else None
                bid["reason"] = reason or ""
                bid["refused"] = bid["code"] == self.refused
        return (
            rows,
            self._button(verdicts, "p"),
            (self._button(verdicts, DEAL_MISS) if self.deal_miss_on else None),
        )

    def _button(self, verdicts: dict[str, str], code: str) -> dict[str, Any]:
        reason = verdicts.get(code)
        refused = (self.refused or "").lower()
        return {
            "legal": reason == "" if verdicts else None,
            "reason": reason or "",
            "refused": refused in (("p", "pass") if code == "p" else (code,)),
        }

    def context(self) -> dict[str, Any]:
        state = self.ruling()
        rows, pass_call, deal_miss_call = self.ladder_verdicts(state)
        walked = self.walked()
        history = self.history(state, walked)
        shown = any(row["bad"] for row in history)
        undone = self._without_forced(self.tokens)[:-1]
        return {
            "state": state,
            "history": history,
            "second_round": self.second_round(state, walked),
            "calls_error": None if shown else self.errors.get("c"),
            "why": self.errors.get("why"),
            "ladder": rows,
            "pass_call": pass_call,
            "deal_miss_call": deal_miss_call,
            "seat_fields": self.seat_fields(),
            "dealer_choices": self.seat_choices("d"),
            "first_choices": self.seat_choices("f"),
            "caller_choices": self.seat_choices("cs"),
            "undo_query": self.query(c=join_codes(undone) or None, x=None),
            "clear_query": self.query(c=None, x=None),
        }
