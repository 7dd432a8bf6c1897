"""The SVG charts: round ticks, labels kept apart, text escaped, no script."""

import re

from scoring.history import charts


def test_ticks_are_round_numbers_covering_the_range():
    assert charts.nice_ticks(0, 100) == [0, 25, 50, 75, 100]
    assert charts.nice_ticks(-430, 1210) == [-500, 0, 500, 1000, 1500]
    assert charts.nice_ticks(1486, 1527) == [1480, 1500, 1520, 1540]
    assert charts.nice_ticks(5, 5)[0] <= 5 <= charts.nice_ticks(5, 5)[-1]


def test_end_labels_are_spread_apart_in_order():
    placed = charts._spread([50, 51, 52, 200], 13, 0, 300)
    assert placed[0] < placed[1] < placed[2] < placed[3]
    assert all(b - a >= 13 - 1e-9 for a, b in zip(placed, placed[1:], strict=False))
    assert charts._spread([290, 295], 13, 0, 300)[1] <= 300


def test_a_chart_names_its_lines_and_escapes_their_names():
    svg = charts.line_chart(
        [
            charts.Series("<script>alert(1)</script>", [(0, 0), (1, 20), (2, -40)], style=0),
            charts.Series("Ben", [(0, 0), (1, -20), (2, 40)], style=1),
        ],
        title="Totals & more",
        x_label="hand",
        y_label="total",
        signed=True,
    )
    assert svg.startswith('<svg class="chart"') and svg.endswith("</svg>")
    assert "<script>" not in svg and "&lt;script&gt;" in svg
    assert "<title" in svg and "Totals &amp; more" in svg
    assert "Ben: +40" in svg
    assert svg.count("<polyline") == 2
    assert 'class="line s0"' in svg and 'class="line s1"' in svg
    assert 'stroke-dasharray="7 4"' in svg  # the second line is dashed
    assert "style=" not in svg


def test_a_chart_of_many_points_leaves_out_the_markers():
    points = [(x, x % 7) for x in range(100)]
    svg = charts.line_chart([charts.Series("Ann", points)], title="t", x_label="x")
    assert "<circle" not in svg
    few = charts.line_chart([charts.Series("Ann", points[:10])], title="t", x_label="x")
    assert few.count("<circle") == 10


def test_a_sparkline_says_what_it_shows():
    svg = charts.sparkline([1500, 1510, 1490], "Ann's rating")
    assert 'aria-label="Ann&#x27;s rating"' in svg and "<polyline" in svg
    assert "<polyline" in charts.sparkline([], "nothing")


def test_a_legend_swatch_matches_its_line():
    assert 'class="line s2"' in charts.legend_swatch(2)
    assert 'stroke-dasharray="2 3"' in charts.legend_swatch(2)


def test_hand_ticks_are_whole_numbers_and_few_for_any_length():
    for hands in range(1, 501):
        ticks = charts.nice_ticks(0, hands, 6, whole=True)
        shown = [t for t in ticks if 0 <= t <= hands]
        assert all(t == int(t) for t in ticks), hands
        assert shown[0] == 0 and 2 <= len(shown) <= 7, (hands, shown)
    assert charts.nice_ticks(0, 2, 6, whole=True) == [0, 1, 2]


def test_a_two_hand_chart_counts_hands_in_ones():
    series = [charts.Series("Ann", [(0, 0), (1, 60), (2, 120)])]
    svg = charts.line_chart(series, title="t", x_label="hand")
    x_ticks = re.findall(r'text-anchor="middle">([^<]+)</text>', svg)
    assert x_ticks[:3] == ["0", "1", "2"] and not any("." in t for t in x_ticks)


def _lines(svg):
    return [
        [tuple(map(float, p.split(","))) for p in points.split()]
        for points in re.findall(r'<polyline class="line s\d" points="([^"]+)"', svg)
    ]


def test_lines_on_the_same_values_are_drawn_side_by_side():
    same = [(0, 0), (1, -60), (2, -120)]
    ann = charts.Series("Ann", [(0, 0), (1, 120), (2, 240)], style=3)
    defenders = [charts.Series(name, list(same), style=i) for i, name in enumerate("CDE")]
    cat, dan, eve, fanned = _lines(charts.line_chart([*defenders, ann], title="t", x_label="x"))
    for a, b in ((cat, dan), (dan, eve)):
        gaps = [bb[1] - aa[1] for aa, bb in zip(a, b, strict=True)]
        assert all(gap >= charts.DODGE - 0.1 for gap in gaps), gaps  # more than a stroke apart
    # Where a line shares no value with another, it is drawn exactly at its values.
    _cat, alone = _lines(charts.line_chart([defenders[0], ann], title="t", x_label="x"))
    assert fanned[1:] == alone[1:] and fanned[0] != alone[0]
