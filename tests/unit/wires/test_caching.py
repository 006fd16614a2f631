"""Prompt caching on the wires: Anthropic's breakpoints, byte-stable prefixes for the implicit
caches, and replay data shared (never copied, never changed) from request to request."""

from __future__ import annotations

import copy
import json
import random
from typing import Any

import pytest

from core.canonical import ChatMessage, ChatRequest, Role, ToolCall
from tests.fakes.providers.caching import PromptCache
from tests.unit.wires.samples import JPEG, TOOLS
from wires import WIRE_NAMES, WIRES
from wires.anthropic import WIRE as ANTHROPIC
from wires.encoding import request_bytes

THINKING = {"type": "thinking", "thinking": "Need a frame.", "signature": "sig-AAA"}
EPHEMERAL = {"type": "ephemeral"}


def replay_state(n: int) -> dict[str, Any]:
    """Every wire's replay data for the assistant message that called ``call_{n}``."""
    call = {"cam": "a"}
    state: dict[str, Any] = {
        "anthropic": {
            "content": [
                dict(THINKING),
                {"type": "text", "text": "Looking."},
                {"type": "tool_use", "id": f"call_{n}", "name": "live_view", "input": call},
            ]
        },
        "openai-compat": {
            "reasoning_content": "think",
            "tool_calls": [
                {
                    "id": f"call_{n}",
                    "type": "function",
                    "function": {"name": "live_view", "arguments": json.dumps(call)},
                    "extra_content": {"google": {"thought_signature": "c2ln"}},
                }
            ],
        },
        "gemini": {
            "parts": [
                {"text": "Looking."},
                {
                    "functionCall": {"name": "live_view", "args": call, "id": f"call_{n}"},
                    "thoughtSignature": "R2Vt",
                },
            ]
        },
    }
    for name in WIRE_NAMES:
        if name.endswith("-responses"):
            state[name] = {
                "items": [
                    {"type": "reasoning", "id": f"rs_{n}", "summary": [], "encrypted_content": "enc"},
                    {
                        "type": "function_call",
                        "id": f"fc_{n}",
                        "call_id": f"call_{n}",
                        "name": "live_view",
                        "arguments": json.dumps(call),
                        "status": "completed",
                    },
                ]
            }
    return state


def turn(n: int, *, image: bool = False) -> list[ChatMessage]:
    """One earlier turn: the question, the tool call (with replay data), its result, the answer."""
    return [
        ChatMessage(Role.USER, f"What do you see now ({n})?"),
        ChatMessage(
            Role.ASSISTANT,
            "Looking.",
            tool_calls=[ToolCall(f"call_{n}", "live_view", {"cam": "a"})],
            provider_state=replay_state(n),
        ),
        ChatMessage(
            Role.TOOL,
            f"frame {n} ok",
            attachments=[JPEG] if image else [],
            tool_call_id=f"call_{n}",
            tool_name="live_view",
        ),
        ChatMessage(
            Role.ASSISTANT,
            f"A desk ({n}).",
            provider_state={
                "anthropic": {"content": [dict(THINKING), {"type": "text", "text": f"A desk ({n})."}]}
            },
        ),
    ]


def request(turns: int, *, stable: int | None = None, tail: list[ChatMessage] | None = None) -> ChatRequest:
    messages = [m for n in range(turns) for m in turn(n)]
    done = len(messages)
    messages += tail if tail is not None else [ChatMessage(Role.USER, "And now?")]
    return ChatRequest(
        "m-1",
        "You watch a camera.",
        messages,
        TOOLS,
        max_tokens=512,
        stable_messages=done if stable is None else stable,
    )


def marks(body: dict[str, Any]) -> list[str]:
    """Where the body's cache breakpoints are: "tools.N", "system.N", "messages.I.J"."""
    found = [f"tools.{i}" for i, t in enumerate(body.get("tools") or []) if "cache_control" in t]
    system = body.get("system")
    found += [
        f"system.{i}"
        for i, b in enumerate(system if isinstance(system, list) else [])
        if "cache_control" in b
    ]
    for i, msg in enumerate(body["messages"]):
        content = msg["content"]
        found += [
            f"messages.{i}.{j}"
            for j, b in enumerate(content if isinstance(content, list) else [])
            if "cache_control" in b
        ]
    return found


