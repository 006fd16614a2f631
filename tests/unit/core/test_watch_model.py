"""The watch's values (issue 15, WA-8 … WA-10): rhythms, limits, the stored definition."""

from __future__ import annotations

import datetime as dt

import pytest

from core.watch import Region
from core.watch.model import Limits, Meter, Rhythm, Watch, WatchInvalid

TOKYO = dt.timezone(dt.timedelta(hours=9))


def at(day: int, hour: int, minute: int, tz: dt.tzinfo = TOKYO) -> float:
    return dt.datetime(2027, 3, day, hour, minute, tzinfo=tz).timestamp()


def test_every_and_continuous_look_after_their_interval() -> None:
    assert Rhythm("every", 600).next_due(1000.0) == 1600.0
    assert Rhythm("continuous", 0.5).next_due(1000.0) == 1000.5


@pytest.mark.parametrize(
    ("now", "due"),
    [
        (at(3, 6, 0), at(3, 7, 30)),
        (at(3, 7, 30), at(3, 18, 5)),  # strictly after: the look at 07:30 is done
        (at(3, 18, 6), at(4, 7, 30)),  # past the last one: tomorrow's first
        (at(31, 23, 59), dt.datetime(2027, 4, 1, 7, 30, tzinfo=TOKYO).timestamp()),  # month end
    ],
)
def test_times_of_day_are_local_and_roll_over_to_the_next_day(now: float, due: float) -> None:
    rhythm = Rhythm("times", times=("18:05", "07:30", "07:30"))
    assert rhythm.times == ("07:30", "18:05")  # sorted, once each
    assert rhythm.next_due(now, TOKYO) == due


@pytest.mark.parametrize(
    ("kwargs", "field"),
    [
        ({"kind": "hourly"}, "rhythm"),
        ({"kind": "every", "every_s": 9.0}, "every_s"),
        ({"kind": "continuous", "every_s": 0.1}, "every_s"),
        ({"kind": "every", "every_s": float("nan")}, "every_s"),
        ({"kind": "times", "times": ()}, "times"),
        ({"kind": "times", "times": ("24:00",)}, "times"),
        ({"kind": "times", "times": ("7:30",)}, "times"),
    ],
)
def test_a_rhythm_that_cannot_run_names_its_field(kwargs: dict[str, object], field: str) -> None:
    with pytest.raises(WatchInvalid) as raised:
        Rhythm(**kwargs)  # type: ignore[arg-type]
    assert raised.value.field == field


def test_limits_are_whole_numbers_of_at_least_one() -> None:
    for bad in (0, -1, 1.5, True):
        with pytest.raises(WatchInvalid) as raised:
            Limits(calls_per_hour=bad)  # type: ignore[arg-type]
        assert raised.value.field == "calls_per_hour"


def test_a_definition_round_trips_through_its_stored_json() -> None:
    w = Watch(
        "w1",
        "eye",
        "check the kiln temperature display",
        name="Kiln",
        tool="nik__live_view_image",
        arguments={"zoom": 2},
        rhythm=Rhythm("times", times=("09:00", "21:00")),
        sensitivity=75,
        region=Region(0.1, 0.2, 0.3, 0.4),
        limits=Limits(10, 20_000),
        notify_at=4,
        cooldown_s=90,
        until=1_900_000_000.0,
        keep_days=7,
        keep_mb=50,
        compare_previous=False,
        conversation_id="watch-w1",
        created=123.0,
        created_by="agent",
    )
    assert Watch.from_json(w.to_json()) == w
    assert w.to_json()["rhythm"] == {"kind": "times", "every_s": 600.0, "times": ["09:00", "21:00"]}


def test_a_bad_stored_definition_is_a_typed_error() -> None:
    with pytest.raises(WatchInvalid) as raised:
        Watch.from_json({"id": "w", "agent_id": "a", "instruction": "x", "sensitivity": 101})
    assert raised.value.field == "sensitivity"
    with pytest.raises(WatchInvalid):
        Watch.from_json({"id": "w", "agent_id": "a"})  # no instruction
    with pytest.raises(ValueError):
        Watch.from_json(
            {"id": "w", "agent_id": "a", "instruction": "x", "region": {"x": 0.9, "y": 0, "w": 0.5, "h": 1}}
        )


def test_the_label_is_the_name_or_the_instructions_start() -> None:
    assert (
        Watch("w", "a", "tell me   when a bird\nis at the feeder").label
        == "tell me when a bird is at the feeder"
    )
    long = Watch("w", "a", "x" * 60).label
    assert len(long) == 40 and long.endswith("…")
    assert Watch("w", "a", "anything", name=" Door ").label == "Door"


def test_the_meter_says_which_limit_is_reached() -> None:
    assert Meter(119, 120, 10, 500).exhausted == ""
    assert Meter(120, 120, 10, 500).exhausted == "budget_calls"
    assert Meter(3, 120, 500, 500).exhausted == "budget_tokens"
