"""Row 4's baseline of the long-session bench: the same exchanges as the app's early turns, with
bare httpx (the app's own request bytes to the fake provider, and the camera's ``tools/call`` as
bare JSON-RPC over streamable HTTP between them), each right after the app's own turn."""

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


SKIP = {"host", "content-length", "transfer-encoding", "connection"}  # httpx sets these itself


class Bare:
    """Row 4's baseline: one early turn's two POSTs (the app's own bytes) with bare httpx, and the
    camera's ``tools/call`` as bare JSON-RPC over httpx between them; replayed right after the
    app's own turn, so both run under the same load."""

    def __init__(self, camera: str) -> None:
        self.camera = camera
        self.client = httpx.AsyncClient(timeout=60)
        self.hdr = {"accept": "application/json, text/event-stream", "content-type": "application/json"}
        self.walls: list[float] = []
        self.frame = 0  # the camera frame's JPEG bytes
        self.ids = 1

    async def start(self) -> None:
        init = {
            "protocolVersion": "2025-06-18",
            "capabilities": {},
            "clientInfo": {"name": "bench", "version": "0"},
        }
        r = await self.client.post(self.camera, json=self.rpc("initialize", init), headers=self.hdr)
        if "mcp-session-id" in r.headers:
            self.hdr["mcp-session-id"] = r.headers["mcp-session-id"]
        self.hdr["mcp-protocol-version"] = "2025-06-18"
        note = {"jsonrpc": "2.0", "method": "notifications/initialized"}
        await self.client.post(self.camera, json=note, headers=self.hdr)

    def rpc(self, method: str, params: dict[str, Any]) -> dict[str, Any]:
        self.ids += 1
        return {"jsonrpc": "2.0", "id": self.ids, "method": method, "params": params}

    async def turn(self, posts: Posts) -> None:
        if len(posts) < 2:
            return
        t0 = time.perf_counter()
        url, headers, content = posts[0]
        await self.client.post(
            url, content=content, headers={k: v for k, v in headers.items() if k not in SKIP}
        )
        call = self.rpc("tools/call", {"name": "live_view_image", "arguments": {}})
        r = await self.client.post(self.camera, json=call, headers=self.hdr)
        url, headers, content = posts[-1]
        await self.client.post(
            url, content=content, headers={k: v for k, v in headers.items() if k not in SKIP}
        )
        self.walls.append(time.perf_counter() - t0)
        for block in sse_json(r.text).get("result", {}).get("content", []):
            if block.get("type") == "image":
                self.frame = len(base64.b64decode(block["data"]))

    async def close(self) -> dict[str, Any]:
        await self.client.aclose()
        return {
            "bare_turn_s": statistics.median(self.walls) if self.walls else 0.0,
            "frame_bytes": self.frame,
        }
