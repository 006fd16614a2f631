"""AC-8: the manual acceptance run (issue 17 §1), rehearsed by the machine.

What the person does with NIK and real keys, done here with the camera simulator (a real
subprocess over streamable HTTP) and the local fake providers on 127.0.0.1, the keys in the
keyrings.alt file backend: one village, one agent with the camera, a template per wire and one for
a model that cannot read images. For each item the agent's template is switched in the Settings
dialog opened from the window's menu, the same request is typed and sent, and the turn runs to its
end; item 1's tool row is opened and shows the display line; the negative control asks for the
camera's status. Then the reader judges the log the app wrote (``python -m app.acceptance`` as a
process, and ``core.acceptance.read_acceptance``): 7/7, each growth the one the provider reported.
Then one wire's image placement is broken on purpose (Gemini's tool results lose their image
parts), its item is run again through Settings, and that item, and only that one, fails on round
2's growth; the command exits 1.
"""

from __future__ import annotations

import json
import re
import secrets
import subprocess
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from app.keys import KeyStore
from app.launcher import Runtime, make_runtime
from app.main_window import MainWindow
from core.acceptance import IMAGE_GROWTH_MIN, WIRE_ITEMS, AcceptanceReport, read_acceptance, read_log
from core.acceptance import ITEMS as ALL_ITEMS
from core.config import load_config, parse_config, save_config
from core.log import LOG
from core.paths import log_dir
from tests.fakes.providers import PROTOCOLS, FakeProvider, Reply, Scenario
from tests.fakes.servers import camera_server, run_module
from tests.fakes.waits import until
from wires.gemini import GeminiWire

AGENT = "agent_9"
ASK = "Take one live view frame and describe what it shows in one sentence."
LIVE = "nik__live_view_image"
STATUS = "nik__camera_status"
ITEMS = WIRE_ITEMS  # the reader's order of the wire items (the run's)
TEXT_ONLY = "Text only"  # the fallback item's template: a model that answers 400 to any image
TEXT_WIRE = "openai-compat"
BROKEN = "gemini"  # the wire whose image placement the test breaks


def said(wire: str) -> str:
    return f"The {wire} model sees a desk under a lamp."


@dataclass
class Fakes:
    """The eight fake providers and the key each one accepts."""

    wires: dict[str, FakeProvider]
    text_only: FakeProvider
    keys: dict[str, str]  # key entry name -> value


def fake_key() -> str:
    return "fuseforks-rehearsal-" + secrets.token_hex(12)  # random: no line of source holds a key


@pytest.fixture(scope="module")
def camera() -> Iterator[str]:
    with camera_server() as url:
        yield url


@pytest.fixture(scope="module")
def fakes() -> Iterator[Fakes]:
    keys = {f"rehearsal-{w}": fake_key() for w in (*ITEMS, "text-only")}
    wires = {
        w: FakeProvider(w, key=keys[f"rehearsal-{w}"], scenario=Scenario(say=said(w), tool=LIVE)).start()
        for w in ITEMS
    }
    text_only = FakeProvider(
        TEXT_WIRE,
        key=keys["rehearsal-text-only"],
        scenario=Scenario(say="I cannot see images, but the camera answered.", tool=LIVE),
        reject_images=True,
    ).start()
    try:
        yield Fakes(wires, text_only, keys)
    finally:
        for fake in (*wires.values(), text_only):
            fake.stop()


def config_data(fakes: Fakes, camera_url: str) -> dict[str, Any]:
    templates = [
        {
            "name": w,
            "protocol": w,
            "base_url": fake.url,
            "model": f"{w}-vision",
            "key": f"rehearsal-{w}",
            "max_retries": 1,
        }
        for w, fake in fakes.wires.items()
    ]
    templates.append(
        {
            "name": TEXT_ONLY,
            "protocol": TEXT_WIRE,
            "base_url": fakes.text_only.url,
            "model": "text-only",
            "key": "rehearsal-text-only",
            "max_retries": 1,
        }
    )
    return {
        "village": {"language": "en", "name": "Acceptance rehearsal"},
        "templates": templates,
        "agents": [
            {
                "id": AGENT,
                "name": "Muse",
                "template": ITEMS[0],
                "mcp_servers": {"nik": {"type": "http", "url": camera_url}},
            }
        ],
    }


