"""How is this hand scored? The result of one hand, and the score table as worked examples."""

from typing import Any

from django.http import QueryDict
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from scoring import rulings
from scoring.models import GameSession
from scoring.referee.display import join_codes, ladder_rows, split_codes
from scoring.referee.situation import OUT, OUT_PROMPT, Situation, ask
from scoring.referee.tables import score_table
from scoring.rulings import ask as question
from scoring.words.labels import page_lines

MAX_SEATS = 10
# ---- how is this hand scored ---------------------------------------------------------

WON_KEYS = tuple(f"w{seat}" for seat in range(MAX_SEATS))
DISCARDS = "dc"  # the napoleon's discarded point cards, where they raise the target


class ScoreTool(Situation):
    tool = "score"
    keys = (OUT, "d", "x", "f", "r", DISCARDS, "tp", *WON_KEYS)
    list_keys = frozenset({DISCARDS})
    shows_score_numbers = True  # the ruling depends on them: the panel sets each number
    fields = {
        "variant": "v",
        "players": "n",
        "declarer": "d",
        "contract": "x",
        "partner": "f",
        "declarer_points": "r",
        "captured": "r",
        "discards": DISCARDS,
        "tricks": "w",
        "toppled": "tp",
        "sitting_out": OUT,
    }
    prompts = {
        OUT: OUT_PROMPT,
        # "d", "f" and "r" name the game's own roles: see ``prompt``.
        "x": gettext_lazy("Pick the contract."),
        "w": gettext_lazy("How many tricks did each player take?"),
    }

    def __init__(self, query: QueryDict, session: GameSession | None = None) -> None:
        super().__init__(query, session)
        if self.asks_discards:
            self.set(DISCARDS, join_codes(split_codes(self.values.get(DISCARDS))))
        else:
            self.values.pop(DISCARDS, None)  # the quick count ignores them elsewhere

    def apply_action(self) -> None:
        return None

    @property
    def asks_discards(self) -> bool:
        """Whether the quick count takes the napoleon's discarded point cards too (a house
        rule where they raise the target)."""
        return (
            self.variant is not None
            and not self.variant.counts_tricks
            and self.rules is not None
            and self.variant.discards_raise_target(self.rules)
        )

    def has(self, key: str) -> bool:
        if key == "w":
            return any(k in self.values for k in WON_KEYS)
        return super().has(key)

    @property
    def counts_tricks(self) -> bool:
        return self.can("counts_tricks")

    @property
    def can_topple(self) -> bool:
        return self.can("can_topple")

    def point_total(self) -> int:
        if self.variant is None:
            return 0
        return len(self.variant.point_cards(self.table_players, self.rules))

    def entries(self) -> dict[str, Any]:
        """The hand's result as entered, by the question's fields (``ask.score_question``)."""
        entries: dict[str, Any] = {
            "declarer": self.integer("d"),
            "contract": self.values.get("x"),
            "sitting_out": self.sitting_out,
        }
        partner = self.values.get("f")
        if self.has_partner:
            entries["partner"] = None if partner in (None, "-") else self.integer("f")
        if self.counts_tricks:
            entries["toppled"] = self.can_topple and self.flag("tp")
            tricks = {}
            for seat in range(min(self.table_players, MAX_SEATS)):
                count = self.integer(f"w{seat}")
                if count is not None:
                    tricks[seat] = count
            entries["tricks"] = tricks or None
        else:
            entries["declarer_points"] = self.integer("r")
            if self.asks_discards:
                entries["discards"] = split_codes(self.values.get(DISCARDS))
        return entries

    def missing(self) -> list[str]:
        missing = [OUT] if self.needs_sitting_out and OUT not in self.values else []
        missing += [key for key in ("d", "x") if key not in self.values]
        if self.has_partner and "f" not in self.values:
            missing.append("f")
        if self.counts_tricks:
            if not self.has("w") and not (self.can_topple and self.flag("tp")):
                missing.append("w")
        elif "r" not in self.values:
            missing.append("r")
        for key in missing:
            self.errors.setdefault(key, self.prompt(key))
        return missing

    def prompt(self, key: str) -> str:
        """What to enter, in the game's own words (the Mighty's declarer is not a napoleon)."""
        if key in self.prompts or self.variant is None:
            return str(self.prompts.get(key, ""))
        declarer, partner, _opponent = self.variant.role_words()
        if key == "d":
            return _("Who is the {declarer}?").format(declarer=declarer)
        if key == "f":
            return _("Who was the {partner}? Pick “{alone}” if nobody was.").format(
                partner=partner, alone=self.variant.term("alone_label")
            )
        return _("Enter the count: {title}.").format(title=self.variant.term("result_title"))

    def ruling(self) -> dict[str, Any] | None:
        if not self.ready or self.missing():
            return None
        entries = self.entries()
        if self.malformed:
            return None
        answer = ask(self, lambda: rulings.score(question.score_question(self.table(), **entries)))
        if answer is None:
            return None
        out = entries["sitting_out"]
        assert self.variant is not None and self.rules is not None  # as self.table() found
        rows = [
            {"name": self.seat_name(seat), "delta": delta, "out": seat == out}
            for seat, delta in enumerate(answer.deltas)
        ]
        return {
            "made": answer.made,
            "sum": answer.total,
            "lines": [
                self._line(line, out)
                for line in page_lines(answer.lines, self.variant, self.table_players, self.rules)
            ],
            "rows": rows,
            "summary": self._summary(answer),
        }

    def _line(self, line: str, out: int | None) -> str:
        """The engine's line for the seat sitting out names no one; the page names the player
        sitting there."""
        if out is not None and line == _("the killed player sits the hand out: 0"):
            return _("%(name)s was killed and sits the hand out: 0") % {"name": self.seat_name(out)}
        return line

    def _summary(self, answer: rulings.Score) -> str:
        got, need = answer.declarer_points, answer.target
        if got is None:
            return ""
        numbers = {"got": got, "need": need}
        if self.can("target_is_handicap"):
            return (
                ngettext(
                    "the napoleon's side took %(got)s trick; handicap %(need)s",
                    "the napoleon's side took %(got)s tricks; handicap %(need)s",
                    got,
                )
                % numbers
            )
        if self.counts_tricks and need == 0:
            return (
                ngettext(
                    "%(got)s trick taken, where none may be taken",
                    "%(got)s tricks taken, where none may be taken",
                    got,
                )
                % numbers
            )
        if self.counts_tricks:
            return (
                ngettext(
                    "%(got)s trick taken, %(need)s needed",
                    "%(got)s tricks taken, %(need)s needed",
                    got,
                )
                % numbers
            )
        return (
            ngettext(
                "%(got)s point against a target of %(need)s",
                "%(got)s points against a target of %(need)s",
                got,
            )
            % numbers
        )

    def contract_rows(self) -> list[list[dict[str, Any]]]:
        if self.variant is None:
            return []
        ladder = self.variant.ladder(self.rules, for_auction=False)
        chosen = (self.values.get("x") or "").upper()
        rows = ladder_rows(ladder, ladder.ladder())
        for row in rows:
            for bid in row:
                bid["checked"] = bid["code"].upper() == chosen
                bid["value"] = bid["code"]
        return rows

    def partner_choices(self) -> list[dict[str, Any]]:
        choices = self.live_seat_choices("f")
        alone = self.variant.term("alone_label") if self.variant else ""
        choices.append({"value": "-", "label": alone, "checked": self.values.get("f") == "-"})
        return choices

    def discard_choices(self) -> list[dict[str, Any]]:
        """The point cards as tick boxes, in deck order, those given ticked."""
        if not self.asks_discards:
            return []
        assert self.variant is not None and self.rules is not None  # as asks_discards found
        given = {code.upper() for code in split_codes(self.values.get(DISCARDS))}
        points = self.variant.point_cards(self.table_players, self.rules)
        return [
            {"value": c.code, "label": c.label, "suit": c.suit, "checked": c.code in given}
            for c in self.variant.deck(self.table_players, self.rules)
            if c in points
        ]

    def discard_legend(self) -> str:
        if self.variant is None or self.rules is None:
            return ""
        most = self.variant.blind_size(self.table_players, self.rules)
        return _("Point cards among the napoleon's discards (at most %(count)s)") % {"count": most}

    def trick_inputs(self) -> list[dict[str, Any]]:
        return [
            {
                "key": f"w{seat}",
                "name": name,
                "value": self.values.get(f"w{seat}", ""),
                "error": self.errors.get(f"w{seat}"),
            }
            for seat, name in enumerate(self.seat_labels()[:MAX_SEATS])
            if seat != self.sitting_out
        ]

    def context(self) -> dict[str, Any]:
        ruling = self.ruling()
        roles = self.variant.role_words() if self.variant else ("", "", "")
        return {
            "ruling": ruling,
            "declarer_choices": self.live_seat_choices("d"),
            "sitting_out_choices": self.seat_choices(OUT),
            "partner_choices": self.partner_choices(),
            "contract_rows": self.contract_rows(),
            "trick_inputs": self.trick_inputs() if self.counts_tricks else [],
            "discard_choices": self.discard_choices(),
            "discard_legend": self.discard_legend() if self.asks_discards else "",
            "point_total": self.point_total(),
            "tricks_total": self.variant.tricks(self.table_players, self.rules)
            if self.variant
            else 0,
            "roles": list(roles),
            "result_title": self.variant.term("result_title") if self.variant else "",
            "table": score_table(self) if self.variant and not self.malformed else None,
            "trick_error": self.errors.get("w"),
        }
