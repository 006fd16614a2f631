"""A watch on the app's runtime that kills itself mid-run, for tests/integration/test_watch_kill.py.

    python -m tests.integration.watch_kill_driver DATA_DIR CAMERA_URL KILL_ON

The model (``tests.fakes.watching.WatcherModel``) sends SIGKILL to this process at ``KILL_ON``
(``bird``: while the bird's frame is with the model; ``reported``: after its report_event was
recorded). Exits 3 if it was never killed within a minute.
"""

from __future__ import annotations

import asyncio
import sys
from pathlib import Path

from core.watch.model import Rhythm
from tests.fakes.watching import (
    EVENT_AT,
    EVENT_FRAMES,
    VirtualTime,
    WatcherModel,
    watch_config,
    watch_runtime,
)


async def main(data: Path, url: str, kill_on: str) -> int:
    rt = watch_runtime(data, watch_config(url), WatcherModel(EVENT_AT, EVENT_FRAMES, kill_on), "first")
    assert rt.watches is not None
    vt = VirtualTime()
    rt.watches.clock, rt.watches.sleep = vt.clock, vt.sleep
    await rt.village.start()
    await rt.watches.start()
    watch = rt.watches.new_watch("eye", "Tell me when a bird is at the feeder.")
    await rt.watches.create(watch.with_(id="door", rhythm=Rhythm("continuous", 0.5)))
    await asyncio.sleep(60)
    return 3


if __name__ == "__main__":
    sys.exit(asyncio.run(main(Path(sys.argv[1]), sys.argv[2], sys.argv[3])))
