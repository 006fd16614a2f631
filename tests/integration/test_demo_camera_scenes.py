"""The camera simulator's scripted scenes (``--scene``, WA-7): over real streamable HTTP MCP, through
the app's MCP client, the frames are the scene's own (same bytes in every process) and the change
gate sees the event where the script puts it."""

from __future__ import annotations

import base64
import itertools
import json

import mcp_types
import pytest

from app.demo_camera import frames
from app.demo_camera.__main__ import parse_args
from app.demo_camera.scenes import Scene
from app.demo_camera.server import live_view_result
from core.config import McpServer
from core.mcp import McpToolProvider
from core.tool import ToolContext
from core.watch import ChangeGate, Region
from tests.fakes.servers import FAST, run_module, start_camera, stop


def frame_of(result: object) -> tuple[bytes, int]:
    """The JPEG bytes and the metadata ``seq`` of one ``live_view_image`` result."""
    assert isinstance(result, mcp_types.CallToolResult) and not result.is_error
    image, text = result.content
    assert isinstance(image, mcp_types.ImageContent) and isinstance(text, mcp_types.TextContent)
    data = base64.b64decode(image.data)
    meta = json.loads(text.text)
    assert (meta["width"], meta["height"], meta["jpeg_bytes"]) == (640, 424, len(data))
    return data, int(meta["seq"])


@pytest.mark.asyncio
async def test_a_scripted_bird_over_http_arrives_and_leaves_at_its_frames() -> None:
    proc, url = start_camera(
        "--scene", "static-then-bird", "--event-at", "6", "--event-frames", "3", "--seed", "7"
    )
    provider = McpToolProvider(language="en", settings=FAST)
    try:
        await provider.tools_for("watcher", [McpServer(name="cam", transport="http", url=url)])
        ctx = ToolContext("watcher", "en")
        served = [
            frame_of(await provider.call_tool("watcher", "cam", "live_view_image", {}, ctx))
            for _ in range(12)
        ]
    finally:
        await provider.close()
        stop(proc)
    scene = Scene("static-then-bird", event_at=6, event_frames=3, seed=7)
    assert [seq for _, seq in served] == list(range(1, 13))
    assert [data for data, _ in served] == [scene.jpeg(seq) for seq in range(1, 13)]  # deterministic
    assert [seq for seq in range(1, 13) if scene.event_on(seq)] == [6, 7, 8]
    gate = ChangeGate()
    changed = []
    for data, seq in served:
        result = gate.score(data)
        if result.changed:
            gate.accept(result)
            changed.append(seq)
    assert changed == [1, 6, 9]


def test_frames_of_a_scene_are_640x424_jpegs_and_the_seed_matters() -> None:
    scene = Scene("static", seed=1)
    data = scene.jpeg(4)
    assert data == Scene("static", seed=1).jpeg(4)
    assert data != Scene("static", seed=2).jpeg(4) and data != scene.jpeg(5)
    assert data[:2] == b"\xff\xd8"
    assert Scene("static", noise=0).image(1).size == (frames.WIDTH, frames.HEIGHT)


def test_scene_scripts() -> None:
    assert Scene("static").changes(600) == []
    assert Scene("static-then-bird", event_at=300, event_frames=20).changes(600) == [300, 320]
    assert Scene("static-then-light", event_at=300).changes(600) == [300]
    for bad in ({"name": "rain"}, {"name": "static", "event_at": 0}, {"name": "static", "noise": 65}):
        with pytest.raises(ValueError):
            Scene(**bad)  # type: ignore[arg-type]


def test_the_command_line_builds_the_scene_and_refuses_a_bad_one() -> None:
    args = parse_args(["--scene", "static-then-light", "--event-at", "9", "--seed", "3", "--noise", "4"])
    assert args.scene == Scene("static-then-light", event_at=9, event_frames=20, seed=3, noise=4)
    assert parse_args([]).scene is None
    out = run_module("app.demo_camera", "--scene", "static", "--event-frames", "0")
    assert out.returncode == 2 and "event_at and event_frames count frames from 1" in out.stderr


@pytest.mark.parametrize(
    "mode", ["jpeg", "images_only", "mixed", "png", "alpha", "webp", "gif", "mislabeled"]
)
def test_every_picture_mode_shows_the_scene(mode: str) -> None:
    scene = Scene("static-then-bird", event_at=1)
    result = live_view_result(mode, itertools.count(1), scene)
    images = [block for block in result.content if isinstance(block, mcp_types.ImageContent)]
    assert images
    # alpha: the transparent top-left corner (composited on white, as the model sees it) is left out
    gate = ChangeGate(sensitivity=100, region=Region(0, 0.3, 1, 0.7) if mode == "alpha" else None)
    gate.accept(gate.score(scene.jpeg(1)))
    first = base64.b64decode(images[0].data if mode != "mixed" else images[1].data)
    assert gate.score(first).score == 0.0  # the same picture in whatever encoding the mode uses
