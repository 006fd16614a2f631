"""Shared canonical samples for the wire tests (tiny fake image bytes: wires never decode them)."""

from __future__ import annotations

import base64

from core.canonical import ChatMessage, ChatRequest, ImageData, Role, ToolCall, ToolSpec

JPEG = ImageData("image/jpeg", b"\xff\xd8jpeg-one", 640, 424)
WEBP = ImageData("image/webp", b"RIFFwebp-two", 320, 200)
JPEG_B64 = base64.b64encode(JPEG.data).decode()
WEBP_B64 = base64.b64encode(WEBP.data).decode()
JPEG_URL = "data:image/jpeg;base64," + JPEG_B64
WEBP_URL = "data:image/webp;base64," + WEBP_B64

SCHEMA = {"type": "object", "properties": {"cam": {"type": "string"}}, "required": ["cam"]}
TOOLS = [ToolSpec("live_view", "Grab a frame", SCHEMA)]


def tool_round(*, images: bool, caption: str | None = "(2 images from the live_view result)") -> ChatRequest:
    """user → assistant (two calls) → two tool results (the first with two images when asked)."""
    return ChatRequest(
        model="m-1",
        system="You watch a camera.",
        messages=[
            ChatMessage(Role.USER, "What do you see?"),
            ChatMessage(
                Role.ASSISTANT,
                "Looking.",
                tool_calls=[ToolCall("call_1", "live_view", {"cam": "a"}), ToolCall("call_2", "status", {})],
            ),
            ChatMessage(
                Role.TOOL,
                "frame ok",
                attachments=[JPEG, WEBP] if images else [],
                attachment_caption=caption if images else None,
                tool_call_id="call_1",
                tool_name="live_view",
            ),
            ChatMessage(Role.TOOL, "idle", tool_call_id="call_2", tool_name="status"),
        ],
        tools=TOOLS,
        max_tokens=512,
    )
