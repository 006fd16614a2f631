"""The web companion's switch remembered across starts (WC-40, WC-41): the app's own start
(``run_app``) serves again when it was left on, on the same port with the keyring's token, and
its quit stops the server without forgetting; off stays off; a damaged ``web.json`` gives a
visible note, the defaults, and its bytes kept."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any

import httpx
import pytest
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from app.keys import KeyStore
from app.main_window import MainWindow
from app.web_resume import CompanionResume
from core.config import parse_config
from core.events import Notice
from core.village import Village
from tests.fakes.logs import log_lines
from tests.fakes.servers import free_port
from tests.fakes.waits import until
from tests.fakes.windows import shown_windows, start_app
from web.control import CompanionSwitch
from web.memory import CompanionMemory, Remembered, memory_path
from web.token import VillageToken

VILLAGE = "remembered-village"
CONFIG = {
    "village": {"id": VILLAGE, "language": "en", "name": "Remembered"},
    "templates": [{"name": "c", "protocol": "anthropic", "model": "claude-x"}],
    "agents": [{"id": "muse", "template": "c"}],
}


async def started(path: Path) -> tuple[asyncio.Future[int], MainWindow]:
    """``run_app`` on ``path`` until its window is shown and the watches (then the companion) ran."""
    run = start_app(path)
    await until(lambda: len(shown_windows()) == 1)
    [win] = shown_windows()
    assert isinstance(win.web, CompanionSwitch)
    switch = win.web
    await until(lambda: switch.recalled)
    return run, win


async def answers(port: int, token: str) -> int:
    async with httpx.AsyncClient() as c:
        r = await c.get(f"http://127.0.0.1:{port}/api/village", headers={"Authorization": f"Bearer {token}"})
        return r.status_code


async def refused(port: int) -> bool:
    try:
        await answers(port, "x")
    except httpx.ConnectError:
        return True
    return False


def remember(state: Remembered) -> None:
    CompanionMemory().keep(VILLAGE, state)


@pytest.mark.asyncio
@pytest.mark.usefixtures("app_state")
async def test_left_on_it_serves_again_after_a_restart_and_a_quit_forgets_nothing(
    qtbot: QtBot, tmp_path: Path, plaintext_keyring: Any
) -> None:
    path = tmp_path / "village.json"
    path.write_text(json.dumps(CONFIG), encoding="utf-8")
    port = free_port()
    remember(Remembered(on=True, lan=False, port=port))
    for start in range(2):
        run, win = await started(path)
        token = KeyStore().get(f"web:{VILLAGE}")
        assert token and win.web is not None and win.web.running
        if start == 0:  # Settings shows it on, with its address
            box = win.open_settings().web_box
            assert box.on.isChecked() and not box.lan.isChecked()
            assert box.address.text() == f"http://127.0.0.1:{port}/"
            box.window().close()
        assert await answers(port, token) == 200
        assert await answers(port, "wrong") == 401
        win.close()
        assert await run == 0
        assert await refused(port)  # the quit stopped the server
        assert json.loads(memory_path().read_text(encoding="utf-8")) == {
            "version": 1,
            "villages": {VILLAGE: {"on": True, "lan": False, "port": port}},
        }
    run, win = await started(path)
    assert win.web is not None
    await win.web.stop()  # the person's switch off
    win.close()
    assert await run == 0
    run, win = await started(path)
    assert win.web is not None and not win.web.running
    assert await refused(port)
    win.close()
    assert await run == 0
    assert CompanionMemory().recall(VILLAGE) == Remembered(on=False, lan=False, port=port)


@pytest.mark.asyncio
@pytest.mark.usefixtures("app_state")
async def test_a_damaged_file_is_a_visible_note_the_defaults_and_its_bytes_kept(
    qtbot: QtBot, tmp_path: Path, plaintext_keyring: Any, event_log: Path
) -> None:
    path = tmp_path / "village.json"
    path.write_text(json.dumps(CONFIG), encoding="utf-8")
    damaged = b'{"version": 1, "villages": {"remembered-village": {"on": tru'
    memory_path().parent.mkdir(parents=True, exist_ok=True)
    memory_path().write_bytes(damaged)
    run, win = await started(path)
    assert win.web is not None and not win.web.running
    kept = memory_path().with_name("web.json.bad")
    await until(lambda: win.statusBar().currentMessage() != "")
    assert win.statusBar().currentMessage() == (
        "The web companion's remembered switch could not be read "
        "(Expecting value: line 1 column 58 (char 57)). "
        f"It is off; the file was kept as {kept}."
    )
    assert kept.read_bytes() == damaged and not memory_path().exists()
    assert f"web memory unreadable: path={memory_path()} error=JSONDecodeError kept={kept}" in log_lines(
        event_log
    )
    await win.web.start()  # the switch works, and is remembered in a new file
    win.close()
    assert await run == 0
    assert CompanionMemory().recall(VILLAGE).on and kept.read_bytes() == damaged


def test_wrong_types_are_refused_and_other_villages_are_kept(tmp_path: Path) -> None:
    file = tmp_path / "web.json"
    file.write_text('{"villages": {"a": {"on": "yes"}}}', encoding="utf-8")
    memory = CompanionMemory(file)
    assert (
        memory.recall("a") == Remembered()
        and memory.problem == "village 'a': on and lan must be true or false"
    )
    file.write_text('{"villages": {"a": {"on": true, "port": 8080}}}', encoding="utf-8")
    memory = CompanionMemory(file)
    memory.keep("b", Remembered(on=True, lan=True, port=0))
    assert file.read_text(encoding="utf-8") == (
        '{\n  "version": 1,\n  "villages": {\n'
        '    "a": {\n      "on": true,\n      "lan": false,\n      "port": 8080\n    },\n'
        '    "b": {\n      "on": true,\n      "lan": true,\n      "port": 0\n    }\n  }\n}\n'
    )
    file.write_text('{"villages": {"a": {"port": 70000}}}', encoding="utf-8")
    assert CompanionMemory(file).recall("a") == Remembered()


class RefusingKeys:
    """A keyring that refuses (the companion's token cannot be read)."""

    def get(self, name: str | None) -> str | None:
        raise RuntimeError("the keyring is locked")

    def set(self, name: str, value: str) -> None:
        raise RuntimeError("the keyring is locked")


@pytest.mark.asyncio
async def test_a_companion_that_cannot_start_again_is_a_note_and_stays_remembered_on(
    qapp: QApplication, tmp_path: Path, event_log: Path
) -> None:
    memory = CompanionMemory(tmp_path / "web.json")
    memory.keep(VILLAGE, Remembered(on=True, lan=False, port=0))
    village = Village(parse_config(CONFIG), backend_factory=lambda t: None)  # type: ignore[arg-type,return-value]
    switch = CompanionSwitch(
        village, VillageToken(RefusingKeys(), VILLAGE), memory=CompanionMemory(memory.path)
    )
    notes: list[Notice] = []
    village.bus.subscribe(lambda e: notes.append(e) if isinstance(e, Notice) else None)
    assert await CompanionResume(switch, village.bus).run() is False
    assert not switch.running and switch.recalled
    assert notes == [
        Notice(None, "warning", "The web companion was on but could not start again: the keyring is locked")
    ]
    assert "web resume failed: error=RuntimeError" in log_lines(event_log)
    assert CompanionMemory(memory.path).recall(VILLAGE) == Remembered(on=True, lan=False, port=0)
