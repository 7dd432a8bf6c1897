"""Auctions: checking a sequence of calls and telling where it stands.

Three ways an auction ends are enough for all seven games: after a bid, every
other player passes in a row (``consecutive``); every player but the high bidder
has passed, passes being final (``all_but_one``, the Mighty); or each player has
made exactly one call (``one_each``, Nap). Thai's free order, where anyone may
call at any moment, is ``run_free_auction``.
"""

from collections.abc import Sequence
from dataclasses import dataclass

from scoring.rules.bids import DEAL_MISS, Contract, Ladder, parse_call
from scoring.rules.errors import IllegalCall, NotationError, OutOfRange
from scoring.rules.i18n import N_, _
from scoring.rules.sentences import Seat

CONSECUTIVE, ALL_BUT_ONE, ONE_EACH = "consecutive", "all_but_one", "one_each"


@dataclass(frozen=True)
class AuctionPlan:
    players: int
    first: int  # the seat that makes the first call
    ladder: Ladder
    pass_is_final: bool
    ending: str
    second_round: bool = False  # Mighty: all pass once, then one more round
    second_round_low: int | None = None  # the lowest bid in that second round
    deal_miss: bool = False  # Mighty: a weak hand may call a deal miss as its first call
    last_must_bid: int | None = None  # Nap: the dealer's lowest forced bid after all pass


@dataclass(frozen=True)
class AuctionState:
    complete: bool
    next: int | None
    declarer: int | None
    contract: Contract | None
    redeal: bool
    best: Contract | None
    reason: str
    round: int = 1
    deal_miss: int | None = None  # the seat that called a deal miss (the hand is redealt)


def the_dealer(dealer: int | None) -> int:
    """The dealer's seat, which an auction in turn starts from (there is none to guess)."""
    if dealer is None:
        raise NotationError(N_("{field} is required."), "dealer", field="dealer")
    return dealer


def left_of(dealer: int | None, players: int) -> int:
    """The seat left of the dealer, who calls first."""
    return (the_dealer(dealer) + 1) % players


@dataclass(frozen=True)
class DealMiss:
    """Whether a dealt hand may call a deal miss (the Mighty), with its count and the most
    a hand may count."""

    qualifies: bool
    value: int
    max: int
    reason: str


def run_auction(plan: AuctionPlan, calls: Sequence[object]) -> AuctionState:
    """Check every call in order; raise on the first bad one (its field is ``calls[i]``)."""
    walk = _Walk(plan)
    for index, text in enumerate(calls):
        try:
            walk.call(text)
        except (IllegalCall, NotationError) as error:
            raise error.at(f"calls[{index}]") from None
    return walk.state()


class _Walk:
    def __init__(self, plan: AuctionPlan) -> None:
        self.plan = plan
        self.seat = plan.first
        self.best: Contract | None = None
        self.bidder: int | None = None
        self.passed: set[int] = set()
        self.in_a_row = 0
        self.calls_made = 0
        self.round = 1
        self.low: int | None = None
        self.done = False
        self.redeal = False
        self.called: set[int] = set()
        self.deal_miss: int | None = None

    def call(self, text: object) -> None:
        if self._is_deal_miss(text):
            self._call_deal_miss()
            return
        call = parse_call(self.plan.ladder, text)
        if self.done:
            raise IllegalCall(N_("The auction is already over; no more calls are taken."))
        if isinstance(call, str):  # a pass
            if self._forced():
                raise IllegalCall(
                    N_(
                        "Everyone before the dealer passed, so the dealer may not pass: bid at "
                        "least {bid} (house rule)."
                    ),
                    # The call itself, not its code: a page names it in its language.
                    bid=self.plan.ladder.parse(self.plan.ladder.ladder()[0]),
                )
            self.passed.add(self.seat)
            self.in_a_row += 1
        else:
            self._bid(call)
        self.called.add(self.seat)
        self.calls_made += 1
        self._maybe_end()
        self.seat = (self.seat + 1) % self.plan.players

    def _bid(self, bid: Contract) -> None:
        if self.plan.pass_is_final and self.seat in self.passed:
            raise passed_for_good(self.seat)
        self.plan.ladder.verify_bounds(bid, self.plan.last_must_bid if self._forced() else self.low)
        self.plan.ladder.verify_beats(bid, self.best)
        self.best, self.bidder, self.in_a_row = bid, self.seat, 0

    def _forced(self) -> bool:
        """Nap's dealer after everyone else passed, with ``all_pass: dealer_bids_one``."""
        return (
            self.plan.last_must_bid is not None
            and self.best is None
            and self.calls_made == self.plan.players - 1
        )

    def _is_deal_miss(self, text: object) -> bool:
        return self.plan.deal_miss and isinstance(text, str) and text.strip().lower() == DEAL_MISS

    def _call_deal_miss(self) -> None:
        if self.done:
            raise IllegalCall(N_("The auction is already over; no more calls are taken."))
        if self.seat in self.called:
            raise IllegalCall(
                N_(
                    "Seat {seat} has already called: a deal miss may only be a player's first "
                    "call (house rule)."
                ),
                named=N_(
                    "{seat} has already called: a deal miss may only be a player's first "
                    "call (house rule)."
                ),
                seat=Seat(self.seat),
            )
        self.deal_miss, self.done, self.redeal = self.seat, True, True
        self.best = self.bidder = None
        self.calls_made += 1

    def _maybe_end(self) -> None:
        n, ending = self.plan.players, self.plan.ending
        if ending == ONE_EACH:
            if self.calls_made == n:
                self._finish()
        elif self.best is not None:
            others_passed = (
                self.in_a_row >= n - 1
                if ending == CONSECUTIVE
                else len(self.passed - {self.bidder}) >= n - 1
            )
            if others_passed:
                self._finish()
        elif (self.in_a_row if ending == CONSECUTIVE else len(self.passed)) >= n:
            if self.plan.second_round and self.round == 1:
                self.round, self.passed, self.in_a_row = 2, set(), 0
                self.low = self.plan.second_round_low
            else:
                self._finish()

    def _finish(self) -> None:
        self.done = True
        self.redeal = self.best is None

    def state(self) -> AuctionState:
        if self.deal_miss is not None:
            reason = _(
                "Seat {seat} called a deal miss: the cards are dealt again, by that player "
                "(house rule)."
            ).format(seat=self.deal_miss)
            return AuctionState(
                True, None, None, None, True, None, reason, self.round, self.deal_miss
            )
        if self.redeal:
            return AuctionState(
                True, None, None, None, True, None, _all_passed(self.round), self.round
            )
        if self.done:
            reason = _("Seat {seat} wins the auction with {bid}: every other player passed.")
            if self.plan.ending == ONE_EACH:
                reason = _("Seat {seat} wins the auction with {bid}: every player has called once.")
            reason = reason.format(seat=self.bidder, bid=self.best)
            return AuctionState(
                True, None, self.bidder, self.best, False, self.best, reason, self.round
            )
        return AuctionState(
            False, self.seat, None, None, False, self.best, self._open_reason(), self.round
        )

    def _open_reason(self) -> str:
        if self.round == 2 and self.best is None:
            return _(
                "Everyone passed once, so a second round is under way: seat {seat} calls next."
            ).format(seat=self.seat)
        return _("Seat {seat} calls next.").format(seat=self.seat)


