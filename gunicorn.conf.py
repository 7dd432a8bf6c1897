"""gunicorn's configuration file (docs/deploying.md starts gunicorn with ``--config
gunicorn.conf.py``; the command line there sets the workers and timeouts). Its hooks let
the application close a connection whose request body it refused unread
(napoleon_site.gunicorn_hooks)."""

from napoleon_site.gunicorn_hooks import post_request, pre_request  # noqa: F401
