"""Benchmarks (figures, not pass/fail): tool image normalisation and the per-frame MCP overhead.

Run: ``python -m pytest tests/bench/test_bench_tool_image.py --benchmark-enable -p no:randomly``

Per frame: a bare SDK ``call_tool`` against the camera simulator over streamable HTTP, beside the
full path (call + ``render_tool_output`` + SHA-256 of the sent bytes) for the 640×424 live-view
JPEG and a 4000×3000 PNG; and bare Pillow decode/resize/encode beside ``normalize``.
"""

from __future__ import annotations

import asyncio
import base64
import io
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import mcp_types as t
import pytest
from PIL import Image

from app.demo_camera import frames
from core.canonical import ImageData
from core.config import McpServer, McpSettings
from core.mcp import McpToolProvider, render_tool_output
from core.tool import ToolContext
from core.tool_image import normalize
from tests.fakes.servers import start_camera, stop

pytestmark = pytest.mark.bench
ROOT = Path(__file__).resolve().parents[2]


def encode(im: Image.Image, fmt: str, **options: Any) -> bytes:
    buf = io.BytesIO()
    im.save(buf, fmt, **options)
    return buf.getvalue()


def photo(width: int, height: int) -> Image.Image:
    grad = Image.linear_gradient("L").resize((width, height))
    noise = Image.effect_noise((width, height), 40)
    return Image.merge("RGB", (grad, noise, grad.transpose(Image.Transpose.FLIP_LEFT_RIGHT)))


@pytest.fixture(scope="module")
def big_jpeg() -> bytes:
    return encode(photo(6000, 4000), "JPEG", quality=92)


@pytest.fixture(scope="module")
def big_png() -> bytes:
    return encode(photo(4000, 3000), "PNG")


@pytest.fixture(scope="module")
def frame() -> bytes:
    return frames.jpeg_frame(1)


def test_normalize_jpeg_6000x4000(benchmark: Any, big_jpeg: bytes) -> None:
    item = benchmark(normalize, big_jpeg)
    assert isinstance(item, ImageData) and (item.width, item.height) == (1568, 1045)


def test_normalize_png_4000x3000(benchmark: Any, big_png: bytes) -> None:
    item = benchmark(normalize, big_png)
    assert isinstance(item, ImageData) and (item.width, item.height) == (1568, 1176)


def test_normalize_passthrough_640x424(benchmark: Any, frame: bytes) -> None:
    item = benchmark(normalize, frame)
    assert isinstance(item, ImageData) and item.data == frame


def bare_pillow(data: bytes, size: tuple[int, int]) -> bytes:
    im = Image.open(io.BytesIO(data)).convert("RGB").resize(size, Image.Resampling.LANCZOS)
    return encode(im, "JPEG", quality=85)


def test_bare_pillow_png_4000x3000(benchmark: Any, big_png: bytes) -> None:
    benchmark(bare_pillow, big_png, (1568, 1176))


def test_bare_pillow_jpeg_6000x4000(benchmark: Any, big_jpeg: bytes) -> None:
    benchmark(bare_pillow, big_jpeg, (1568, 1045))


def test_bare_pillow_decode_640x424(benchmark: Any, frame: bytes) -> None:
    benchmark(lambda: Image.open(io.BytesIO(frame)).load())


def test_render_live_view_result_with_hash(benchmark: Any, frame: bytes) -> None:
    result = t.CallToolResult(
        content=[
            t.ImageContent(type="image", data=base64.b64encode(frame).decode(), mime_type="image/jpeg"),
            t.TextContent(type="text", text=frames.metadata(len(frame), 1)),
        ]
    )

    def run() -> list[str]:
        return [img.sha256 for img in render_tool_output(result, "en").images]

    assert len(benchmark(run)) == 1


# -- per-frame MCP overhead over streamable HTTP --------------------------------------------------


@pytest.fixture(scope="module")
def camera_url() -> Iterator[str]:
    proc, url = start_camera("--control")
    yield url
    stop(proc)


@pytest.fixture(scope="module")
def session(camera_url: str) -> Iterator[tuple[asyncio.AbstractEventLoop, McpToolProvider]]:
    loop = asyncio.new_event_loop()
    provider = McpToolProvider(language="en", settings=McpSettings(call_timeout_s=120, connect_timeout_s=30))
    loop.run_until_complete(
        provider.tools_for("bench", [McpServer(name="cam", transport="http", url=camera_url)])
    )
    yield loop, provider
    loop.run_until_complete(provider.close())
    loop.close()


def _tool(provider: McpToolProvider, name: str) -> Any:
    return next(x for x in provider.tools("bench") if x.name == name)


def _set_mode(loop: asyncio.AbstractEventLoop, provider: McpToolProvider, mode: str) -> None:
    loop.run_until_complete(
        _tool(provider, "cam__demo_set_mode").call({"mode": mode}, ToolContext("bench", "en"))
    )


@pytest.mark.parametrize("mode", ["jpeg", "png_large"])
def test_mcp_bare_sdk_call(benchmark: Any, session: Any, mode: str) -> None:
    loop, provider = session
    _set_mode(loop, provider, mode)
    client = provider._conns["bench"]["cam"].client
    assert client is not None
    loop.run_until_complete(client.call_tool("live_view_image", {}))  # warm-up (the PNG is built once)
    result = benchmark.pedantic(
        lambda: loop.run_until_complete(client.call_tool("live_view_image", {})),
        rounds=8 if mode == "png_large" else 40,
    )
    assert result.content[0].type == "image"


@pytest.mark.parametrize("mode", ["jpeg", "png_large"])
def test_mcp_call_normalise_hash(benchmark: Any, session: Any, mode: str) -> None:
    loop, provider = session
    _set_mode(loop, provider, mode)
    tool = _tool(provider, "cam__live_view_image")
    ctx = ToolContext("bench", "en")

    async def once() -> list[str]:
        got = await tool.call_with_media({}, ctx)
        return [img.sha256 for img in got.output.images]

    loop.run_until_complete(once())
    hashes = benchmark.pedantic(
        lambda: loop.run_until_complete(once()), rounds=8 if mode == "png_large" else 40
    )
    assert len(hashes) == 1
