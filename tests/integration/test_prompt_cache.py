"""Prompt caching end to end: turns through the real engine and the HTTP wire against the fake
providers, whose caches answer like the real APIs (tests/fakes/providers/caching.py).

The second round of a turn reads what the first wrote, and the next turn reads the earlier one;
the `turn:` line sums what the provider reported. The engine sets ``ChatRequest.stable_messages``
(the earlier turns it keeps are the stable prefix); ``Stable`` overrides it, ``Stable(wire, 0)``
standing for a request with no stable history.
"""

from __future__ import annotations

import dataclasses
import re
from pathlib import Path

import httpx
import pytest

from core.canonical import ChatMessage, ChatRequest, ChatResponse, Role
from core.turn import Turn, TurnSettings
from tests.fakes.images import jpeg
from tests.fakes.logs import log_lines
from tests.fakes.providers import FakeProvider, Received, Reply, Scenario
from tests.fakes.providers.caching import PromptCache
from tests.fakes.scripted import CameraTool
from wires import WIRES
from wires.http import HttpClient, TextSink, WireBackend

SYSTEM = "You watch the camera at the front door and say who is there. " * 24  # ≈360 tokens
FRAME = jpeg(64, 48)


class Stable:
    """A backend that marks the first ``stable`` messages of every request as the stable prefix."""

    def __init__(self, inner: WireBackend, stable: int) -> None:
        self.inner, self.stable = inner, stable
        self.backend, self.model = inner.backend, inner.model

    async def complete(self, request: ChatRequest, on_text: TextSink | None = None) -> ChatResponse:
        return await self.inner.complete(dataclasses.replace(request, stable_messages=self.stable), on_text)


async def run_turns(fake: FakeProvider, protocol: str, *, stable: bool, turns: int = 2) -> list[Received]:
    history: list[ChatMessage] = []
    async with httpx.AsyncClient() as client:
        wire = WireBackend(WIRES[protocol], HttpClient(client), base_url=fake.url, model="m-vision")
        for n, text in enumerate(["Who is at the door?", "And now?", "Still?"][:turns]):
            settings = TurnSettings(agent_id="agent_9", language="en", system=SYSTEM)
            outcome = await Turn(
                turn_id=f"t{n}",
                backend=wire if stable else Stable(wire, 0),  # type: ignore[arg-type]
                tools=[CameraTool(FRAME)],
                settings=settings,
                history=history,
                user=ChatMessage(Role.USER, text),
            ).run()
            assert outcome.text == "Nobody." and outcome.rounds == 2
            history += outcome.messages
    return [r for r in fake.requests if r.status == 200]


def turn_lines(log: Path) -> list[tuple[int, int]]:
    found = [
        re.search(r" cache_read=(\d+) cache_write=(\d+) ", x) for x in log_lines(log) if x.startswith("turn:")
    ]
    return [(int(m.group(1)), int(m.group(2))) for m in found if m]


def fake(protocol: str) -> FakeProvider:
    return FakeProvider(
        protocol, cache_min_tokens=256, scenario=Scenario(say="Nobody.", tool="cam__live_view_image")
    )


def usage(records: list[Received]) -> list[tuple[int, int, int]]:
    assert all(r.cache is not None for r in records)
    return [r.cache for r in records]  # type: ignore[misc]


@pytest.mark.asyncio
@pytest.mark.parametrize("stable", [False, True])
async def test_anthropic_rounds_and_turns_read_what_was_written(stable: bool, event_log: Path) -> None:
    with fake("anthropic") as provider:
        records = await run_turns(provider, "anthropic", stable=stable, turns=3)
    rounds = usage(records)
    (in1, read1, wrote1), (in2, read2, wrote2), (_, read3, wrote3), (_, read4, wrote4), (_, read5, _) = (
        rounds[:5]
    )
    assert read1 == 0 and wrote1 > 256  # the first request writes the tools and the system (at least)
    assert read2 == read1 + wrote1  # the second round reads everything the first wrote
    assert read3 >= wrote1  # the next turn reads the cache
    assert read4 == read3 + wrote3
    if stable:  # from turn 2 on the earlier turns are marked, and each round's last message
        assert wrote3 > 0 and "cache_control" in str(records[2].body["messages"][3])
        assert read5 == read4 + wrote4 > read3  # turn 3 reads all of turn 2, up to its last tool result
    else:  # no stable history: the tools and the system only
        assert read3 == read4 == read5 == wrote1 and wrote2 == wrote3 == wrote4 == 0
    pairs = zip(rounds[::2], rounds[1::2], strict=True)
    assert turn_lines(event_log) == [(a[1] + b[1], a[2] + b[2]) for a, b in pairs]
    assert in1 > 0 and in2 > 0


