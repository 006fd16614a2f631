"""Context management against the local fake providers (real HTTP on 127.0.0.1, issue 14):

* a "prompt too long" 400 trims further and resends exactly once (a smaller second request, the
  ``context too long:`` line); a second one ends the turn with the error (no loop);
* a history over the template's budget is cut with the omitted-turns note, the request stays valid
  for the provider (the fake checks roles and tool pairs);
* the opt-in summary: one call, stored, reused on the next turn and by a new village on the store.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import httpx
import pytest

from core.canonical import ChatMessage, Role, ToolCall
from core.config import parse_config
from core.events import ContextMeasured, Event, TurnFailed, TurnFinished
from core.llm.http import http_backend
from core.notes import note
from core.store import Store
from core.village import Village
from tests.fakes.logs import log_lines
from tests.fakes.providers import FakeProvider, Reply
from tests.fakes.providers.caching import anthropic_blocks

AGENT = "agent_9"
CONVERSATION = "conv-ctx"


def earlier_turns(count: int, size: int = 40) -> list[ChatMessage]:
    """``count`` finished turns, each with one tool round, as a seeded history holds them."""
    out: list[ChatMessage] = []
    for n in range(count):
        cid = f"call_{n}"
        out += [
            ChatMessage(Role.USER, f"request {n}: " + "watch the door " * size),
            ChatMessage(Role.ASSISTANT, "", tool_calls=[ToolCall(cid, "cam", {"n": n})]),
            ChatMessage(Role.TOOL, "frame " * size, tool_call_id=cid, tool_name="cam"),
            ChatMessage(Role.ASSISTANT, f"answer {n}: " + "nobody there " * size),
        ]
    return out


def config(fake: FakeProvider, *, summarize: bool = False, **template: Any) -> dict[str, Any]:
    return {
        "village": {"language": "en"},
        "templates": [
            {"name": "t", "protocol": fake.protocol, "model": "m-1", "base_url": fake.url, **template}
        ],
        "agents": [{"id": AGENT, "template": "t", "summarize_earlier": summarize}],
    }


async def run(
    cfg: dict[str, Any], texts: list[str], history: list[ChatMessage], store: Store | None = None
) -> list[Event]:
    seen: list[Event] = []
    async with httpx.AsyncClient() as client:
        village = Village(parse_config(cfg), backend_factory=lambda t: http_backend(t, None, client))
        village.summaries = store
        village.seed_history(AGENT, history, CONVERSATION)
        village.bus.subscribe(seen.append)
        await village.start()
        try:
            for text in texts:
                await village.send(AGENT, text).wait()
        finally:
            await village.close()
    return seen


def size(body: dict[str, Any]) -> int:
    return len(json.dumps(body))


TOO_LONG = Reply.error(400, "invalid_request_error", "prompt is too long: 250000 tokens > 200000 maximum")


@pytest.mark.asyncio
async def test_prompt_too_long_trims_and_resends_exactly_once(event_log: Path) -> None:
    with FakeProvider("anthropic") as fake:
        fake.script(TOO_LONG, Reply.say("fits now"))
        seen = await run(config(fake), ["and now?"], earlier_turns(12))
        first, second = (r.body for r in fake.requests)
    assert len(fake.requests) == 2
    assert size(second) < size(first) * 0.6
    assert len(second["messages"]) < len(first["messages"])
    opening = second["messages"][0]
    assert opening["role"] == "user"
    assert "earlier turns of this conversation were left out" in json.dumps(opening)
    finished = [e for e in seen if isinstance(e, TurnFinished)]
    assert finished and finished[0].text == "fits now"
    lines = [line for line in log_lines(event_log) if line.startswith("context too long:")]
    assert len(lines) == 1 and "said=250000 limit=200000" in lines[0] and "outcome=trimmed" in lines[0]
    # AC-6: one round: line, the resent request's answer (the refused call answered nothing)
    rounds = [line for line in log_lines(event_log) if line.startswith("round:")]
    assert len(rounds) == 1 and rounds[0].startswith(f"round: agent={AGENT} round=1 "), rounds


@pytest.mark.asyncio
async def test_a_second_prompt_too_long_ends_the_turn_with_the_error(event_log: Path) -> None:
    with FakeProvider("anthropic") as fake:
        fake.script(TOO_LONG, TOO_LONG, Reply.say("never asked"))
        seen = await run(config(fake), ["and now?"], earlier_turns(12))
    assert len(fake.requests) == 2  # trimmed once, never a loop
    failed = [e for e in seen if isinstance(e, TurnFailed)]
    assert len(failed) == 1 and failed[0].code == "http_400" and "prompt is too long" in failed[0].message
    assert len([x for x in log_lines(event_log) if x.startswith("context too long:")]) == 1


@pytest.mark.asyncio
@pytest.mark.parametrize("protocol", ["anthropic", "openai-compat", "gemini", "openai-responses"])
async def test_a_history_over_the_budget_is_cut_with_the_note_and_stays_valid(
    protocol: str, event_log: Path
) -> None:
    with FakeProvider(protocol) as fake:
        fake.script(Reply.say("ok"))
        seen = await run(
            config(fake, context_tokens=4096, max_output_tokens=512), ["now?"], earlier_turns(30)
        )
        (received,) = fake.requests
    assert received.status == 200, received.error  # the fake checks roles and tool pairs
    measured = [e for e in seen if isinstance(e, ContextMeasured)]
    assert measured and measured[0].omitted_turns > 0 and measured[0].used_tokens <= measured[0].budget_tokens
    assert note("context_omitted", "en", count=measured[0].omitted_turns) in json.dumps(received.body)
    assert any(line.startswith("context trimmed:") for line in log_lines(event_log))


@pytest.mark.asyncio
async def test_the_summary_is_written_once_stored_and_reused(tmp_path: Path, event_log: Path) -> None:
    store = Store.open(tmp_path)
    history = earlier_turns(30)
    cfg_kw: dict[str, Any] = {"context_tokens": 6000, "max_output_tokens": 512}
    try:
        with FakeProvider("anthropic") as fake:
            fake.script(
                Reply.say("SUMMARY: the door was watched; nobody came."), Reply.say("one"), Reply.say("two")
            )
            await run(config(fake, summarize=True, **cfg_kw), ["first?", "second?"], history, store)
            bodies = [r.body for r in fake.requests]
        assert len(bodies) == 3  # the summary call, then one request per turn: the summary is reused
        summary_call, first, second = bodies
        assert "tools" not in summary_call and "[user] request " in json.dumps(summary_call)
        for body in (first, second):
            assert "SUMMARY: the door was watched" in json.dumps(body["messages"][0])
        # the second turn kept the cut: its request starts with the first one's messages, block for
        # block (the cache breakpoints move with the turn: marks left out of the comparison)
        kept, _ = anthropic_blocks({"messages": first["messages"][:-1]})
        again, _ = anthropic_blocks({"messages": second["messages"]})
        assert again[: len(kept)] == kept
        with FakeProvider("anthropic") as fake:  # a new village on the same store: read, not written
            fake.script(Reply.say("three"))
            await run(config(fake, summarize=True, **cfg_kw), ["third?"], history, store)
            assert len(fake.requests) == 1
            assert "SUMMARY: the door was watched" in json.dumps(fake.requests[0].body["messages"][0])
    finally:
        store.close()
    outcomes = [
        x.split("outcome=")[1].split()[0] for x in log_lines(event_log) if x.startswith("context summary:")
    ]
    assert outcomes == ["written", "reused"]


@pytest.mark.asyncio
async def test_a_failed_summary_call_leaves_the_note_and_the_turn_goes_on(event_log: Path) -> None:
    with FakeProvider("anthropic") as fake:
        fake.script(Reply.error(500, "api_error", "down"), Reply.say("answered anyway"))
        seen = await run(
            config(fake, summarize=True, context_tokens=6000, max_output_tokens=512, max_retries=1),
            ["go"],
            earlier_turns(30),
        )
        assert len(fake.requests) == 2
        opening = json.dumps(fake.requests[1].body["messages"][0])
        assert "earlier turns of this conversation were left out" in opening and "summary" not in opening
    assert [e.text for e in seen if isinstance(e, TurnFinished)] == ["answered anyway"]
    assert any("outcome=failed" in x for x in log_lines(event_log) if x.startswith("context summary:"))
