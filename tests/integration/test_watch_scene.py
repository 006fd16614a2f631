"""The issue's end-to-end watch (issue 15): 600 frames of the camera simulator's scripted scene over
streamable HTTP with one bird, through the app's runtime and the real store. The model is asked only
for frames after a change, reports the bird once, the person is notified once, the timeline holds
the event with its keyframe and the meter counts the model calls."""

from __future__ import annotations

from pathlib import Path

import pytest

from app.demo_camera.scenes import Scene
from core.events import CameraEventReported, TurnFinished, WatchNotification, WatchScored
from core.watch.model import Rhythm
from core.watch.when import format_local
from tests.fakes.servers import start_camera, stop
from tests.fakes.waits import until
from tests.fakes.watching import QUESTION, SEQ, START, VirtualTime, WatcherModel, watch_config, watch_runtime

FRAMES, BIRD_AT, BIRD_FRAMES = 600, 300, 20


@pytest.mark.asyncio
async def test_600_frames_with_one_bird(tmp_path: Path) -> None:
    proc, url = start_camera(
        "--scene",
        "static-then-bird",
        "--event-at",
        str(BIRD_AT),
        "--event-frames",
        str(BIRD_FRAMES),
        "--seed",
        "5",
    )
    model = WatcherModel(BIRD_AT, BIRD_FRAMES)
    rt = watch_runtime(tmp_path, watch_config(url), model)
    assert rt.store is not None and rt.watches is not None
    watches = rt.watches
    vt = VirtualTime()
    watches.clock, watches.sleep = vt.clock, vt.sleep
    seen: list[object] = []
    kinds = (WatchScored, CameraEventReported, WatchNotification)
    rt.village.bus.subscribe(lambda e: seen.append(e) if isinstance(e, kinds) else None)
    try:
        await rt.village.start()
        await watches.start()
        w = watches.new_watch("eye", "Tell me when a bird is at the feeder.")
        w = await watches.create(w.with_(id="feeder", rhythm=Rhythm("continuous", 0.5)))
        await until(lambda: sum(isinstance(e, WatchScored) for e in seen) >= FRAMES, within=240)
        await watches.close()
        await rt.village.wait_idle()
        scored = [e for e in seen if isinstance(e, WatchScored)][:FRAMES]
        sent = [i + 1 for i, e in enumerate(scored) if e.sent]
        assert sent == [1, BIRD_AT, BIRD_AT + BIRD_FRAMES]  # the first frame, the bird comes, it goes
        # one request a run, and one more after the report: 4 model calls for 600 frames
        assert len(model.requests) == 4
        frames_sent = [
            int(SEQ.findall(r.messages[-1].text)[-1])
            for r in model.requests
            if r.messages[-1].tool_name.endswith("live_view_image")
        ]
        assert frames_sent == [1, BIRD_AT, BIRD_AT + BIRD_FRAMES]
        reported = [e for e in seen if isinstance(e, CameraEventReported)]
        notified = [e for e in seen if isinstance(e, WatchNotification)]
        assert [(e.title, e.importance) for e in reported] == [("Bird at the feeder", 4)]
        assert [(n.event_id, n.watch_id, n.title) for n in notified] == [
            (reported[0].event_id, "feeder", "Bird at the feeder")
        ]
        [event] = watches.events()
        keyframe = watches.keyframe(event.id)
        assert keyframe is not None
        assert keyframe.data == Scene("static-then-bird", BIRD_AT, BIRD_FRAMES, seed=5).jpeg(BIRD_AT)
        view = watches.view("feeder")
        assert view is not None and (view.events, view.timeline_bytes) == (1, len(keyframe.data))
        meter = watches.meter("feeder")
        assert (meter.calls_hour, meter.calls_limit) == (4, 120)
        assert meter.tokens_day == (1000 + 10) + (1500 + 40) + (1200 + 20) + (1000 + 10)

        # the person asks about the past in the agent's own chat: camera_events, then the keyframe
        model.since = format_local(START - 60)
        finished: list[TurnFinished] = []
        rt.village.bus.subscribe(lambda e: finished.append(e) if isinstance(e, TurnFinished) else None)
        chat = rt.village.conversation_of("eye")
        assert chat != w.conversation_id
        handle = rt.village.send("eye", QUESTION)
        assert handle.task is not None
        await handle.task
        assert [f.text for f in finished] == [f"The bird came at {format_local(event.at)}."]
        listing, reopened = model.requests[-2].messages[-1], model.requests[-1].messages[-1]
        assert (
            listing.tool_name == "camera_events" and f"#{event.id} {format_local(event.at)}" in listing.text
        )
        assert reopened.tool_name == "camera_event_image"
        assert [a.sha256 for a in reopened.attachments] == [event.keyframe]  # sent as a tool image
    finally:
        await rt.village.close()
        rt.store.close()
        stop(proc)
