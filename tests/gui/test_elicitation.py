"""MCP elicitation in the window: a form card under the chat, filled and accepted, declined, refused.

The real window (``app.launcher.make_runtime`` + ``MainWindow``), the camera simulator as a real
subprocess over streamable HTTP offering ``demo_ask_settings`` (``--elicit``), and the local fake
Anthropic provider scripted to call that tool once and then answer.
"""

from __future__ import annotations

import re
import secrets
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QCoreApplication, Qt, QTranslator
from PySide6.QtWidgets import QApplication, QCheckBox, QComboBox, QDoubleSpinBox, QLineEdit, QSpinBox
from pytestqt.qtbot import QtBot

from app.keys import KeyStore
from app.launcher import Runtime, make_runtime
from app.main_window import MainWindow
from app.widgets.elicitation import ElicitationArea, ElicitationCard
from core.config import load_config, parse_config, save_config
from core.elicitation import Elicitations, parse_schema
from core.events import ElicitationAsked, EventBus
from tests.fakes.logs import log_lines
from tests.fakes.providers import FakeProvider, Scenario
from tests.fakes.servers import camera_server
from tests.fakes.waits import until

ROOT = Path(__file__).resolve().parents[2]
TOOL = "nik__demo_ask_settings"
SAY = "Exposure noted."


@pytest.fixture(scope="module")
def camera() -> Iterator[str]:
    """The camera simulator with the elicitation tool, over streamable HTTP."""
    with camera_server("--elicit") as url:
        yield url


def config_data(base_url: str, camera_url: str, key_name: str) -> dict[str, Any]:
    return {
        "village": {"language": "en", "name": "Form village"},
        "templates": [
            {
                "name": "Vision",
                "protocol": "anthropic",
                "base_url": base_url,
                "model": "anthropic-vision",
                "key": key_name,
                "max_retries": 1,
            }
        ],
        "agents": [
            {
                "id": "agent_9",
                "name": "Muse",
                "template": "Vision",
                "mcp_servers": {"nik": {"type": "http", "url": camera_url}},
            }
        ],
    }


async def open_window(qtbot: QtBot, fake_url: str, camera: str, tmp_path: Path) -> tuple[Runtime, MainWindow]:
    app = QApplication.instance()
    assert isinstance(app, QApplication)
    app.setQuitOnLastWindowClosed(False)
    keys = KeyStore()
    cfg_path = tmp_path / "cfg" / "fuseforks.json"
    save_config(parse_config(config_data(fake_url, camera, "gui-form")), cfg_path)
    config = load_config(cfg_path)
    rt = make_runtime(config, keys, store_dir=tmp_path / "data")
    win = MainWindow(rt.village, keys, config_path=config.path)
    qtbot.addWidget(win)
    win.show()
    await rt.village.start()
    win.refresh_agents()
    return rt, win


async def close_window(rt: Runtime, win: MainWindow) -> None:
    win.close()
    await rt.village.close()
    if rt.store is not None:
        rt.store.close()


async def send_and_open_card(qtbot: QtBot, win: MainWindow) -> ElicitationCard:
    qtbot.keyClicks(win.input, "set the exposure")
    qtbot.mouseClick(win.send_button, Qt.MouseButton.LeftButton)
    area = win.elicitation_area
    await until(lambda: len(area.cards) == 1 and area.isVisible(), within=30)
    (card,) = area.cards.values()
    return card


def tool_result_sent(fake: FakeProvider) -> Any:
    """The tool_result block of the provider's second request (what the model read)."""
    second = fake.requests[1].body
    (block,) = [b for b in second["messages"][-1]["content"] if b.get("type") == "tool_result"]
    return block["content"]


def check_card(card: ElicitationCard) -> None:
    assert card.header.text() == "Muse: the MCP server nik asks you:"
    assert card.message.text() == "Set the exposure for the next frame."
    assert [card.labels[n].text() for n in ("exposure", "confirm", "gain", "metering", "note")] == [
        "Exposure (ms) *",
        "Apply now *",
        "Gain",
        "Metering",
        "Note",
    ]
    assert card.labels["exposure"].toolTip() == "Exposure time in milliseconds"
    assert card.inputs["gain"].toolTip() == "Sensor gain"
    exposure, confirm, gain, metering, note = (
        card.inputs[n] for n in ("exposure", "confirm", "gain", "metering", "note")
    )
    assert isinstance(exposure, QSpinBox) and (exposure.minimum(), exposure.maximum()) == (1, 1000)
    assert isinstance(confirm, QCheckBox) and not confirm.isChecked()
    assert isinstance(gain, QDoubleSpinBox) and (gain.minimum(), gain.maximum(), gain.value()) == (
        0.5,
        8.0,
        1.0,
    )
    assert isinstance(metering, QComboBox)
    assert [metering.itemText(i) for i in range(metering.count())] == ["", "spot", "matrix", "center"]
    assert metering.currentText() == "matrix"  # the schema's default
    assert isinstance(note, QLineEdit) and note.maxLength() == 40
    assert [card.accept_button.text(), card.decline_button.text(), card.cancel_button.text()] == [
        "Accept",
        "Decline",
        "Cancel",
    ]


