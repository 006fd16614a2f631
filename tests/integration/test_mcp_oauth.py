"""OAuth sign-in for remote MCP servers, end to end: a real OAuth-protected MCP server subprocess
(tests/fakes/oauth_mcp_server.py, the SDK's own authorisation server), the real SDK OAuth client,
the loopback callback and keyrings.alt's file backend in tmp. The "browser" is a hook that fetches
the authorisation URL with httpx and follows the redirect to the loopback callback.

Over 400 lines: every sign-in path (first sign-in, refresh, expiry after a restart, pre-registered
and confidential clients, decline, time-out, sign-out) is one end-to-end run against one server."""

from __future__ import annotations

import asyncio
import base64
import hashlib
import json
import re
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlencode, urlsplit, urlunsplit

import httpx
import keyring
import pytest

from core.config import McpServer, McpSettings, OAuthSettings, config_to_json, parse_config
from core.log import LOG
from core.mcp import McpToolProvider
from core.mcp.oauth_tokens import forget, keyring_user, signed_in
from core.mcp.stderr import STDERR_KEEP_BYTES
from core.tool import AgentTool, ToolContext, ToolReturn
from tests.fakes.configs import configured_server
from tests.fakes.logs import log_lines
from tests.fakes.servers import FAST, free_port, start_camera, start_oauth, stop

ROOT = Path(__file__).resolve().parents[2]
AGENT = "agent_7"
TOKEN = re.compile(r"\b(at|rt)-[A-Za-z0-9_-]{20,}")


@pytest.fixture
def oauth_url() -> Iterator[str]:
    proc, url = start_oauth()
    yield url
    stop(proc)


class ShiftedTime:
    """The ``time`` module as the SDK's OAuth client sees it, with a wall clock that ``advance``
    moves forward: an access token expires while connected without the test waiting for it."""

    def __init__(self) -> None:
        self.offset = 0.0

    def time(self) -> float:
        return time.time() + self.offset

    def advance(self, seconds: float) -> None:
        self.offset += seconds

    def __getattr__(self, name: str) -> Any:
        return getattr(time, name)


@pytest.fixture
def sdk_clock(monkeypatch: pytest.MonkeyPatch) -> ShiftedTime:
    """The clock of the SDK's token expiry (computed in auth_utils, checked in oauth2)."""
    import mcp.client.auth.oauth2
    import mcp.shared.auth_utils

    clock = ShiftedTime()
    monkeypatch.setattr(mcp.client.auth.oauth2, "time", clock)
    monkeypatch.setattr(mcp.shared.auth_utils, "time", clock)
    return clock


def expire_stored(server: str, url: str) -> None:
    """Write the stored tokens of ``server`` back as expired (as if their lifetime had passed)."""
    user = keyring_user(server, url)
    data = json.loads(keyring.get_password("fuseforks", user) or "{}")
    data["expires_at"] = time.time() - 1
    keyring.set_password("fuseforks", user, json.dumps(data, sort_keys=True))


class Browser:
    """The person's browser: opens the authorisation URL and follows redirects (to the callback).

    ``tamper`` rewrites the authorisation URL first (an attacker in the middle); ``deliver``
    replaces what the browser does with the redirect the authorisation server answered."""

    def __init__(
        self,
        tamper: Callable[[str], str] | None = None,
        deliver: Callable[[str], str] | None = None,
        delay: float = 0.0,
    ) -> None:
        self.opened: list[str] = []
        self.pages: list[tuple[int, str]] = []
        self.tamper = tamper
        self.deliver = deliver
        self.delay = delay

    def __call__(self, url: str) -> bool:
        self.opened.append(url)
        time.sleep(self.delay)
        with httpx.Client(trust_env=False, timeout=10) as http:
            first = http.get(self.tamper(url) if self.tamper else url)
            assert first.status_code == 302, first.text
            location = first.headers["location"]
            page = http.get(self.deliver(location) if self.deliver else location)
        self.pages.append((page.status_code, page.text))
        return True


def oauth_server(url: str, name: str = "secure", **kw: Any) -> McpServer:
    kw.setdefault("oauth", OAuthSettings(scopes="camera"))
    kw.setdefault("transport", "http")
    return McpServer(name=name, url=url, **kw)


def ctx() -> ToolContext:
    return ToolContext(AGENT, "en")


def by_name(tools: list[AgentTool]) -> dict[str, AgentTool]:
    return {t.name: t for t in tools}


