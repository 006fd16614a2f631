"""The MCP servers of the selected agent in the window (issue 13): state, reason, countdown,
Reconnect, the tool list, driven in the real window over the app's own runtime and real servers.

The agent has two servers that are down at start: the camera simulator over streamable HTTP on a
port where nothing listens yet, and the standard-library stdio server behind a command that does
not exist yet. The panel shows both failed, reconnecting, with the URL and the command line; the
camera is started and Reconnect clicked; the stdio command is written and Settings saved. Both
end connected, each with its tool list, and the agent's tools include theirs.
"""

from __future__ import annotations

import asyncio
import re
import shlex
import sys
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from app.keys import KeyStore
from app.launcher import make_runtime
from app.main_window import MainWindow
from app.widgets.servers import ServerRow
from core.config import parse_config
from core.mcp.status import ServerStatus
from core.tool import ToolContext
from core.village import Village
from tests.fakes.servers import free_port, start_camera, stop, write_raw_launcher
from tests.fakes.waits import until

COUNTDOWN = re.compile(r"failed · reconnecting( in \d+ s|…)")


@pytest.mark.asyncio
async def test_failed_servers_show_why_and_come_back_by_reconnect_and_by_saving_settings(
    qtbot: QtBot, tmp_path: Path, plaintext_keyring: Any
) -> None:
    app = QApplication.instance()
    assert isinstance(app, QApplication)
    app.setQuitOnLastWindowClosed(False)
    port = free_port()
    url = f"http://127.0.0.1:{port}/mcp"
    command = tmp_path / "bin" / "raw-mcp"
    data: dict[str, Any] = {
        "village": {"language": "en"},
        "templates": [{"name": "t", "protocol": "anthropic", "model": "m", "key": "k"}],
        "agents": [
            {
                "id": "a1",
                "name": "Muse",
                "template": "t",
                "mcp_servers": {"cam": {"type": "http", "url": url}, "raw": {"command": str(command)}},
            }
        ],
        "mcp": {"call_timeout_s": 20, "connect_timeout_s": 20},
    }
    keys = KeyStore()
    rt = make_runtime(parse_config(data), keys, store_dir=tmp_path / "data")
    village = rt.village
    assert isinstance(village, Village)
    win = MainWindow(village, keys, servers=rt.provider)
    qtbot.addWidget(win)
    win.show()
    proc = None
    try:
        await village.start()
        win.refresh_agents()
        panel = win.server_panel
        assert panel.isVisible() and panel.title.text() == "MCP servers"
        await until(lambda: set(panel.rows) == {"cam", "raw"}, within=5)
        cam, raw = panel.rows["cam"], panel.rows["raw"]
        assert cam.where.text() == url and raw.where.text() == shlex.join([str(command)])
        for row in (cam, raw):
            assert COUNTDOWN.fullmatch(row.state.text()), row.state.text()
            assert row.reason.isVisible() and row.reason.text().startswith("Reason: ")
            assert row.reconnect_button.isVisible() and not row.tools_toggle.isVisible()
        assert "FileNotFoundError" in raw.reason.text()
        assert panel.timer.isActive()  # the countdown moves on

        proc, again = start_camera("--control", port=port)  # the camera comes up
        assert again == url
        qtbot.mouseClick(cam.reconnect_button, Qt.MouseButton.LeftButton)
        await until(lambda: cam.state.text() == "connected", within=15)
        assert not cam.reason.isVisible() and cam.tools_toggle.text() == "Tools (5)"
        qtbot.mouseClick(cam.tools_toggle, Qt.MouseButton.LeftButton)
        assert cam.tools.isVisible()
        assert "<b>live_view_image</b> — " in cam.tools.text()
        assert "cam__live_view_image" in {t.name for t in village.tools("a1")}

        write_raw_launcher(command)  # the stdio command appears; Settings saved, unchanged
        await win.apply_config(village.config)
        await until(lambda: raw.state.text() == "connected", within=15)
        assert raw.tools_toggle.text() == "Tools (4)"
        assert "raw__pid" in {t.name for t in village.tools("a1")}
        assert not panel.timer.isActive()  # nothing to count down
        assert cam.tools.isVisible()  # a row's open tool list stays open across updates

        dropped = parse_config({**data, "agents": [{**data["agents"][0], "mcp_servers": {}}]})
        await win.apply_config(dropped)  # Settings: the servers removed
        await until(lambda: not panel.rows and panel.empty.isVisible())
        assert panel.empty.text() == "This agent has no MCP servers."
    finally:
        win.close()
        await village.close()
        if rt.store is not None:
            rt.store.close()
        if proc is not None:
            stop(proc)


