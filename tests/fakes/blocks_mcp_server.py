"""A real MCP server returning every kind of result block, and reporting progress (tests only).

    python -m tests.fakes.blocks_mcp_server --stdio
    python -m tests.fakes.blocks_mcp_server [--port N]     # streamable HTTP on 127.0.0.1

Over HTTP it prints ``blocks mcp: http://127.0.0.1:PORT/mcp`` once it listens (``--port 0``: a free
port). Tools: ``text_resource``, ``image_resource``, ``binary_resource``, ``resource_link``,
``structured``, ``structured_with_text``, ``audience``, ``person_only`` (see ``RESULTS``) and
``progress(total)``, which reports ``STEPS`` (three steps with messages; without a total when
``total`` is false) and then answers "done".
"""

from __future__ import annotations

import argparse
import asyncio
import base64
import io
import logging
import socket
from collections.abc import Callable

import mcp_types as t
import uvicorn
from mcp.server.mcpserver import Context, MCPServer
from PIL import Image

STEPS = ((1.0, "reading"), (2.0, "thinking"), (3.0, "writing"))


def png(width: int = 32, height: int = 24) -> bytes:
    buf = io.BytesIO()
    Image.new("RGB", (width, height), (200, 40, 40)).save(buf, "PNG")
    return buf.getvalue()


def _b64(data: bytes) -> str:
    return base64.b64encode(data).decode()


def _text(text: str, *audience: t.Role) -> t.TextContent:
    annotations = t.Annotations(audience=list(audience)) if audience else None
    return t.TextContent(type="text", text=text, annotations=annotations)


RESULTS: dict[str, t.CallToolResult] = {
    "text_resource": t.CallToolResult(
        content=[
            t.EmbeddedResource(
                type="resource",
                resource=t.TextResourceContents(
                    uri="file:///notes/today.txt", mime_type="text/plain", text="# Today\nshoot the shelf"
                ),
            )
        ]
    ),
    "image_resource": t.CallToolResult(
        content=[
            _text("one frame"),
            t.EmbeddedResource(
                type="resource",
                resource=t.BlobResourceContents(
                    uri="camera://frames/1", mime_type="image/png", blob=_b64(png())
                ),
            ),
        ]
    ),
    "binary_resource": t.CallToolResult(
        content=[
            t.EmbeddedResource(
                type="resource",
                resource=t.BlobResourceContents(
                    uri="camera://raw/1", mime_type="application/octet-stream", blob=_b64(b"\x00\x01RAW")
                ),
            )
        ]
    ),
    "resource_link": t.CallToolResult(
        content=[
            t.ResourceLink(
                type="resource_link",
                uri="camera://frames/latest",
                name="latest frame",
                description="the newest frame the camera took",
                mime_type="image/jpeg",
            ),
            t.ResourceLink(type="resource_link", uri="camera://log", name="log"),
        ]
    ),
    "structured": t.CallToolResult(
        content=[], structured_content={"iso": 200, "mode": "Av", "note": "明るい"}
    ),
    "structured_with_text": t.CallToolResult(
        content=[_text("ISO 200, Av")], structured_content={"iso": 200, "mode": "Av"}
    ),
    "audience": t.CallToolResult(
        content=[
            _text("for everyone"),
            _text("only for you, the person", "user"),
            _text("only for the model", "assistant"),
            _text("for both", "user", "assistant"),
        ]
    ),
    "person_only": t.CallToolResult(
        content=[
            _text("a picture for you", "user"),
            t.ImageContent(
                type="image",
                data=_b64(png()),
                mime_type="image/png",
                annotations=t.Annotations(audience=["user"]),
            ),
        ]
    ),
}


def _answer(result: t.CallToolResult) -> Callable[[], t.CallToolResult]:
    def answer() -> t.CallToolResult:
        return result

    return answer


def build_server() -> MCPServer:
    server = MCPServer("blocks-fake", log_level="WARNING")

    for tool_name, result in RESULTS.items():
        server.add_tool(_answer(result), name=tool_name, description=f"returns the {tool_name} blocks")

    @server.tool()
    async def progress(ctx: Context, total: bool = True) -> str:
        """Report three steps of progress with messages, then answer "done"."""
        for value, message in STEPS:
            await ctx.report_progress(value, len(STEPS) if total else None, message)
            await asyncio.sleep(0.05)
        return "done"

    return server


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--port", type=int, default=0)
    ap.add_argument("--stdio", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.WARNING)
    server = build_server()
    if args.stdio:
        server.run("stdio")
        return
    port = args.port or free_port()
    web = uvicorn.Server(
        uvicorn.Config(
            server.streamable_http_app(host="127.0.0.1"), host="127.0.0.1", port=port, log_level="warning"
        )
    )

    async def serve() -> None:
        task = asyncio.create_task(web.serve())
        while not web.started and not task.done():  # noqa: ASYNC110 - uvicorn offers only a flag
            await asyncio.sleep(0.02)
        print(f"blocks mcp: http://127.0.0.1:{port}/mcp", flush=True)  # only once it listens
        await task

    asyncio.run(serve())


if __name__ == "__main__":
    main()
