"""The Spec's P4 acceptance, automated: a full turn against the camera simulator over streamable HTTP,
through the real MCP client, turn engine and HTTP wire, against the local fake provider of each protocol.

Read in `fuseforks.log` lines, as the manual run does.
"""

from __future__ import annotations

import json
import re
import sys
from collections.abc import AsyncIterator
from pathlib import Path

import httpx
import pytest
import pytest_asyncio

from app.demo import DemoCamera
from core.acceptance import read_acceptance, read_log
from core.config import Config, parse_config
from core.llm.http import http_backend
from core.mcp import McpToolProvider
from core.village import Village
from tests.fakes.logs import log_lines
from tests.fakes.providers import PROTOCOLS, FakeProvider, Scenario
from tests.fakes.servers import CAMERA_ASK


@pytest_asyncio.fixture
async def camera() -> AsyncIterator[str]:
    cam = DemoCamera([sys.executable, "-m", "app.demo_camera", "--port", "0"])
    url = await cam.start()
    yield url
    await cam.stop()


def camera_config(protocol: str, base_url: str, camera_url: str, *, image_results: bool = True) -> Config:
    return parse_config(
        {
            "village": {"language": "ja"},
            "templates": [
                {
                    "name": "t",
                    "protocol": protocol,
                    "base_url": base_url,
                    "model": f"{protocol}-vision",
                    "max_retries": 1,
                }
            ],
            "agents": [
                {
                    "id": "agent_9",
                    "name": "Muse",
                    "template": "t",
                    "mcp_servers": {"nik": {"type": "http", "url": camera_url}},
                }
            ],
            "mcp": {"image_results": image_results},
        }
    )


async def run_turn(config: Config, text: str = CAMERA_ASK) -> str:
    async with httpx.AsyncClient() as client:
        provider = McpToolProvider(language=config.village.language, settings=config.mcp)
        village = Village(
            config, backend_factory=lambda t: http_backend(t, None, client), tool_provider=provider
        )
        await village.start()
        try:
            outcome = await village.send("agent_9", text).wait()
        finally:
            await village.close()
    return outcome.text


def p4_lines(log: Path) -> list[str]:
    keep = ("round", "tool", "turn", "tool image", "attachment fallback", "llm retry", "handoff")
    return [x for x in log_lines(log) if x.split(":")[0].startswith(keep)]


@pytest.mark.asyncio
@pytest.mark.parametrize("protocol", PROTOCOLS)
async def test_vision_model_sees_the_frame(protocol: str, camera: str, event_log: Path) -> None:
    with FakeProvider(
        protocol, scenario=Scenario(say="A desk under a lamp.", tool="nik__live_view_image")
    ) as fake:
        text = await run_turn(camera_config(protocol, fake.url, camera))
    assert text == "A desk under a lamp."
    lines = p4_lines(event_log)
    assert [x.split(":")[0] for x in lines] == ["round", "tool", "round", "turn"], lines
    assert re.fullmatch(
        r"tool: agent=agent_9 round=1 name=nik__live_view_image ok=true ms=\d+ "
        r"body_chars=\d+ images=1",
        lines[1],
    )
    assert re.fullmatch(
        rf"turn: agent=agent_9 backend={protocol} stop=- input=\d+ output=\d+ cache_read=\d+ "
        rf"cache_write=\d+ rounds=2/12 model={protocol}-vision",
        lines[3],
    )
    # AC-6: one round: line per model answer, the fields the provider reported for that call
    usage = r"input=(\d+) output=(\d+) cache_read=(\d+) cache_write=(\d+)"
    rounds = [re.fullmatch(rf"round: agent=agent_9 round={n} {usage}", lines[i]) for n, i in ((1, 0), (2, 2))]
    one, two = [tuple(int(v) for v in m.groups()) for m in rounds if m is not None]
    turn = re.search(usage, lines[3])
    assert turn is not None
    assert tuple(a + b for a, b in zip(one, two, strict=True)) == tuple(int(v) for v in turn.groups())
    prompts = [(one[0], one[2], one[3]), (two[0], two[2], two[3])]  # input, cache_read, cache_write
    assert prompts == [r.cache for r in fake.requests]  # what the fake reported for each call
    assert sum(prompts[1]) - sum(prompts[0]) >= 200  # the frame (the fake counts JSON chars / 4)
    # the image really travelled: the second request carries the JPEG's base64
    assert "/9j/" in json.dumps(fake.requests[-1].body)


