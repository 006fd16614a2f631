"""The watch's built-in tools over a real store (WA-20 … WA-22): report_event,
camera_events, camera_event_image."""

from __future__ import annotations

import datetime as dt
import io
from pathlib import Path
from typing import Any

import pytest
from PIL import Image

from core.canonical import ImageData
from core.store import Store
from core.tool import ToolContext
from core.watch.model import CameraEvent, Meter, Watch, WatchState, WatchView
from core.watch.tools import (
    CameraEventImage,
    CameraEvents,
    ReportEvent,
    timeline_tools,
)
from tests.fakes.images import jpeg

TZ = dt.timezone(dt.timedelta(hours=9))
NOW = dt.datetime(2026, 12, 1, 15, 0, 0, tzinfo=TZ).timestamp()
VILLAGE = "v1"
WATCH = Watch(
    id="w1",
    agent_id="a1",
    instruction="tell me when a bird is at the feeder",
    name="Feeder",
    conversation_id="c-w1",
)


def at(hour: int, minute: int = 0, day: int = 1) -> float:
    return dt.datetime(2026, 12, day, hour, minute, tzinfo=TZ).timestamp()


def ctx(agent: str = "a1", call: str = "k1", **kw: Any) -> ToolContext:
    return ToolContext(agent_id=agent, language=kw.pop("language", "en"), turn_id="t1", call_id=call, **kw)


class StoreTimeline:
    """The part of WatchesLike the past tools use, over a real store (the service's reads)."""

    def __init__(self, store: Store, watches: list[Watch]) -> None:
        self.store = store
        self.watches = {w.id: w for w in watches}

    def events(self, **kw: Any) -> list[CameraEvent]:
        return self.store.camera_events(VILLAGE, **kw)

    def event(self, event_id: int) -> CameraEvent | None:
        return self.store.camera_event(event_id)

    def view(self, watch_id: str) -> WatchView | None:
        w = self.watches.get(watch_id)
        return None if w is None else WatchView(w, WatchState(), Meter(0, 120, 0, 500_000))

    def keyframe(self, event_id: int) -> ImageData | None:
        e = self.store.camera_event(event_id)
        if e is None or not e.keyframe or not self.store.blobs.exists(e.keyframe):
            return None
        data = self.store.blobs.get(e.keyframe)
        with Image.open(io.BytesIO(data)) as im:
            return ImageData(e.keyframe_type, data, im.width, im.height)


@pytest.fixture
def store(tmp_path: Path) -> Any:
    s = Store.open(tmp_path)
    yield s
    s.close()


def put_event(
    store: Store, when: float, title: str, *, agent: str = "a1", watch: str = "w1", **kw: Any
) -> CameraEvent:
    e = CameraEvent(
        0,
        watch,
        agent,
        "c-" + watch,
        f"t{when}",
        "k",
        when,
        title,
        kw.pop("summary", title + "."),
        kw.pop("importance", 3),
        **kw,
    )
    return store.add_camera_event(VILLAGE, e)


# ------------------------------------------------------------------ report_event


def report_tool(
    store: Store, seen: list[CameraEvent], keyframe: tuple[str, str] | None = ("ab" * 32, "image/jpeg")
) -> ReportEvent:
    return ReportEvent(
        store, VILLAGE, WATCH, lambda: keyframe, language="en", on_event=seen.append, clock=lambda: NOW
    )


@pytest.mark.asyncio
async def test_report_event_stores_the_event_with_its_keyframe(store: Store) -> None:
    seen: list[CameraEvent] = []
    tool = report_tool(store, seen)
    r = await tool.call(
        {"title": "Bird at the feeder", "summary": "A small  bird\nlanded.", "importance": 4}, ctx()
    )
    assert (r.is_error, r.output.text) == (False, "Event #1 is on the timeline (importance 4).")
    expected = CameraEvent(
        1,
        "w1",
        "a1",
        "c-w1",
        "t1",
        "k1",
        NOW,
        "Bird at the feeder",
        "A small bird landed.",
        4,
        "ab" * 32,
        "image/jpeg",
    )
    assert store.camera_events(VILLAGE) == [expected]
    assert seen == [expected]


