"""Bids and contracts, and the ladders that read and order them.

A ladder knows one variant's bid notation (how a call is written), the order of
bids, and the bounds the rules put on them. Notation faults are
``CallNotationError`` (400); a well-written bid the rules forbid is ``IllegalCall``.
"""

import re
from dataclasses import dataclass
from typing import Any, Protocol

from scoring.rules.cards import NO_TRUMP, SUITS, SYMBOLS
from scoring.rules.errors import CallNotationError, IllegalCall
from scoring.rules.i18n import N_, _
from scoring.rules.sentences import Listing, Writer

PASS = "pass"
DEAL_MISS = "dealmiss"  # the Mighty's weak-hand call: a new deal
_SUIT_BID = re.compile(r"(\d{1,3})(S|H|D|C|NT)?", re.IGNORECASE)


@dataclass(frozen=True, slots=True)
class Bid:
    """A bid or contract: a number and a trump (``NT`` for no trump; ``None`` not named yet)."""

    count: int
    trump: str | None = None

    def __str__(self) -> str:
        return f"{self.count}{self.trump or ''}"

    @property
    def label(self) -> str:
        """As a player reads it: ``3♠``, ``14NT``."""
        trump = self.trump or ""
        return f"{self.count}{SYMBOLS.get(trump, trump)}"

    @property
    def no_trump(self) -> bool:
        return self.trump == NO_TRUMP

    def written(self, writer: Writer) -> str:
        return writer.bid(self)


NAP_LABELS = {
    "two": N_("two"),
    "three": N_("three"),
    "misere": N_("misère"),
    "four": N_("four"),
    "nap": N_("nap"),
    "wellington": N_("Wellington"),
    "blucher": N_("Blücher"),
    "one": N_("one"),
    "garnet": N_("Sir Garnet"),
}


@dataclass(frozen=True, slots=True)
class NapBid:
    name: str
    rank: int
    value: int
    tricks_needed: int

    def __str__(self) -> str:
        return self.name

    @property
    def label(self) -> str:
        return _(NAP_LABELS[self.name])

    @property
    def no_trump(self) -> bool:
        return False

    def written(self, writer: Writer) -> str:
        return writer.named_call(self)


# A final contract: a count and a trump, or one of Nap's named calls.
Contract = Bid | NapBid
# A call of the auction: a bid, or a word (``pass``, the Mighty's ``dealmiss``).
Call = Contract | str


class Ladder(Protocol):
    """What an auction asks of a variant's bids (``SuitLadder``, ``NapLadder``)."""

    low: int

    def parse(self, text: object) -> Contract: ...

    def verify_bounds(self, bid: Any, low: int | None = None) -> None: ...

    def verify_beats(self, bid: Any, best: Any) -> None: ...

    def ladder(self, low: int | None = None) -> list[str]: ...


def _quote(text: object) -> str:
    return f"'{text}'" if isinstance(text, str) else repr(text)


class SuitLadder:
    """Bids written ``<count><trump>``; higher count wins, then the trump order.

    ``trump_rank`` maps each allowed trump to its strength at equal count; a trump
    missing from it cannot be bid. ``trump_required=False`` reads bare numbers
    (Taiwan's number style, where the trump is named after the auction).
    """

    def __init__(
        self,
        low: int,
        high: int,
        trump_rank: dict[str, int],
        trump_required: bool = True,
        what: str = "",
        extra: "Bid | None" = None,
    ) -> None:
        self.low, self.high = low, high
        self.trump_rank = trump_rank
        self.trump_required = trump_required
        self.what = what
        # A contract a house rule allows below the lowest bid (Japanese ``all_pass:
        # starter_12S``: the forced 12♠ stands whatever ``min_bid`` says).
        self.extra = extra

    def example(self) -> str:
        if not self.trump_required:
            return str(self.low)
        return f"{self.low}{next(iter(self.trump_rank))}"

    def parse(self, text: object) -> Bid:
        match = _SUIT_BID.fullmatch(text.strip()) if isinstance(text, str) else None
        if match is None:
            raise self._notation(text)
        count, trump = int(match.group(1)), match.group(2)
        trump = trump.upper() if trump else None
        if self.trump_required and trump not in self.trump_rank:
            raise self._notation(text)
        if not self.trump_required and trump is not None:
            raise self._notation(text)
        return Bid(count, trump)

    def _notation(self, text: object) -> CallNotationError:
        trumps = ", ".join(self.trump_rank) if self.trump_required else ""
        if self.trump_required:
            template = N_(
                "{call} is not a bid here: write {what} then a trump ({trumps}), such as {example}."
            )
        else:
            template = N_("{call} is not a bid here: write {what} alone, such as {example}.")
        example = Bid(self.low, next(iter(self.trump_rank)) if self.trump_required else None)
        return CallNotationError(
            template, call=_quote(text), what=_(self.what), trumps=trumps, example=example
        )

    def key(self, bid: Bid) -> tuple[int, int]:
        return (bid.count, self.trump_rank.get(bid.trump or "", 0))

    def verify_bounds(self, bid: Bid, low: int | None = None) -> None:
        low = self.low if low is None else low
        if bid.count < low and bid != self.extra:
            raise IllegalCall(N_("{bid} is below the lowest bid, {low}."), bid=bid, low=low)
        if bid.count > self.high:
            raise IllegalCall(
                N_("{bid} is above the highest bid, {high}."), bid=bid, high=self.high
            )

    def verify_beats(self, bid: Bid, best: Bid | None) -> None:
        if best is not None and self.key(bid) <= self.key(best):
            raise IllegalCall(N_("{bid} does not beat {best}."), bid=bid, best=best)

    def ladder(self, low: int | None = None) -> list[str]:
        """Every bid from lowest to highest, as the referee page shows it."""
        low = self.low if low is None else low
        if not self.trump_required:
            return [str(n) for n in range(low, self.high + 1)]
        trumps = sorted(self.trump_rank, key=self.trump_rank.__getitem__)
        below = [str(self.extra)] if self.extra is not None and self.extra.count < low else []
        return below + [f"{n}{t}" for n in range(low, self.high + 1) for t in trumps]


