"""The cache's table (settings.CACHES, a DatabaseCache) comes with `migrate`, so a fresh
database needs no separate `createcachetable`."""

from django.core.management import call_command
from django.db import migrations


def create_cache_table(apps, schema_editor):
    # The command does nothing when the table is already there.
    call_command("createcachetable", database=schema_editor.connection.alias, verbosity=0)


def drop_cache_table(apps, schema_editor):
    from django.conf import settings

    for cache in settings.CACHES.values():
        if cache["BACKEND"].endswith("DatabaseCache"):
            table = schema_editor.connection.ops.quote_name(cache["LOCATION"])
            schema_editor.execute(f"DROP TABLE IF EXISTS {table}")


class Migration(migrations.Migration):
    dependencies = [("scoring", "0006_merge")]

    operations = [migrations.RunPython(create_cache_table, drop_cache_table)]
