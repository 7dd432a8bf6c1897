"""A recorded hand's page: each trick with its cards in play order under the players' names,
the winner and the engine's reason, the partner when the called card falls, an illegal play
with its proof, the standing, the result; stepping by plain links (?trick=N), which a
member, a reader of the share link and (from the notation) anyone can follow."""

import re

import pytest

from scoring.models import GameSession
from tests.factories import make_session, pass_out, play, play_recorded, url

pytestmark = pytest.mark.django_db


def replay_url(session, hand, query=""):
    return url("replay", session.pk, hand.number) + query


def text_of(response) -> str:
    """The page's main content as a person reads it."""
    body = response.content.decode()
    main = body[body.index("<main") : body.index("</main>")]
    words = re.sub(r"<[^>]+>", " ", main)
    return " ".join(words.replace("&#x27;", "'").replace("&amp;", "&").split())


def test_it_shows_a_trick_with_its_players_cards_and_reason(owner_client, session):
    hand = play_recorded(session)  # Ben declares 5♣ and calls ♦K
    response = owner_client.get(replay_url(session, hand, "?trick=3"))
    assert response.status_code == 200
    step = response.context["step"]
    assert step.number == 3 and step.leader == "Cat"
    assert [(p.name, p.card.label) for p in step.plays] == [
        ("Cat", "♦2"),
        ("Dan", "♦A"),
        ("Eve", "♥J"),
        ("Ann", "♦K"),
        ("Ben", "♦7"),
    ]
    assert [p.name for p in step.plays if p.wins] == ["Ann"]
    assert [p.name for p in step.plays if p.called] == ["Ann"]
    text = text_of(response)
    assert "Trick 3 · Cat leads" in text
    assert "Ann wins the trick." in text
    assert "♦K wins: it is the secretary card, the strongest card of the deck." in text
    # The called card falls: the partner is revealed here, by name.
    assert "Ann played ♦K, the called card, in trick 3" in step.reveal
    assert "Seat" not in text


def test_it_reveals_the_partner_only_at_the_trick_that_shows_it(owner_client, session):
    hand = play_recorded(session)
    for number in (1, 2, 4, 10):
        step = owner_client.get(replay_url(session, hand, f"?trick={number}")).context["step"]
        assert step.reveal == "", number


def test_it_counts_tricks_and_point_cards_by_side_after_each_trick(owner_client, session):
    hand = play_recorded(session)
    response = owner_client.get(replay_url(session, hand, "?trick=3"))
    standing = [(c.label, c.names, c.tricks, c.points) for c in response.context["step"].standing]
    assert standing == [
        ("Napoleon's side", "Ann, Ben", 1, 3),  # trick 3: ♦A, ♥J and ♦K to Ann
        ("Defenders", "Cat, Dan, Eve", 2, 4),
    ]
    outcome = response.context["replay"].outcome
    assert [(c.tricks, c.points) for c in outcome.sides] == [(4, 5), (6, 11)]
    assert outcome.verdict == "Failed."
    assert ("Ben", "−320", True) in outcome.deltas


def test_it_flags_an_illegal_play_with_its_proof(owner_client, nap):
    hand = play_recorded(nap)  # Dot's ♦K on the ♥K lead; his ♥4 in trick 3 proves it
    response = owner_client.get(replay_url(nap, hand, "?trick=2"))
    step = response.context["step"]
    assert [p.name for p in step.plays if p.illegal] == ["Dot"]
    (fault,) = step.faults
    assert fault.name == "Dot" and fault.card.label == "♦K" and fault.proof == 3
    assert "Dot played ♦K to trick 2" in fault.reason and "♥4" in fault.reason
    body = response.content.decode()
    assert 'href="?trick=3#current">The proof: trick 3</a>' in body
    trick_chips = re.findall(r'class="replay-step(?: [^"]*)?"', body)
    assert trick_chips[1] == 'class="replay-step current faulty"'


