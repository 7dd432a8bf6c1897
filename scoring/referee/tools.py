"""The four dispute tools: each turns its query into the JSON API's body and asks the handler.

The engine is asked, never imitated: who wins comes from ``handlers.trick``,
which cards may be played from ``handlers.legal_plays``, whether a call is allowed
from ``handlers.auction`` and the score from ``handlers.score``. What the pages
draw beyond that (the deck, the trumps, the ladder, whether a led card needs a
suit named or allows a joker call) also comes from the engine's own lists and
questions.
"""

import logging

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from scoring.api import handlers
from scoring.rules.bids import Bid, NapBid
from scoring.rules.cards import NO_TRUMP, SUITS, parse_card
from scoring.rules.errors import RulesError
from scoring.rules.tricks import Trick

from .forms import Situation, join_codes, split_codes, suit_choices, suit_label

log = logging.getLogger(__name__)

SECRETARY_VARIANTS = handlers.SECRETARY_VARIANTS
TRICK_VARIANTS = handlers.TRICK_VARIANTS
MAX_SEATS = 10


def ask(situation: Situation, handler, body: dict):
    """The handler's answer, or None with its error shown next to the input it names."""
    try:
        return handler(body)
    except RulesError as error:
        situation.record(error)
    except Exception:  # a bug must not become a 500; the log keeps it loud
        log.exception("referee ruling failed for %r", body)
        situation.fail("", _("This situation could not be ruled on."))
    return None


def card_of(code: str):
    try:
        return parse_card(code)
    except RulesError:
        return None


def card_view(code: str) -> dict:
    """A card code as the page draws it (an unreadable code is shown as typed)."""
    card = card_of(code)
    if card is None:
        return {"code": code, "label": code, "suit": "X"}
    return {"code": card.code, "label": card.label, "suit": card.suit or "J"}


def call_view(ladder, code: str) -> dict:
    """A call as a player reads it: ``13♠``, ``3NT``, ``misère``, ``pass``."""
    if code.lower() in ("p", "pass"):
        return {"code": "p", "label": _("pass"), "suit": ""}
    try:
        bid = ladder.parse(code)
    except RulesError:
        return {"code": code, "label": code, "suit": "X"}
    return bid_view(bid)


def bid_view(bid) -> dict:
    if isinstance(bid, NapBid):
        return {"code": bid.name, "label": bid.label, "suit": ""}
    if isinstance(bid, Bid):
        if bid.trump is None:
            return {"code": str(bid), "label": str(bid.count), "suit": ""}
        trump = _("NT") if bid.trump == NO_TRUMP else suit_label(bid.trump)
        return {"code": str(bid), "label": f"{bid.count}{trump}", "suit": bid.trump}
    return {"code": str(bid), "label": str(bid), "suit": ""}


def ladder_rows(ladder, codes: list[str]) -> list[list[dict]]:
    """The ladder's bids, one row per count (Nap's named calls in one row)."""
    rows: dict[object, list[dict]] = {}
    for code in codes:
        bid = ladder.parse(code)
        rows.setdefault(getattr(bid, "count", None), []).append(bid_view(bid))
    return list(rows.values())


# ---- who won this trick / may I play this card -------------------------------------


