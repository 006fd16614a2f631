"""Benchmarks (figures, not pass/fail): what OAuth costs an MCP connection, and the stderr ring.

Run: ``python -m pytest tests/bench/test_bench_mcp_oauth.py --benchmark-enable -p no:randomly``

Against the OAuth-protected fake server (tests/fakes/oauth_mcp_server.py): connect + list tools +
close with the stored keyring tokens, beside the same with the same access token as a plain
``Authorization`` header (no OAuth client, no keyring); a full first sign-in (discovery,
registration, browser hook, loopback callback, code exchange); and 10 MB through ``StderrRing``.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Iterator
from typing import Any

import httpx
import keyring
import pytest

from core.config import McpServer, McpSettings, OAuthSettings
from core.mcp import McpToolProvider
from core.mcp.oauth_tokens import KeyringTokenStorage, keyring_user
from core.mcp.stderr import StderrRing
from tests.fakes.servers import start_oauth, stop

pytestmark = pytest.mark.bench
SETTINGS = McpSettings(call_timeout_s=20.0, connect_timeout_s=20.0)


@pytest.fixture(scope="module")
def oauth_url() -> Iterator[str]:
    proc, url = start_oauth()
    yield url
    stop(proc)


def browser(url: str) -> bool:
    with httpx.Client(trust_env=False, timeout=10) as http:
        http.get(url, follow_redirects=True)
    return True


async def connect(server: McpServer) -> int:
    provider = McpToolProvider(language="en", settings=SETTINGS, open_url=browser)
    try:
        tools = await provider.tools_for("agent_1", [server])
    finally:
        await provider.close()
    return len(tools)


def signed_in(url: str) -> str:
    server = McpServer(name="secure", transport="http", url=url, oauth=OAuthSettings())
    assert asyncio.run(connect(server)) == 2
    data = json.loads(keyring.get_password("fuseforks", keyring_user("secure", url)) or "{}")
    token: str = data["tokens"]["access_token"]
    return token


def test_connect_with_stored_oauth_tokens(benchmark: Any, oauth_url: str, plaintext_keyring: Any) -> None:
    signed_in(oauth_url)
    server = McpServer(name="secure", transport="http", url=oauth_url, oauth=OAuthSettings())
    assert benchmark.pedantic(lambda: asyncio.run(connect(server)), rounds=15, iterations=1) == 2


def test_connect_with_a_plain_bearer_header(benchmark: Any, oauth_url: str, plaintext_keyring: Any) -> None:
    token = signed_in(oauth_url)
    server = McpServer(
        name="plain",
        transport="http",
        url=oauth_url,
        headers={"Authorization": f"Bearer {token}"},
        oauth_auto=False,
    )
    assert benchmark.pedantic(lambda: asyncio.run(connect(server)), rounds=15, iterations=1) == 2


def test_first_sign_in_round_trip(benchmark: Any, oauth_url: str, plaintext_keyring: Any) -> None:
    server = McpServer(name="secure", transport="http", url=oauth_url, oauth=OAuthSettings())

    def forget() -> None:
        asyncio.run(KeyringTokenStorage("secure", oauth_url).clear())

    got = benchmark.pedantic(lambda: asyncio.run(connect(server)), setup=forget, rounds=10, iterations=1)
    assert got == 2


def test_stderr_ring_10_mb(benchmark: Any) -> None:
    chunk = ("x" * 1023 + "\n") * 64  # 64 KiB

    def run() -> int:
        ring = StderrRing()
        for _ in range(160):
            ring.writer.write(chunk)
        ring.close()
        ring._thread.join(10)
        return ring.size()

    assert benchmark.pedantic(run, rounds=5, iterations=1) == 64 * 1024
