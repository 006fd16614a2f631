"""core.tool_calls: one call of a round, outside a turn."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from core.canonical import ImageData, ToolCall
from core.events import EventBus, ToolFinished, ToolStarted
from core.journal import JournalError, NullJournal
from core.notes import note
from core.tool import AgentTool, ToolOutput, ToolReturn
from core.tool_calls import CallScope, run_call
from tests.fakes.logs import log_lines
from tests.fakes.scripted import EchoTool

FRAME = ImageData("image/jpeg", b"\xff\xd8\xff" + b"x" * 2000, 640, 424)


class Journal(NullJournal):
    def __init__(self, fail_running: bool = False) -> None:
        self.writes: list[str] = []
        self.fail_running = fail_running

    def tool_running(self, turn_id: str, call_id: str) -> None:
        if self.fail_running:
            raise JournalError("running", turn_id, call_id, "disk full")
        self.writes.append(f"running {call_id}")

    def tool_completed(self, turn_id: str, call_id: str, result: ToolReturn, message: Any) -> None:
        self.writes.append(f"completed {call_id}")


def scope(
    tools: list[AgentTool], journal: Journal, *, blocked: bool = False
) -> tuple[CallScope, list[object]]:
    bus = EventBus()
    seen: list[object] = []
    bus.subscribe(seen.append)

    async def record(write: Any, *args: Any) -> None:
        write(*args)

    async def stopped() -> None:
        return None

    return (
        CallScope(
            agent_id="a1",
            language="en",
            turn_id="t1",
            round=2,
            image_results=True,
            images_blocked=blocked,
            tools={t.name: t for t in tools},
            bus=bus,
            journal=journal,
            record=record,
            pipeline=None,
            questions=None,
            stopped=stopped,
        ),
        seen,
    )


@pytest.mark.asyncio
async def test_a_call_is_recorded_run_and_reported(event_log: Path) -> None:
    cam = EchoTool("cam", "frame", images=[FRAME])
    journal = Journal()
    s, seen = scope([cam], journal)
    _, message = await run_call(s, ToolCall("c1", "cam", {}), None)
    assert (cam.runs, journal.writes) == (1, ["running c1", "completed c1"])
    assert (message.attachments, message.attachment_caption) == ([FRAME], "(1 image from the cam result)")
    assert [type(e) for e in seen] == [ToolStarted, ToolFinished]
    finished = seen[1]
    assert isinstance(finished, ToolFinished) and finished.display_line == "(1 image: JPEG 2 KB)"
    line = next(x for x in log_lines(event_log) if x.startswith("tool:"))
    assert line.startswith("tool: agent=a1 round=2 name=cam ok=true ms=") and line.endswith(
        " body_chars=5 images=1"
    )


@pytest.mark.asyncio
async def test_a_stored_result_is_reused_and_not_recorded_again() -> None:
    cam = EchoTool("cam")
    journal = Journal()
    s, _ = scope([cam], journal)
    stored = ToolReturn(ToolOutput("from before the crash"))
    ret, message = await run_call(s, ToolCall("c1", "cam", {}), stored)
    assert (ret, message.text, cam.runs, journal.writes) == (stored, "from before the crash", 0, [])


@pytest.mark.asyncio
async def test_a_call_whose_running_record_fails_is_not_executed() -> None:
    cam = EchoTool("cam")
    s, _ = scope([cam], Journal(fail_running=True))
    ret, message = await run_call(s, ToolCall("c1", "cam", {}), None)
    assert (cam.runs, ret.is_error) == (0, True)
    assert message.text == note("tool_not_recorded", "en", name="cam")


@pytest.mark.asyncio
async def test_blocked_images_become_the_note() -> None:
    s, _ = scope([EchoTool("cam", "frame", images=[FRAME])], Journal(), blocked=True)
    _, message = await run_call(s, ToolCall("c1", "cam", {}), None)
    assert (message.attachments, message.text) == ([], "frame\n" + note("images_not_sent", "en"))
