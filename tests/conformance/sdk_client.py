"""The bare-SDK client of the MCP conformance client suite: the baseline the app's layer is held to.

Run by the suite as ``python -m tests.conformance.sdk_client URL`` with the scenario in
``MCP_CONFORMANCE_SCENARIO`` and its extra data (client ids, secrets, keys, an IdP token) as JSON in
``MCP_CONFORMANCE_CONTEXT``. Nothing of the app is used: the ``mcp`` SDK as its own conformance
client uses it (``OAuthClientProvider`` with a Client ID Metadata Document URL, the client-credentials
providers, the identity-assertion provider), so what fails here is the SDK's or the harness's.
"""

from __future__ import annotations

import asyncio
import json
import os
import sys
from typing import Any
from urllib.parse import parse_qs, urlsplit

import httpx2
import mcp_types
from mcp import Client
from mcp.client.auth import OAuthClientProvider
from mcp.client.auth.extensions.client_credentials import (
    ClientCredentialsOAuthProvider,
    PrivateKeyJWTOAuthProvider,
    SignedJWTParameters,
)
from mcp.client.auth.extensions.identity_assertion import IdentityAssertionOAuthProvider
from mcp.client.session import ClientRequestContext
from mcp.client.streamable_http import streamable_http_client
from mcp.shared.auth import (
    AuthorizationCodeResult,
    OAuthClientInformationFull,
    OAuthClientMetadata,
    OAuthToken,
)
from pydantic import AnyUrl

CIMD_URL = "https://conformance-test.local/client-metadata.json"
REDIRECT = "http://localhost:3000/callback"


class Memory:
    """``TokenStorage`` in memory."""

    def __init__(self) -> None:
        self.tokens: OAuthToken | None = None
        self.client: OAuthClientInformationFull | None = None

    async def get_tokens(self) -> OAuthToken | None:
        return self.tokens

    async def set_tokens(self, tokens: OAuthToken) -> None:
        self.tokens = tokens

    async def get_client_info(self) -> OAuthClientInformationFull | None:
        return self.client

    async def set_client_info(self, client_info: OAuthClientInformationFull) -> None:
        self.client = client_info


class Redirect:
    """Fetches the authorisation URL and keeps the code the server redirects with."""

    def __init__(self) -> None:
        self.result: AuthorizationCodeResult | None = None

    async def open(self, url: str) -> None:
        async with httpx2.AsyncClient() as http:
            answer = await http.get(url, follow_redirects=False)
        query = parse_qs(urlsplit(answer.headers.get("location", "")).query)
        if "code" not in query:
            raise RuntimeError(f"no code in the authorisation redirect (HTTP {answer.status_code})")
        self.result = AuthorizationCodeResult(
            code=query["code"][0],
            state=(query.get("state") or [None])[0],
            iss=(query.get("iss") or [None])[0],
        )

    async def back(self) -> AuthorizationCodeResult:
        assert self.result is not None
        return self.result


async def accept_defaults(
    context: ClientRequestContext, params: mcp_types.ElicitRequestParams
) -> mcp_types.ElicitResult | mcp_types.ErrorData:
    schema = dict(getattr(params, "requested_schema", None) or {})
    content = {k: v["default"] for k, v in schema.get("properties", {}).items() if "default" in v}
    return mcp_types.ElicitResult(action="accept", content=content)


async def session(
    url: str, auth: httpx2.Auth | None = None, call: tuple[str, dict[str, Any]] | None = None
) -> None:
    async with httpx2.AsyncClient(auth=auth, timeout=30) as http:
        transport = streamable_http_client(url, http_client=http)
        async with Client(transport, mode="legacy", elicitation_callback=accept_defaults) as client:
            tools = (await client.list_tools()).tools
            if call is None and auth is not None and tools:
                call = (tools[0].name, {})
            if call is not None:
                await client.call_tool(*call)


async def auth_for(scenario: str, url: str, context: dict[str, Any]) -> httpx2.Auth:
    if scenario == "auth/client-credentials-basic":
        return ClientCredentialsOAuthProvider(
            url, Memory(), context["client_id"], context["client_secret"], issuer=await prm_issuer(url)
        )
    if scenario == "auth/client-credentials-jwt":
        key = SignedJWTParameters(
            issuer=context["client_id"],
            subject=context["client_id"],
            signing_algorithm=context.get("signing_algorithm", "ES256"),
            signing_key=context["private_key_pem"],
        )
        return PrivateKeyJWTOAuthProvider(
            url, Memory(), context["client_id"], key.create_assertion_provider(), issuer=await prm_issuer(url)
        )
    if scenario == "auth/cross-app-access-complete-flow":
        return IdentityAssertionOAuthProvider(
            url,
            Memory(),
            context["client_id"],
            context["client_secret"],
            issuer=await prm_issuer(url),
            assertion_provider=id_jag(context),
            token_endpoint_auth_method="client_secret_basic",
        )
    storage = Memory()
    if context.get("client_id"):
        storage.client = OAuthClientInformationFull(
            client_id=context["client_id"],
            client_secret=context.get("client_secret"),
            redirect_uris=[AnyUrl(REDIRECT)],
            token_endpoint_auth_method="client_secret_basic" if context.get("client_secret") else "none",
        )
    redirect = Redirect()
    metadata = OAuthClientMetadata(
        client_name="conformance-client",
        redirect_uris=[AnyUrl(REDIRECT)],
        grant_types=["authorization_code", "refresh_token"],
        response_types=["code"],
    )
    return OAuthClientProvider(
        url, metadata, storage, redirect.open, redirect.back, client_metadata_url=CIMD_URL
    )


async def prm_issuer(url: str) -> str:
    """The authorization server the MCP server names in its protected-resource metadata (the
    suite gives its machine-to-machine clients no issuer; the SDK wants one)."""
    parts = urlsplit(url)
    prm = f"{parts.scheme}://{parts.netloc}/.well-known/oauth-protected-resource{parts.path}"
    async with httpx2.AsyncClient(timeout=10) as http:
        return str((await http.get(prm)).raise_for_status().json()["authorization_servers"][0])


def id_jag(context: dict[str, Any]) -> Any:
    async def fetch(audience: str, resource: str) -> str:
        async with httpx2.AsyncClient(timeout=10) as http:
            answer = await http.post(
                context["idp_token_endpoint"],
                data={
                    "grant_type": "urn:ietf:params:oauth:grant-type:token-exchange",
                    "requested_token_type": "urn:ietf:params:oauth:token-type:id-jag",
                    "subject_token": context["idp_id_token"],
                    "subject_token_type": "urn:ietf:params:oauth:token-type:id_token",
                    "audience": audience,
                    "resource": resource,
                    "client_id": context.get("idp_client_id", ""),
                },
            )
        return str(answer.raise_for_status().json()["access_token"])

    return fetch


async def run(scenario: str, url: str, context: dict[str, Any]) -> None:
    if scenario == "tools_call":
        await session(url, call=("add_numbers", {"a": 5, "b": 3}))
    elif scenario == "sse-retry":
        await session(url, call=("test_reconnection", {}))
    elif scenario == "elicitation-sep1034-client-defaults":
        await session(url, call=("test_client_elicitation_defaults", {}))
    elif scenario.startswith("auth/"):
        await session(url, await auth_for(scenario, url, context))
    else:
        await session(url)


def main() -> None:
    scenario = os.environ.get("MCP_CONFORMANCE_SCENARIO", "initialize")
    context = json.loads(os.environ.get("MCP_CONFORMANCE_CONTEXT") or "{}")
    asyncio.run(run(scenario, sys.argv[-1], context))


if __name__ == "__main__":
    main()
