"""The night in a few lines of plain text, for the table's chat: who won, every total
(with a stake, the money too, and who pays whom) and the best hand, from the final
standings.

Sent through the phone's share sheet (or copied) into LINE, WeChat, KakaoTalk or any
other chat, it is plain text with no markup, so every app shows it as written: one fact
per line, in the reader's language and each game's own words (the napoleon, the Mighty's
declarer, Nap's bidder), scores with a true minus sign as the pages write them.
"""

from django.db.models import Count, Q
from django.utils import formats
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from scoring.models import GameSession, Hand, HandScore
from scoring.rules.scores import signed
from scoring.table.parts import contract_of
from scoring.table.standings import Standing, Standings
from scoring.words.lists import join


def night_text(session: GameSession, result: Standings) -> str:
    """The night as its chat message: a heading, the winners, every total (best first),
    the best hand, how many hands were played and, with a stake, who pays whom; ""
    before the first hand."""
    counted = session.hands.aggregate(
        hands=Count("pk"), played=Count("pk", filter=Q(status=Hand.PLAYED))
    )
    if not counted["hands"]:
        return ""
    date = formats.date_format(session.date, "DATE_FORMAT")
    lines = [f"{session.league.name} · {session.get_variant_display()} · {date}"]
    rows = result["standings"]
    winners = [row for row in rows if row["winner"]]
    lines.append(
        ngettext("Winner: %(names)s (%(total)s)", "Winners: %(names)s (%(total)s)", len(winners))
        % {"names": join(row["name"] for row in winners), "total": signed(winners[0]["total"])}
    )
    lines += [_total_line(place, row) for place, row in _places(rows)]
    best = best_hand(session)
    if best is not None:
        lines.append(best)
    lines.append(
        ngettext("%(count)d hand played", "%(count)d hands played", counted["played"])
        % {"count": counted["played"]}
    )
    lines += [
        _("%(payer)s pays %(payee)s %(amount)s")
        % {
            "payer": t["payer"].player.name,
            "payee": t["payee"].player.name,
            "amount": t["amount_text"],
        }
        for t in result.get("transfers", ())
    ]
    return "\n".join(lines)


def _total_line(place: int, row: Standing) -> str:
    """``2. Ben +60``, and with a stake what they won or paid: ``2. Ben +60 (+6.00)``."""
    line = f"{place}. {row['name']} {signed(row['total'])}"
    return f"{line} ({row['money_text']})" if row["money_text"] else line


def _places(rows: list[Standing]) -> list[tuple[int, Standing]]:
    """Each row with its place: players level on points share it (1, 2, 2, 4)."""
    placed: list[tuple[int, Standing]] = []
    for index, row in enumerate(rows):
        level = placed and placed[-1][1]["total"] == row["total"]
        placed.append((placed[-1][0] if level else index + 1, row))
    return placed


def best_hand(session: GameSession) -> str | None:
    """The night's biggest score for one player in one hand (the first such hand, on a
    tie), with the hand: its contract, who declared it and whether it was made."""
    score = (
        # A played hand's: what a deal-miss penalty pays is no hand won.
        HandScore.objects.filter(hand__session=session, hand__status=Hand.PLAYED, delta__gt=0)
        .select_related("hand", "player")
        .order_by("-delta", "hand__number", "seat")
        .first()
    )
    if score is None:
        return None
    hand = score.hand
    hand.session = session
    contract = contract_of(session, hand)
    verdict = _("made") if hand.made else _("draw") if hand.made is None else _("failed")
    return _(
        "Best hand: %(name)s %(score)s, hand %(number)s (%(role)s %(declarer)s, "
        "%(contract)s, %(verdict)s)"
    ) % {
        "name": score.player.name,
        "score": signed(score.delta),
        "number": hand.number,
        "role": session.engine.term("declarer_title"),
        "declarer": hand.declarer_name(),
        "contract": contract.label if contract else "",
        "verdict": verdict,
    }
