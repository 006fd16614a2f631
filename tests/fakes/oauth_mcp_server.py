"""A real MCP server over streamable HTTP on 127.0.0.1 that requires OAuth (tests only).

It is the SDK's own authorisation server (``mcp.server.auth``): protected-resource metadata,
authorisation-server metadata, dynamic client registration, ``/authorize`` that redirects to the
registered ``redirect_uri`` with ``code`` and ``state`` (the "user" always consents, or always
declines with ``--decline``), ``/token`` with ``authorization_code`` + PKCE S256 verification and
``refresh_token``. Redirect URIs are compared exactly, as the SDK does.

    python -m tests.fakes.oauth_mcp_server [--port N] [--expires-in S] [--decline] [--sse]
        [--client-id ID [--client-secret S] --redirect-uri URI] [--no-dcr]
        [--client-auth post|basic] [--client-credentials]

``--client-id`` pre-registers a client (public, or confidential with ``client_secret_post`` when
``--client-secret`` is given) whose only redirect URI is ``--redirect-uri``; ``--no-dcr`` turns
dynamic client registration off (no ``/register``, no ``registration_endpoint`` in the metadata).
``--client-auth basic``: the confidential client authenticates with ``client_secret_basic`` only,
and the metadata says so (``token_endpoint_auth_methods_supported: ["client_secret_basic"]``).
``--client-credentials``: a machine-to-machine server: ``/token`` also takes the
``client_credentials`` grant from the pre-registered confidential client (counted as
``client_grants``), and the metadata lists it.

prints ``oauth mcp: http://127.0.0.1:PORT/mcp`` once it listens (``--port 0``: a free port). Tools: ``echo(text)`` and
``oauth_stats()`` (JSON counts of registrations, authorisations and grants, so tests can tell a
refresh from a new browser round trip).
"""

from __future__ import annotations

import argparse
import asyncio
import base64
import json
import secrets
import socket
import time
import warnings
from typing import Any
from urllib.parse import parse_qs, unquote

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
        self.client_auth = "client_secret_post"
        self.client_credentials = False

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


JsonDict = dict[str, Any]


class Variants:
    """ASGI wrapper: the authorisation-server metadata as ``--client-auth``/``--client-credentials``
    make it, and the ``client_credentials`` grant the SDK's token endpoint does not have."""

    def __init__(self, app: Any, provider: FakeAuthProvider) -> None:
        self.app = app
        self.provider = provider

    async def __call__(self, scope: JsonDict, receive: Any, send: Any) -> None:
        path = scope.get("path", "") if scope["type"] == "http" else ""
        varied = self.provider.client_auth != "client_secret_post" or self.provider.client_credentials
        if varied and path.startswith("/.well-known/oauth-authorization-server"):
            await self.app(scope, receive, self._metadata(send))
            return
        if path == "/token" and self.provider.client_credentials:
            body = b""
            while True:
                message = await receive()
                body += message.get("body", b"")
                if not message.get("more_body"):
                    break
            form = {k: v[0] for k, v in parse_qs(body.decode()).items()}
            if form.get("grant_type") == "client_credentials":
                await self._client_grant(scope, form, send)
                return
            replay = [{"type": "http.request", "body": body, "more_body": False}]

            async def again() -> Any:
                return replay.pop() if replay else await receive()

            await self.app(scope, again, send)
            return
        await self.app(scope, receive, send)

    def _metadata(self, send: Any) -> Any:
        held: JsonDict = {}

        async def rewrite(message: JsonDict) -> None:
            if message["type"] == "http.response.start":
                held.update(message)
                return
            data = json.loads(message.get("body", b"") or b"{}")
            methods = [self.provider.client_auth]
            data["token_endpoint_auth_methods_supported"] = methods
            if self.provider.client_credentials:
                data["grant_types_supported"] = [*data.get("grant_types_supported", []), "client_credentials"]
            body = json.dumps(data).encode()
            headers = [(k, v) for k, v in held.get("headers", []) if k.lower() != b"content-length"]
            await send({**held, "headers": [*headers, (b"content-length", str(len(body)).encode())]})
            await send({"type": "http.response.body", "body": body})

        return rewrite

    async def _client_grant(self, scope: JsonDict, form: dict[str, str], send: Any) -> None:
        header = dict(scope.get("headers", [])).get(b"authorization", b"").decode()
        client_id, secret = form.get("client_id", ""), form.get("client_secret", "")
        if header.lower().startswith("basic "):
            client_id, _, secret = base64.b64decode(header[6:]).decode().partition(":")
            client_id, secret = unquote(client_id), unquote(secret)
            method = "client_secret_basic"
        else:
            method = "client_secret_post"
        client = self.provider.clients.get(client_id)
        status, answer = 200, {}
        if client is None or not client.client_secret or client.client_secret != secret:
            status, answer = 401, {"error": "invalid_client"}
        elif method != self.provider.client_auth:
            status, answer = (
                401,
                {"error": "invalid_client", "error_description": f"{method} is not accepted"},
            )
        else:
            self.provider.stats["client_grants"] = self.provider.stats.get("client_grants", 0) + 1
            answer = self.provider._issue(client_id, [SCOPE], form.get("resource")).model_dump(
                exclude_none=True
            )
        if status != 200:
            self.provider.stats["rejected"] += 1
        body = json.dumps(answer).encode()
        headers = [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode())]
        await send({"type": "http.response.start", "status": status, "headers": headers})
        await send({"type": "http.response.body", "body": body})


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
    ap.add_argument(
        "--client-auth", choices=("post", "basic"), default="post", help="how the client authenticates"
    )
    ap.add_argument("--client-credentials", action="store_true", help="also the client_credentials grant")
    args = ap.parse_args()
    port = args.port or free_port()
    base = f"http://127.0.0.1:{port}"
    path = "sse" if args.sse else "mcp"
    provider = FakeAuthProvider(args.expires_in, args.decline)
    provider.client_auth = f"client_secret_{args.client_auth}"
    provider.client_credentials = args.client_credentials
    if args.client_id:
        provider.clients[args.client_id] = OAuthClientInformationFull(
            client_id=args.client_id,
            client_secret=args.client_secret,
            redirect_uris=[AnyUrl(args.redirect_uri)],
            token_endpoint_auth_method=provider.client_auth if args.client_secret else "none",
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
    web = uvicorn.Server(
        uvicorn.Config(Variants(app, provider), host="127.0.0.1", port=port, log_level="warning")
    )

    async def serve() -> None:
        task = asyncio.create_task(web.serve())
        while not web.started and not task.done():  # noqa: ASYNC110 - uvicorn offers only a flag
            await asyncio.sleep(0.02)
        print(f"oauth mcp: {base}/{path}", flush=True)  # only once it listens
        await task

    asyncio.run(serve())


if __name__ == "__main__":
    main()
