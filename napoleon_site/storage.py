"""The production static files storage: WhiteNoise's, compressed and with hashed names,
whose hashing also follows this project's ES module imports.

static/js/offline.js imports its parts from static/js/outbox/ (``import ... from
"./outbox/queue.js";``). Served under hashed names, a module importing the plain name
would load a file that is not there, or a stale copy kept for a year: the import
statements are rewritten to the hashed names, as CSS ``url()`` already is.

Django does this for every *.js file with ``support_js_module_import_aggregation``; here
it is for this project's scripts only (js/, from static/), since django-htmx's extensions
import a name that is no file ("htmx") and would fail collectstatic.
"""

from django.contrib.staticfiles.storage import ManifestStaticFilesStorage
from whitenoise.storage import CompressedManifestStaticFilesStorage

# Django's patterns for import and export statements, for the files this glob matches.
_MODULES = (
    "js/*.js",
    # A private attribute of Django's that django-stubs does not declare.
    ManifestStaticFilesStorage._js_module_import_aggregation_patterns[1],  # type: ignore[attr-defined]
)


class StaticFilesStorage(CompressedManifestStaticFilesStorage):
    patterns = (*CompressedManifestStaticFilesStorage.patterns, _MODULES)