@pytest.mark.asyncio
async def test_model_that_answers_400_to_images_gets_them_stripped_once(camera: str, event_log: Path) -> None:
    protocol = "perplexity-responses"
    with FakeProvider(
        protocol,
        reject_images=True,
        scenario=Scenario(say="I could not see the image.", tool="nik__live_view_image"),
    ) as fake:
        text = await run_turn(camera_config(protocol, fake.url, camera))
    assert text == "I could not see the image."
    lines = p4_lines(event_log)
    kinds = ["round", "tool", "llm retry stop", "tool image fallback", "round", "turn"]
    assert [x.split(":")[0] for x in lines] == kinds
    assert lines[1].endswith(" images=1")
    assert " status=400 class=client_error " in lines[2]
    assert lines[3] == f"tool image fallback: agent=agent_9 model={protocol}-vision removed=1 outcome=ok"
    assert lines[4].startswith("round: agent=agent_9 round=2 ")  # the resent request's answer
    assert lines[5].startswith(f"turn: agent=agent_9 backend={protocol} stop=- ")


@pytest.mark.asyncio
async def test_text_only_tools_are_byte_identical_with_image_results_off(camera: str, tmp_path: Path) -> None:
    """G2: a tool that returns no image gives the same tool text, history and log lines either way."""
    from core.log import LOG

    seen: dict[bool, tuple[list[str], list[str]]] = {}
    for flag in (True, False):
        LOG.configure(tmp_path / f"log-{flag}")
        with FakeProvider(
            "anthropic", scenario=Scenario(say="Camera is on.", tool="nik__camera_status")
        ) as fake:
            await run_turn(camera_config("anthropic", fake.url, camera, image_results=flag), "status?")
            bodies = [json.dumps(r.body, sort_keys=True) for r in fake.requests]
        assert LOG.path is not None
        lines = [re.sub(r" ms=\d+", "", x) for x in p4_lines(LOG.path)]
        seen[flag] = (bodies, lines)
        LOG.close()
    assert seen[True] == seen[False]
    assert "images=" not in seen[True][1][0]


@pytest.mark.asyncio
async def test_the_acceptance_reader_passes_the_whole_run(camera: str, event_log: Path) -> None:
    """AC-3 … AC-5 on real lines: the seven wires, the fallback and the negative control in one log."""
    scenario = Scenario(say="A desk under a lamp.", tool="nik__live_view_image")
    for protocol in PROTOCOLS:
        with FakeProvider(protocol, scenario=scenario) as fake:
            await run_turn(camera_config(protocol, fake.url, camera))
    with FakeProvider("perplexity-responses", reject_images=True, scenario=scenario) as fake:
        await run_turn(camera_config("perplexity-responses", fake.url, camera))
    with FakeProvider("anthropic", scenario=Scenario(say="Camera is on.", tool="nik__camera_status")) as fake:
        await run_turn(camera_config("anthropic", fake.url, camera), "status?")
    report = read_acceptance(read_log(event_log))
    assert report.summary() == "acceptance: 7/7 wire items hold"
    assert {i.key: i.status for i in report.items} == {
        **dict.fromkeys(PROTOCOLS, "ok"),
        "fallback": "ok",
        "negative control": "ok",
        "display line": "manual",
    }
    assert all(i.growth is not None and i.growth >= 1000 for i in report.items if i.is_wire)  # the frame
    assert report.item("fallback").backend == "perplexity-responses"
