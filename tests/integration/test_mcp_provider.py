"""McpToolProvider against the camera simulator as a real subprocess (stdio, streamable HTTP, SSE).

Over 400 lines: each transport is driven through the same life (connect, list, call, time out,
die, reconnect, close) against one real subprocess."""

from __future__ import annotations

import asyncio
import base64
import re
import shlex
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import mcp_types
import pytest

from core.config import McpServer, McpSettings
from core.log import LOG
from core.mcp import ElicitationAnswer, ElicitationRequest, McpTool, McpToolProvider
from core.tool import AgentTool, ToolContext, ToolReturn
from tests.fakes.logs import log_lines
from tests.fakes.servers import FAST, start_camera, stop

ROOT = Path(__file__).resolve().parents[2]
AGENT = "agent_9"
META = re.compile(r'^\{"height":424,"jpeg_bytes":(\d+),"seq":(\d+),"width":640\}$')


@pytest.fixture(scope="module")
def http_url() -> Iterator[str]:
    proc, url = start_camera("--control")
    yield url
    stop(proc)


def http_server(url: str, name: str = "cam", **kw: Any) -> McpServer:
    return McpServer(name=name, transport="http", url=url, **kw)


def stdio_server(name: str = "cam", *extra: str) -> McpServer:
    return McpServer(
        name=name,
        transport="stdio",
        command=sys.executable,
        args=["-m", "app.demo_camera", "--stdio", "--control", *extra],
        cwd=str(ROOT),
    )


def ctx(language: str = "en", image_results: bool = True) -> ToolContext:
    return ToolContext(AGENT, language, image_results=image_results)


def by_name(tools: list[AgentTool]) -> dict[str, AgentTool]:
    return {t.name: t for t in tools}


async def call(
    tools: list[AgentTool], name: str, args: dict[str, Any] | None = None, context: ToolContext | None = None
) -> ToolReturn:
    return await by_name(tools)[name].call_with_media(args or {}, context or ctx())


async def set_mode(tools: list[AgentTool], mode: str, seconds: float = 30.0) -> None:
    got = await call(tools, "cam__demo_set_mode", {"mode": mode, "seconds": seconds})
    assert got.output.text == f"mode={mode}", got


# mode → (expected text (regex), sent images [(media_type, w, h)], dropped reasons, is_error)
MODES: dict[str, tuple[str, list[tuple[str, int, int]], list[str], bool]] = {
    "jpeg": (META.pattern, [("image/jpeg", 640, 424)], [], False),
    "png": (
        r'\{"height":424,"jpeg_bytes":\d+,"seq":\d+,"width":640\}',
        [("image/jpeg", 640, 424)],
        [],
        False,
    ),
    "alpha": (r"\{.*\}", [("image/jpeg", 640, 424)], [], False),
    "webp": (r"\{.*\}", [("image/webp", 640, 424)], [], False),
    "mislabeled": (r"\{.*\}", [("image/jpeg", 640, 424)], [], False),
    "oversize": (
        r'\{"height":2650,"jpeg_bytes":\d+,"seq":\d+,"width":4000\}',
        [("image/jpeg", 1568, 1039)],
        [],
        False,
    ),
    "gif": (
        re.escape("(an image in an unsupported format (GIF) was not sent)") + r"\n\{.*\}",
        [],
        ["unsupported_format"],
        False,
    ),
    "corrupt": (
        re.escape("(an image could not be read and was not sent)") + r'\n\{"seq":\d+\}',
        [],
        ["unreadable"],
        False,
    ),
    "bad_base64": (
        re.escape("(an image could not be read and was not sent)") + r'\n\{"seq":\d+\}',
        [],
        ["unreadable"],
        False,
    ),
    "bomb": (
        re.escape("(an image was too large and was not sent)") + r'\n\{"seq":\d+\}',
        [],
        ["too_large"],
        False,
    ),
    "many": (
        r'\{"frames":6,"seq":\d+\}\n' + re.escape("(more than 4 images were returned; 2 were not sent)"),
        [("image/jpeg", 640, 424)] * 4,
        ["too_many", "too_many"],
        False,
    ),
    "images_only": (re.escape("(1 image)"), [("image/jpeg", 640, 424)], [], False),
    "audio": (
        re.escape("(non-text content was returned (audio); this path cannot handle it)") + r"\n\{.*\}",
        [],
        [],
        False,
    ),
    "resource": (
        re.escape(
            '(embedded resource camera://settings)\n{"iso":400}\n'
            "(resource link latest frame: camera://frames/latest)"
        )
        + r'\n\{"seq":\d+\}',
        [],
        [],
        False,
    ),
    "error": (re.escape("The tool returned an error: camera is not connected"), [], [], True),
    "empty": (re.escape("(empty result)"), [], [], False),
    "mixed": (
        r"\{.*\}\n"
        + re.escape(
            "(an image in an unsupported format (GIF) was not sent)\n"
            "(non-text content was returned (audio); this path cannot handle it)\n"
            "(an image could not be read and was not sent)"
        ),
        [("image/jpeg", 640, 424), ("image/jpeg", 640, 424)],
        ["unsupported_format", "unreadable"],
        False,
    ),
}


