"""Names in every script are kept as typed (NFC), through every form that takes one: a
new session's players, the Players page's join and replace, the owner's rename and a
league file's import. Combining marks at the end of a name are its vowels and tones,
never trimmed; only what shows nothing is (spaces, zero-width and format characters,
blank fillers), and a name of nothing else is refused, as are controls and direction
overrides."""

import json
import unicodedata

import pytest

from scoring.history.export import league_json
from scoring.models import GameSession, Invitation, League, Player, Seat
from scoring.words.names import clean_name, name_key
from tests.factories import counts, drawn_for, make_league, make_session, make_user, play, url
from tests.history.import_files import refusal, upload

NFD = lambda text: unicodedata.normalize("NFD", text)  # noqa: E731 - typed decomposed

# (typed, stored): each row typed through each form below.
KEPT = [
    pytest.param("สมศรี", "สมศรี", id="thai-sara-ii"),
    pytest.param("มะลิ", "มะลิ", id="thai-sara-i"),
    pytest.param("สุนีย์", "สุนีย์", id="thai-thanthakhat"),
    pytest.param("ปิติ", "ปิติ", id="thai-two-vowels"),
    pytest.param("น้ำ", "น้ำ", id="thai-tone-and-sara-am"),
    pytest.param(" \u200bสมศรี\u200b ", "สมศรี", id="thai-zero-width-ends-trimmed"),
    pytest.param("\ufeffมะลิ\u2060", "มะลิ", id="thai-bom-and-word-joiner-trimmed"),
    pytest.param("अनिल", "अनिल", id="devanagari"),
    pytest.param("कृष्ण", "कृष्ण", id="devanagari-conjunct"),
    pytest.param("विष्णु", "विष्णु", id="devanagari-vowel-sign-u"),
    pytest.param("सत्", "सत्", id="devanagari-virama"),
    pytest.param("Nguyễn", "Nguyễn", id="vietnamese-composed"),
    pytest.param(NFD("Nguyễn"), "Nguyễn", id="vietnamese-decomposed"),
    pytest.param(NFD("Adébáyọ̀"), "Adébáyọ̀", id="yoruba-mark-that-does-not-compose"),
    pytest.param("김민준", "김민준", id="korean"),
    pytest.param(NFD("김민준"), "김민준", id="korean-conjoining-jamo"),
    pytest.param("👩‍👩‍👧", "👩‍👩‍👧", id="emoji-zwj-family"),
    pytest.param("🏳️‍🌈", "🏳️‍🌈", id="emoji-flag-selector-and-zwj"),
    pytest.param("Kim ❤️", "Kim ❤️", id="emoji-presentation-selector-at-end"),
    pytest.param("Table 1️⃣", "Table 1️⃣", id="keycap-enclosing-mark-at-end"),
]

# (typed, the message that refuses it).
REFUSED = [
    pytest.param("\u200b\u200c\u200d", "at least one visible character", id="zero-width-only"),
    pytest.param("\u3164 \u2060", "at least one visible character", id="fillers-only"),
    pytest.param("Bell\x07", "contains a control character", id="control"),
    pytest.param("Ann\u202eevE", "contains a text-direction mark", id="direction-override"),
    pytest.param("Ann\u2067Lee", "contains a text-direction mark", id="direction-isolate"),
    pytest.param("\u0e35สม", "begins with a mark that belongs on a letter", id="mark-first"),
    pytest.param(
        "\u200b\u0301e", "begins with a mark that belongs on a letter", id="mark-after-zw"
    ),
]

OTHERS = ["Ben", "Cat", "Dan", "Eve"]


# ---- the forms, each typing one name and giving back the name stored ------------------------


def new_session(ctx, typed):
    players = "\n".join([typed, *OTHERS])
    data = {"variant": "taiwan", "date": "2025-04-01", "players": players, "first_dealer": "1"}
    response = ctx["member_client"].post(url("session-new", ctx["league"].pk), data)
    return response, lambda: GameSession.objects.get().seat_list[0].player.name


