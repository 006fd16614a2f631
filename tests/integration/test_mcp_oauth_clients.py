"""How a configured OAuth client authenticates, end to end against the OAuth-protected MCP server
subprocess (tests/fakes/oauth_mcp_server.py): a confidential client uses the token endpoint
authentication the server's metadata offers (``client_secret_basic`` when that is all it takes), and
a machine-to-machine server (``"grant": "client_credentials"``) is reached with no browser at all."""

from __future__ import annotations

import json
import subprocess
from typing import Any

import keyring
import pytest

from core.mcp import McpToolProvider
from core.tool import AgentTool, ToolContext
from tests.fakes.configs import configured_server
from tests.fakes.servers import FAST, free_port, start_oauth, stop

AGENT = "agent_7"
SECRET = "basic-client-secret-7f2e1c9b"


class Browser:
    """Follows the authorisation redirect to the loopback callback; counts the pages opened."""

    def __init__(self) -> None:
        self.opened = 0

    def __call__(self, url: str) -> bool:
        import httpx

        self.opened += 1
        with httpx.Client(trust_env=False, timeout=10, follow_redirects=True) as http:
            http.get(url)
        return True


async def stats(tools: list[AgentTool]) -> dict[str, int]:
    [tool] = [t for t in tools if t.name == "secure__oauth_stats"]
    got = await tool.call_with_media({}, ToolContext(AGENT, "en"))
    assert not got.is_error, got
    data: dict[str, int] = json.loads(got.output.text)
    return data


def start(*args: str) -> tuple[subprocess.Popen[str], str]:
    return start_oauth("--client-id", "fuseforks-m2m", "--client-secret", SECRET, *args)


@pytest.mark.asyncio
async def test_a_basic_only_server_gets_the_secret_in_the_authorization_header(
    plaintext_keyring: Any,
) -> None:
    port = free_port()
    proc, url = start("--redirect-uri", f"http://127.0.0.1:{port}/callback", "--client-auth", "basic")
    keyring.set_password("fuseforks", "mcp:M2M", SECRET)
    server = configured_server(
        url, {"client_id": "fuseforks-m2m", "client_secret": "${secret:M2M}", "redirect_port": port}
    )
    browser = Browser()
    provider = McpToolProvider(language="en", settings=FAST, open_url=browser)
    try:
        tools = await provider.tools_for(AGENT, [server])
        [status] = provider.status(AGENT)
        assert (status.state, status.error) == ("connected", "")
        got = await stats(tools)
        assert (got["code_grants"], got["rejected"], browser.opened) == (1, 0, 1)
    finally:
        await provider.close()
        stop(proc)


@pytest.mark.asyncio
@pytest.mark.parametrize("method", ["basic", "post"])
async def test_a_machine_to_machine_server_is_reached_with_client_credentials_and_no_browser(
    plaintext_keyring: Any, method: str
) -> None:
    proc, url = start(
        "--no-dcr", "--client-credentials", "--client-auth", method, "--redirect-uri", "http://x/cb"
    )
    keyring.set_password("fuseforks", "mcp:M2M", SECRET)
    server = configured_server(
        url, {"grant": "client_credentials", "client_id": "fuseforks-m2m", "client_secret": "${secret:M2M}"}
    )
    provider = McpToolProvider(language="en", settings=FAST, open_url=None)  # headless: no browser
    try:
        tools = await provider.tools_for(AGENT, [server])
        [status] = provider.status(AGENT)
        assert (status.state, status.error) == ("connected", "")
        got = await stats(tools)
        assert (got.get("client_grants"), got["authorized"], got["rejected"]) == (1, 0, 0)
    finally:
        await provider.close()
        stop(proc)
