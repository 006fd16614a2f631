"""The app's side of the MCP conformance client suite: each scenario through the app's own MCP layer.

The server entry is written as a person writes it in the configuration and read by the app's
reader (``core.config``); the connection is an ``McpToolProvider`` with its OAuth client, tokens in
the process keyring (keyrings.alt's file backend in the tests), secrets named ``${secret:NAME}``
resolved from the suite's context. The "browser" fetches the authorisation page and follows the
redirect to the app's loopback callback, as a person's browser would; an elicitation form is
accepted with its defaults, as a person who only presses OK.

    python -m tests.conformance.app_client URL   # one scenario alone (the suite runs it through relay.py)
"""

from __future__ import annotations

import asyncio
import json
import os
import sys
from typing import Any
from urllib.parse import urlsplit

import httpx2

from core.config import McpServer, McpSettings
from core.config.reader import Reader
from core.config.servers import read_servers
from core.elicitation import ElicitationAnswer, ElicitationRequest
from core.mcp import McpToolProvider
from core.tool import ToolContext

AGENT = "conformance"
SERVER = "suite"
CIMD_URL = "https://conformance-test.local/client-metadata.json"
SETTINGS = McpSettings(connect_timeout_s=25.0, call_timeout_s=25.0)
CALLS: dict[str, tuple[str, dict[str, Any]]] = {
    "tools_call": ("add_numbers", {"a": 5, "b": 3}),
    "sse-retry": ("test_reconnection", {}),
    "elicitation-sep1034-client-defaults": ("test_client_elicitation_defaults", {}),
}


def entry(scenario: str, url: str, context: dict[str, Any], issuer: str = "") -> dict[str, Any]:
    """The server entry a person would write for this scenario's server (``issuer``: the
    authorisation server an enterprise-managed client is provisioned for)."""
    spec: dict[str, Any] = {"type": "http", "url": url}
    if not scenario.startswith("auth/"):
        return spec
    oauth: dict[str, Any] = {"client_metadata_url": CIMD_URL}  # used where the server supports it
    if context.get("client_id"):
        oauth = {"client_id": context["client_id"]}
        if context.get("client_secret"):
            oauth["client_secret"] = "${secret:client_secret}"
        if context.get("private_key_pem"):
            oauth["private_key"] = "${secret:private_key}"
    if scenario.startswith("auth/client-credentials-"):  # the suite's machine-to-machine servers
        oauth["grant"] = "client_credentials"
    if context.get("idp_id_token"):  # enterprise-managed: the person's IdP ID token is in the keyring
        oauth.update(
            grant="identity_assertion",
            issuer=issuer,
            idp_token_endpoint=context["idp_token_endpoint"],
            idp_client_id=context.get("idp_client_id", ""),
            id_token="${secret:id_token}",
        )
    spec["oauth"] = oauth
    return spec


async def issuer_of(url: str) -> str:
    """The authorisation server the MCP server names (what its operator tells the person)."""
    parts = urlsplit(url)
    async with httpx2.AsyncClient(timeout=10) as http:
        answer = await http.get(
            f"{parts.scheme}://{parts.netloc}/.well-known/oauth-protected-resource{parts.path}"
        )
    return str(answer.raise_for_status().json()["authorization_servers"][0])


async def server(scenario: str, url: str, context: dict[str, Any]) -> McpServer:
    issuer = await issuer_of(url) if context.get("idp_id_token") else ""
    r = Reader()
    servers = read_servers(r, {SERVER: entry(scenario, url, context, issuer)}, "mcpServers")
    if r.problems:
        raise ValueError(f"the configuration was refused: {r.problems}")
    [one] = servers
    return one


async def browser(url: str) -> bool:
    """Opens the authorisation page and follows its redirect to the loopback callback."""
    async with httpx2.AsyncClient(timeout=20, follow_redirects=True) as http:
        await http.get(url)
    return True


async def press_ok(request: ElicitationRequest) -> ElicitationAnswer:
    properties = request.requested_schema.get("properties", {})
    return ElicitationAnswer("accept", {k: v["default"] for k, v in properties.items() if "default" in v})


async def run(scenario: str, url: str, context: dict[str, Any]) -> None:
    secrets = {
        "client_secret": context.get("client_secret"),
        "private_key": context.get("private_key_pem"),
        "id_token": context.get("idp_id_token"),
    }
    provider = McpToolProvider(
        language="en",
        settings=SETTINGS,
        secret_resolver=secrets.get,
        elicitation=press_ok,
        open_url=browser,
        oauth_timeout_s=20.0,
    )
    try:
        tools = {
            t.name.split("__", 1)[1]: t
            for t in await provider.tools_for(AGENT, [await server(scenario, url, context)])
        }
        [status] = provider.status(AGENT)
        if status.state != "connected":
            raise RuntimeError(f"not connected: {status.error}")
        name, args = CALLS.get(scenario, (next(iter(tools), ""), {}))
        if name in tools and (scenario in CALLS or scenario.startswith("auth/")):
            await tools[name].call_with_media(args, ToolContext(AGENT, "en"))
    finally:
        await provider.close()


def main() -> None:
    scenario = os.environ.get("MCP_CONFORMANCE_SCENARIO", "initialize")
    asyncio.run(run(scenario, sys.argv[-1], json.loads(os.environ.get("MCP_CONFORMANCE_CONTEXT") or "{}")))


if __name__ == "__main__":
    main()
