"""Configuration warnings (unknown keys) reach the runtime and the log instead of being lost."""

from __future__ import annotations

import json
from pathlib import Path

from app.keys import KeyStore
from app.launcher import make_runtime
from app.startup_problems import load_or_demo
from tests.fakes.logs import log_lines

CFG = {
    "templates": [{"name": "c", "protocol": "anthropic", "model": "claude-x"}],
    "agents": [{"id": "muse", "template": "c", "avatar": "fox"}],
    "colour": "blue",
}


def test_unknown_keys_are_logged_and_reachable_from_the_runtime(tmp_path: Path, event_log: Path) -> None:
    path = tmp_path / "fuseforks.json"
    path.write_text(json.dumps(CFG), encoding="utf-8")
    config, demo = load_or_demo(path)
    assert config is not None and not demo
    expected = ["colour: unknown key (ignored)", "agents[0].avatar: unknown key (ignored)"]
    assert [line for line in log_lines(event_log) if line.startswith("config warning:")] == [
        f"config warning: path={path}: {warning}" for warning in expected
    ]
    rt = make_runtime(config, KeyStore(), store_dir=tmp_path / "data")
    try:
        assert rt.config_warnings() == expected
    finally:
        if rt.store is not None:
            rt.store.close()
