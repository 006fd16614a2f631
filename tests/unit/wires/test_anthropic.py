"""Anthropic Messages: exact request JSON, decode, stream assembly, thinking replay."""

from __future__ import annotations

import json

import pytest

from core.canonical import ChatMessage, ChatRequest, Role, ToolCall, Usage
from tests.unit.wires.samples import JPEG, JPEG_B64, SCHEMA, TOOLS, tool_round
from wires.anthropic import WIRE
from wires.base import parse_sse
from wires.errors import ProviderHTTPError, ProviderTransportError

THINKING = {"type": "thinking", "thinking": "Need a frame.", "signature": "sig-AAA"}
REDACTED = {"type": "redacted_thinking", "data": "opaque-BBB"}

RESPONSE = {
    "id": "msg_1",
    "type": "message",
    "role": "assistant",
    "model": "claude-x",
    "content": [
        THINKING,
        REDACTED,
        {"type": "text", "text": "Let me look."},
        {"type": "tool_use", "id": "toolu_1", "name": "live_view", "input": {"cam": "a"}},
    ],
    "stop_reason": "tool_use",
    "usage": {
        "input_tokens": 100,
        "output_tokens": 20,
        "cache_read_input_tokens": 7,
        "cache_creation_input_tokens": 3,
    },
}


def sse(*events: dict) -> str:
    return "".join(f"event: {e['type']}\ndata: {json.dumps(e)}\n\n" for e in events)


STREAM = sse(
    {
        "type": "message_start",
        "message": {
            **RESPONSE,
            "content": [],
            "stop_reason": None,
            "usage": {**RESPONSE["usage"], "output_tokens": 1},
        },
    },
    {
        "type": "content_block_start",
        "index": 0,
        "content_block": {"type": "thinking", "thinking": "", "signature": ""},
    },
    {"type": "content_block_delta", "index": 0, "delta": {"type": "thinking_delta", "thinking": "Need a "}},
    {"type": "content_block_delta", "index": 0, "delta": {"type": "thinking_delta", "thinking": "frame."}},
    {"type": "content_block_delta", "index": 0, "delta": {"type": "signature_delta", "signature": "sig-AAA"}},
    {"type": "content_block_stop", "index": 0},
    {"type": "content_block_start", "index": 1, "content_block": REDACTED},
    {"type": "content_block_stop", "index": 1},
    {"type": "ping"},
    {"type": "content_block_start", "index": 2, "content_block": {"type": "text", "text": ""}},
    {"type": "content_block_delta", "index": 2, "delta": {"type": "text_delta", "text": "Let me "}},
    {"type": "content_block_delta", "index": 2, "delta": {"type": "text_delta", "text": "look."}},
    {"type": "content_block_stop", "index": 2},
    {
        "type": "content_block_start",
        "index": 3,
        "content_block": {"type": "tool_use", "id": "toolu_1", "name": "live_view", "input": {}},
    },
    {
        "type": "content_block_delta",
        "index": 3,
        "delta": {"type": "input_json_delta", "partial_json": '{"cam"'},
    },
    {
        "type": "content_block_delta",
        "index": 3,
        "delta": {"type": "input_json_delta", "partial_json": ': "a"}'},
    },
    {"type": "content_block_stop", "index": 3},
    {"type": "message_delta", "delta": {"stop_reason": "tool_use"}, "usage": {"output_tokens": 20}},
    {"type": "message_stop"},
)


def run_stream(text: str) -> tuple[list[str], object]:
    dec = WIRE.stream_decoder()
    deltas = [d for ev, data in parse_sse(text) if (d := dec.feed(ev, data))]
    return deltas, dec.result()


def test_encode_exact_json_with_images_and_tool_choice_none() -> None:
    request = tool_round(images=True)
    request.messages[0].attachments = [JPEG]
    request.messages[3].is_error = True
    request.tool_choice = "none"
    body = WIRE.encode(request)
    assert body == {
        "model": "m-1",
        "max_tokens": 512,
        # the cache breakpoints on the system and the last tool (no stable history: no message marks)
        "system": [{"type": "text", "text": "You watch a camera.", "cache_control": {"type": "ephemeral"}}],
        "messages": [
            {
                "role": "user",
                "content": [
                    {
                        "type": "image",
                        "source": {"type": "base64", "media_type": "image/jpeg", "data": JPEG_B64},
                    },
                    {"type": "text", "text": "What do you see?"},
                ],
            },
            {
                "role": "assistant",
                "content": [
                    {"type": "text", "text": "Looking."},
                    {"type": "tool_use", "id": "call_1", "name": "live_view", "input": {"cam": "a"}},
                    {"type": "tool_use", "id": "call_2", "name": "status", "input": {}},
                ],
            },
            body["messages"][2],  # the tool results: frozen in test_placement
        ],
        "tools": [
            {
                "name": "live_view",
                "description": "Grab a frame",
                "input_schema": SCHEMA,
                "cache_control": {"type": "ephemeral"},
            }
        ],
        "tool_choice": {"type": "none"},
    }
    assert body["messages"][2]["content"][1] == {
        "type": "tool_result",
        "tool_use_id": "call_2",
        "content": "idle",
        "is_error": True,
    }
    assert "is_error" not in body["messages"][2]["content"][0]


