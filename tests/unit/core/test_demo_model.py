"""The offline demo model: calls the live view tool, then reports size and dominant colours."""

from __future__ import annotations

import asyncio
import io
from pathlib import Path

import pytest
from PIL import Image

from core.canonical import ChatMessage, ChatRequest, ImageData, Role, ToolCall, ToolSpec
from core.demo_model import DemoBackend, colour_name, dominant_colours
from core.store import Store
from core.tool import ToolContext
from core.watch.model import Watch
from core.watch.tools import ReportEvent

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


# -- a watch's run (issue 15, WA-27): report_event on a changed frame --------------------------------

WATCH_TOOLS = [*TOOLS, ToolSpec("report_event", "put an event on the timeline", {"type": "object"})]


def watch_run(*frames: bytes, tools: list[ToolSpec] | None = None) -> ChatRequest:
    planned = ChatMessage(Role.ASSISTANT, tool_calls=[ToolCall("watch-1", "camera__live_view_image", {})])
    result = ChatMessage(
        Role.TOOL,
        "(frames)",
        attachments=[ImageData("image/jpeg", f, 320, 240) for f in frames],
        tool_call_id="watch-1",
        tool_name="camera__live_view_image",
    )
    return request(
        ChatMessage(Role.USER, "Watch: tell me what changes (change score 80 of 100)"),
        planned,
        result,
        tools=WATCH_TOOLS if tools is None else tools,
    )


def test_a_changed_frame_after_the_previous_keyframe_is_reported() -> None:
    previous = jpeg_of((10, 10, 10))
    resp = asyncio.run(DemoBackend("en").complete(watch_run(previous, two_colour_jpeg())))
    assert resp.stop_reason == "tool_use"
    [call] = resp.message.tool_calls
    assert call.name == "report_event"
    assert call.arguments["title"] == "[Offline demo] The picture changed"
    assert call.arguments["importance"] == 3
    summary = str(call.arguments["summary"])
    assert summary.startswith("The camera picture changed; its dominant colours are now red (#")
    assert "black" not in summary  # the new frame's colours, not the previous keyframe's


def test_the_first_look_ends_quietly() -> None:
    resp = asyncio.run(DemoBackend("en").complete(watch_run(two_colour_jpeg())))
    assert (resp.stop_reason, resp.message.tool_calls) == ("end_turn", [])
    assert resp.message.text == "[Offline demo, no AI] Nothing to report."


def test_without_report_event_a_frame_is_described_as_before() -> None:
    resp = asyncio.run(
        DemoBackend("en").complete(watch_run(jpeg_of((10, 10, 10)), two_colour_jpeg(), tools=TOOLS))
    )
    assert resp.stop_reason == "end_turn"
    assert resp.message.text.startswith("[Offline demo, no AI] The live view frame is a JPEG image")


def test_after_report_event_it_says_so_and_ends() -> None:
    req = watch_run(jpeg_of((10, 10, 10)), two_colour_jpeg())
    call = ToolCall("demo_9", "report_event", {"title": "t", "summary": "s", "importance": 3})
    req.messages += [
        ChatMessage(Role.ASSISTANT, tool_calls=[call]),
        ChatMessage(
            Role.TOOL,
            "Event #1 is on the timeline (importance 3).",
            tool_call_id="demo_9",
            tool_name="report_event",
        ),
    ]
    resp = asyncio.run(DemoBackend("zh").complete(req))
    assert (resp.stop_reason, resp.message.text) == (
        "end_turn",
        "［离线演示，无 AI］画面有变化，已在时间线上记录一个事件。",
    )


def test_the_demos_report_goes_on_a_real_timeline(tmp_path: Path) -> None:
    resp = asyncio.run(DemoBackend("ja").complete(watch_run(jpeg_of((10, 10, 10)), two_colour_jpeg())))
    [call] = resp.message.tool_calls
    store = Store.open(tmp_path)
    try:
        watch = Watch(id="w1", agent_id="demo", instruction="look", conversation_id="c1")
        tool = ReportEvent(store, "v", watch, lambda: ("ab" * 32, "image/jpeg"), language="ja")
        ctx = ToolContext(agent_id="demo", language="ja", turn_id="t1", call_id=call.id)
        r = asyncio.run(tool.call(call.arguments, ctx))
        assert (r.is_error, r.output.text) == (False, "出来事 #1 をタイムラインに記録しました（重要度 3）。")
        [e] = store.camera_events("v")
        assert (e.title, e.importance, e.keyframe) == ("［オフラインデモ］画像が変わりました", 3, "ab" * 32)
        assert e.summary.startswith("カメラの画像が変わりました。いまの主な色：赤（#")
    finally:
        store.close()


def jpeg_of(colour: tuple[int, int, int]) -> bytes:
    buf = io.BytesIO()
    Image.new("RGB", (320, 240), colour).save(buf, "JPEG", quality=90)
    return buf.getvalue()
