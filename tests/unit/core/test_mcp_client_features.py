"""Roots and sampling settings, the roots helpers, the sampling budget and the approval broker."""

from __future__ import annotations

import asyncio
import base64
import dataclasses
import io
import re
from pathlib import Path
from typing import Any

import mcp_types
import pytest
from PIL import Image

from core.config import ConfigError, McpServer, config_to_json, parse_config
from core.events import EventBus, SampledMessage, SamplingAsked, SamplingSettled
from core.llm import ProviderTransportError
from core.mcp import sampling as sampling_module
from core.mcp.roots import only_roots_changed, root_name, root_uri
from core.mcp.sampling import HOUR_S, Budget, Sampling
from core.notes import note
from core.sampling_approvals import SamplingApprovals
from tests.fakes.logs import log_lines
from tests.fakes.scripted import ScriptedBackend


def config(server: dict[str, Any]) -> dict[str, Any]:
    return {
        "templates": [{"name": "t", "protocol": "anthropic", "model": "m", "key": None}],
        "agents": [{"id": "a", "template": "t", "mcp_servers": {"fs": server}}],
    }


def test_roots_and_sampling_read_and_written_back() -> None:
    spec = {
        "command": "fs-server",
        "roots": ["/home/me/photos", "/home/me/photos", "C:\\Users\\me"],
        "sampling": True,
        "sampling_per_hour": 3,
    }
    cfg = parse_config(config(spec))
    [server] = cfg.agents[0].mcp_servers
    assert server.roots == ["/home/me/photos", "C:\\Users\\me"]  # each folder once
    assert (server.sampling, server.sampling_per_hour, server.sampling_max_tokens) == (True, 3, 1024)
    written = config_to_json(cfg)["agents"][0]["mcp_servers"]["fs"]
    assert written == {
        "command": "fs-server",
        "args": [],
        "roots": ["/home/me/photos", "C:\\Users\\me"],
        "sampling": True,
        "sampling_per_hour": 3,
    }
    plain = config_to_json(parse_config(config({"command": "fs-server"})))["agents"][0]["mcp_servers"]["fs"]
    assert plain == {"command": "fs-server", "args": []}  # nothing declared, nothing written


def test_relative_roots_and_bad_budgets_refused() -> None:
    with pytest.raises(ConfigError) as info:
        parse_config(config({"command": "x", "roots": ["photos"], "sampling_per_hour": 0}))
    assert {k for k, _ in info.value.problems} == {
        "agents[0].mcp_servers.fs.sampling_per_hour",
        "agents[0].mcp_servers.fs.roots[0]",
    }


def test_root_uris_and_names() -> None:
    assert (root_uri("/srv/my photos"), root_name("/srv/my photos")) == (
        "file:///srv/my%20photos",
        "my photos",
    )
    assert (root_uri("C:\\Users\\me"), root_name("C:\\Users\\me")) == ("file:///C:/Users/me", "me")
    assert (root_uri("/"), root_name("/")) == ("file:///", "/")


def test_only_roots_changed() -> None:
    a = McpServer("fs", "stdio", command="x", roots=["/a"])
    assert only_roots_changed([a], [dataclasses.replace(a, roots=["/a", "/b"])])
    assert not only_roots_changed([a], [a])  # nothing changed
    assert not only_roots_changed([a], [dataclasses.replace(a, roots=[])])  # the capability goes
    assert not only_roots_changed([a], [dataclasses.replace(a, roots=["/b"], args=["-v"])])
    assert not only_roots_changed([a], [dataclasses.replace(a, name="other", roots=["/b"])])


def test_budget_counts_the_last_hour() -> None:
    now = [0.0]
    budget = Budget(lambda: now[0])
    budget.spend("a", "fs")
    now[0] = HOUR_S - 1
    budget.spend("a", "fs")
    assert (budget.used("a", "fs"), budget.used("a", "other")) == (2, 0)
    now[0] = HOUR_S
    assert budget.used("a", "fs") == 1


def asked(request_id: str) -> SamplingAsked:
    return SamplingAsked("a", "fs", request_id, (SampledMessage("user", "hi"),), "", 10)


@pytest.mark.asyncio
async def test_approvals_round_trip_headless_and_withdrawn() -> None:
    bus = EventBus()
    events: list[object] = []
    bus.subscribe(events.append)
    broker = SamplingApprovals(bus, timeout_s=5)
    assert await broker.ask(asked("s-0")) is False  # headless: nobody is asked
    assert events == []
    detach = broker.attach_answerer()
    task = asyncio.ensure_future(broker.ask(asked("s-1")))
    await asyncio.sleep(0)
    assert [p.request_id for p in broker.pending()] == ["s-1"]
    assert broker.approve("s-1") is True
    assert await task is True
    assert broker.approve("s-1") is False  # settled once
    task = asyncio.ensure_future(broker.ask(asked("s-2")))
    await asyncio.sleep(0)
    detach()  # the window closes: withdrawn, denied
    assert await task is False
    assert [e.outcome for e in events if isinstance(e, SamplingSettled)] == ["approved", "denied"]


