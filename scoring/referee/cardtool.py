"""What the trick and legal-play tools share: the table, the trick so far and the card picker.

The engine is asked, never imitated: who wins comes from ``rulings.judge`` and
which cards may be played from ``rulings.legal_plays`` (the facade the API shares),
asked with the page's entries as they are. What the pages draw
beyond that (the deck, the trumps, whether a led card needs a suit named or
allows a joker call) also comes from the engine's own lists and questions.
"""

from collections.abc import Iterable
from typing import Any

from django.http import QueryDict
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from scoring.models import GameSession
from scoring.referee.display import (
    bid_view,
    card_of,
    card_view,
    join_codes,
    split_codes,
    suit_choices,
)
from scoring.referee.situation import OUT, OUT_PROMPT, Situation
from scoring.rules.cards import SUITS, Card
from scoring.rules.tricks import Trick


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
        "sitting_out": OUT,
    }
    prompts = {
        OUT: OUT_PROMPT,
        "t": gettext_lazy("Pick the trump."),
        "k": gettext_lazy("Which trick is this?"),
        "l": gettext_lazy("Who led this trick?"),
        "c": gettext_lazy("Tap the secretary card: the card the napoleon called."),
        "s": gettext_lazy("The leader named a suit to follow: pick it."),
        "h": gettext_lazy("Tap the cards in your hand."),
    }
    plays_limit_offset = 0  # the trick tool takes a whole trick; the legal tool one card fewer

    def __init__(self, query: QueryDict, session: GameSession | None = None) -> None:
        super().__init__(query, session)
        self.number = self.integer("k")
        self.leader = self.integer("l")

    # ---- what the table has ----------------------------------------------------------

    @property
    def secretary(self) -> bool:
        return self.can("secretary_card")

    @property
    def trump_from_lead(self) -> bool:
        return self.can("trump_from_lead")

    @property
    def deck(self) -> tuple[Card, ...]:
        return self.variant.deck(self.table_players, self.rules) if self.variant else ()

    @property
    def tricks_total(self) -> int:
        return self.variant.tricks(self.table_players, self.rules) if self.variant else 0

    @property
    def plays(self) -> list[str]:
        return split_codes(self.values.get("p"))

    @property
    def plays_limit(self) -> int:
        return self.live_players - self.plays_limit_offset

    @property
    def hand(self) -> list[str]:
        return split_codes(self.values.get("h"))

    def modes(self) -> list[dict[str, Any]]:
        return []

    @property
    def mode(self) -> str:
        modes = self.modes()
        chosen = self.values.get("m")
        if chosen is not None and any(m["value"] == chosen for m in modes):
            return chosen
        return self.default_mode()

    def default_mode(self) -> str:
        if self.secretary and "c" not in self.values:
            return "c"
        return "p"

    def mode_choices(self) -> list[dict[str, Any]]:
        mode = self.mode
        return [{**m, "checked": m["value"] == mode} for m in self.modes()]

    # ---- the picker's actions (without JavaScript; referee.js does the same in place) --

    def apply_action(self) -> None:
        if self.action is None:
            return
        name, value = self.action
        if name == "add":
            self._add(value.strip().upper()[:4].strip())
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

    def _trick(self, plays: tuple[Card, ...]) -> Trick | None:
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
                sitting_out=self._seat_out(),
            )
        except (TypeError, ValueError):
            return None

    def _seat_out(self) -> int | None:
        """The seat sitting out when it is one of the table's, else None."""
        out = self.sitting_out
        return out if out is not None and 0 <= out < self.table_players else None

    @property
    def lead_card(self) -> Card | None:
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
        if self.variant is None or not self.can("joker_call"):
            return ""
        return _(self.variant.joker_call)

    # ---- the question -----------------------------------------------------------------

    def trick_entries(self) -> dict[str, Any]:
        """The trick as entered, by the question's fields (``ask.trick_question``): a field
        left empty is left out, and the engine says what is missing or wrong."""
        values = self.values
        return {
            "number": self.number,
            "plays": self.plays,
            "trump": values.get("t"),
            "leader": self.leader,
            "called_card": values.get("c"),
            "lead_suit": values.get("s"),
            "joker_called": self.flag("j"),
            "contract": values.get("x") if self.trump_from_lead else None,
            "sitting_out": self.sitting_out,
        }

    def missing(self) -> list[str]:
        """Inputs the page asks for before it asks the engine."""
        missing = []
        if self.needs_sitting_out and OUT not in self.values:
            missing.append(OUT)
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

    def common_context(self) -> dict[str, Any]:
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
            "leader_choices": self.live_seat_choices("l"),
            "sitting_out_choices": self.seat_choices(OUT),
            "lead_suit_choices": suit_choices(self.values.get("s")),
            "called": card_view(called) if called else None,
            "contract_choices": self._contract_choices(),
            "error_card": self.error_index.get("p"),
            "undo_query": self.query(p=join_codes(plays[:-1]) or None),
            "clear_query": self.query(p=None, s=None, j=None),
            "clear_hand_query": self.query(h=None),
            "code_inputs": self.code_inputs(),
        }

    def code_inputs(self) -> list[dict[str, Any]]:
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

    def _trump_choices(self, trumps: Iterable[str]) -> list[dict[str, Any]]:
        choices = suit_choices(self.values.get("t"), trumps)
        if self.trump_from_lead:
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

    def _contract_choices(self) -> list[dict[str, Any]]:
        if not self.trump_from_lead or self.variant is None:
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

    def seat_at(self, index: int) -> int | None:
        """The seat of the trick's ``index``-th card, clockwise from the leader and over the
        seat sitting out (the engine's count); None while the leader is not known."""
        if self.leader is None or not 0 <= self.leader < self.table_players:
            return None
        trick = self._trick(())
        if trick is None:
            return None
        return trick.seat_of(index)

    def slots(self, count: int) -> list[dict[str, Any]]:
        """The trick so far, seat by seat in play order (empty slots still to be tapped)."""
        plays = self.plays
        slots = []
        for index in range(max(count, len(plays))):
            seat = self.seat_at(index)
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
        if self.variant is None:
            return None
        seat = self.seat_at(len(self.plays))
        return None if seat is None else self.seat_name(seat)
