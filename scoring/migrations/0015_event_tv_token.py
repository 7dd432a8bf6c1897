"""A club night's TV link: a token of its own for every night, the nights already
there included (each gets a different one before the column becomes unique)."""

from django.db import migrations, models

import scoring.models.events


def give_tokens(apps, schema_editor):
    Event = apps.get_model("scoring", "Event")
    for event in Event.objects.filter(tv_token__isnull=True).only("pk"):
        event.tv_token = scoring.models.events.new_tv_token()
        event.save(update_fields=["tv_token"])


class Migration(migrations.Migration):
    dependencies = [
        ("scoring", "0014_events"),
    ]

    operations = [
        migrations.AddField(
            model_name="event",
            name="tv_token",
            field=models.CharField(editable=False, max_length=64, null=True),
        ),
        migrations.RunPython(give_tokens, migrations.RunPython.noop),
        migrations.AlterField(
            model_name="event",
            name="tv_token",
            field=models.CharField(
                default=scoring.models.events.new_tv_token,
                editable=False,
                max_length=64,
                unique=True,
            ),
        ),
    ]
