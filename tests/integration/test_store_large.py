"""A 50 MB text result and a 12-image result: stored whole, read back page by page, and the
model-facing result within the budget with its spill path (S02-1, S02-2, S00-2 … S00-5)."""

from __future__ import annotations

import io
from pathlib import Path

from PIL import Image

from core.canonical import ChatMessage, ImageData, Role, ToolCall, Usage
from core.pipeline import PipelineSettings, run_pipeline
from core.pricing import text_quarters
from core.spill import SpillWriter
from core.store import PAGE_SIZE, SqliteJournal, Store
from core.tool import ToolOutput, ToolReturn


def calc(w: int, h: int) -> int:
    return (w * h) // 750 + 85


def jpeg(i: int) -> ImageData:
    buf = io.BytesIO()
    Image.new("RGB", (1280, 960), (i * 20 % 256, 40, 90)).save(buf, "JPEG", quality=80)
    return ImageData("image/jpeg", buf.getvalue(), 1280, 960)


def complete(store: Store, call_id: str, result: ToolReturn) -> None:
    j = SqliteJournal(store)
    j.begin_turn(f"t-{call_id}", "agent_1", ChatMessage(Role.USER, "go"))
    j.model_message(
        f"t-{call_id}", 0, ChatMessage(Role.ASSISTANT, "", tool_calls=[ToolCall(call_id, "x", {})]), Usage()
    )
    j.tool_registered(f"t-{call_id}", 0, ToolCall(call_id, "x", {}))
    j.tool_running(f"t-{call_id}", call_id)
    msg = ChatMessage(Role.TOOL, result.output.text, list(result.output.images), tool_call_id=call_id)
    j.tool_completed(f"t-{call_id}", call_id, result, msg)


def test_50mb_text_result_is_stored_whole_and_the_model_sees_head_notice_tail(tmp_path: Path) -> None:
    text = "".join(f"{i:09d} measurement ok\n" for i in range(50 * 1024 * 1024 // 25))
    assert len(text) == 50 * 1024 * 1024 - 50 * 1024 * 1024 % 25
    settings = PipelineSettings(
        budget_tokens=12_500, image_tokens=calc, writer=SpillWriter(tmp_path / "spill")
    )
    r = run_pipeline("logs__dump", ToolReturn(ToolOutput(text)), settings)
    assert r.spill is not None and r.spill.spilled and r.spill.path is not None
    assert r.full.output.text is text
    assert text_quarters(r.model.output.text) <= 12_500 * 4
    assert f"the complete result is in {r.spill.path}]" in r.model.output.text
    assert r.spill.path.stat().st_size == len(text)
    store = Store.open(tmp_path)
    complete(store, "c1", r.full)
    [tool] = [m for m in Store.open(tmp_path).messages("agent_1") if m.kind == "tool"]
    assert (tool.text_size, tool.text_complete, len(tool.text)) == (len(text), False, PAGE_SIZE)
    pages = list(store.text_pages(tool.text_sha256))
    assert len(pages) == 50 and all(len(p) == PAGE_SIZE for p in pages[:-1])
    assert b"".join(pages) == text.encode()
    [rp] = Store.open(tmp_path).resume_points()
    assert rp.completed["c1"].output.text == text


def test_12_image_result_is_stored_whole_and_spilled_within_budget(tmp_path: Path) -> None:
    images = [jpeg(i) for i in range(12)]
    text = "frame report " * 20_000
    settings = PipelineSettings(
        budget_tokens=12_500, image_tokens=calc, writer=SpillWriter(tmp_path / "spill")
    )
    r = run_pipeline("cam__burst", ToolReturn(ToolOutput(text, images)), settings)
    assert r.spill is not None and r.spill.spilled and r.spill.path is not None
    model = r.model.output
    cost = text_quarters(model.text) + sum(calc(i.width, i.height) * 4 for i in model.images)
    assert cost <= 12_500 * 4
    assert model.images == images[len(images) - len(model.images) :]  # the tail images, in order
    # each image costs 1,723 tokens; half of (12,500 - notice) holds 3 at the tail, none fits the head
    # after the text, and the unused space at the image boundary stays unused
    assert len(model.images) == 3
    assert model.text.startswith("frame report frame report")
    assert len(r.spill.middle) == 1 + 9  # the rest of the text and nine images are only in the file
    spill_text = r.spill.path.read_text(encoding="utf-8")
    assert spill_text.count("[image ") == 12 and "base64" not in spill_text
    store = Store.open(tmp_path)
    complete(store, "c2", r.full)
    [tool] = [m for m in store.messages("agent_1") if m.kind == "tool"]
    assert [ref.sha256 for ref in tool.images] == [i.sha256 for i in images]
    assert [store.load_image(ref) for ref in tool.images] == images
    assert Store.open(tmp_path).resume_points()[0].completed["c2"].output.images == images
