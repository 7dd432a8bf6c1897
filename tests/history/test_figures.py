"""The history's figures against a plain recount of the stored hands, done here hand by
hand in Python: standings, records, ratings, a player's contracts and partners, and the
running totals of the charts, after every kind of write (record, edit, pass out, undo,
delete, restore) anywhere in the history, in sessions of several dates, score tables and
games. Each check reads the figures the way the pages do, so a figure kept after the
hands changed would show here."""

import contextlib
import datetime
import random
from collections import defaultdict

import pytest

from scoring.history.figures import ratings
from scoring.history.figures.figures import league_figures, player_stats
from scoring.history.figures.period import Period, year_period
from scoring.history.figures.rows import chart_step
from scoring.history.figures.synthetic import generate_league
from scoring.history.figures.tables import contract_facts, score_table
from scoring.models import GameSession, Hand, HandEvent, HandScore, Player, Seat
from scoring.table.form import HandForm
from scoring.table.lineup import players_count
from scoring.table.recording import (
    NotRestorable,
    delete_hand,
    passed_values,
    restore_hand,
    undo_last,
    update_hand,
)
from tests.factories import hand_data, make_session, pass_out, play

pytestmark = pytest.mark.django_db


# ---- the recount ------------------------------------------------------------------------


ALL_TIME = Period()


def player_rows(league, period=ALL_TIME):
    """[(table, variant, player, role, won, delta, date, session, number, seat, hand)] in
    history order, for the hands of the period."""
    seats = {(s.session_id, s.number): s.player_id for s in Seat.objects.all()}
    deltas = dict(((s.hand_id, s.seat), s.delta) for s in HandScore.objects.all())
    hands = (
        Hand.objects.filter(session__league=league, status=Hand.PLAYED)
        .select_related("session")
        .order_by("session__date", "session_id", "number")
    )
    rows = []
    for hand in hands:
        session = hand.session
        if period.start and session.date < period.start:
            continue
        if period.end and session.date > period.end:
            continue
        table = score_table(session.variant, session.options)
        partner = None if hand.partner == hand.declarer else hand.partner
        for seat in range(players_count(session)):
            role = "N" if seat == hand.declarer else "P" if seat == partner else "D"
            won = (hand.made is False) if role == "D" else (hand.made is True)
            player = seats[(session.pk, seat)]
            rows.append(
                (table, session.variant, player, role, won, deltas[(hand.pk, seat)])
                + (session.date, session.pk, hand.number, seat, hand)
            )
    return rows


def recount_standings(rows):
    """{(table, player): [hands, score, sessions, won, declared, made, as partner, won as
    partner, defended, defeated]}"""
    found = defaultdict(lambda: [0] * 10)
    sessions = defaultdict(set)
    for table, _v, player, role, won, delta, _d, session, _n, _s, hand in rows:
        f = found[(table, player)]
        sessions[(table, player)].add(session)
        f[0] += 1
        f[1] += delta
        f[3] += won
        if role == "N":
            f[4] += 1
            f[5] += hand.made is True
        elif role == "P":
            f[6] += 1
            f[7] += won
        else:
            f[8] += 1
            f[9] += hand.made is False
    for key, f in found.items():
        f[2] = len(sessions[key])
    return dict(found)


def recount_records(rows, start=None):
    """{table: (best (player, session, number, delta), streak (player, hands, since, until))}"""
    best, streak, runs = {}, {}, {}
    for table, _v, player, _role, won, delta, date, session, number, _seat, _hand in rows:
        if start is None or date >= start:
            if table not in best or delta > best[table][3]:
                best[table] = (player, session, number, delta)
        run = runs.get((table, player), (0, None))
        run = (run[0] + 1, run[1] or date) if won else (0, None)
        runs[(table, player)] = run
        if won and (start is None or run[1] >= start):
            if table not in streak or run[0] > streak[table][1]:
                streak[table] = (player, run[0], run[1], date)
    return {table: (best.get(table), streak.get(table)) for table in set(best) | set(streak)}


def recount_ratings(rows):
    """{variant: {player: (rating, hands)}}"""
    found = defaultdict(dict)
    for _key, group in _by_hand(rows):
        variant, hand = group[0][1], group[0][10]
        current = found[variant]
        side = [r[2] for r in group if r[3] != "D"]
        others = [r[2] for r in group if r[3] == "D"]
        session = hand.session
        facts = contract_facts(
            variant, session.options, players_count(session), hand.contract, hand.target
        )
        after = ratings.rate_hand(
            {p: current[p][0] for p in side + others if p in current},
            side,
            others,
            facts.difficulty,
            hand.made,
        )
        for p, value in after.items():
            current[p] = (value, current.get(p, (0, 0))[1] + 1)
    return found