def test_encode_plain_conversation_uses_strings_and_default_max_tokens() -> None:
    body = WIRE.encode(
        ChatRequest("m", "", [ChatMessage(Role.USER, "hi"), ChatMessage(Role.ASSISTANT, "yo")], [])
    )
    assert body == {
        "model": "m",
        "max_tokens": 8192,
        "messages": [{"role": "user", "content": "hi"}, {"role": "assistant", "content": "yo"}],
    }


def test_decode_maps_text_calls_usage_stop_and_keeps_content_verbatim() -> None:
    resp = WIRE.decode(json.loads(json.dumps(RESPONSE)))
    assert resp.message.text == "Let me look."
    assert resp.message.tool_calls == [ToolCall("toolu_1", "live_view", {"cam": "a"})]
    assert resp.usage == Usage(input=100, output=20, cache_read=7, cache_write=3)
    assert resp.stop_reason == "tool_use"
    assert resp.message.provider_state == {"anthropic": {"content": RESPONSE["content"]}}


def test_thinking_blocks_are_replayed_unchanged() -> None:
    resp = WIRE.decode(json.loads(json.dumps(RESPONSE)))
    request = ChatRequest(
        "m",
        "",
        [
            ChatMessage(Role.USER, "look"),
            resp.message,
            ChatMessage(Role.TOOL, "ok", tool_call_id="toolu_1", tool_name="live_view"),
        ],
        TOOLS,
    )
    body = WIRE.encode(request)
    assert body["messages"][1] == {"role": "assistant", "content": RESPONSE["content"]}
    assert body["messages"][1]["content"][0]["signature"] == "sig-AAA"


def test_stream_assembles_the_same_response_as_decode() -> None:
    deltas, streamed = run_stream(STREAM)
    assert deltas == ["Let me ", "look."]
    assert streamed == WIRE.decode(json.loads(json.dumps(RESPONSE)))


def test_plain_text_stream() -> None:
    text = sse(
        {
            "type": "message_start",
            "message": {"content": [], "usage": {"input_tokens": 5, "output_tokens": 1}},
        },
        {"type": "content_block_start", "index": 0, "content_block": {"type": "text", "text": ""}},
        {"type": "content_block_delta", "index": 0, "delta": {"type": "text_delta", "text": "Hello"}},
        {"type": "content_block_stop", "index": 0},
        {"type": "message_delta", "delta": {"stop_reason": "end_turn"}, "usage": {"output_tokens": 3}},
        {"type": "message_stop"},
    )
    deltas, resp = run_stream(text)
    assert deltas == ["Hello"]
    assert resp.message.text == "Hello"  # type: ignore[attr-defined]
    assert resp.stop_reason == "end_turn"  # type: ignore[attr-defined]
    assert resp.usage == Usage(input=5, output=3)  # type: ignore[attr-defined]


def test_cut_stream_is_a_transport_error() -> None:
    cut = STREAM.split("event: message_delta")[0]
    with pytest.raises(ProviderTransportError):
        run_stream(cut)


def test_error_event_is_typed_like_its_http_status() -> None:
    text = sse({"type": "error", "error": {"type": "overloaded_error", "message": "Overloaded"}})
    with pytest.raises(ProviderHTTPError) as info:
        run_stream(text)
    assert (info.value.status, info.value.provider_code, info.value.message) == (
        529,
        "overloaded_error",
        "Overloaded",
    )


def test_http_details() -> None:
    assert WIRE.path("m", True) == "/messages"
    assert WIRE.headers("k-1") == {"anthropic-version": "2023-06-01", "x-api-key": "k-1"}
    assert WIRE.stream_body({"a": 1}) == {"a": 1, "stream": True}
    err = '{"type":"error","error":{"type":"invalid_request_error","message":"bad image"}}'
    info = WIRE.parse_error(400, err)
    assert (info.code, info.message) == ("invalid_request_error", "bad image")
