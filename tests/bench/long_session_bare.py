"""Row 4's baseline of the long-session bench: the same exchanges as the app's early turns, with
bare httpx (the app's own request bytes to the fake provider, and the camera's ``tools/call`` as
bare JSON-RPC over streamable HTTP between them)."""

from __future__ import annotations

import base64
import json
import statistics
import time
from typing import Any

import httpx

Posts = list[tuple[str, dict[str, str], bytes]]  # one turn's POSTs: url, headers, body


def sse_json(text: str) -> dict[str, Any]:
    """The JSON-RPC message of an MCP streamable-HTTP answer (plain JSON or one SSE event)."""
    if text.lstrip().startswith("{"):
        found: dict[str, Any] = json.loads(text)
        return found
    for line in text.splitlines():
        if line.startswith("data:"):
            found = json.loads(line[5:])
            return found
    return {}


async def bare_replay(camera: str, turns: list[Posts]) -> dict[str, Any]:
    """Row 4's baseline: each early turn's two POSTs (the app's own bytes) with bare httpx, and
    the camera's ``tools/call`` as bare JSON-RPC over httpx between them."""
    skip = {"host", "content-length", "transfer-encoding", "connection"}
    hdr = {"accept": "application/json, text/event-stream", "content-type": "application/json"}
    walls: list[float] = []
    frame = 0
    async with httpx.AsyncClient(timeout=60) as client:
        init = {
            "jsonrpc": "2.0",
            "id": 1,
            "method": "initialize",
            "params": {
                "protocolVersion": "2025-06-18",
                "capabilities": {},
                "clientInfo": {"name": "bench", "version": "0"},
            },
        }
        r = await client.post(camera, json=init, headers=hdr)
        if "mcp-session-id" in r.headers:
            hdr["mcp-session-id"] = r.headers["mcp-session-id"]
        hdr["mcp-protocol-version"] = "2025-06-18"
        await client.post(camera, json={"jsonrpc": "2.0", "method": "notifications/initialized"}, headers=hdr)
        for n, posts in enumerate(turns):
            if len(posts) < 2:
                continue
            t0 = time.perf_counter()
            url, headers, content = posts[0]
            await client.post(
                url, content=content, headers={k: v for k, v in headers.items() if k not in skip}
            )
            call = {"jsonrpc": "2.0", "id": n + 2, "method": "tools/call"}
            call["params"] = {"name": "live_view_image", "arguments": {}}
            r = await client.post(camera, json=call, headers=hdr)
            url, headers, content = posts[-1]
            await client.post(
                url, content=content, headers={k: v for k, v in headers.items() if k not in skip}
            )
            walls.append(time.perf_counter() - t0)
            for block in sse_json(r.text).get("result", {}).get("content", []):
                if block.get("type") == "image":
                    frame = len(base64.b64decode(block["data"]))
    return {"bare_turn_s": statistics.median(walls) if walls else 0.0, "frame_bytes": frame}
