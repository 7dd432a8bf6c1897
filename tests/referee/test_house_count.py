"""The referee's house rules count only what the reader chose: a rule whose default follows
the player count is no change when the count changes (four players once showed "1 changed")."""

import re

BADGE = re.compile(r'House rules\s*(?:<span class="badge">([^<]*)</span>)?')


def _badge(client, query: str) -> str | None:
    page = client.get(f"/referee/trick/?{query}", follow=True).content.decode()
    return BADGE.search(page).group(1)


def test_it_sends_no_value_for_a_rule_whose_default_follows_the_players(client):
    page = client.get("/referee/trick/?v=taiwan&n=5").content.decode()
    chips = page[page.index('id="field-o.discards_shown"') :]
    chips = chips[: chips.index("</fieldset>")]
    assert re.search(r'name="o.discards_shown" value=""[^>]* checked', chips)
    assert chips.count(" checked") == 1


def test_it_counts_nothing_changed_when_the_table_goes_to_four_players(client):
    # The form as the page sends it after the player count is switched from 5 to 4.
    assert _badge(client, "v=taiwan&n=4&o.discards_shown=") is None
    assert _badge(client, "v=hongkong&n=4&o.discards_shown=") is None


def test_it_still_counts_a_rule_the_reader_chose(client):
    assert _badge(client, "v=taiwan&n=4&o.discards_shown=0") == "1 changed"
    assert _badge(client, "v=taiwan&n=5&o.discards_shown=1") == "1 changed"
