"""Provider faults of issue 11 against the local fake providers (real HTTP on 127.0.0.1):

* 7: a provider that trickles one byte at a time is cut at ``request_deadline_s`` (the per-read
  ``request_timeout_s`` never fires), streamed and not;
* 8: malformed but valid JSON fails the turn (``TurnFailed``) and the store's turn is not left
  ``running``;
* 13: a provider that echoes the request headers (the key) leaves the key nowhere: not in the
  store's files, not in the events, not in the log.
"""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

import httpx
import pytest

from core.canonical import ChatMessage, ChatRequest, Role
from core.config import Template, parse_config
from core.events import Event, TurnFailed, TurnFinished
from core.llm import ModelBackend, ProviderTransportError
from core.llm.http import http_backend
from core.store import SqliteJournal, Store
from core.village import Village
from tests.fakes.providers import FakeProvider, Reply
from tests.fakes.scripted import EchoTool

KEY = "k-echo-5ecr3t-0f-the-test"  # not key-shaped: only its registration can redact it


def template(fake: FakeProvider, **kw: Any) -> Template:
    return Template("t", fake.protocol, "m-1", base_url=fake.url, max_output_tokens=64, **kw)


def village_config(fake: FakeProvider, **template_kw: Any) -> dict[str, Any]:
    return {
        "templates": [
            {"name": "t", "protocol": fake.protocol, "model": "m-1", "base_url": fake.url, **template_kw}
        ],
        "agents": [{"id": "agent_9", "template": "t"}],
    }


async def run_turns(
    config: dict[str, Any],
    store: Store,
    texts: list[str],
    *,
    key: str | None = None,
    tools: list[EchoTool] | None = None,
) -> list[Event]:
    seen: list[Event] = []
    async with httpx.AsyncClient() as client:
        village = Village(
            parse_config(config),
            backend_factory=lambda t: http_backend(t, key, client),
            journal=SqliteJournal(store),
        )
        village.add_tools("agent_9", list(tools or []))
        village.bus.subscribe(seen.append)
        await village.start()
        try:
            for text in texts:
                await village.send("agent_9", text).wait()
        finally:
            await village.close()
    return seen


# ------------------------------------------------------------------------------ 7: deadline


@pytest.mark.asyncio
@pytest.mark.parametrize("stream", [True, False])
async def test_a_trickling_provider_is_cut_at_the_request_deadline(stream: bool) -> None:
    with FakeProvider("anthropic") as fake:
        fake.script(*[Reply.say("a long answer that drips", trickle_s=0.05)] * 3)
        async with httpx.AsyncClient() as client:
            be: ModelBackend = http_backend(
                template(fake, stream=stream, request_timeout_s=3, request_deadline_s=0.6, max_retries=3),
                None,
                client,
            )
            started = time.monotonic()
            with pytest.raises(ProviderTransportError) as info:
                await be.complete(ChatRequest(be.model, "", [ChatMessage(Role.USER, "hi")], []))
            elapsed = time.monotonic() - started
    assert elapsed < 0.6 + 1.5, elapsed  # the whole call, retries included (undripped: ~15 s each)
    assert "request_deadline_s" in str(info.value) and "anthropic" in str(info.value)


@pytest.mark.asyncio
async def test_a_trickling_provider_ends_the_turn_within_the_deadline(
    tmp_path: Path, event_log: Path
) -> None:
    store = Store.open(tmp_path / "store")
    with FakeProvider("openai-compat") as fake:
        fake.script(Reply.say("drip " * 40, trickle_s=0.05))
        config = village_config(fake, request_timeout_s=3, request_deadline_s=0.8, max_retries=2)
        started = time.monotonic()
        seen = await run_turns(config, store, ["hello"])
        elapsed = time.monotonic() - started
    failed = [e for e in seen if isinstance(e, TurnFailed)]
    assert len(failed) == 1 and failed[0].code == "transport", seen
    assert elapsed < 0.8 + 2.0, elapsed  # the whole drip: ~10 s
    state = store.turn_state(failed[0].turn_id)
    assert state is not None and state[0] != "running"


