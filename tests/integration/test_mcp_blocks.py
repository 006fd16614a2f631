"""Every MCP result block kind and progress, against a real subprocess server (stdio and streamable
HTTP): what the model is sent, what only the person sees, and the progress events of a call."""

from __future__ import annotations

import asyncio
import sys
from collections.abc import Iterator

import pytest

from core.config import McpServer, parse_config
from core.events import Event, ToolFinished, ToolProgress
from core.mcp import McpToolProvider
from core.tool import AgentTool, ForPerson, ToolContext
from core.village import Village
from tests.fakes.scripted import ScriptedBackend, call
from tests.fakes.servers import FAST, ROOT, blocks_stdio_args, start_blocks, stop

AGENT = "a1"
TRANSPORTS = ["stdio", "http"]

# tool → (the text the model reads, the text only the person sees or None)
EXPECTED: dict[str, tuple[str, str | None]] = {
    "text_resource": ("(embedded resource file:///notes/today.txt)\n# Today\nshoot the shelf", None),
    "binary_resource": (
        "(embedded resource camera://raw/1 (application/octet-stream) is binary and was not sent)",
        None,
    ),
    "resource_link": (
        "(resource link latest frame: camera://frames/latest — the newest frame the camera took)\n"
        "(resource link log: camera://log)",
        None,
    ),
    "structured": ('{"iso":200,"mode":"Av","note":"明るい"}', None),
    "structured_with_text": ("ISO 200, Av", None),
    "audience": ("for everyone\nonly for the model\nfor both", "only for you, the person"),
    "person_only": ("(this result was shown to the user only and not sent to you)", "a picture for you"),
    "image_resource": ("one frame", None),
}


@pytest.fixture(scope="module")
def http_url() -> Iterator[str]:
    proc, url = start_blocks()
    yield url
    stop(proc)


def entry(transport: str, url: str) -> McpServer:
    if transport == "http":
        return McpServer(name="blocks", transport="http", url=url)
    return McpServer(
        name="blocks", transport="stdio", command=sys.executable, args=blocks_stdio_args(), cwd=str(ROOT)
    )


def entry_config(transport: str, url: str) -> dict[str, object]:
    if transport == "http":
        return {"type": "http", "url": url}
    return {"command": sys.executable, "args": blocks_stdio_args(), "cwd": str(ROOT)}


@pytest.mark.asyncio
@pytest.mark.parametrize("transport", TRANSPORTS)
async def test_each_block_kind_reaches_the_model_and_the_person(transport: str, http_url: str) -> None:
    provider = McpToolProvider(language="en", settings=FAST)
    try:
        tools: dict[str, AgentTool] = {
            t.name: t for t in await provider.tools_for(AGENT, [entry(transport, http_url)])
        }
        got: dict[str, tuple[str, str | None]] = {}
        person: dict[str, ForPerson | None] = {}
        images = {}
        for name in EXPECTED:
            ret = await tools[f"blocks__{name}"].call_with_media({}, ToolContext(AGENT, "en"))
            assert not ret.is_error, ret
            got[name] = (ret.output.text, ret.for_person.text if ret.for_person else None)
            person[name] = ret.for_person
            images[name] = [(i.media_type, i.width, i.height) for i in ret.output.images]
    finally:
        await provider.close()
    assert got == EXPECTED
    # the image blob goes through the image rules (PNG re-encoded as JPEG, as an image block is)
    assert images["image_resource"] == [("image/jpeg", 32, 24)]
    assert all(images[name] == [] for name in EXPECTED if name != "image_resource")
    shown = person["person_only"]
    assert shown is not None and [(i.media_type, i.width, i.height) for i in shown.images] == [
        ("image/jpeg", 32, 24)
    ]


def village_for(transport: str, url: str, backend: ScriptedBackend, language: str = "en") -> Village:
    config = parse_config(
        {
            "village": {"language": language},
            "templates": [{"name": "t", "protocol": "anthropic", "model": "m"}],
            "agents": [
                {"id": AGENT, "template": "t", "mcp_servers": {"blocks": entry_config(transport, url)}}
            ],
        }
    )
    provider = McpToolProvider(language=language, settings=FAST)
    return Village(config, backend_factory=lambda _t: backend, tool_provider=provider)


