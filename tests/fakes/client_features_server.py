"""A stdio MCP server that uses the client's roots and sampling from its tools (a real subprocess).

``python -m tests.fakes.client_features_server``. Tools:

- ``client_caps``: which client capabilities the session declared (``roots``, ``roots_list_changed``,
  ``sampling``), as JSON;
- ``show_roots``: ``roots/list`` as JSON ``{"roots": [{"uri", "name"}], "changes": N}`` (``N``: the
  ``notifications/roots/list_changed`` received so far), or ``no roots capability``;
- ``ask_model(text, max_tokens, image)``: ``sampling/createMessage`` with one user message (and a
  tiny PNG when ``image``) and system prompt ``Be brief.``; returns JSON ``{"model", "text",
  "stop_reason"}``, or ``error: code=C message=M`` when the client refused.
"""

from __future__ import annotations

import base64
import io
import json
import warnings
from typing import Any

import mcp_types as t
from mcp import MCPError
from mcp.server.mcpserver import Context, MCPServer
from PIL import Image

warnings.simplefilter("ignore")  # roots and sampling are deprecated from protocol 2026-07-28

server = MCPServer("fuseforks-client-features", version="0.1.0", log_level="WARNING")
changes = 0


async def _roots_changed(ctx: Any, params: Any) -> None:
    global changes
    changes += 1


server._lowlevel_server.add_notification_handler(
    "notifications/roots/list_changed", t.NotificationParams, _roots_changed
)


def _png() -> str:
    out = io.BytesIO()
    Image.new("RGB", (8, 6), (200, 30, 30)).save(out, "PNG")
    return base64.b64encode(out.getvalue()).decode()


@server.tool()
def client_caps(ctx: Context) -> str:
    """The client's declared capabilities."""
    caps = ctx.session.client_capabilities
    roots = caps.roots if caps is not None else None
    return json.dumps(
        {
            "roots": roots is not None,
            "roots_list_changed": bool(roots is not None and roots.list_changed),
            "sampling": caps is not None and caps.sampling is not None,
        },
        sort_keys=True,
    )


@server.tool()
async def show_roots(ctx: Context) -> str:
    """The client's roots."""
    caps = ctx.session.client_capabilities
    if caps is None or caps.roots is None:
        return "no roots capability"
    result = await ctx.session.list_roots()
    roots = [{"uri": str(r.uri), "name": r.name} for r in result.roots]
    return json.dumps({"roots": roots, "changes": changes}, sort_keys=True)


@server.tool()
async def ask_model(ctx: Context, text: str, max_tokens: int = 100, image: bool = False) -> str:
    """Ask the client's model."""
    content: list[t.TextContent | t.ImageContent] = [t.TextContent(type="text", text=text)]
    if image:
        content.append(t.ImageContent(type="image", data=_png(), mime_type="image/png"))
    try:
        result = await ctx.session.create_message(
            [t.SamplingMessage(role="user", content=content)],
            max_tokens=max_tokens,
            system_prompt="Be brief.",
        )
    except MCPError as exc:
        return f"error: code={exc.code} message={exc.message}"
    block = result.content
    reply = block.text if isinstance(block, t.TextContent) else repr(block)
    return json.dumps(
        {"model": result.model, "text": reply, "stop_reason": result.stop_reason}, sort_keys=True
    )


if __name__ == "__main__":
    server.run("stdio")
