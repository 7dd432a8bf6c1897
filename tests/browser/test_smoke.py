import pytest


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_it_shows_the_admin_login_page_in_chromium(live_server, page):
    page.goto(f"{live_server.url}/admin/login/")
    assert page.locator("input[name=username]").is_visible()
