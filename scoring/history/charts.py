"""Line charts as server-rendered SVG: no script, readable without JavaScript.

Each series has its own colour (from the Okabe–Ito palette, safe for colour-blind
eyes; the colours are CSS classes ``s0``…``s7`` in static/css/history.css, with a
dark-mode set), its own dash pattern and marker shape, and its name written at the
end of its line, so no series depends on colour alone. Lines that meet on the same
value are drawn side by side there (``DODGE`` apart), so none hides another. The
``<title>`` and ``<desc>`` give a screen reader the chart's subject and each series'
last value.
"""

import math
from collections.abc import Iterable
from dataclasses import dataclass, field
from itertools import count
from typing import Any

from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe

STYLES = 8
# How far apart, in the chart's own units, lines on the same value are drawn: more than a
# stroke and a marker's half width, so each keeps a visible edge and its marker's centre.
DODGE = 3.6
DASHES = ("", "7 4", "2 3", "9 3 2 3", "4 2", "12 3", "1 3", "6 2 2 2")
_ids = count(1)


@dataclass
class Series:
    label: str
    points: list[tuple[float, float]] = field(default_factory=list)
    style: int = 0

    @property
    def last(self) -> float | None:
        return self.points[-1][1] if self.points else None


def nice_ticks(low: float, high: float, wanted: int = 5, whole: bool = False) -> list[float]:
    """Round numbers spanning [low, high]: steps of 1, 2 or 5 times a power of ten.
    ``whole`` keeps to whole numbers, for things that come in ones such as hands."""
    if high <= low:
        high = low + 1
    raw = (high - low) / max(1, wanted - 1)
    if whole:
        raw = max(raw, 1)
    power = 10 ** math.floor(math.log10(raw))
    steps = [m * power for m in (1, 2, 2.5, 5, 10)]
    if whole:
        steps = [step for step in steps if step == int(step)]
    step = next(step for step in steps if step >= raw)
    first = math.floor(low / step) * step
    ticks = []
    value = first
    while value < high + step * 0.999:
        ticks.append(round(value, 10))
        value += step
    return ticks


def _fmt(value: float) -> str:
    if abs(value - round(value)) < 1e-9:
        text = str(int(round(value)))
    else:
        text = f"{value:.1f}"
    return text.replace("-", "−")


def _marker(kind: int, x: float, y: float, css: str) -> str:
    kind %= 4
    if kind == 0:
        return f'<circle class="{css}" cx="{x:.1f}" cy="{y:.1f}" r="2.6"/>'
    if kind == 1:
        return f'<rect class="{css}" x="{x - 2.4:.1f}" y="{y - 2.4:.1f}" width="4.8" height="4.8"/>'
    if kind == 2:
        d = f"M{x:.1f} {y - 3.2:.1f}L{x + 3.2:.1f} {y:.1f}L{x:.1f} {y + 3.2:.1f}L{x - 3.2:.1f} {y:.1f}Z"
        return f'<path class="{css}" d="{d}"/>'
    d = f"M{x:.1f} {y - 3.2:.1f}L{x + 3:.1f} {y + 2.4:.1f}L{x - 3:.1f} {y + 2.4:.1f}Z"
    return f'<path class="{css}" d="{d}"/>'


def _dodged(series: list[Series]) -> list[list[float]]:
    """Each point's offset (in the chart's units): the series that share a value at the
    same x are fanned out around it, in series order."""
    sharing: dict[tuple[float, float], list[int]] = {}
    for i, s in enumerate(series):
        for x, y in s.points:
            sharing.setdefault((x, y), []).append(i)
    offsets = []
    for i, s in enumerate(series):
        row = []
        for x, y in s.points:
            group = sharing[(x, y)]
            row.append((group.index(i) - (len(group) - 1) / 2) * DODGE)
        offsets.append(row)
    return offsets


def _whole(values: Iterable[float]) -> bool:
    return all(float(v).is_integer() for v in values)


