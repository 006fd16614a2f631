"""The village pipeline: policies, spill priced by the agent's route, media cache, in one pass."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from PIL import Image

from core.canonical import ChatMessage, ImageData, Role
from core.config import parse_config
from core.llm import image_pricing
from core.results import VillagePipeline
from core.turn import Turn, TurnSettings
from tests.fakes.scripted import EchoTool, ScriptedBackend, call, reply


def frame() -> ImageData:
    buf = io.BytesIO()
    Image.new("RGB", (640, 424), (200, 30, 30)).save(buf, "JPEG", quality=85)
    return ImageData("image/jpeg", buf.getvalue(), 640, 424)


def config(tmp_path: Path, **extra: object):  # type: ignore[no-untyped-def]
    data = {
        "templates": [{"name": "c", "protocol": "anthropic", "model": "claude-x"}],
        "agents": [{"id": "agent_9", "template": "c"}],
        "tool_results": {"budget_tokens": 1000},
        **extra,
    }
    cfg = parse_config(data, tmp_path / "village.json")
    return cfg


@pytest.mark.asyncio
async def test_sent_images_land_in_the_media_cache_and_big_text_is_spilled(tmp_path: Path) -> None:
    cfg = config(tmp_path)
    img = frame()
    tool = EchoTool("cam__live_view_image", "line of text\n" * 2000, images=[img])
    backend = ScriptedBackend([call("cam__live_view_image"), reply("ok")])
    pipe = VillagePipeline(cfg, spill_dir=tmp_path / "spill")
    turn = Turn(
        turn_id="t",
        backend=backend,
        tools=[tool],
        settings=TurnSettings("agent_9", "en"),
        history=[],
        user=ChatMessage(Role.USER, "look"),
        pipeline=pipe,
    )
    await turn.run()
    cached = tmp_path / "village.tool-media" / f"{img.sha256}.jpg"
    assert cached.read_bytes() == img.data
    sent = backend.requests[1].messages[-1]
    assert sent.attachments == [img]
    assert len(sent.text) < len(tool.body)
    spill_files = list((tmp_path / "spill").glob("*.txt"))
    assert len(spill_files) == 1 and str(spill_files[0]) in sent.text
    assert "line of text\n" * 2000 in spill_files[0].read_text(encoding="utf-8")


@pytest.mark.asyncio
async def test_configured_policy_blocks_a_result(tmp_path: Path) -> None:
    cfg = config(tmp_path, tool_policies=[{"tool": "cam__*", "action": "replace", "text": "withheld"}])
    backend = ScriptedBackend([call("cam__live_view_image"), reply("ok")])
    turn = Turn(
        turn_id="t",
        backend=backend,
        tools=[EchoTool("cam__live_view_image", "secret", images=[frame()])],
        settings=TurnSettings("agent_9", "en"),
        history=[],
        user=ChatMessage(Role.USER, "look"),
        pipeline=VillagePipeline(cfg, spill_dir=tmp_path / "spill"),
    )
    await turn.run()
    assert "secret" not in backend.requests[1].messages[-1].text


def test_route_pricing_uses_the_agents_wire(tmp_path: Path) -> None:
    cfg = config(tmp_path)
    price = image_pricing(cfg.template("c"))
    assert price is not None and price(640, 424) > 0
    assert VillagePipeline(cfg).pricing("agent_9") is not None
    assert VillagePipeline(cfg).pricing("nobody") is None