def check(got: ToolReturn, mode: str) -> None:
    pattern, images, dropped, is_error = MODES[mode]
    assert re.fullmatch(pattern, got.output.text), (mode, got.output.text)
    assert [(i.media_type, i.width, i.height) for i in got.output.images] == images
    assert [d.reason for d in got.output.dropped] == dropped
    assert got.is_error is is_error


@pytest.mark.asyncio
async def test_http_every_mode_renders_through_the_provider(http_url: str, event_log: Path) -> None:
    provider = McpToolProvider(language="en", settings=FAST)
    try:
        tools = await provider.tools_for(AGENT, [http_server(http_url)])
        assert sorted(by_name(tools)) == [
            "cam__camera_status",
            "cam__demo_add_tool",
            "cam__demo_ask",
            "cam__demo_set_mode",
            "cam__live_view_image",
        ]
        live = by_name(tools)["cam__live_view_image"]
        assert isinstance(live, McpTool)
        assert live.description.startswith("[cam] Take the current live-view frame")
        for mode in MODES:
            await set_mode(tools, mode)
            check(await call(tools, "cam__live_view_image"), mode)
        await set_mode(tools, "jpeg")
    finally:
        await provider.close()
    connected = [line for line in log_lines(event_log) if line.startswith("mcp server connected:")]
    assert len(connected) == 1
    assert re.fullmatch(r"mcp server connected: agent=agent_9 server=cam tools=5 ms=\d+", connected[0])


@pytest.mark.asyncio
async def test_http_live_view_frames_differ_and_pass_through(http_url: str) -> None:
    provider = McpToolProvider(language="en", settings=FAST)
    try:
        tools = await provider.tools_for(AGENT, [http_server(http_url)])
        await set_mode(tools, "jpeg")
        first = await call(tools, "cam__live_view_image")
        second = await call(tools, "cam__live_view_image")
    finally:
        await provider.close()
    m1, m2 = META.fullmatch(first.output.text), META.fullmatch(second.output.text)
    assert m1 and m2
    assert int(m2.group(2)) > int(m1.group(2))
    assert int(m1.group(1)) == len(first.output.images[0].data)  # the original bytes, not re-encoded
    assert first.output.images[0].sha256 != second.output.images[0].sha256


@pytest.mark.asyncio
async def test_text_only_tool_and_image_results_off(http_url: str) -> None:
    provider = McpToolProvider(language="ja", settings=FAST)
    try:
        tools = await provider.tools_for(AGENT, [http_server(http_url)])
        await set_mode(tools, "jpeg")
        status = await call(tools, "cam__camera_status", context=ctx("ja"))
        status_off = await call(tools, "cam__camera_status", context=ctx("ja", image_results=False))
        off = await call(tools, "cam__live_view_image", context=ctx("ja", image_results=False))
        plain = await by_name(tools)["cam__live_view_image"].call({}, ctx("ja"))
    finally:
        await provider.close()
    expected_status = '{"connected":true,"live_view":true,"model":"Fuseforks demo camera"}'
    assert status == status_off == ToolReturn.ok(expected_status)
    note = "（テキスト以外の内容（image）が返されました。この経路では扱えません）\n"
    for got in (off, plain):
        assert got.output.text.startswith(note)
        assert META.fullmatch(got.output.text.removeprefix(note))
        assert got.output.images == [] and got.output.dropped == []


