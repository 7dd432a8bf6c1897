import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models


class Migration(migrations.Migration):
    """The session's revision becomes its version (raised by every change to the table,
    hands included), and each step of it is logged as a TableChange."""

    dependencies = [
        ("scoring", "0009_merge"),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.RenameField(model_name="gamesession", old_name="revision", new_name="version"),
        migrations.CreateModel(
            name="TableChange",
            fields=[
                ("id", models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name="ID")),
                ("version", models.PositiveIntegerField(verbose_name="version")),
                (
                    "kind",
                    models.CharField(
                        choices=[
                            ("hand", "hand"),
                            ("seats", "seats"),
                            ("stake", "stake"),
                            ("players", "player names"),
                            ("rules", "session"),
                            ("end", "end"),
                            ("share", "share link"),
                        ],
                        max_length=10,
                        verbose_name="what",
                    ),
                ),
                ("detail", models.JSONField(blank=True, default=dict, verbose_name="detail")),
                ("username", models.CharField(blank=True, max_length=150, verbose_name="by")),
                ("at", models.DateTimeField(auto_now_add=True, verbose_name="when")),
                (
                    "session",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="table_changes",
                        to="scoring.gamesession",
                    ),
                ),
                (
                    "user",
                    models.ForeignKey(
                        blank=True,
                        null=True,
                        on_delete=django.db.models.deletion.SET_NULL,
                        related_name="+",
                        to=settings.AUTH_USER_MODEL,
                    ),
                ),
            ],
            options={
                "verbose_name": "table change",
                "verbose_name_plural": "table changes",
                "ordering": ["session", "version"],
                "constraints": [
                    models.UniqueConstraint(fields=("session", "version"), name="one_change_per_version")
                ],
            },
        ),
    ]
