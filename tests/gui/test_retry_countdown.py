"""Issue 13: a provider's retries are visible while they happen. A local fake provider (real HTTP on
127.0.0.1) answers 429, then 503, each with ``Retry-After``, then the answer; the chat's busy line
counts down "Retrying in 1 s, attempt 2/3" → "Retrying now, attempt 2/3", then attempt 3/3, and is
back to "working…" when the answer comes."""

from __future__ import annotations

from pathlib import Path

import httpx
import pytest
from pytestqt.qtbot import QtBot

from core.config import parse_config
from core.events import Event, RetryScheduled
from core.llm.http import http_backend
from core.village import Village
from tests.fakes.providers import FakeProvider, Reply
from tests.fakes.waits import until
from tests.fakes.windows import window


@pytest.mark.asyncio
async def test_retry_waits_count_down_in_the_chat(qtbot: QtBot, tmp_path: Path) -> None:
    with FakeProvider("anthropic") as fake:
        fake.script(
            Reply.error(429, message="slow down", retry_after="1"),
            Reply.error(503, message="busy, come back later", retry_after="1"),
            Reply.say("made it"),
        )
        config = parse_config(
            {
                "village": {"language": "en"},
                "templates": [{"name": "t", "protocol": "anthropic", "model": "m-1", "base_url": fake.url}],
                "agents": [{"id": "a1", "name": "Ava", "template": "t"}],
            }
        )
        async with httpx.AsyncClient() as client:
            village = Village(config, backend_factory=lambda t: http_backend(t, None, client))
            seen: list[Event] = []
            village.bus.subscribe(seen.append)
            win = window(qtbot, village)
            busy = win.chats["a1"].typing
            handle = win.send_text("a1", "hello")
            await until(lambda: busy.retrying is not None)
            assert busy.label.text() == "Retrying in 1 s, attempt 2/3"
            assert busy.label.toolTip() == "HTTP 429: the provider limits the request rate"
            await until(lambda: busy.label.text() == "Retrying now, attempt 2/3")  # it counts down
            await until(lambda: busy.label.text() == "Retrying in 1 s, attempt 3/3")
            assert busy.label.toolTip() == "HTTP 503: the provider had an error"
            outcome = await handle.wait()
            await village.close()
    assert outcome.text == "made it"
    retries = [e for e in seen if isinstance(e, RetryScheduled)]
    assert [(e.agent_id, e.attempt, e.attempts, e.reason, e.status) for e in retries] == [
        ("a1", 2, 3, "rate_limit", 429),
        ("a1", 3, 3, "server_error", 503),
    ]
    assert all(1.0 <= e.wait_s <= 1.1 for e in retries)  # the provider's Retry-After, with the jitter
    assert busy.retrying is None and busy.label.text() == "working…"
    assert [b.text for b in win.chats["a1"].bubbles] == ["hello", "made it"]
