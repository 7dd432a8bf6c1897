"""The league owner renames a player entry, or merges two spellings of one person: the
hands, totals, standings and ratings follow, and each change is kept in the trail."""

from django.test import Client

from scoring.history.figures import cache
from scoring.history.figures.figures import league_figures
from scoring.history.figures.period import Period
from scoring.models import Hand, HandScore, Invitation, Membership, Player, PlayerChange
from tests.factories import make_session, make_user, play, url
from tests.security.test_stranger_walk import snapshot

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


# ---- entries linked to an account -------------------------------------------------------------


def linked_to(name, username, league):
    """The entry ``name`` linked to a new account, as an accepted invitation leaves it."""
    user = make_user(username)
    Membership.objects.create(league=league, user=user, role=Membership.MEMBER)
    Player.objects.filter(league=league, name=name).update(user=user)
    return user


def two_spellings(league):
    play(make_session(league, "taiwan"))
    play(make_session(league, "taiwan", names=ANNE))
    return Player.objects.get(name="Anne"), Player.objects.get(name="Ann")


def test_it_merges_an_entry_linked_to_an_account_into_an_unlinked_one(owner_client, league):
    anne, ann = two_spellings(league)
    annie = linked_to("Anne", "annie", league)
    owner_client.post(url("invite", league.pk), {"player": ann.pk})  # a link for Ann
    offered = Invitation.objects.get(player=ann, state=Invitation.OPEN)
    page = url("league-players", league.pk)
    response = owner_client.post(page, {"action": "merge", "gone": anne.pk, "kept": ann.pk})
    assert response.status_code == 302, response.content.decode()[-800:]
    assert Player.objects.get(pk=ann.pk).user == annie  # the account follows its person
    assert not Player.objects.filter(pk=anne.pk).exists()
    assert shown(league)["Ann"] == (240, 2)
    # The open invitation to the kept entry has nothing left to offer.
    assert Invitation.objects.get(pk=offered.pk).state == Invitation.REVOKED
    me = Client()
    me.force_login(annie)
    assert [e["player"].name for e in me.get(url("me")).context["entries"]] == ["Ann"]


def test_it_merges_an_unlinked_entry_into_one_linked_to_an_account(owner_client, league):
    anne, ann = two_spellings(league)
    annie = linked_to("Ann", "annie", league)
    page = url("league-players", league.pk)
    response = owner_client.post(page, {"action": "merge", "gone": anne.pk, "kept": ann.pk})
    assert response.status_code == 302
    assert Player.objects.get(pk=ann.pk).user == annie
    assert shown(league)["Ann"] == (240, 2)


def test_it_refuses_to_merge_entries_linked_to_two_accounts_and_says_why(owner_client, league):
    anne, ann = two_spellings(league)
    linked_to("Anne", "annie", league)
    linked_to("Ann", "ann", league)
    before = snapshot(derived=False)
    page = url("league-players", league.pk)
    response = owner_client.post(page, {"action": "merge", "gone": anne.pk, "kept": ann.pk})
    assert response.status_code == 409
    assert "linked to two different people&#x27;s accounts" in response.content.decode()
    assert snapshot(derived=False) == before
