"""The offline demo model watching the scripted bird scene over the app's runtime (issue 15, WA-27):
the real camera simulator over streamable HTTP, the real store, the service and runner, the watch
tools and the notifier. The first look is quiet; the bird's arrival and its leaving are reported
(each a changed frame after the previous keyframe); one notification (the second is in the
cooldown); then the agent asks about the past and reopens a keyframe."""

from __future__ import annotations

from pathlib import Path

import pytest

from core.demo_model import DemoBackend
from core.events import CameraEventReported, WatchNotification, WatchScored
from core.tool import ToolContext
from core.watch.model import Rhythm
from core.watch.notify import Notifier
from core.watch.service import Watches
from core.watch.tools import timeline_tools
from core.watch.when import format_local
from tests.fakes.logs import log_lines
from tests.fakes.servers import start_camera, stop
from tests.fakes.waits import until
from tests.fakes.watching import WATCH_VILLAGE, VirtualTime, watch_config, watch_runtime


@pytest.mark.asyncio
async def test_the_demo_model_reports_the_changes_and_the_agent_can_ask_about_them(
    tmp_path: Path, event_log: Path
) -> None:
    proc, url = start_camera(
        "--scene", "static-then-bird", "--event-at", "40", "--event-frames", "10", "--seed", "3"
    )
    rt = watch_runtime(tmp_path, watch_config(url), DemoBackend("en"))
    vt = VirtualTime()
    try:
        await rt.village.start()
        assert rt.store is not None
        store = rt.store
        watches = Watches(rt.village, store, WATCH_VILLAGE, clock=vt.clock, sleep=vt.sleep)  # type: ignore[arg-type]
        watches.notify = Notifier(store, WATCH_VILLAGE)
        seen: list[object] = []
        rt.village.bus.subscribe(
            lambda e: (
                seen.append(e)
                if isinstance(e, WatchScored | CameraEventReported | WatchNotification)
                else None
            )
        )
        w = watches.new_watch("eye", "Tell me when a bird is at the feeder.")
        w = await watches.create(w.with_(name="Feeder", rhythm=Rhythm("continuous", 0.5)))
        await until(lambda: sum(isinstance(e, WatchScored) for e in seen) >= 80, within=60)
        await watches.close()
        await rt.village.wait_idle()

        assert sum(isinstance(e, WatchScored) and e.sent for e in seen) == 3  # first, arrival, leaving
        reported = [e for e in seen if isinstance(e, CameraEventReported)]
        assert [(e.title, e.importance, e.watch_id) for e in reported] == [
            ("[Offline demo] The picture changed", 3, w.id),
            ("[Offline demo] The picture changed", 3, w.id),
        ]
        notified = [e for e in seen if isinstance(e, WatchNotification)]
        assert [(n.event_id, n.title) for n in notified] == [
            (reported[0].event_id, "[Offline demo] The picture changed")
        ]
        events = watches.events(watch_id=w.id)
        assert [e.id for e in events] == [reported[1].event_id, reported[0].event_id]  # newest first
        assert [e.notified for e in events] == [False, True]
        for e in events:  # each keyframe is the frame the model saw, kept in the store
            assert e.keyframe and e.keyframe in store.watch_keyframe_names()
            image = watches.keyframe(e.id)
            assert image is not None and image.sha256 == e.keyframe
        lines = [line for line in log_lines(event_log) if "action=notif" in line]
        assert lines == [
            f"watch: watch={w.id} agent=eye action=notified event={events[1].id} importance=3 marked=true",
            f"watch: watch={w.id} agent=eye action=notify_skipped event={events[0].id} reason=cooldown",
        ]

        # the agent asks about the past in its chat: local times, then one keyframe as a tool image
        past, image_tool = timeline_tools(watches, "eye", "en")
        ctx = ToolContext(agent_id="eye", language="en")
        span = {"since": format_local(events[1].at - 1), "until": format_local(events[0].at + 1)}
        listing = await past.call(span, ctx)
        assert listing.is_error is False
        text = listing.output.text.splitlines()
        assert text[0].startswith("2 camera events from ")
        assert text[1].startswith(f"#{events[0].id} {format_local(events[0].at)} · Feeder · importance 3 · ")
        assert text[2].endswith(f"[picture: camera_event_image {events[1].id}]")
        shown = await image_tool.call({"event_id": events[1].id}, ctx)
        assert shown.is_error is False
        assert [i.sha256 for i in shown.output.images] == [events[1].keyframe]
    finally:
        await rt.village.close()
        stop(proc)
