"""Is this bid allowed? The calls so far, who calls next, and which calls are allowed now."""

import logging

from django.utils.translation import gettext_lazy

from scoring.api import handlers
from scoring.rules.errors import RulesError

from .display import call_view, join_codes, ladder_rows, split_codes
from .situation import Situation, ask

log = logging.getLogger(__name__)

# ---- is this bid allowed ---------------------------------------------------------


class AuctionTool(Situation):
    tool = "auction"
    keys = ("d", "f", "c")
    ui_keys = ("cs",)
    fields = {"variant": "v", "players": "n", "calls": "c", "dealer": "d", "first": "f"}
    prompts = {
        "d": gettext_lazy("Who dealt?"),
        "f": gettext_lazy(
            "Who calls first? The dealer on the first hand, later the last declarer."
        ),
        "cs": gettext_lazy("Pick who is calling, then tap the call."),
    }

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
        if self.action is None:
            return
        name, value = self.action
        tokens = self.tokens
        if name == "add":
            call = value.strip()[:12]
            if call.lower() == "pass":
                call = "p"
            if self.free:
                caller = self.values.get("cs", "")
                if not caller.isascii() or not caller.isdigit():
                    self.fail("cs", str(self.prompts["cs"]))
                    return
                call = f"{caller}:{call}"
            self.set("c", join_codes([*tokens, call]))
        elif name == "undo":
            self.set("c", join_codes(tokens[:-1]))
        elif name == "clear":
            self.set("c", None)

    def _call(self, token: str):
        if self.free:
            seat, colon, call = token.partition(":")
            if colon and seat.isascii() and seat.isdigit() and len(seat) < 4:
                return {"seat": int(seat), "call": "pass" if call.lower() == "p" else call}
            return token
        return "pass" if token.lower() == "p" else token

    def body(self, tokens) -> dict:
        body = self.base_body()
        body["calls"] = [self._call(t) for t in tokens]
        dealer, first = self.integer("d"), self.integer("f")
        if dealer is not None:
            body["dealer"] = dealer
        if self.first_named and first is not None:
            body["first"] = first
        return body

    def _first_caller(self) -> int | None:
        dealer, first = self.integer("d"), self.integer("f")
        if self.free or (dealer is None and (first is None or not self.first_named)):
            return None
        try:
            plan = self.variant.auction_plan(
                self.table_players, self.rules, dealer, first if self.first_named else None
            )
        except (RulesError, TypeError):
            return None
        return plan.first if 0 <= plan.first < self.table_players else None

    def ruling(self) -> dict | None:
        if not self.ready:
            return None
        need = "f" if self.first_named else "d"
        if not self.free and need not in self.values and "d" not in self.values:
            self.errors.setdefault(need, str(self.prompts[need]))
            return None
        tokens = self.tokens
        state = ask(self, handlers.auction, self.body(tokens))
        bad = self.error_index.get("c")
        if state is None and bad is not None:
            state = ask(self, handlers.auction, self.body(tokens[:bad]))
        if state is None:
            return None
        return {
            **state,
            "next_name": None if state["next"] is None else self.seat_name(state["next"]),
            "declarer_name": (
                None if state["declarer"] is None else self.seat_name(state["declarer"])
            ),
            "contract_view": (
                None
                if state["contract"] is None
                else call_view(self.variant.ladder(self.rules), state["contract"])
            ),
            "best_view": (
                None
                if not state.get("best")
                else call_view(self.variant.ladder(self.rules), state["best"])
            ),
            "bad_index": bad,
        }

    def ladder_codes(self) -> list[str]:
        ladder = self.variant.ladder(self.rules)
        low = None
        if getattr(self.rules, "all_pass", None) == "min_12":
            low = min(12, self.rules.min_bid)  # the second round's minimum
        return ladder.ladder(low)

    def candidates(self, state) -> dict[str, str]:
        """Each call the next caller could make → "" when legal, else the engine's reason."""
        if state is None or state["complete"] or state.get("bad_index") is not None:
            return {}
        caller = self.values.get("cs", "0")
        if not (caller.isascii() and caller.isdigit()):
            caller = "0"
        verdicts = {}
        tokens = self.tokens
        for code in ["p", *self.ladder_codes()]:
            token = f"{caller}:{code}" if self.free else code
            try:
                handlers.auction(self.body([*tokens, token]))
                verdicts[code] = ""
            except RulesError as error:
                verdicts[code] = error.message
            except Exception:
                log.exception("referee candidate call %r failed", code)
                verdicts[code] = ""
        return verdicts

    def history(self, state) -> list[dict]:
        first = self._first_caller()
        bad = state.get("bad_index") if state else self.error_index.get("c")
        rows = []
        players = self.table_players
        for index, token in enumerate(self.tokens):
            call = self._call(token)
            if isinstance(call, dict):
                seat = call["seat"]
                code = call["call"]
            else:
                seat = None if first is None else (first + index) % players
                code = call if isinstance(call, str) else token
            rows.append(
                {
                    "index": index + 1,
                    "seat": None if seat is None else self.seat_name(seat),
                    "call": call_view(self.variant.ladder(self.rules), str(code)),
                    "bad": bad == index,
                    "error": self.errors.get("c") if bad == index else None,
                }
            )
        return rows

    def context(self) -> dict:
        state = self.ruling()
        verdicts = self.candidates(state) if self.variant else {}
        rows = []
        if self.variant is not None:
            try:
                ladder = self.variant.ladder(self.rules)
                rows = ladder_rows(ladder, self.ladder_codes())
            except RulesError:
                rows = []
        for row in rows:
            for bid in row:
                reason = verdicts.get(bid["code"])
                bid["legal"] = reason == "" if verdicts else None
                bid["reason"] = reason or ""
        pass_reason = verdicts.get("p")
        history = self.history(state)
        shown = any(row["bad"] for row in history)
        return {
            "state": state,
            "history": history,
            "calls_error": None if shown else self.errors.get("c"),
            "ladder": rows,
            "pass_legal": pass_reason == "" if verdicts else None,
            "pass_reason": pass_reason or "",
            "dealer_choices": self.seat_choices("d"),
            "first_choices": self.seat_choices("f"),
            "caller_choices": self.seat_choices("cs"),
            "undo_query": self.query(c=join_codes(self.tokens[:-1]) or None),
            "clear_query": self.query(c=None),
        }
