"""What watch tests share: the app's runtime with a camera on a scripted scene, a virtual clock."""

from __future__ import annotations

import asyncio
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from app.keys import KeyStore
from app.launcher import Runtime, make_runtime
from core.config import parse_config
from core.llm import ModelBackend
from core.village import Village

WATCH_VILLAGE = "watch-village"
START = 1_800_000_000.0  # 2027-01-15 08:00 UTC: a fixed start for the virtual clock


@dataclass
class VirtualTime:
    """A clock that moves only when a watch sleeps: a 600-frame scene runs in seconds."""

    now: float = START
    slept: float = 0.0

    def clock(self) -> float:
        return self.now

    async def sleep(self, seconds: float) -> None:
        self.now += max(0.0, seconds)
        self.slept += max(0.0, seconds)
        await asyncio.sleep(0)


def watch_config(camera_url: str, **template: Any) -> dict[str, Any]:
    """One agent ``eye`` with the camera server ``cam`` over streamable HTTP."""
    return {
        "village": {"id": WATCH_VILLAGE, "language": "en"},
        "templates": [{"name": "eye", "protocol": "anthropic", "model": "claude-x", **template}],
        "agents": [
            {
                "id": "eye",
                "name": "Eye",
                "template": "eye",
                "mcp_servers": {"cam": {"type": "http", "url": camera_url}},
            }
        ],
    }


def watch_runtime(data: Path, raw: dict[str, Any], backend: ModelBackend, stamp: str = "s1") -> Runtime:
    rt = make_runtime(parse_config(raw), KeyStore(), store_dir=data)
    assert isinstance(rt.village, Village)
    rt.village._stamp = stamp
    rt.village._backend_factory = lambda t: backend
    return rt
