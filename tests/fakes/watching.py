"""What watch tests share: the app's runtime with a camera on a scripted scene, a virtual clock."""

from __future__ import annotations

import asyncio
import os
import re
import signal
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from app.keys import KeyStore
from app.launcher import Runtime, make_runtime
from core.canonical import ChatMessage, ChatRequest, ChatResponse, Role, Usage
from core.config import parse_config
from core.llm import ModelBackend, TextSink
from core.village import Village
from tests.fakes.scripted import call, reply

WATCH_VILLAGE = "watch-village"
EVENT_AT, EVENT_FRAMES = 40, 10  # the bird scene of the watch tests: frames 40 … 49
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


SEQ = re.compile(r'"seq":\s*(\d+)')
QUESTION = "What happened at the feeder while I was out?"
LISTED = re.compile(r"#(\d+) (\d{4}-\d\d-\d\d \d\d:\d\d:\d\d)")


@dataclass
class WatcherModel:
    """A model that watches the scripted bird scene: it "sees" the bird in a frame whose metadata
    ``seq`` falls in the scene's event and reports it with ``report_event``; any other frame has
    nothing to report. ``kill_on`` makes it SIGKILL its own process: ``bird`` when asked about the
    bird's frame, ``reported`` when asked again after its report was recorded."""

    event_at: int
    event_frames: int
    kill_on: str = ""
    backend: str = "anthropic"
    model: str = "claude-x"
    requests: list[ChatRequest] = field(default_factory=list)
    since: str = ""  # the question's camera_events range start (local "YYYY-MM-DD HH:MM:SS")
    answer_time: str = ""

    async def complete(self, request: ChatRequest, on_text: TextSink | None = None) -> ChatResponse:
        self.requests.append(request)
        last = request.messages[-1]
        asked = self._chat(last)
        if asked is not None:
            return asked
        if last.role is Role.TOOL and last.tool_name.endswith("report_event"):
            self._kill("reported")
            return reply("I reported the bird.", usage=Usage(1200, 20))
        match = SEQ.search(last.text) if last.role is Role.TOOL else None
        if match and self.event_at <= int(match.group(1)) < self.event_at + self.event_frames:
            self._kill("bird")
            args = {
                "title": "Bird at the feeder",
                "summary": "A small bird is on the feeder.",
                "importance": 4,
            }
            response = call("report_event", args, call_id=f"report-{match.group(1)}")
            return ChatResponse(response.message, Usage(1500, 40), "tool_use")
        return reply("Nothing to report.", usage=Usage(1000, 10))

    def _chat(self, last: ChatMessage) -> ChatResponse | None:
        """The person's question about the past (``QUESTION``): camera_events over ``since``, then
        the first event's keyframe, then an answer naming its local time."""
        if last.role is Role.USER and last.text == QUESTION:
            return call("camera_events", {"since": self.since}, call_id="past-1")
        if last.role is Role.TOOL and last.tool_name == "camera_events":
            found = LISTED.search(last.text)
            if found is None:
                return reply("I found nothing.")
            self.answer_time = found.group(2)
            return call("camera_event_image", {"event_id": int(found.group(1))}, call_id="past-2")
        if last.role is Role.TOOL and last.tool_name == "camera_event_image":
            return reply(f"The bird came at {self.answer_time}.")
        return None

    def _kill(self, point: str) -> None:
        if self.kill_on == point:
            os.kill(os.getpid(), signal.SIGKILL)
