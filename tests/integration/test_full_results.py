"""Results are stored whole (S02-1, S02-2) while the model reads the budgeted view (S00-2).

End to end through ``Village`` + ``VillagePipeline`` + ``SqliteJournal`` on a real ``Store``: a
tool returns 3 MB of text and 12 images; the completion record keeps all of it (verified, page by
page), the tool message keeps exactly what the model read, and a turn cut after the tool completed
resumes on a new store instance without running the tool again and sends the same budgeted text.
"""

from __future__ import annotations

import asyncio
import io
from pathlib import Path
from typing import Any

import pytest
from PIL import Image

from core.canonical import ChatMessage, ChatResponse, ImageData, Role, ToolCall, Usage
from core.config import Config, parse_config
from core.recovery import recover
from core.results import VillagePipeline
from core.spill import text_quarters
from core.store import PAGE_SIZE, SqliteJournal, Store
from core.tool import AgentTool, ToolContext, ToolOutput, ToolReturn
from core.village import Village
from tests.fakes.scripted import ScriptedBackend, reply

IMAGES = 12
LINE = "行 {:07d} frame log: the camera saw a red square, nothing else\n"


def big_text() -> str:
    out, i, size = [], 0, 0
    while size < 3_000_000:
        line = LINE.format(i)
        out.append(line)
        size += len(line.encode("utf-8"))
        i += 1
    return "".join(out)


def frames() -> list[ImageData]:
    imgs = []
    for i in range(IMAGES):
        buf = io.BytesIO()
        Image.new("RGB", (1092, 1092), (20 * i, 255 - 20 * i, 90)).save(buf, "JPEG", quality=80)
        imgs.append(ImageData("image/jpeg", buf.getvalue(), 1092, 1092))
    return imgs


TEXT = big_text()
FRAMES = frames()


class BigTool(AgentTool):
    def __init__(self) -> None:
        self.name = "cam__dump"
        self.description = "everything the camera has"
        self.input_schema = {"type": "object", "properties": {}}
        self.runs = 0

    async def call(self, args: dict[str, Any], ctx: ToolContext) -> ToolReturn:
        self.runs += 1
        return ToolReturn(ToolOutput(TEXT, list(FRAMES)))


def make_config(tmp_path: Path) -> Config:
    data = {
        "templates": [{"name": "c", "protocol": "anthropic", "model": "claude-x"}],
        "agents": [{"id": "agent_9", "template": "c"}],
    }
    return parse_config(data, tmp_path / "village.json")


def village_on(
    store: Store, config: Config, backend: ScriptedBackend, tmp_path: Path, tool: BigTool
) -> Village:
    village = Village(
        config,
        backend_factory=lambda t: backend,
        journal=SqliteJournal(store),
        pipeline=VillagePipeline(config, spill_dir=tmp_path / "spill"),
    )
    village.add_tools("agent_9", [tool])
    return village


CALL = ChatResponse(
    ChatMessage(Role.ASSISTANT, "", tool_calls=[ToolCall("c1", "cam__dump", {})]), Usage(10, 5), "tool_use"
)


async def cut_turn(tmp_path: Path, tool: BigTool) -> ChatMessage:
    """Run the turn until the second model request, then cut it there (as a crash would)."""
    config = make_config(tmp_path)
    store = Store.open(tmp_path / "data")
    backend = ScriptedBackend([CALL], model="claude-x", hang_on=2)
    village = village_on(store, config, backend, tmp_path, tool)
    handle = village.send("agent_9", "dump everything")
    await asyncio.wait_for(backend.hanging.wait(), 60)
    assert handle.task is not None
    handle.task.cancel()
    with pytest.raises(asyncio.CancelledError):
        await handle.task
    await village.close()
    store.close()
    return backend.requests[1].messages[-1]


