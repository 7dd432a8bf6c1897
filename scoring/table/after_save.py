"""What runs once a Save's answer is sent, for the parts of the app above the table.

A Save's answer leaves the server before anything here runs (a response's closers run
after the server has written it: scoring.table.views.hands). The league's figures live
in scoring.history, which the table may not import (the import layers, .importlinter): it
connects to ``hand_saved`` instead (scoring.apps), and is sent the session whose hand was
saved. Whatever a receiver raises is caught and logged here, since Django drops a
closer's error unseen; the Save, long answered, is unaffected, and what the receiver
would have done is left to the next page that needs it.
"""

import logging

from django.dispatch import Signal

from scoring.models import GameSession

logger = logging.getLogger(__name__)

# Sent with ``session``: the GameSession a new hand was just saved to (sender: GameSession).
hand_saved = Signal()


def send_hand_saved(session: GameSession) -> None:
    """Tell the receivers of ``hand_saved`` that ``session`` has a new hand. A receiver's
    error is caught by ``send_robust``, which logs it with its traceback (Django's
    ``django.dispatch`` logger); the session it concerned is said here."""
    try:
        answers = hand_saved.send_robust(sender=GameSession, session=session)
    except Exception:  # a closer's error would vanish: said here
        logger.exception("after a Save at session %s: its receivers were not called", session.pk)
        return
    for receiver, answer in answers:
        if isinstance(answer, Exception):
            name = getattr(receiver, "__qualname__", receiver)
            logger.warning("after a Save at session %s: %s failed: %r", session.pk, name, answer)
