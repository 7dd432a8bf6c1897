"""The league owner renames a player entry, or merges two spellings of one person: the
hands, totals, standings and ratings follow, and each change is kept in the trail."""

from scoring.history.figures import cache
from scoring.history.figures.figures import league_figures
from scoring.history.figures.period import Period
from scoring.models import Hand, HandScore, Player, PlayerChange
from tests.factories import make_session, play, url

ANNE = ["Anne", "Ben", "Cat", "Dan", "Eve"]


def shown(league):
    names = dict(Player.objects.filter(league=league).values_list("pk", "name"))
    (table,) = league_figures(league, Period(), names).standings
    return {name: (f.score, f.hands) for _pk, name, f in table.rows}


def test_it_merges_two_spellings_of_one_person(owner_client, league):
    play(make_session(league, "taiwan"))  # Ann declares: +120
    play(make_session(league, "taiwan", names=ANNE))  # Anne declares: +120
    stamp = cache.stamps(league.pk)["taiwan"]
    assert shown(league)["Ann"] == (120, 1) and shown(league)["Anne"] == (120, 1)
    anne, ann = (Player.objects.get(name=n) for n in ("Anne", "Ann"))
    page = url("league-players", league.pk)
    response = owner_client.post(page, {"action": "merge", "gone": anne.pk, "kept": ann.pk})
    assert response.status_code == 302
    assert not Player.objects.filter(name="Anne").exists()
    assert shown(league)["Ann"] == (240, 2)
    assert cache.stamps(league.pk)["taiwan"] != stamp  # the figures are computed again
    assert all(h.lineup[0] == ann.pk for h in Hand.objects.all())
    assert set(HandScore.objects.filter(seat=0).values_list("player", flat=True)) == {ann.pk}
    change = PlayerChange.objects.get()
    assert (change.old_name, change.new_name, change.moved) == (
        "Anne",
        "Ann",
        {"hands": 1, "seats": 1},
    )
    assert "Anne merged into Ann" in owner_client.get(page).content.decode()


def test_it_refuses_to_merge_two_people_of_one_table(owner_client, league):
    play(make_session(league, "taiwan"))
    ann, ben = (Player.objects.get(name=n) for n in ("Ann", "Ben"))
    page = url("league-players", league.pk)
    response = owner_client.post(page, {"action": "merge", "gone": ben.pk, "kept": ann.pk})
    assert response.status_code == 409
    assert "same table" in response.content.decode()
    assert Player.objects.filter(pk=ben.pk).exists() and not PlayerChange.objects.exists()


def test_it_renames_an_entry_and_keeps_its_hands(owner_client, league):
    session = make_session(league, "taiwan")
    play(session)
    ann = Player.objects.get(name="Ann")
    page = url("league-players", league.pk)
    response = owner_client.post(page, {"action": "rename", "player": ann.pk, "name": "Annie"})
    assert response.status_code == 302
    assert shown(league)["Annie"] == (120, 1)
    assert "Annie" in owner_client.get(session.get_absolute_url()).content.decode()
    taken = owner_client.post(page, {"action": "rename", "player": ann.pk, "name": "ben"})
    assert taken.status_code == 409 and Player.objects.get(pk=ann.pk).name == "Annie"


def test_only_the_owner_tidies_the_entries(member_client, league):
    make_session(league, "taiwan")
    assert member_client.get(url("league-players", league.pk)).status_code in (403, 404)
