"""S70-10 frozen: where tool-result images go, on all seven wires, and the no-image form."""

from __future__ import annotations

from typing import Any

import pytest

from tests.unit.wires.samples import JPEG_B64, JPEG_URL, WEBP_B64, WEBP_URL, tool_round
from wires import WIRE_NAMES, WIRES

CAPTION = "(2 images from the live_view result)"
RESPONSES = ("openai-responses", "xai-responses", "meta-responses", "perplexity-responses")


def tool_section(wire: str, body: dict[str, Any]) -> Any:
    """The part of an encoded body that answers the assistant's tool calls."""
    if wire == "anthropic":
        return body["messages"][2:]
    if wire == "openai-compat":
        return body["messages"][3:]  # after system, user, assistant
    if wire == "gemini":
        return body["contents"][2:]
    return body["input"][4:]  # after the user message, the assistant message and two function_calls


WITH_IMAGES: dict[str, Any] = {
    "anthropic": [
        {
            "role": "user",
            "content": [
                {
                    "type": "tool_result",
                    "tool_use_id": "call_1",
                    "content": [
                        {
                            "type": "image",
                            "source": {"type": "base64", "media_type": "image/jpeg", "data": JPEG_B64},
                        },
                        {
                            "type": "image",
                            "source": {"type": "base64", "media_type": "image/webp", "data": WEBP_B64},
                        },
                        {"type": "text", "text": "frame ok"},
                    ],
                },
                {"type": "tool_result", "tool_use_id": "call_2", "content": "idle"},
            ],
        }
    ],
    "openai-compat": [
        {"role": "tool", "tool_call_id": "call_1", "content": "frame ok"},
        {"role": "tool", "tool_call_id": "call_2", "content": "idle"},
        {
            "role": "user",
            "content": [
                {"type": "text", "text": CAPTION},
                {"type": "image_url", "image_url": {"url": JPEG_URL}},
                {"type": "image_url", "image_url": {"url": WEBP_URL}},
            ],
        },
    ],
    "gemini": [
        {
            "role": "user",
            "parts": [
                {
                    "functionResponse": {
                        "name": "live_view",
                        "response": {"output": "frame ok"},
                        "parts": [
                            {"inlineData": {"mimeType": "image/jpeg", "data": JPEG_B64}},
                            {"inlineData": {"mimeType": "image/webp", "data": WEBP_B64}},
                        ],
                    }
                },
                {"functionResponse": {"name": "status", "response": {"output": "idle"}}},
            ],
        }
    ],
}
for _name in RESPONSES:
    WITH_IMAGES[_name] = [
        {
            "type": "function_call_output",
            "call_id": "call_1",
            "output": [
                {"type": "input_text", "text": "frame ok"},
                {"type": "input_image", "image_url": JPEG_URL},
                {"type": "input_image", "image_url": WEBP_URL},
            ],
        },
        {"type": "function_call_output", "call_id": "call_2", "output": "idle"},
    ]

WITHOUT_IMAGES: dict[str, Any] = {
    "anthropic": [
        {
            "role": "user",
            "content": [
                {"type": "tool_result", "tool_use_id": "call_1", "content": "frame ok"},
                {"type": "tool_result", "tool_use_id": "call_2", "content": "idle"},
            ],
        }
    ],
    "openai-compat": [
        {"role": "tool", "tool_call_id": "call_1", "content": "frame ok"},
        {"role": "tool", "tool_call_id": "call_2", "content": "idle"},
    ],
    "gemini": [
        {
            "role": "user",
            "parts": [
                {"functionResponse": {"name": "live_view", "response": {"output": "frame ok"}}},
                {"functionResponse": {"name": "status", "response": {"output": "idle"}}},
            ],
        }
    ],
}
for _name in RESPONSES:
    WITHOUT_IMAGES[_name] = [
        {"type": "function_call_output", "call_id": "call_1", "output": "frame ok"},
        {"type": "function_call_output", "call_id": "call_2", "output": "idle"},
    ]


def test_the_table_covers_all_seven_wires() -> None:
    assert set(WITH_IMAGES) == set(WIRE_NAMES) == set(WITHOUT_IMAGES) == set(WIRES)


@pytest.mark.parametrize("wire", WIRE_NAMES)
def test_tool_result_images_are_placed_per_the_table(wire: str) -> None:
    body = WIRES[wire].encode(tool_round(images=True))
    assert tool_section(wire, body) == WITH_IMAGES[wire]


@pytest.mark.parametrize("wire", WIRE_NAMES)
def test_tool_result_without_images_is_a_plain_string(wire: str) -> None:
    body = WIRES[wire].encode(tool_round(images=False))
    assert tool_section(wire, body) == WITHOUT_IMAGES[wire]


@pytest.mark.parametrize("wire", WIRE_NAMES)
def test_nothing_follows_the_tool_results(wire: str) -> None:
    # the fallback user message is the only extra item, and only on openai-compat
    body = WIRES[wire].encode(tool_round(images=True))
    items = body.get("messages") or body.get("contents") or body["input"]
    assert items[-1] == WITH_IMAGES[wire][-1] or wire in RESPONSES


def test_fallback_without_caption_sends_the_images_alone() -> None:
    body = WIRES["openai-compat"].encode(tool_round(images=True, caption=None))
    assert body["messages"][-1] == {
        "role": "user",
        "content": [
            {"type": "image_url", "image_url": {"url": JPEG_URL}},
            {"type": "image_url", "image_url": {"url": WEBP_URL}},
        ],
    }


def test_fallback_message_follows_the_whole_run_of_tool_messages() -> None:
    request = tool_round(images=True)
    # images on the second tool message too: still ONE user message, after both tool messages
    request.messages[3].attachments = [request.messages[2].attachments[0]]
    request.messages[3].attachment_caption = "(1 image from the status result)"
    msgs = WIRES["openai-compat"].encode(request)["messages"]
    assert [m["role"] for m in msgs] == ["system", "user", "assistant", "tool", "tool", "user"]
    assert msgs[-1]["content"] == [
        {"type": "text", "text": CAPTION},
        {"type": "image_url", "image_url": {"url": JPEG_URL}},
        {"type": "image_url", "image_url": {"url": WEBP_URL}},
        {"type": "text", "text": "(1 image from the status result)"},
        {"type": "image_url", "image_url": {"url": JPEG_URL}},
    ]
