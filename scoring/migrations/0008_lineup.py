"""Players change during a session: each hand keeps who played it
(``Hand.lineup``, ``benched``, ``sitting_out``), each score its player, each seat the
hands it covers; a session's stake changes and players per hand; the audit trail of
renamed and merged player entries.

Every hand stored before was played by its session's seats, in seat order: its line-up
is those seats' players, and each score's player the one in its seat.
"""

import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models


def fill_lineups(apps, schema_editor):
    if schema_editor.connection.vendor == "postgresql":
        # Scores are updated, then their column altered, in this one transaction: the
        # foreign keys' deferred checks must not wait until the end.
        schema_editor.execute("SET CONSTRAINTS ALL IMMEDIATE")
    Seat = apps.get_model("scoring", "Seat")
    Hand = apps.get_model("scoring", "Hand")
    seats = {}
    for session, player in Seat.objects.order_by("session_id", "number").values_list(
        "session_id", "player_id"
    ):
        seats.setdefault(session, []).append(player)
    for session, players in seats.items():
        Hand.objects.filter(session_id=session).update(lineup=players)
    quote = schema_editor.connection.ops.quote_name
    score, seat, hand = (
        quote(apps.get_model("scoring", name)._meta.db_table)
        for name in ("HandScore", "Seat", "Hand")
    )
    schema_editor.execute(
        f"UPDATE {score} SET player_id = (SELECT st.player_id FROM {seat} st"
        f" JOIN {hand} h ON h.session_id = st.session_id"
        f" WHERE h.id = {score}.hand_id AND st.number = {score}.seat)"
    )


class Migration(migrations.Migration):
    dependencies = [
        ("scoring", "0007_cache_table"),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.AddField(
            model_name="gamesession",
            name="players_per_hand",
            field=models.PositiveSmallIntegerField(
                blank=True, null=True, verbose_name="players per hand"
            ),
        ),
        migrations.AddField(
            model_name="gamesession",
            name="revision",
            field=models.PositiveIntegerField(default=0, editable=False),
        ),
        migrations.AddField(
            model_name="gamesession",
            name="stake_changes",
            field=models.JSONField(blank=True, default=list, verbose_name="stake changes"),
        ),
        migrations.AddField(
            model_name="hand",
            name="benched",
            field=models.JSONField(blank=True, default=list, verbose_name="sitting out"),
        ),
        migrations.AddField(
            model_name="hand",
            name="lineup",
            field=models.JSONField(default=list, verbose_name="line-up"),
        ),
        migrations.AddField(
            model_name="hand",
            name="sitting_out",
            field=models.PositiveSmallIntegerField(
                blank=True, null=True, verbose_name="killed (seat)"
            ),
        ),
        migrations.AddField(
            model_name="handscore",
            name="player",
            field=models.ForeignKey(
                null=True,
                on_delete=django.db.models.deletion.PROTECT,
                related_name="scores",
                to="scoring.player",
            ),
        ),
        migrations.AddField(
            model_name="seat",
            name="from_hand",
            field=models.PositiveIntegerField(default=1, verbose_name="from hand"),
        ),
        migrations.AddField(
            model_name="seat",
            name="until_hand",
            field=models.PositiveIntegerField(blank=True, null=True, verbose_name="until hand"),
        ),
        migrations.RunPython(fill_lineups, migrations.RunPython.noop),
        migrations.AlterField(
            model_name="handscore",
            name="player",
            field=models.ForeignKey(
                on_delete=django.db.models.deletion.PROTECT,
                related_name="scores",
                to="scoring.player",
            ),
        ),
        migrations.AlterModelOptions(
            name="seat",
            options={
                "ordering": ["session", "number", "pk"],
                "verbose_name": "seat",
                "verbose_name_plural": "seats",
            },
        ),
        migrations.RemoveConstraint(model_name="seat", name="unique_seat_number"),
        migrations.RemoveConstraint(model_name="seat", name="one_seat_per_player"),
        migrations.AddConstraint(
            model_name="seat",
            constraint=models.UniqueConstraint(
                condition=models.Q(("until_hand__isnull", True)),
                fields=("session", "number"),
                name="unique_seat_number",
            ),
        ),
        migrations.AddConstraint(
            model_name="seat",
            constraint=models.UniqueConstraint(
                condition=models.Q(("until_hand__isnull", True)),
                fields=("session", "player"),
                name="one_seat_per_player",
            ),
        ),
        migrations.CreateModel(
            name="PlayerChange",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                (
                    "action",
                    models.CharField(
                        choices=[("rename", "renamed"), ("merge", "merged")],
                        max_length=10,
                        verbose_name="action",
                    ),
                ),
                ("old_name", models.CharField(max_length=40, verbose_name="before")),
                ("new_name", models.CharField(max_length=40, verbose_name="after")),
                (
                    "merged_id",
                    models.PositiveBigIntegerField(
                        blank=True, null=True, verbose_name="merged entry"
                    ),
                ),
                ("moved", models.JSONField(blank=True, default=dict, verbose_name="moved")),
                ("username", models.CharField(blank=True, max_length=150, verbose_name="by")),
                ("at", models.DateTimeField(auto_now_add=True, verbose_name="when")),
                (
                    "league",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="player_changes",
                        to="scoring.league",
                    ),
                ),
                (
                    "player",
                    models.ForeignKey(
                        blank=True,
                        null=True,
                        on_delete=django.db.models.deletion.SET_NULL,
                        related_name="changes",
                        to="scoring.player",
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
                "verbose_name": "player change",
                "verbose_name_plural": "player changes",
                "ordering": ["league", "-pk"],
            },
        ),
    ]
