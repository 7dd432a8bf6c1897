"""The hand form: it reads what a player tapped and lets the engine judge it.

``HandForm`` is built for one session (its variant, seats and house rules): it offers
only the contracts the variant allows, and its ``clean`` asks the engine to score the
hand, so an entry that the rules refuse never validates. Everything it knows about a
game it asks the variant object (``scoring.rules.variants.table_terms``); it never
looks at a variant's code.

A result comes in one of three ways:

- a quick count: the declarer's side's point cards, or in a trick game its tricks
  (``mode=count``, ``points``);
- the card grid, entered for one side only: the table taps the point cards of the side it
  chooses (``grid_side``) and of the discards; every other point card went to the other
  side. The engine takes point cards by seat, so the form files a side's cards under one
  seat of that side (the declarer's, or the first defender's clockwise from the
  declarer): who of a side took which card changes no score. Cards may also be given by
  seat (``card_SA=3``), as before;
- tricks by seat (``mode=tricks``, ``tricks_0`` …), where who took them matters (a Thai
  betrayal).
"""

from dataclasses import replace
from typing import Any, TypeAlias, TypeVar

from django import forms
from django.core.validators import MaxValueValidator
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from scoring.models import GameSession, Hand
from scoring.rules import Card, HandFacts, RulesError, Score, Variant
from scoring.rules.bids import Bid, Contract, SuitLadder
from scoring.rules.cards import RANK_CODES, SUITS, SYMBOLS, parse_card, rank_label
from scoring.rulings import PageWords
from scoring.table.lineup import Lineup, Place, next_lineup, with_turns
from scoring.table.target_discards import FIELD, discards_field, quick_discards, result_words
from scoring.words.labels import page_lines

ALONE = "alone"
DISCARD = "discard"
TAKEN = "in"  # a grid card taken by the side being entered
DECLARER_SIDE, DEFENDERS = "decl", "def"
RANKS = ["A", "K", "Q", "J", "10", "9", "8", "7", "6", "5", "4", "3", "2"]
RANK_OF = {code: rank for rank, code in RANK_CODES.items()}

# What the form read: each field's value, of the field's own kind (a place, a count, a code).
Data: TypeAlias = dict[str, Any]
F = TypeVar("F", bound=forms.Field)


def field_of(form: forms.BaseForm, name: str, kind: type[F]) -> F:
    """The form's field ``name``, as the kind of field it is (``form.fields`` says only
    that it is a field)."""
    field = form.fields[name]
    if not isinstance(field, kind):
        raise TypeError(f"{name} is a {type(field).__name__}, not a {kind.__name__}")
    return field


