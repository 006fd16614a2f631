"""Gemini native: exact JSON, decode, stream assembly, thoughtSignature replay, RetryInfo."""

from __future__ import annotations

import json

import pytest

from core.canonical import ChatMessage, ChatRequest, Role, ToolCall, Usage
from tests.unit.wires.samples import JPEG, JPEG_B64, SCHEMA, TOOLS, tool_round
from wires.base import parse_sse
from wires.errors import ProviderHTTPError, ProviderTransportError
from wires.gemini import WIRE

PARTS = [
    {"text": "Let me look.", "thoughtSignature": "sig-text"},
    {"functionCall": {"name": "live_view", "args": {"cam": "a"}}, "thoughtSignature": "sig-call"},
    {"functionCall": {"name": "status", "args": {}}},
]
RESPONSE = {
    "candidates": [{"content": {"role": "model", "parts": PARTS}, "finishReason": "STOP", "index": 0}],
    "usageMetadata": {
        "promptTokenCount": 120,
        "cachedContentTokenCount": 20,
        "candidatesTokenCount": 15,
        "thoughtsTokenCount": 5,
        "totalTokenCount": 140,
    },
}


def frames(*objs: object) -> str:
    return "".join(f"data: {json.dumps(o)}\r\n\r\n" for o in objs)


STREAM = frames(
    {"candidates": [{"content": {"role": "model", "parts": [{"text": "Let me "}]}}]},
    {
        "candidates": [
            {"content": {"role": "model", "parts": [{"text": "look.", "thoughtSignature": "sig-text"}]}}
        ]
    },
    {
        "candidates": [{"content": {"role": "model", "parts": PARTS[1:]}, "finishReason": "STOP"}],
        "usageMetadata": RESPONSE["usageMetadata"],
    },
)


def run_stream(text: str):  # type: ignore[no-untyped-def]
    dec = WIRE.stream_decoder()
    deltas = [d for ev, data in parse_sse(text) if (d := dec.feed(ev, data))]
    return deltas, dec.result()


def test_encode_exact_json() -> None:
    request = tool_round(images=False)
    request.messages[0].attachments = [JPEG]
    request.tool_choice = "none"
    assert WIRE.encode(request) == {
        "contents": [
            {
                "role": "user",
                "parts": [
                    {"inlineData": {"mimeType": "image/jpeg", "data": JPEG_B64}},
                    {"text": "What do you see?"},
                ],
            },
            {
                "role": "model",
                "parts": [
                    {"text": "Looking."},
                    {"functionCall": {"name": "live_view", "args": {"cam": "a"}}},
                    {"functionCall": {"name": "status", "args": {}}},
                ],
            },
            {
                "role": "user",
                "parts": [
                    {"functionResponse": {"name": "live_view", "response": {"output": "frame ok"}}},
                    {"functionResponse": {"name": "status", "response": {"output": "idle"}}},
                ],
            },
        ],
        "systemInstruction": {"parts": [{"text": "You watch a camera."}]},
        "tools": [
            {
                "functionDeclarations": [
                    {"name": "live_view", "description": "Grab a frame", "parametersJsonSchema": SCHEMA}
                ]
            }
        ],
        "toolConfig": {"functionCallingConfig": {"mode": "NONE"}},
        "generationConfig": {"maxOutputTokens": 512},
    }


def test_decode() -> None:
    resp = WIRE.decode(json.loads(json.dumps(RESPONSE)))
    assert resp.message.text == "Let me look."
    assert resp.message.tool_calls == [
        ToolCall("gemini_call_1", "live_view", {"cam": "a"}),
        ToolCall("gemini_call_2", "status", {}),
    ]
    assert resp.usage == Usage(input=100, output=20, cache_read=20)
    assert resp.stop_reason == "tool_use"
    assert resp.message.provider_state == {"gemini": {"parts": PARTS}}