async def call(tools: list[AgentTool], name: str, args: dict[str, Any] | None = None) -> ToolReturn:
    return await by_name(tools)[name].call_with_media(args or {}, ctx())


async def stats(tools: list[AgentTool]) -> dict[str, int]:
    got = await call(tools, "secure__oauth_stats")
    assert not got.is_error, got
    data: dict[str, int] = json.loads(got.output.text)
    return data


def stored(kr: Any, server: str, url: str) -> dict[str, Any]:
    """The JSON value the keyring (the file backend ``kr``) holds for ``server``."""
    assert Path(kr.file_path).exists()
    user = keyring_user(server, url)
    assert keyring.get_password("fuseforks", user) is not None
    data: dict[str, Any] = json.loads(keyring.get_password("fuseforks", user) or "{}")
    return data


def oauth_lines(path: Path) -> list[str]:
    return [line for line in log_lines(path) if line.startswith(("mcp oauth:", "mcp server"))]


def status_of(provider: McpToolProvider, server: str) -> tuple[str, str]:
    [status] = [s for s in provider.status(AGENT) if s.server == server]
    return status.state, status.error


# -- sign-in, reuse, refresh --------------------------------------------------------------------


@pytest.mark.asyncio
async def test_sign_in_then_tools_work_tokens_only_in_keyring_and_reused_without_browser(
    oauth_url: str, plaintext_keyring: Any, event_log: Path, capfd: pytest.CaptureFixture[str]
) -> None:
    browser = Browser()
    provider = McpToolProvider(language="en", settings=FAST, open_url=browser)
    try:
        tools = await provider.tools_for(AGENT, [oauth_server(oauth_url)])
        assert sorted(by_name(tools)) == ["secure__echo", "secure__oauth_stats"]
        got = await call(tools, "secure__echo", {"text": "hello"})
        assert (got.is_error, got.output.text) == (False, "echo: hello")
        assert await stats(tools) == {
            "authorized": 1,
            "code_grants": 1,
            "refresh_grants": 0,
            "registered": 1,
            "rejected": 0,
        }
    finally:
        await provider.close()
    assert len(browser.opened) == 1
    opened = parse_qs(urlsplit(browser.opened[0]).query)
    assert opened["code_challenge_method"] == ["S256"]
    assert opened["scope"] == ["camera"]
    [redirect] = opened["redirect_uri"]
    assert re.fullmatch(r"http://127\.0\.0\.1:\d+/callback", redirect)
    assert browser.pages[0][0] == 200
    assert "<h1>Signed in</h1>" in browser.pages[0][1]

    # The keyring holds tokens, their expiry and the registered client, under the server's user.
    data = stored(plaintext_keyring, "secure", oauth_url)
    assert sorted(data) == ["client_info", "expires_at", "tokens"]
    tokens = data["tokens"]
    assert TOKEN.fullmatch(tokens["access_token"]) and TOKEN.fullmatch(tokens["refresh_token"])
    assert (tokens["token_type"], tokens["scope"], tokens["expires_in"]) == ("Bearer", "camera", 3600)
    assert data["client_info"]["redirect_uris"] == [redirect]
    assert re.fullmatch(r"mcp-oauth:secure:[0-9a-f]{12}", keyring_user("secure", oauth_url))

    # ...and nowhere else: not in the config, not in the log, not in the test's output.
    config = json.dumps(
        config_to_json(
            parse_config(
                {
                    "templates": [{"name": "t", "protocol": "anthropic", "model": "m"}],
                    "agents": [{"id": AGENT, "name": "A", "template": "t"}],
                    "mcpServers": {
                        "secure": {"type": "http", "url": oauth_url, "oauth": {"scopes": "camera"}}
                    },
                }
            )
        )
    )
    log_text = event_log.read_text(encoding="utf-8")
    out, err = capfd.readouterr()
    for secret in (tokens["access_token"], tokens["refresh_token"]):
        assert secret not in config and secret not in log_text and secret not in out + err
        assert LOG.sanitize(f"x {secret} y") == "x [redacted] y"
    assert not TOKEN.search(log_text)
    state = parse_qs(urlsplit(browser.opened[0]).query)["state"][0]
    assert state not in log_text and "code=" not in log_text and "/authorize" not in log_text

    # A second connection (a new app start) uses the stored tokens: no browser.
    again = McpToolProvider(language="en", settings=FAST, open_url=browser)
    try:
        tools = await again.tools_for(AGENT, [oauth_server(oauth_url)])
        got = await call(tools, "secure__echo", {"text": "again"})
        assert got.output.text == "echo: again"
        assert (await stats(tools))["authorized"] == 1
    finally:
        await again.close()
    assert len(browser.opened) == 1
    assert [line.split(" ms=")[0] for line in oauth_lines(event_log)] == [
        "mcp oauth: agent=agent_7 server=secure action=browser",
        "mcp oauth: agent=agent_7 server=secure action=authorized",
        "mcp server connected: agent=agent_7 server=secure tools=2",
        "mcp server connected: agent=agent_7 server=secure tools=2",
    ]