def _spread(wanted: list[float], gap: float, low: float, high: float) -> list[float]:
    """Move label positions apart by at least ``gap``, keeping their order, within bounds."""
    order = sorted(range(len(wanted)), key=lambda i: wanted[i])
    placed = [wanted[i] for i in order]
    for i in range(1, len(placed)):
        placed[i] = max(placed[i], placed[i - 1] + gap)
    overflow = placed[-1] - high if placed else 0
    if overflow > 0:
        placed[-1] -= overflow
        for i in range(len(placed) - 2, -1, -1):
            placed[i] = min(placed[i], placed[i + 1] - gap)
    placed = [max(low, p) for p in placed]
    result = [0.0] * len(wanted)
    for slot, i in enumerate(order):
        result[i] = placed[slot]
    return result


@dataclass
class _Frame:
    """Where the plot sits in the chart and how values map onto it."""

    left: float
    top: float
    width: float
    height: float
    x_low: float
    x_high: float
    y_low: float
    y_high: float

    def x(self, value: float) -> float:
        return self.left + (value - self.x_low) / (self.x_high - self.x_low) * self.width

    def y(self, value: float) -> float:
        span = (self.y_high - self.y_low) or 1
        return self.top + (self.y_high - value) / span * self.height


def line_chart(
    series: list[Series],
    *,
    title: str,
    x_label: str,
    y_label: str = "",
    description: str = "",
    width: int = 360,
    height: int = 240,
    x_ticks: list[tuple[float, str]] | None = None,
    markers: bool | None = None,
    signed: bool = False,
) -> SafeString:
    """An SVG line chart of ``series`` (each a list of (x, y) points)."""
    series = [s for s in series if s.points]
    chart_id = f"chart{next(_ids)}"
    left, right, top, bottom = 48, 76, 12, 44
    xs = [x for s in series for x, _y in s.points] or [0, 1]
    ys = [y for s in series for _x, y in s.points] or [0]
    x_low, x_high = min(xs), max(xs)
    if x_high == x_low:
        x_high = x_low + 1
    ticks = nice_ticks(min(ys), max(ys), whole=_whole(ys))
    frame = _Frame(
        left,
        top,
        width - left - right,
        height - top - bottom,
        x_low,
        x_high,
        min(ticks[0], min(ys)),
        max(ticks[-1], max(ys)),
    )
    if x_ticks is None:
        x_ticks = [
            (x, _fmt(x))
            for x in nice_ticks(x_low, x_high, 6, whole=_whole(xs))
            if x_low <= x <= x_high
        ]
    parts = [
        f'<svg class="chart" viewBox="0 0 {width} {height}" role="img" '
        f'aria-labelledby="{chart_id}-t {chart_id}-d">',
        f'<title id="{chart_id}-t">{escape(title)}</title>',
        f'<desc id="{chart_id}-d">{escape(description or _describe(series, signed))}</desc>',
        *_axes(frame, ticks, x_ticks, x_label, y_label, height),
        *_lines(frame, series, markers),
        "</svg>",
    ]
    return mark_safe("".join(parts))  # noqa: S308 - every text above is escaped


def _axes(
    frame: _Frame,
    ticks: list[float],
    x_ticks: list[tuple[float, str]],
    x_label: str,
    y_label: str,
    height: int,
) -> list[str]:
    """The grid with its values, the x axis with its ticks, and the axes' names."""
    left, top, right = frame.left, frame.top, frame.left + frame.width
    bottom = top + frame.height
    parts = []
    for tick in ticks:
        y = frame.y(tick)
        css = "zero" if tick == 0 else "grid"
        parts.append(f'<line class="{css}" x1="{left}" x2="{right}" y1="{y:.1f}" y2="{y:.1f}"/>')
        parts.append(
            f'<text class="tick" x="{left - 5}" y="{y + 5:.1f}" text-anchor="end">{_fmt(tick)}</text>'
        )
    for x, text in x_ticks:
        parts.append(
            f'<text class="tick" x="{frame.x(x):.1f}" y="{bottom + 17}" '
            f'text-anchor="middle">{escape(text)}</text>'
        )
    parts.append(f'<line class="axis" x1="{left}" x2="{right}" y1="{bottom}" y2="{bottom}"/>')
    parts.append(
        f'<text class="axis-label" x="{left + frame.width / 2:.1f}" y="{height - 6}" '
        f'text-anchor="middle">{escape(x_label)}</text>'
    )
    if y_label:
        middle = top + frame.height / 2
        parts.append(
            f'<text class="axis-label" x="13" y="{middle:.1f}" text-anchor="middle" '
            f'transform="rotate(-90 13 {middle:.1f})">{escape(y_label)}</text>'
        )
    return parts


