"""The "Record the play" panel on the table screen: each tap posted with the hand form and the record so
far (a hidden field), the panel drawn again by the server (just the panel for htmx, the whole
table screen without JavaScript); a trick judged as its last card falls, the partner shown when
the called card falls, unknown cards, undo, a claim; Save fills the result from the record, and
a typed result that disagrees is refused with the difference, the entry kept."""

import html
import json
import re

import pytest

from scoring.models import Hand
from tests.factories import drawn_for, make_session, play, url

pytestmark = pytest.mark.django_db

# record.md §9.5's hands (tests/factories.py RECORDS): Ben (seat 1) declares 5♣ and calls ♦K.
TAIWAN_TRICKS = [
    "HA BJ H6 H7 H10",
    "S8 SJ SK S9 CJ",
    "D2 DA HJ DK D7",
    "C8 H8 C7 C4 C3",
    "DJ DQ D6 D10 C6",
    "S6 S2 S7 H9 SQ",
    "H5 H2 CA H3 HK",
    "CQ D5 CK D9 HQ",
    "D3 D8 S3 C2 S4",
    "C5 H4 C10 S5 LJ",
]
TAIWAN_BID = {"declarer": "1", "level": "5", "trump": "C", "called_suit": "D", "called_rank": "K"}
NAP_BID = {"declarer": "1", "nap_bid": "three"}
KEY = "8f1f6f0e-7a57-4d3e-9d8f-0c1f2a3b4c5d"


def hidden_play(response) -> str:
    found = re.search(r'name="play" value="([^"]*)"', response.content.decode())
    assert found, "the panel carries its record"
    return html.unescape(found.group(1))


def text_of(response) -> str:
    words = re.sub(r"<[^>]+>", " ", response.content.decode())
    return " ".join(html.unescape(words).split())


class Table:
    """A phone at the table: the hand form's bid, and the taps posted one by one."""

    def __init__(self, client, session, bid, htmx=True):
        self.client, self.session, self.bid = client, session, bid
        self.record, self.htmx = "", htmx
        self.last = None

    def form(self, **more):
        return {**self.bid, **drawn_for(self.session), "play": self.record, **more}

    def tap(self, value, status=200):
        headers = {"HTTP_HX_REQUEST": "true"} if self.htmx else {}
        response = self.client.post(url("play", self.session.pk), self.form(tap=value), **headers)
        assert response.status_code == status
        self.record, self.last = hidden_play(response), response
        return response

    def cards(self, trick):
        for code in trick.split():
            self.tap(f"card:{code}")
        return self.last

    def save(self, htmx=True, **more):
        headers = {"HTTP_HX_REQUEST": "true", "HTTP_HX_TARGET": "record"} if htmx else {}
        data = self.form(key=KEY, action="save", **more)
        return self.client.post(url("record", self.session.pk), data, **headers)


@pytest.fixture
def taiwan(league):
    return make_session(league, "taiwan")


@pytest.fixture
def nap4(league):
    return make_session(league, "nap")


def test_it_judges_a_trick_the_moment_its_last_card_falls(member_client, taiwan):
    table = Table(member_client, taiwan, TAIWAN_BID)
    table.cards("HA BJ H6 H7")
    assert "wins" not in text_of(table.last)
    page = text_of(table.cards("H10"))
    assert "Trick 1" in page and "Dan wins" in page  # Cat led ♥A; Dan's big joker takes it
    assert "big joker" in page.lower()


def test_it_shows_the_partner_when_the_called_card_falls(member_client, taiwan):
    table = Table(member_client, taiwan, TAIWAN_BID)
    for trick in TAIWAN_TRICKS[:2]:
        table.cards(trick)
    assert "♦K" in text_of(table.last)  # still in the picker
    page = text_of(table.cards(TAIWAN_TRICKS[2]))
    assert "Ann" in page and "secretary" in page.lower()


def test_it_saves_the_result_from_the_record(member_client, taiwan):
    table = Table(member_client, taiwan, TAIWAN_BID)
    for trick in TAIWAN_TRICKS:
        table.cards(trick)
    assert "The hand is over." in text_of(table.last)
    response = table.save()
    assert response.status_code == 200
    hand = Hand.objects.get()
    assert hand.record is not None and hand.partner == 0 and hand.declarer == 1
    assert hand.mode == Hand.CARDS and hand.made is not None