@pytest.mark.asyncio
@pytest.mark.parametrize("protocol", ["openai-compat", "gemini", "openai-responses"])
async def test_implicit_caches_read_the_shared_prefix(protocol: str, event_log: Path) -> None:
    with fake(protocol) as provider:
        records = await run_turns(provider, protocol, stable=False)
    (in1, read1, _), (in2, read2, _), (_, read3, _), (_, read4, _) = usage(records)
    assert read1 == 0
    assert read2 > 0 and read2 % 128 == 0 and in1 - 128 <= read2 <= in1  # the whole first prompt, in steps
    assert read3 >= read2 and read4 >= read3  # the next turn repeats this one: its prefix is read
    assert all(w == 0 for _, _, w in usage(records))
    assert turn_lines(event_log) == [(read1 + read2, 0), (read3 + read4, 0)]
    assert in2 + read2 > in1


@pytest.mark.asyncio
async def test_a_prefix_below_the_minimum_is_not_cached() -> None:
    with FakeProvider("anthropic", scenario=Scenario(say="ok")) as provider:
        async with httpx.AsyncClient() as client:
            wire = WireBackend(WIRES["anthropic"], HttpClient(client), base_url=provider.url, model="m")
            request = ChatRequest("m", "short", [ChatMessage(Role.USER, "hi")], [], stable_messages=1)
            first = await wire.complete(request)
            second = await wire.complete(request)
    assert (first.usage.cache_read, first.usage.cache_write) == (0, 0)
    assert (second.usage.cache_read, second.usage.cache_write) == (0, 0) and second.usage.input > 0


@pytest.mark.asyncio
async def test_the_fake_refuses_a_fifth_breakpoint_and_a_marked_thinking_block() -> None:
    marked = {"type": "ephemeral"}
    five = [{"type": "text", "text": f"t{i}", "cache_control": marked} for i in range(5)]
    thinking = {"type": "thinking", "thinking": "x", "signature": "s", "cache_control": marked}
    bodies = [
        {"model": "m", "max_tokens": 9, "messages": [{"role": "user", "content": five}]},
        {
            "model": "m",
            "max_tokens": 9,
            "messages": [
                {"role": "user", "content": "hi"},
                {"role": "assistant", "content": [thinking, {"type": "text", "text": "yo"}]},
                {"role": "user", "content": "ok"},
            ],
        },
    ]
    with FakeProvider("anthropic") as provider:
        provider.script(Reply.say("never"), Reply.say("never"))
        async with httpx.AsyncClient() as client:
            answers = [await client.post(provider.url + "/messages", json=b) for b in bodies]
    assert [a.status_code for a in answers] == [400, 400]
    assert "A maximum of 4 blocks with cache_control" in answers[0].text
    assert "thinking.cache_control: Extra inputs are not permitted" in answers[1].text


@pytest.mark.asyncio
@pytest.mark.parametrize("stream", [True, False])
@pytest.mark.parametrize("protocol", WIRES)
async def test_usage_means_the_same_on_every_wire(protocol: str, stream: bool) -> None:
    """``Usage.input`` excludes cache reads and writes everywhere, although OpenAI's and Gemini's
    prompt counts include the cached tokens and Anthropic's ``input_tokens`` does not."""
    written = 5 if protocol == "anthropic" else 0  # only Anthropic reports cache writes
    with FakeProvider(protocol) as provider:
        provider.script(
            Reply.say("ok", input_tokens=30, output_tokens=4, cache_read=100, cache_write=written)
        )
        async with httpx.AsyncClient() as client:
            wire = WireBackend(
                WIRES[protocol], HttpClient(client), base_url=provider.url, model="m", stream=stream
            )
            response = await wire.complete(ChatRequest("m", "sys", [ChatMessage(Role.USER, "hi")], []))
    assert (response.usage.input, response.usage.cache_read, response.usage.cache_write) == (30, 100, written)
    assert response.usage.output == 4


@pytest.mark.parametrize("family", ["openai-compat", "gemini", "responses"])
def test_the_implicit_fake_cache_reads_the_shared_prefix_in_steps(family: str) -> None:
    key = {"gemini": "contents", "responses": "input"}.get(family, "messages")
    history = [{"role": "user", "content": f"message {n} " + "x" * 200} for n in range(40)]
    cache = PromptCache(family, min_tokens=1024)
    first = cache.account({key: history})
    again = cache.account({key: history})
    longer = cache.account({key: [*history, {"role": "user", "content": "next"}]})
    changed = cache.account({key: [{"role": "user", "content": "other"}, *history[1:]]})
    assert first[1] == 0 and first[0] > 1024
    assert 0 <= again[0] < 128 and again[1] % 128 == 0 and sum(again) == first[0]  # never past the prompt
    assert longer[1] == again[1] and longer[0] > again[0]
    assert changed[1] == 0  # an early change: nothing shared
