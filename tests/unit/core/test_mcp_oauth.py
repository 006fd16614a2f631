"""OAuth parts without an MCP server: keyring token storage (keyrings.alt file backend in tmp), the
loopback callback (real sockets on 127.0.0.1), error reasons, the headless redirect and the
``"oauth"`` server config key.

Over 400 lines: the four parts of the sign-in (token storage, callback, errors, config) are tested
here together because they share the keyring and socket fixtures."""

from __future__ import annotations

import asyncio
import hashlib
import json
import socket
from pathlib import Path
from typing import Any

import httpx
import keyring
import pytest
from keyring.backends import fail
from mcp.client.auth import OAuthFlowError, OAuthRegistrationError, OAuthTokenError
from mcp.shared.auth import OAuthClientInformationFull, OAuthToken
from pydantic import AnyUrl

from core import config as config_mod
from core.config import ConfigError, McpServer, OAuthSettings, config_to_json, parse_config
from core.log import LOG
from core.mcp import oauth as oauth_mod
from core.mcp.oauth import McpOAuth
from core.mcp.oauth_callback import LoopbackCallback, reserve_port
from core.mcp.oauth_errors import (
    OAuthBrowserUnavailable,
    OAuthCallbackUnavailable,
    OAuthDeclined,
    OAuthStateMismatch,
    OAuthTimeout,
    describe_oauth_error,
)
from core.mcp.oauth_tokens import KeyringTokenStorage, forget, keyring_user, signed_in
from tests.fakes.logs import log_lines

URL = "https://mcp.example.test/mcp"
NOW = 1_800_000_000.0


def raw(server: str = "cam", url: str = URL) -> dict[str, Any]:
    value = keyring.get_password("fuseforks", keyring_user(server, url))
    assert value is not None
    data: dict[str, Any] = json.loads(value)
    return data


def client_info(port: int) -> OAuthClientInformationFull:
    return OAuthClientInformationFull(
        client_id="client-1",
        redirect_uris=[AnyUrl(f"http://127.0.0.1:{port}/callback")],
        token_endpoint_auth_method="none",
        grant_types=["authorization_code", "refresh_token"],
    )


# -- storage ------------------------------------------------------------------------------------


def test_keyring_user_names_server_and_url_hash() -> None:
    digest = hashlib.sha256(URL.encode()).hexdigest()[:12]
    assert keyring_user("cam", URL) == f"mcp-oauth:cam:{digest}"
    assert keyring_user("cam", URL + "/other") != keyring_user("cam", URL)