async def run_turn(village: Village, events: list[Event]) -> None:
    village.bus.subscribe(events.append)
    try:
        await village.start()
        await asyncio.wait_for(village.send(AGENT, "go").wait(), 30)
    finally:
        await village.close()


@pytest.mark.asyncio
async def test_a_block_for_the_user_is_shown_in_the_row_and_never_sent(http_url: str) -> None:
    backend = ScriptedBackend([call("blocks__audience", call_id="c1"), "seen"])
    events: list[Event] = []
    await run_turn(village_for("http", http_url, backend), events)
    sent = backend.requests[1].messages[-1]
    assert (sent.tool_call_id, sent.text) == ("c1", "for everyone\nonly for the model\nfor both")
    assert "only for you" not in repr(backend.requests[1])
    [finished] = [e for e in events if isinstance(e, ToolFinished)]
    assert (finished.body, finished.for_person, finished.person_images) == (
        "for everyone\nonly for the model\nfor both",
        "only for you, the person",
        (),
    )


@pytest.mark.asyncio
async def test_an_embedded_image_blob_is_sent_as_an_image(http_url: str) -> None:
    backend = ScriptedBackend([call("blocks__image_resource", call_id="c1"), "seen"])
    events: list[Event] = []
    await run_turn(village_for("http", http_url, backend), events)
    sent = backend.requests[1].messages[-1]
    assert sent.text == "one frame"
    assert [(a.media_type, a.width, a.height) for a in sent.attachments] == [("image/jpeg", 32, 24)]
    [finished] = [e for e in events if isinstance(e, ToolFinished)]
    assert finished.display_line.startswith("(1 image: JPEG ")


@pytest.mark.asyncio
@pytest.mark.parametrize(
    ("language", "text"),
    [
        ("ja", "（埋め込みリソース file:///notes/today.txt）\n# Today\nshoot the shelf"),
        ("zh", "（嵌入资源 file:///notes/today.txt）\n# Today\nshoot the shelf"),
    ],
)
async def test_the_sentences_are_in_the_village_language(language: str, text: str, http_url: str) -> None:
    backend = ScriptedBackend([call("blocks__text_resource", call_id="c1"), "ok"])
    await run_turn(village_for("http", http_url, backend, language), [])
    assert backend.requests[1].messages[-1].text == text


@pytest.mark.asyncio
@pytest.mark.parametrize("transport", TRANSPORTS)
async def test_the_servers_progress_reaches_the_front_ends(transport: str, http_url: str) -> None:
    """Three notifications with a total, then three without one (an indeterminate bar)."""
    backend = ScriptedBackend(
        [
            call("blocks__progress", {"total": True}, call_id="c1"),
            call("blocks__progress", {"total": False}, call_id="c2"),
            "ok",
        ]
    )
    events: list[Event] = []
    await run_turn(village_for(transport, http_url, backend), events)
    progress = [e for e in events if isinstance(e, ToolProgress)]
    turn = progress[0].turn_id
    name = "blocks__progress"
    assert progress == [
        ToolProgress(AGENT, turn, "c1", 1, name, 1.0, 3.0, "reading"),
        ToolProgress(AGENT, turn, "c1", 1, name, 2.0, 3.0, "thinking"),
        ToolProgress(AGENT, turn, "c1", 1, name, 3.0, 3.0, "writing"),
        ToolProgress(AGENT, turn, "c2", 2, name, 1.0, None, "reading"),
        ToolProgress(AGENT, turn, "c2", 2, name, 2.0, None, "thinking"),
        ToolProgress(AGENT, turn, "c2", 2, name, 3.0, None, "writing"),
    ]
    kinds = [type(e).__name__ for e in events if type(e).__name__.startswith("Tool")]
    assert kinds == (["ToolStarted"] + ["ToolProgress"] * 3 + ["ToolFinished"]) * 2
    assert [r.messages[-1].text for r in backend.requests[1:]] == ["done", "done"]