class CardTool(Situation):
    """Shared by the trick and legal-play tools: the table, the trick so far and the picker."""

    ui_keys = ("m",)
    fields = {
        "variant": "v",
        "players": "n",
        "trump": "t",
        "trick": "k",
        "leader": "l",
        "called_card": "c",
        "plays": "p",
        "lead_suit": "s",
        "joker_called": "j",
        "contract": "x",
        "hand": "h",
        "secretary_ordered": "so",
        "declarer": "d",
    }
    prompts = {
        "t": gettext_lazy("Pick the trump."),
        "k": gettext_lazy("Which trick is this?"),
        "l": gettext_lazy("Who led this trick?"),
        "c": gettext_lazy("Tap the secretary card: the card the napoleon called."),
        "s": gettext_lazy("The leader named a suit to follow: pick it."),
        "h": gettext_lazy("Tap the cards in your hand."),
    }
    plays_limit_offset = 0  # the trick tool takes a whole trick; the legal tool one card fewer

    def __init__(self, query, session=None) -> None:
        super().__init__(query, session)
        self.number = self.integer("k")
        self.leader = self.integer("l")

    # ---- what the table has ----------------------------------------------------------

    @property
    def secretary(self) -> bool:
        return self.is_variant(*SECRETARY_VARIANTS)

    @property
    def deck(self):
        return self.variant.deck(self.table_players, self.rules) if self.variant else ()

    @property
    def tricks_total(self) -> int:
        return self.variant.tricks(self.table_players, self.rules) if self.variant else 0

    @property
    def plays(self) -> list[str]:
        return split_codes(self.values.get("p"))

    @property
    def plays_limit(self) -> int:
        return self.table_players - self.plays_limit_offset

    @property
    def hand(self) -> list[str]:
        return split_codes(self.values.get("h"))

    def modes(self) -> list[dict]:
        return []

    @property
    def mode(self) -> str:
        modes = self.modes()
        chosen = self.values.get("m")
        if any(m["value"] == chosen for m in modes):
            return chosen
        return self.default_mode()

    def default_mode(self) -> str:
        if self.secretary and "c" not in self.values:
            return "c"
        return "p"

    def mode_choices(self) -> list[dict]:
        mode = self.mode
        return [{**m, "checked": m["value"] == mode} for m in self.modes()]

    # ---- the picker's actions (without JavaScript; referee.js does the same in place) --

    def apply_action(self) -> None:
        if self.action is None:
            return
        name, value = self.action
        if name == "add":
            self._add(value.strip().upper()[:4])
        elif name == "undo":
            target = value if value in ("p", "h") else "p"
            self.set(target, join_codes(getattr(self, "plays" if target == "p" else "hand")[:-1]))
        elif name == "clear":
            target = value if value in ("p", "h") else "p"
            self.set(target, None)
            if target == "p":
                self.set("s", None)
                self.set("j", None)

    def _add(self, code: str) -> None:
        mode = next((m for m in self.modes() if m["value"] == self.mode), None)
        if mode is None or not code:
            return
        key = mode["input"]
        if mode["kind"] == "one":
            self.set(key, code)
            self.set("m", mode["next"])
            return
        codes = split_codes(self.values.get(key))
        upper = [c.upper() for c in codes]
        if code in upper:
            del codes[upper.index(code)]
        elif len(codes) < mode["limit"]:
            codes.append(code)
        self.set(key, join_codes(codes))

    # ---- questions the engine answers for the page ----------------------------------

    @property
    def trump_code(self) -> str | None:
        trump = (self.values.get("t") or "").upper()
        return trump if trump in SUITS else None

    def _trick(self, plays) -> Trick | None:
        called = card_of(self.values.get("c", ""))
        number = self.number if self.number and 1 <= self.number <= self.tricks_total else 1
        leader = self.leader if self.leader is not None else 0
        try:
            return Trick(
                self.table_players,
                number,
                tuple(plays),
                self.trump_code,
                leader,
                None,
                False,
                called,
            )
        except (TypeError, ValueError):
            return None

    @property
    def lead_card(self):
        plays = self.plays
        return card_of(plays[0]) if plays else None

    @property
    def needs_lead_suit(self) -> bool:
        lead = self.lead_card
        if lead is None or self.variant is None or lead not in self.deck:
            return False
        trick = self._trick((lead,))
        return trick is not None and self.variant.needs_lead_suit(trick)

    @property
    def offers_joker_call(self) -> bool:
        if self.flag("j"):
            return True
        lead = self.lead_card
        if lead is None or self.variant is None:
            return False
        trick = self._trick((lead,))
        return trick is not None and self.variant.joker_call_allowed(trick, self.rules)

    @property
    def joker_call_label(self) -> str:
        if self.is_variant("mighty"):
            return _("The leader of the ripper called the joker")
        return _("The leader summoned the joker with this trump 2 or 3")

    # ---- the body -------------------------------------------------------------------

    def trick_body(self) -> dict:
        body = self.base_body()
        body["plays"] = self.plays
        if self.number is not None:
            body["trick"] = self.number
        if self.leader is not None:
            body["leader"] = self.leader
        for key, name in (("t", "trump"), ("c", "called_card"), ("s", "lead_suit")):
            if key in self.values:
                body[name] = self.values[key]
        if self.nap and "x" in self.values:
            body["contract"] = self.values["x"]
        if self.flag("j"):
            body["joker_called"] = True
        return body

    def missing(self) -> list[str]:
        """Inputs the page asks for before it asks the engine."""
        missing = []
        if "l" not in self.values:
            missing.append("l")
        if "k" not in self.values:
            missing.append("k")
        if self.secretary and "c" not in self.values:
            missing.append("c")
        for key in missing:
            self.errors.setdefault(key, str(self.prompts[key]))
        return missing

    # ---- what the page draws --------------------------------------------------------

    def common_context(self) -> dict:
        plays = self.plays
        used = {code.upper(): index + 1 for index, code in enumerate(plays)}
        in_hand = {code.upper() for code in self.hand}
        called = (self.values.get("c") or "").upper()
        suits = []
        for suit in (*SUITS, None):
            cards = [c for c in self.deck if c.suit == suit]
            if cards:
                suits.append(
                    [
                        {
                            "code": c.code,
                            "label": c.label,
                            "suit": c.suit or "J",
                            "order": used.get(c.code),
                            "in_hand": c.code in in_hand,
                            "called": c.code == called,
                        }
                        for c in cards
                    ]
                )
        trumps = self.variant.trump_choices(self.rules) if self.variant else ()
        chosen_trick = self.values.get("k")
        return {
            "picker": suits,
            "modes": self.mode_choices(),
            "mode": self.mode,
            "plays_full": len(plays) >= self.plays_limit,
            "trump_choices": self._trump_choices(trumps),
            "trick_choices": [
                {"value": str(n), "label": str(n), "checked": chosen_trick == str(n)}
                for n in range(1, self.tricks_total + 1)
            ],
            "leader_choices": self.seat_choices("l"),
            "lead_suit_choices": suit_choices(self.values.get("s")),
            "called": card_view(called) if called else None,
            "contract_choices": self._contract_choices(),
            "error_card": self.error_index.get("p"),
            "undo_query": self.query(p=join_codes(plays[:-1]) or None),
            "clear_query": self.query(p=None, s=None, j=None),
            "clear_hand_query": self.query(h=None),
            "code_inputs": self.code_inputs(),
        }

    def code_inputs(self) -> list[dict]:
        labels = {
            "h": _("Your hand"),
            "p": _("Cards played, in order"),
            "c": _("Secretary card"),
        }
        return [
            {
                "key": m["input"],
                "label": labels[m["input"]],
                "value": self.values.get(m["input"], ""),
            }
            for m in self.modes()
        ]

    @property
    def flag_j(self) -> bool:
        return self.flag("j")

    def _trump_choices(self, trumps) -> list[dict]:
        choices = suit_choices(self.values.get("t"), trumps)
        if self.nap:
            # Trick 1 of Nap takes its trump from the lead: no trump is named.
            choices.insert(
                0,
                {
                    "value": "",
                    "label": _("led suit"),
                    "suit": "",
                    "checked": "t" not in self.values,
                },
            )
        return choices

    def _contract_choices(self) -> list[dict]:
        if not self.nap:
            return []
        chosen = (self.values.get("x") or "").lower()
        ladder = self.variant.ladder(self.rules, for_auction=False)
        choices = [
            {**bid_view(ladder.parse(code)), "checked": chosen == code} for code in ladder.ladder()
        ]
        for choice in choices:
            choice["value"] = choice["code"]
        choices.insert(0, {"value": "", "label": _("not said"), "suit": "", "checked": not chosen})
        return choices

    def slots(self, count: int) -> list[dict]:
        """The trick so far, seat by seat in play order (empty slots still to be tapped)."""
        plays = self.plays
        leader = self.leader if self.leader is not None else None
        players = self.table_players
        slots = []
        for index in range(max(count, len(plays))):
            seat = (leader + index) % players if leader is not None and players else None
            slots.append(
                {
                    "index": index,
                    "seat": None if seat is None else self.seat_name(seat),
                    "card": card_view(plays[index]) if index < len(plays) else None,
                    "bad": self.error_index.get("p") == index,
                }
            )
        return slots

    @property
    def next_seat(self) -> str | None:
        if self.leader is None or self.variant is None:
            return None
        return self.seat_name((self.leader + len(self.plays)) % self.table_players)