@pytest.mark.asyncio
async def test_stdio_connects_and_returns_the_frame(event_log: Path) -> None:
    provider = McpToolProvider(language="en", settings=FAST)
    try:
        tools = await provider.tools_for(AGENT, [stdio_server()])
        got = await call(tools, "cam__live_view_image")
        check(got, "jpeg")
        await set_mode(tools, "many")
        check(await call(tools, "cam__live_view_image"), "many")
        assert [(s.server, s.state, s.tools) for s in provider.status(AGENT)] == [("cam", "connected", 5)]
    finally:
        await provider.close()
    assert [s.state for s in provider.status(AGENT)] == []
    assert any(
        re.fullmatch(r"mcp server connected: agent=agent_9 server=cam tools=5 ms=\d+", line)
        for line in log_lines(event_log)
    )


@pytest.mark.asyncio
async def test_hung_call_times_out_with_a_clear_error_and_the_session_survives(
    http_url: str, event_log: Path
) -> None:
    provider = McpToolProvider(language="en", settings=McpSettings(call_timeout_s=1.0, connect_timeout_s=20))
    try:
        tools = await provider.tools_for(AGENT, [http_server(http_url)])
        await set_mode(tools, "slow", seconds=4)
        got = await call(tools, "cam__live_view_image")
        assert got == ToolReturn.error("tool execution failed: the tool did not answer within 1 seconds")
        await set_mode(tools, "jpeg")
        check(await call(tools, "cam__live_view_image"), "jpeg")
    finally:
        await provider.close()
    assert "mcp call failed: agent=agent_9 server=cam tool=live_view_image error=timeout" in " ".join(
        log_lines(event_log)
    )


@pytest.mark.asyncio
async def test_stdio_hung_call_times_out() -> None:
    provider = McpToolProvider(language="ja", settings=McpSettings(call_timeout_s=1.5, connect_timeout_s=20))
    try:
        tools = await provider.tools_for(
            AGENT, [stdio_server("cam", "--mode", "slow", "--slow-seconds", "5")]
        )
        got = await call(tools, "cam__live_view_image", context=ctx("ja"))
        assert got == ToolReturn.error("ツールの実行に失敗しました: 1.5 秒以内に応答がありませんでした")
    finally:
        await provider.close()


@pytest.mark.asyncio
async def test_stdio_server_dying_mid_call_gives_an_error_then_reconnects(event_log: Path) -> None:
    provider = McpToolProvider(language="en", settings=FAST)
    try:
        tools = await provider.tools_for(AGENT, [stdio_server()])
        await set_mode(tools, "die")
        got = await call(tools, "cam__live_view_image")
        assert got.is_error
        command = shlex.join([stdio_server().command, *stdio_server().args])
        assert got.output.text.startswith(
            f"tool execution failed: MCP server cam (command: {command}) disconnected ("
        )  # issue 13, defect 7: the failure names the command
        # The next call starts a fresh server process (mode back to jpeg) through the same tool object.
        check(await call(tools, "cam__live_view_image"), "jpeg")
        assert [(s.state, s.tools) for s in provider.status(AGENT)] == [("connected", 5)]
    finally:
        await provider.close()
    lines = log_lines(event_log)
    assert any(
        line.startswith("mcp call failed: agent=agent_9 server=cam tool=live_view_image error=disconnected")
        for line in lines
    )
    assert any(
        re.fullmatch(r"mcp server reconnected: agent=agent_9 server=cam tools=5 ms=\d+", line)
        for line in lines
    )


@pytest.mark.asyncio
async def test_http_server_killed_mid_call_gives_an_error_then_reconnects(event_log: Path) -> None:
    proc, url = start_camera("--control")
    provider = McpToolProvider(language="en", settings=FAST)
    try:
        tools = await provider.tools_for(AGENT, [http_server(url)])
        await set_mode(tools, "die")
        got = await call(tools, "cam__live_view_image")
        assert got.is_error
        assert got.output.text.startswith(f"tool execution failed: MCP server cam ({url}) disconnected (")
        proc.wait(5)
        # Nobody listening: the reconnect fails and the call says so.
        down = await call(tools, "cam__live_view_image")
        assert down.is_error and f"MCP server cam ({url}) is unavailable" in down.output.text
        port = int(url.rsplit(":", 1)[1].split("/")[0])
        stop(proc)
        proc, again = start_camera("--control", port=port)  # restarted on the same port on purpose
        assert again == url
        check(await call(tools, "cam__live_view_image"), "jpeg")
    finally:
        await provider.close()
        stop(proc)


