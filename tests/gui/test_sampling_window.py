"""MCP sampling end to end in the window: a real stdio server's tool asks the agent's model, the
person approves the card, the request goes to the agent's provider (the local fake Anthropic
server) and the server gets the model's reply."""

from __future__ import annotations

import json
import secrets
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
from core.config import load_config, parse_config, save_config
from tests.fakes.providers import FakeProvider, Reply
from tests.fakes.waits import until

ROOT = Path(__file__).resolve().parents[2]
TOOL = "feat__ask_model"


def config_data(base_url: str) -> dict[str, Any]:
    server = {
        "command": sys.executable,
        "args": ["-m", "tests.fakes.client_features_server"],
        "cwd": str(ROOT),
        "sampling": True,
    }
    return {
        "village": {"language": "en"},
        "templates": [
            {
                "name": "Vision",
                "protocol": "anthropic",
                "base_url": base_url,
                "model": "anthropic-vision",
                "key": "gui-sampling",
                "max_retries": 1,
            }
        ],
        "agents": [{"id": "agent_9", "name": "Muse", "template": "Vision", "mcp_servers": {"feat": server}}],
    }


@pytest.mark.asyncio
async def test_approved_request_reaches_the_agents_model_and_the_server(
    qtbot: QtBot, tmp_path: Path, plaintext_keyring: Any
) -> None:
    app = QApplication.instance()
    assert isinstance(app, QApplication)
    app.setQuitOnLastWindowClosed(False)
    key = "fuseforks-gui-" + secrets.token_hex(12)
    keys = KeyStore()
    keys.set("gui-sampling", key)
    with FakeProvider("anthropic", key=key) as fake:
        fake.script(
            Reply.call(TOOL, {"text": "Describe the light.", "max_tokens": 120}),
            Reply.say("Soft window light."),  # the sampling request
            Reply.say("Done."),
        )
        cfg_path = tmp_path / "cfg" / "fuseforks.json"
        save_config(parse_config(config_data(fake.url)), cfg_path)
        rt = make_runtime(load_config(cfg_path), keys, store_dir=tmp_path / "data")
        win = MainWindow(rt.village, keys, config_path=cfg_path)
        qtbot.addWidget(win)
        win.show()
        try:
            await rt.village.start()
            win.refresh_agents()
            qtbot.keyClicks(win.input, "ask the server")
            qtbot.mouseClick(win.send_button, Qt.MouseButton.LeftButton)
            area = win.sampling_area
            await until(lambda: len(area.cards) == 1 and area.isVisible(), within=30)
            (card,) = area.cards.values()
            assert card.header.text() == "Muse: the MCP server feat asks to use this agent's model:"
            assert card.messages.toPlainText() == "System prompt: Be brief.\n\nuser: Describe the light."
            assert card.limit.text() == "At most 120 tokens"
            qtbot.mouseClick(card.approve_button, Qt.MouseButton.LeftButton)
            await until(lambda: "agent_9" not in win.handles, within=30)
            assert not area.cards and not area.isVisible()
            (row,) = win.panels["agent_9"].rows.values()
            assert json.loads(row.output_text.toPlainText()) == {
                "model": "anthropic-vision",
                "text": "Soft window light.",
                "stop_reason": "endTurn",
            }
        finally:
            win.close()
            await rt.village.close()
            if rt.store is not None:
                rt.store.close()
    sampled = fake.requests[1].body
    # the system as a text block with its cache breakpoint (wires/anthropic.py)
    system = [{"type": "text", "text": "Be brief.", "cache_control": {"type": "ephemeral"}}]
    assert sampled["system"] == system and sampled["max_tokens"] == 120 and "tools" not in sampled
    assert sampled["messages"] == [{"role": "user", "content": "Describe the light."}]