async def pid(village: Village) -> str:
    [tool] = [t for t in village.tools("a1") if t.name == "raw__pid"]
    got = await tool.call_with_media({}, ToolContext("a1", "en"))
    assert not got.is_error, got.output.text
    return got.output.text


@pytest.mark.asyncio
async def test_reconnect_on_a_connected_server_starts_a_new_process(
    qtbot: QtBot, tmp_path: Path, plaintext_keyring: Any
) -> None:
    command = write_raw_launcher(tmp_path / "bin" / "raw-mcp")
    config = parse_config(
        {
            "templates": [{"name": "t", "protocol": "anthropic", "model": "m", "key": "k"}],
            "agents": [{"id": "a1", "template": "t", "mcp_servers": {"raw": {"command": str(command)}}}],
            "mcp": {"call_timeout_s": 20, "connect_timeout_s": 20},
        }
    )
    keys = KeyStore()
    rt = make_runtime(config, keys, store_dir=tmp_path / "data")
    village = rt.village
    assert isinstance(village, Village)
    win = MainWindow(village, keys, servers=rt.provider)
    qtbot.addWidget(win)
    win.show()
    try:
        await village.start()
        win.refresh_agents()
        row = win.server_panel.rows["raw"]
        assert row.state.text() == "connected"
        first = await pid(village)
        qtbot.mouseClick(row.reconnect_button, Qt.MouseButton.LeftButton)
        assert row.state.text() == "failed · reconnecting…"  # at once: the old connection is given up
        await until(lambda: row.state.text() == "connected", within=15)
        assert await pid(village) != first
    finally:
        win.close()
        await village.close()
        if rt.store is not None:
            rt.store.close()


@pytest.mark.asyncio
async def test_a_server_still_connecting_says_so(
    qtbot: QtBot, tmp_path: Path, plaintext_keyring: Any
) -> None:
    """Between the window opening and the server answering (up to the connect timeout) the row says
    "connecting…", not "no MCP servers"."""
    silent = {"command": sys.executable, "args": ["-c", "import time; time.sleep(30)"]}
    config = parse_config(
        {
            "templates": [{"name": "t", "protocol": "anthropic", "model": "m", "key": "k"}],
            "agents": [{"id": "a1", "template": "t", "mcp_servers": {"silent": silent}}],
            "mcp": {"connect_timeout_s": 1},
        }
    )
    keys = KeyStore()
    rt = make_runtime(config, keys, store_dir=tmp_path / "data")
    village = rt.village
    assert isinstance(village, Village)
    win = MainWindow(village, keys, servers=rt.provider)
    qtbot.addWidget(win)
    win.show()
    panel = win.server_panel
    assert panel.empty.isVisible() and not panel.rows  # before the village starts
    try:
        start = asyncio.ensure_future(village.start())
        await until(lambda: "silent" in panel.rows)
        assert panel.rows["silent"].state.text() == "connecting…"
        await asyncio.wait_for(start, 10)
        row = panel.rows["silent"]
        assert COUNTDOWN.fullmatch(row.state.text()), row.state.text()
        assert row.reason.text() == "Reason: did not connect within 1 s"
    finally:
        await village.close()  # before the window: closing the last window may stop the loop
        win.close()
        if rt.store is not None:
            rt.store.close()


def test_the_countdown_follows_the_clock_and_the_language(qtbot: QtBot, translations: Any) -> None:
    clock = [100.0]
    status = ServerStatus("cam", "http", "failed", error="ConnectError: refused", target="u", retry_in_s=12.5)
    row = ServerRow(status, now=lambda: clock[0])
    qtbot.addWidget(row)
    assert row.state.text() == "failed · reconnecting in 13 s"
    clock[0] = 110.0
    row.tick()
    assert row.state.text() == "failed · reconnecting in 3 s"
    clock[0] = 112.8
    row.tick()
    assert row.state.text() == "failed · reconnecting…"
    translations.set_language("ja")
    assert row.state.text() == "失敗 · 再接続中…"
    assert row.reconnect_button.text() == "再接続"
    assert row.reason.text() == "理由: ConnectError: refused"
