"""Moments as the watch tools read and show them (WA-21): local times, spans, days, ISO."""

from __future__ import annotations

import datetime as dt

import pytest

from core.watch.when import BadMoment, format_local, parse_moment, zone_label

TZ = dt.timezone(dt.timedelta(hours=9))
NOW = dt.datetime(2026, 12, 1, 15, 0, 0, tzinfo=TZ).timestamp()


def local(*args: int) -> float:
    return dt.datetime(*args, tzinfo=TZ).timestamp()  # type: ignore[misc]


@pytest.mark.parametrize(
    ("text", "future", "expected"),
    [
        ("now", False, NOW),
        ("-2h", False, NOW - 7200),
        ("2h", False, NOW - 7200),
        ("2h", True, NOW + 7200),
        ("+30m", False, NOW + 1800),
        ("-90 s", False, NOW - 90),
        ("-1.5 hours", False, NOW - 5400),
        ("-1d", False, NOW - 86400),
        ("today", False, local(2026, 12, 1)),
        ("Yesterday", False, local(2026, 11, 30)),
        ("tomorrow", True, local(2026, 12, 2)),
        ("14:00", False, local(2026, 12, 1, 14)),
        ("14:00", True, local(2026, 12, 2, 14)),  # already past: tomorrow's
        ("18:00", True, local(2026, 12, 1, 18)),
        ("7:05:30", False, local(2026, 12, 1, 7, 5, 30)),
        ("2026-11-28", False, local(2026, 11, 28)),
        ("2026-11-28 08:15", False, local(2026, 11, 28, 8, 15)),
        ("2026-11-28t08:15", False, local(2026, 11, 28, 8, 15)),
        ("2026-11-28T08:15+00:00", False, local(2026, 11, 28, 17, 15)),
        ("2026-11-28T08:15Z", False, local(2026, 11, 28, 17, 15)),
    ],
)
def test_forms(text: str, future: bool, expected: float) -> None:
    assert parse_moment(text, now=NOW, tz=TZ, future=future) == expected


@pytest.mark.parametrize("text", ["", "  ", "last tuesday", "25:00", "-2 fortnights", "2026-13-01"])
def test_bad_moments(text: str) -> None:
    with pytest.raises(BadMoment):
        parse_moment(text, now=NOW, tz=TZ)


def test_local_formatting() -> None:
    assert format_local(local(2026, 12, 1, 9, 5, 7), TZ) == "2026-12-01 09:05:07"
    assert zone_label(NOW, TZ) == "UTC+09:00"
    assert zone_label(NOW, dt.timezone(dt.timedelta(hours=-5, minutes=-30))) == "UTC-05:30"
    assert zone_label(NOW, dt.UTC) == "UTC+00:00"


def test_the_system_zone_by_default() -> None:
    at = NOW
    assert format_local(at) == dt.datetime.fromtimestamp(at).strftime("%Y-%m-%d %H:%M:%S")
    midnight = dt.datetime.fromtimestamp(at).replace(hour=0, minute=0, second=0, microsecond=0).timestamp()
    assert parse_moment("today", now=at) == midnight