@pytest.mark.asyncio
async def test_the_same_call_reported_again_stays_one_event(store: Store) -> None:
    seen: list[CameraEvent] = []
    tool = report_tool(store, seen)
    args = {"title": "Bird", "summary": "A bird.", "importance": 3}
    first = await tool.call(args, ctx())
    again = await tool.call({**args, "title": "Bird again"}, ctx())  # a resumed turn runs the call again
    assert first.output.text == again.output.text == "Event #1 is on the timeline (importance 3)."
    assert [e.title for e in store.camera_events(VILLAGE)] == ["Bird"]
    assert [e.id for e in seen] == [1, 1]


@pytest.mark.asyncio
@pytest.mark.parametrize(
    ("args", "text"),
    [
        (
            {"summary": "s", "importance": 3},
            "the parameter title must be a non-empty text of at most 120 characters",
        ),
        (
            {"title": "  ", "summary": "s", "importance": 3},
            "the parameter title must be a non-empty text of at most 120 characters",
        ),
        (
            {"title": "x" * 121, "summary": "s", "importance": 3},
            "the parameter title must be a non-empty text of at most 120 characters",
        ),
        (
            {"title": 5, "summary": "s", "importance": 3},
            "the parameter title must be a non-empty text of at most 120 characters",
        ),
        (
            {"title": "t", "importance": 3},
            "the parameter summary must be a non-empty text of at most 2000 characters",
        ),
        (
            {"title": "t", "summary": "s"},
            "the parameter importance must be a whole number from 1 (minor) to 5 (urgent)",
        ),
        (
            {"title": "t", "summary": "s", "importance": 0},
            "the parameter importance must be a whole number from 1 (minor) to 5 (urgent)",
        ),
        (
            {"title": "t", "summary": "s", "importance": 6},
            "the parameter importance must be a whole number from 1 (minor) to 5 (urgent)",
        ),
        (
            {"title": "t", "summary": "s", "importance": 2.5},
            "the parameter importance must be a whole number from 1 (minor) to 5 (urgent)",
        ),
        (
            {"title": "t", "summary": "s", "importance": True},
            "the parameter importance must be a whole number from 1 (minor) to 5 (urgent)",
        ),
        (
            {"title": "t", "summary": "s", "importance": "high"},
            "the parameter importance must be a whole number from 1 (minor) to 5 (urgent)",
        ),
    ],
)
async def test_bad_arguments_are_error_results_and_store_nothing(
    store: Store, args: dict[str, Any], text: str
) -> None:
    seen: list[CameraEvent] = []
    r = await report_tool(store, seen).call(args, ctx())
    assert (r.is_error, r.output.text) == (True, "tool execution failed: " + text)
    assert store.camera_events(VILLAGE) == [] and seen == []


@pytest.mark.asyncio
@pytest.mark.parametrize("importance", [4.0, "4", " 4 "])
async def test_an_importance_a_model_writes_as_a_float_or_text_is_taken(
    store: Store, importance: object
) -> None:
    r = await report_tool(store, []).call({"title": "t", "summary": "s", "importance": importance}, ctx())
    assert r.is_error is False
    assert store.camera_events(VILLAGE)[0].importance == 4


@pytest.mark.asyncio
async def test_no_keyframe_is_an_event_without_one(store: Store) -> None:
    await report_tool(store, [], keyframe=None).call({"title": "t", "summary": "s", "importance": 2}, ctx())
    e = store.camera_events(VILLAGE)[0]
    assert (e.keyframe, e.keyframe_type) == ("", "")