@pytest.mark.asyncio
async def test_expired_access_token_is_refreshed_in_session_and_from_the_keyring(
    plaintext_keyring: Any, event_log: Path, sdk_clock: ShiftedTime
) -> None:
    proc, url = start_oauth()  # tokens live an hour
    browser = Browser()
    try:
        provider = McpToolProvider(language="en", settings=FAST, open_url=browser)
        try:
            tools = await provider.tools_for(AGENT, [oauth_server(url)])
            first = stored(plaintext_keyring, "secure", url)["tokens"]
            sdk_clock.advance(3601)  # the access token expires while connected
            got = await call(tools, "secure__echo", {"text": "late"})
            assert got.output.text == "echo: late"
            counts = await stats(tools)
            assert (counts["authorized"], counts["code_grants"], counts["refresh_grants"]) == (1, 1, 1)
        finally:
            await provider.close()
        second = stored(plaintext_keyring, "secure", url)["tokens"]
        assert second["access_token"] != first["access_token"]
        assert second["refresh_token"] != first["refresh_token"]  # rotated and stored

        expire_stored("secure", url)  # now the stored one has expired too: refreshed before use
        again = McpToolProvider(language="en", settings=FAST, open_url=browser)
        try:
            tools = await again.tools_for(AGENT, [oauth_server(url)])
            counts = await stats(tools)
            assert (counts["authorized"], counts["refresh_grants"], counts["rejected"]) == (1, 2, 0)
        finally:
            await again.close()
    finally:
        stop(proc)
    assert len(browser.opened) == 1
    actions = [line.split("action=")[1] for line in log_lines(event_log) if line.startswith("mcp oauth:")]
    assert actions == ["browser", "authorized", "refreshed", "refreshed"]


@pytest.mark.asyncio
async def test_agents_sharing_a_server_sign_in_once(
    oauth_url: str, plaintext_keyring: Any, event_log: Path
) -> None:
    browser = Browser(delay=0.5)
    provider = McpToolProvider(language="en", settings=FAST, open_url=browser)
    agents = ["agent_1", "agent_2", "agent_3"]
    try:
        got = await asyncio.gather(*(provider.tools_for(a, [oauth_server(oauth_url)]) for a in agents))
        assert [sorted(by_name(tools)) for tools in got] == [["secure__echo", "secure__oauth_stats"]] * 3
        assert (await stats(got[2]))["authorized"] == 1
    finally:
        await provider.close()
    assert len(browser.opened) == 1
    actions = [line.split("action=")[1] for line in log_lines(event_log) if line.startswith("mcp oauth:")]
    assert actions == ["browser", "authorized"]


@pytest.mark.asyncio
async def test_sse_server_signs_in_the_same_way(plaintext_keyring: Any) -> None:
    proc, url = start_oauth("--sse")
    browser = Browser()
    try:
        for _ in range(2):
            provider = McpToolProvider(language="en", settings=FAST, open_url=browser)
            try:
                tools = await provider.tools_for(AGENT, [oauth_server(url, transport="sse")])
                got = await call(tools, "secure__echo", {"text": "sse"})
                assert (got.is_error, got.output.text) == (False, "echo: sse")
            finally:
                await provider.close()
    finally:
        stop(proc)
    assert len(browser.opened) == 1
    assert "tokens" in stored(plaintext_keyring, "secure", url)


# -- rejected flows -----------------------------------------------------------------------------


def _with_param(url: str, **values: str) -> str:
    parts = urlsplit(url)
    query = {k: v[0] for k, v in parse_qs(parts.query).items()}
    query.update(values)
    return urlunsplit(parts._replace(query=urlencode(query)))