# ------------------------------------------------------------------------------ Anthropic marks


def test_anthropic_marks_tools_system_the_stable_end_and_the_last_message() -> None:
    req = request(2)  # 8 stable messages (two turns), then the new question
    body = ANTHROPIC.encode(req)
    # wire messages: per turn user, assistant, user(tool_result), assistant; then the question
    assert marks(body) == ["tools.0", "system.0", "messages.7.1", "messages.8.0"]
    assert body["system"] == [{"type": "text", "text": "You watch a camera.", "cache_control": EPHEMERAL}]
    assert body["messages"][7] == {  # the replayed answer: its text block marked, not the thinking
        "role": "assistant",
        "content": [THINKING, {"type": "text", "text": "A desk (1).", "cache_control": EPHEMERAL}],
    }
    assert body["messages"][8]["content"] == [
        {"type": "text", "text": "And now?", "cache_control": EPHEMERAL}
    ]
    # unmarked messages keep their plain encoding: strings stay strings, replay blocks are shared
    assert body["messages"][0]["content"] == "What do you see now (0)?"
    assert body["messages"][1]["content"] is req.messages[1].provider_state["anthropic"]["content"]  # type: ignore[index]


def test_second_round_marks_the_tool_results_and_keeps_the_stable_end() -> None:
    tail = turn(9)[:3]  # this turn so far: the question, the call, its result (with an image)
    tail[2].attachments = [JPEG]
    body = ANTHROPIC.encode(request(1, tail=tail))
    assert marks(body) == ["tools.0", "system.0", "messages.3.1", "messages.6.0"]
    result = body["messages"][6]["content"][0]
    assert result["type"] == "tool_result" and result["cache_control"] == EPHEMERAL
    assert [b["type"] for b in result["content"]] == ["image", "text"]


def test_thinking_blocks_never_carry_a_mark() -> None:
    thinking_only = ChatMessage(
        Role.ASSISTANT, "", provider_state={"anthropic": {"content": [dict(THINKING)]}}
    )
    text_then_thinking = ChatMessage(
        Role.ASSISTANT,
        "hm",
        provider_state={"anthropic": {"content": [{"type": "text", "text": "hm"}, dict(THINKING)]}},
    )
    for message, expected in ((thinking_only, []), (text_then_thinking, ["messages.1.0"])):
        req = ChatRequest("m", "", [ChatMessage(Role.USER, "hi"), message], [], stable_messages=2)
        body = ANTHROPIC.encode(req)
        assert marks(body) == expected
        assert all(
            "cache_control" not in b for b in body["messages"][1]["content"] if b["type"] == "thinking"
        )


def test_no_stable_history_marks_only_tools_and_system() -> None:
    body = ANTHROPIC.encode(request(2, stable=0))
    assert marks(body) == ["tools.0", "system.0"]
    assert body["messages"][-1]["content"] == "And now?"


@pytest.mark.parametrize("seed", range(40))
def test_random_histories_never_carry_more_than_four_marks(seed: int) -> None:
    rnd = random.Random(seed)
    turns = rnd.randrange(0, 6)
    tail = turn(99)[: rnd.randrange(1, 4)]
    req = request(turns, tail=tail, stable=rnd.randrange(0, turns * 4 + len(tail) + 1))
    req.system = rnd.choice(["", "sys"])
    req.tools = rnd.choice([[], TOOLS])
    body = ANTHROPIC.encode(req)
    found = marks(body)
    assert len(found) <= 4
    assert ("system.0" in found) == bool(req.system)
    assert ("tools.0" in found) == bool(req.tools) or len(found) == 4  # the system's mark covers them
    last = f"messages.{len(body['messages']) - 1}"
    assert any(m.startswith(last + ".") for m in found) == (req.stable_messages > 0)
    for msg in body["messages"]:
        content = msg["content"] if isinstance(msg["content"], list) else []
        assert not any("cache_control" in b for b in content if b["type"] == "thinking")