@pytest.mark.asyncio
async def test_a_store_that_refuses_the_write_is_an_error_result(tmp_path: Path) -> None:
    s = Store.open(tmp_path)
    s.close()  # every statement now fails (sqlite3.ProgrammingError)
    seen: list[CameraEvent] = []
    r = await report_tool(s, seen).call({"title": "t", "summary": "s", "importance": 2}, ctx())
    assert r.is_error is True
    assert r.output.text.startswith("tool execution failed: the event could not be stored (")
    assert r.output.text.endswith("); it is safe to report it again")
    assert seen == []


# ------------------------------------------------------------------ camera_events


def events_tool(store: Store, limit: int = 50, watches: list[Watch] | None = None) -> CameraEvents:
    return CameraEvents(
        StoreTimeline(store, [WATCH] if watches is None else watches),
        language="en",
        tz=TZ,
        clock=lambda: NOW,
        limit=limit,
    )


@pytest.mark.asyncio
async def test_camera_events_lists_the_agents_events_newest_first_in_local_time(store: Store) -> None:
    put_event(
        store,
        at(9, 5),
        "Bird at the feeder",
        summary="A bird landed.",
        importance=4,
        keyframe="cd" * 32,
        keyframe_type="image/jpeg",
    )
    put_event(store, at(13, 30), "Cat on the wall", summary="A cat walked by.")
    put_event(store, at(10, 0), "Someone else's", agent="a2", watch="w2")
    r = await events_tool(store).call({}, ctx())
    assert r.is_error is False
    assert r.output.text.splitlines() == [
        "2 camera events from 2026-11-30 15:00:00 to 2026-12-01 15:00:00 (local time, UTC+09:00), newest first:",
        "#2 2026-12-01 13:30:00 · Feeder · importance 3 · Cat on the wall: A cat walked by.",
        "#1 2026-12-01 09:05:00 · Feeder · importance 4 · Bird at the feeder: A bird landed. [picture: camera_event_image 1]",
    ]


@pytest.mark.asyncio
async def test_camera_events_since_until_and_text(store: Store) -> None:
    put_event(store, at(9), "Bird at the feeder")
    put_event(store, at(13), "Cat on the wall")
    put_event(store, at(14, 30), "Bird again")
    put_event(store, at(20), "Later")  # ahead of NOW: not listed by default

    async def ids(**args: Any) -> list[str]:
        r = await events_tool(store).call(args, ctx())
        return [line.split(" ", 1)[0] for line in r.output.text.splitlines()[1:]]

    assert await ids(since="-2h") == ["#3", "#2"]
    assert await ids(since="today", until="14:00") == ["#2", "#1"]
    assert await ids(since="2026-12-01 10:00", text="BIRD") == ["#3"]
    assert await ids(since="2026-12-01T08:00:00+09:00", until="2026-12-01T00:30Z") == ["#1"]


@pytest.mark.asyncio
async def test_camera_events_caps_the_list_and_says_so(store: Store) -> None:
    for h in (9, 10, 11):
        put_event(store, at(h), f"Event {h}")
    r = await events_tool(store, limit=2).call({}, ctx())
    lines = r.output.text.splitlines()
    assert lines[0].startswith("2 camera events from")
    assert [line.split(" ")[0] for line in lines[1:3]] == ["#3", "#2"]
    assert lines[3] == "Only the newest 2 are listed; give a shorter time or a text to see the others."


