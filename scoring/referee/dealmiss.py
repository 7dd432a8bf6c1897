"""May I call a deal miss? The dealt hand tapped in, counted by the engine (``rulings.deal_miss``).

Only a game that has a deal miss (``variant.has_deal_miss``) offers the tool; where the
house rules have it off, the page says so and links to the same hand with it on. The count's
numbers (``deal_miss_values``) are set on the page, beside the hand, not in the house-rules
panel below it.
"""

from typing import Any
from urllib.parse import urlencode

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from scoring import rulings
from scoring.referee.cardtool import CardTool
from scoring.referee.display import card_view
from scoring.referee.house import canonical_options
from scoring.referee.situation import ask
from scoring.rules.errors import RulesError
from scoring.rulings import ask as question

SWITCH, VALUES = "deal_miss", "deal_miss_values"  # the house rules this page sets itself


class DealMissTool(CardTool):
    tool = "deal_miss"
    keys = ("h",)
    fields = {"variant": "v", "players": "n", "hand": "h"}
    prompts = {"h": gettext_lazy("Tap the cards you were dealt.")}

    @property
    def available(self) -> bool:
        return self.can_deal_miss

    @property
    def switched_on(self) -> bool:
        if self.variant is None or self.rules is None:
            return False
        return self.available and self.variant.deal_miss_on(self.rules)

    @property
    def hand_size(self) -> int:
        return self.variant.hand_size(self.table_players, self.rules) if self.variant else 0

    def default_mode(self) -> str:
        return "h"

    def modes(self) -> list[dict[str, Any]]:
        return [
            {
                "value": "h",
                "label": _("Your hand"),
                "input": "h",
                "kind": "set",
                "next": "",
                "limit": max(self.hand_size, 1),
            }
        ]

    def ruling(self) -> dict[str, Any] | None:
        """The engine's count once the whole dealt hand is in, or None while it is not."""
        if not self.ready or not self.switched_on:
            return None
        hand = self.hand
        if len(hand) < self.hand_size:
            self._check_cards(hand)
            return None  # the page says how many cards are still to tap
        answer = ask(
            self,
            lambda: rulings.deal_miss(question.deal_miss_question(self.table(), hand=hand)),
        )
        if answer is None:
            return None
        return {
            "qualifies": answer.qualifies,
            "value": _signed(answer.value),
            "max": _signed(answer.max),
            "reason": answer.reason,
        }

    def _check_cards(self, hand: list[str]) -> None:
        """A hand still being tapped: its cards are judged (unreadable, twice, not in the deck),
        not yet their count."""
        if not hand:
            return
        try:
            question.deal_miss_question(self.table(), hand=hand)
        except RulesError as error:
            if error.field != "hand":  # "hand" alone is the count: still tapping
                self.record(error)

    def still_to_tap(self) -> str:
        """How far the tapping has come, while the hand is not whole."""
        tapped = len(self.hand)
        if tapped >= self.hand_size:
            return ""
        numbers = {"size": self.hand_size, "tapped": tapped}
        return _("Tap the %(size)s cards you were dealt: %(tapped)s so far.") % numbers

    # ---- the house rules this page sets beside the hand ------------------------------

    def option_fields(self) -> list[dict[str, Any]]:
        return [f for f in super().option_fields() if f["name"] not in (SWITCH, VALUES)]

    def option_errors(self) -> list[str]:
        own = (f"o.{SWITCH}", f"o.{VALUES}")
        return [m for key, m in self.errors.items() if key.startswith("o.") and key not in own]

    def uncounted_options(self) -> frozenset[str]:
        return super().uncounted_options() | {SWITCH, VALUES}

    def counting_fields(self) -> dict[str, Any]:
        fields = {f["name"]: f for f in super().option_fields()}
        return {"switch": fields.get(SWITCH), "values": fields.get(VALUES)}

    def switch_on_query(self) -> str:
        """This page's query with the deal miss switched on (the house rules kept)."""
        options = {**self.options, SWITCH: "on"}
        pairs = [(k, v) for k, v in self.pairs(ui=False) if not k.startswith("o.")]
        pairs += [("o." + k, v) for k, v in canonical_options(self.variant, options, self.players)]
        return urlencode(pairs, safe=".:")

    def context(self) -> dict[str, Any]:
        ruling = self.ruling() if self.available else None
        context = self.common_context()
        context.update(
            {
                "ruling": ruling,
                "hand_cards": [card_view(code) for code in self.hand],
                "hand_size": self.hand_size,
                "still_to_tap": self.still_to_tap() if self.available else "",
                "counting": self.counting_fields(),
                "switch_on_query": self.switch_on_query() if self.available else "",
            }
        )
        return context


def _signed(number: int) -> str:
    return str(number).replace("-", "−")
