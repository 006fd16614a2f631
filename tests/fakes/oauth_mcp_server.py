"""A real MCP server over streamable HTTP on 127.0.0.1 that requires OAuth (tests only).

It is the SDK's own authorisation server (``mcp.server.auth``): protected-resource metadata,
authorisation-server metadata, dynamic client registration, ``/authorize`` that redirects to the
registered ``redirect_uri`` with ``code`` and ``state`` (the "user" always consents, or always
declines with ``--decline``), ``/token`` with ``authorization_code`` + PKCE S256 verification and
``refresh_token``. Redirect URIs are compared exactly, as the SDK does.

    python -m tests.fakes.oauth_mcp_server [--port N] [--expires-in S] [--decline] [--sse]
        [--client-id ID [--client-secret S] --redirect-uri URI] [--no-dcr]

``--client-id`` pre-registers a client (public, or confidential with ``client_secret_post`` when
``--client-secret`` is given) whose only redirect URI is ``--redirect-uri``; ``--no-dcr`` turns
dynamic client registration off (no ``/register``, no ``registration_endpoint`` in the metadata).

prints ``oauth mcp: http://127.0.0.1:PORT/mcp`` once it listens (``--port 0``: a free port). Tools: ``echo(text)`` and
``oauth_stats()`` (JSON counts of registrations, authorisations and grants, so tests can tell a
refresh from a new browser round trip).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import secrets
import socket
import time
import warnings

import uvicorn
from mcp.server.auth.provider import (
    AccessToken,
    AuthorizationCode,
    AuthorizationParams,
    AuthorizeError,
    OAuthAuthorizationServerProvider,
    RefreshToken,
    TokenError,
    construct_redirect_uri,
)
from mcp.server.auth.settings import AuthSettings, ClientRegistrationOptions
from mcp.server.mcpserver import MCPServer
from mcp.shared.auth import OAuthClientInformationFull, OAuthToken
from pydantic import AnyUrl

SCOPE = "camera"


class FakeAuthProvider(OAuthAuthorizationServerProvider[AuthorizationCode, RefreshToken, AccessToken]):
    """In-memory ``OAuthAuthorizationServerProvider``."""

    def __init__(self, expires_in: int, decline: bool) -> None:
        self.expires_in = expires_in
        self.decline = decline
        self.clients: dict[str, OAuthClientInformationFull] = {}
        self.codes: dict[str, AuthorizationCode] = {}
        self.refresh: dict[str, RefreshToken] = {}
        self.access: dict[str, AccessToken] = {}
        self.stats = {"registered": 0, "authorized": 0, "code_grants": 0, "refresh_grants": 0, "rejected": 0}

    async def get_client(self, client_id: str) -> OAuthClientInformationFull | None:
        return self.clients.get(client_id)

    async def register_client(self, client_info: OAuthClientInformationFull) -> None:
        assert client_info.client_id is not None
        self.clients[client_info.client_id] = client_info
        self.stats["registered"] += 1

    async def authorize(self, client: OAuthClientInformationFull, params: AuthorizationParams) -> str:
        if self.decline:
            raise AuthorizeError("access_denied", "the user declined")
        assert client.client_id is not None
        code = secrets.token_urlsafe(32)
        self.codes[code] = AuthorizationCode(
            code=code,
            scopes=params.scopes or [SCOPE],
            expires_at=time.time() + 300,
            client_id=client.client_id,
            code_challenge=params.code_challenge,
            redirect_uri=params.redirect_uri,
            redirect_uri_provided_explicitly=params.redirect_uri_provided_explicitly,
            resource=params.resource,
        )
        self.stats["authorized"] += 1
        return construct_redirect_uri(str(params.redirect_uri), code=code, state=params.state)

    async def load_authorization_code(
        self, client: OAuthClientInformationFull, authorization_code: str
    ) -> AuthorizationCode | None:
        code = self.codes.get(authorization_code)
        if code is None:
            self.stats["rejected"] += 1
        return code

    def _issue(self, client_id: str, scopes: list[str], resource: str | None) -> OAuthToken:
        access = "at-" + secrets.token_urlsafe(24)
        refresh = "rt-" + secrets.token_urlsafe(24)
        self.access[access] = AccessToken(
            token=access,
            client_id=client_id,
            scopes=scopes,
            expires_at=int(time.time()) + self.expires_in,
            resource=resource,
        )
        self.refresh[refresh] = RefreshToken(
            token=refresh, client_id=client_id, scopes=scopes, resource=resource
        )
        return OAuthToken(
            access_token=access,
            token_type="Bearer",
            expires_in=self.expires_in,
            refresh_token=refresh,
            scope=" ".join(scopes),
        )

    async def exchange_authorization_code(
        self, client: OAuthClientInformationFull, authorization_code: AuthorizationCode
    ) -> OAuthToken:
        # The SDK's token handler has already checked the PKCE verifier against the challenge.
        if self.codes.pop(authorization_code.code, None) is None:
            raise TokenError("invalid_grant", "code already used")
        self.stats["code_grants"] += 1
        return self._issue(
            authorization_code.client_id, authorization_code.scopes, authorization_code.resource
        )

    async def load_refresh_token(
        self, client: OAuthClientInformationFull, refresh_token: str
    ) -> RefreshToken | None:
        token = self.refresh.get(refresh_token)
        if token is None or token.client_id != client.client_id:
            self.stats["rejected"] += 1
            return None
        return token

    async def exchange_refresh_token(
        self, client: OAuthClientInformationFull, refresh_token: RefreshToken, scopes: list[str]
    ) -> OAuthToken:
        self.refresh.pop(refresh_token.token, None)  # rotated
        self.stats["refresh_grants"] += 1
        return self._issue(refresh_token.client_id, scopes or refresh_token.scopes, refresh_token.resource)

    async def load_access_token(self, token: str) -> AccessToken | None:
        return self.access.get(token)

    async def revoke_token(self, token: AccessToken | RefreshToken) -> None:
        self.access.pop(token.token, None)
        self.refresh.pop(token.token, None)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--port", type=int, default=0)
    ap.add_argument("--expires-in", type=int, default=3600)
    ap.add_argument("--decline", action="store_true")
    ap.add_argument("--sse", action="store_true", help="the SSE transport at /sse instead of /mcp")
    ap.add_argument("--client-id", help="a pre-registered client")
    ap.add_argument("--client-secret", help="its secret (client_secret_post); none: a public client")
    ap.add_argument("--redirect-uri", help="the pre-registered client's only redirect URI")
    ap.add_argument("--no-dcr", action="store_true", help="no dynamic client registration")
    args = ap.parse_args()
    port = args.port or free_port()
    base = f"http://127.0.0.1:{port}"
    path = "sse" if args.sse else "mcp"
    provider = FakeAuthProvider(args.expires_in, args.decline)
    if args.client_id:
        provider.clients[args.client_id] = OAuthClientInformationFull(
            client_id=args.client_id,
            client_secret=args.client_secret,
            redirect_uris=[AnyUrl(args.redirect_uri)],
            token_endpoint_auth_method="client_secret_post" if args.client_secret else "none",
            grant_types=["authorization_code", "refresh_token"],
            response_types=["code"],
            scope=SCOPE,
        )
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        auth = AuthSettings(
            issuer_url=base,  # type: ignore[arg-type]
            resource_server_url=f"{base}/{path}",  # type: ignore[arg-type]
            client_registration_options=ClientRegistrationOptions(
                enabled=not args.no_dcr, valid_scopes=[SCOPE], default_scopes=[SCOPE]
            ),
            required_scopes=[SCOPE],
            validate_token_resource=False,
        )
    server = MCPServer("oauth-fake", auth_server_provider=provider, auth=auth, log_level="WARNING")

    @server.tool()
    def echo(text: str) -> str:
        """Return the text."""
        return f"echo: {text}"

    @server.tool()
    def oauth_stats() -> str:
        """Counts of registrations, authorisations and grants."""
        return json.dumps(provider.stats, sort_keys=True, separators=(",", ":"))

    app = server.sse_app(host="127.0.0.1") if args.sse else server.streamable_http_app(host="127.0.0.1")
    web = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning"))

    async def serve() -> None:
        task = asyncio.create_task(web.serve())
        while not web.started and not task.done():  # noqa: ASYNC110 - uvicorn offers only a flag
            await asyncio.sleep(0.02)
        print(f"oauth mcp: {base}/{path}", flush=True)  # only once it listens
        await task

    asyncio.run(serve())


if __name__ == "__main__":
    main()