@pytest.mark.asyncio
async def test_pkce_verifier_mismatch_is_rejected_by_the_server(
    oauth_url: str, plaintext_keyring: Any, event_log: Path
) -> None:
    # An attacker swaps the code challenge: the code is bound to a verifier the client never had.
    other = base64.urlsafe_b64encode(hashlib.sha256(b"x" * 64).digest()).decode().rstrip("=")
    browser = Browser(tamper=lambda url: _with_param(url, code_challenge=other))
    provider = McpToolProvider(language="en", settings=FAST, open_url=browser)
    try:
        assert await provider.tools_for(AGENT, [oauth_server(oauth_url)]) == []
        assert status_of(provider, "secure") == (
            "failed",
            "OAuth: token request failed (HTTP 400 invalid_grant)",
        )
    finally:
        await provider.close()
    assert "tokens" not in stored(plaintext_keyring, "secure", oauth_url)
    assert oauth_lines(event_log)[-1] == (
        'mcp server failed: agent=agent_7 server=secure error="OAuth: token request failed (HTTP 400 invalid_grant)"'
    )


@pytest.mark.asyncio
async def test_state_mismatch_is_rejected_by_the_callback(
    oauth_url: str, plaintext_keyring: Any, event_log: Path
) -> None:
    browser = Browser(deliver=lambda location: _with_param(location, state="forged-state-value"))
    provider = McpToolProvider(language="en", settings=FAST, open_url=browser)
    try:
        assert await provider.tools_for(AGENT, [oauth_server(oauth_url)]) == []
        assert status_of(provider, "secure") == (
            "failed",
            "OAuth: the OAuth callback came back with a different state",
        )
    finally:
        await provider.close()
    assert browser.pages[0][0] == 400
    assert "<h1>Sign-in failed</h1>" in browser.pages[0][1]
    assert "tokens" not in stored(plaintext_keyring, "secure", oauth_url)
    assert [line.split(" ms=")[0] for line in oauth_lines(event_log)] == [
        "mcp oauth: agent=agent_7 server=secure action=browser",
        "mcp oauth: agent=agent_7 server=secure action=state-mismatch",
        'mcp server failed: agent=agent_7 server=secure error="OAuth: the OAuth callback came back with a '
        'different state"',
    ]
    assert "forged-state-value" not in event_log.read_text(encoding="utf-8")


@pytest.mark.asyncio
async def test_declined_sign_in_fails_that_server_and_the_agent_keeps_its_other_tools(
    plaintext_keyring: Any, event_log: Path
) -> None:
    proc, url = start_oauth("--decline")
    camera, camera_url = start_camera()
    browser = Browser()
    provider = McpToolProvider(language="en", settings=FAST, open_url=browser)
    try:
        tools = await provider.tools_for(
            AGENT, [oauth_server(url), McpServer(name="cam", transport="http", url=camera_url)]
        )
        assert "cam__live_view_image" in by_name(tools)
        assert not [name for name in by_name(tools) if name.startswith("secure__")]
        assert status_of(provider, "secure") == ("failed", "OAuth: authorisation declined (access_denied)")
        assert status_of(provider, "cam")[0] == "connected"
        shot = await call(tools, "cam__live_view_image")
        assert not shot.is_error and len(shot.output.images) == 1
    finally:
        await provider.close()
        stop(proc)
        stop(camera)
    assert browser.pages[0][0] == 200 and "<h1>Sign-in declined</h1>" in browser.pages[0][1]
    lines = oauth_lines(event_log)
    assert "mcp oauth: agent=agent_7 server=secure action=declined" in lines
    assert (
        'mcp server failed: agent=agent_7 server=secure error="OAuth: authorisation declined (access_denied)"'
        in lines
    )


@pytest.mark.asyncio
async def test_headless_without_browser_fails_at_once_with_a_clear_reason(
    oauth_url: str, plaintext_keyring: Any, event_log: Path
) -> None:
    provider = McpToolProvider(language="en", settings=FAST)  # no open_url hook
    started = time.monotonic()
    try:
        assert await provider.tools_for(AGENT, [oauth_server(oauth_url)]) == []
        assert status_of(provider, "secure") == (
            "failed",
            "OAuth: the server needs a browser sign-in and no browser is available",
        )
    finally:
        await provider.close()
    assert time.monotonic() - started < FAST.connect_timeout_s  # did not wait for a timeout
    assert [line.split(" ms=")[0] for line in oauth_lines(event_log)] == [
        "mcp oauth: agent=agent_7 server=secure action=no-browser",
        'mcp server failed: agent=agent_7 server=secure error="OAuth: the server needs a browser sign-in and '
        'no browser is available"',
    ]


