"""Who won this trick? May I play this card? The two tools that tap cards."""

from typing import Any

from django.utils.translation import gettext as _

from scoring import rulings
from scoring.referee.cardtool import CardTool
from scoring.referee.display import card_view
from scoring.referee.situation import OUT, ask
from scoring.rulings import ask as question


class TrickTool(CardTool):
    tool = "trick"
    keys = (OUT, "t", "k", "l", "c", "x", "p", "s", "j")

    def modes(self) -> list[dict[str, Any]]:
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

    def ruling(self) -> dict[str, Any] | None:
        """The engine's answer once the trick is complete, or None while it is not."""
        if not self.ready or len(self.plays) < self.live_players:
            return None
        if self.missing():
            return None
        result = ask(
            self,
            lambda: rulings.judge(question.trick_question(self.table(), **self.trick_entries())),
        )
        if result is None:
            return None
        return {
            "winner": result.winner,
            "card": result.card.code,
            "play_index": result.play_index,
            "reason": result.reason,
            "toppled": result.toppled,
            "seat_name": self.seat_name(result.winner),
            "card_view": card_view(result.card.code),
        }

    def context(self) -> dict[str, Any]:
        ruling = self.ruling()
        context = self.common_context()
        slots = self.slots(self.live_players)
        if ruling:
            for slot in slots:
                slot["won"] = slot["index"] == ruling["play_index"]
        context.update({"ruling": ruling, "slots": slots})
        return context


class LegalTool(CardTool):
    tool = "legal"
    keys = (OUT, "t", "k", "l", "c", "x", "d", "so", "p", "s", "j", "h")
    plays_limit_offset = 1

    def default_mode(self) -> str:
        if self.secretary and "c" not in self.values:
            return "c"
        return "h"

    def modes(self) -> list[dict[str, Any]]:
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

    def ruling(self) -> dict[str, Any] | None:
        if not self.ready or not self.hand:
            if self.ready:
                self.errors.setdefault("h", str(self.prompts["h"]))
            return None
        if self.missing():
            return None
        entries = {**self.trick_entries(), "hand": self.hand}
        if self.secretary:
            entries["secretary_ordered"] = self.flag("so")
            entries["declarer"] = self.integer("d")
        answer = ask(
            self,
            lambda: rulings.legal_plays(question.legal_plays_question(self.table(), **entries)),
        )
        if answer is None:
            return None
        order = {c.code: i for i, c in enumerate(self.deck)}
        cards: list[dict[str, Any]] = [
            {**card_view(c.code), "legal": True, "reason": ""} for c in answer.legal
        ] + [
            {**card_view(c.code), "legal": False, "reason": reason}
            for c, reason in answer.illegal.items()
        ]
        cards.sort(key=lambda c: order.get(c["code"], len(order)))
        return {"cards": cards, "legal_count": len(answer.legal)}

    def context(self) -> dict[str, Any]:
        ruling = self.ruling()
        context = self.common_context()
        context.update(
            {
                "ruling": ruling,
                "slots": self.slots(0),
                "hand_cards": [card_view(code) for code in self.hand],
                "declarer_choices": self.live_seat_choices("d") if self.secretary else [],
                "ordered": self.flag("so"),
                "to_play": self.next_seat,
            }
        )
        return context
