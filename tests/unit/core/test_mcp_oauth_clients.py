"""The configured OAuth client's identity: the token-endpoint method from the server's metadata,
the Client ID Metadata Document URL, the ``client_credentials`` grant with a secret or a private
key (``private_key_jwt``), enterprise-managed authorisation (``identity_assertion``), and how the
configuration declares them."""

from __future__ import annotations

import base64
from typing import Any
from urllib.parse import parse_qs

import httpx2
import jwt
import pytest
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import ec, rsa
from mcp.client.auth.extensions.client_credentials import (
    ClientCredentialsOAuthProvider,
    PrivateKeyJWTOAuthProvider,
)
from mcp.shared.auth import OAuthMetadata

from core.config import ConfigError, McpServer, config_to_json, parse_config
from core.mcp.oauth import McpOAuth
from core.mcp.oauth_clients import AppProvider, signing_algorithm, token_auth_method

URL = "http://127.0.0.1:9/mcp"
CIMD = "https://fuseforks.example/oauth/client.json"


def cfg(oauth: object) -> dict[str, Any]:
    return {
        "templates": [{"name": "t", "protocol": "anthropic", "model": "m"}],
        "agents": [{"id": "a1", "name": "A", "template": "t"}],
        "mcpServers": {"secure": {"type": "http", "url": URL, "oauth": oauth}},
    }


def server(oauth: object) -> McpServer:
    [one] = parse_config(cfg(oauth)).shared_mcp_servers
    return one


def metadata(methods: list[str] | None) -> OAuthMetadata:
    data: dict[str, Any] = {
        "issuer": "http://127.0.0.1:9",
        "authorization_endpoint": "http://127.0.0.1:9/authorize",
        "token_endpoint": "http://127.0.0.1:9/token",
    }
    if methods is not None:
        data["token_endpoint_auth_methods_supported"] = methods
    return OAuthMetadata.model_validate(data)


def pem(key: Any) -> str:
    return key.private_bytes(
        serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8, serialization.NoEncryption()
    ).decode()


@pytest.mark.parametrize(
    ("methods", "chosen"),
    [
        (["client_secret_basic"], "client_secret_basic"),
        (["client_secret_post"], "client_secret_post"),
        (["client_secret_post", "client_secret_basic"], "client_secret_post"),
        (["client_secret_basic", "private_key_jwt"], "client_secret_basic"),
        (None, "client_secret_basic"),  # RFC 8414 §2: absent means client_secret_basic
        (["private_key_jwt"], "client_secret_post"),  # neither offered: as configured
    ],
)
def test_the_token_endpoint_method_comes_from_the_metadata(methods: list[str] | None, chosen: str) -> None:
    assert token_auth_method(metadata(methods), "client_secret_post") == chosen


def test_without_metadata_the_method_stays() -> None:
    assert token_auth_method(None, "client_secret_post") == "client_secret_post"


@pytest.mark.asyncio
async def test_a_client_metadata_document_url_is_offered_to_the_sdk(plaintext_keyring: Any) -> None:
    oauth = McpOAuth("a1", server({"client_metadata_url": CIMD}), open_url=None)
    auth = await oauth.build()
    assert isinstance(auth, AppProvider)
    assert auth.context.client_metadata_url == CIMD
    # a pre-registered client is used as is: no metadata document
    given = McpOAuth("a1", server({"client_id": "app", "client_metadata_url": CIMD}), open_url=None)
    auth = await given.build()
    assert isinstance(auth, AppProvider) and auth.context.client_metadata_url is None


@pytest.mark.parametrize(
    "url", ["http://fuseforks.example/c.json", "https://fuseforks.example/", "not a url"]
)
def test_a_client_metadata_document_url_must_be_https_with_a_path(url: str) -> None:
    with pytest.raises(ConfigError) as info:
        parse_config(cfg({"client_metadata_url": url}))
    assert info.value.problems == [
        ("mcpServers.secure.oauth.client_metadata_url", "expected an https:// URL with a path")
    ]


def test_the_new_settings_read_back_as_written() -> None:
    oauth = {
        "grant": "client_credentials",
        "client_id": "m2m",
        "private_key": "${secret:M2M_KEY}",
        "client_metadata_url": CIMD,
    }
    written = config_to_json(parse_config(cfg(oauth)))["mcpServers"]["secure"]["oauth"]
    assert {k: written[k] for k in oauth} == oauth
    assert parse_config(cfg(written)).shared_mcp_servers == parse_config(cfg(oauth)).shared_mcp_servers


@pytest.mark.parametrize(
    ("oauth", "problem"),
    [
        (
            {"grant": "client_credentials", "client_id": "m2m"},
            (
                "mcpServers.secure.oauth.grant",
                "client_credentials needs a client_id and a client_secret or private_key",
            ),
        ),
        (
            {"private_key": "${secret:K}"},
            ("mcpServers.secure.oauth.private_key", "a private key needs a client_id"),
        ),
        (
            {"client_id": "m2m", "private_key": "-----BEGIN PRIVATE KEY-----"},
            (
                "mcpServers.secure.oauth.private_key",
                "secrets do not belong in this file; store the private key in the keyring and reference it "
                "by name (${secret:NAME})",
            ),
        ),
    ],
)
def test_machine_to_machine_settings_are_checked(oauth: dict[str, Any], problem: tuple[str, str]) -> None:
    with pytest.raises(ConfigError) as info:
        parse_config(cfg(oauth))
    assert problem in info.value.problems


