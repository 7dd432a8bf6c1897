"""A mypy plugin that only prepares the environment for the one after it.

django-stubs' plugin imports napoleon_site.settings, which reads its values from the
environment and, outside development, insists on a real secret key. Type checking runs no
server: it takes the development defaults (DJANGO_DEBUG=1 and the settings' own development
key) unless the shell says otherwise. Listed first in pyproject.toml's plugins, so this runs
before django-stubs loads the settings; the settings themselves stay as strict as ever.
"""

import os

from mypy.plugin import Plugin

os.environ.setdefault("DJANGO_DEBUG", "1")


def plugin(version: str) -> type[Plugin]:
    return Plugin
