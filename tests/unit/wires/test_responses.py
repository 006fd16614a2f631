"""The four Responses wires: one encoder, provider differences, reasoning replay, streams."""

from __future__ import annotations

import json

import pytest

from core.canonical import ChatMessage, ChatRequest, Role, ToolCall, Usage
from tests.unit.wires.samples import JPEG, JPEG_URL, SCHEMA, TOOLS, tool_round
from wires import WIRES
from wires.base import parse_sse
from wires.errors import ProviderHTTPError, ProviderTransportError
from wires.responses import OPENAI, PERPLEXITY

NAMES = ("openai-responses", "xai-responses", "meta-responses", "perplexity-responses")
REASONING = {"type": "reasoning", "id": "rs_1", "summary": [], "encrypted_content": "ENC=="}
CALL = {
    "type": "function_call",
    "id": "fc_1",
    "call_id": "call_7",
    "name": "live_view",
    "arguments": '{"cam":"a"}',
    "status": "completed",
}
MSG = {
    "type": "message",
    "id": "msg_1",
    "role": "assistant",
    "status": "completed",
    "content": [{"type": "output_text", "text": "Looking.", "annotations": []}],
}
RESPONSE = {
    "id": "resp_1",
    "object": "response",
    "status": "completed",
    "output": [REASONING, MSG, CALL],
    "usage": {
        "input_tokens": 300,
        "input_tokens_details": {"cached_tokens": 100},
        "output_tokens": 40,
        "output_tokens_details": {"reasoning_tokens": 12},
        "total_tokens": 340,
    },
}


def sse(*events: dict) -> str:
    return "".join(f"event: {e['type']}\ndata: {json.dumps(e)}\n\n" for e in events)


STREAM = sse(
    {"type": "response.created", "response": {**RESPONSE, "status": "in_progress", "output": []}},
    {
        "type": "response.output_item.added",
        "output_index": 0,
        "item": {**REASONING, "encrypted_content": "EN"},
    },
    {"type": "response.output_item.done", "output_index": 0, "item": REASONING},
    {"type": "response.output_text.delta", "output_index": 1, "delta": "Look"},
    {"type": "response.output_text.delta", "output_index": 1, "delta": "ing."},
    {"type": "response.output_item.done", "output_index": 1, "item": MSG},
    {"type": "response.function_call_arguments.delta", "output_index": 2, "delta": '{"cam":"a"}'},
    {"type": "response.output_item.done", "output_index": 2, "item": CALL},
    {"type": "response.completed", "response": RESPONSE},
)


def run_stream(text: str, wire=OPENAI):  # type: ignore[no-untyped-def]
    dec = wire.stream_decoder()
    deltas = [d for ev, data in parse_sse(text) if (d := dec.feed(ev, data))]
    return deltas, dec.result()


def test_encode_exact_json_openai() -> None:
    request = tool_round(images=False)
    request.messages[0].attachments = [JPEG]
    request.tool_choice = "none"
    assert OPENAI.encode(request) == {
        "model": "m-1",
        "instructions": "You watch a camera.",
        "input": [
            {
                "type": "message",
                "role": "user",
                "content": [
                    {"type": "input_text", "text": "What do you see?"},
                    {"type": "input_image", "image_url": JPEG_URL},
                ],
            },
            {"type": "message", "role": "assistant", "content": "Looking."},
            {"type": "function_call", "call_id": "call_1", "name": "live_view", "arguments": '{"cam":"a"}'},
            {"type": "function_call", "call_id": "call_2", "name": "status", "arguments": "{}"},
            {"type": "function_call_output", "call_id": "call_1", "output": "frame ok"},
            {"type": "function_call_output", "call_id": "call_2", "output": "idle"},
        ],
        "tools": [
            {"type": "function", "name": "live_view", "description": "Grab a frame", "parameters": SCHEMA}
        ],
        "tool_choice": "none",
        "max_output_tokens": 512,
        "store": False,
        "include": ["reasoning.encrypted_content"],
    }


def test_the_four_wires_differ_only_where_providers_differ() -> None:
    request = tool_round(images=True)
    request.tool_choice = "none"
    bodies = {n: WIRES[n].encode(request) for n in NAMES}
    base = bodies["openai-responses"]
    assert bodies["xai-responses"] == base
    # Meta: tool_choice only "auto" → a no-call summary offers no tools
    assert bodies["meta-responses"] == {k: v for k, v in base.items() if k not in ("tools", "tool_choice")}
    # Perplexity: no include, no tool_choice
    assert bodies["perplexity-responses"] == {
        k: v for k, v in base.items() if k not in ("tools", "tool_choice", "include")
    }
    request.tool_choice = "auto"
    assert "tool_choice" not in WIRES["meta-responses"].encode(request)
    assert WIRES["meta-responses"].encode(request)["tools"] == base["tools"]


