"""Issue 13, defect 1: a chat belongs to its configuration's village, not to an agent id.

The demo village's agent is ``muse``; a new configuration file whose agent is also ``muse`` must
neither show the demo's chat nor send its messages to the new provider. The demo's chat is still
there when the demo village opens again.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot

from app.demo import demo_config
from app.keys import KeyStore
from app.launcher import Runtime, make_runtime
from app.startup_problems import load_or_demo
from core.canonical import Role
from core.village import Village
from tests.fakes.runtimes import stop
from tests.fakes.scripted import ScriptedBackend
from tests.fakes.windows import window

NEW_CONFIG = {
    "village": {"language": "en", "name": "Mine"},
    "templates": [{"name": "Claude", "protocol": "anthropic", "model": "claude-x", "key": None}],
    "agents": [{"id": "muse", "name": "Muse", "template": "Claude"}],
}


def runtime(config_path: Path | None, data: Path, backend: ScriptedBackend) -> Runtime:
    if config_path is None:
        config = demo_config("http://127.0.0.1:1/mcp", path=data.parent / "fuseforks.json")
    else:
        config, _demo = load_or_demo(config_path)
        assert config is not None
    rt = make_runtime(config, KeyStore(), store_dir=data)
    assert isinstance(rt.village, Village)
    rt.village._backend_factory = lambda t: backend
    return rt


@pytest.mark.asyncio
async def test_a_new_configuration_does_not_see_the_demo_chat(qtbot: QtBot, tmp_path: Path) -> None:
    data = tmp_path / "data"
    demo = runtime(None, data, ScriptedBackend.looping("offline-demo", "demo", ["Demo answer."]))
    try:
        await demo.village.send("muse", "hello demo").wait()
    finally:
        await stop(demo)

    path = tmp_path / "mine.json"
    path.write_text(json.dumps(NEW_CONFIG))
    backend = ScriptedBackend.looping("anthropic", "claude-x", ["Mine."])
    mine = runtime(path, data, backend)
    try:
        assert isinstance(mine.village, Village)
        assert mine.village.history("muse") == []  # the model is given nothing of the demo's
        win = window(qtbot, mine.village, history=mine.history)
        assert [b.text for b in win.chats["muse"].bubbles] == []
        await mine.village.send("muse", "hello mine").wait()
        sent = [m.text for m in backend.requests[0].messages if m.role is Role.USER]
        assert sent == ["hello mine"]
    finally:
        await stop(mine)

    demo = runtime(None, data, ScriptedBackend.looping("offline-demo", "demo", ["Again."]))
    try:
        assert isinstance(demo.village, Village)
        assert [m.text for m in demo.village.history("muse") if m.role is Role.USER] == ["hello demo"]
    finally:
        await stop(demo)
