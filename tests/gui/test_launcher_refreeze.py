"""L-16 through the launcher's own path: ``run_app`` freezes start-up's objects once the window is up
(``gc frozen:``), and a Settings apply in that window refreezes them once, two seconds later
(``gc refrozen:``); the app's end gives them back."""

from __future__ import annotations

import asyncio
import gc
import json
from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot

from app.launcher import REFREEZE_MS
from core.config import parse_config
from tests.fakes.logs import log_lines
from tests.fakes.waits import until
from tests.fakes.windows import shown_windows, start_app

GOOD = {
    "village": {"language": "en", "name": "Refreeze village"},
    "templates": [{"name": "c", "protocol": "anthropic", "model": "claude-x"}],
    "agents": [{"id": "muse", "template": "c"}],
}


def refrozen(log: Path) -> list[str]:
    return [ln for ln in log_lines(log) if ln.startswith("gc refrozen:")]


@pytest.mark.asyncio
@pytest.mark.usefixtures("app_state")
async def test_a_settings_apply_in_the_app_refreezes_once(
    qtbot: QtBot, tmp_path: Path, event_log: Path
) -> None:
    path = tmp_path / "village.json"
    path.write_text(json.dumps(GOOD), encoding="utf-8")
    run = start_app(path)
    try:
        await until(lambda: any(ln.startswith("gc frozen:") for ln in log_lines(event_log)), within=30)
        [win] = shown_windows()
        assert gc.get_freeze_count() > 0
        japanese = parse_config(GOOD | {"village": {"language": "ja", "name": "Refreeze village"}})
        await win.apply_config(japanese)
        await win.apply_config(japanese)  # a burst of applies: one walk
        assert refrozen(event_log) == []  # not at once: the replaced sessions close first
        await until(lambda: refrozen(event_log) != [], within=REFREEZE_MS / 1000 + 10)
        await asyncio.sleep(0.5)
        [line] = refrozen(event_log)
        assert line.startswith("gc refrozen: objects=") and int(line.split("=")[1]) > 0
    finally:
        for w in shown_windows():
            w.close()
        assert await run == 0
    assert gc.get_freeze_count() == 0  # the app's end thawed them