@pytest.mark.asyncio
async def test_failing_server_is_reported_with_stderr_tail_and_others_keep_their_tools(
    http_url: str, event_log: Path
) -> None:
    bad = McpServer(
        name="broken",
        transport="stdio",
        command=sys.executable,
        args=["-c", "import sys; sys.stderr.write('warming up\\nboom: no camera driver\\n'); sys.exit(2)"],
    )
    missing = McpServer(name="missing", transport="stdio", command="/nonexistent/fuseforks-mcp")
    off = McpServer(name="off", transport="stdio", command="true", enabled=False)
    provider = McpToolProvider(language="en", settings=FAST)
    try:
        tools = await provider.tools_for(AGENT, [bad, http_server(http_url), missing, off])
        assert sorted(by_name(tools)) == [
            "cam__camera_status",
            "cam__demo_add_tool",
            "cam__demo_ask",
            "cam__demo_set_mode",
            "cam__live_view_image",
        ]
        status = {s.server: s for s in provider.status(AGENT)}
        assert [(s.server, s.state) for s in provider.status(AGENT)] == [
            ("broken", "failed"),
            ("cam", "connected"),
            ("missing", "failed"),
            ("off", "disabled"),
        ]
        assert status["broken"].stderr_tail == "warming up\nboom: no camera driver"
        assert status["broken"].error == "MCPError -32000: Connection closed"
        assert status["missing"].error.startswith("FileNotFoundError: ")
    finally:
        await provider.close()
    failed = sorted(line for line in log_lines(event_log) if line.startswith("mcp server failed:"))
    assert failed[0] == (
        'mcp server failed: agent=agent_9 server=broken error="MCPError -32000: Connection '
        'closed": warming up | boom: no camera driver'
    )
    assert failed[1].startswith('mcp server failed: agent=agent_9 server=missing error="FileNotFoundError: ')


@pytest.mark.asyncio
async def test_connect_timeout_reports_failure() -> None:
    silent = McpServer(
        name="silent", transport="stdio", command=sys.executable, args=["-c", "import time; time.sleep(30)"]
    )
    provider = McpToolProvider(language="en", settings=McpSettings(connect_timeout_s=1.0))
    try:
        assert await provider.tools_for(AGENT, [silent]) == []
        [status] = provider.status(AGENT)
        assert (status.state, status.error) == ("failed", "did not connect within 1 s")
    finally:
        await provider.close()


@pytest.mark.asyncio
async def test_secret_references_resolved_registered_and_never_logged(http_url: str, event_log: Path) -> None:
    secret = "cam-token-0123456789"
    asked: list[str] = []

    def resolver(name: str) -> str | None:
        asked.append(name)
        return secret if name == "CAM_TOKEN" else None

    provider = McpToolProvider(language="en", settings=FAST, secret_resolver=resolver)
    try:
        good = http_server(http_url, headers={"Authorization": "Bearer ${secret:CAM_TOKEN}"})
        unset = http_server(http_url, name="cam2", headers={"X-Key": "${secret:NOPE}"})
        tools = await provider.tools_for(AGENT, [good, unset])
        assert "cam__live_view_image" in by_name(tools)
        status = {s.server: s for s in provider.status(AGENT)}
        assert status["cam2"].error == (
            "secret NOPE is not set (keyring user mcp:NOPE or environment variable NOPE)"
        )
    finally:
        await provider.close()
    assert sorted(asked) == ["CAM_TOKEN", "NOPE"]
    assert LOG.sanitize(f"header {secret}") == "header [redacted]"
    assert secret not in event_log.read_text(encoding="utf-8")


def test_default_secret_resolver_keyring_then_environment(
    monkeypatch: pytest.MonkeyPatch, plaintext_keyring: Any
) -> None:
    from core.mcp import default_secret_resolver

    plaintext_keyring.set_password("fuseforks", "mcp:CAM", "from-keyring")
    monkeypatch.setenv("CAM", "from-env")
    monkeypatch.setenv("OTHER", "other-env")
    assert default_secret_resolver("CAM") == "from-keyring"
    assert default_secret_resolver("OTHER") == "other-env"
    assert default_secret_resolver("UNSET_XYZ") is None


@pytest.mark.asyncio
async def test_tools_list_changed_is_followed(http_url: str, event_log: Path) -> None:
    changed: list[str] = []
    done = asyncio.Event()

    def on_change(agent_id: str) -> None:
        changed.append(agent_id)
        done.set()

    provider = McpToolProvider(language="en", settings=FAST, on_tools_changed=on_change)
    try:
        tools = await provider.tools_for(AGENT, [stdio_server()])
        assert "cam__extra_tool" not in by_name(tools)
        assert (await call(tools, "cam__demo_add_tool")).output.text == "added"
        await asyncio.wait_for(done.wait(), 10)
        extra = await call(provider.tools(AGENT), "cam__extra_tool")
        assert extra == ToolReturn.ok("extra")
    finally:
        await provider.close()
    assert changed == [AGENT]
    assert "mcp tools changed: agent=agent_9 server=cam tools=6" in log_lines(event_log)