@pytest.mark.asyncio
async def test_accepted_form_reaches_the_server_and_the_model(
    camera: str, qtbot: QtBot, tmp_path: Path, event_log: Path, plaintext_keyring: Any
) -> None:
    key_value = "fuseforks-gui-" + secrets.token_hex(12)
    KeyStore().set("gui-form", key_value)
    with FakeProvider("anthropic", key=key_value, scenario=Scenario(say=SAY, tool=TOOL)) as fake:
        rt, win = await open_window(qtbot, fake.url, camera, tmp_path)
        try:
            card = await send_and_open_card(qtbot, win)
            check_card(card)
            exposure = card.inputs["exposure"]
            assert isinstance(exposure, QSpinBox)
            exposure.clear()
            qtbot.keyClicks(exposure, "250")
            assert exposure.value() == 250
            confirm = card.inputs["confirm"]
            assert isinstance(confirm, QCheckBox)
            qtbot.keyClick(confirm, Qt.Key.Key_Space)
            metering = card.inputs["metering"]
            assert isinstance(metering, QComboBox)
            metering.setCurrentIndex(metering.findData("spot"))
            note = card.inputs["note"]
            assert isinstance(note, QLineEdit)
            qtbot.keyClicks(note, "lamp on")
            assert card.content() == {
                "exposure": 250,
                "confirm": True,
                "gain": 1.0,
                "metering": "spot",
                "note": "lamp on",
            }
            assert card.accept_button.isEnabled() and card.problem.text() == ""
            qtbot.mouseClick(card.accept_button, Qt.MouseButton.LeftButton)
            await until(lambda: "agent_9" not in win.handles, within=30)
            await until(lambda: not win.elicitation_area.cards)
            assert not win.elicitation_area.isVisible()
            expected = "action=accept exposure=250 confirm=true gain=1 metering=spot note=lamp on"
            (row,) = win.panels["agent_9"].rows.values()
            assert row.toggle.name == TOOL
            assert row.status.text() == "ok"
            assert row.output_text.toPlainText() == expected
            assert tool_result_sent(fake) == expected  # what the model read
            assert [(b.role, b.text) for b in win.chats["agent_9"].bubbles] == [
                ("user", "set the exposure"),
                ("assistant", SAY),
            ]
        finally:
            await close_window(rt, win)
    lines = [x for x in log_lines(event_log) if x.startswith("mcp elicitation")]
    assert [re.sub(r"request=\S+|ms=\d+", "·", x) for x in lines] == [
        "mcp elicitation asked: agent=agent_9 server=nik · fields=5",
        "mcp elicitation settled: agent=agent_9 server=nik · outcome=accept ·",
        "mcp elicitation: agent=agent_9 server=nik action=accept",
    ]
    assert "lamp on" not in event_log.read_text(encoding="utf-8")  # values are never logged


@pytest.mark.asyncio
@pytest.mark.parametrize("button", ["decline", "cancel"])
async def test_declined_or_cancelled_form(
    button: str, camera: str, qtbot: QtBot, tmp_path: Path, event_log: Path, plaintext_keyring: Any
) -> None:
    key_value = "fuseforks-gui-" + secrets.token_hex(12)
    KeyStore().set("gui-form", key_value)
    with FakeProvider("anthropic", key=key_value, scenario=Scenario(say=SAY, tool=TOOL)) as fake:
        rt, win = await open_window(qtbot, fake.url, camera, tmp_path)
        try:
            card = await send_and_open_card(qtbot, win)
            # untouched, the form is already valid (spin boxes start at the minimum, enums at the default)
            assert card.content() == {"exposure": 1, "confirm": False, "gain": 1.0, "metering": "matrix"}
            assert card.accept_button.isEnabled()
            qtbot.mouseClick(getattr(card, f"{button}_button"), Qt.MouseButton.LeftButton)
            assert not card.decline_button.isEnabled()  # one reply per card
            await until(lambda: "agent_9" not in win.handles, within=30)
            (row,) = win.panels["agent_9"].rows.values()
            assert row.output_text.toPlainText() == f"action={button}"
            assert tool_result_sent(fake) == f"action={button}"
            await until(lambda: not win.elicitation_area.cards)
            broker = win.elicitation_area.broker
            assert isinstance(broker, Elicitations) and broker.available
        finally:
            await close_window(rt, win)
    assert not broker.available  # a closed window answers nothing: headless again
    assert f"mcp elicitation: agent=agent_9 server=nik action={button}" in log_lines(event_log)


