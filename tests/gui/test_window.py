"""The main window against the real village runtime (scripted model backends)."""

from __future__ import annotations

import asyncio
import subprocess
import sys
from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot

from core.canonical import ToolCall
from core.village import Village
from tests.fakes.configs import window_config
from tests.fakes.images import jpeg
from tests.fakes.logs import log_lines
from tests.fakes.scripted import CameraTool, ScriptedBackend
from tests.fakes.servers import run_module
from tests.fakes.waits import until
from tests.fakes.windows import window


def test_version_command() -> None:
    out = subprocess.run(
        [sys.executable, "-m", "app", "--version"],
        capture_output=True,
        text=True,
        timeout=60,
        check=True,
        cwd=Path(__file__).resolve().parents[2],
    )
    assert out.stdout == "fuseforks 0.1.0 (profile=debug)\n"
    assert out.stderr == ""


def test_the_help_names_the_camera_simulator_and_the_acceptance_reader() -> None:
    """``--demo-camera`` and ``--acceptance`` are taken before the options are parsed, so the help
    says they exist: the acceptance run starts a release build's simulator and reads its log with
    them (docs/acceptance.md)."""
    out = run_module("app", "--help")
    assert out.returncode == 0, out.stderr
    assert " ".join(out.stdout.split()).endswith(
        "fuseforks --demo-camera [OPTIONS] runs the built-in camera simulator instead "
        "(fuseforks --demo-camera --help lists its options); fuseforks --acceptance "
        "[--log PATH] [--since TIME] reads the log of an acceptance run (docs/acceptance.md)."
    )
    camera = run_module("app", "--demo-camera", "--help")
    assert camera.returncode == 0 and "--scene" in camera.stdout


def test_the_first_size_fits_the_screen(qtbot: QtBot, tmp_path: Path) -> None:
    """The offscreen screen is 800×800: a 1280×780 window would stand off its right edge."""
    village = Village(
        window_config(tmp_path), backend_factory=lambda t: ScriptedBackend.looping(t.protocol, t.model)
    )
    win = window(qtbot, village)
    area = win.screen().availableGeometry()
    assert (area.width(), area.height()) == (800, 800)
    assert (win.width(), win.height()) == (736, 736)  # 92 % of each side; 780 would not fit 736
    assert area.contains(win.frameGeometry())


def test_main_window_shows(qtbot: QtBot, tmp_path: Path) -> None:
    village = Village(
        window_config(tmp_path), backend_factory=lambda t: ScriptedBackend.looping(t.protocol, t.model)
    )
    win = window(qtbot, village)
    assert win.isVisible()
    assert win.windowTitle() == "Test village — Fuseforks"  # Qt adds no second " — Fuseforks"
    assert win.agent_list.row_texts("a1") == ["Ava", "Claude", "idle", "0"]
    assert not win.banner.isVisible()
    box = win.help_menu.show_version()
    assert box.text() == "app=0.1.0 profile=debug"
    assert not box.isModal() or box.isVisible()  # opened with open(), not exec()
    box.close()


@pytest.mark.asyncio
async def test_preview_outside_collapsed_details(qtbot: QtBot, tmp_path: Path, event_log: Path) -> None:
    data = jpeg(320, 240)
    script: list[str | ToolCall] = [ToolCall("c1", "cam__live_view_image", {}), "I see red."]
    village = Village(
        window_config(tmp_path),
        backend_factory=lambda t: ScriptedBackend.looping(t.protocol, t.model, script),
    )
    village.add_tools("a1", [CameraTool(data)])
    win = window(qtbot, village)
    outcome = await win.send_text("a1", "look").wait()
    assert outcome.text == "I see red."
    row = win.panels["a1"].rows["c1"]
    chat = win.chats["a1"]
    assert row.display_line.text() == f"(1 image: JPEG {len(data) // 1000} KB)"
    assert not row.expanded and not row.details.isVisible()
    assert len(chat.previews) == 1
    preview = chat.previews[0]
    assert not row.details.isAncestorOf(preview)
    assert chat.inner.isAncestorOf(preview)
    await until(lambda: preview.image is not None and preview.isVisible())  # decoded off the UI thread
    assert (preview.image.width(), preview.image.height()) == (320, 240)  # type: ignore[union-attr]
    assert preview.picture.pixmap().width() <= 480
    assert preview.save_button.isEnabled() and preview.copy_button.isEnabled()
    assert [(b.role, b.text) for b in chat.bubbles] == [("user", "look"), ("assistant", "I see red.")]
    assert win.agent_list.row_texts("a1") == ["Ava", "Claude", "idle", "27"]
    await village.close()


@pytest.mark.asyncio
async def test_template_switch_in_dialog_changes_next_turn(
    qtbot: QtBot, tmp_path: Path, event_log: Path
) -> None:
    gate = asyncio.Event()
    village = Village(
        window_config(tmp_path),
        backend_factory=lambda t: ScriptedBackend.looping(t.protocol, t.model, ["hi"], gate=gate),
    )
    win = window(qtbot, village)
    first = win.send_text("a1", "first")  # starts on Claude and is still running during the switch
    await until(lambda: win.agent_list.row_texts("a1")[2] == "running")
    dlg = win.open_settings()
    assert dlg.isVisible() and not dlg.isModal()
    dlg.tabs.setCurrentIndex(1)
    dlg.agents_page.agent_list.setCurrentRow(0)
    dlg.agents_page.a_template.setCurrentText("Gemini")
    dlg.buttons.button(dlg.buttons.StandardButton.Save).click()
    await until(lambda: village.config.agent("a1").template == "Gemini")
    gate.set()
    await first.wait()
    await win.send_text("a1", "second").wait()
    turns = [ln for ln in log_lines(event_log) if ln.startswith("turn:")]
    assert len(turns) == 2
    assert turns[0].startswith("turn: agent=a1 backend=anthropic stop=- ")
    assert turns[1].startswith("turn: agent=a1 backend=gemini stop=- ")
    saved = (tmp_path / "fuseforks.json").read_text(encoding="utf-8")
    assert '"template": "Gemini"' in saved
    assert win.agent_list.row_texts("a1")[1] == "Gemini"
    dlg.close()
    await village.close()


@pytest.mark.asyncio
async def test_stop_button(qtbot: QtBot, tmp_path: Path, event_log: Path) -> None:
    gate = asyncio.Event()
    script: list[str | ToolCall] = [ToolCall("c1", "cam__live_view_image", {})]  # would loop forever
    village = Village(
        window_config(tmp_path),
        backend_factory=lambda t: ScriptedBackend.looping(t.protocol, t.model, script, gate=gate),
    )
    village.add_tools("a1", [CameraTool(jpeg())])
    win = window(qtbot, village)
    assert not win.stop_button.isEnabled()
    handle = win.send_text("a1", "watch")
    assert win.stop_button.isEnabled()
    win.stop_button.click()
    gate.set()
    outcome = await asyncio.wait_for(handle.wait(), 10)
    assert outcome.stop == "interrupted"
    await until(lambda: not win.handles)
    assert not win.stop_button.isEnabled()
    assert win.chats["a1"].bubbles[-1].text == "Stopped."
    turns = [ln for ln in log_lines(event_log) if ln.startswith("turn:")]
    assert turns[-1].startswith("turn: agent=a1 backend=anthropic stop=interrupted ")
    await village.close()
