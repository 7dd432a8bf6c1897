"""A league kept through the app's own pages, exported and imported into an empty league,
is the same league: every hand (its number, who played it and who sat it out, the
dealer, contract, called card, partner, the killed seat, how the result was entered and
what it was, the engine's verdict, key and version), every score, every seat, the stakes
and house rules, each session's standings and the league page's figures.

Each game is played as a table plays it: New game, hands saved from the table page as
it opens and as its chips are tapped (each way of entering a result the game offers),
one passed out (and, in the Mighty, deal misses), players who sit hands out or come and go, a stake changed from a hand
on, a hand edited, one deleted, one undone and restored, a session ended.
"""

import pytest

from scoring.models import GameSession
from tests.factories import make_league
from tests.history.at_the_table import Table
from tests.history.round_trip import assert_the_same_after_a_round_trip

pytestmark = pytest.mark.django_db

TAIWAN_GRID = {"SA": "in", "SK": "in", "HA": "in", "DJ": "discard"}
POINT_GRID = {"SA": "in", "SK": "in", "S10": "in", "HA": "in", "DJ": "discard"}


def taiwan(table: Table) -> None:
    """Five, then a sixth joins (five dealt in), then one leaves; a stake from hand 4."""
    table.start(
        "taiwan",
        ["Ann", "Ben", "Cat", "Dan", "Eve"],
        stake="0.10",
        first_dealer="2",
        opt_taiwan_first_lead="napoleon",
        opt_taiwan_score_values__standard_made_napoleon="110",
    )
    called = {"called_suit": "H", "called_rank": "A"}
    table.hand(declarer="Ann", level="3", trump="S", partner="Ben", points="12", **called)
    table.hand(
        declarer="Cat", level="2", trump="H", called_suit="S", called_rank="K",
        partner="Dan", mode="cards", cards=TAIWAN_GRID,
    )  # fmt: skip
    table.passed()
    table.stake("0.25", start=4)
    table.hand(declarer="Dan", level="1", trump="NT", partner="alone", points="9")
    table.players("join", name="Fay", after="Eve", per_hand="5")
    table.hand(declarer="Ann", level="4", trump="D", partner="Fay", points="15", **called)
    table.passed()
    table.hand(declarer="Fay", level="2", trump="C", partner="alone", points="8", out=["Ann"])
    table.edit(1, points="13")
    table.delete(4)
    table.players("leave", who="Ben")
    table.hand(declarer="Cat", level="3", trump="S", partner="Eve", points="11", **called)
    table.end()


def hongkong(table: Table) -> None:
    """Seven at a six-player game: one sits out each hand; the stake is dropped from hand 4."""
    table.start(
        "hongkong",
        ["Ah Fai", "Bo", "Chun", "Dik", "Ella", "Fung", "Gigi"],
        stake="1.00",
        opt_hongkong_score_values__dictator_made_napoleon="250",
    )
    table.hand(
        declarer="Bo", level="3", trump="S", called_suit="D", called_rank="K",
        partner="Chun", points="12",
    )  # fmt: skip
    table.hand(
        declarer="Dik", level="2", trump="H", called_suit="S", called_rank="A",
        partner="Dik", mode="cards", cards=TAIWAN_GRID, out=["Ah Fai"],
    )  # fmt: skip
    table.passed(out=["Bo"])
    table.stake("", start=4)
    table.hand(declarer="Ella", level="1", trump="NT", partner="alone", points="14", out=["Gigi"])
    # The next week's table, set and never played.
    table.start("hongkong", ["Bo", "Chun", "Dik", "Ella", "Fung", "Gigi", "Ivy"], date="2025-06-06")