def test_thought_signature_is_replayed_beside_its_function_call() -> None:
    resp = WIRE.decode(json.loads(json.dumps(RESPONSE)))
    tool = ChatMessage(Role.TOOL, "ok", tool_call_id="gemini_call_1", tool_name="live_view")
    body = WIRE.encode(ChatRequest("m", "", [ChatMessage(Role.USER, "x"), resp.message, tool], TOOLS))
    assert body["contents"][1] == {"role": "model", "parts": PARTS}
    assert body["contents"][1]["parts"][1]["thoughtSignature"] == "sig-call"
    # a synthesised id is not sent back; a Gemini-issued one is
    assert body["contents"][2]["parts"][0] == {
        "functionResponse": {"name": "live_view", "response": {"output": "ok"}}
    }


def test_gemini_issued_call_ids_are_echoed() -> None:
    parts = [{"functionCall": {"id": "fc-7", "name": "live_view", "args": {}}}]
    resp = WIRE.decode({"candidates": [{"content": {"parts": parts}, "finishReason": "STOP"}]})
    assert resp.message.tool_calls[0].id == "fc-7"
    tool = ChatMessage(Role.TOOL, "ok", tool_call_id="fc-7", tool_name="live_view")
    body = WIRE.encode(ChatRequest("m", "", [resp.message, tool], TOOLS))
    assert body["contents"][1]["parts"][0]["functionResponse"]["id"] == "fc-7"


def test_stream_assembles_the_same_response_as_decode() -> None:
    deltas, resp = run_stream(STREAM)
    assert deltas == ["Let me ", "look."]
    expected = WIRE.decode(json.loads(json.dumps(RESPONSE)))
    assert resp.message.tool_calls == expected.message.tool_calls
    assert (resp.usage, resp.stop_reason) == (expected.usage, expected.stop_reason)
    # adjacent text merges into the part that carries the signature
    assert resp.message.provider_state == {"gemini": {"parts": PARTS}}


def test_empty_text_signature_part_is_kept() -> None:
    text = frames(
        {"candidates": [{"content": {"parts": [{"text": "Done."}]}}]},
        {
            "candidates": [
                {"content": {"parts": [{"text": "", "thoughtSignature": "sig-end"}]}, "finishReason": "STOP"}
            ]
        },
    )
    _, resp = run_stream(text)
    assert resp.message.provider_state == {
        "gemini": {"parts": [{"text": "Done."}, {"text": "", "thoughtSignature": "sig-end"}]}
    }
    assert resp.stop_reason == "end_turn"


def test_cut_stream_is_a_transport_error() -> None:
    with pytest.raises(ProviderTransportError):
        run_stream(STREAM.rsplit("data:", 1)[0])


def test_stream_error_frame() -> None:
    text = frames({"error": {"code": 503, "message": "overloaded", "status": "UNAVAILABLE"}})
    with pytest.raises(ProviderHTTPError) as info:
        run_stream(text)
    assert (info.value.status, info.value.provider_code) == (503, "UNAVAILABLE")


def test_http_details_and_retry_info() -> None:
    assert WIRE.path("gemini-3-flash", True) == "/models/gemini-3-flash:streamGenerateContent?alt=sse"
    assert WIRE.path("gemini-3-flash", False) == "/models/gemini-3-flash:generateContent"
    assert WIRE.headers("k-3") == {"x-goog-api-key": "k-3"}
    assert WIRE.stream_body({"a": 1}) == {"a": 1}
    body = {
        "error": {
            "code": 429,
            "message": "quota",
            "status": "RESOURCE_EXHAUSTED",
            "details": [{"@type": "type.googleapis.com/google.rpc.RetryInfo", "retryDelay": "56s"}],
        }
    }
    info = WIRE.parse_error(429, json.dumps(body))
    assert (info.code, info.message, info.retry_hint_s) == ("RESOURCE_EXHAUSTED", "quota", 56.0)
