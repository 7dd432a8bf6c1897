"""A deal miss (the Mighty's redeal of a weak dealt hand, rules-house.md §8.5.3) as the
table records it: who called it, among those dealt in. Nothing is played, so nothing is
scored (the rules charge nothing for it), and whoever called it deals the new hand.

The hand form carries it: the player tapped under the declarer's title is the caller,
and the Deal miss button sends the form. The form offers it only where the variant and
its house rules allow a deal miss (``variant.deal_miss_on``), and the engine judges the
call as its auction judges ``dealmiss`` (``variant.deal_miss_called``).
"""

from typing import Any

from django.core.exceptions import NON_FIELD_ERRORS
from django.utils.translation import gettext as _

from scoring.models import GameSession, Hand
from scoring.rules import RulesError
from scoring.table.form import Data, HandForm, _FormProblem

DEAL_MISS = "dealmiss"  # the form's action: the Deal miss button
# The fields a deal miss reads; anything else entered is dropped with it.
READ = frozenset({"out", "declarer", "key", "version", NON_FIELD_ERRORS})


class DealMissForm(HandForm):
    """The hand form read as a deal miss: who sits out, and who called it."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.caller: int | None = None  # the engine's seat of whoever called it, once judged
        title = self.variant.term("declarer_title")
        self.fields["declarer"].error_messages["required"] = _(
            "Who called the deal miss? Tap their name under %(title)s, then Deal miss."
        ) % {"title": title}

    def full_clean(self) -> None:
        super().full_clean()
        # The contract or result half entered before the deal miss was called: dropped.
        errors = self.errors
        for name in [name for name in errors if name not in READ]:
            del errors[name]

    def clean(self) -> Data:
        data = self.cleaned_data
        if "declarer" not in data:
            return data
        try:
            if not self.variant.deal_miss_on(self.rules):
                raise _FormProblem(
                    _("This table plays without deal misses (see its house rules)."), "declarer"
                )
            self.out_places = self._out(data)
            self.seat = self.lineup.seat_of(self.out_places)
            caller = self._playing(data["declarer"], "declarer")
            self.variant.deal_miss_called(self.n, caller, self.rules)
        except RulesError as error:
            self._add_rules_error(error)
            return data
        self.caller = caller
        return data

    def hand_values(self) -> dict[str, Any]:
        """The model fields of the deal miss: who played, and who called it."""
        if self.caller is None:
            raise ValueError("only a valid deal miss has an entry to store")
        return {**self.lineup.values(self.out_places), **Hand.deal_miss_values(self.caller)}


def offers_deal_miss(session: GameSession, players: int | None) -> bool:
    """Whether a hand of ``players`` at this table may be a deal miss: the game and its
    house rules allow one (the form then shows the Deal miss button)."""
    if players is None:
        return False
    try:
        return session.engine.deal_miss_on(session.rules(players))
    except RulesError:  # house rules that do not hold at this count: no hand to record
        return False
