"""What an import takes from a file and what it derives again (a file may have been edited
by hand, or made to harm): no half characters anywhere, the engine's own reasons and
results, results counted the way the game counts them, names as the forms take them,
strict types. Every refusal says
where the problem is and leaves the database as it was."""

import json

import pytest

from scoring.models import Hand, League, Player, Seat
from tests.factories import call_deal_miss, counts, make_league, make_session, play
from tests.history.import_files import changed, exported, refusal, rich_league, upload

pytestmark = pytest.mark.django_db

TAIWAN, THAI, NAP = (f"Session {n} (2025-03-14)" for n in (1, 2, 3))


@pytest.fixture
def empty(owner):
    return make_league(owner, name="Restored")


@pytest.fixture
def document(league):
    rich_league(league)
    return exported(league)


def refused(client, league, data: bytes) -> str:
    before = counts()
    response = upload(client, league, data)
    assert response.status_code == 400, response.status_code
    assert counts() == before
    assert League.objects.get(pk=league.pk).name == "Restored"
    return refusal(response)


def with_escape(document: dict, change, escape: str = "\\ud800") -> bytes:
    """The file with ``change`` made, its marker X_X written as a JSON escape."""
    return changed(document, change).replace(b"X_X", escape.encode())


def session(doc, index=0):
    return doc["sessions"][index]


def hand(doc, index=0, at=0):
    return doc["sessions"][at]["hands"][index]


# ---- half characters (lone surrogates) ---------------------------------------------------

SURROGATES = {
    "the league's name": (
        lambda d: d["league"].update(name="Club X_X"),
        "The league: there is \\ud800 in the name, an escape that stands for half a character",
    ),
    "a player's name": (
        lambda d: d["players"].append("X_X"),
        "The list of players: there is \\ud800 in name ",
    ),
    "a seat": (
        lambda d: session(d)["seats"].__setitem__(2, "CatX_X"),
        f"{TAIWAN}: there is \\ud800 in the player in seat 2,",
    ),
    "a reason": (
        lambda d: hand(d)["lines"].append("forged X_X"),
        f"{TAIWAN}, hand 1: there is \\ud800 in a reason,",
    ),
    "a house rule's name": (
        lambda d: session(d)["options"].update({"X_X": True}),
        f"{TAIWAN}: there is \\ud800 in the name of a field in the house rules,",
    ),
    "a usual house rule's name": (
        lambda d: d["league"]["default_options"].update(taiwan={"X_X": 1}),
        "The league: there is \\ud800 in the name of a field in the usual house rules,",
    ),
    "a field's name": (
        lambda d: d.update({"X_X": 1}),
        "The file: there is \\ud800 in a field's name,",
    ),
}


@pytest.mark.parametrize("case", list(SURROGATES))
def test_it_refuses_half_a_character_anywhere(owner_client, empty, document, case):
    change, message = SURROGATES[case]
    assert message in refused(owner_client, empty, with_escape(document, change))


def test_it_refuses_a_trailing_half_character(owner_client, empty, document):
    data = with_escape(document, lambda d: d["league"].update(name="X_X"), "\\udfff")
    assert "The league: there is \\udfff in the name," in refused(owner_client, empty, data)


def test_a_whole_character_written_as_an_escape_pair_is_taken(owner_client, empty, document):
    data = with_escape(document, lambda d: d["league"].update(name="Club X_X"), "\\ud83c\\udccf")
    assert upload(owner_client, empty, data).status_code == 302
    assert League.objects.get(pk=empty.pk).name == "Club 🃏"


# ---- the engine derives again what it can ---------------------------------------------------


def test_reasons_in_the_file_are_never_taken(owner_client, league, empty, document):
    truth = [h["lines"] for s in document["sessions"] for h in s["hands"]]
    data = changed(
        document,
        lambda d: [
            h.update(lines=["Ann wins everything"]) for s in d["sessions"] for h in s["hands"]
        ],
    )
    assert upload(owner_client, empty, data).status_code == 302
    stored = Hand.objects.filter(session__league=empty).order_by("session__pk", "number")
    assert [h.lines for h in stored] == truth
    assert exported(League.objects.get(pk=empty.pk)) == document


def test_the_declarers_points_of_a_card_grid_come_from_the_cards(owner_client, empty, document):
    data = changed(document, lambda d: hand(d, 1).update(declarer_points=None))
    assert upload(owner_client, empty, data).status_code == 302
    stored = Hand.objects.get(session__league=empty, mode=Hand.CARDS)
    assert stored.declarer_points == hand(document, 1)["declarer_points"] is not None


