"""Once a Save's answer is sent, the league's figures of its game brought up to date,
so that the first league page after it reads them as kept instead of folding the hand
while its reader waits. Connected to the table's ``hand_saved`` (scoring.table.after_save)
when the app is ready (scoring.apps); an error here is logged there, and the next page
brings the figures up to date itself."""

from typing import Any

from django.dispatch import receiver

from scoring.history.figures.figures import bring_current
from scoring.models import GameSession
from scoring.table.after_save import hand_saved


@receiver(hand_saved, sender=GameSession, dispatch_uid="scoring.history.figures")
def figures_after_save(sender: type[GameSession], session: GameSession, **kwargs: Any) -> None:
    bring_current(session.league_id, session.variant)