class HandForm(forms.Form):
    """One hand as the table reports it; valid only when the engine can score it.

    It is built for one table (a ``scoring.table.lineup.Lineup``: the next hand's, or a stored
    hand's): every field that names a player posts a *place* at that table, and the form
    turns places into the engine's seats, those of the players dealt in."""

    out = forms.TypedMultipleChoiceField(
        label=gettext_lazy("Sits this hand out"), coerce=int, required=False
    )
    declarer = forms.TypedChoiceField(label=gettext_lazy("Declarer"), coerce=int)
    level = forms.TypedChoiceField(
        label=gettext_lazy("Bid"), coerce=int, required=False, empty_value=None
    )
    trump = forms.ChoiceField(label=gettext_lazy("Trump"), required=False)
    nap_bid = forms.ChoiceField(label=gettext_lazy("Call"), required=False)
    called_suit = forms.ChoiceField(label=gettext_lazy("Called card: suit"), required=False)
    called_rank = forms.ChoiceField(label=gettext_lazy("Called card: rank"), required=False)
    partner = forms.ChoiceField(label=gettext_lazy("Partner"), required=False)
    mode = forms.ChoiceField(label=gettext_lazy("Result"), choices=Hand.MODES, required=False)
    points = forms.IntegerField(label=gettext_lazy("Result"), required=False, min_value=0)
    grid_side = forms.ChoiceField(
        label=gettext_lazy("Cards tapped for"),
        required=False,
        choices=[(DEFENDERS, DEFENDERS), (DECLARER_SIDE, DECLARER_SIDE)],
    )
    toppled = forms.BooleanField(label=gettext_lazy("Toppled on the first trick"), required=False)
    key = forms.UUIDField(widget=forms.HiddenInput)
    version = forms.IntegerField(widget=forms.HiddenInput, required=False)

    def __init__(
        self,
        session: GameSession,
        *args: Any,  # a form's own: data, files, initial, …
        lineup: Lineup | None = None,
        **kwargs: Any,
    ) -> None:
        super().__init__(*args, **kwargs)
        self.session = session
        self.variant: Variant[Any] = session.engine
        self.lineup = lineup or next_lineup(session, turns=False)
        self.seats = self.lineup.places  # everyone at the table, in seat order
        self.n = self.lineup.players or len(self.seats)  # how many are dealt in
        self.rules = session.rules(self.n)
        self.score: Score | None = None
        self.facts: HandFacts | None = None
        self.contract: Contract | None = None
        self.out_places: tuple[int, ...] = ()  # who sits this hand out, once judged
        variant = self.variant
        names = [(s.number, s.name) for s in self.seats]
        field_of(self, "out", forms.ChoiceField).choices = names
        self.fields["declarer"].label = variant.term("declarer_title")
        field_of(self, "declarer", forms.ChoiceField).choices = names
        field_of(self, "partner", forms.ChoiceField).choices = [
            (str(n), name) for n, name in names
        ] + [(ALONE, variant.term("alone_label"))]
        if variant.needs_sitting_out(self.n):
            self.fields["killed"] = forms.TypedChoiceField(
                label=variant.term("sitting_out_title"),
                coerce=int,
                required=False,
                empty_value=None,
                choices=names,
            )
        self.fields["points"].label = variant.term("result_title")
        self._contract_fields()
        self._called_card_fields()
        self._result_fields()

    # ---- building ------------------------------------------------------------

    @property
    def counts_tricks(self) -> bool:
        return self.variant.counts_tricks

    @property
    def named_contracts(self) -> bool:
        return self.variant.named_contracts

    def _contract_fields(self) -> None:
        variant, rules = self.variant, self.rules
        if variant.named_contracts:
            self.fields["nap_bid"].label = _(variant.contract_title(rules))
            field_of(self, "nap_bid", forms.ChoiceField).choices = list(
                variant.contract_calls(rules)
            )
            return
        ladder = variant.ladder(rules, for_auction=False)
        if not isinstance(ladder, SuitLadder):  # a count and a trump: a ladder of counts
            raise TypeError(f"{variant.code} bids a count, on a ladder that has none")
        self.fields["level"].label = _(variant.contract_title(rules))
        counts = list(range(ladder.low, ladder.high + 1))
        if ladder.extra is not None and ladder.extra.count < ladder.low:
            counts.insert(0, ladder.extra.count)  # the starter's 12♠, below the lowest bid
        field_of(self, "level", forms.ChoiceField).choices = [
            (n, variant.contract_count_label(n, rules)) for n in counts
        ]
        field_of(self, "trump", forms.ChoiceField).choices = [
            (t, SYMBOLS.get(t, t)) for t in variant.trump_choices(rules)
        ]

    def _called_card_fields(self) -> None:
        # Chips as players read them: a joker by its name, a rank as its corner shows it
        # (R, D, V in French); the values stay the codes the hand is stored with.
        jokers = [(c.code, c.label) for c in self.variant.deck(self.n, self.rules) if c.is_joker]
        suits = [(s, SYMBOLS[s]) for s in SUITS]
        field_of(self, "called_suit", forms.ChoiceField).choices = suits + jokers
        ranks = [(r, rank_label(RANK_OF[r])) for r in RANKS]
        field_of(self, "called_rank", forms.ChoiceField).choices = ranks

    def _result_fields(self) -> None:
        most = self.variant.result_most(self.n, self.rules)
        self.result_most = most  # the highest result a hand may have
        field_of(self, "points", forms.IntegerField).max_value = most
        self.fields["points"].validators.append(MaxValueValidator(most))
        if self.counts_tricks:
            for seat in self.seats:
                self.fields[f"tricks_{seat.number}"] = forms.IntegerField(
                    label=seat.name, required=False, min_value=0, max_value=most, initial=0
                )
            return
        if (picker := discards_field(self.variant, self.n, self.rules)) is not None:
            self.fields[FIELD] = picker  # the quick count's, where discards raise the target
        owners = [("", "—"), (TAKEN, TAKEN), (DISCARD, DISCARD)]
        owners += [(str(s.number), s.name) for s in self.seats]
        for card in self.point_card_list():
            self.fields[f"card_{card.code}"] = forms.ChoiceField(
                label=card.label, required=False, choices=owners
            )

    def point_card_list(self) -> list[Card]:
        deck = self.variant.deck(self.n, self.rules)
        points = self.variant.point_cards(self.n, self.rules)
        return [c for c in deck if c in points]

    # ---- what the page shows -------------------------------------------------------

    def needed_for(self, contract: Contract) -> int:
        """The result that just makes ``contract``: where the result starts (table.js)."""
        return self.variant.needed(contract, self.n, self.rules)

    def tricks_fields(self) -> list[forms.BoundField]:
        return [self[f"tricks_{s.number}"] for s in self.seats] if self.counts_tricks else []

    def playing(self) -> list[Place]:
        return self.lineup.playing(self.out_places)

    def preview_rows(self) -> list[tuple[str, int]]:
        if self.score is None:  # the page shows rows of a hand judged only
            return []
        return [(s.name, d) for s, d in zip(self.playing(), self.score.deltas, strict=True)]

    def result_line(self) -> str:
        """The side's result against what the contract needs, ``12 (target 11)``, and what
        decided the verdict where the count does not (``7 (target 7) · betrayed: …``)."""
        if self.score is None or self.facts is None:
            return ""
        count = result_words(self.variant, self.n, self.rules, self.score, self.facts)
        if not self.score.why:
            return count
        if not count:
            return self.score.why
        return _("%(count)s · %(why)s") % {"count": count, "why": self.score.why}

    def reason_lines(self) -> list[str]:
        """The score's reasons as the table reads them (a table's own numbers by name)."""
        return page_lines(self.score.lines, self.variant, self.n, self.rules) if self.score else []

    def shows_sum(self) -> bool:
        """A sum under the preview: only where the table moves points and this hand's
        deltas do not add up to zero (rules.md: some tables are applied as written)."""
        return bool(self.score and self.score.total) and self.variant.sum_matters(
            self.n, self.rules
        )

    # ---- reading -----------------------------------------------------------------

    def clean(self) -> Data:
        super().clean()
        data = self.cleaned_data  # what Form.clean gives
        if self.errors:
            return data
        try:
            self.out_places = self._out(data)
            self.seat = self.lineup.seat_of(self.out_places)  # place → the engine's seat
            # A declarer or partner who sits the hand out is said first: the preview says
            # it as soon as they are tapped, before the rest of the hand is entered.
            declarer = self._playing(data["declarer"], "declarer")
            self._partner_plays(data)
            contract = self._contract(data)
            data["called_card"] = self._called_card(data)
            if self.variant.dealer_only(contract, self.rules):
                self.variant.verify_declarer(contract, declarer, self._dealer(), self.rules)
            partner = self._partner(data)
            killed = self._killed(data, declarer, partner)
            facts = self._facts(data, contract, declarer, partner, killed)
            self.score = self.variant.score(facts, self.rules)
        except RulesError as error:
            self._add_rules_error(error)
            return data
        self.facts = facts
        self.contract = contract
        data["contract_text"] = str(contract)
        return data

    def _contract(self, data: Data) -> Contract:
        if self.named_contracts:
            if not data.get("nap_bid"):
                raise _FormProblem(_("Choose the call."), "nap_bid")
            return self.variant.parse_contract(data["nap_bid"], self.rules)
        if data.get("level") is None or not data.get("trump"):
            raise _FormProblem(_("Choose the bid and the trump."), "level")
        return self.variant.parse_contract(str(Bid(data["level"], data["trump"])), self.rules)

    def _called_card(self, data: Data) -> str:
        suit: str = data.get("called_suit") or ""
        rank = data.get("called_rank")
        if not suit or not self.variant.has_partner:
            return ""
        if suit in SUITS:
            if not rank:
                raise _FormProblem(_("Choose the rank of the called card."), "called_rank")
            return parse_card(suit + rank).code
        return suit

    # ---- who sits out, and who plays ----------------------------------------------

    def _out(self, data: Data) -> tuple[int, ...]:
        """The places sitting this hand out: as tapped, else the rotation's."""
        extras = self.lineup.extras
        if not extras:
            return ()
        tapped = data.get("out")
        if not tapped and "out" not in self.data:
            if self.lineup.out is None:  # a post that did not say: the rotation decides
                last = self.session.hands.order_by("-number").first()
                self.lineup = with_turns(self.lineup, self.session, last)
            tapped = self.lineup.out
        out = tuple(sorted(set(tapped or ())))
        if len(out) != extras:
            raise _FormProblem(
                ngettext(
                    "Choose who sits this hand out: %(count)d player.",
                    "Choose who sits this hand out: %(count)d players.",
                    extras,
                )
                % {"count": extras},
                "out",
            )
        return out

    def _playing(self, place: int, field: str) -> int:
        """The engine's seat of a place, which must be dealt in."""
        if place not in self.seat:
            raise _FormProblem(
                _("%(name)s sits this hand out.") % {"name": self.lineup.name(place)}, field
            )
        return self.seat[place]

    def _partner_plays(self, data: Data) -> None:
        """A partner tapped among those who sit the hand out is refused at once."""
        partner = data.get("partner")
        if self.variant.has_partner and partner and partner != ALONE:
            self._playing(int(partner), "partner")

    def _partner(self, data: Data) -> int | None:
        if not self.variant.has_partner:
            return None
        partner = data.get("partner")
        if not partner:
            message = _("Choose who held the called card, or “%(alone)s”.")  # 副官なし, 노프렌드…
            raise _FormProblem(message % {"alone": self.variant.term("alone_label")}, "partner")
        if partner == ALONE or int(partner) == data["declarer"]:
            return None
        return self._playing(int(partner), "partner")

    def _killed(self, data: Data, declarer: int, partner: int | None) -> int | None:
        """Six-player Mighty: the seat the declarer killed (the engine's sitting_out)."""
        if "killed" not in self.fields:
            return None
        place = data.get("killed")
        if place is None:
            title = self.variant.term("sitting_out_title")
            raise _FormProblem(_("Choose: %(what)s.") % {"what": title}, "killed")
        seat = self._playing(place, "killed")
        if seat in (declarer, partner):
            raise _FormProblem(
                _("%(name)s cannot be killed: they are on the %(declarer)s's side.")
                % {"name": self.lineup.name(place), "declarer": self.variant.role_words()[0]},
                "killed",
            )
        return seat

    def _facts(
        self, data: Data, contract: Contract, declarer: int, partner: int | None, killed: int | None
    ) -> HandFacts:
        facts = HandFacts(self.n, declarer, contract, partner, sitting_out=killed)
        if self.counts_tricks:
            return self._trick_facts(data, facts)
        if data.get("mode") == Hand.CARDS:
            captured, discards = self._grid(data, facts)
            data["captured"], data["discards"] = captured, discards
            return replace(facts, captured=captured, discards=discards)
        data["mode"] = Hand.COUNT
        return replace(facts, declarer_points=self._points(data), discards=quick_discards(data))

    def _trick_facts(self, data: Data, facts: HandFacts) -> HandFacts:
        if data.get("toppled") and self.variant.can_topple:
            data["mode"] = Hand.TRICKS
            return replace(facts, toppled=True)
        if data.get("mode") == Hand.COUNT:
            # Only the side's total: the common hand, where who took which trick is moot.
            return replace(facts, declarer_points=self._points(data))
        data["mode"] = Hand.TRICKS
        tricks = {seat: data.get(f"tricks_{place}") or 0 for place, seat in self.seat.items()}
        data["tricks"] = tricks
        return replace(facts, tricks=tricks)

    def _points(self, data: Data) -> int:
        points: int | None = data.get("points")
        if points is None:
            raise _FormProblem(_("Choose the result."), "points")
        return points

    def _grid(
        self, data: Data, facts: HandFacts
    ) -> tuple[dict[int, tuple[Card, ...]], tuple[Card, ...]]:
        """Point cards by seat and the discards, from the grid as the table tapped it."""
        declarer, seats = facts.declarer, range(self.n)
        others = [s for s in seats if s not in facts.side and s != facts.sitting_out]
        # One seat stands for each side (see the module's docstring).
        stand_in = {DECLARER_SIDE: declarer, DEFENDERS: (others or [declarer])[0]}
        entered: str | None = data.get("grid_side") or None
        implied = {DECLARER_SIDE: DEFENDERS, DEFENDERS: DECLARER_SIDE}.get(entered or "")
        captured: dict[int, list[Card]] = {s: [] for s in seats}
        discards: list[Card] = []
        unplaced: list[str] = []
        for card in self.point_card_list():
            owner = data.get(f"card_{card.code}")
            if owner == DISCARD:
                discards.append(card)
            elif owner == TAKEN and entered:
                captured[stand_in[entered]].append(card)
            elif owner and owner != TAKEN:
                captured[self._playing(int(owner), "mode")].append(card)
            elif implied and not owner:
                captured[stand_in[implied]].append(card)
            else:
                unplaced.append(card.label)
        if unplaced:
            raise _FormProblem(
                _("Place every point card before saving; still unplaced: %(cards)s.")
                % {"cards": " ".join(unplaced)},
                "mode",
            )
        return {s: tuple(cs) for s, cs in captured.items()}, tuple(discards)

    def _add_rules_error(self, error: RulesError) -> None:
        field = getattr(error, "form_field", None) or _FIELD_OF.get(
            error.field.split(".")[0].split("[")[0]
        )
        if field == "level" and self.named_contracts:
            field = "nap_bid"
        if field == "tricks_0" and self.data.get("mode") == Hand.COUNT:
            field = "points"
        if field == "mode" and FIELD in self.fields and self.data.get("mode") != Hand.CARDS:
            field = FIELD  # the quick count's discards, not the card grid's
        # The engine names its seats: those dealt in, in seat order.
        words = PageWords([place.name for place in self.playing()])
        self.add_error(field if field in self.fields else None, error.render(words))

    # ---- storing -----------------------------------------------------------------

    def hand_values(self) -> dict[str, Any]:
        """The model fields this entry sets on a ``Hand``, each of its field's own type."""
        data = self.cleaned_data
        facts, score = self.facts, self.score
        if facts is None or score is None:
            raise ValueError("only a valid hand form has an entry to store")
        return {
            **self.lineup.values(self.out_places),
            "sitting_out": facts.sitting_out,
            "status": Hand.PLAYED,
            "deal_miss_by": None,
            "declarer": facts.declarer,
            "contract": data["contract_text"],
            "called_card": data["called_card"],
            "partner": facts.partner if not facts.alone else None,
            "mode": data["mode"],
            "declarer_points": facts.declarer_points
            if facts.captured is None
            else score.declarer_points,
            **Hand.scored_values(facts, score),
        }

    def _dealer(self) -> int:
        """Who deals this hand: a new hand's form does not follow the deal (most hands
        never ask), so the turn is found here when a call only the dealer makes asks."""
        if self.lineup.dealer is None:
            last = self.session.hands.order_by("-number").first()
            self.lineup = with_turns(self.lineup, self.session, last)
        return self.dealer_seat()

    def dealer_seat(self) -> int:
        """The dealer's seat among those dealt in (an edit that changes who sat out)."""
        return self.seat.get(self.lineup.dealer_place(self.out_places), 0)


_FIELD_OF = {
    "contract": "level",
    "captured": "mode",
    "discards": "mode",
    "declarer_points": "points",
    "tricks": "tricks_0",
    "partner": "partner",
    "declarer": "declarer",
    "sitting_out": "killed",
}


class _FormProblem(RulesError):
    """A missing choice found while building the engine's facts, tied to one form field."""

    def __init__(self, message: str, form_field: str) -> None:
        super().__init__(message)
        self.composed = True  # the form wrote it, in the reader's language
        self.form_field = form_field