@pytest.mark.asyncio
async def test_no_callback_in_time_fails_with_timeout(
    oauth_url: str, plaintext_keyring: Any, event_log: Path
) -> None:
    opened: list[str] = []
    provider = McpToolProvider(language="en", settings=FAST, open_url=opened.append, oauth_timeout_s=1.0)
    try:
        assert await provider.tools_for(AGENT, [oauth_server(oauth_url)]) == []
        assert status_of(provider, "secure") == (
            "failed",
            "OAuth: no answer from the authorisation page within 1 s",
        )
    finally:
        await provider.close()
    assert len(opened) == 1
    assert "mcp oauth: agent=agent_7 server=secure action=timeout" in oauth_lines(event_log)


@pytest.mark.asyncio
async def test_time_on_the_sign_in_page_does_not_count_against_the_connect_timeout(
    oauth_url: str, plaintext_keyring: Any
) -> None:
    browser = Browser(delay=2.5)  # the person takes longer than connect_timeout_s
    provider = McpToolProvider(language="en", settings=McpSettings(connect_timeout_s=2.0), open_url=browser)
    try:
        tools = await provider.tools_for(AGENT, [oauth_server(oauth_url)])
        assert status_of(provider, "secure") == ("connected", "")
        assert sorted(by_name(tools)) == ["secure__echo", "secure__oauth_stats"]
        assert (await call(tools, "secure__echo", {"text": "slow"})).output.text == "echo: slow"
    finally:
        await provider.close()


# -- automatic sign-in on 401 -------------------------------------------------------------------


@pytest.mark.asyncio
async def test_unconfigured_server_answering_401_signs_in_unless_oauth_is_false(
    oauth_url: str, plaintext_keyring: Any, event_log: Path
) -> None:
    browser = Browser()
    provider = McpToolProvider(language="en", settings=FAST, open_url=browser)
    try:
        plain = McpServer(name="secure", transport="http", url=oauth_url)  # no "oauth" key
        tools = await provider.tools_for(AGENT, [plain])
        assert (await call(tools, "secure__echo", {"text": "auto"})).output.text == "echo: auto"
        never = McpServer(name="secure", transport="http", url=oauth_url, oauth_auto=False)
        assert await provider.tools_for(AGENT, [never]) == []
        state, error = status_of(provider, "secure")
        assert state == "failed" and not error.startswith("OAuth")
    finally:
        await provider.close()
    assert len(browser.opened) == 1
    assert [line.split(" ms=")[0] for line in oauth_lines(event_log)][:4] == [
        "mcp oauth: agent=agent_7 server=secure action=required",
        "mcp oauth: agent=agent_7 server=secure action=browser",
        "mcp oauth: agent=agent_7 server=secure action=authorized",
        "mcp server connected: agent=agent_7 server=secure tools=2",
    ]


# -- pre-registered clients ---------------------------------------------------------------------

CLIENT_SECRET = "confidential-client-secret-4d1c9a7e"


def start_pre_registered(port: int, *extra: str) -> tuple[subprocess.Popen[str], str]:
    return start_oauth("--redirect-uri", f"http://127.0.0.1:{port}/callback", *extra)


@pytest.mark.asyncio
async def test_pre_registered_public_client_signs_in_without_registration(
    plaintext_keyring: Any, event_log: Path
) -> None:
    port = free_port()
    proc, url = start_pre_registered(port, "--client-id", "fuseforks-public", "--no-dcr")
    browser = Browser()
    server = configured_server(
        url, {"scopes": "camera", "client_id": "fuseforks-public", "redirect_port": port}
    )
    try:
        for _ in range(2):  # the second start uses the stored tokens
            provider = McpToolProvider(language="en", settings=FAST, open_url=browser)
            try:
                tools = await provider.tools_for(AGENT, [server])
                assert status_of(provider, "secure") == ("connected", "")
                got = await call(tools, "secure__echo", {"text": "public"})
                assert (got.is_error, got.output.text) == (False, "echo: public")
                assert await stats(tools) == {
                    "authorized": 1,
                    "code_grants": 1,
                    "refresh_grants": 0,
                    "registered": 0,
                    "rejected": 0,
                }
            finally:
                await provider.close()
    finally:
        stop(proc)
    assert len(browser.opened) == 1
    opened = parse_qs(urlsplit(browser.opened[0]).query)
    assert opened["client_id"] == ["fuseforks-public"]
    assert opened["redirect_uri"] == [f"http://127.0.0.1:{port}/callback"]
    data = stored(plaintext_keyring, "secure", url)
    assert sorted(data) == ["expires_at", "tokens"]  # the given client is not stored
    assert [line.split(" ms=")[0] for line in oauth_lines(event_log)] == [
        "mcp oauth: agent=agent_7 server=secure action=browser",
        "mcp oauth: agent=agent_7 server=secure action=authorized",
        "mcp server connected: agent=agent_7 server=secure tools=2",
        "mcp server connected: agent=agent_7 server=secure tools=2",
    ]