# ---------------------------------------------------------------- what the person does
async def open_window(qtbot: QtBot, cfg_path: Path, tmp_path: Path) -> tuple[Runtime, MainWindow]:
    app = QApplication.instance()
    assert isinstance(app, QApplication)
    app.setQuitOnLastWindowClosed(False)  # as app.launcher.run does
    keys = KeyStore()
    config = load_config(cfg_path)
    rt = make_runtime(config, keys, store_dir=tmp_path / "data")
    win = MainWindow(rt.village, keys, config_path=config.path)
    qtbot.addWidget(win)
    win.show()
    await rt.village.start()
    win.refresh_agents()
    return rt, win


async def switch_template(qtbot: QtBot, rt: Runtime, win: MainWindow, template: str) -> None:
    """File › Settings…, the Agents tab, the agent, its template box, Save, Close."""
    win.settings_action.trigger()
    dlg = win.settings_dialog
    assert dlg is not None and dlg.isVisible()
    dlg.tabs.setCurrentWidget(dlg.agents_page)
    page = dlg.agents_page
    page.agent_list.setCurrentRow(0)
    assert page.a_id.text() == AGENT
    index = page.a_template.findText(template)
    assert index >= 0, template
    page.a_template.setCurrentIndex(index)
    qtbot.mouseClick(dlg.buttons.button(dlg.buttons.StandardButton.Save), Qt.MouseButton.LeftButton)
    assert dlg.problems_label.text() == ""
    await until(lambda: rt.village.config.agent(AGENT).template == template)
    dlg.close()  # saved: nothing to ask, it closes at once
    assert win.settings_dialog is None


async def ask(qtbot: QtBot, win: MainWindow) -> None:
    """Type the request, click Send, wait until the turn ended."""
    assert win.current_agent() == AGENT
    qtbot.keyClicks(win.input, ASK)
    qtbot.mouseClick(win.send_button, Qt.MouseButton.LeftButton)
    assert win.input.toPlainText() == ""
    assert AGENT in win.handles  # the click started a turn
    await until(lambda: AGENT not in win.handles, within=30)


async def run_item(qtbot: QtBot, rt: Runtime, win: MainWindow, template: str) -> None:
    await switch_template(qtbot, rt, win, template)
    await ask(qtbot, win)


def check_display_line(win: MainWindow) -> None:
    """Item 1's tool row, opened as the person opens it: the display line names the frame."""
    row = list(win.panels[AGENT].rows.values())[-1]
    assert row.toggle.name == LIVE and row.status.text() == "ok"
    frame = win.chats[AGENT].previews[-1].data.data
    assert frame[:3] == b"\xff\xd8\xff"
    line = f"(1 image: JPEG {len(frame) // 1000} KB)"  # the frame is tens of kilobytes
    assert row.summary.text() == line and row.summary.isVisible()
    row.toggle.click()
    assert row.details.isVisible()
    assert row.display_line.text() == line and row.display_line.isVisible()
    row.toggle.click()


# ---------------------------------------------------------------- what the reader says
def reader(log: Path) -> tuple[subprocess.CompletedProcess[str], AcceptanceReport]:
    """``python -m app.acceptance --log LOG`` as the person runs it, and the same report in-process."""
    return run_module("app.acceptance", "--log", str(log)), read_acceptance(read_log(log))


def growth(fake: FakeProvider) -> int:
    """Round 2's prompt size − round 1's as the provider reported them (input + cache reads and
    writes) for the last turn it answered: what the ``round:`` lines must say."""
    first, second = fake.requests[-2:]
    assert first.cache is not None and second.cache is not None
    return sum(second.cache) - sum(first.cache)


def check_wire(report: AcceptanceReport, wire: str, grew: int) -> None:
    item = report.item(wire)
    assert (item.backend, item.status, item.problems, item.growth) == (wire, "ok", [], grew), item
    assert grew >= IMAGE_GROWTH_MIN
    (tool,) = [e for e in item.evidence if " tool: " in e]
    assert re.fullmatch(
        rf"[\d:.]+ tool: agent={AGENT} round=1 name={LIVE} ok=true ms=\d+ body_chars=\d+ images=1", tool
    )
    assert item.evidence[-1].split(" ", 1)[1].startswith(f"turn: agent={AGENT} backend={wire} stop=- ")