@pytest.mark.asyncio
async def test_camera_events_none_a_deleted_watch_and_bad_moments(store: Store) -> None:
    tool = events_tool(store, watches=[])
    r = await tool.call({"since": "yesterday"}, ctx())
    assert (r.is_error, r.output.text) == (
        False,
        "No camera events from 2026-11-30 00:00:00 to 2026-12-01 15:00:00 (local time, UTC+09:00).",
    )
    put_event(store, at(12), "Kept after its watch went")
    r = await tool.call({}, ctx())
    assert (
        r.output.text.splitlines()[1]
        == "#1 2026-12-01 12:00:00 · a deleted watch · importance 3 · Kept after its watch went: Kept after its watch went."
    )
    bad = await tool.call({"since": "last tuesday"}, ctx())
    assert (bad.is_error, bad.output.text) == (
        True,
        'tool execution failed: the parameter since must be a local time such as "14:00", "2026-12-01 14:00", "-2h", "today" or "yesterday"',
    )
    backwards = await tool.call({"since": "14:00", "until": "13:00"}, ctx())
    assert (backwards.is_error, backwards.output.text) == (
        True,
        "tool execution failed: the start 2026-12-01 14:00:00 is not before the end 2026-12-01 13:00:00",
    )


@pytest.mark.asyncio
async def test_camera_events_speaks_the_village_language(store: Store) -> None:
    put_event(store, at(9, 5), "餌台に鳥", summary="小鳥が来ました。", importance=4)
    r = await events_tool(store).call({}, ctx(language="ja"))
    assert r.output.text.splitlines() == [
        "2026-11-30 15:00:00 から 2026-12-01 15:00:00 まで（現地時刻、UTC+09:00）のカメラの出来事 1 件：",
        "#1 2026-12-01 09:05:00 · Feeder · 重要度 4 · 餌台に鳥：小鳥が来ました。",
    ]


# ------------------------------------------------------------------ camera_event_image


@pytest.mark.asyncio
async def test_camera_event_image_sends_the_keyframe_as_a_tool_image(store: Store) -> None:
    data = jpeg(64, 48, (10, 200, 10))
    sha = store.blobs.put(data)
    put_event(store, at(9, 5), "Bird", keyframe=sha, keyframe_type="image/jpeg")
    put_event(store, at(9, 6), "No picture")
    put_event(store, at(9, 7), "Not mine", agent="a2", keyframe=sha, keyframe_type="image/jpeg")
    tool = CameraEventImage(StoreTimeline(store, [WATCH]), language="en", tz=TZ)
    r = await tool.call({"event_id": 1}, ctx())
    assert (r.is_error, r.output.text) == (
        False,
        "The picture of event #1 (Bird), taken at 2026-12-01 09:05:00 local time.",
    )
    assert r.output.images == [ImageData("image/jpeg", data, 64, 48)]
    for event_id, text in (
        (
            2,
            "tool execution failed: event #2 has no picture (none was kept, or the timeline's retention removed it)",
        ),
        (3, "tool execution failed: there is no camera event #3"),
        (99, "tool execution failed: there is no camera event #99"),
    ):
        r = await tool.call({"event_id": event_id}, ctx())
        assert (r.is_error, r.output.text, r.output.images) == (True, text, [])
    bad = await tool.call({"event_id": "one"}, ctx())
    assert (bad.is_error, bad.output.text) == (
        True,
        "tool execution failed: the parameter event_id must be an event number from camera_events",
    )


@pytest.mark.asyncio
async def test_a_lost_keyframe_blob_is_said_so(store: Store) -> None:
    sha = store.blobs.put(jpeg(64, 48))
    put_event(store, at(9, 5), "Bird", keyframe=sha, keyframe_type="image/jpeg")
    store.blobs.path(sha).unlink()
    r = await CameraEventImage(StoreTimeline(store, [WATCH]), language="en", tz=TZ).call(
        {"event_id": 1}, ctx()
    )
    assert (r.is_error, r.output.images) == (True, [])
    assert r.output.text.startswith("tool execution failed: event #1 has no picture")


def test_timeline_tools_are_the_two_past_tools(store: Store) -> None:
    made = timeline_tools(StoreTimeline(store, [WATCH]), "a1", "zh")  # type: ignore[arg-type]
    assert [t.name for t in made] == ["camera_events", "camera_event_image"]
    assert made[0].spec().input_schema["properties"]["since"]["description"].startswith("从何时起")
