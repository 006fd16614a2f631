"""A watch over the app's runtime (issue 15): the camera simulator's scripted scene over streamable
HTTP, the real store, a scripted model. Frames that did not change never reach the model."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from core.canonical import Role
from core.events import Notice, WatchChanged, WatchScored
from core.watch.model import Limits, Rhythm
from core.watch.service import Watches
from tests.fakes.logs import log_lines
from tests.fakes.scripted import ScriptedBackend
from tests.fakes.servers import start_camera, stop
from tests.fakes.waits import until
from tests.fakes.watching import START, WATCH_VILLAGE, VirtualTime, watch_config, watch_runtime


@pytest.mark.asyncio
async def test_only_changed_frames_reach_the_model_each_as_a_turn_of_the_watch(tmp_path: Path) -> None:
    proc, url = start_camera(
        "--scene", "static-then-bird", "--event-at", "40", "--event-frames", "10", "--seed", "3"
    )
    backend = ScriptedBackend.looping("anthropic", "claude-x", ["Nothing to report."])
    rt = watch_runtime(tmp_path, watch_config(url), backend)
    vt = VirtualTime()
    try:
        await rt.village.start()
        assert rt.store is not None
        watches = Watches(rt.village, rt.store, WATCH_VILLAGE, clock=vt.clock, sleep=vt.sleep)  # type: ignore[arg-type]
        rt.village.conversation_tools = lambda agent, conversation: []
        scored: list[WatchScored] = []
        rt.village.bus.subscribe(lambda e: scored.append(e) if isinstance(e, WatchScored) else None)
        w = watches.new_watch("eye", "Tell me when a bird is at the feeder.")
        w = await watches.create(w.with_(rhythm=Rhythm("continuous", 0.5)))
        await until(lambda: len(scored) >= 80, within=60)
        await watches.close()
        await rt.village.wait_idle()
        sent = [e for e in scored if e.sent]
        assert len(sent) == 3  # the first frame, the bird's arrival (frame 40), its leaving (frame 50)
        assert len(backend.requests) == 3
        first = backend.requests[0]
        user, planned, tool = first.messages[-3:]
        assert user.role is Role.USER and user.text.startswith(
            "Watch: Tell me when a bird is at the feeder.\n"
        )
        assert planned.role is Role.ASSISTANT and [c.name for c in planned.tool_calls] == [
            "cam__live_view_image"
        ]
        assert tool.role is Role.TOOL and len(tool.attachments) == 1
        second = backend.requests[1]
        assert len(second.messages[-1].attachments) == 2  # the previous keyframe, then the new frame
        stored = rt.store.conversation(w.conversation_id)
        assert stored is not None and stored.agent_id == "eye"
        assert watches.meter(w.id).calls_hour == 3
    finally:
        await rt.village.close()
        stop(proc)


@pytest.mark.asyncio
async def test_the_budget_pauses_the_watch_and_a_restart_keeps_what_was_spent(
    tmp_path: Path, event_log: Path
) -> None:
    proc, url = start_camera(
        "--scene", "static-then-bird", "--event-at", "40", "--event-frames", "10", "--seed", "3"
    )
    vt = VirtualTime()
    try:
        backend = ScriptedBackend.looping("anthropic", "claude-x", ["Nothing to report."])
        rt = watch_runtime(tmp_path, watch_config(url), backend)
        assert rt.store is not None and rt.watches is not None
        watches = rt.watches
        watches.clock, watches.sleep = vt.clock, vt.sleep
        rt.village.conversation_tools = lambda agent, conversation: []
        seen: list[object] = []
        rt.village.bus.subscribe(lambda e: seen.append(e) if isinstance(e, WatchChanged | Notice) else None)
        try:
            await rt.village.start()
            w = watches.new_watch("eye", "Tell me when a bird is at the feeder.")
            w = await watches.create(
                w.with_(id="feeder", rhythm=Rhythm("continuous", 0.5), limits=Limits(2, 500_000))
            )
            await until(
                lambda: any(isinstance(e, WatchChanged) and e.status == "paused" for e in seen), within=60
            )
            await rt.village.wait_idle()
            assert (
                len(backend.requests) == 2
            )  # the first frame and the bird; its leaving found the budget spent
            paused = [e for e in seen if isinstance(e, WatchChanged) and e.status == "paused"]
            assert paused == [WatchChanged("feeder", "eye", "paused", "budget_calls")]
            notices = [e for e in seen if isinstance(e, Notice)]
            assert [(n.agent_id, n.level, n.text) for n in notices] == [
                (
                    "eye",
                    "warning",
                    "The watch \u201cTell me when a bird is at the feeder.\u201d paused itself: it used all its"
                    " model calls for this hour.",
                )
            ]
            meter = watches.meter("feeder")
            assert (meter.calls_hour, meter.calls_limit, meter.tokens_day) == (2, 2, 30)
        finally:
            await watches.close()
            await rt.village.close()
            rt.store.close()
        lines = [x for x in log_lines(event_log) if x.startswith("watch:")]
        assert "watch: watch=feeder agent=eye action=paused reason=budget_calls" in lines
        # a restart on the same store: still paused, the spent calls kept; resumed, it pauses again
        backend2 = ScriptedBackend.looping("anthropic", "claude-x", ["Nothing to report."])
        rt2 = watch_runtime(tmp_path, watch_config(url), backend2, "s2")
        assert rt2.store is not None and rt2.watches is not None
        watches2 = rt2.watches
        watches2.clock, watches2.sleep = vt.clock, vt.sleep
        rt2.village.conversation_tools = lambda agent, conversation: []
        changed: list[WatchChanged] = []
        rt2.village.bus.subscribe(lambda e: changed.append(e) if isinstance(e, WatchChanged) else None)
        try:
            await rt2.village.start()
            await watches2.start()
            view = watches2.view("feeder")
            assert view is not None
            assert (view.state.status, view.state.reason, view.meter.calls_hour) == (
                "paused",
                "budget_calls",
                2,
            )
            watches2.resume("feeder")
            await until(lambda: [e.status for e in changed] == ["running", "paused"], within=60)
            assert changed[-1].reason == "budget_calls"
            assert backend2.requests == []  # the next changed frame found the budget still spent
        finally:
            await watches2.close()
            await rt2.village.close()
            rt2.store.close()
    finally:
        stop(proc)


@pytest.mark.asyncio
async def test_pausing_during_a_run_stops_the_turn_the_normal_way(tmp_path: Path) -> None:
    proc, url = start_camera("--scene", "static", "--seed", "3")
    gate = asyncio.Event()  # the model never answers until the test lets it
    backend = ScriptedBackend.looping("anthropic", "claude-x", ["Nothing to report."], gate=gate)
    rt = watch_runtime(tmp_path, watch_config(url), backend)
    assert rt.store is not None and rt.watches is not None
    watches = rt.watches
    vt = VirtualTime()
    watches.clock, watches.sleep = vt.clock, vt.sleep
    rt.village.conversation_tools = lambda agent, conversation: []
    try:
        await rt.village.start()
        w = await watches.create(
            watches.new_watch("eye", "door").with_(id="door", rhythm=Rhythm("every", 60))
        )
        await until(lambda: len(backend.requests) == 1, within=30)
        watches.pause("door")
        await until(lambda: (v := watches.view("door")) is not None and v.state.status == "paused", within=30)
        await rt.village.wait_idle()
        assert rt.store.unfinished_turns() == []  # stopped at its boundary, not cut
        [turn] = [m.turn_id for m in rt.store.messages(w.conversation_id) if m.kind == "input"]
        assert rt.store.turn_state(turn) == ("done", "interrupted")
        view = watches.view("door")
        assert view is not None and (view.state.status, view.state.reason) == ("paused", "person")
        assert view.meter.calls_hour == 1  # the stopped run's call is counted
    finally:
        await watches.close()
        await rt.village.close()
        rt.store.close()
        stop(proc)


@pytest.mark.asyncio
async def test_a_restart_keeps_the_rhythm_of_a_watch_every_ten_minutes(tmp_path: Path) -> None:
    proc, url = start_camera("--scene", "static", "--seed", "3")
    vt = VirtualTime()
    looks: list[float] = []

    async def first_start_sleep(seconds: float) -> None:  # the first start ends after two looks
        if len(looks) >= 2:
            await asyncio.Event().wait()
        await vt.sleep(seconds)

    try:
        for stamp in ("s1", "s2"):
            backend = ScriptedBackend.looping("anthropic", "claude-x", ["Nothing to report."])
            rt = watch_runtime(tmp_path, watch_config(url), backend, stamp)
            assert rt.store is not None and rt.watches is not None
            watches = rt.watches
            watches.clock, watches.sleep = vt.clock, first_start_sleep if stamp == "s1" else vt.sleep
            rt.village.conversation_tools = lambda agent, conversation: []
            rt.village.bus.subscribe(lambda e: looks.append(e.at) if isinstance(e, WatchScored) else None)
            try:
                await rt.village.start()
                await watches.start()
                if stamp == "s1":
                    w = watches.new_watch("eye", "the kiln display")
                    await watches.create(w.with_(id="kiln", rhythm=Rhythm("every", 600)))
                if stamp == "s1":  # two looks, the second's next look stored
                    store = rt.store
                    await until(
                        lambda s=store: s.watches(WATCH_VILLAGE)[0][1].next_due == START + 1200, within=30
                    )
                else:
                    await until(lambda: len(looks) == 3, within=30)
            finally:
                await watches.close()
                await rt.village.close()
                rt.store.close()
            vt.now = START + 700  # closed at 600 s, started again 100 s later
        # the look due at 1200 s waits for its time after the restart; it is not made at once
        assert [at - START for at in looks[:3]] == [0, 600, 1200]
    finally:
        stop(proc)
