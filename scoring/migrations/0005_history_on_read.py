
import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ('scoring', '0004_profile'),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    # The derived history tables go whole (no field-by-field removal: on SQLite that would
    # copy each table once per field); the figures are computed from the hands on read.
    operations = [
        migrations.DeleteModel(
            name='LeagueHistory',
        ),
        migrations.DeleteModel(
            name='LeagueTable',
        ),
        migrations.DeleteModel(
            name='PlayerHand',
        ),
        migrations.DeleteModel(
            name='PlayerTable',
        ),
        migrations.DeleteModel(
            name='Rating',
        ),
        migrations.DeleteModel(
            name='Tally',
        ),
        migrations.CreateModel(
            name='HistoryCache',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('variant', models.CharField(max_length=20)),
                ('key', models.CharField(max_length=64)),
                ('stamp', models.CharField(max_length=80)),
                ('data', models.JSONField()),
                ('computed_at', models.DateTimeField(auto_now=True)),
                ('league', models.ForeignKey(db_index=False, on_delete=django.db.models.deletion.CASCADE, related_name='+', to='scoring.league')),
            ],
            options={
                'verbose_name': 'history figures',
                'verbose_name_plural': 'history figures',
                'constraints': [models.UniqueConstraint(fields=('league', 'variant', 'key'), name='one_history_cache')],
            },
        ),
        migrations.AddIndex(
            model_name='gamesession',
            index=models.Index(fields=['league', 'variant', 'date'], name='session_league_game'),
        ),
        migrations.AddIndex(
            model_name='handevent',
            index=models.Index(fields=['session', '-id'], name='hand_event_latest'),
        ),
        migrations.AddIndex(
            model_name='seat',
            index=models.Index(fields=['session', 'number', 'player'], name='seat_player'),
        ),
    ]