# ------------------------------------------------------------------------------ 8: malformed JSON

ANTHROPIC_MALFORMED = [
    {"content": ["not a block"], "stop_reason": "end_turn", "usage": {}},
    {"content": [{"type": "tool_use", "name": "x", "input": {}}], "stop_reason": "tool_use"},
    {"content": [{"type": "text", "text": "hi"}], "usage": {"input_tokens": "many"}},
]


def _events(*events: dict[str, Any]) -> list[tuple[str | None, str]]:
    return [(str(e.get("type", "")) or None, json.dumps(e)) for e in events]


START = {"type": "message_start", "message": {"id": "m", "role": "assistant", "content": [], "usage": {}}}
STREAM_MALFORMED = [
    _events(START, {"type": "content_block_delta", "index": 7, "delta": {"type": "text_delta", "text": "x"}}),
    _events(START, {"type": "content_block_start", "content_block": {"type": "text", "text": ""}}),
    _events(START, {"type": "content_block_start", "index": 0, "content_block": "text"}),
]


@pytest.mark.asyncio
@pytest.mark.parametrize(
    ("stream", "reply"),
    [(False, Reply(body=b)) for b in ANTHROPIC_MALFORMED]
    + [(True, Reply(events=e)) for e in STREAM_MALFORMED],
)
async def test_malformed_json_fails_the_turn_and_leaves_no_running_turn(
    stream: bool, reply: Reply, tmp_path: Path, event_log: Path
) -> None:
    store = Store.open(tmp_path / "store")
    with FakeProvider("anthropic") as fake:
        fake.script(reply)
        seen = await run_turns(village_config(fake, stream=stream, max_retries=1), store, ["hello"])
    failed = [e for e in seen if isinstance(e, TurnFailed)]
    assert len(failed) == 1 and failed[0].code == "protocol", seen
    assert "anthropic" in failed[0].message
    state = store.turn_state(failed[0].turn_id)
    assert state is not None and state[0] == "done", state


# ------------------------------------------------------------------------------ 13: echoed secrets


@pytest.mark.asyncio
@pytest.mark.parametrize("stream", [True, False])
async def test_an_echoed_key_is_stored_shown_and_logged_nowhere(
    stream: bool, tmp_path: Path, event_log: Path
) -> None:
    store_dir = tmp_path / "store"
    store = Store.open(store_dir)
    # the tool's own result carries the key too (a tool that prints its environment)
    leaky = EchoTool("leaky", f"env: FUSEFORKS_KEY={KEY}")
    with FakeProvider("openai-compat", key=KEY) as fake:
        fake.script(
            Reply.call("leaky", {}, echo_headers=True),  # text = the request headers, key included
            Reply.say("", echo_headers=True),
        )
        config = village_config(fake, stream=stream, max_retries=1)
        seen = await run_turns(config, store, ["hello"], key=KEY, tools=[leaky])
        fake.script(Reply.error(401, echo_headers=True))  # a 401 that echoes the key back
        seen += await run_turns(config, store, ["again"], key=KEY)
    assert leaky.runs == 1
    assert any(isinstance(e, TurnFinished) for e in seen)
    failed = [e for e in seen if isinstance(e, TurnFailed)]
    assert len(failed) == 1 and failed[0].code == "http_401", seen
    assert "[redacted]" in failed[0].message  # the echo is still shown, without the key
    assert KEY in json.dumps(fake.requests[0].headers)  # the fake really echoed it
    store.close()
    secret = KEY.encode()
    leaks = [p for p in store_dir.rglob("*") if p.is_file() and secret in p.read_bytes()]
    assert leaks == []
    assert KEY not in repr(seen)
    assert KEY not in event_log.read_text(encoding="utf-8")
