"""Encode time per wire for a request carrying 20 tool images (640x424 JPEG, ~20 KB each).

Run: ``python -m pytest tests/bench/test_bench_wires.py --benchmark-enable -p no:randomly``.
"""

from __future__ import annotations

import io
import json

import pytest
from PIL import Image, ImageFilter

from core.canonical import ChatMessage, ChatRequest, ImageData, Role, ToolCall, ToolSpec
from wires import WIRE_NAMES, WIRES

pytestmark = pytest.mark.bench


def frame(seed: int) -> ImageData:
    noise = Image.effect_noise((640, 424), 40 + seed % 3).filter(ImageFilter.GaussianBlur(2)).convert("RGB")
    buf = io.BytesIO()
    noise.save(buf, "JPEG", quality=72)
    return ImageData("image/jpeg", buf.getvalue(), 640, 424)


def twenty_image_request() -> ChatRequest:
    """Ten rounds of one tool call each, every result carrying two frames: 20 images."""
    images = [frame(i) for i in range(20)]
    messages = [ChatMessage(Role.USER, "Watch the door and tell me when someone arrives.")]
    for r in range(10):
        call = ToolCall(f"call_{r}", "live_view", {"camera": "front"})
        messages.append(ChatMessage(Role.ASSISTANT, "", tool_calls=[call]))
        messages.append(
            ChatMessage(
                Role.TOOL,
                "frame captured",
                attachments=images[2 * r : 2 * r + 2],
                attachment_caption="(2 images from the live_view result)",
                tool_call_id=call.id,
                tool_name="live_view",
            )
        )
    tools = [
        ToolSpec("live_view", "Grab frames", {"type": "object", "properties": {"camera": {"type": "string"}}})
    ]
    return ChatRequest("m-1", "You watch a camera.", messages, tools, max_tokens=1024)


REQUEST = twenty_image_request()


def test_fixture_is_twenty_images_of_about_20kb() -> None:
    sizes = [len(i.data) for m in REQUEST.messages for i in m.attachments]
    assert len(sizes) == 20 and all(15_000 < s < 26_000 for s in sizes)


@pytest.mark.parametrize("wire", WIRE_NAMES)
def test_bench_encode(benchmark, wire: str) -> None:  # type: ignore[no-untyped-def]
    body = benchmark(WIRES[wire].encode, REQUEST)
    assert str(body).count("/9j/") == 20


@pytest.mark.parametrize("wire", WIRE_NAMES)
def test_bench_encode_and_serialise(benchmark, wire: str) -> None:  # type: ignore[no-untyped-def]
    def run() -> bytes:
        return json.dumps(WIRES[wire].encode(REQUEST), ensure_ascii=False).encode("utf-8")

    payload = benchmark(run)
    assert 500_000 < len(payload) < 900_000