SCHEMA = {
    "type": "object",
    "properties": {
        "name": {"type": "string", "title": "Name", "minLength": 2, "description": "Who you are"},
        "level": {
            "type": "string",
            "oneOf": [{"const": "lo", "title": "Low"}, {"const": "hi", "title": "High"}],
        },
        "ratio": {"type": "number"},
        "mail": {"type": "string", "format": "email"},
    },
    "required": ["name", "level"],
}


def test_card_refuses_what_the_schema_refuses(qtbot: QtBot) -> None:
    asked = ElicitationAsked("a1", "srv", "e-1", "Who?", parse_schema(SCHEMA))
    sent: list[tuple[str, object]] = []
    card = ElicitationCard(asked, "Ava")
    qtbot.addWidget(card)
    card.accepted.connect(lambda rid, content: sent.append((rid, content)))
    level = card.inputs["level"]
    assert isinstance(level, QComboBox) and level.currentIndex() == -1  # required: no choice made for you
    assert [level.itemText(i) for i in range(level.count())] == ["Low", "High"]
    assert card.labels["name"].text() == "Name *" and card.labels["name"].toolTip() == "Who you are"
    assert not card.accept_button.isEnabled()
    assert card.problem.text() == "Check: Name, level"
    name = card.inputs["name"]
    assert isinstance(name, QLineEdit)
    qtbot.keyClicks(name, "A")
    assert card.problem.text() == "Check: Name, level"  # minLength 2
    qtbot.keyClicks(name, "d")
    level.setCurrentIndex(1)
    mail = card.inputs["mail"]
    assert isinstance(mail, QLineEdit)
    qtbot.keyClicks(mail, "not-an-address")
    assert card.problem.text() == "Check: mail" and not card.accept_button.isEnabled()
    card._accept()  # even a forced click sends nothing invalid
    assert sent == []
    mail.clear()
    assert card.accept_button.isEnabled() and card.problem.text() == ""
    qtbot.mouseClick(card.accept_button, Qt.MouseButton.LeftButton)
    assert sent == [("e-1", {"name": "Ad", "level": "hi", "ratio": 0.0})]
    qtbot.mouseClick(card.accept_button, Qt.MouseButton.LeftButton)
    assert len(sent) == 1


def test_area_attaches_as_answerer_and_shows_late_requests(qtbot: QtBot) -> None:
    broker = Elicitations(EventBus())
    assert not broker.available
    area = ElicitationArea(broker)
    qtbot.addWidget(area)
    assert broker.available and not area.isVisible()
    area.detach()
    assert not broker.available


def test_card_texts_in_japanese(qtbot: QtBot) -> None:
    translator = QTranslator()
    assert translator.load(str(ROOT / "translations" / "fuseforks_ja.qm"))
    QCoreApplication.installTranslator(translator)
    try:
        asked = ElicitationAsked("a1", "nik", "e-1", "?", parse_schema(SCHEMA))
        card = ElicitationCard(asked, "Ava")
        qtbot.addWidget(card)
        assert card.header.text() == "Ava: MCP サーバー nik からの入力依頼:"
        assert [card.accept_button.text(), card.decline_button.text(), card.cancel_button.text()] == [
            "承認",
            "断る",
            "キャンセル",
        ]
        assert card.problem.text() == "確認してください: Name, level"
    finally:
        QCoreApplication.removeTranslator(translator)


@pytest.mark.asyncio
async def test_stop_cancels_the_open_form_and_the_turn_ends(
    camera: str, qtbot: QtBot, tmp_path: Path, event_log: Path, plaintext_keyring: Any
) -> None:
    """Without this, the tool call waits for the form until its timeout and Stop waits with it."""
    key_value = "fuseforks-gui-" + secrets.token_hex(12)
    KeyStore().set("gui-form", key_value)
    with FakeProvider("anthropic", key=key_value, scenario=Scenario(say=SAY, tool=TOOL)) as fake:
        rt, win = await open_window(qtbot, fake.url, camera, tmp_path)
        try:
            await send_and_open_card(qtbot, win)
            win.stop_button.click()
            await until(lambda: "agent_9" not in win.handles, within=10)
            await until(lambda: not win.elicitation_area.cards)
            (row,) = win.panels["agent_9"].rows.values()
            assert row.output_text.toPlainText() == "action=cancel"
            assert win.chats["agent_9"].bubbles[-1].text == "Stopped."
        finally:
            await close_window(rt, win)
    lines = log_lines(event_log)
    assert "mcp elicitation: agent=agent_9 server=nik action=cancel" in lines
    assert any(ln.startswith("turn: agent=agent_9 backend=anthropic stop=interrupted ") for ln in lines)
