"""Closing the connection after an answer that leaves the request's body unread.

napoleon_site.limits refuses a body that is too large before reading it. Whatever the
client sends next on that connection is the rest of the body, not a new request, so the
server must say ``Connection: close`` and close once the answer is out. An application
may not send that header itself (PEP 3333; gunicorn drops it, runserver's handler
refuses it): gunicorn decides from its own request object. Left to itself it announces
keep-alive, then reads a little of the leftover body and drops the connection, so the
client is told one thing and gets another.

gunicorn.conf.py installs ``pre_request`` and ``post_request``: they keep gunicorn's
request where ``close_connection`` finds it, on the thread that runs the request, so the
application can ask gunicorn to close. gunicorn then sends ``Connection: close`` and
closes gracefully (it stops sending, reads what the client had already sent, then shuts
the socket), so the client reads the whole answer.
"""

import logging
import threading
from typing import Any

from django.http import HttpRequest

log = logging.getLogger(__name__)
_serving = threading.local()  # gunicorn's request, while this thread runs it


# gunicorn ships no types: its worker and request objects are Any here.
def pre_request(worker: Any, req: Any) -> None:
    worker.log.debug("%s %s", req.method, req.path)  # what gunicorn's own hook does
    _serving.request = req


def post_request(worker: Any, req: Any, environ: dict[str, Any], resp: Any) -> None:
    _serving.request = None


def close_connection(request: HttpRequest) -> None:
    """Have the server close this request's connection once its answer is sent."""
    served = getattr(_serving, "request", None)
    if served is not None and hasattr(served, "force_close"):
        served.force_close()
    elif request.META.get("SERVER_SOFTWARE", "").startswith("gunicorn"):
        log.warning(
            "gunicorn runs without the project's gunicorn.conf.py (start it with --config "
            "gunicorn.conf.py): a refused body leaves its connection announced as kept alive"
        )