def parallel_round(calls: int) -> list[ChatMessage]:
    """This turn so far: the question, one assistant message with ``calls`` calls, their results."""
    ids = [f"p_{i}" for i in range(calls)]
    content = [dict(THINKING)] + [
        {"type": "tool_use", "id": i, "name": "live_view", "input": {"cam": "a"}} for i in ids
    ]
    return [
        ChatMessage(Role.USER, "Look at every camera."),
        ChatMessage(
            Role.ASSISTANT,
            "",
            tool_calls=[ToolCall(i, "live_view", {"cam": "a"}) for i in ids],
            provider_state={"anthropic": {"content": content}},
        ),
        *[ChatMessage(Role.TOOL, f"frame {i} ok", tool_call_id=i, tool_name="live_view") for i in ids],
    ]


@pytest.mark.parametrize(("calls", "bridged"), [(9, False), (10, True), (12, True)])
def test_a_round_past_the_lookback_marks_the_previous_round_too(calls: int, bridged: bool) -> None:
    """21+ new blocks: the last breakpoint alone would not find what the first round wrote."""
    tail = parallel_round(calls)
    first = ANTHROPIC.encode(request(1, tail=tail[:1]))
    second = ANTHROPIC.encode(request(1, tail=tail))
    found = marks(second)
    assert len(found) <= 4
    assert ("messages.4.0" in found) is bridged  # the question: the first round's last message
    assert ("tools.0" in found) is not bridged  # the four: system, stable end, bridge, last
    cache = PromptCache("anthropic", min_tokens=16)
    cache.account(first)
    _, read, _ = cache.account(second)
    written_by_first = sum(cache.account(first)[1:])
    assert read == written_by_first  # all the first round wrote is read: by lookback, or by the bridge


# ------------------------------------------------------------------------------ replay data shared


@pytest.mark.parametrize("wire", WIRE_NAMES)
def test_encoding_twice_changes_no_replay_data_and_gives_the_same_bytes(wire: str) -> None:
    req = request(3)
    before = copy.deepcopy([m.provider_state for m in req.messages])
    first = request_bytes(WIRES[wire], req, stream=True)
    second = request_bytes(WIRES[wire], req, stream=True)
    assert first == second
    assert [m.provider_state for m in req.messages] == before  # no mark, no id strip leaked back


@pytest.mark.parametrize("wire", WIRE_NAMES)
def test_encode_makes_no_deep_copies(wire: str, monkeypatch: pytest.MonkeyPatch) -> None:
    def refuse(*args: object, **kw: object) -> object:
        raise AssertionError("copy.deepcopy in an encode")

    monkeypatch.setattr(copy, "deepcopy", refuse)
    assert request_bytes(WIRES[wire], request(3), stream=False)


# ------------------------------------------------------------------------------ byte-stable prefixes

_HISTORY = {"gemini": "contents", "openai-compat": "messages"}


@pytest.mark.parametrize("wire", [w for w in WIRE_NAMES if w != "anthropic"])
def test_implicit_cache_wires_keep_the_history_a_byte_prefix(wire: str) -> None:
    """The next round (and the next turn) sends the same bytes up to the end of what it repeats."""
    key = _HISTORY.get(wire, "input")
    earlier = request(2, tail=turn(2)[:1])  # this turn's first round: the question
    later = request(2, tail=turn(2)[:3])  # its second round: question, call, result
    one = request_bytes(WIRES[wire], earlier, stream=True).decode()
    two = request_bytes(WIRES[wire], later, stream=True).decode()
    body = json.loads(one)
    history = json.dumps(body[key], ensure_ascii=False)
    end = one.index(history) + len(history) - 1  # up to the history's closing bracket
    assert two.startswith(one[:end])
