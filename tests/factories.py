"""Builders for the scorekeeping tests: people, a league, sessions, hands.

Plain functions, so tests/test_models.py and tests/test_recording.py can use them
too; tests/conftest.py wraps them in fixtures. (A conftest cannot import
Django models at its top: it loads before pytest-django sets Django up.)
"""

import datetime
import uuid

from django.contrib.auth import get_user_model
from django.urls import reverse

from scoring.models import GameSession, Hand, HandScore, League, Membership, Player, Seat
from scoring.rules import find_variant
from scoring.table import records
from scoring.table.deal_miss import DealMissForm
from scoring.table.form import HandForm
from scoring.table.lineup import players_count
from scoring.table.recording import record_hand, record_passed

PASSWORD = "tall-Giraffe-47"

NAMES = {
    "taiwan": ["Ann", "Ben", "Cat", "Dan", "Eve"],
    "japanese-chip": ["Aki", "Ben", "Chie", "Daisuke", "Emi"],
    "mighty": ["Jin", "Min", "Soo", "Hyun", "Woo"],
    "thai": ["Nok", "Pim", "Som", "Tao", "Ying"],
    "nap": ["Alf", "Bert", "Cyd", "Dot"],
    "hongkong": ["Ah Fai", "Bo", "Chun", "Dik", "Ella"],
}

# One playable hand for each variant, as the table form posts it (seat 0 declares).
HANDS = {
    "taiwan": {
        "declarer": "0",
        "level": "3",
        "trump": "S",
        "called_suit": "H",
        "called_rank": "A",
        "partner": "1",
        "mode": "count",
        "points": "12",
    },
    "japanese-chip": {
        "declarer": "0",
        "level": "13",
        "trump": "S",
        "called_suit": "H",
        "called_rank": "A",
        "partner": "1",
        "mode": "count",
        "points": "15",
    },
    "mighty": {
        "declarer": "0",
        "level": "13",
        "trump": "S",
        "called_suit": "H",
        "called_rank": "A",
        "partner": "1",
        "mode": "count",
        "points": "15",
    },
    "thai": {
        "declarer": "0",
        "level": "1",
        "trump": "S",
        "called_suit": "H",
        "called_rank": "A",
        "partner": "1",
        "tricks_0": "4",
        "tricks_1": "3",
        "tricks_2": "1",
        "tricks_3": "1",
        "tricks_4": "1",
    },
    "nap": {
        "declarer": "0",
        "nap_bid": "three",
        "tricks_0": "3",
        "tricks_1": "1",
        "tricks_2": "1",
        "tricks_3": "0",
    },
}
# Hong Kong is entered as Taiwan is; only its score table differs (and is not zero-sum).
HANDS["hongkong"] = HANDS["taiwan"]
# Japanese Napoleon is entered as its chip table is; only the scores differ.
HANDS["japanese"] = HANDS["japanese-chip"]


def make_user(username):
    return get_user_model().objects.create_user(username, password=PASSWORD)


def make_league(owner, name="Thursday table", members=()):
    league = League.objects.create(name=name)
    Membership.objects.create(league=league, user=owner, role=Membership.OWNER)
    for user in members:
        Membership.objects.create(league=league, user=user, role=Membership.MEMBER)
    return league


def make_session(league, variant="taiwan", names=None, first_dealer=0, options=None, stake=None):
    """A session as the New game page would start it: options validated by the engine."""
    names = names or NAMES[variant]
    rules = find_variant(variant).rules(options or {}, len(names))
    session = GameSession.objects.create(
        league=league,
        date=datetime.date(2025, 3, 14),
        variant=variant,
        options=rules.as_json(),
        first_dealer=first_dealer,
        stake=stake,
    )
    for number, name in enumerate(names):
        player, _created = Player.objects.get_or_create(league=league, name=name)
        Seat.objects.create(session=session, number=number, player=player)
    return session


def drawn_for(session) -> dict:
    """The hidden fields a table page drawn now carries: the table's version and who sits
    in each place (scoring.table.version)."""
    fresh = GameSession.objects.get(pk=session.pk)
    seats = ",".join(str(seat.player_id) for seat in fresh.seat_list)
    return {"table_version": str(fresh.version), "seats": seats}


