import json

import pytest

pytest.register_assert_rewrite("tests.api.support")

from tests.api.support import API  # noqa: E402


@pytest.fixture
def post(client):
    """POST a body (a dict, or raw text/bytes sent as is) to an endpoint of the API."""

    def send(endpoint, body, content_type="application/json", **headers):
        data = body if isinstance(body, str | bytes) else json.dumps(body)
        return client.post(f"{API}/{endpoint}", data, content_type=content_type, **headers)

    return send
