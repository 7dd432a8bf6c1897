"""What the browser tests share: signing in through the real login page."""


def log_in(page, live_server, username, password):
    page.goto(f"{live_server.url}/accounts/login/")
    page.fill("input[name=username]", username)
    page.fill("input[name=password]", password)
    page.click("main button[type=submit]")
    page.wait_for_url(f"{live_server.url}/")