def test_it_refuses_a_typed_result_that_disagrees_and_keeps_the_entry(member_client, taiwan):
    table = Table(member_client, taiwan, TAIWAN_BID)
    for trick in TAIWAN_TRICKS:
        table.cards(trick)
    response = table.save(mode="count", points="3", partner="0")
    assert response.status_code == 422
    page = text_of(response)  # the difference: 5 point cards by the play, 3 typed
    assert "disagree: the play gives 5 (target 13), the result entered 3 (target 13)." in page
    assert hidden_play(response) == table.record  # the play is kept
    assert not Hand.objects.exists()


def test_it_takes_a_typed_result_that_agrees(member_client, nap4):
    table = Table(member_client, nap4, NAP_BID)
    for seat in "11110":
        table.tap(f"won:{seat}")
    response = table.save(mode="count", points="4")
    assert response.status_code == 200
    hand = Hand.objects.get()
    assert hand.tricks == {"0": 1, "1": 4, "2": 0, "3": 0} and hand.made


def test_it_records_nap_by_winners_only_one_tap_a_trick(member_client, nap4):
    table = Table(member_client, nap4, NAP_BID)
    for seat in "1111":
        table.tap(f"won:{seat}")
    assert "Who won trick 5?" in text_of(table.last)
    table.tap("won:0")
    assert Table.save(table).status_code == 200
    assert Hand.objects.get().record["tricks"][-1] == {"winner": 0}


def test_it_refuses_a_save_before_the_hand_is_over(member_client, nap4):
    table = Table(member_client, nap4, NAP_BID)
    table.tap("won:1")
    response = table.save()
    assert response.status_code == 422
    assert "The hand is not over: trick 2, Bert to play." in text_of(response)
    assert not Hand.objects.exists()


@pytest.mark.parametrize(
    ("taps", "left"),
    [
        (["card:HA", "card:BJ", "undo"], ["HA"]),
        (["card:HA", "undo"], []),
        (
            ["card:HA", "card:BJ", "unknown", "card:H7", "card:H10", "undo"],
            ["HA", "BJ", None, "H7"],
        ),
    ],
)
def test_it_takes_back_the_last_tap(member_client, taiwan, taps, left):
    table = Table(member_client, taiwan, TAIWAN_BID)
    for value in taps:
        table.tap(value)
    tricks = json.loads(table.record)["tricks"] if table.record else []
    assert (tricks[-1]["plays"] if tricks else []) == left


def test_it_asks_who_won_a_trick_with_an_unknown_card(member_client, taiwan):
    table = Table(member_client, taiwan, TAIWAN_BID)
    for value in ["card:HA", "unknown", "card:H6", "card:H7", "card:H10"]:
        table.tap(value)
    page = text_of(table.last)
    assert "Who won trick 1?" in page
    assert "Cat ♥A Dan ? Eve ♥6 Ann ♥7 Ben ♥10" in page  # the trick as tapped, its leader first
    table.tap("point:SA")  # the unknown card was the ♠A
    page = text_of(table.tap("won:3"))
    assert "Dan wins" in page
    trick = json.loads(table.record)["tricks"][0]
    assert trick["winner"] == 3 and sorted(trick["points"]) == ["HA", "SA"]


def test_it_asks_the_suit_a_joker_lead_names(member_client, taiwan):
    table = Table(member_client, taiwan, TAIWAN_BID)
    page = text_of(table.tap("card:BJ"))
    assert "Which suit does" in page
    table.tap("card:BJ:H")
    trick = json.loads(table.record)["tricks"][0]
    assert trick == {"plays": ["BJ"], "lead_suit": "H"}


def test_it_refuses_a_card_already_played_and_keeps_the_record(member_client, taiwan):
    table = Table(member_client, taiwan, TAIWAN_BID)
    table.cards("HA BJ")
    before = table.record
    table.tap("card:HA")
    assert table.record == before
    assert "twice" in text_of(table.last) or "already" in text_of(table.last)


def test_it_works_without_javascript(member_client, taiwan):
    table = Table(member_client, taiwan, TAIWAN_BID, htmx=False)
    response = table.tap("card:HA")
    page = response.content.decode()
    assert 'id="hand-form"' in page and "<html" in page  # the whole table screen
    assert 'value="1" checked' in page or 'value="1"' in page  # the bid kept
    assert json.loads(table.record)["tricks"] == [{"plays": ["HA"]}]


def test_it_reads_back_an_unreadable_record_as_a_fresh_one(member_client, taiwan):
    table = Table(member_client, taiwan, TAIWAN_BID)
    table.record = "{not json"
    page = text_of(table.tap("card:HA"))
    assert "could not be read" in page
    assert json.loads(table.record)["tricks"] == [{"plays": ["HA"]}]


