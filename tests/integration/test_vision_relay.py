"""The vision relay (core/watch/relay.py, WA-35 … WA-39) over the real turn engine, HTTP wires and
store: a text-only agent on one local fake provider, the village's eyes on another."""

from __future__ import annotations

import asyncio
import json
import re
from collections.abc import Awaitable, Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from core.canonical import ImageData
from core.config import Config, Template, parse_config
from core.llm import ModelBackend
from core.llm.http import http_backend
from core.notes import note
from core.store import Store
from core.village import Village
from core.watch.budget import WatchBudget
from core.watch.model import Limits, Meter, Watch
from core.watch.relay import RelayCall, VisionRelay, vision_ok
from tests.fakes.images import jpeg
from tests.fakes.logs import log_lines
from tests.fakes.providers import FakeProvider, Reply, Scenario
from tests.fakes.scripted import CameraTool, EchoTool

CAM = "cam__live_view_image"
ASK = "フィーダーに何がいる？"
ROBIN = "A robin sits on the feeder."
FRAME = jpeg(320, 240, (40, 160, 60))
SHA = ImageData("image/jpeg", FRAME, 320, 240).sha256


def village_config(
    agent_url: str, eyes_url: str, *, reads_images: bool = False, relay: str = "eyes"
) -> Config:
    return parse_config(
        {
            "village": {"language": "ja", "vision_relay": relay},
            "templates": [
                {
                    "name": "words",
                    "protocol": "openai-compat",
                    "base_url": agent_url,
                    "model": "text-only-1",
                    "reads_images": reads_images,
                    "max_retries": 1,
                },
                {
                    "name": "eyes",
                    "protocol": "anthropic",
                    "base_url": eyes_url,
                    "model": "claude-sonnet-4-5",
                    "max_retries": 1,
                },
            ],
            "agents": [{"id": "agent_9", "name": "Muse", "template": "words"}],
        }
    )


def strings(node: Any) -> Iterator[str]:
    """Every string in a decoded JSON body."""
    if isinstance(node, str):
        yield node
    elif isinstance(node, dict):
        for v in node.values():
            yield from strings(v)
    elif isinstance(node, list):
        for v in node:
            yield from strings(v)


def described(text: str, index: int = 1, count: int = 1) -> str:
    return note("relay_description", "ja", count=count, index=index, tool=CAM, text=text)


def relay_lines(log: Path) -> list[str]:
    return [x for x in log_lines(log) if x.startswith("tool image relay:")]


async def run_turn(config: Config, relay: VisionRelay | None, tool: Any = None) -> str:
    async with httpx.AsyncClient() as client:

        def factory(t: Template) -> ModelBackend:
            return http_backend(t, None, client)

        if relay is not None:
            relay.backend_factory = factory
        village = Village(config, backend_factory=factory)
        village.add_tools("agent_9", [tool or CameraTool(FRAME)])
        if relay is not None:
            village.relay_for = relay.for_turn
        try:
            outcome = await village.send("agent_9", ASK).wait()
        finally:
            await village.close()
    return outcome.text


def unused_factory(t: Template) -> ModelBackend:
    raise AssertionError("set by run_turn")


@pytest.fixture
def store(tmp_path: Path) -> Iterator[Store]:
    s = Store.open(tmp_path / "data")
    yield s
    s.close()


@pytest.mark.asyncio
async def test_a_text_only_agent_reads_the_relay_models_description_and_the_cache_spares_a_second_call(
    tmp_path: Path, event_log: Path
) -> None:
    calls: list[RelayCall] = []
    with (
        FakeProvider("openai-compat", scenario=Scenario(tool=CAM, say="コマドリです。")) as agent,
        FakeProvider("anthropic") as eyes,
    ):
        eyes.script(Reply.say(ROBIN, input_tokens=380, output_tokens=12))
        config = village_config(agent.url, eyes.url)
        first = Store.open(tmp_path / "data")
        try:
            text = await run_turn(config, VisionRelay(first, unused_factory, on_call=calls.append))
        finally:
            first.close()
        assert text == "コマドリです。"
        # the relay was asked once, in the village language, with the frame itself
        assert len(eyes.requests) == 1
        body = eyes.requests[0].body
        assert body["model"] == "claude-sonnet-4-5"
        assert note("relay_prompt", "ja") in list(strings(body))
        assert "日本語で答えてください" in note("relay_prompt", "ja")
        image = body["messages"][0]["content"][0]
        assert image["source"]["media_type"] == "image/jpeg"
        # the agent's model got the description where the image would have been, no image bytes
        after = agent.requests[-1].body
        assert f"frame 1\n{described(ROBIN)}" in list(strings(after))
        assert "base64" not in json.dumps(after) and "image_url" not in json.dumps(after)
        assert note("images_not_sent", "ja") not in json.dumps(after, ensure_ascii=False)
        lines = relay_lines(event_log)
        assert len(lines) == 1
        assert re.fullmatch(
            rf"tool image relay: agent=agent_9 sha={SHA[:12]} cached=no ms=\d+ tokens=392", lines[0]
        )
        assert len(calls) == 1
        assert (calls[0].agent_id, calls[0].template, calls[0].sha256, calls[0].tokens) == (
            "agent_9",
            "eyes",
            SHA,
            392,
        )
        assert calls[0].turn_id and calls[0].ms >= 0

        # a restart (a new relay over the reopened store): the same frame is described from the cache
        again = Store.open(tmp_path / "data")
        try:
            assert again.relay_caption(SHA, "ja", "eyes") == ROBIN
            await run_turn(config, VisionRelay(again, unused_factory, on_call=calls.append))
        finally:
            again.close()
        assert len(eyes.requests) == 1  # no second call
        assert f"frame 1\n{described(ROBIN)}" in list(strings(agent.requests[-1].body))
        lines = relay_lines(event_log)
        assert re.fullmatch(
            rf"tool image relay: agent=agent_9 sha={SHA[:12]} cached=yes ms=\d+ tokens=0", lines[1]
        )
        assert len(calls) == 1  # a cached description is no call: the budget is not charged