def _by_hand(rows):
    groups = defaultdict(list)
    for row in rows:
        groups[row[10].pk].append(row)
    return sorted(groups.items(), key=lambda item: (item[1][0][6], item[1][0][7], item[1][0][8]))


# ---- comparing with what the pages read ----------------------------------------------------


def names(league):
    return dict(Player.objects.filter(league=league).values_list("pk", "name"))


def assert_league_page_figures(league, period=ALL_TIME):
    rows = player_rows(league, period)
    shown = league_figures(league, period, names(league))
    got = {(t.table, player): list(f.values()) for t in shown.standings for player, _n, f in t.rows}
    assert got == recount_standings(rows)
    records = recount_records(player_rows(league, Period(end=period.end)), period.start)
    for t in shown.standings:
        best, streak = records[t.table]
        b = t.best_hand
        assert (b["player_id"], b["session_id"], b["number"], b["delta"]) == best
        if streak is None:
            assert t.streak is None
        else:
            s = t.streak
            by_name = {v: k for k, v in names(league).items()}
            assert (by_name[s["player__name"]], s["streak"], s["since"], s["date"]) == streak
    if period.is_all:
        expected = recount_ratings(rows)
        for variant, _label, rated in shown.ratings:
            got = {r.player_id: (r.rating, r.hands) for r in rated}
            assert got.keys() == expected[variant].keys()
            for player, (rating, hands) in expected[variant].items():
                assert got[player][0] == pytest.approx(rating) and got[player][1] == hands


def assert_player_page_figures(league):
    rows = player_rows(league)
    for player in Player.objects.filter(league=league):
        stats = {v.variant: v for v in player_stats(player, names(league))}
        mine = [r for r in rows if r[2] == player.pk]
        assert set(stats) == {r[1] for r in mine}
        for variant, entry in stats.items():
            played = [r for r in mine if r[1] == variant]
            for table, _label, figures, course in entry.tables:
                deltas = [r[5] for r in played if r[0] == table]
                totals = [sum(deltas[:n]) for n in range(len(deltas) + 1)]
                assert course == list(enumerate(totals))  # a short history: every hand
                assert figures.hands == len(deltas) and figures.score == totals[-1]
            bids = defaultdict(lambda: [0, 0])
            for r in played:
                if r[3] == "N":
                    hand = r[10]
                    session = hand.session
                    facts = contract_facts(
                        variant, session.options, players_count(session), hand.contract, hand.target
                    )
                    bids[facts.level][0] += 1
                    bids[facts.level][1] += hand.made is True
            assert {line.label: [line.attempted, line.made] for line in entry.by_level} == bids
            mates = defaultdict(lambda: [0, 0])
            for _key, group in _by_hand(played_hands(rows, played)):
                side = [r[2] for r in group if r[3] != "D"]
                if player.pk in side:
                    for mate in side:
                        if mate != player.pk:
                            mates[mate][0] += 1
                            mates[mate][1] += group[0][10].made is True
            shown = {mate: [hands, wins] for _n, mate, hands, wins, _rate in entry.mates}
            assert shown == {m: c for m, c in mates.items() if m in shown}
            assert len(shown) == min(5, len(mates))


def played_hands(rows, played):
    hands = {r[10].pk for r in played}
    return [r for r in rows if r[10].pk in hands]


# ---- the league ------------------------------------------------------------------------------


def edit(hand, **changes):
    """Edit a stored hand through the form, as the edit page does."""
    session = GameSession.objects.get(pk=hand.session_id)
    form = HandForm(session, hand_data(session, **changes))
    assert form.is_valid(), form.errors
    return update_hand(hand, None, form.hand_values(), form.score.deltas)


def on(session, day):
    GameSession.objects.filter(pk=session.pk).update(date=day)
    return GameSession.objects.get(pk=session.pk)


def random_play(rng, session):
    play(
        session,
        declarer=str(rng.randrange(5)),
        partner=rng.choice(["0", "1", "2", "3", "4", "alone"]),
        level=str(rng.randint(1, 8)),
        trump=rng.choice(["S", "H", "D", "C", "NT"]),
        points=str(rng.randint(0, 16)),
    )


