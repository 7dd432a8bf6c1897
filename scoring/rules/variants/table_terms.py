"""What the scorekeeping pages ask a variant: its words and the numbers of a hand's entry.

The hand form, the table screen and its script never branch on a variant's code; they
read these capabilities instead. Words are marked with ``N_`` and translated by the
page (each game's own word: the napoleon, the Mighty's declarer — 주공 in Korean —,
the bidder in Nap). Every ``Variant`` has them; a variant overrides what differs.
"""

from typing import Any, ClassVar

from scoring.rules.bids import Bid, Contract
from scoring.rules.cards import Card
from scoring.rules.i18n import N_, _, pgettext
from scoring.rules.score_layout import Layout

# A word marked with N_, or with NC_ where one English word is two in another language
# (the Mighty's declarer is 주공, where Napoleon's is 나폴레옹; "Declarer" is both).
Term = str | tuple[str, str]


class TableTerms:
    # The words a page shows, capitalised as a heading or a label.
    declarer_title: ClassVar[Term] = N_("Napoleon")
    partner_prompt: ClassVar[str] = N_("Partner (held the called card)")
    # The declarer's side and the other side, as a table names them.
    side_names: ClassVar[tuple[str, str]] = (N_("Napoleon's side"), N_("Defenders"))
    # What the quick result counts: the side's point cards, or its tricks.
    result_title: ClassVar[str] = N_("Point cards of the napoleon's side")
    # The seat dealt in that sits the hand out where a count needs one (``needs_sitting_out``).
    sitting_out_title: ClassVar[Term] = N_("Sits the hand out")
    # The choice of a declarer who had no partner: each game has its own word for it (in
    # Japanese 副官なし belongs to Japanese Napoleon, ノーフレンド to the Mighty), so each
    # variant names it in its own context; "" where there is no partner at all.
    alone_label: ClassVar[Term] = N_("alone")
    # declarer, partner, opponent, as a sentence names them (lower case): N_ or NC_ marked.
    roles: ClassVar[tuple[Term, Term, Term]]

    counts_tricks: ClassVar[bool]  # the Variant's own (the rules pages ask it too), as can_topple
    has_partner: ClassVar[bool] = True  # a partner found by a called card (Nap has none)
    named_contracts: ClassVar[bool] = False  # contracts are named calls, not a count + trump
    # Whether who of the declarer's side took which tricks can change the result (Thai:
    # a friend who takes more tricks than the napoleon betrays them).
    tricks_by_seat_matter: ClassVar[bool] = False
    # Whether the point cards among the declarer's discards count for the declarer's side
    # when no house rule says otherwise.
    discards_to_declarer_by_default: ClassVar[bool] = False

    # The score table laid out as players read it, to edit a table's own numbers
    # (``score_values``): see ``score_layout.grid``.
    score_layout_data: ClassVar[Layout | None] = None

    def score_layout(self, players: int, rules: Any) -> Layout | None:
        """The layout of the score table these house rules make active."""
        return self.score_layout_data

    def term(self, name: str) -> str:
        """One of the words above, in the reader's language: ``variant.term("declarer_title")``."""
        return translated(getattr(self, name))

    def role_words(self) -> tuple[str, str, str]:
        """The declarer, partner and opponent in the reader's language ("" for no partner)."""
        declarer, partner, opponent = self.roles
        return translated(declarer), translated(partner), translated(opponent)

    # ``rules`` below: the variant's house rules (each variant's methods name their class).

    def tricks(self, players: int, rules: Any) -> int:
        raise NotImplementedError  # the variant's own

    def point_cards(self, players: int, rules: Any) -> frozenset[Card]:
        raise NotImplementedError  # the variant's own

    def contract_title(self, rules: Any) -> str:
        """The label of the contract's number: a bid, a level, a handicap, a point target."""
        return N_("Bid")

    def contract_count_label(self, count: int, rules: Any) -> str:
        """How the contract's number reads on its chip."""
        return str(count)

    def contract_calls(self, rules: Any) -> tuple[tuple[str, str], ...]:
        """Named contracts (``named_contracts``): each call's notation and its label."""
        return ()

    def needed(self, contract: Contract, players: int, rules: Any) -> int:
        """The smallest result (point cards, or the side's tricks) that makes ``contract``."""
        assert isinstance(contract, Bid)  # a variant of named contracts says otherwise
        return contract.count

    def result_most(self, players: int, rules: Any) -> int:
        """The largest result a hand can have: every point card, or every trick."""
        if self.counts_tricks:
            return self.tricks(players, rules)
        return len(self.point_cards(players, rules))

    def discards_to_declarer(self, rules: Any) -> bool:
        """Whether point cards among the declarer's discards count for the declarer's side."""
        to: str | None = getattr(rules, "discards_to", None)
        if to is None:
            return self.discards_to_declarer_by_default
        return to in ("declarer", "napoleon")

    def sum_matters(self, players: int, rules: Any) -> bool:
        """Whether the score table moves points between players, so that a hand whose
        deltas do not add up to zero is worth pointing out (a count of wins is not)."""
        return True


def translated(word: Term) -> str:
    """A word marked with ``N_`` or ``NC_``, in the reader's language ("" stays "")."""
    if isinstance(word, tuple):
        return pgettext(*word)
    return _(word) if word else ""
