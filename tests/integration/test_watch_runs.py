"""A watch over the app's runtime (issue 15): the camera simulator's scripted scene over streamable
HTTP, the real store, a scripted model. Frames that did not change never reach the model."""

from __future__ import annotations

from pathlib import Path

import pytest

from core.canonical import Role
from core.events import WatchScored
from core.watch.model import Rhythm
from core.watch.service import Watches
from tests.fakes.scripted import ScriptedBackend
from tests.fakes.servers import start_camera, stop
from tests.fakes.waits import until
from tests.fakes.watching import WATCH_VILLAGE, VirtualTime, watch_config, watch_runtime


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
