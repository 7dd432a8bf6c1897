"""The league page's figures are drawn once for what they show and kept: a view with
nothing changed draws nothing, a Save draws them again after its answer for the page a
reader kept, and anything they show (a hand, a name, the figures forgotten, the
language) draws them afresh."""

import pytest
from django.core.management import call_command

from scoring.history import figures_part
from scoring.models import Player
from tests.factories import url as url_of
from tests.history.test_after_save import look, save, sixty  # noqa: F401 (a fixture)

pytestmark = pytest.mark.django_db


@pytest.fixture
def drawn(monkeypatch):
    """The leagues whose figures were drawn, in order."""
    log: list[int] = []
    draw = figures_part._draw

    def counted(league, *args):
        log.append(league.pk)
        return draw(league, *args)

    monkeypatch.setattr(figures_part, "_draw", counted)
    return log


def standings_of(page: str) -> str:
    return page[page.index('id="standings"') : page.index('id="sessions"')]


def test_it_draws_the_figures_once_while_nothing_changes(member_client, sixty, drawn):  # noqa: F811
    league, _session = sixty
    first = standings_of(look(member_client, league))
    assert drawn == [league.pk]
    assert standings_of(look(member_client, league)) == first and drawn == [league.pk]


def test_it_draws_them_again_after_a_save_for_the_page_a_reader_kept(
    member_client,
    sixty,  # noqa: F811
    drawn,
):
    league, session = sixty
    before = standings_of(look(member_client, league))
    drawn.clear()
    assert save(member_client, session).status_code == 200
    assert drawn == [league.pk]  # once its answer was sent
    after = standings_of(look(member_client, league))
    assert drawn == [league.pk] and after != before  # the page read it as drawn


def test_it_leaves_a_league_no_page_drew_to_its_first_reader(member_client, sixty, drawn):  # noqa: F811
    league, session = sixty
    assert save(member_client, session).status_code == 200
    assert drawn == []


def test_it_draws_them_afresh_when_a_name_changes(member_client, sixty, drawn):  # noqa: F811
    league, _session = sixty
    before = standings_of(look(member_client, league))
    player = next(p for p in Player.objects.filter(league=league) if f">{p.name}<" in before)
    player.name = "Zelda Renamed"
    player.save(update_fields=["name"])
    assert "Zelda Renamed" in standings_of(look(member_client, league))
    assert drawn == [league.pk, league.pk]


def test_it_draws_them_afresh_once_the_figures_are_forgotten(member_client, sixty, drawn):  # noqa: F811
    league, _session = sixty
    look(member_client, league)
    call_command("rebuild_history", str(league.pk), stdout=open("/dev/null", "w"))
    look(member_client, league)
    assert drawn == [league.pk, league.pk]


def test_it_keeps_a_drawing_per_language(member_client, sixty, drawn):  # noqa: F811
    league, _session = sixty
    english = standings_of(look(member_client, league))
    address = url_of("league", league.pk)
    french = member_client.get(address, HTTP_ACCEPT_LANGUAGE="fr")
    member_client.cookies.pop("django_language", None)
    page = french.content.decode()
    assert 'lang="fr"' in page, "the page was not in French"
    assert standings_of(page) != english and drawn == [league.pk, league.pk]
    assert standings_of(look(member_client, league)) == english and len(drawn) == 2