@pytest.mark.asyncio
async def test_tokens_round_trip_with_absolute_expiry(
    plaintext_keyring: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(oauth_mod.time, "time", lambda: NOW)
    storage = KeyringTokenStorage("cam", URL)
    assert await storage.get_tokens() is None
    await storage.set_tokens(
        OAuthToken(
            access_token="access-token-one-1234",
            refresh_token="refresh-one-1234",
            expires_in=600,
            scope="a b",
        )
    )
    assert raw() == {
        "expires_at": NOW + 600,
        "tokens": {
            "access_token": "access-token-one-1234",
            "expires_in": 600,
            "refresh_token": "refresh-one-1234",
            "scope": "a b",
            "token_type": "Bearer",
        },
    }
    monkeypatch.setattr(oauth_mod.time, "time", lambda: NOW + 250.5)
    got = await KeyringTokenStorage("cam", URL).get_tokens()  # a new process: from the keyring
    assert got is not None
    assert (got.access_token, got.refresh_token, got.expires_in, got.scope) == (
        "access-token-one-1234",
        "refresh-one-1234",
        349,
        "a b",
    )
    monkeypatch.setattr(oauth_mod.time, "time", lambda: NOW + 9999)
    expired = await storage.get_tokens()
    assert expired is not None and expired.expires_in == 0  # refreshed before use, never negative
    assert Path(plaintext_keyring.file_path).exists()


@pytest.mark.asyncio
async def test_tokens_read_from_the_keyring_are_registered_with_the_log(plaintext_keyring: Any) -> None:
    access, refresh = "at-never-seen-before-" + "q" * 8, "rt-never-seen-before-" + "z" * 8
    value = {"tokens": {"access_token": access, "refresh_token": refresh, "token_type": "Bearer"}}
    keyring.set_password("fuseforks", keyring_user("cam", URL), json.dumps(value))
    assert LOG.sanitize(f"a={access}") == f"a={access}"
    await KeyringTokenStorage("cam", URL).get_tokens()
    assert LOG.sanitize(f"a={access} r={refresh}") == "a=[redacted] r=[redacted]"


@pytest.mark.asyncio
async def test_client_info_kept_beside_tokens_and_dropped_when_the_redirect_differs(
    plaintext_keyring: Any,
) -> None:
    storage = KeyringTokenStorage("cam", URL, redirect_uri="http://127.0.0.1:40001/callback")
    await storage.set_tokens(OAuthToken(access_token="access-token-two-1234"))
    await storage.set_client_info(client_info(40001))
    assert sorted(raw()) == ["client_info", "expires_at", "tokens"]
    assert raw()["client_info"]["redirect_uris"] == ["http://127.0.0.1:40001/callback"]
    got = await storage.get_client_info()
    assert got is not None and got.client_id == "client-1"
    assert await storage.stored_redirect_port() == 40001
    other = KeyringTokenStorage("cam", URL, redirect_uri="http://127.0.0.1:40002/callback")
    assert await other.get_client_info() is None  # exact redirect match: register again
    assert await KeyringTokenStorage("cam", URL).get_client_info() is not None
    await storage.clear()
    assert keyring.get_password("fuseforks", keyring_user("cam", URL)) is None


@pytest.mark.asyncio
async def test_corrupt_keyring_value_reads_as_nothing(plaintext_keyring: Any) -> None:
    user = keyring_user("cam", URL)
    for value in ("not json", "[1, 2]", json.dumps({"tokens": {"token_type": "Bearer"}, "client_info": 5})):
        keyring.set_password("fuseforks", user, value)
        storage = KeyringTokenStorage("cam", URL)
        assert await storage.get_tokens() is None
        assert await storage.get_client_info() is None
        assert await storage.stored_redirect_port() is None


@pytest.mark.asyncio
async def test_without_a_usable_keyring_tokens_live_in_memory_only() -> None:
    old = keyring.get_keyring()
    keyring.set_keyring(fail.Keyring())
    try:
        storage = KeyringTokenStorage("cam", URL)
        await storage.set_tokens(OAuthToken(access_token="memory-token-1234"))
        got = await storage.get_tokens()
        assert got is not None and got.access_token == "memory-token-1234"
        assert await KeyringTokenStorage("cam", URL).get_tokens() is None  # nothing persisted
    finally:
        keyring.set_keyring(old)


# -- loopback callback --------------------------------------------------------------------------


async def fetch(url: str) -> httpx.Response:
    async with httpx.AsyncClient(trust_env=False) as http:
        return await http.get(url)


@pytest.mark.asyncio
async def test_callback_resolves_code_and_state_then_stops_listening() -> None:
    cb = LoopbackCallback()
    await cb.start("s1")
    assert cb.port > 0 and cb.redirect_uri == f"http://127.0.0.1:{cb.port}/callback"
    assert (await fetch(f"http://127.0.0.1:{cb.port}/favicon.ico")).status_code == 404
    page = await fetch(f"{cb.redirect_uri}?code=abc&state=s1")
    assert page.status_code == 200
    assert page.headers["content-type"] == "text/html; charset=utf-8"
    assert "<h1>Signed in</h1><p>Fuseforks is authorised. You can close this tab.</p>" in page.text
    result = await cb.wait()
    assert (result.code, result.state, result.iss) == ("abc", "s1", None)
    with pytest.raises(httpx.ConnectError):
        await fetch(f"{cb.redirect_uri}?code=abc&state=s1")


@pytest.mark.asyncio
async def test_callback_rejects_a_different_state() -> None:
    cb = LoopbackCallback()
    await cb.start("expected")
    page = await fetch(f"{cb.redirect_uri}?code=abc&state=forged")
    assert page.status_code == 400
    assert "<h1>Sign-in failed</h1>" in page.text
    with pytest.raises(OAuthStateMismatch, match=r"^the OAuth callback came back with a different state$"):
        await cb.wait()


@pytest.mark.asyncio
@pytest.mark.parametrize(
    ("query", "reason"),
    [
        ("error=access_denied&state=s", "authorisation declined (access_denied)"),
        ("error=%3Cscript%3Ex&state=s", "authorisation declined (scriptx)"),
        ("state=s", "the OAuth callback carried no code"),
    ],
)
async def test_callback_error_or_no_code_is_a_declined_flow(query: str, reason: str) -> None:
    cb = LoopbackCallback()
    await cb.start("s")
    await fetch(f"{cb.redirect_uri}?{query}")
    with pytest.raises(OAuthDeclined) as info:
        await cb.wait()
    assert str(info.value) == reason


@pytest.mark.asyncio
async def test_callback_times_out_with_a_typed_error() -> None:
    cb = LoopbackCallback(timeout_s=0.2)
    await cb.start("s")
    with pytest.raises(OAuthTimeout, match=r"^no answer from the authorisation page within 0\.2 s$"):
        await cb.wait()


@pytest.mark.asyncio
async def test_callback_answers_409_after_it_is_done() -> None:
    cb = LoopbackCallback()
    await cb.start("s")
    await fetch(f"{cb.redirect_uri}?code=one&state=s")
    assert (await fetch(f"{cb.redirect_uri}?code=two&state=s")).status_code == 409
    assert (await cb.wait()).code == "one"


@pytest.mark.asyncio
async def test_callback_port_taken_is_a_typed_error() -> None:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        sock.listen()
        cb = LoopbackCallback(int(sock.getsockname()[1]))
        with pytest.raises(OAuthCallbackUnavailable, match=r"^cannot listen on 127\.0\.0\.1:"):
            await cb.start("s")


def test_reserve_port_prefers_the_stored_port_when_free() -> None:
    free = reserve_port()
    assert reserve_port(free) == free
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        sock.listen()
        taken = int(sock.getsockname()[1])
        other = reserve_port(taken)
        assert other != taken and other > 0


# -- reasons and the headless redirect ----------------------------------------------------------


def test_oauth_failures_are_described_without_secrets() -> None:
    body = '{"error":"invalid_grant","error_description":"incorrect code_verifier"}'
    assert describe_oauth_error(OAuthTokenError(f"Token exchange failed (400): {body}")) == (
        "OAuth: token request failed (HTTP 400 invalid_grant)"
    )
    assert (
        describe_oauth_error(
            OAuthTokenError('Token exchange failed (401): {"error":"invalid_client","error_description":"x"}')
        )
        == "OAuth: token request failed (HTTP 401 invalid_client); the client id or secret was not accepted"
    )
    assert describe_oauth_error(OAuthTokenError("Token exchange failed (502): <html>")) == (
        "OAuth: token request failed (HTTP 502)"
    )
    assert describe_oauth_error(OAuthRegistrationError("Registration failed: 400 secret-ish body")) == (
        "OAuth: client registration failed"
    )
    assert (
        describe_oauth_error(OAuthFlowError("State parameter mismatch: abc != def"))
        == "OAuth: state mismatch"
    )
    assert describe_oauth_error(OAuthTimeout("no answer")) == "OAuth: no answer"
    assert describe_oauth_error(ValueError("x")) is None


@pytest.mark.asyncio
async def test_headless_redirect_fails_at_once_and_logs_no_url(event_log: Path) -> None:
    server = McpServer(name="secure", transport="http", url=URL, oauth=OAuthSettings())
    auth = McpOAuth("agent_1", server, open_url=None)
    url = "https://as.example.test/authorize?state=very-secret-state&code_challenge=cc"
    with pytest.raises(OAuthBrowserUnavailable, match="no browser is available"):
        await auth._redirect(url)
    assert log_lines(event_log)[-1] == "mcp oauth: agent=agent_1 server=secure action=no-browser"
    assert "very-secret-state" not in event_log.read_text(encoding="utf-8")


@pytest.mark.asyncio
async def test_open_url_hooks_sync_false_and_async(event_log: Path) -> None:
    server = McpServer(name="secure", transport="http", url=URL)
    url = "https://as.example.test/authorize?state=s"
    refused = McpOAuth("agent_1", server, open_url=lambda u: False)
    with pytest.raises(OAuthBrowserUnavailable, match=r"^could not open the browser$"):
        await refused._redirect(url)
    seen: list[str] = []

    async def async_open(u: str) -> None:
        seen.append(u)

    ok = McpOAuth("agent_1", server, open_url=async_open, timeout_s=0.2)
    await ok.build()
    await ok._redirect(url)
    assert seen == [url] and ok.browser_opened == 1 and ok.waiting_since is not None
    with pytest.raises(OAuthTimeout):
        await ok._callback()
    assert ok.waiting_since is None and ok.person_s > 0
    assert [line.split("action=")[1] for line in log_lines(event_log) if "mcp oauth" in line] == [
        "browser",
        "browser",
        "timeout",
    ]


# -- config -------------------------------------------------------------------------------------

BASE: dict[str, Any] = {
    "templates": [{"name": "t", "protocol": "anthropic", "model": "m"}],
    "agents": [{"id": "agent_1", "name": "A", "template": "t"}],
}


def server_cfg(oauth: object, **extra: Any) -> dict[str, Any]:
    spec = {"type": "http", "url": "https://mcp.example.test/mcp", **extra}
    if oauth is not ...:
        spec["oauth"] = oauth
    return {**BASE, "mcpServers": {"secure": spec}}


@pytest.mark.parametrize(
    ("value", "oauth", "auto"),
    [
        (..., None, True),
        (True, OAuthSettings(), True),
        (False, None, False),
        ({}, OAuthSettings(), True),
        ({"scopes": " camera   files "}, OAuthSettings(scopes="camera files"), True),
        ({"client_name": "Village"}, OAuthSettings(client_name="Village"), True),
    ],
)
def test_oauth_config_values(value: object, oauth: OAuthSettings | None, auto: bool) -> None:
    cfg = parse_config(server_cfg(value))
    [server] = cfg.shared_mcp_servers
    assert (server.oauth, server.oauth_auto) == (oauth, auto)
    again = parse_config(config_to_json(cfg))  # round trip
    assert (again.shared_mcp_servers[0].oauth, again.shared_mcp_servers[0].oauth_auto) == (oauth, auto)


def test_oauth_config_json_form() -> None:
    out = config_to_json(parse_config(server_cfg({"scopes": "camera"})))
    assert out["mcpServers"]["secure"] == {
        "type": "http",
        "url": "https://mcp.example.test/mcp",
        "oauth": {"scopes": "camera", "client_name": "Fuseforks"},
    }
    assert config_to_json(parse_config(server_cfg(True)))["mcpServers"]["secure"]["oauth"] is True
    assert config_to_json(parse_config(server_cfg(False)))["mcpServers"]["secure"]["oauth"] is False
    assert "oauth" not in config_to_json(parse_config(server_cfg(...)))["mcpServers"]["secure"]


@pytest.mark.parametrize(
    ("value", "problem"),
    [
        (
            "yes",
            (
                "mcpServers.secure.oauth",
                'expected true, false or an object with scopes and client_name, got the string "yes"',
            ),
        ),
        (
            1,
            (
                "mcpServers.secure.oauth",
                "expected true, false or an object with scopes and client_name, got the number 1",
            ),
        ),
        ({"scopes": 5}, ("mcpServers.secure.oauth.scopes", "expected a string, got the number 5")),
        ({"scopes": " "}, ("mcpServers.secure.oauth.scopes", "expected a non-empty string")),
        ({"scopes": 'a"b'}, ("mcpServers.secure.oauth.scopes", "expected scope names separated by spaces")),
        ({"client_name": ""}, ("mcpServers.secure.oauth.client_name", "expected a non-empty string")),
    ],
)
def test_bad_oauth_values_are_reported(value: object, problem: tuple[str, str]) -> None:
    with pytest.raises(ConfigError) as info:
        parse_config(server_cfg(value))
    assert info.value.problems == [problem]


def test_oauth_on_a_stdio_server_is_a_problem_and_unknown_keys_warn() -> None:
    data = {**BASE, "mcpServers": {"local": {"command": "cam", "oauth": True}}}
    with pytest.raises(ConfigError) as info:
        parse_config(data)
    assert info.value.problems == [("mcpServers.local.oauth", "OAuth applies only to http and sse servers")]
    cfg = parse_config(server_cfg({"scope": "typo"}))
    assert cfg.warnings == ["mcpServers.secure.oauth.scope: unknown key (ignored)"]
    assert config_mod.OAuthSettings is OAuthSettings


@pytest.mark.asyncio
async def test_event_loop_not_blocked_by_keyring_reads(plaintext_keyring: Any) -> None:
    """Keyring access runs in a worker thread (a locked keyring may prompt)."""
    storage = KeyringTokenStorage("cam", URL)
    ticks = 0

    async def ticker() -> None:
        nonlocal ticks
        while True:
            ticks += 1
            await asyncio.sleep(0)

    task = asyncio.create_task(ticker())
    try:
        for _ in range(5):
            await storage.get_tokens()
    finally:
        task.cancel()
    assert ticks >= 5


# -- bounded stderr of stdio servers (same issue) -----------------------------------------------


def test_stderr_ring_keeps_only_the_last_bytes() -> None:
    from core.mcp.stderr import StderrRing

    ring = StderrRing(keep=1000)
    for i in range(500):
        ring.writer.write(f"line {i:03d} " + "y" * 20 + "\n")
    ring.writer.write("last words")
    ring.close()
    ring._thread.join(5)
    assert ring.size() == 1000
    assert ring.dropped == 500 * 30 + len("last words") - 1000
    assert ring.tail(40) == "line 499 " + "y" * 20 + "\nlast words"


# -- pre-registered clients ---------------------------------------------------------------------

LITERAL = "literal-client-secret-9f3a"


@pytest.mark.parametrize(
    ("value", "oauth"),
    [
        ({"client_id": "fuseforks-app"}, OAuthSettings(client_id="fuseforks-app")),
        (
            {"client_id": "app", "client_secret": "${secret:CAM_OAUTH}", "redirect_port": 53682},
            OAuthSettings(client_id="app", client_secret="${secret:CAM_OAUTH}", redirect_port=53682),
        ),
        ({"redirect_port": 1024}, OAuthSettings(redirect_port=1024)),
        ({"redirect_port": 65535}, OAuthSettings(redirect_port=65535)),
    ],
)
def test_pre_registered_client_config_values_round_trip(value: object, oauth: OAuthSettings) -> None:
    cfg = parse_config(server_cfg(value))
    [server] = cfg.shared_mcp_servers
    assert server.oauth == oauth
    again = parse_config(config_to_json(cfg))
    assert again.shared_mcp_servers[0].oauth == oauth


def test_client_secret_reference_is_a_secret_ref_of_the_server() -> None:
    cfg = parse_config(server_cfg({"client_id": "app", "client_secret": "${secret:CAM_OAUTH}"}))
    assert cfg.shared_mcp_servers[0].secret_refs() == ["CAM_OAUTH"]
    assert config_to_json(cfg)["mcpServers"]["secure"]["oauth"] == {
        "client_name": "Fuseforks",
        "client_id": "app",
        "client_secret": "${secret:CAM_OAUTH}",
    }


SECRET_PROBLEM = (
    "mcpServers.secure.oauth.client_secret",
    "secrets do not belong in this file; store the client secret in the keyring and reference it by "
    "name (${secret:NAME})",
)


@pytest.mark.parametrize(
    "secret", [LITERAL, "${secret:CAM_OAUTH} and more", "prefix ${secret:CAM_OAUTH}", 12345, ""]
)
def test_literal_client_secret_is_refused_and_never_echoed(secret: object) -> None:
    with pytest.raises(ConfigError) as info:
        parse_config(server_cfg({"client_id": "app", "client_secret": secret}))
    assert info.value.problems == [SECRET_PROBLEM]
    assert str(secret) not in str(info.value) or secret == ""


@pytest.mark.parametrize(
    ("value", "problem"),
    [
        (
            {"client_secret": "${secret:CAM_OAUTH}"},
            ("mcpServers.secure.oauth.client_secret", "a client secret needs a client_id"),
        ),
        ({"client_id": ""}, ("mcpServers.secure.oauth.client_id", "expected a non-empty string")),
        (
            {"client_id": "a b"},
            (
                "mcpServers.secure.oauth.client_id",
                "expected a client id without spaces or control characters",
            ),
        ),
        (
            {"redirect_port": 1023},
            ("mcpServers.secure.oauth.redirect_port", "expected a whole number from 1024 to 65535, got 1023"),
        ),
        (
            {"redirect_port": 65536},
            (
                "mcpServers.secure.oauth.redirect_port",
                "expected a whole number from 1024 to 65535, got 65536",
            ),
        ),
        (
            {"redirect_port": "8080"},
            (
                "mcpServers.secure.oauth.redirect_port",
                'expected a whole number from 1024 to 65535, got the string "8080"',
            ),
        ),
        (
            {"redirect_port": True},
            (
                "mcpServers.secure.oauth.redirect_port",
                "expected a whole number from 1024 to 65535, got the boolean true",
            ),
        ),
    ],
)
def test_bad_pre_registered_client_values_are_reported(value: object, problem: tuple[str, str]) -> None:
    with pytest.raises(ConfigError) as info:
        parse_config(server_cfg(value))
    assert info.value.problems == [problem]


@pytest.mark.asyncio
async def test_pre_registered_client_is_used_as_is_and_never_stored(plaintext_keyring: Any) -> None:
    port = reserve_port()
    settings = OAuthSettings(scopes="camera", client_id="app-7", redirect_port=port)
    server = McpServer(name="cam", transport="http", url=URL, oauth=settings)
    auth = McpOAuth("agent_1", server, open_url=None, client_secret="resolved-secret-value-77")
    await auth.build()
    assert auth.callback.port == port
    info = await auth.storage.get_client_info()
    assert info is not None
    assert (info.client_id, info.client_secret, info.token_endpoint_auth_method) == (
        "app-7",
        "resolved-secret-value-77",
        "client_secret_post",
    )
    assert [str(u) for u in info.redirect_uris or []] == [f"http://127.0.0.1:{port}/callback"]
    assert LOG.sanitize("x resolved-secret-value-77 y") == "x [redacted] y"
    await auth.storage.set_client_info(info)  # the SDK never registers, but if it did: not written
    assert keyring.get_password("fuseforks", keyring_user("cam", URL)) is None

    public = McpOAuth(
        "agent_1",
        McpServer(name="cam", transport="http", url=URL, oauth=OAuthSettings(client_id="app-8")),
        open_url=None,
    )
    await public.build()
    info = await public.storage.get_client_info()
    assert info is not None and (info.client_id, info.client_secret, info.token_endpoint_auth_method) == (
        "app-8",
        None,
        "none",
    )


@pytest.mark.asyncio
async def test_redirect_port_in_use_fails_instead_of_moving(plaintext_keyring: Any) -> None:
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        port = busy.getsockname()[1]
        settings = OAuthSettings(client_id="app", redirect_port=port)
        auth = McpOAuth(
            "agent_1",
            McpServer(name="cam", transport="http", url=URL, oauth=settings),
            open_url=lambda u: True,
        )
        await auth.build()
        assert auth.callback.redirect_uri == f"http://127.0.0.1:{port}/callback"
        with pytest.raises(OAuthCallbackUnavailable, match=rf"^cannot listen on 127\.0\.0\.1:{port} "):
            await auth._redirect("https://as.example.test/authorize?state=s")


# -- sign out -----------------------------------------------------------------------------------


@pytest.mark.asyncio
async def test_forget_deletes_tokens_and_writes_one_line(plaintext_keyring: Any, event_log: Path) -> None:
    storage = KeyringTokenStorage("cam", URL)
    assert signed_in("cam", URL) is False
    assert forget("cam", URL) is False  # nothing stored: no line
    await storage.set_client_info(client_info(43210))
    assert signed_in("cam", URL) is False  # a registration alone is not a sign-in
    await storage.set_tokens(OAuthToken(access_token="access-token-to-forget-1"))
    assert signed_in("cam", URL) is True
    assert signed_in("cam", "https://other.example.test/mcp") is False
    assert forget("cam", URL) is True
    assert keyring.get_password("fuseforks", keyring_user("cam", URL)) is None
    assert signed_in("cam", URL) is False
    assert await storage.get_tokens() is None
    assert [line for line in log_lines(event_log) if line.startswith("mcp oauth:")] == [
        "mcp oauth: agent=- server=cam action=signed-out"
    ]
    assert "access-token-to-forget-1" not in event_log.read_text(encoding="utf-8")
