"""The demo village's ready watch (issue 15, WA-17): the camera simulator as the demo starts it
(``--feeder``), the offline demo model, no key. The watch is offered once, ready but paused; started,
it reports the bird's visit on the feeder camera and the person is told once."""

from __future__ import annotations

from pathlib import Path

import pytest

from app.demo import DEMO_AGENT_ID, DEMO_WATCH_ID, demo_config, offer_demo_watch
from app.keys import KeyStore
from app.launcher import make_runtime
from core.canonical import ChatMessage, ImageData, Role
from core.events import CameraEventReported, WatchNotification, WatchScored
from core.watch.relay import estimate_for
from tests.fakes.servers import start_camera, stop
from tests.fakes.waits import until
from tests.fakes.watching import VirtualTime


@pytest.mark.asyncio
async def test_the_demo_watch_is_ready_and_reports_the_visiting_bird(tmp_path: Path) -> None:
    proc, url = start_camera("--feeder")
    rt = make_runtime(demo_config(url), KeyStore(), store_dir=tmp_path)
    assert rt.watches is not None
    watches = rt.watches
    vt = VirtualTime()
    watches.clock, watches.sleep = vt.clock, vt.sleep
    seen: list[object] = []
    kinds = (WatchScored, CameraEventReported, WatchNotification)
    rt.village.bus.subscribe(lambda e: seen.append(e) if isinstance(e, kinds) else None)
    try:
        await rt.village.start()
        await watches.start()
        assert await offer_demo_watch(watches, "en") is True
        assert await offer_demo_watch(watches, "en") is False  # offered once
        view = watches.view(DEMO_WATCH_ID)
        assert view is not None
        assert (view.watch.agent_id, view.state.status, view.state.reason) == (DEMO_AGENT_ID, "paused", "")
        assert watches.find_tool(DEMO_AGENT_ID, view.watch.tool) is not None
        assert seen == []  # ready: nothing looks until the person starts it
        watches.resume(DEMO_WATCH_ID)
        await until(lambda: sum(isinstance(e, WatchScored) for e in seen) >= 30, within=60)
        await watches.close()
        await rt.village.wait_idle()
        sent = [i + 1 for i, e in enumerate(e for e in seen if isinstance(e, WatchScored)) if e.sent]
        assert sent[:3] == [1, 20, 26]  # the first frame, the bird comes (frame 20), it goes (26)
        reported = [e for e in seen if isinstance(e, CameraEventReported)]
        assert [e.title for e in reported] == ["[Offline demo] The picture changed"] * 2
        notified = [e for e in seen if isinstance(e, WatchNotification)]
        assert [n.event_id for n in notified] == [reported[0].event_id]  # the second is in the cooldown
        # the demo model reports no usage: each run counts its estimate (WA-33), one frame, then two
        frame = ImageData("image/jpeg", b"", 640, 424)

        def cost(images: int) -> int:
            run = [
                ChatMessage(Role.USER, view.watch.instruction),
                ChatMessage(Role.TOOL, "", attachments=[frame] * images),
            ]
            return estimate_for(rt.village.config, DEMO_AGENT_ID, run)

        assert watches.meter(DEMO_WATCH_ID).tokens_day == cost(1) + 2 * cost(2)
    finally:
        await rt.village.close()
        assert rt.store is not None
        rt.store.close()
        stop(proc)