GAME_REFUSALS = {
    "trick counts on a points game": (
        lambda d: hand(d).update(tricks={"0": 5, "1": 5}),
        f"{TAIWAN}, hand 1: Taiwan Napoleon counts point cards, not tricks, so it has no "
        "trick counts.",
    ),
    "a toppled hand in a points game": (
        lambda d: hand(d).update(toppled=True),
        f"{TAIWAN}, hand 1: Taiwan Napoleon counts point cards, not tricks",
    ),
    "a card discarded twice": (
        lambda d: hand(d, 1).update(discards=["SA", "SA"]),
        f"{TAIWAN}, hand 2: the discards list SA twice.",
    ),
    "discards on a quick count": (
        lambda d: hand(d).update(discards=["HA"]),
        f"{TAIWAN}, hand 1: its result was entered as a quick count, so it lists no cards.",
    ),
    "a card grid without cards": (
        lambda d: hand(d, 1).update(captured=None),
        f"{TAIWAN}, hand 2: its result was entered as cards, so it needs the captured cards.",
    ),
    "a quick count without points": (
        lambda d: hand(d).update(declarer_points=None),
        f"{TAIWAN}, hand 1: its result was entered as a quick count, so it needs the "
        "declarer's points.",
    ),
    "tricks entered on a points game": (
        lambda d: hand(d).update(mode="tricks"),
        f"{TAIWAN}, hand 1: Taiwan Napoleon counts point cards, so the result must be entered "
        "as count or cards.",
    ),
    "captured cards on a trick game": (
        lambda d: hand(d, at=1).update(captured={"0": ["SA"]}),
        f"{THAI}, hand 1: Thai Napoleon counts tricks, not point cards, so the captured cards "
        "must be null.",
    ),
    "a card grid on a trick game": (
        lambda d: hand(d, at=1).update(mode="cards"),
        f"{THAI}, hand 1: Thai Napoleon counts tricks, so the result must be entered as tricks "
        "or as a quick count.",
    ),
    "a quick count that lists tricks by seat": (
        lambda d: hand(d, at=1).update(mode="count", declarer_points=7),
        f"{THAI}, hand 1: its result was entered as a quick count, so the tricks must be null.",
    ),
    "a quick count without the side's tricks": (
        lambda d: hand(d, 2, at=1).update(declarer_points=None),
        f"{THAI}, hand 3: its result was entered as a quick count, so it needs the tricks the "
        "declarer's side took.",
    ),
    "a quick count of a hand toppled": (
        lambda d: hand(d, 2, at=1).update(toppled=True),
        f"{THAI}, hand 3: its result was entered as a quick count, so whether it was toppled "
        "must be false.",
    ),
    "a quick count of more tricks than a hand has": (
        lambda d: hand(d, 1, at=2).update(declarer_points=6),
        f"{NAP}, hand 2: the rules cannot score it:",
    ),
    "tricks by seat with a count beside them": (
        lambda d: hand(d, at=1).update(declarer_points=7),
        f"{THAI}, hand 1: its result was entered as tricks, so the declarer's points must be null.",
    ),
    "no tricks on a trick game": (
        lambda d: hand(d, at=1).update(tricks=None),
        f"{THAI}, hand 1: it needs the tricks each seat took.",
    ),
    "a toppled Nap": (
        lambda d: hand(d, at=2).update(toppled=True, tricks=None),
        f"{NAP}, hand 1: Nap has no toppled hands.",
    ),
    "tricks of a seat not at the table": (
        lambda d: hand(d, at=1)["tricks"].update({"7": 0}),
        f"{THAI}, hand 1: seat 7 in the tricks is not at the table: its seats are 0 to 4.",
    ),
    "tricks that do not add up": (
        lambda d: hand(d, at=1)["tricks"].update({"0": 9}),
        f"{THAI}, hand 1: the rules cannot score it:",
    ),
    "a passed hand with reasons is fine, one with a declarer is not": (
        lambda d: hand(d, 2).update(lines=["x"], declarer=0),
        f"{TAIWAN}, hand 3: it was passed out, so the declarer must be null.",
    ),
}


@pytest.mark.parametrize("case", list(GAME_REFUSALS))
def test_it_refuses_a_result_the_game_does_not_count_so(owner_client, empty, document, case):
    change, message = GAME_REFUSALS[case]
    assert message in refused(owner_client, empty, changed(document, change))


# ---- deal misses ----------------------------------------------------------------------------

