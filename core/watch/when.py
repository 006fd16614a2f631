"""Moments as the watch tools take and show them (issue 15, WA-21): local times, both ways.

A model asks about the past in the person's words ("since 14:00", "the last two hours", "today")
and is answered in local time, never in epoch seconds or UTC: the person reads the answer.

``parse_moment`` reads one moment; each form is local time unless it carries its own offset:

* ``now``;
* a span: ``-2h``, ``-30m``, ``-90s``, ``-1d`` (also ``min``, ``hours``, ``days``, …); ``+2h`` is
  ahead; a span without a sign goes back for a past moment (``since``) and ahead for a future one
  (``until``: "2h" is two hours from now);
* ``today``, ``yesterday``, ``tomorrow``: that day's local midnight;
* a time of day ``HH:MM`` (or ``HH:MM:SS``): today at that time; for a future moment one already
  past is tomorrow's;
* an ISO date ``2026-12-01`` (its local midnight) or date and time ``2026-12-01T14:30`` / ``2026-12-01
  14:30``, with an offset (``+09:00``, ``Z``) when given.

``tz`` is the local zone: None means the system's (its offset at that moment, so a DST change is
followed); tests pass a fixed one.
"""

from __future__ import annotations

import datetime as dt
import re
from typing import Final

_SPAN = re.compile(
    r"^([+-]?)\s*(\d+(?:\.\d+)?)\s*(s|sec|secs|seconds?|m|min|mins|minutes?|h|hrs?|hours?|d|days?)$"
)
_UNIT_S: Final = {"s": 1.0, "m": 60.0, "h": 3600.0, "d": 86400.0}
_CLOCK = re.compile(r"^([01]?\d|2[0-3]):([0-5]\d)(?::([0-5]\d))?$")
_DAYS: Final = {"today": 0, "yesterday": -1, "tomorrow": 1}


class BadMoment(ValueError):
    """A text that is none of the forms ``parse_moment`` reads."""


def _local(at: float, tz: dt.tzinfo | None) -> dt.datetime:
    return dt.datetime.fromtimestamp(at, tz) if tz is not None else dt.datetime.fromtimestamp(at).astimezone()


def _epoch(naive: dt.datetime, tz: dt.tzinfo | None) -> float:
    """A naive local date-time as epoch seconds (the system's zone when ``tz`` is None)."""
    return naive.replace(tzinfo=tz).timestamp() if tz is not None else naive.timestamp()


def parse_moment(text: str, *, now: float, tz: dt.tzinfo | None = None, future: bool = False) -> float:
    """The moment ``text`` names, as epoch seconds; raises ``BadMoment``."""
    t = " ".join(str(text).strip().lower().split())
    if not t:
        raise BadMoment("empty")
    if t == "now":
        return now
    if m := _SPAN.match(t):
        sign, amount, unit = m.groups()
        seconds = float(amount) * _UNIT_S[unit[0]]
        ahead = sign == "+" or (sign == "" and future)
        return now + seconds if ahead else now - seconds
    today = _local(now, tz).replace(tzinfo=None).replace(hour=0, minute=0, second=0, microsecond=0)
    if t in _DAYS:
        return _epoch(today + dt.timedelta(days=_DAYS[t]), tz)
    if m := _CLOCK.match(t):
        h, mi, s = int(m.group(1)), int(m.group(2)), int(m.group(3) or 0)
        at = _epoch(today.replace(hour=h, minute=mi, second=s), tz)
        if future and at <= now:
            at = _epoch(today.replace(hour=h, minute=mi, second=s) + dt.timedelta(days=1), tz)
        return at
    try:
        parsed = dt.datetime.fromisoformat(t.upper())
    except ValueError as exc:
        raise BadMoment(t) from exc
    if parsed.tzinfo is not None:
        return parsed.timestamp()
    return _epoch(parsed, tz)


def format_local(at: float, tz: dt.tzinfo | None = None) -> str:
    """``2026-12-01 14:03:22`` in local time."""
    return _local(at, tz).strftime("%Y-%m-%d %H:%M:%S")


def zone_label(at: float, tz: dt.tzinfo | None = None) -> str:
    """The local zone's offset at ``at``: ``UTC+09:00``, ``UTC-05:30``, ``UTC+00:00``."""
    offset = _local(at, tz).utcoffset() or dt.timedelta(0)
    minutes = int(offset.total_seconds() // 60)
    sign = "+" if minutes >= 0 else "-"
    return f"UTC{sign}{abs(minutes) // 60:02d}:{abs(minutes) % 60:02d}"