def join(ctx, typed):
    session = make_session(ctx["league"], "thai")
    joined = {"action": "join", "name": typed, "after": "4"}
    response = ctx["member_client"].post(
        url("players", session.pk), {**joined, **drawn_for(session)}
    )
    return response, lambda: Seat.objects.latest("pk").player.name


def replace(ctx, typed):
    session = make_session(ctx["league"], "taiwan")
    seat = session.seat_list[4]
    data = {"action": "replace", "seat": seat.pk, "name": typed}
    response = ctx["member_client"].post(url("players", session.pk), {**data, **drawn_for(session)})
    return response, lambda: Seat.objects.latest("pk").player.name


def rename(ctx, typed):
    play(make_session(ctx["league"], "taiwan"))
    ann = Player.objects.get(name="Ann")
    data = {"action": "rename", "player": ann.pk, "name": typed}
    response = ctx["owner_client"].post(url("league-players", ctx["league"].pk), data)
    return response, lambda: Player.objects.get(pk=ann.pk).name


def league_file(league, name: str) -> bytes:
    """A league file of one played Nap session whose fourth player is called ``name``."""
    play(make_session(league, "nap", names=["Alf", "Bert", "Cyd", "Zed"]))
    text = "".join(league_json(league))
    return text.replace('"Zed"', json.dumps(name)).encode()


def imported(ctx, typed):
    data = league_file(make_league(ctx["owner"], name="Source"), typed)
    empty = make_league(ctx["owner"], name="Restored")
    response = upload(ctx["owner_client"], empty, data)
    others = ["Alf", "Bert", "Cyd"]
    return response, lambda: Player.objects.filter(league=empty).exclude(name__in=others).get().name


FORMS = [new_session, join, replace, rename, imported]


@pytest.fixture
def ctx(owner, owner_client, member_client, league):
    return {"owner": owner, "owner_client": owner_client, "member_client": member_client,
            "league": league}  # fmt: skip


@pytest.mark.parametrize("form", FORMS)
@pytest.mark.parametrize(("typed", "stored"), KEPT)
def test_it_keeps_the_name_as_typed(ctx, form, typed, stored):
    response, name = form(ctx, typed)
    assert response.status_code == 302, response.content.decode()[-1500:]
    assert name() == stored
    assert name() == unicodedata.normalize("NFC", name())


@pytest.mark.parametrize("form", FORMS)
@pytest.mark.parametrize(("typed", "message"), REFUSED)
def test_it_refuses_a_name_that_cannot_be_shown(ctx, form, typed, message):
    response, _name = form(ctx, typed)
    assert response.status_code == (200 if form is new_session else 400)  # the form again
    shown = refusal(response) if form is imported else response.content.decode()
    assert message in shown
    # Nothing was stored under the refused name: every entry is one the test made.
    known = {"Ann", "Ben", "Cat", "Dan", "Eve", "Nok", "Pim", "Som", "Tao", "Ying"}
    known |= {"Alf", "Bert", "Cyd", "Zed"}  # the league file's source
    assert set(Player.objects.values_list("name", flat=True)) <= known


# ---- one person, however typed; two people when a mark differs --------------------------------