MIGHTY = "Session 1 (2025-03-14)"
DEAL_MISS_REFUSALS = {
    "a deal miss in a game without one": (
        lambda d: hand(d, 2).update(status="dealmiss", deal_miss_by=1),
        f"{TAIWAN}, hand 3: Taiwan Napoleon has no deal miss under these house rules.",
    ),
    "a caller of a hand played": (
        lambda d: hand(d).update(deal_miss_by=1),
        f"{TAIWAN}, hand 1: it was not a deal miss, so who called the deal miss must be null.",
    ),
    "a deal miss nobody called": (
        lambda d: hand(d, 2).update(status="dealmiss"),
        f"{TAIWAN}, hand 3: it was a deal miss, so it needs who called the deal miss.",
    ),
}
MIGHTY_REFUSALS = {
    "a caller not at the table": (
        lambda d: hand(d).update(deal_miss_by=5),
        f"{MIGHTY}, hand 1: who called the deal miss must be a seat from 0 to 4.",
    ),
    "scores for a deal miss": (
        lambda d: hand(d).update(scores=[0, 0, 0, 0, 0]),
        f"{MIGHTY}, hand 1: it was a deal miss, so it has no scores.",
    ),
    "a contract for a deal miss": (
        lambda d: hand(d).update(contract="13S"),
        f'{MIGHTY}, hand 1: it was a deal miss, so the contract must be "".',
    ),
    "a deal miss at a table that plays none": (
        lambda d: session(d)["options"].update(deal_miss="off"),
        f"{MIGHTY}, hand 1: The Mighty has no deal miss under these house rules.",
    ),
}


@pytest.fixture
def deal_misses(league):
    """A Mighty night that plays deal misses: Woo calls one, then a hand is played."""
    mighty = make_session(league, "mighty", options={"deal_miss": "on"})
    call_deal_miss(mighty, 4)
    play(mighty)
    return exported(league)


@pytest.mark.parametrize("case", list(DEAL_MISS_REFUSALS))
def test_it_refuses_a_deal_miss_the_game_has_not(owner_client, empty, document, case):
    change, message = DEAL_MISS_REFUSALS[case]
    assert message in refused(owner_client, empty, changed(document, change))


@pytest.mark.parametrize("case", list(MIGHTY_REFUSALS))
def test_it_refuses_a_deal_miss_the_table_could_not_record(owner_client, empty, deal_misses, case):
    change, message = MIGHTY_REFUSALS[case]
    assert message in refused(owner_client, empty, changed(deal_misses, change))


def test_it_imports_a_deal_miss_with_who_called_it(owner_client, empty, deal_misses):
    assert hand(deal_misses)["deal_miss_by"] == 4 and "deal_miss_by" not in hand(deal_misses, 1)
    assert upload(owner_client, empty, json.dumps(deal_misses).encode()).status_code == 302
    first, second = Hand.objects.filter(session__league=empty).order_by("number")
    assert (first.status, first.deal_miss_by, first.scores.count()) == ("dealmiss", 4, 0)
    assert second.dealer == 4  # Woo called it, so Woo dealt the next hand
    assert exported(empty)["sessions"] == deal_misses["sessions"]


# ---- names as the forms take them -------------------------------------------------------------


def test_names_are_stored_as_the_forms_store_them(owner_client, empty, document):
    """Spaces trimmed, NFC, and a seat names its player in any case."""

    def tidy(d):
        d["league"]["name"] = "  Thursday\u3000 table "
        d["players"][d["players"].index("Ann")] = "  Ann "
        d["players"].append("Zoe\u0301")
        session(d)["seats"][0] = "ANN"
        session(d)["seats"][4] = "Zo\u00e9"
        d["players"].remove("Eve")

    assert upload(owner_client, empty, changed(document, tidy)).status_code == 302
    assert League.objects.get(pk=empty.pk).name == "Thursday table"
    names = set(Player.objects.filter(league=empty).values_list("name", flat=True))
    assert "Ann" in names and "Zo\u00e9" in names and "Zoe\u0301" not in names
    seats = Seat.objects.filter(session__league=empty, session__variant="taiwan")
    assert [s.player.name for s in seats.order_by("number")] == ["Ann", "Ben", "Cat", "Dan", "Zoé"]


NAME_REFUSALS = {
    "two players differing in case": (
        lambda d: d["players"].append("ann"),
        "The list of players: “Ann” and “ann” are one name to this app",
    ),
    "two players differing in an invisible joiner": (
        lambda d: d["players"].append("A\u200dnn"),
        "The list of players: “Ann” and “A\u200dnn” are one name to this app",
    ),
    "a name of spaces": (
        lambda d: d["players"].append("   "),
        "in the list is empty.",
    ),
    "a name nobody can see": (
        lambda d: d["players"].append("\u200b\u3164"),
        "A name must have at least one visible character.",
    ),
    "a name turning the text around": (
        lambda d: d["players"].append("Ann\u202eeve"),
        "contains a text-direction mark; type the name without it.",
    ),
    "a name with a line break": (
        lambda d: d["players"].append("Ann\x07Ben"),
        "contains a control character; type the name again.",
    ),
    "a league without a name": (
        lambda d: d["league"].update(name=" \u200b "),
        "The league: A name must have at least one visible character.",
    ),
    "a seat of a player in two cases": (
        lambda d: session(d)["seats"].__setitem__(1, "aNN"),
        f"{TAIWAN}: a player has two seats.",
    ),
}