def _lines(frame: _Frame, series: list[Series], markers: bool | None) -> list[str]:
    """Each series' line, its markers (when few enough to tell apart) and its name."""
    show_markers = (
        markers if markers is not None else max(len(s.points) for s in series or [Series("")]) <= 40
    )
    parts, ends = [], []
    for s, offsets in zip(series, _dodged(series), strict=True):
        style = s.style % STYLES
        dash = DASHES[s.style % len(DASHES)]
        drawn = [
            (frame.x(x), frame.y(y) + dy) for (x, y), dy in zip(s.points, offsets, strict=True)
        ]
        points = " ".join(f"{x:.1f},{y:.1f}" for x, y in drawn)
        dash_attr = f' stroke-dasharray="{dash}"' if dash else ""
        parts.append(f'<polyline class="line s{style}" points="{points}"{dash_attr}/>')
        if show_markers:
            parts.extend(_marker(s.style, x, y, f"mark s{style}") for x, y in drawn)
        ends.append(drawn[-1][1])
    placed = _spread(ends, 15, frame.top + 4, frame.top + frame.height)
    for s, y in zip(series, placed, strict=True):
        label = s.label if len(s.label) <= 10 else s.label[:9] + "…"
        parts.append(
            f'<text class="label s{s.style % STYLES}" x="{frame.left + frame.width + 5}" '
            f'y="{y + 5:.1f}">{escape(label)}</text>'
        )
    return parts


def legend(series: list[Series]) -> list[dict[str, Any]]:
    """What the template needs to draw a legend: label, style class, a dash pattern."""
    return [
        {"label": s.label, "css": f"s{s.style % STYLES}", "dash": DASHES[s.style % len(DASHES)]}
        for s in series
    ]


def legend_swatch(style: int) -> SafeString:
    dash = DASHES[style % len(DASHES)]
    dash_attr = f' stroke-dasharray="{dash}"' if dash else ""
    return mark_safe(
        f'<svg class="swatch" viewBox="0 0 28 10" aria-hidden="true">'
        f'<line class="line s{style % STYLES}" x1="1" x2="27" y1="5" y2="5"{dash_attr}/>'
        f"{_marker(style, 14, 5, f'mark s{style % STYLES}')}</svg>"
    )


def sparkline(values: list[float], label: str, width: int = 84, height: int = 22) -> SafeString:
    """A small line with no axes, for a table cell; ``label`` says what it shows."""
    if len(values) < 2:
        values = (values or [0]) * 2
    low, high = min(values), max(values)
    span = (high - low) or 1
    step = (width - 4) / (len(values) - 1)
    points = " ".join(
        f"{2 + i * step:.1f},{2 + (high - v) / span * (height - 4):.1f}"
        for i, v in enumerate(values)
    )
    end_x, end_y = 2 + (len(values) - 1) * step, 2 + (high - values[-1]) / span * (height - 4)
    return mark_safe(
        f'<svg class="spark" viewBox="0 0 {width} {height}" role="img" aria-label="{escape(label)}">'
        f'<polyline points="{points}"/><circle cx="{end_x:.1f}" cy="{end_y:.1f}" r="2"/></svg>'
    )


def _describe(series: list[Series], signed: bool = False) -> str:
    def value(v: float) -> str:
        return ("+" if signed and v > 0 else "") + _fmt(v)

    return "; ".join(f"{s.label}: {value(last)}" for s in series if (last := s.last) is not None)