class TrickTool(CardTool):
    tool = "trick"
    keys = ("t", "k", "l", "c", "x", "p", "s", "j")

    def modes(self) -> list[dict]:
        modes = []
        if self.secretary:
            modes.append(
                {
                    "value": "c",
                    "label": _("Secretary card"),
                    "input": "c",
                    "kind": "one",
                    "next": "p",
                    "limit": 1,
                }
            )
        modes.append(
            {
                "value": "p",
                "label": _("Cards played, in order"),
                "input": "p",
                "kind": "seq",
                "next": "",
                "limit": self.plays_limit,
            }
        )
        return modes

    def ruling(self) -> dict | None:
        """The engine's answer once the trick is complete, or None while it is not."""
        if not self.ready or len(self.plays) < self.table_players:
            return None
        if self.missing():
            return None
        answer = ask(self, handlers.trick, self.trick_body())
        if answer is None:
            return None
        return {
            **answer,
            "seat_name": self.seat_name(answer["winner"]),
            "card_view": card_view(answer["card"]),
        }

    def context(self) -> dict:
        ruling = self.ruling()
        context = self.common_context()
        slots = self.slots(self.table_players)
        if ruling:
            for slot in slots:
                slot["won"] = slot["index"] == ruling["play_index"]
        context.update({"ruling": ruling, "slots": slots})
        return context