@pytest.mark.asyncio
async def test_elicitation_declined_headless_and_answered_through_the_callback(
    http_url: str, event_log: Path
) -> None:
    seen: list[ElicitationRequest] = []

    async def answer(request: ElicitationRequest) -> ElicitationAnswer:
        seen.append(request)
        return ElicitationAnswer("accept", {"answer": "1/250"})

    headless = McpToolProvider(language="en", settings=FAST)
    front = McpToolProvider(language="en", settings=FAST, elicitation=answer)
    try:
        tools = await headless.tools_for(AGENT, [http_server(http_url)])
        assert (await call(tools, "cam__demo_ask")).output.text == "action=decline"
        tools = await front.tools_for(AGENT, [http_server(http_url)])
        assert (await call(tools, "cam__demo_ask")).output.text == "action=accept answer=1/250"
    finally:
        await headless.close()
        await front.close()
    assert [(r.agent_id, r.server, r.message) for r in seen] == [(AGENT, "cam", "Which shutter speed?")]
    assert seen[0].requested_schema["properties"]["answer"]["type"] == "string"
    lines = log_lines(event_log)
    assert "mcp elicitation: agent=agent_9 server=cam action=decline" in lines
    assert "mcp elicitation: agent=agent_9 server=cam action=accept" in lines


@pytest.mark.asyncio
async def test_http_frame_over_one_mib(http_url: str) -> None:
    """A 22 MB PNG (29 MB of base64 in one SSE event; the SDK's default cap is 1 MiB)."""
    provider = McpToolProvider(language="en", settings=FAST)
    try:
        tools = await provider.tools_for(AGENT, [http_server(http_url)])
        await set_mode(tools, "png_large")
        got = await call(tools, "cam__live_view_image")
        await set_mode(tools, "jpeg")
    finally:
        await provider.close()
    assert re.fullmatch(r'\{"height":3000,"jpeg_bytes":\d{8},"seq":\d+,"width":4000\}', got.output.text)
    assert [(i.media_type, i.width, i.height) for i in got.output.images] == [("image/jpeg", 1568, 1176)]


@pytest.mark.asyncio
async def test_legacy_sse_transport() -> None:
    proc, url = start_camera("--control", "--sse")
    provider = McpToolProvider(language="en", settings=FAST)
    try:
        tools = await provider.tools_for(AGENT, [McpServer(name="cam", transport="sse", url=url)])
        check(await call(tools, "cam__live_view_image"), "jpeg")
    finally:
        await provider.close()
        stop(proc)


@pytest.mark.asyncio
async def test_large_png_normalisation_does_not_block_the_event_loop() -> None:
    """A 4000×3000 PNG (0.2–0.5 s to re-encode) is normalised on a worker thread: a 5 ms ticker keeps
    running meanwhile, so the longest gap between ticks stays well below the re-encoding time."""
    from core.mcp import render_tool_output_async

    png = await asyncio.to_thread(frames_large_png)
    result = mcp_types.CallToolResult(
        content=[
            mcp_types.ImageContent(type="image", data=base64.b64encode(png).decode(), mime_type="image/png")
        ]
    )
    gaps: list[float] = []
    stop_ticking = asyncio.Event()

    async def ticker() -> None:
        last = time.monotonic()
        while not stop_ticking.is_set():
            await asyncio.sleep(0.005)
            now = time.monotonic()
            gaps.append(now - last)
            last = now

    task = asyncio.create_task(ticker())
    await asyncio.sleep(0.02)
    started = time.monotonic()
    got = await render_tool_output_async(result, "en")
    elapsed = time.monotonic() - started
    stop_ticking.set()
    await task
    assert [(i.width, i.height) for i in got.images] == [(1568, 1176)]
    assert elapsed > 0.1  # long enough to measure (0.19 s on a quiet 2-core machine, 0.5 s loaded)
    assert max(gaps) < elapsed / 2, (max(gaps), elapsed)


def frames_large_png() -> bytes:
    from app.demo_camera import frames

    return frames.large_png()
