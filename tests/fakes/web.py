"""What the web companion's tests share: the app's runtime with the companion serving it on
127.0.0.1, a raw HTTP request (for targets an HTTP client would clean up), the SSE frames of a
stream."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Sequence
from contextlib import asynccontextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import httpx

from app.keys import KeyStore
from app.launcher import Runtime, make_runtime
from core.config import parse_config
from core.llm import ModelBackend
from core.tool import AgentTool
from core.village import Village
from web.server import WebCompanion, WebSettings

TOKEN = "Wq3-companion-test-token-7f1c9d2e"  # a test's token
WEB_VILLAGE = "web-village"
WEB_CONFIG: dict[str, Any] = {
    "village": {"id": WEB_VILLAGE, "language": "en"},
    "templates": [{"name": "eye", "protocol": "anthropic", "model": "claude-x"}],
    "agents": [{"id": "eye", "name": "Eye", "template": "eye"}],
}


@dataclass
class Served:
    rt: Runtime
    web: WebCompanion
    client: httpx.AsyncClient  # signed in: every request carries the token

    @property
    def base(self) -> str:
        return f"http://127.0.0.1:{self.web.port}"

    @property
    def media_dir(self) -> Path:
        found = self.rt.village.config.media_dir()
        assert found is not None
        return found


@asynccontextmanager
async def served(
    tmp_path: Path,
    backend: ModelBackend | None,
    *,
    tools: Sequence[AgentTool] = (),
    settings: WebSettings | None = None,
    token: str = TOKEN,
    config: dict[str, Any] | None = None,
) -> AsyncIterator[Served]:
    """The runtime of ``config`` (``WEB_CONFIG`` by default; its configuration file in
    ``tmp_path``, so tool images go to a media cache there) with ``backend`` as every model (None:
    the templates' own, over HTTP), and the companion started on it."""
    parsed = parse_config(config or WEB_CONFIG, tmp_path / "fuseforks.json")
    rt = make_runtime(parsed, KeyStore(), store_dir=tmp_path / "data")
    assert isinstance(rt.village, Village) and rt.store is not None
    if backend is not None:
        rt.village._backend_factory = lambda t: backend
    if tools:
        rt.village.add_tools(parsed.agents[0].id, list(tools))
    await rt.village.start()
    web = WebCompanion(
        rt.village, token=lambda: token, conversations=rt.conversations, watches=rt.watches, settings=settings
    )
    await web.start()
    headers = {"Authorization": f"Bearer {token}"}
    client = httpx.AsyncClient(base_url=f"http://127.0.0.1:{web.port}", headers=headers, timeout=10)
    try:
        yield Served(rt, web, client)
    finally:
        await client.aclose()
        await web.stop()
        if rt.watches is not None:
            await rt.watches.close()
        await rt.village.close()
        rt.store.close()


async def raw_request(port: int, head: bytes, body: bytes = b"", *, pause: float = 0.0) -> tuple[int, bytes]:
    """Send ``head`` (request line and headers, without the blank line) and ``body`` as they
    are; ``pause``: wait that long before the body. The status and the whole answer."""
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    try:
        writer.write(head + b"\r\nConnection: close\r\n\r\n")
        await writer.drain()
        if pause:
            await asyncio.sleep(pause)
        writer.write(body)
        await writer.drain()
        answer = await asyncio.wait_for(reader.read(), 10)
    finally:
        writer.close()
    status = int(answer.split(b" ", 2)[1]) if answer.startswith(b"HTTP/1.1 ") else 0
    return status, answer


def get_head(port: int, target: bytes, token: str = TOKEN) -> bytes:
    return b"GET %s HTTP/1.1\r\nHost: 127.0.0.1:%d\r\nAuthorization: Bearer %s" % (
        target,
        port,
        token.encode(),
    )


@dataclass(frozen=True)
class SseFrame:
    id: str
    event: str
    data: str


async def frames(response: httpx.Response) -> AsyncIterator[SseFrame]:
    """The frames of an event stream as they come (comments and the retry line skipped)."""
    fields: dict[str, str] = {}
    async for line in response.aiter_lines():
        if line == "":
            if "event" in fields:
                yield SseFrame(fields.get("id", ""), fields["event"], fields.get("data", ""))
            fields = {}
            continue
        name, _, value = line.partition(": ")
        if name in ("id", "event"):
            fields[name] = value
        elif name == "data":
            fields["data"] = fields.get("data", "") + value
