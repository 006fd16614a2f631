"""The offline demo model: calls the live view tool, then reports size and dominant colours."""

from __future__ import annotations

import asyncio
import io

import pytest
from PIL import Image

from core.canonical import ChatMessage, ChatRequest, ImageData, Role, ToolSpec
from core.demo_model import DemoBackend, colour_name, dominant_colours

TOOLS = [
    ToolSpec("camera__status", "status", {"type": "object"}),
    ToolSpec("camera__live_view_image", "one frame", {"type": "object"}),
]


def two_colour_jpeg(width: int = 320, height: int = 240) -> bytes:
    im = Image.new("RGB", (width, height), (40, 80, 220))  # blue
    im.paste((220, 30, 30), (0, 0, width * 3 // 4, height))  # red on the left three quarters
    buf = io.BytesIO()
    im.save(buf, "JPEG", quality=95)
    return buf.getvalue()


def request(*messages: ChatMessage, tools: list[ToolSpec] | None = None) -> ChatRequest:
    return ChatRequest(
        model="demo", system="", messages=list(messages), tools=TOOLS if tools is None else tools
    )


def test_labels() -> None:
    b = DemoBackend()
    assert (b.backend, b.model) == ("offline-demo", "demo")


def test_first_call_is_the_live_view_tool() -> None:
    seen: list[str] = []
    resp = asyncio.run(DemoBackend("en").complete(request(ChatMessage(Role.USER, "hi")), seen.append))
    assert resp.stop_reason == "tool_use"
    assert [(c.name, c.arguments) for c in resp.message.tool_calls] == [("camera__live_view_image", {})]
    assert seen == ["[Offline demo, no AI] Calling camera__live_view_image to take one live view frame."]


def test_no_tool_says_so() -> None:
    resp = asyncio.run(DemoBackend("en").complete(request(ChatMessage(Role.USER, "hi"), tools=[])))
    assert resp.stop_reason == "end_turn"
    assert resp.message.tool_calls == []
    assert resp.message.text.startswith("[Offline demo, no AI] No live view tool")


def test_colour_names() -> None:
    assert colour_name((250, 10, 10)) == "red"
    assert colour_name((10, 20, 200)) == "blue"
    assert colour_name((250, 250, 250)) == "white"
    assert colour_name((0x4B, 0x7C, 0x86)) == "cyan"  # a desaturated teal is not "gray"
    assert colour_name((128, 128, 128)) == "gray"


def test_dominant_colours_measure_the_pixels() -> None:
    w, h, cols = dominant_colours(two_colour_jpeg())
    assert (w, h) == (320, 240)
    assert [c.name for c in cols[:2]] == ["red", "blue"]
    assert cols[0].share == pytest.approx(0.75, abs=0.03)
    assert cols[1].share == pytest.approx(0.25, abs=0.03)


@pytest.mark.parametrize(
    ("language", "expected"),
    [
        (
            "en",
            "[Offline demo, no AI] The live view frame is a JPEG image of 320 × 240 pixels. "
            "Dominant colours: red (#",
        ),
        (
            "ja",
            "［オフラインデモ・AIなし］ライブビューの画像は 320 × 240 ピクセルの JPEG です。主な色：赤（#",
        ),
        ("zh", "［离线演示，无 AI］实时画面是一张 320 × 240 像素的 JPEG 图像。主要颜色：红色（#"),
    ],
)
def test_answer_after_the_image(language: str, expected: str) -> None:
    data = two_colour_jpeg()
    tool_msg = ChatMessage(
        Role.TOOL,
        "(1 image)",
        attachments=[ImageData("image/jpeg", data, 320, 240)],
        tool_call_id="demo_1",
        tool_name="camera__live_view_image",
    )
    resp = asyncio.run(DemoBackend(language).complete(request(ChatMessage(Role.USER, "look"), tool_msg)))
    assert resp.stop_reason == "end_turn"
    assert resp.message.text.startswith(expected)
    assert "75%" in resp.message.text or "74%" in resp.message.text or "76%" in resp.message.text


def test_tool_result_without_image() -> None:
    tool_msg = ChatMessage(Role.TOOL, "camera offline", tool_call_id="demo_1", is_error=True)
    resp = asyncio.run(DemoBackend("en").complete(request(ChatMessage(Role.USER, "look"), tool_msg)))
    assert resp.message.text == (
        "[Offline demo, no AI] The tool returned no image, so there is nothing to measure."
    )
