"""OpenAI-compatible Chat Completions: exact JSON, decode, stream assembly, vendor replay."""

from __future__ import annotations

import json

import pytest

from core.canonical import ChatMessage, ChatRequest, Role, ToolCall, Usage
from tests.unit.wires.samples import JPEG, JPEG_URL, SCHEMA, TOOLS, tool_round
from wires.base import parse_sse
from wires.errors import ProviderTransportError
from wires.openai_chat import WIRE

SIG_CALL = {
    "id": "call_9",
    "type": "function",
    "function": {"name": "live_view", "arguments": '{"cam":"b"}'},
    "extra_content": {"google": {"thought_signature": "c2ln"}},
}
RESPONSE = {
    "id": "chatcmpl-1",
    "object": "chat.completion",
    "choices": [
        {
            "index": 0,
            "message": {"role": "assistant", "content": "On it.", "tool_calls": [SIG_CALL]},
            "finish_reason": "tool_calls",
        }
    ],
    "usage": {"prompt_tokens": 50, "completion_tokens": 9, "prompt_tokens_details": {"cached_tokens": 10}},
}


def chunks(*objs: object) -> str:
    return "".join(f"data: {json.dumps(o)}\n\n" for o in objs) + "data: [DONE]\n\n"


def delta(d: dict, finish: str | None = None) -> dict:
    return {
        "object": "chat.completion.chunk",
        "choices": [{"index": 0, "delta": d, "finish_reason": finish}],
        "usage": None,
    }


STREAM = chunks(
    delta({"role": "assistant", "content": ""}),
    delta({"content": "On "}),
    delta({"content": "it."}),
    delta(
        {
            "tool_calls": [
                {
                    "index": 0,
                    "id": "call_9",
                    "type": "function",
                    "function": {"name": "live_view", "arguments": ""},
                    "extra_content": {"google": {"thought_signature": "c2ln"}},
                }
            ]
        }
    ),
    delta({"tool_calls": [{"index": 0, "function": {"arguments": '{"cam"'}}]}),
    delta({"tool_calls": [{"index": 0, "function": {"arguments": ':"b"}'}}]}),
    delta({}, "tool_calls"),
    {"object": "chat.completion.chunk", "choices": [], "usage": RESPONSE["usage"]},
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
        "model": "m-1",
        "messages": [
            {"role": "system", "content": "You watch a camera."},
            {
                "role": "user",
                "content": [
                    {"type": "text", "text": "What do you see?"},
                    {"type": "image_url", "image_url": {"url": JPEG_URL}},
                ],
            },
            {
                "role": "assistant",
                "content": "Looking.",
                "tool_calls": [
                    {
                        "id": "call_1",
                        "type": "function",
                        "function": {"name": "live_view", "arguments": '{"cam":"a"}'},
                    },
                    {"id": "call_2", "type": "function", "function": {"name": "status", "arguments": "{}"}},
                ],
            },
            {"role": "tool", "tool_call_id": "call_1", "content": "frame ok"},
            {"role": "tool", "tool_call_id": "call_2", "content": "idle"},
        ],
        "max_tokens": 512,
        "tools": [
            {
                "type": "function",
                "function": {"name": "live_view", "description": "Grab a frame", "parameters": SCHEMA},
            }
        ],
        "tool_choice": "none",
    }


def test_encode_without_tools_has_no_tool_keys() -> None:
    body = WIRE.encode(ChatRequest("m", "", [ChatMessage(Role.USER, "hi")], [], tool_choice="none"))
    assert body == {"model": "m", "messages": [{"role": "user", "content": "hi"}]}


def test_decode() -> None:
    resp = WIRE.decode(json.loads(json.dumps(RESPONSE)))
    assert resp.message.text == "On it."
    assert resp.message.tool_calls == [ToolCall("call_9", "live_view", {"cam": "b"})]
    assert resp.usage == Usage(input=40, output=9, cache_read=10)
    assert resp.stop_reason == "tool_use"
    assert resp.message.provider_state == {"openai-compat": {"tool_calls": [SIG_CALL]}}


def test_plain_response_carries_no_provider_state() -> None:
    body = {"choices": [{"message": {"role": "assistant", "content": "hi"}, "finish_reason": "length"}]}
    resp = WIRE.decode(body)
    assert (resp.message.provider_state, resp.stop_reason, resp.usage) == (None, "max_tokens", Usage())


def test_thought_signatures_and_reasoning_content_are_replayed() -> None:
    resp = WIRE.decode(json.loads(json.dumps(RESPONSE)))
    assert resp.message.provider_state is not None
    resp.message.provider_state["openai-compat"]["reasoning_content"] = "thinking..."
    body = WIRE.encode(ChatRequest("m", "", [ChatMessage(Role.USER, "x"), resp.message], TOOLS))
    assert body["messages"][1] == {
        "role": "assistant",
        "content": "On it.",
        "reasoning_content": "thinking...",
        "tool_calls": [SIG_CALL],
    }


def test_stream_assembles_the_same_response_as_decode() -> None:
    deltas, resp = run_stream(STREAM)
    assert deltas == ["On ", "it."]
    assert resp == WIRE.decode(json.loads(json.dumps(RESPONSE)))


def test_cut_stream_is_a_transport_error() -> None:
    first_six = "\n\n".join(STREAM.split("\n\n")[:6]) + "\n\n"  # cut before finish_reason
    with pytest.raises(ProviderTransportError):
        run_stream(first_six)


def test_http_details_no_key_no_authorization() -> None:
    assert WIRE.headers(None) == {}
    assert WIRE.headers("k-2") == {"authorization": "Bearer k-2"}
    assert WIRE.path("m", False) == "/chat/completions"
    assert WIRE.stream_body({"a": 1}) == {"a": 1, "stream": True, "stream_options": {"include_usage": True}}
    info = WIRE.parse_error(
        400, '{"error":{"message":"no","type":"invalid_request_error","code":"bad_image"}}'
    )
    assert (info.code, info.message) == ("bad_image", "no")


def test_a_tool_call_without_an_id_gets_a_fresh_one_never_empty_or_repeated() -> None:
    call = {"type": "function", "function": {"name": "live_view", "arguments": "{}"}}
    body = {"choices": [{"message": {"role": "assistant", "tool_calls": [call, dict(call, id="")]}}]}
    ids = [c.id for c in WIRE.decode(body).message.tool_calls + WIRE.decode(body).message.tool_calls]
    assert all(i.startswith("call_") for i in ids) and len(set(ids)) == 4