@pytest.mark.asyncio
async def test_big_result_is_stored_whole_and_the_model_reads_the_budgeted_view(tmp_path: Path) -> None:
    tool = BigTool()
    sent = await cut_turn(tmp_path, tool)
    assert tool.runs == 1

    # what the model read: a head and tail around the notice naming the spill file
    [spill] = list((tmp_path / "spill").glob("*.txt"))
    assert sent.role is Role.TOOL and sent.tool_call_id == "c1"
    assert f"the complete result is in {spill}]" in sent.text
    assert sent.text.startswith(LINE.format(0))
    assert 0 < len(sent.attachments) < IMAGES
    assert sent.attachments == FRAMES[IMAGES - len(sent.attachments) :]  # the tail's images, in order
    assert text_quarters(sent.text) // 4 < 12_500
    assert len(sent.text.encode("utf-8")) < 100_000

    store = Store.open(tmp_path / "data")
    try:
        # the completion record: the whole result, every byte verified, read page by page
        rec = store.completion(store_turn(store), "c1")
        assert rec is not None and not rec.is_error
        raw = TEXT.encode("utf-8")
        assert rec.result_size == len(raw)
        pages = list(store.text_pages(rec.result_sha256))
        assert len(pages) == -(-len(raw) // PAGE_SIZE) == 3
        for i, page in enumerate(pages):
            assert page == raw[i * PAGE_SIZE : (i + 1) * PAGE_SIZE]
        assert [store.load_image(ref) for ref in rec.images] == FRAMES
        full = store.full_result(store_turn(store), "c1")
        assert full is not None and full.output.text == TEXT and full.output.images == FRAMES
        assert store.verify_all() == []

        # the tool message: exactly what the model read, not the 3 MB
        [msg] = [m for m in store.messages("agent_9") if m.kind == "tool"]
        assert (msg.text, msg.text_size) == (sent.text, len(sent.text.encode("utf-8")))
        assert [store.load_image(ref) for ref in msg.images] == sent.attachments
    finally:
        store.close()


def store_turn(store: Store) -> str:
    [(turn_id, state)] = store.unfinished_turns()
    assert state == "running"
    return turn_id


@pytest.mark.asyncio
async def test_resume_after_restart_reuses_the_completion_and_sends_the_same_budgeted_view(
    tmp_path: Path,
) -> None:
    tool = BigTool()
    sent = await cut_turn(tmp_path, tool)

    store = Store.open(tmp_path / "data")  # a new instance: the restart
    try:
        [point] = recover(store)
        assert point.completed["c1"].output.text == sent.text
        assert point.completed["c1"].output.images == sent.attachments
        backend = ScriptedBackend([reply("seen it all")], model="claude-x")
        village = village_on(store, make_config(tmp_path), backend, tmp_path, tool)
        outcome = await village.resume(point).wait()
        assert outcome.text == "seen it all"
        assert tool.runs == 1  # never executed again (S02-3)
        [request] = backend.requests
        again = request.messages[-1]
        assert (again.role, again.tool_call_id, again.text) == (Role.TOOL, "c1", sent.text)
        assert again.attachments == sent.attachments
        assert again.attachment_caption == sent.attachment_caption
        assert [m.text for m in request.messages[:-1]] == ["dump everything", ""]
        await village.close()
        rec = store.completion(point.turn_id, "c1")
        assert rec is not None and rec.result_size == len(TEXT.encode("utf-8"))
        assert store.turn_state(point.turn_id) == ("done", "-")
    finally:
        store.close()


@pytest.mark.asyncio
async def test_a_result_within_budget_is_stored_once_as_the_model_read_it(tmp_path: Path) -> None:
    """No spill: ``full`` stays unset and the completion and the message share one blob."""
    config = make_config(tmp_path)
    store = Store.open(tmp_path / "data")
    small = ToolReturn(ToolOutput("small body", [FRAMES[0]]))
    pipe = VillagePipeline(config, spill_dir=tmp_path / "spill")
    ctx = ToolContext("agent_9", "en")
    out = await pipe.process(ToolCall("c1", "cam__dump", {}), small, ctx)
    assert out.full is None and out.output.text == "small body"
    store.close()