@pytest.mark.parametrize(
    ("first", "second"),
    [
        ("Nguyễn", NFD("Nguyễn")),
        ("김민준", NFD("김민준")),
        ("Élodie", "e\u0301lodie"),
        ("สมศรี", "สมศรี\u200b"),
    ],
)
def test_it_finds_the_same_player_however_the_name_was_composed(ctx, first, second):
    """A second session typed the other way seats the same entry; the Players page
    refuses to seat them twice; one form cannot seat both spellings."""
    response, _name = new_session(ctx, first)
    assert response.status_code == 302
    entry = Player.objects.get(name=unicodedata.normalize("NFC", first))
    data = {"variant": "taiwan", "date": "2025-04-02", "first_dealer": "1",
            "players": "\n".join([second, *OTHERS])}  # fmt: skip
    member, league = ctx["member_client"], ctx["league"]
    assert member.post(url("session-new", league.pk), data).status_code == 302
    latest = GameSession.objects.latest("pk")
    assert latest.seat_list[0].player == entry
    assert Player.objects.count() == 5
    joined = {"action": "join", "name": second, "after": "4"}
    response = member.post(url("players", latest.pk), {**joined, **drawn_for(latest)})
    assert response.status_code == 409 and "already sits at this table" in response.content.decode()
    both = {**data, "players": "\n".join([first, second, *OTHERS[:3]])}
    response = member.post(url("session-new", league.pk), both)
    assert "Each player can sit in only one seat." in response.content.decode()


@pytest.mark.parametrize(
    ("one", "other"),
    [("สุนีย์", "สุนีย"), ("สมศรี", "สมศร"), ("มะลิ", "มะล"), ("Kim ❤️", "Kim ❤"), ("सत्", "सत")],
)
def test_names_that_differ_by_a_mark_are_two_people(ctx, one, other):
    assert name_key(one) != name_key(other)
    response, _name = new_session(ctx, f"{one}\n{other}")
    assert response.status_code == 302, response.content.decode()[-1500:]
    seated = [seat.player.name for seat in GameSession.objects.get().seat_list]
    assert seated[:2] == [one, other]
    renamed = Player.objects.get(name=other)
    page = url("league-players", ctx["league"].pk)
    typed_back = {"action": "rename", "player": renamed.pk, "name": f"{other} "}
    assert ctx["owner_client"].post(page, typed_back).status_code == 302
    assert Player.objects.get(pk=renamed.pk).name == other  # not taken for the other one


def test_a_name_the_join_form_refuses_changes_nothing(ctx):
    session = make_session(ctx["league"], "taiwan")
    before = counts()
    joined = {"action": "join", "name": "\u0e48", "after": "4"}
    response = ctx["member_client"].post(
        url("players", session.pk), {**joined, **drawn_for(session)}
    )
    assert response.status_code == 400 and counts() == before


@pytest.mark.parametrize(("typed", "stored"), KEPT)
def test_cleaning_a_stored_name_again_keeps_it(typed, stored):
    assert clean_name(stored, 40) == stored
    assert name_key(typed) == name_key(stored)


def test_an_account_is_found_for_an_invitation_however_its_name_was_composed(ctx):
    """Account names are NFKC, as Django stores usernames: a decomposed ë still finds Zoë."""
    zoe = make_user("Zoë")
    make_session(ctx["league"], "taiwan")
    ann = Player.objects.get(name="Ann")
    invited = {"player": ann.pk, "account": " Zoe\u0308 "}
    response = ctx["owner_client"].post(url("invite", ctx["league"].pk), invited)
    assert response.status_code == 302
    assert Invitation.objects.get(player=ann, state=Invitation.OPEN).invitee == zoe


def test_a_new_session_seats_the_entry_name_key_finds_not_the_databases_case_folding(ctx):
    """Irmak and ırmak (dotless ı) are two names to name_key; PostgreSQL's upper() makes
    them one. The entry is found as everywhere else in the app."""
    irmak = Player.objects.create(league=ctx["league"], name="Irmak")
    response, name = new_session(ctx, "ırmak")
    assert response.status_code == 302 and name() == "ırmak"
    assert GameSession.objects.get().seat_list[0].player != irmak


@pytest.mark.parametrize(("typed", "stored"), [("ชมรมมะลิ ", "ชมรมมะลิ"), ("Cafe\u0301 ❤️", "Café ❤️")])
def test_a_league_name_keeps_its_marks_too(member_client, typed, stored):
    data = {"name": typed, "default_variant": "thai"}
    assert member_client.post(url("league-new"), data).status_code == 302
    assert League.objects.get().name == stored