@pytest.mark.asyncio
async def test_approval_timeout() -> None:
    bus = EventBus()
    events: list[object] = []
    bus.subscribe(events.append)
    broker = SamplingApprovals(bus, timeout_s=0.05)
    broker.attach_answerer()
    assert await broker.ask(asked("s-3")) is False
    assert [e.outcome for e in events if isinstance(e, SamplingSettled)] == ["timeout"]


def params(*content: Any, max_tokens: int = 10) -> mcp_types.CreateMessageRequestParams:
    return mcp_types.CreateMessageRequestParams(
        messages=[mcp_types.SamplingMessage(role="user", content=list(content))], max_tokens=max_tokens
    )


def png_b64() -> str:
    out = io.BytesIO()
    Image.new("RGB", (8, 6), (20, 200, 20)).save(out, "PNG")  # a PNG is re-encoded off the loop
    return base64.b64encode(out.getvalue()).decode()


SERVER = McpServer("fs", "stdio", command="x", sampling=True)
TEXT = mcp_types.TextContent(type="text", text="hi")


async def approve(asked: SamplingAsked) -> bool:
    return True


@pytest.mark.asyncio
async def test_sampling_refusals_name_the_reason(event_log: Path) -> None:
    failing = ScriptedBackend([ProviderTransportError("connection reset")])
    sampling = Sampling(approve, lambda agent_id: failing if agent_id == "a" else None, language=lambda: "ja")
    audio = mcp_types.AudioContent(type="audio", data="AAAA", mime_type="audio/wav")
    bad_image = mcp_types.ImageContent(type="image", data="bm90IGFuIGltYWdl", mime_type="image/png")
    got = [
        await sampling.handle("a", SERVER, params(TEXT, audio)),
        await sampling.handle("a", SERVER, params(bad_image)),
        await sampling.handle("b", SERVER, params(TEXT)),
        await sampling.handle("a", SERVER, params(TEXT)),
    ]
    assert [(type(g).__name__, getattr(g, "code", None)) for g in got] == [
        ("ErrorData", mcp_types.INVALID_REQUEST),
        ("ErrorData", mcp_types.INVALID_REQUEST),
        ("ErrorData", mcp_types.INTERNAL_ERROR),
        ("ErrorData", mcp_types.INTERNAL_ERROR),
    ]
    assert [g.message for g in got if isinstance(g, mcp_types.ErrorData)] == [
        "このクライアントは audio の内容をモデルに送りません。",
        "このクライアントは unreadable image の内容をモデルに送りません。",
        "このエージェントには、このサンプリング要求に答えるモデルがありません。",
        "モデルが応答しませんでした: connection reset",
    ]
    reasons = [
        re.search(r"outcome=(\S+) reason=(\S+)", x) for x in log_lines(event_log) if "mcp sampling:" in x
    ]
    assert [m.groups() for m in reasons if m] == [
        ("refused", "unsupported"),
        ("refused", "unsupported"),
        ("refused", "no_model"),
        ("failed", "model_failed"),
    ]


@pytest.mark.asyncio
async def test_concurrent_requests_cannot_overrun_the_hour() -> None:
    gate = asyncio.Event()
    asked: list[SamplingAsked] = []

    async def slow_person(request: SamplingAsked) -> bool:
        asked.append(request)
        await gate.wait()
        return True

    image = mcp_types.ImageContent(type="image", data=png_b64(), mime_type="image/png")
    sampling = Sampling(slow_person, lambda agent_id: ScriptedBackend(default="ok"))
    server = dataclasses.replace(SERVER, sampling_per_hour=2)
    tasks = [asyncio.ensure_future(sampling.handle("a", server, params(TEXT, image))) for _ in range(3)]
    await asyncio.sleep(0.5)
    gate.set()
    got = await asyncio.gather(*tasks)
    assert len(asked) == 2
    assert sorted(type(g).__name__ for g in got) == [
        "CreateMessageResult",
        "CreateMessageResult",
        "ErrorData",
    ]


@pytest.mark.asyncio
async def test_a_server_over_its_hour_is_refused_before_its_images_are_decoded(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A server over its budget must not make the app decode what it then refuses."""
    decoded: list[int] = []
    real = sampling_module.to_chat

    async def counting(messages: Any, language: str) -> Any:
        decoded.append(len(messages))
        return await real(messages, language)

    monkeypatch.setattr(sampling_module, "to_chat", counting)
    image = mcp_types.ImageContent(type="image", data=png_b64(), mime_type="image/png")
    sampling = Sampling(approve, lambda agent_id: ScriptedBackend(default="ok"))
    server = dataclasses.replace(SERVER, sampling_per_hour=1)
    first = await sampling.handle("a", server, params(TEXT, image))
    second = await sampling.handle("a", server, params(TEXT, image))
    assert type(first).__name__ == "CreateMessageResult"
    assert isinstance(second, mcp_types.ErrorData) and second.message == note(
        "sampling.per_hour", "en", limit=1
    )
    assert decoded == [1]  # only the request within the budget was decoded
