"""A watch killed mid-run (SIGKILL) and started again (issue 15): the watch resumes its rhythm, the
cut run is continued by recovery, no tool call completed before the kill runs again, and the event
is on the timeline once."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from app.launcher import resume_cut_turns
from core.events import WatchScored
from tests.fakes.servers import start_camera, stop
from tests.fakes.waits import until
from tests.fakes.watching import (
    EVENT_AT,
    EVENT_FRAMES,
    VirtualTime,
    WatcherModel,
    watch_config,
    watch_runtime,
)

ROOT = Path(__file__).resolve().parents[2]
FRAME_TOOL = "cam__live_view_image"


def killed_run(data: Path, url: str, kill_on: str) -> None:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    proc = subprocess.run(
        [sys.executable, "-m", "tests.integration.watch_kill_driver", str(data), url, kill_on],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert proc.returncode == -9, proc.stderr[-2000:]


@pytest.mark.asyncio
@pytest.mark.parametrize("kill_on", ["bird", "reported"])
async def test_a_watch_killed_mid_run_resumes_without_rerunning_or_duplicating(
    tmp_path: Path, kill_on: str
) -> None:
    proc, url = start_camera(
        "--scene",
        "static-then-bird",
        "--event-at",
        str(EVENT_AT),
        "--event-frames",
        str(EVENT_FRAMES),
        "--seed",
        "3",
    )
    try:
        killed_run(tmp_path, url, kill_on)
        model = WatcherModel(EVENT_AT, EVENT_FRAMES)
        rt = watch_runtime(tmp_path, watch_config(url), model, "second")
        assert rt.store is not None and rt.watches is not None
        store, watches = rt.store, rt.watches
        cut = store.unfinished_turns()
        assert len(cut) == 1  # the bird's run
        cut_turn = cut[0][0]
        before = {c.call_id: c.state for c in store.tool_calls_of(cut_turn)}
        vt = VirtualTime()
        watches.clock, watches.sleep = vt.clock, vt.sleep
        scored: list[WatchScored] = []
        rt.village.bus.subscribe(lambda e: scored.append(e) if isinstance(e, WatchScored) else None)
        try:
            await rt.village.start()
            assert resume_cut_turns(rt, rt.village.config) == 1
            await watches.start()
            await until(lambda: len(scored) >= 20, within=60)
            await watches.close()
            await rt.village.wait_idle()
            assert store.unfinished_turns() == []
            assert store.turn_state(cut_turn) == ("done", "-")
            after = store.tool_calls_of(cut_turn)
            names = [c.name for c in after]
            assert names == [FRAME_TOOL, "report_event"]
            frame = after[0]
            assert before[frame.call_id] == "completed" and frame.state == "completed"
            if kill_on == "reported":
                # the report's call completed before the kill: reused, not run again
                assert before[after[1].call_id] == "completed"
                assert model.requests[0].messages[-1].tool_name == "report_event"
            else:
                assert model.requests[0].messages[-1].tool_name == FRAME_TOOL  # the stored frame, asked again
            events = watches.events()
            assert [(e.title, e.importance, e.watch_id, e.turn_id) for e in events] == [
                ("Bird at the feeder", 4, "door", cut_turn)
            ]
            assert events[0].keyframe in store.watch_keyframe_names()
            keyframe = watches.keyframe(events[0].id)
            assert keyframe is not None and keyframe.sha256 == events[0].keyframe
            view = watches.view("door")
            assert view is not None and view.state.status == "running"
            # after the restart the gate compares with the bird's frame: only its leaving is a run
            sent = [e for e in scored if e.sent]
            assert len(sent) == 1
            assert store.verify_all() == []
        finally:
            await rt.village.close()
            store.close()
    finally:
        stop(proc)