class LegalTool(CardTool):
    tool = "legal"
    keys = ("t", "k", "l", "c", "x", "d", "so", "p", "s", "j", "h")
    plays_limit_offset = 1

    def default_mode(self) -> str:
        if self.secretary and "c" not in self.values:
            return "c"
        return "h"

    def modes(self) -> list[dict]:
        modes = [
            {
                "value": "h",
                "label": _("Your hand"),
                "input": "h",
                "kind": "set",
                "next": "",
                "limit": max(self.tricks_total, 1),
            },
            {
                "value": "p",
                "label": _("Played to the trick"),
                "input": "p",
                "kind": "seq",
                "next": "",
                "limit": self.plays_limit,
            },
        ]
        if self.secretary:
            modes.append(
                {
                    "value": "c",
                    "label": _("Secretary card"),
                    "input": "c",
                    "kind": "one",
                    "next": "h",
                    "limit": 1,
                }
            )
        return modes

    def ruling(self) -> dict | None:
        if not self.ready or not self.hand:
            if self.ready:
                self.errors.setdefault("h", str(self.prompts["h"]))
            return None
        if self.missing():
            return None
        body = self.trick_body()
        body["hand"] = self.hand
        if self.secretary:
            body["secretary_ordered"] = self.flag("so")
            declarer = self.integer("d")
            if declarer is not None:
                body["declarer"] = declarer
        answer = ask(self, handlers.legal_plays, body)
        if answer is None:
            return None
        order = {c.code: i for i, c in enumerate(self.deck)}
        cards = [{**card_view(code), "legal": True, "reason": ""} for code in answer["legal"]] + [
            {**card_view(code), "legal": False, "reason": reason}
            for code, reason in answer["illegal"].items()
        ]
        cards.sort(key=lambda c: order.get(c["code"], len(order)))
        return {"cards": cards, "legal_count": len(answer["legal"])}

    def context(self) -> dict:
        ruling = self.ruling()
        context = self.common_context()
        context.update(
            {
                "ruling": ruling,
                "slots": self.slots(0),
                "hand_cards": [card_view(code) for code in self.hand],
                "declarer_choices": self.seat_choices("d") if self.secretary else [],
                "ordered": self.flag("so"),
                "to_play": self.next_seat,
            }
        )
        return context


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
    def mighty(self) -> bool:
        return self.is_variant("mighty")

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
        if self.mighty and first is not None:
            body["first"] = first
        return body

    def _first_caller(self) -> int | None:
        dealer, first = self.integer("d"), self.integer("f")
        if self.free or (dealer is None and (first is None or not self.mighty)):
            return None
        try:
            plan = self.variant.auction_plan(
                self.table_players, self.rules, dealer, first if self.mighty else None
            )
        except (RulesError, TypeError):
            return None
        return plan.first if 0 <= plan.first < self.table_players else None

    def ruling(self) -> dict | None:
        if not self.ready:
            return None
        need = "f" if self.mighty else "d"
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
        if self.mighty and self.rules.all_pass == "min_12":
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


# ---- how is this hand scored ---------------------------------------------------------

WON_KEYS = tuple(f"w{seat}" for seat in range(MAX_SEATS))