@pytest.mark.asyncio
async def test_the_acceptance_run_rehearsed(
    camera: str,
    fakes: Fakes,
    qtbot: QtBot,
    tmp_path: Path,
    plaintext_keyring: Any,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    assert sorted(ITEMS) == sorted(PROTOCOLS)  # the reader knows every wire the app has
    log = LOG.configure()  # the app's own fuseforks.log, in the (isolated) per-user log folder
    assert log == log_dir() / "fuseforks.log"
    assert str(log).startswith(str(Path.home()))
    try:
        for name, value in fakes.keys.items():
            KeyStore().set(name, value)  # what Settings' "Store key" does
        cfg_path = tmp_path / "cfg" / "fuseforks.json"
        save_config(parse_config(config_data(fakes, camera)), cfg_path)
        rt, win = await open_window(qtbot, cfg_path, tmp_path)
        try:
            for i, wire in enumerate(ITEMS):
                await run_item(qtbot, rt, win, wire)
                assert win.chats[AGENT].bubbles[-1].text == said(wire)
                if i == 0:
                    check_display_line(win)
            await run_item(qtbot, rt, win, TEXT_ONLY)  # the fallback item
            # the negative control, last as in the reader's order: a camera tool that returns no
            # image, asked on openai-compat after that wire's item (not taken for the item again)
            fakes.text_only.script(Reply.call(STATUS), Reply.say("The camera is connected."))
            await run_item(qtbot, rt, win, TEXT_ONLY)
            grew = {w: growth(f) for w, f in fakes.wires.items()}

            run, report = reader(log)
            assert run.returncode == 0, run.stdout + run.stderr
            assert run.stdout.splitlines()[-1] == "acceptance: 7/7 wire items hold"
            assert report.passed and [i.key for i in report.items] == list(ALL_ITEMS)
            for wire in ITEMS:
                check_wire(report, wire, grew[wire])
            fallback = report.item("fallback")
            assert (fallback.backend, fallback.status, fallback.problems) == (TEXT_WIRE, "ok", [])
            (fell_back,) = [e for e in fallback.evidence if " tool image fallback: " in e]
            assert fell_back.endswith(
                f"tool image fallback: agent={AGENT} model=text-only removed=1 outcome=ok"
            )
            control = report.item("negative control")
            assert (control.status, control.problems) == ("ok", [])
            (plain,) = control.evidence
            assert re.fullmatch(
                rf"[\d:.]+ tool: agent={AGENT} round=1 name={STATUS} ok=true ms=\d+ body_chars=\d+", plain
            )
            assert report.item("display line").status == "manual"  # checked above, in the tool row

            # one wire broken on purpose: Gemini's tool results lose their image parts
            real = GeminiWire._response

            def without_images(message: Any, known_ids: set[str]) -> Any:
                out = real(message, known_ids)
                out["functionResponse"].pop("parts", None)
                return out

            monkeypatch.setattr(GeminiWire, "_response", staticmethod(without_images))
            await run_item(qtbot, rt, win, BROKEN)
            assert "inlineData" not in json.dumps(fakes.wires[BROKEN].requests[-1].body)
            broken_growth = growth(fakes.wires[BROKEN])
        finally:
            win.close()
            await rt.village.close()
            if rt.store is not None:
                rt.store.close()
    finally:
        LOG.close()

    run, report = reader(log)
    assert run.returncode == 1, run.stdout + run.stderr
    assert run.stdout.splitlines()[-1] == f"acceptance: 6/7 wire items hold; failed: {BROKEN}"
    assert not report.passed and report.failed() == [BROKEN]
    broken = report.item(BROKEN)
    assert (broken.status, broken.growth) == ("failed", broken_growth)
    assert broken.problems == [f"round 2 grew by {broken_growth} tokens (< {IMAGE_GROWTH_MIN})"]
    assert 0 < broken_growth < IMAGE_GROWTH_MIN  # the caption reached the model, the frame did not
    assert any(e.endswith(" images=1") for e in broken.evidence)  # the camera did send the frame
    for wire in ITEMS:
        if wire != BROKEN:
            check_wire(report, wire, grew[wire])
    assert [report.item(k).status for k in ("fallback", "negative control")] == ["ok", "ok"]
    written = log.read_text(encoding="utf-8")
    assert [k for k, v in fakes.keys.items() if v in written or v in run.stdout] == []  # keys stay out