def suit_order(order: str, no_trump: str = "off") -> dict[str, int]:
    """Trump strengths from a strongest-first suit string such as ``SHDC``."""
    ranks = {suit: len(order) - i for i, suit in enumerate(order)}
    if no_trump == "highest":
        ranks[NO_TRUMP] = len(order) + 1
    elif no_trump == "lowest":
        ranks[NO_TRUMP] = 0
    return dict(sorted(ranks.items(), key=lambda item: -item[1]))


STANDARD_SUIT_ORDER = "SHDC"
EQUAL_SUITS = {suit: 0 for suit in SUITS}


NAP_BIDS = {
    bid.name: bid
    for bid in (
        NapBid("two", 1, 2, 2),
        NapBid("three", 2, 3, 3),
        NapBid("misere", 3, 3, 0),
        NapBid("four", 4, 4, 4),
        NapBid("nap", 5, 5, 5),
        NapBid("wellington", 6, 10, 5),
        NapBid("blucher", 7, 20, 5),
    )
}
FULL_NAP = NAP_BIDS["nap"]  # all five tricks, the call the game is named after
# Calls that only Nap's house rules add: the dealer's forced one, and Sir
# Garnet, a nap taken with the extra hand (it ranks with nap: neither beats the other).
NAP_HOUSE_BIDS = {
    "one": NapBid("one", 0, 1, 1),
    "garnet": NapBid("garnet", 5, 5, 5),
}
_NAP_ALIASES = {"misère": "misere", "blücher": "blucher"}
_NEEDS = {"wellington": ("nap", "garnet"), "blucher": ("wellington",)}
FORCED_ONE = 0  # the rank of ``one``: a bound only the dealer's forced bid may reach


class NapLadder:
    """Nap's named calls; Wellington and Blücher only over the call just below them.

    ``house`` names the calls house rules add (``one``, ``garnet``); ``low`` is the lowest
    rank a bid may have unless the auction lowers it (a final contract may be ``one``).
    """

    def __init__(self, house: tuple[str, ...] = (), low: int = 1) -> None:
        bids = {**NAP_BIDS, **{name: NAP_HOUSE_BIDS[name] for name in house}}
        self.bids = dict(sorted(bids.items(), key=lambda item: item[1].rank))
        self.low = low

    def parse(self, text: object) -> NapBid:
        name = text.strip().lower() if isinstance(text, str) else ""
        name = _NAP_ALIASES.get(name, name)
        if name not in self.bids:
            raise CallNotationError(
                N_("{call} is not a Nap call: write pass, {calls}."),
                call=_quote(text),
                calls=", ".join(self.bids),
            )
        return self.bids[name]

    def key(self, bid: NapBid) -> int:
        return bid.rank

    def verify_bounds(self, bid: NapBid, low: int | None = None) -> None:
        if bid.rank < (self.low if low is None else low):
            raise IllegalCall(
                N_(
                    "{bid} may be bid only by the dealer, when everyone before has passed "
                    "(house rule)."
                ),
                bid=bid,
            )

    def verify_beats(self, bid: NapBid, best: NapBid | None) -> None:
        if best is not None and bid.rank <= best.rank:
            raise IllegalCall(N_("{bid} does not beat {best}."), bid=bid, best=best)
        needs = [name for name in _NEEDS.get(bid.name, ()) if name in self.bids]
        if needs and (best is None or best.name not in needs):
            raise IllegalCall(
                N_("{bid} may only be called over {needs}."),
                bid=bid,
                needs=Listing(tuple(self.bids[name] for name in needs), " / "),
            )

    def ladder(self, low: int | None = None) -> list[str]:
        return list(self.bids)


def parse_call(ladder: Ladder, text: object) -> Call:
    """A call: ``PASS`` or a bid of ``ladder``'s notation."""
    if isinstance(text, str) and text.strip().lower() == PASS:
        return PASS
    return ladder.parse(text)
