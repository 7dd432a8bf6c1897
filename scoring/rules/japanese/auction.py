"""The Japanese auction with its house rules.

In turn from the dealer's left, or free (anyone may call at any moment, calls written
``{"seat": 2, "call": "13S"}`` as in Thai); either way it ends when every seat but the high
bidder has passed since the last bid. When everyone has passed with no bid, ``all_pass``
decides: a redeal, a second round with the widow face up, or the previous hand's napoleon
(or adjutant) must open with a bid.
"""

from collections.abc import Sequence
from dataclasses import dataclass

from scoring.rules.auction import AuctionState, free_item, passed_for_good
from scoring.rules.bids import Bid, Call, Contract, Ladder, parse_call
from scoring.rules.errors import IllegalCall, NotationError
from scoring.rules.i18n import N_, _
from scoring.rules.sentences import Seat

PREVIOUS = ("previous_napoleon", "previous_adjutant")
STARTER = "starter_12S"
# ``all_pass: starter_12S``: after every player passes, the first caller plays 12♠.
STARTER_CONTRACT = Bid(12, "S")


@dataclass(frozen=True)
class JapanesePlan:
    players: int
    first: int | None  # who calls first in turn; None in a free auction
    ladder: Ladder
    pass_is_final: bool
    all_pass: str
    previous: int | None = None  # the seat that must open after all pass (previous_*)


def run(plan: JapanesePlan, calls: Sequence[object]) -> AuctionState:
    """Check every call in order; the first bad one raises with its field ``calls[i]``."""
    walk = _Walk(plan)
    for index, item in enumerate(calls):
        path = f"calls[{index}]"
        if plan.first is None:
            seat, text = free_item(item, plan.players, path)
            where = f"{path}.call"
        else:
            seat, text, where = walk.seat, item, path
        try:
            call = parse_call(plan.ladder, text)
        except NotationError as error:
            raise error.at(where) from None
        try:
            walk.call(seat, call)
        except IllegalCall as error:
            raise error.at(path) from None
    return walk.state()


class _Walk:
    def __init__(self, plan: JapanesePlan) -> None:
        self.plan = plan
        self.seat = plan.first or 0  # in turn: who calls next (unused in a free auction)
        self.best: Contract | None = None
        self.bidder: int | None = None
        self.passed: set[int] = set()  # passes that bind, where a pass is final
        self.since: set[int] = set()  # seats that passed since the last bid
        self.round = 1
        self.forced: int | None = None  # the seat that must bid now (previous_*)
        self.done = self.redeal = False
        self.starter = False  # all passed and the first caller plays 12♠ (starter_12S)

    def call(self, seat: int, call: Call) -> None:
        if self.done:
            raise IllegalCall(N_("The auction is already over; no more calls are taken."))
        forced = self.forced
        if forced is not None:
            self._verify_forced(seat, call, forced)
        if isinstance(call, str):  # a pass
            self.passed.add(seat)
            self.since.add(seat)
        else:
            self._bid(seat, call, forced)
        self.forced = None
        self._maybe_end()
        if self.plan.first is not None:
            self.seat = self.forced if self.forced is not None else (seat + 1) % self.plan.players

    def _verify_forced(self, seat: int, call: Call, forced: int) -> None:
        if seat != forced:
            raise IllegalCall(
                N_(
                    "Everyone passed, so seat {seat} must open with a bid before anyone else "
                    "calls (house rule)."
                ),
                named=N_(
                    "Everyone passed, so {seat} must open with a bid before anyone else "
                    "calls (house rule)."
                ),
                seat=Seat(forced),
            )
        if isinstance(call, str):  # a pass
            raise IllegalCall(
                N_("Everyone passed, so seat {seat} must bid now and may not pass (house rule)."),
                named=N_("Everyone passed, so {seat} must bid now and may not pass (house rule)."),
                seat=Seat(seat),
            )

    def _bid(self, seat: int, bid: Contract, forced: int | None) -> None:
        if self.plan.pass_is_final and seat in self.passed and seat != forced:
            raise passed_for_good(seat)
        self.plan.ladder.verify_bounds(bid)
        self.plan.ladder.verify_beats(bid, self.best)
        self.best, self.bidder, self.since = bid, seat, set()
        self.passed.discard(seat)  # a forced opener's earlier pass binds no longer

    def _maybe_end(self) -> None:
        seats = set(range(self.plan.players))
        if self.best is not None:
            if self.since >= seats - {self.bidder}:
                self.done = True
        elif self.since >= seats:
            self._all_passed()

    def _all_passed(self) -> None:
        rule = self.plan.all_pass
        if self.round == 1 and rule == "widow_shown":
            self.round, self.passed, self.since = 2, set(), set()
        elif self.round == 1 and rule in PREVIOUS and self.plan.previous is not None:
            self.round, self.since, self.forced = 2, set(), self.plan.previous
        elif rule == STARTER and self.plan.first is not None:
            self.done, self.best, self.bidder = True, STARTER_CONTRACT, self.plan.first
            self.starter = True
        else:
            self.done = self.redeal = True

    def state(self) -> AuctionState:
        if self.redeal:
            return AuctionState(
                True, None, None, None, True, None, self._redeal_reason(), self.round
            )
        if self.starter:
            reason = _(
                "Every player passed, so seat {seat}, the first to call, is the napoleon with "
                "{bid} (house rule)."
            ).format(seat=self.bidder, bid=self.best)
            return AuctionState(
                True, None, self.bidder, self.best, False, self.best, reason, self.round
            )
        if self.done:
            reason = _("Seat {seat} wins the auction with {bid}: every other player passed.")
            reason = reason.format(seat=self.bidder, bid=self.best)
            return AuctionState(
                True, None, self.bidder, self.best, False, self.best, reason, self.round
            )
        nxt = self.forced if self.forced is not None else self._in_turn()
        return AuctionState(False, nxt, None, None, False, self.best, self._open(nxt), self.round)

    def _redeal_reason(self) -> str:
        if self.round == 2:
            return _("Every player passed in both rounds: the cards are dealt again.")
        if self.plan.all_pass == "previous_napoleon":
            return _(
                "Every player passed, and there is no previous napoleon to open (house rule): "
                "the cards are dealt again."
            )
        if self.plan.all_pass == "previous_adjutant":
            return _(
                "Every player passed, and there is no previous adjutant to open (house rule): "
                "the cards are dealt again."
            )
        return _("Every player passed: the cards are dealt again.")

    def _in_turn(self) -> int | None:
        """Who calls next in turn; None in a free auction, where anyone may."""
        return None if self.plan.first is None else self.seat

    def _open(self, nxt: int | None) -> str:
        if self.forced is not None:
            return _("Everyone passed, so seat {seat} must open with a bid (house rule).").format(
                seat=nxt
            )
        if self.round == 2 and self.best is None:
            return _(
                "Everyone passed, so the widow is turned face up and the bidding starts again "
                "(house rule)."
            )
        if nxt is None:
            return _("Anyone may call next.")
        return _("Seat {seat} calls next.").format(seat=nxt)