def japanese(table: Table) -> None:
    """Two nights: five with four dealt in and the score in wins; then the chip table,
    with the table's own numbers."""
    table.start("japanese", ["Aki", "Ben", "Chie", "Daisuke", "Emi"], stake="0.50")
    table.players("deal_in", per_hand="4")
    called = {"called_suit": "H", "called_rank": "A"}
    table.hand(declarer="Ben", level="13", trump="S", partner="Chie", points="15", **called)
    table.hand(
        declarer="Chie", level="12", trump="D", partner="alone", mode="cards",
        cards=POINT_GRID, out=["Aki"],
    )  # fmt: skip
    table.passed()
    table.stake("0.75", start=3)
    table.hand(declarer="Emi", level="14", trump="C", partner="Aki", points="10", **called)
    table.end()
    table.start(
        "japanese",
        ["Aki", "Ben", "Chie", "Daisuke", "Emi", "Fumi"],
        date="2025-05-09",
        opt_japanese_score_table="chips",
        opt_japanese_yoromeki="HQ",
        opt_japanese_score_values__made_napoleon="5",
    )
    table.hand(declarer="Fumi", level="16", trump="H", partner="Aki", points="17", **called)
    table.hand(
        declarer="Aki", level="13", trump="S", partner="Ben", called_suit="C",
        called_rank="K", mode="cards", cards=POINT_GRID, grid_side="decl",
    )  # fmt: skip
    table.passed()
    table.stake("0.10", start=3)
    table.hand(declarer="Chie", level="11", trump="D", partner="alone", points="20")


def japanese_chip(table: Table) -> None:
    """Six dealt in; a seventh joins (six dealt in, one sits out)."""
    table.start(
        "japanese-chip",
        ["Aki", "Ben", "Chie", "Daisuke", "Emi", "Fumi"],
        stake="0.05",
        **{
            "opt_japanese-chip_siberian": "false",
            "opt_japanese-chip_score_values__made_general": "3",
        },
    )
    called = {"called_suit": "S", "called_rank": "K"}
    table.hand(declarer="Aki", level="13", trump="S", partner="Ben", points="15", **called)
    table.hand(
        declarer="Ben", level="14", trump="H", partner="Daisuke", mode="cards",
        cards=POINT_GRID, **called,
    )  # fmt: skip
    table.players("join", name="Gen", after="Chie", per_hand="6")
    table.passed()
    table.stake("0.10", start=4)
    table.hand(declarer="Gen", level="11", trump="C", partner="alone", points="8", out=["Emi"])
    # After the last hand: one goes home, another sits down for a hand never played.
    table.players("leave", who="Ben")
    table.players("join", name="Hiro", after="Aki", per_hand="6")


def thai(table: Table) -> None:
    """Six at a five-player game. Saved as the page opens (a quick count of the
    napoleon's side's tricks), by player, toppled, passed out; a stake from hand 4."""
    table.start(
        "thai",
        ["Nok", "Pim", "Som", "Tao", "Ying", "Zed"],
        stake="0.20",
        opt_thai_tie="napoleon_loses",
        opt_thai_score_values__win="3",
    )
    called = {"called_suit": "H", "called_rank": "A"}
    table.hand(declarer="Nok", level="2", trump="S", partner="Pim", points="8", **called)
    table.hand(
        declarer="Pim", level="1", trump="D", partner="Som", mode="tricks",
        tricks={"Pim": 3, "Som": 4, "Tao": 1, "Ying": 1, "Zed": 1}, out=["Nok"], **called,
    )  # fmt: skip
    table.hand(declarer="Som", level="3", trump="C", partner="alone", toppled="on")
    table.stake("0.30", start=4)
    table.passed()
    table.hand(
        declarer="Tao", level="1", trump="H", partner="Ying", points="4", out=["Zed"], **called
    )
    table.edit(1, mode="tricks", tricks={"Nok": 5, "Pim": 2, "Som": 1, "Tao": 1, "Ying": 1})
    table.edit(2, mode="count", points="6")
    # A table that never got going: one went home before the first deal, the fifth.
    table.start("thai", ["Nok", "Pim", "Som", "Tao", "Ying"], date="2025-06-13", first_dealer="5")
    table.players("leave", who="Pim")


