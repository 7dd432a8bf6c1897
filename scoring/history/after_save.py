"""Once a Save's answer is sent, what the league page shows of it drawn ahead, so that
the first league page after it reads it as kept instead of drawing it while its reader
waits: the figures of its game brought up to date, then, when a page kept them, drawn
again (scoring.history.figures_part), and the first page of the league's sessions (where
the saved one's card now reads otherwise) drawn again (scoring.history.cards), in the
language of the phone that saved.
Connected to the table's ``hand_saved`` (scoring.table.after_save) when the app is ready
(scoring.apps); an error here is logged there, and the next page draws what is missing
itself."""

from typing import Any

from django.dispatch import receiver

from scoring.history import cards, figures_part, league_page
from scoring.history.figures.figures import bring_current
from scoring.history.figures.period import Period
from scoring.models import GameSession
from scoring.table.after_save import hand_saved


@receiver(hand_saved, sender=GameSession, dispatch_uid="scoring.history.figures")
def figures_after_save(sender: type[GameSession], session: GameSession, **kwargs: Any) -> None:
    bring_current(session.league_id, session.variant)


@receiver(hand_saved, sender=GameSession, dispatch_uid="scoring.history.cards")
def cards_after_save(sender: type[GameSession], session: GameSession, **kwargs: Any) -> None:
    # The league page opens on all time, its first page (scoring.history.league_page).
    cards.draw_ahead(session.league, Period(), 1)


@receiver(hand_saved, sender=GameSession, dispatch_uid="scoring.history.figures_part")
def drawing_after_save(sender: type[GameSession], session: GameSession, **kwargs: Any) -> None:
    # Connected after figures_after_save: drawn from the figures it brought up to date.
    league = session.league
    figures_part.draw_ahead(league, Period(), league_page.league_players(league))