@pytest.mark.parametrize("case", list(NAME_REFUSALS))
def test_it_refuses_names_the_forms_refuse(owner_client, empty, document, case):
    change, message = NAME_REFUSALS[case]
    assert message in refused(owner_client, empty, changed(document, change))


# ---- strict types ---------------------------------------------------------------------------

TYPES = {
    "version true": (
        lambda d: d.update(version=True),
        "The file: the version must be a whole number.",
    ),
    "version as text": (
        lambda d: d.update(version="1"),
        "The file: the version must be a whole number.",
    ),
    "version 0": (lambda d: d.update(version=0), "version 0, which this app cannot read."),
    "a hand's version true": (
        lambda d: hand(d).update(version=True),
        f"{TAIWAN}, hand 1: the hand's version must be a whole number.",
    ),
    "made as text": (
        lambda d: hand(d).update(made="true"),
        f"{TAIWAN}, hand 1: whether it was made must be true or false.",
    ),
    "a score as text": (
        lambda d: hand(d)["scores"].__setitem__(0, "120"),
        f"{TAIWAN}, hand 1: the score of seat 0 must be a whole number.",
    ),
    "a huge score": (
        lambda d: hand(d)["scores"].__setitem__(0, 10**12),
        f"{TAIWAN}, hand 1: the score of seat 0 must be at most 10000000.",
    ),
    "a huge hand number": (
        lambda d: hand(d).update(number=10**12),
        f"{TAIWAN}, the hand at position 1: the hand's number must be at most 999999999.",
    ),
    "seats as an object": (
        lambda d: session(d).update(seats={"0": "Ann"}),
        f"{TAIWAN}: the list of seats must be a list.",
    ),
    "a hand as a list": (
        lambda d: session(d)["hands"].__setitem__(0, [1, 2]),
        f"{TAIWAN}, the hand at position 1: the hand must be an object.",
    ),
    "house rules as a list": (
        lambda d: session(d).update(options=[]),
        f"{TAIWAN}: the house rules must be an object.",
    ),
    "a house rule of the wrong type": (
        lambda d: session(d)["options"].update(pass_is_final="yes"),
        f"{TAIWAN}: the house rules:",
    ),
    "a status nobody writes": (
        lambda d: hand(d).update(status="won"),
        f"{TAIWAN}, hand 1: the status must be one of played, passed, dealmiss.",
    ),
    "a seat key that is not a number": (
        lambda d: hand(d, 1)["captured"].update({"x": []}),
        f"{TAIWAN}, hand 2: “x” in the captured cards is not a seat number.",
    ),
    "the sessions as an object": (
        lambda d: d.update(sessions={}),
        "The file: the sessions must be written as a list.",
    ),
    "the players as text": (
        lambda d: d.update(players="Ann"),
        "The list of players: the list of players must be a list.",
    ),
}


@pytest.mark.parametrize("case", list(TYPES))
def test_it_refuses_a_value_of_the_wrong_type(owner_client, empty, document, case):
    change, message = TYPES[case]
    assert message in refused(owner_client, empty, changed(document, change))


def test_the_place_of_a_problem_counts_sessions_from_one(owner_client, empty, document):
    data = changed(document, lambda d: hand(d, 0, at=2).update(dealer=9))
    assert f"{NAP}, hand 1: the dealer must be a seat from 0 to 3." in refused(
        owner_client, empty, data
    )


def test_it_takes_an_app_file_rewritten_with_its_keys_in_another_order(
    owner_client, empty, document
):
    """Sorted keys put the version after the sessions; the sessions may even come first."""
    order = {"sessions": document["sessions"], **document}
    assert list(order)[0] == "sessions"
    data = json.dumps(order, indent=2, sort_keys=False).encode()
    assert upload(owner_client, empty, data).status_code == 302
    assert Hand.objects.filter(session__league=empty).count() == 8


def test_a_stranger_at_a_table_before_the_players_are_read(owner_client, empty, document):
    order = {"sessions": document["sessions"], **document}
    order["sessions"][1]["seats"][0] = "Mallory"
    data = json.dumps(order).encode()
    message = f"{THAI}: “Mallory” sits at the table but is not in the list of players."
    assert message in refused(owner_client, empty, data)
