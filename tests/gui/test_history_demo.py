"""Reopening shows history from the store; the first-run demo village end to end."""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot

from app.demo import DEMO_SERVER, DemoCamera, demo_config, uses_demo_camera, with_camera_url
from app.keys import KeyStore
from app.launcher import make_runtime
from app.main_window import MainWindow
from core.canonical import ToolCall
from core.history import StoreHistory
from core.store import SqliteJournal, Store
from core.village import Village
from tests.fakes.configs import window_config
from tests.fakes.images import jpeg
from tests.fakes.logs import log_lines
from tests.fakes.scripted import CameraTool, ScriptedBackend
from tests.fakes.waits import until


@pytest.mark.asyncio
async def test_reopening_shows_history(qtbot: QtBot, tmp_path: Path) -> None:
    data = jpeg(320, 240)
    script: list[str | ToolCall] = [ToolCall("c1", "cam__live_view_image", {"q": 1}), "I see red."]
    store = Store.open(tmp_path / "data")
    village = Village(
        window_config(tmp_path),
        journal=SqliteJournal(store),
        backend_factory=lambda t: ScriptedBackend.looping(t.protocol, t.model, script),
    )
    village.add_tools("a1", [CameraTool(data)])
    await village.send("a1", "look").wait()
    await village.close()
    store.close()

    store = Store.open(tmp_path / "data")  # "restart"
    village = Village(
        window_config(tmp_path), backend_factory=lambda t: ScriptedBackend.looping(t.protocol, t.model)
    )
    win = MainWindow(village, KeyStore(), history=StoreHistory(store))
    qtbot.addWidget(win)
    win.show()
    chat = win.chats["a1"]
    assert [(b.role, b.text) for b in chat.bubbles] == [("user", "look"), ("assistant", "I see red.")]
    row = win.panels["a1"].rows["c1"]
    assert row.toggle.name == "cam__live_view_image"
    assert row.input_text.toPlainText() == '{\n  "q": 1\n}'
    assert row.output_text.toPlainText() == "frame 1"
    assert row.display_line.text() == f"(1 image: JPEG {len(data) // 1000} KB)"
    assert len(chat.previews) == 1
    await chat.previews[0].load()
    assert chat.previews[0].image is not None and chat.previews[0].image.width() == 320
    assert not chat.typing.isVisibleTo(chat)
    store.close()


@pytest.mark.asyncio
async def test_missing_image_shows_the_note(qtbot: QtBot, tmp_path: Path) -> None:
    script: list[str | ToolCall] = [ToolCall("c1", "cam__live_view_image", {}), "done"]
    store = Store.open(tmp_path / "data")
    village = Village(
        window_config(tmp_path),
        journal=SqliteJournal(store),
        backend_factory=lambda t: ScriptedBackend.looping(t.protocol, t.model, script),
    )
    data = jpeg(64, 48)
    village.add_tools("a1", [CameraTool(data)])
    await village.send("a1", "look").wait()
    await village.close()
    for blob in (tmp_path / "data").rglob("*"):
        if blob.is_file() and blob.read_bytes() == data:
            blob.unlink()
    win = MainWindow(
        Village(
            window_config(tmp_path), backend_factory=lambda t: ScriptedBackend.looping(t.protocol, t.model)
        ),
        KeyStore(),
        history=StoreHistory(store),
    )
    qtbot.addWidget(win)
    chat = win.chats["a1"]
    assert chat.previews == []
    assert "(image omitted: the stored file is no longer available)" in [b.text for b in chat.bubbles]
    store.close()


def test_demo_config_shape() -> None:
    cfg = demo_config("http://127.0.0.1:5/mcp", "ja")
    assert [(t.name, t.protocol, t.model) for t in cfg.templates] == [
        ("Offline demo", "offline-demo", "demo")
    ]
    assert [(a.id, a.name, a.template) for a in cfg.agents] == [("muse", "Muse", "Offline demo")]
    assert uses_demo_camera(cfg)
    assert (
        with_camera_url(cfg, "http://127.0.0.1:9/mcp").agents[0].mcp_servers[0].url
        == "http://127.0.0.1:9/mcp"
    )
    assert cfg.agents[0].mcp_servers[0].name == DEMO_SERVER


@pytest.mark.asyncio
async def test_camera_ready_line_is_read(tmp_path: Path) -> None:
    script = tmp_path / "fake_camera.py"
    script.write_text(
        "import sys, time\nprint('starting', flush=True)\n"
        "print('demo camera: http://127.0.0.1:4242/mcp', flush=True)\ntime.sleep(30)\n"
    )
    cam = DemoCamera([sys.executable, str(script)])
    assert await cam.start() == "http://127.0.0.1:4242/mcp"
    proc = cam.process
    await cam.stop()
    assert proc is not None and proc.returncode is not None


@pytest.mark.asyncio
async def test_first_run_demo_village(qtbot: QtBot, tmp_path: Path, event_log: Path) -> None:
    """The real camera simulator subprocess, the MCP client over streamable HTTP, the demo model."""
    cam = DemoCamera()
    url = await cam.start()
    config_path = tmp_path / "config" / "fuseforks.json"  # where Settings would save it (run_app)
    rt = make_runtime(demo_config(url, path=config_path), KeyStore(), store_dir=tmp_path / "data")
    try:
        win = MainWindow(rt.village, KeyStore(), demo=True, history=rt.history)
        qtbot.addWidget(win)
        win.show()
        await rt.village.start()
        assert win.banner.isVisible()
        outcome = await win.send_text(
            "muse", "take one live view frame and describe it in one sentence"
        ).wait()
        assert outcome.stop == "-"
        row = next(iter(win.panels["muse"].rows.values()))
        assert row.toggle.name == "demo_camera__live_view_image"
        assert re.fullmatch(r"\(1 image: JPEG \d+ KB\)", row.display_line.text())
        chat = win.chats["muse"]
        assert len(chat.previews) == 1
        await until(lambda: chat.previews[0].image is not None)
        assert chat.bubbles[-1].text.startswith(
            "[Offline demo, no AI] The live view frame is a JPEG image of "
        )
        lines = log_lines(event_log)
        assert any(
            ln.startswith("tool: agent=muse round=1 name=demo_camera__live_view_image ok=true ")
            and ln.endswith(" images=1")
            for ln in lines
        )
        assert any(ln.startswith("turn: agent=muse backend=offline-demo stop=- ") for ln in lines)
        # the frame sent is also in the media cache next to the (future) configuration (S03-2)
        (preview,) = chat.previews
        cached = tmp_path / "config" / "fuseforks.tool-media" / f"{preview.data.sha256}.jpg"
        assert cached.read_bytes() == preview.data.data
        assert not config_path.exists()  # the demo still writes no configuration
        win.grab().save(str(tmp_path / "demo.png"))
        assert (tmp_path / "demo.png").stat().st_size > 10_000
    finally:
        await rt.village.close()
        await cam.stop()
        if rt.store is not None:
            rt.store.close()