def hand_data(session, key=None, **changes):
    """The POST body of a playable hand for this session, as a page drawn now posts it;
    ``changes`` override fields (a value of None drops the field)."""
    data = {
        **HANDS[session.variant],
        "key": str(key or uuid.uuid4()),
        **drawn_for(session),
        **changes,
    }
    return {name: value for name, value in data.items() if value is not None}


def play(session, key=None, **changes) -> Hand:
    """Record one hand through the form and the recorder, as the record view does."""
    session = GameSession.objects.get(pk=session.pk)
    form = HandForm(session, hand_data(session, key, **changes))
    assert form.is_valid(), form.errors
    hand, _created = record_hand(
        session, form.cleaned_data["key"], form.hand_values(), form.score.deltas
    )
    return hand


# Hands recorded card by card (record.md §9.5): a whole five-player Taiwan hand (Ben declares
# 5♣ and calls ♦K, which Ann plays in trick 3) and a four-player Nap hand (Bert bids three;
# Dot's ♦K in trick 2 is a revoke, which his ♥4 in trick 3 proves).
RECORDS = {
    "taiwan": (
        "NR1.taiwan.5.1.5C.k~DK.x~SASTD4C9.HABJH6H7HT.S8SJSKS9CJ.D2DAHJDKD7.C8H8C7C4C3"
        ".DJDQD6DTC6.S6S2S7H9SQ.H5H2CAH3HK.CQD5CKD9HQ.D3D8S3C2S4.C5H4CTS5LJ"
    ),
    "nap": "NR1.nap.4.1.three.HAH5H9H2.HKS3DKD4.HQS9H4D9.SAD7S5S8.w0",
}


def play_recorded(session, record=None, key=None) -> Hand:
    """A hand saved with its record (a notation or the JSON record; the game's own in
    RECORDS by default): its entry and its score are the record's."""
    session = GameSession.objects.get(pk=session.pk)
    record = RECORDS[session.variant] if record is None else record
    judged = records.judge({"notation": record} if isinstance(record, str) else record)
    values = records.hand_values(judged)
    deltas = judged.answer.score.deltas
    hand, _created = record_hand(session, key or uuid.uuid4(), values, deltas)
    return hand


def pass_out(session, key=None) -> Hand:
    hand, _created = record_passed(GameSession.objects.get(pk=session.pk), key or uuid.uuid4())
    return hand


def call_deal_miss(session, caller: int, key=None) -> Hand:
    """Record a deal miss called by the place ``caller``, as the record view does."""
    session = GameSession.objects.get(pk=session.pk)
    data = {"declarer": str(caller), "key": str(key or uuid.uuid4()), **drawn_for(session)}
    form = DealMissForm(session, data)
    assert form.is_valid(), form.errors
    hand, _created = record_hand(session, form.cleaned_data["key"], form.hand_values(), ())
    return hand


def stored_deltas(hand) -> tuple[int, ...]:
    return tuple(
        HandScore.objects.filter(hand=hand).order_by("seat").values_list("delta", flat=True)
    )


def counts():
    """How many rows each scorekeeping table holds: compare before and after a refusal."""
    return {
        model.__name__: model.objects.count()
        for model in (League, Membership, Player, GameSession, Seat, Hand, HandScore)
    }


def url(name, *args):
    return reverse(f"scoring:{name}", args=args)


def assert_sent_to_login(response):
    assert response.status_code == 302
    assert response.url.startswith(reverse("scoring:login") + "?next=")


def grid(session, owner_of):
    """Card-grid fields for every point card: ``owner_of(code)`` gives a seat number as
    text, "discard", or "" to leave the card unplaced."""
    form = HandForm(GameSession.objects.get(pk=session.pk))
    return {f"card_{card.code}": owner_of(card.code) for card in form.point_card_list()}


def totals_from_rows(session) -> list[int]:
    """Every seat's total, summed straight from the stored HandScore rows."""
    return [
        sum(
            HandScore.objects.filter(hand__session=session, seat=seat).values_list(
                "delta", flat=True
            )
        )
        for seat in range(players_count(session))
    ]


def assert_scores_match_engine(session):
    """Every stored hand's scores are what the engine gives for it now."""
    for hand in Hand.objects.filter(session=session):
        score = hand.engine_score()
        expected = () if score is None else score.deltas
        assert stored_deltas(hand) == expected, f"hand {hand.number}"
