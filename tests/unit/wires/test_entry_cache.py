"""Each message is encoded once (wires.encoding.EntryCache): a request that repeats the history
of a recent one encodes only its new messages (counted, never timed), and its bytes are exactly
those of ``json.dumps`` of the whole body encoded afresh, on every wire."""

from __future__ import annotations

import copy
import json
import random
from dataclasses import replace
from typing import Any

import pytest

from core.canonical import ChatMessage, ChatRequest, Role, ToolCall, ToolSpec
from tests.fakes.providers.caching import PromptCache, anthropic_blocks
from tests.fakes.providers.protocols import Anthropic, Invalid
from tests.unit.wires.samples import JPEG
from wires import WIRE_NAMES, WIRES
from wires.base import Wire
from wires.encoding import SIZES, EntryCache, estimated_bytes, request_bytes

TOOLS = [ToolSpec("live_view", "One frame.", {"type": "object", "properties": {}})]


def fresh(wire: Wire) -> Any:
    """The same wire with an empty cache: the reference encoding."""
    other = copy.copy(wire)
    other.entries = EntryCache()  # type: ignore[attr-defined]
    return other


def turn(n: int, *, image: bool = False, calls: int = 1) -> list[ChatMessage]:
    ids = [f"call_{n}_{i}" for i in range(calls)]
    state = {
        "anthropic": {"content": [{"type": "thinking", "thinking": "t", "signature": "s"}]},
        "gemini": {"parts": [{"functionCall": {"name": "live_view", "args": {}, "id": i}} for i in ids]},
    }
    return [
        ChatMessage(Role.USER, f"What now ({n})? é 見"),
        ChatMessage(
            Role.ASSISTANT,
            "Looking.",
            tool_calls=[ToolCall(i, "live_view", {"n": n}) for i in ids],
            provider_state=state if n % 2 else None,
        ),
        *(
            ChatMessage(
                Role.TOOL,
                f"frame {n}",
                attachments=[JPEG] if image else [],
                tool_call_id=i,
                tool_name="live_view",
            )
            for i in ids
        ),
        ChatMessage(Role.ASSISTANT, f"A desk ({n})."),
    ]


def request(messages: list[ChatMessage], stable: int) -> ChatRequest:
    return ChatRequest("m", "You watch.", messages, TOOLS, max_tokens=100, stable_messages=stable)


@pytest.mark.parametrize("wire", WIRE_NAMES)
def test_a_second_request_encodes_only_its_new_messages(wire: str) -> None:
    w: Any = fresh(WIRES[wire])
    history = [m for n in range(50) for m in turn(n)]
    first = request([*history, ChatMessage(Role.USER, "And now?")], len(history))
    request_bytes(w, first, stream=True)
    assert w.entries.encoded == 50 * 4 + 1  # user, assistant, the run of results, the answer; the question
    call = turn(50, image=True)[:3]  # this turn's question, call and result (with an image)
    second = request([*history, *call], len(history))
    got = request_bytes(w, second, stream=True)
    assert w.entries.encoded == 50 * 4 + 1 + 3  # the history kept: the question, the call, the result
    assert got == json.dumps(fresh(w).stream_body(fresh(w).encode(second)), ensure_ascii=False).encode()


@pytest.mark.parametrize("wire", WIRE_NAMES)
def test_growing_histories_give_the_bytes_of_a_fresh_encode(wire: str) -> None:
    """Random rounds and turns, cuts (the history starts later) and switches between two lists."""
    rng = random.Random(wire)
    w: Any = fresh(WIRES[wire])
    lists: list[list[ChatMessage]] = [[], []]
    for step in range(60):
        which = rng.randrange(2)
        history = lists[which]
        action = rng.random()
        if action < 0.1 and len(history) > 8:
            history = history[4:]  # a trim step
        history = [*history, *turn(step, image=rng.random() < 0.3, calls=rng.randrange(1, 3))]
        lists[which] = history
        for cut in (len(history) - 1, len(history)):
            req = request(history[:cut], max(0, cut - rng.randrange(0, 6)))
            for stream in (False, True):
                expected = fresh(w)
                body = expected.encode(req)
                reference = json.dumps(expected.stream_body(body) if stream else body, ensure_ascii=False)
                assert request_bytes(w, req, stream) == reference.encode()
                assert w.encode(req) == body


def test_the_size_estimate_measures_only_new_messages() -> None:
    history = [m for n in range(100) for m in turn(n)]
    before = SIZES.visited
    size = estimated_bytes(request(history, 0))
    assert SIZES.visited - before == 400
    more = [*history, ChatMessage(Role.USER, "And now?")]
    assert estimated_bytes(request(more, 0)) > size
    assert SIZES.visited - before == 401


def test_the_fake_reads_only_the_new_messages_of_a_long_history() -> None:
    """The fake Anthropic provider's cache turns only the messages a body adds into blocks, and
    its request check still refuses a broken pair after a long valid history."""
    w: Any = fresh(WIRES["anthropic"])
    history = [replace(m, provider_state=None) for n in range(100) for m in turn(n)]
    cache = PromptCache("anthropic")
    first = json.loads(
        request_bytes(w, request([*history, ChatMessage(Role.USER, "Now?")], len(history)), True)
    )
    cache.account(first)
    visited = cache.blocks.visited
    call = turn(100)[:3]
    body = json.loads(request_bytes(w, request([*history, *call], len(history)), True))
    assert cache.blocks.of(body["messages"]) == anthropic_blocks({"messages": body["messages"]})
    assert cache.blocks.visited - visited < 4 + 3  # the last earlier answer (its mark moved) and the new
    family = Anthropic("anthropic")
    family.validate(first, False, False)
    broken = json.loads(request_bytes(w, request([*history, *call[:2]], len(history)), True))
    with pytest.raises(Invalid):
        family.validate(
            {**broken, "messages": [*broken["messages"], {"role": "user", "content": "x"}]}, False, False
        )