def test_it_asks_for_the_bid_first(member_client, taiwan):
    table = Table(member_client, taiwan, {})
    assert "Choose the declarer and the contract first" in text_of(table.tap("card:HA"))


def test_it_previews_the_score_the_play_gives(member_client, nap4):
    table = Table(member_client, nap4, NAP_BID)
    table.tap("won:1")
    preview = member_client.post(url("preview", nap4.pk), table.form())
    assert "Finish the play, or claim the rest" in text_of(preview)
    for seat in "1110":
        table.tap(f"won:{seat}")
    preview = member_client.post(url("preview", nap4.pk), table.form(key=KEY))
    assert "Made" in text_of(preview) and "4 (target 3)" in text_of(preview)


def test_it_claims_the_rest_for_a_seat(member_client, nap4):
    table = Table(member_client, nap4, NAP_BID)
    table.tap("won:1")
    assert "The hand is over." in text_of(table.tap("claim:1"))
    assert table.save().status_code == 200
    hand = Hand.objects.get()
    assert hand.tricks["1"] == 5 and hand.record["rest"] == 1


def test_it_keeps_the_play_when_the_table_changed_meanwhile(member_client, nap4):
    table = Table(member_client, nap4, NAP_BID)
    for seat in "11110":
        table.tap(f"won:{seat}")
    drawn = table.form(key=KEY, action="save")
    play(nap4)  # another phone saves a hand first
    headers = {"HTTP_HX_REQUEST": "true", "HTTP_HX_TARGET": "record"}
    response = member_client.post(url("record", nap4.pk), drawn, **headers)
    assert response.status_code == 409
    assert hidden_play(response) == table.record  # nothing stored, the play kept to save again
    assert Hand.objects.count() == 1


def test_it_saves_a_thai_hand_toppled_on_its_first_trick(member_client, league):
    thai = make_session(league, "thai")
    bid = {"declarer": "0", "level": "1", "trump": "S", "partner": "1"}
    table = Table(member_client, thai, {**bid, "called_suit": "H", "called_rank": "A"})
    table.tap("depth:cards")
    for code in ["C2", "C3", "C4", "C5", "C6"]:
        table.tap(f"card:{code}")
    assert "The hand is over." in text_of(table.last)
    assert table.save().status_code == 200
    hand = Hand.objects.get()
    assert hand.toppled and hand.made is False


def test_it_plays_six_handed_mighty_without_the_killed_seat(member_client, league):
    names = ["Jin", "Min", "Soo", "Hyun", "Woo", "Ara"]
    mighty = make_session(league, "mighty", names=names)
    bid = {"declarer": "0", "level": "13", "trump": "S", "killed": "5"}
    table = Table(member_client, mighty, {**bid, "called_suit": "H", "called_rank": "A"})
    for code in ["S2", "S3", "S4", "S5"]:
        table.tap(f"card:{code}")
    assert "wins" not in text_of(table.last)  # five play: Ara was killed
    page = text_of(table.tap("card:S6"))
    assert "Trick 1 · Woo wins" in page  # the ♠6, highest of the trumps
    assert "Ara" not in page.split("Record the play")[1].split("Trick 1")[0]  # not in the turn


def test_it_refuses_a_partner_the_play_contradicts(member_client, taiwan):
    table = Table(member_client, taiwan, {**TAIWAN_BID, "partner": "3"})
    for trick in TAIWAN_TRICKS:
        table.cards(trick)
    response = table.save()
    assert response.status_code == 422
    assert "The play shows the partner as Ann, the entry as Dan." in text_of(response)
    assert not Hand.objects.exists()


def test_it_offers_a_joker_call_only_where_the_engine_takes_one(member_client, league):
    mighty = make_session(league, "mighty")
    bid = {"declarer": "0", "level": "13", "trump": "S", "called_suit": "H", "called_rank": "A"}
    table = Table(member_client, mighty, bid)
    assert "Joker called" not in text_of(table.tap("card:C3"))  # not on the first trick
    table.tap("undo")
    for code in ["S2", "S3", "S4", "S5", "S6"]:
        table.tap(f"card:{code}")
    assert "Joker called" not in text_of(table.tap("card:D3"))  # not the Ripper
    table.tap("undo")
    assert "Joker called" in text_of(table.tap("card:C3"))  # the Ripper leads trick 2
    table.tap("flag:joker_called")
    assert json.loads(table.record)["tricks"][-1] == {"plays": ["C3"], "joker_called": True}
    table.tap("flag:joker_called")  # taken back
    assert json.loads(table.record)["tricks"][-1] == {"plays": ["C3"]}