@pytest.mark.asyncio
async def test_confidential_client_secret_comes_from_the_keyring_and_is_never_shown(
    plaintext_keyring: Any, event_log: Path, capfd: pytest.CaptureFixture[str], sdk_clock: ShiftedTime
) -> None:
    port = free_port()
    proc, url = start_pre_registered(port, "--client-id", "fuseforks-conf", "--client-secret", CLIENT_SECRET)
    keyring.set_password("fuseforks", "mcp:CAM_OAUTH", CLIENT_SECRET)
    oauth = {"client_id": "fuseforks-conf", "client_secret": "${secret:CAM_OAUTH}", "redirect_port": port}
    server = configured_server(url, oauth)
    browser = Browser()
    provider = McpToolProvider(language="en", settings=FAST, open_url=browser)
    try:
        tools = await provider.tools_for(AGENT, [server])
        assert status_of(provider, "secure") == ("connected", "")
        sdk_clock.advance(3601)  # the access token expires: the refresh authenticates with the secret
        got = await call(tools, "secure__echo", {"text": "confidential"})
        assert (got.is_error, got.output.text) == (False, "echo: confidential")
        assert await stats(tools) == {
            "authorized": 1,
            "code_grants": 1,
            "refresh_grants": 1,
            "registered": 0,  # DCR is on, but a given client_id is never registered again
            "rejected": 0,
        }
    finally:
        await provider.close()
        stop(proc)
    assert len(browser.opened) == 1
    assert sorted(stored(plaintext_keyring, "secure", url)) == ["expires_at", "tokens"]
    assert CLIENT_SECRET not in (keyring.get_password("fuseforks", keyring_user("secure", url)) or "")
    config = json.dumps(
        config_to_json(
            parse_config(
                {
                    "templates": [{"name": "t", "protocol": "anthropic", "model": "m"}],
                    "agents": [{"id": AGENT, "name": "A", "template": "t"}],
                    "mcpServers": {"secure": {"type": "http", "url": url, "oauth": oauth}},
                }
            )
        )
    )
    assert '"client_secret": "${secret:CAM_OAUTH}"' in config
    out, err = capfd.readouterr()
    log_text = event_log.read_text(encoding="utf-8")
    for text in (config, log_text, out + err, browser.opened[0]):
        assert CLIENT_SECRET not in text
    assert LOG.sanitize(f"x {CLIENT_SECRET} y") == "x [redacted] y"
    actions = [line.split("action=")[1] for line in log_lines(event_log) if line.startswith("mcp oauth:")]
    assert actions == ["browser", "authorized", "refreshed"]


@pytest.mark.asyncio
async def test_wrong_client_secret_fails_the_server_with_a_clear_reason(
    plaintext_keyring: Any, event_log: Path, capfd: pytest.CaptureFixture[str]
) -> None:
    port = free_port()
    proc, url = start_pre_registered(port, "--client-id", "fuseforks-conf", "--client-secret", CLIENT_SECRET)
    wrong = "not-the-client-secret-81be2f"
    keyring.set_password("fuseforks", "mcp:CAM_OAUTH", wrong)
    server = configured_server(
        url, {"client_id": "fuseforks-conf", "client_secret": "${secret:CAM_OAUTH}", "redirect_port": port}
    )
    browser = Browser()
    provider = McpToolProvider(language="en", settings=FAST, open_url=browser)
    try:
        assert await provider.tools_for(AGENT, [server]) == []
        assert status_of(provider, "secure") == (
            "failed",
            "OAuth: token request failed (HTTP 401 invalid_client); the client id or secret was not accepted",
        )
    finally:
        await provider.close()
        stop(proc)
    assert len(browser.opened) == 1
    assert "tokens" not in json.loads(keyring.get_password("fuseforks", keyring_user("secure", url)) or "{}")
    assert oauth_lines(event_log)[-1] == (
        'mcp server failed: agent=agent_7 server=secure error="OAuth: token request failed '
        '(HTTP 401 invalid_client); the client id or secret was not accepted"'
    )
    out, err = capfd.readouterr()
    for text in (event_log.read_text(encoding="utf-8"), out + err):
        assert wrong not in text and CLIENT_SECRET not in text