def mighty(table: Table) -> None:
    """Seven at a six-player game: each hand one sits out and the declarer kills a
    seat; then five of the seven are dealt in (no seat killed)."""
    table.start(
        "mighty",
        ["Jin", "Min", "Soo", "Hyun", "Woo", "Yeon", "Kyu"],
        stake="0.01",
        opt_mighty_formula="pagat",
        opt_mighty_deal_miss="on",
        opt_mighty_score_values__base="3",
    )
    called = {"called_suit": "D", "called_rank": "A"}
    table.hand(
        declarer="Jin", killed="Soo", level="14", trump="S", partner="Min", points="15",
        **called,
    )  # fmt: skip
    table.hand(
        declarer="Hyun", killed="Jin", level="13", trump="NT", partner="Woo",
        mode="cards", cards=POINT_GRID, out=["Kyu"], **called,
    )  # fmt: skip
    table.passed()
    table.deal_miss("Woo", out=["Yeon"])  # Woo deals the next hand
    table.stake("0.02", start=2)  # settled late: from hand 2 on
    table.players("deal_in", per_hand="5")
    table.hand(declarer="Yeon", level="13", trump="H", partner="alone", points="11")
    table.deal_miss("Min", out=["Soo", "Hyun"])
    table.edit(6, "dealmiss", declarer="Kyu")  # it was Kyu who called it
    table.hand(
        declarer="Jin", level="15", trump="C", partner="Kyu", mode="cards",
        cards={"SA": "in", "HK": "in"}, grid_side="decl", out=["Min", "Soo"], **called,
    )  # fmt: skip
    table.undo()  # taken back, and brought back from the history
    assert table.restore()


def mighty_penalty(table: Table) -> None:
    """Five at a Mighty whose deal misses cost their caller, doubling in a run: the
    penalties' scores and reasons come back, priced again from the hands before each."""
    table.start(
        "mighty",
        ["Jin", "Min", "Soo", "Hyun", "Woo"],
        stake="0.5",
        opt_mighty_deal_miss="on",
        opt_mighty_deal_miss_penalty="doubling",
        opt_mighty_deal_miss_points="3",
    )
    table.deal_miss("Woo")
    table.passed()  # a hand passed out does not end a run
    table.deal_miss("Min")
    table.deal_miss("Woo")  # Woo's second in a row: doubled
    table.hand(
        declarer="Woo", level="13", trump="S", partner="Jin", points="14",
        called_suit="D", called_rank="A",
    )  # fmt: skip
    table.deal_miss("Woo")  # the hand played ended the run: 3 again
    table.edit(5, "dealmiss", declarer="Jin")  # hand 6 is now Woo's third in a row
    # 3 each for Woo, Min, Jin; 6 for Woo's second; 12 for his third, priced again.
    assert table.session.totals() == [12, 12, 27, 27, -78]


def nap(table: Table) -> None:
    """Five seated, four dealt in; named calls, the dealer's forced one; a quick count of
    the caller's tricks is all the page asks."""
    table.start(
        "nap",
        ["Alf", "Bert", "Cyd", "Dot", "Eric"],
        stake="0.50",
        opt_nap_all_pass="dealer_bids_one",
        opt_nap_payout="classic",
        opt_nap_score_values__three_made="4",
    )
    table.players("deal_in", per_hand="4")
    table.hand(declarer="Alf", nap_bid="three", points="3")
    table.hand(declarer="Bert", nap_bid="nap", points="4")
    table.hand(declarer="Cyd", nap_bid="misere", points="0")
    table.passed()
    table.stake("1.00", start=5)
    table.hand(declarer="Dot", nap_bid="wellington", points="5", out=["Alf"])
    table.hand(declarer="Eric", nap_bid="two", points="2")
    table.hand(declarer=table.dealer(), nap_bid="one", points="0")  # all passed to the dealer
    table.players("deal_in", per_hand="5")  # all five from the next hand on


GAMES = {
    "taiwan": taiwan,
    "hongkong": hongkong,
    "japanese": japanese,
    "japanese-chip": japanese_chip,
    "thai": thai,
    "mighty": mighty,
    "mighty-penalty": mighty_penalty,
    "nap": nap,
}


def play_the_night(client, league, game: str) -> None:
    GAMES[game](Table(client, league))


@pytest.mark.parametrize("game", GAMES)
def test_it_imports_its_own_export_as_the_same_league(owner, owner_client, league, game):
    play_the_night(owner_client, league, game)
    assert GameSession.objects.filter(league=league).exists()
    restored = make_league(owner, name="Restored")
    assert_the_same_after_a_round_trip(owner_client, league, restored)