def random_write(rng, sessions, owner):
    session = rng.choice(sessions)
    hands = list(Hand.objects.filter(session=session).order_by("number"))
    action = rng.random()
    if action < 0.5 or not hands:
        random_play(rng, session)
    elif action < 0.6:
        pass_out(session)
    elif action < 0.65:
        update_hand(rng.choice(hands), None, passed_values(), ())
    elif action < 0.75:
        hand = rng.choice(hands)
        if hand.status == Hand.PLAYED:
            edit(hand, declarer=str(rng.randrange(5)), points=str(rng.randint(0, 16)))
    elif action < 0.85:
        undo_last(session, hands[-1].number)
    elif action < 0.93:
        delete_hand(rng.choice(hands), None, owner)
    else:
        removed = HandEvent.objects.filter(session=session, action=HandEvent.DELETE).last()
        if removed is not None:
            with contextlib.suppress(NotRestorable):  # restored already
                restore_hand(session, removed.pk, owner)


def test_the_figures_match_a_recount_after_writes_anywhere(league, owner, mighty):
    rng = random.Random(7)
    sessions = [on(make_session(league, "taiwan"), datetime.date(2025, 3, d)) for d in (10, 3)]
    sessions.append(
        on(
            make_session(league, "taiwan", options={"score_table": "hongkong"}),
            datetime.date(2024, 12, 27),
        )
    )
    sessions.append(
        on(
            make_session(league, "taiwan", names=["Ann", "Ben", "Cat", "Dan", "Zed"]),
            datetime.date(2025, 3, 17),
        )
    )
    play(mighty)
    for step in range(48):
        random_write(rng, sessions, owner)
        if step % 12 == 11:
            assert_league_page_figures(league)
            assert_league_page_figures(league, year_period(2025))
            assert_league_page_figures(league, Period(datetime.date(2025, 3, 4), None, "range"))
            assert_player_page_figures(league)


def test_a_long_history_is_charted_at_evenly_spaced_hands(member):
    """Past 60 hands a line keeps every 2^k-th hand (at most 60 of them) and the last;
    a rating's sparkline every 2^k-th of at most 16."""
    league = generate_league(500, name="Long", seed=4, owner=member, variants=["taiwan"])
    rows = player_rows(league)
    player = Player.objects.filter(league=league, seats__isnull=False).first()
    mine = [r for r in rows if r[2] == player.pk]
    (entry,) = player_stats(player, names(league))
    (_table, _label, figures, course), *_others = entry.tables
    totals = [sum(r[5] for r in mine[:n]) for n in range(len(mine) + 1)]
    step = chart_step(len(mine))
    assert len(mine) > 120 and step > 1
    expected = [(n, totals[n]) for n in range(0, len(mine) + 1, step)]
    assert course == expected + ([] if len(mine) % step == 0 else [(len(mine), totals[-1])])
    assert len(course) <= 62 and figures.score == totals[-1]

    courses = defaultdict(list)  # every player's rating after each hand, recounted
    current = {}
    for _key, group in _by_hand(rows):
        hand = group[0][10]
        side = [r[2] for r in group if r[3] != "D"]
        others = [r[2] for r in group if r[3] == "D"]
        facts = contract_facts("taiwan", hand.session.options, 5, hand.contract, hand.target)
        current.update(ratings.rate_hand(current, side, others, facts.difficulty, hand.made))
        for p in side + others:
            courses[p].append(current[p])
    mine = courses[player.pk]
    step = chart_step(len(mine))
    expected = [(0, ratings.START)] + [(n, mine[n - 1]) for n in range(step, len(mine) + 1, step)]
    if len(mine) % step:
        expected.append((len(mine), mine[-1]))
    assert [n for n, _r in entry.rating_course] == [n for n, _r in expected]
    assert [r for _n, r in entry.rating_course] == pytest.approx([r for _n, r in expected])
    ((_v, _l, rated),) = league_figures(league, ALL_TIME, names(league)).ratings
    row = next(r for r in rated if r.player_id == player.pk)
    step = chart_step(len(mine), 16)
    spark = [ratings.START] + [mine[n - 1] for n in range(step, len(mine) + 1, step)]
    if len(mine) % step:
        spark.append(mine[-1])
    assert row.spark == pytest.approx(spark) and len(row.spark) <= 18
