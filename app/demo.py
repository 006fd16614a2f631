"""The first-run demo village: agent "Muse", the offline demo model, the camera simulator.

The camera simulator (``python -m app.demo_camera``) runs as a subprocess speaking MCP over
streamable HTTP on 127.0.0.1; it prints ``demo camera: http://127.0.0.1:PORT/mcp`` when ready.
A configuration that names a server ``demo_camera`` gets the simulator started and its URL filled
in at launch, so a saved demo village keeps working across restarts.
"""

from __future__ import annotations

import asyncio
import contextlib
import re
import sys
from dataclasses import replace
from pathlib import Path

from app.demo_camera.scenes import FEEDER_REGION
from core.config import Agent, Config, McpServer, Template, Village
from core.demo_model import BACKEND as OFFLINE_DEMO
from core.log import event
from core.notes import note
from core.watch import Region
from core.watch.model import Limits, Rhythm, Watch
from core.watch.ports import WatchesLike, WatchRefused

DEMO_SERVER = "demo_camera"
DEMO_TEMPLATE = "Offline demo"
DEMO_AGENT_ID = "muse"
_READY = re.compile(r"demo camera: (http://127\.0\.0\.1:\d+/\S*)")
PLACEHOLDER_URL = "http://127.0.0.1:1/mcp"


DEMO_VILLAGE_ID = "fuseforks-demo"  # the demo village's conversations, whatever file it is saved to


def demo_config(url: str, language: str = "en", path: Path | None = None) -> Config:
    """The demo village as a ``Config`` (built in code: it has no file until Settings saves it).
    ``path`` is where Settings will save it: the media cache lives next to it from the first turn."""
    return Config(
        path=path,
        village=Village(language=language, name="Fuseforks demo", id=DEMO_VILLAGE_ID),  # type: ignore[arg-type]
        templates=[
            Template(
                name=DEMO_TEMPLATE,
                protocol=OFFLINE_DEMO,
                model="demo",
                base_url="",
                key=None,
                tools=True,
                reads_images=True,
                stream=False,
            )
        ],
        agents=[
            Agent(
                id=DEMO_AGENT_ID,
                name="Muse",
                template=DEMO_TEMPLATE,
                mcp_servers=[McpServer(name=DEMO_SERVER, transport="http", url=url)],
                builtin_tools=["ask_user_question", "watch_camera"],
            )
        ],
    )


DEMO_WATCH_ID = "demo-feeder"


def demo_watch(language: str) -> Watch:
    """The demo village's ready watch (WA-17): Muse watches the feeder camera, gated by change in
    the feeder's region, a frame every 3 seconds; the offline demo model reports the bird."""
    return Watch(
        DEMO_WATCH_ID,
        DEMO_AGENT_ID,
        note("demo.watch_instruction", language),
        tool="feeder_view_image",
        rhythm=Rhythm("continuous", 3.0),
        region=Region(*FEEDER_REGION),
        limits=Limits(calls_per_hour=120, tokens_per_day=500_000),
        cooldown_s=60.0,
    )


async def offer_demo_watch(watches: WatchesLike, language: str) -> bool:
    """The demo village's watch, ready but not started, unless it is there already."""
    if watches.view(DEMO_WATCH_ID) is not None:
        return False
    try:
        await watches.create(demo_watch(language), start=False)
    except WatchRefused as exc:  # the camera did not start: the demo runs without its watch
        event("watch", watch=DEMO_WATCH_ID, action="refused", reason=exc.reason)
        return False
    return True


def uses_demo_camera(config: Config) -> bool:
    return any(s.name == DEMO_SERVER for a in config.agents for s in config.servers_for(a))


def with_camera_url(config: Config, url: str) -> Config:
    """``config`` with every ``demo_camera`` server pointed at ``url``."""
    for agent in config.agents:
        agent.mcp_servers = [replace(s, url=url) if s.name == DEMO_SERVER else s for s in agent.mcp_servers]
    config.shared_mcp_servers = [
        replace(s, url=url) if s.name == DEMO_SERVER else s for s in config.shared_mcp_servers
    ]
    return config


def camera_command() -> list[str]:
    """How to start the camera simulator: a packaged (frozen) build has no ``python -m``, so its
    own executable runs the simulator when its first argument is ``--demo-camera`` (PK-3)."""
    if getattr(sys, "frozen", False):
        return [sys.executable, "--demo-camera"]
    return [sys.executable, "-m", "app.demo_camera"]


class DemoCamera:
    """The camera simulator subprocess."""

    def __init__(self, command: list[str] | None = None) -> None:
        self.command = command or [*camera_command(), "--feeder"]
        self.process: asyncio.subprocess.Process | None = None
        self.url: str | None = None
        self._drain: asyncio.Task[None] | None = None

    async def start(self, ready_within: float = 20.0) -> str:
        self.process = await asyncio.create_subprocess_exec(
            *self.command,
            stdin=asyncio.subprocess.DEVNULL,
            stdout=asyncio.subprocess.PIPE,
            stderr=asyncio.subprocess.DEVNULL,
        )
        assert self.process.stdout is not None
        try:
            async with asyncio.timeout(ready_within):
                while True:
                    raw = await self.process.stdout.readline()
                    if not raw:
                        raise RuntimeError("the camera simulator exited before it was ready")
                    match = _READY.search(raw.decode("utf-8", "replace"))
                    if match:
                        self.url = match.group(1)
                        break
        except BaseException:
            await self.stop()
            raise
        self._drain = asyncio.create_task(self._discard(self.process.stdout))
        event("demo camera", url=self.url, pid=self.process.pid)
        return self.url

    @staticmethod
    async def _discard(stream: asyncio.StreamReader) -> None:
        while await stream.readline():
            pass

    async def stop(self) -> None:
        proc, self.process = self.process, None
        if proc is not None and proc.returncode is None:
            proc.terminate()
            try:
                await asyncio.wait_for(proc.wait(), 5)
            except TimeoutError:
                proc.kill()
                await proc.wait()
        if self._drain is not None:
            self._drain.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._drain
            self._drain = None