@pytest.mark.asyncio
async def test_client_secret_not_in_the_keyring_fails_before_the_browser(
    plaintext_keyring: Any, event_log: Path
) -> None:
    port = free_port()
    proc, url = start_pre_registered(port, "--client-id", "fuseforks-conf", "--client-secret", CLIENT_SECRET)
    server = configured_server(
        url,
        {
            "client_id": "fuseforks-conf",
            "client_secret": "${secret:CAM_OAUTH_MISSING}",
            "redirect_port": port,
        },
    )
    browser = Browser()
    provider = McpToolProvider(language="en", settings=FAST, open_url=browser)
    try:
        assert await provider.tools_for(AGENT, [server]) == []
        assert status_of(provider, "secure") == (
            "failed",
            "secret CAM_OAUTH_MISSING is not set (keyring user mcp:CAM_OAUTH_MISSING or environment "
            "variable CAM_OAUTH_MISSING)",
        )
    finally:
        await provider.close()
        stop(proc)
    assert browser.opened == []


# -- sign out -----------------------------------------------------------------------------------


@pytest.mark.asyncio
async def test_sign_out_forgets_the_tokens_and_the_next_start_signs_in_again(
    oauth_url: str, plaintext_keyring: Any, event_log: Path
) -> None:
    browser = Browser()
    for expected_browser in (1, 2):
        provider = McpToolProvider(language="en", settings=FAST, open_url=browser)
        try:
            tools = await provider.tools_for(AGENT, [oauth_server(oauth_url)])
            assert (await call(tools, "secure__echo", {"text": "x"})).output.text == "echo: x"
        finally:
            await provider.close()
        assert len(browser.opened) == expected_browser
        assert signed_in("secure", oauth_url) is True
        assert forget("secure", oauth_url) is True
        assert keyring.get_password("fuseforks", keyring_user("secure", oauth_url)) is None
        assert signed_in("secure", oauth_url) is False
    actions = [line for line in log_lines(event_log) if line.startswith("mcp oauth:")]
    assert actions == [
        "mcp oauth: agent=agent_7 server=secure action=browser",
        "mcp oauth: agent=agent_7 server=secure action=authorized",
        "mcp oauth: agent=- server=secure action=signed-out",
        "mcp oauth: agent=agent_7 server=secure action=browser",
        "mcp oauth: agent=agent_7 server=secure action=authorized",
        "mcp oauth: agent=- server=secure action=signed-out",
    ]


# -- bounded stdio stderr (same issue) ----------------------------------------------------------


@pytest.mark.asyncio
async def test_stdio_stderr_is_bounded_and_the_tail_still_reported(event_log: Path) -> None:
    noisy = McpServer(
        name="noisy",
        transport="stdio",
        command=sys.executable,
        args=[
            "-c",
            "import sys\n"
            "for i in range(20000): sys.stderr.write(f'line {i:05d} ' + 'x' * 90 + '\\n')\n"
            "sys.stderr.write('fatal: no camera\\n'); sys.exit(3)",
        ],
    )
    provider = McpToolProvider(language="en", settings=FAST)
    try:
        assert await provider.tools_for(AGENT, [noisy]) == []
        conn = provider._conns[AGENT]["noisy"]
        assert conn._stderr is not None
        assert conn._stderr.size() == STDERR_KEEP_BYTES  # 2,040,017 bytes written, 64 KiB kept
        assert conn._stderr.dropped == 20000 * 102 + len("fatal: no camera\n") - STDERR_KEEP_BYTES
        [status] = provider.status(AGENT)
        assert status.stderr_tail.endswith("line 19999 " + "x" * 90 + "\nfatal: no camera")
        assert len(status.stderr_tail) == 600
    finally:
        await provider.close()
    [failed] = [line for line in log_lines(event_log) if line.startswith("mcp server failed:")]
    assert failed.endswith("| line 19999 " + "x" * 90 + " | fatal: no camera")