@pytest.mark.asyncio
async def test_client_credentials_with_a_secret_needs_no_browser(plaintext_keyring: Any) -> None:
    oauth = {"grant": "client_credentials", "client_id": "m2m", "client_secret": "${secret:S}"}
    built = await McpOAuth("a1", server(oauth), open_url=None, client_secret="s3cret-value-123").build()
    assert isinstance(built, ClientCredentialsOAuthProvider) and isinstance(built, AppProvider)


@pytest.mark.asyncio
async def test_client_credentials_with_a_private_key_sign_an_assertion_for_the_issuer(
    plaintext_keyring: Any,
) -> None:
    key = ec.generate_private_key(ec.SECP256R1())
    oauth = {"grant": "client_credentials", "client_id": "m2m", "private_key": "${secret:K}"}
    built = await McpOAuth("a1", server(oauth), open_url=None, private_key=pem(key)).build()
    assert isinstance(built, PrivateKeyJWTOAuthProvider)
    assertion = await built._assertion_provider("http://127.0.0.1:9")
    claims = jwt.decode(assertion, key.public_key(), algorithms=["ES256"], audience="http://127.0.0.1:9")
    assert (claims["iss"], claims["sub"]) == ("m2m", "m2m")


def test_the_signing_algorithm_follows_the_key() -> None:
    assert signing_algorithm(pem(ec.generate_private_key(ec.SECP384R1()))) == "ES384"
    assert signing_algorithm(pem(rsa.generate_private_key(public_exponent=65537, key_size=2048))) == "RS256"


ISSUER = "https://as.example.test"
IDP = "https://idp.example.test/token"
MCP_URL = "https://mcp.example.test/mcp"


def assertion_server(requests: list[httpx2.Request]) -> httpx2.MockTransport:
    """The MCP server (401 until a bearer), its authorisation server (basic only) and the IdP."""

    def handle(request: httpx2.Request) -> httpx2.Response:
        requests.append(request)
        url = str(request.url)
        if url.startswith(MCP_URL):
            if request.headers.get("authorization") == "Bearer at-1":
                return httpx2.Response(200, json={"ok": True})
            return httpx2.Response(401, headers={"www-authenticate": "Bearer"})
        if url.startswith(f"{ISSUER}/.well-known/oauth-authorization-server"):
            return httpx2.Response(
                200,
                json={
                    "issuer": ISSUER,
                    "authorization_endpoint": f"{ISSUER}/authorize",
                    "token_endpoint": f"{ISSUER}/token",
                    "token_endpoint_auth_methods_supported": ["client_secret_basic"],
                },
            )
        if url == IDP:
            return httpx2.Response(200, json={"access_token": "the-id-jag", "token_type": "N_A"})
        if url == f"{ISSUER}/token":
            return httpx2.Response(
                200, json={"access_token": "at-1", "token_type": "Bearer", "expires_in": 60}
            )
        return httpx2.Response(404)

    return httpx2.MockTransport(handle)


@pytest.mark.asyncio
async def test_identity_assertion_exchanges_the_id_token_then_authenticates_as_the_issuer_offers(
    plaintext_keyring: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    requests: list[httpx2.Request] = []
    transport = assertion_server(requests)
    real = httpx2.AsyncClient

    def mocked(*args: Any, **kw: Any) -> httpx2.AsyncClient:
        return real(*args, **{**kw, "transport": transport})

    monkeypatch.setattr(httpx2, "AsyncClient", mocked)  # the IdP exchange's own client
    oauth = {
        "grant": "identity_assertion",
        "client_id": "app",
        "client_secret": "${secret:S}",
        "issuer": ISSUER,
        "idp_token_endpoint": IDP,
        "idp_client_id": "idp-app",
        "id_token": "${secret:ID}",
    }
    entry = McpServer(name="secure", transport="http", url=MCP_URL, oauth=server(oauth).oauth)
    auth = await McpOAuth("a1", entry, open_url=None, client_secret="s3cret", id_token="the-id-token").build()
    async with real(transport=transport, auth=auth) as http:
        assert (await http.get(MCP_URL)).status_code == 200
    idp = next(r for r in requests if str(r.url) == IDP)
    form = parse_qs(idp.content.decode())
    assert form["subject_token"] == ["the-id-token"] and form["audience"] == [ISSUER]
    assert form["client_id"] == ["idp-app"] and form["resource"] == [MCP_URL]
    token = next(r for r in requests if str(r.url) == f"{ISSUER}/token")
    assert token.headers["authorization"] == "Basic " + base64.b64encode(b"app:s3cret").decode()
    body = parse_qs(token.content.decode())
    assert body["assertion"] == ["the-id-jag"] and "client_secret" not in body


def test_identity_assertion_needs_its_settings() -> None:
    with pytest.raises(ConfigError) as info:
        parse_config(cfg({"grant": "identity_assertion", "client_id": "app", "client_secret": "${secret:S}"}))
    assert (
        "mcpServers.secure.oauth.grant",
        "identity_assertion needs a client_id, client_secret, issuer, idp_token_endpoint and id_token",
    ) in info.value.problems


@pytest.mark.asyncio
async def test_client_credentials_with_an_issuer_go_only_to_that_server(plaintext_keyring: Any) -> None:
    oauth = {
        "grant": "client_credentials",
        "client_id": "m2m",
        "client_secret": "${secret:S}",
        "issuer": ISSUER,
    }
    built = await McpOAuth("a1", server(oauth), open_url=None, client_secret="s3cret-value-123").build()
    assert isinstance(built, ClientCredentialsOAuthProvider) and built._issuer == ISSUER