@pytest.mark.asyncio
async def test_each_image_is_described_once_in_order(store: Store, event_log: Path) -> None:
    a = ImageData("image/jpeg", jpeg(64, 48, (200, 0, 0)), 64, 48)
    b = ImageData("image/jpeg", jpeg(64, 48, (0, 0, 200)), 64, 48)
    tool = EchoTool(CAM, body="two cameras", images=[a, b, a])
    with (
        FakeProvider("openai-compat", scenario=Scenario(tool=CAM, say="ok")) as agent,
        FakeProvider("anthropic") as eyes,
    ):
        eyes.script(Reply.say("A red square."), Reply.say("A blue square."))
        await run_turn(village_config(agent.url, eyes.url), VisionRelay(store, unused_factory), tool)
    assert len(eyes.requests) == 2
    expected = "\n".join(
        [
            "two cameras",
            described("A red square.", 1, 3),
            described("A blue square.", 2, 3),
            described("A red square.", 3, 3),
        ]
    )
    assert expected in list(strings(agent.requests[-1].body))
    cached = [x.split(" cached=")[1].split()[0] for x in relay_lines(event_log)]
    assert cached == ["no", "no", "yes"]


@pytest.mark.asyncio
async def test_a_provider_that_refuses_images_gets_the_descriptions_in_the_resend(
    store: Store, event_log: Path
) -> None:
    with (
        FakeProvider(
            "openai-compat", reject_images=True, scenario=Scenario(tool=CAM, say="見えました。")
        ) as agent,
        FakeProvider("anthropic") as eyes,
    ):
        eyes.script(Reply.say(ROBIN, input_tokens=100, output_tokens=5))
        config = village_config(agent.url, eyes.url, reads_images=True)
        text = await run_turn(config, VisionRelay(store, unused_factory))
    assert text == "見えました。"
    assert [r.status for r in agent.requests] == [200, 400, 200]  # the call, the refused frame, the resend
    assert f"frame 1\n{described(ROBIN)}" in list(strings(agent.requests[-1].body))
    kinds = [x.split(":")[0] for x in log_lines(event_log) if x.startswith(("tool image", "llm retry"))]
    assert kinds == ["llm retry stop", "tool image relay", "tool image fallback"]
    fallback = next(x for x in log_lines(event_log) if x.startswith("tool image fallback:"))
    assert fallback == "tool image fallback: agent=agent_9 model=text-only-1 removed=1 outcome=ok"


@pytest.mark.asyncio
async def test_a_failed_relay_leaves_the_not_sent_note_and_caches_nothing(
    store: Store, event_log: Path
) -> None:
    calls: list[RelayCall] = []
    with (
        FakeProvider("openai-compat", scenario=Scenario(tool=CAM, say="ok")) as agent,
        FakeProvider("anthropic") as eyes,
    ):
        eyes.script(Reply.error(400, "invalid_request_error", "bad image"))
        await run_turn(
            village_config(agent.url, eyes.url), VisionRelay(store, unused_factory, on_call=calls.append)
        )
    assert f"frame 1\n{note('images_not_sent', 'ja')}" in list(strings(agent.requests[-1].body))
    (line,) = relay_lines(event_log)
    assert re.fullmatch(
        rf"tool image relay: agent=agent_9 sha={SHA[:12]} cached=no ms=\d+ tokens=0 error=http_400", line
    )
    assert store.relay_caption(SHA, "ja", "eyes") is None
    assert calls == []


@pytest.mark.asyncio
async def test_without_a_relay_the_text_only_agent_gets_the_note_alone(event_log: Path) -> None:
    with (
        FakeProvider("openai-compat", scenario=Scenario(tool=CAM, say="ok")) as agent,
        FakeProvider("anthropic") as eyes,
    ):
        config = village_config(agent.url, eyes.url, relay="")
        await run_turn(config, VisionRelay(None, unused_factory))  # the village has none for it
    assert eyes.requests == []
    assert f"frame 1\n{note('images_not_sent', 'ja')}" in list(strings(agent.requests[-1].body))
    assert relay_lines(event_log) == []
    assert vision_ok(config, "agent_9") == "no_vision"


@pytest.mark.asyncio
async def test_the_watch_budget_counts_a_relay_call(store: Store) -> None:
    watch = Watch("w1", "agent_9", "tell me when a bird comes", limits=Limits(10, 10_000))
    budget = WatchBudget(store)
    turns: list[str] = []

    def charge(call: RelayCall) -> Awaitable[Meter]:
        turns.append(call.turn_id)
        return asyncio.to_thread(budget.record, watch, call.tokens, kind="relay")

    with (
        FakeProvider("openai-compat", scenario=Scenario(tool=CAM, say="ok")) as agent,
        FakeProvider("anthropic") as eyes,
    ):
        eyes.script(Reply.say(ROBIN, input_tokens=380, output_tokens=12))
        await run_turn(
            village_config(agent.url, eyes.url), VisionRelay(store, unused_factory, on_call=charge)
        )
    assert budget.meter(watch) == Meter(calls_hour=1, calls_limit=10, tokens_day=392, tokens_limit=10_000)
    assert [r["kind"] for r in store._q("SELECT kind FROM watch_calls")] == ["relay"]
    assert len(turns) == 1 and turns[0].endswith("-1")  # the village's first turn