@pytest.mark.parametrize(
    ("query", "number", "previous", "following"),
    [
        ("", 1, None, 2),
        ("?trick=1", 1, None, 2),
        ("?trick=7", 7, 6, 8),
        ("?trick=10", 10, 9, None),
        ("?trick=11", 1, None, 2),
        ("?trick=0", 1, None, 2),
        ("?trick=-3", 1, None, 2),
        ("?trick=²", 1, None, 2),
        ("?trick=seven", 1, None, 2),
        ("?trick=7&trick=8", 8, 7, 9),
    ],
)
def test_it_steps_by_plain_links(owner_client, session, query, number, previous, following):
    hand = play_recorded(session)
    response = owner_client.get(replay_url(session, hand, query))
    assert response.status_code == 200
    context = response.context
    assert (context["number"], context["previous"], context["next"]) == (
        number,
        previous,
        following,
    )
    body = response.content.decode()
    if following:
        assert f'href="?trick={following}#current" rel="next"' in body
    if previous:
        assert f'href="?trick={previous}#current" rel="prev"' in body


def test_it_is_for_the_leagues_members(member_client, stranger_client, anon_client, session):
    hand = play_recorded(session)
    assert member_client.get(replay_url(session, hand)).status_code == 200
    assert stranger_client.get(replay_url(session, hand)).status_code == 404
    response = anon_client.get(replay_url(session, hand))
    assert response.status_code == 302 and response.url.startswith(url("login"))


def test_it_has_no_page_for_a_hand_whose_play_was_not_recorded(owner_client, session):
    played, passed = play(session), pass_out(session)
    for hand in (played, passed):
        assert owner_client.get(replay_url(session, hand)).status_code == 404
    assert owner_client.get(url("replay", session.pk, 99)).status_code == 404


def test_the_hands_list_and_the_edit_page_lead_to_it(owner_client, session):
    plain, recorded = play(session), play_recorded(session)
    hands = owner_client.get(url("hands", session.pk)).content.decode()
    assert replay_url(session, recorded) in hands
    assert replay_url(session, plain) not in hands
    edit = owner_client.get(url("edit-hand", session.pk, recorded.number)).content.decode()
    assert f'href="{replay_url(session, recorded)}">The play, trick by trick</a>' in edit
    edit = owner_client.get(url("edit-hand", session.pk, plain.number)).content.decode()
    assert "The play, trick by trick" not in edit


def test_it_offers_the_hands_notation_link_with_the_players_names(owner_client, session):
    hand = play_recorded(session)
    context = owner_client.get(replay_url(session, hand)).context
    notation = context["replay"].notation
    assert context["link"] == (
        f"http://testserver/r/{notation}/?name=Ann&name=Ben&name=Cat&name=Dan&name=Eve"
    )
    assert context["qr_url"] == f"/r/{notation}/qr.svg?name=Ann&name=Ben&name=Cat&name=Dan&name=Eve"


# ---- the share link: read-only, no account -------------------------------------------------


def test_the_share_links_readers_see_the_replay(anon_client, session):
    hand = play_recorded(session)
    board = anon_client.get(url("share", session.share_token)).content.decode()
    shared = url("share-replay", session.share_token, hand.number)
    assert shared in board
    assert replay_url(session, hand) not in board
    response = anon_client.get(shared + "?trick=3")
    assert response.status_code == 200
    assert "Ann wins the trick." in text_of(response)
    body = response.content.decode()
    assert url("share", session.share_token) in body  # back to the scoreboard
    for name in ("edit-hand", "delete-hand"):
        assert url(name, session.pk, hand.number) not in body
    assert url("login") not in body


def test_a_share_link_turned_off_shows_no_replay(anon_client, session):
    hand = play_recorded(session)
    shared = url("share-replay", session.share_token, hand.number)
    GameSession.objects.filter(pk=session.pk).update(share_token=None)
    assert anon_client.get(shared).status_code == 404
    other = make_session(session.league)
    assert anon_client.get(url("share-replay", other.share_token, hand.number)).status_code == 404


def test_it_reads_in_the_readers_language(anon_client, session):
    hand = play_recorded(session)
    response = anon_client.get(
        url("share-replay", session.share_token, hand.number) + "?trick=3",
        HTTP_ACCEPT_LANGUAGE="zh-hant",
    )
    text = text_of(response)
    assert "第 3 墩" in text or "第3墩" in text
    assert "Trick 3" not in text