class ScoreTool(Situation):
    tool = "score"
    keys = ("d", "x", "f", "r", "tp", *WON_KEYS)
    fields = {
        "variant": "v",
        "players": "n",
        "declarer": "d",
        "contract": "x",
        "partner": "f",
        "declarer_points": "r",
        "captured": "r",
        "discards": "r",
        "tricks": "w",
        "toppled": "tp",
    }
    prompts = {
        "d": gettext_lazy("Who is the declarer?"),
        "x": gettext_lazy("Pick the contract."),
        "f": gettext_lazy("Who was the partner? Pick “alone” if nobody was."),
        "r": gettext_lazy("How many point cards did the declarer's side take?"),
        "w": gettext_lazy("How many tricks did each player take?"),
    }

    def apply_action(self) -> None:
        return None

    def has(self, key: str) -> bool:
        if key == "w":
            return any(k in self.values for k in WON_KEYS)
        return super().has(key)

    @property
    def counts_tricks(self) -> bool:
        return self.is_variant(*TRICK_VARIANTS)

    @property
    def thai(self) -> bool:
        return self.is_variant("thai")

    def point_total(self) -> int:
        if self.variant is None:
            return 0
        return len(self.variant.point_cards(self.table_players, self.rules))

    def body(self) -> dict:
        body = self.base_body()
        declarer = self.integer("d")
        if declarer is not None:
            body["declarer"] = declarer
        if "x" in self.values:
            body["contract"] = self.values["x"]
        partner = self.values.get("f")
        if not self.nap:
            body["partner"] = None if partner in (None, "-") else self.integer("f")
        if self.counts_tricks:
            if self.thai and self.flag("tp"):
                body["toppled"] = True
            tricks = {}
            for seat in range(min(self.table_players, MAX_SEATS)):
                count = self.integer(f"w{seat}")
                if count is not None:
                    tricks[str(seat)] = count
            if tricks:
                body["tricks"] = tricks
        else:
            points = self.integer("r")
            if points is not None:
                body["declarer_points"] = points
        return body

    def missing(self) -> list[str]:
        missing = [key for key in ("d", "x") if key not in self.values]
        if not self.nap and "f" not in self.values:
            missing.append("f")
        if self.counts_tricks:
            if not self.has("w") and not (self.thai and self.flag("tp")):
                missing.append("w")
        elif "r" not in self.values:
            missing.append("r")
        for key in missing:
            self.errors.setdefault(key, str(self.prompts[key]))
        return missing

    def ruling(self) -> dict | None:
        if not self.ready or self.missing():
            return None
        body = self.body()
        if self.malformed:
            return None
        answer = ask(self, handlers.score, body)
        if answer is None:
            return None
        rows = [
            {"name": self.seat_name(int(seat)), "delta": delta}
            for seat, delta in answer["deltas"].items()
        ]
        return {**answer, "rows": rows, "summary": self._summary(answer)}

    def _summary(self, answer) -> str:
        got, need = answer["declarer_points"], answer["target"]
        if got is None:
            return ""
        if self.thai:
            return _("the napoleon's side took %(got)s tricks; handicap %(need)s") % {
                "got": got,
                "need": need,
            }
        if self.nap:
            return _("%(got)s tricks taken, %(need)s needed") % {"got": got, "need": need}
        return _("%(got)s points against a target of %(need)s") % {"got": got, "need": need}

    def contract_rows(self) -> list[list[dict]]:
        if self.variant is None:
            return []
        ladder = self.variant.ladder(self.rules, for_auction=False)
        chosen = (self.values.get("x") or "").upper()
        rows = ladder_rows(ladder, ladder.ladder())
        for row in rows:
            for bid in row:
                bid["checked"] = bid["code"].upper() == chosen
        return rows

    def partner_choices(self) -> list[dict]:
        choices = self.seat_choices("f")
        choices.append({"value": "-", "label": _("alone"), "checked": self.values.get("f") == "-"})
        return choices

    def trick_inputs(self) -> list[dict]:
        return [
            {
                "key": f"w{seat}",
                "name": name,
                "value": self.values.get(f"w{seat}", ""),
                "error": self.errors.get(f"w{seat}"),
            }
            for seat, name in enumerate(self.seat_labels()[:MAX_SEATS])
        ]

    def context(self) -> dict:
        from .tables import score_table

        ruling = self.ruling()
        roles = self.variant.roles if self.variant else ("", "", "")
        return {
            "ruling": ruling,
            "declarer_choices": self.seat_choices("d"),
            "partner_choices": self.partner_choices(),
            "contract_rows": self.contract_rows(),
            "trick_inputs": self.trick_inputs() if self.counts_tricks else [],
            "point_total": self.point_total(),
            "tricks_total": self.variant.tricks(self.table_players, self.rules)
            if self.variant
            else 0,
            "roles": [_(role) if role else "" for role in roles],
            "table": score_table(self) if self.variant and not self.malformed else None,
            "trick_error": self.errors.get("w"),
        }