def test_decode() -> None:
    resp = OPENAI.decode(json.loads(json.dumps(RESPONSE)))
    assert resp.message.text == "Looking."
    assert resp.message.tool_calls == [ToolCall("call_7", "live_view", {"cam": "a"})]
    assert resp.usage == Usage(input=200, output=40, cache_read=100)
    assert resp.stop_reason == "tool_use"
    assert resp.message.provider_state == {"openai-responses": {"items": RESPONSE["output"]}}


def test_stop_reasons() -> None:
    out = [MSG]
    assert OPENAI.decode({"status": "completed", "output": out}).stop_reason == "end_turn"
    inc = {"status": "incomplete", "incomplete_details": {"reason": "max_output_tokens"}, "output": out}
    assert OPENAI.decode(inc).stop_reason == "max_tokens"
    refusal = {"type": "message", "role": "assistant", "content": [{"type": "refusal", "refusal": "no"}]}
    assert OPENAI.decode({"status": "completed", "output": [refusal]}).stop_reason == "refusal"


def test_reasoning_items_are_replayed_with_encrypted_content_and_without_ids() -> None:
    resp = OPENAI.decode(json.loads(json.dumps(RESPONSE)))
    tool = ChatMessage(Role.TOOL, "ok", tool_call_id="call_7", tool_name="live_view")
    body = OPENAI.encode(ChatRequest("m", "", [ChatMessage(Role.USER, "x"), resp.message, tool], TOOLS))
    assert body["input"][1:] == [
        REASONING,
        {k: v for k, v in MSG.items() if k != "id"},
        {k: v for k, v in CALL.items() if k != "id"},
        {"type": "function_call_output", "call_id": "call_7", "output": "ok"},
    ]


def test_reasoning_without_encrypted_content_is_not_replayed() -> None:
    msg = ChatMessage(
        Role.ASSISTANT, provider_state={"openai-responses": {"items": [{"type": "reasoning", "id": "rs"}]}}
    )
    assert OPENAI.encode(ChatRequest("m", "", [msg], []))["input"] == []


def test_state_of_another_vendor_is_not_replayed() -> None:
    resp = OPENAI.decode(json.loads(json.dumps(RESPONSE)))
    body = WIRES["xai-responses"].encode(ChatRequest("m", "", [resp.message], []))
    assert body["input"] == [
        {"type": "message", "role": "assistant", "content": "Looking."},
        {"type": "function_call", "call_id": "call_7", "name": "live_view", "arguments": '{"cam":"a"}'},
    ]


def test_perplexity_replay_drops_reasoning_and_output_text() -> None:
    resp = PERPLEXITY.decode(json.loads(json.dumps(RESPONSE)))
    body = PERPLEXITY.encode(ChatRequest("m", "", [resp.message], []))
    assert body["input"] == [
        {"type": "message", "role": "assistant", "content": "Looking."},
        {k: v for k, v in CALL.items() if k != "id"},
    ]


def test_stream_assembles_the_same_response_as_decode() -> None:
    deltas, resp = run_stream(STREAM)
    assert deltas == ["Look", "ing."]
    assert resp == OPENAI.decode(json.loads(json.dumps(RESPONSE)))


def test_stream_uses_done_items_when_the_final_output_is_empty() -> None:
    text = STREAM.replace(
        json.dumps({"type": "response.completed", "response": RESPONSE}),
        json.dumps({"type": "response.completed", "response": {**RESPONSE, "output": []}}),
    )
    _, resp = run_stream(text)
    assert resp.message.provider_state == {"openai-responses": {"items": [REASONING, MSG, CALL]}}


def test_cut_stream_and_failed_stream() -> None:
    with pytest.raises(ProviderTransportError):
        run_stream(STREAM.split("event: response.completed")[0])
    failed = sse(
        {"type": "response.failed", "response": {"error": {"code": "server_error", "message": "boom"}}}
    )
    with pytest.raises(ProviderHTTPError) as info:
        run_stream(failed)
    assert (info.value.status, info.value.provider_code) == (500, "server_error")


@pytest.mark.parametrize("name", NAMES)
def test_http_details(name: str) -> None:
    wire = WIRES[name]
    assert wire.path("m", True) == "/responses"
    assert wire.headers("k-4") == {"authorization": "Bearer k-4"}
    assert wire.stream_body({"a": 1}) == {"a": 1, "stream": True}