def _all_passed(rounds: int) -> str:
    if rounds == 2:
        return _("Every player passed in both rounds: the cards are dealt again.")
    return _("Every player passed: the cards are dealt again.")


def run_free_auction(
    players: int, ladder: Ladder, calls: Sequence[object], low: int | None = None
) -> AuctionState:
    """Anyone may call at any time; each bid must beat the last. Calls are ``{seat, call}``."""
    best: Contract | None = None
    bidder: int | None = None
    passed: set[int] = set()
    done = False
    for index, item in enumerate(calls):
        path = f"calls[{index}]"
        seat, text = free_item(item, players, path)
        try:
            call = parse_call(ladder, text)
        except NotationError as error:
            raise error.at(f"{path}.call") from None
        if done:
            raise IllegalCall(N_("The auction is already over; no more calls are taken."), path)
        if isinstance(call, str):  # a pass
            passed.add(seat)
        else:
            try:
                ladder.verify_bounds(call, low)
                ladder.verify_beats(call, best)
            except IllegalCall as error:
                raise error.at(path) from None
            best, bidder, passed = call, seat, set()
        others = set(range(players)) - ({bidder} if bidder is not None else set())
        done = passed >= others
    if done and best is None:
        return AuctionState(True, None, None, None, True, None, _all_passed(1))
    if done:
        reason = _("Seat {seat} wins the auction with {bid}: every other player passed.").format(
            seat=bidder, bid=best
        )
        return AuctionState(True, None, bidder, best, False, best, reason)
    return AuctionState(False, None, None, None, False, best, _("Anyone may call next."))


def free_item(item: object, players: int, path: str) -> tuple[int, object]:
    if not isinstance(item, dict):
        raise FreeCallShape(
            N_('In a free auction each call is an object such as {"seat": 2, "call": "3S"}.'),
            path,
        )
    seat = item.get("seat")
    if not isinstance(seat, int) or isinstance(seat, bool):
        raise FreeCallShape(N_("seat must be a whole number."), f"{path}.seat")
    if not 0 <= seat < players:
        raise no_such_seat(seat, players, f"{path}.seat")
    if "call" not in item:
        raise FreeCallShape(N_("call is missing."), f"{path}.call")
    return seat, item["call"]


class FreeCallShape(NotationError):
    """A call of a free auction that is not a ``{"seat": …, "call": …}`` object."""


def passed_for_good(seat: int) -> IllegalCall:
    return IllegalCall(
        N_("Seat {seat} has passed, and a pass is final: only pass is allowed."),
        named=N_("{seat} has passed, and a pass is final: only pass is allowed."),
        seat=Seat(seat),
    )


def no_such_seat(seat: int, players: int, field: str) -> OutOfRange:
    return OutOfRange(
        N_("Seat {seat} does not exist with {players} players."),
        field,
        named=N_("{seat} does not exist: the seats are 1 to {players}."),
        seat=Seat(seat),
        players=players,
    )
