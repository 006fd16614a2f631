"""The app's runtime: built-in tools per agent config, execute_code under the data dir, GC on start."""

from __future__ import annotations

import gc
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from PySide6.QtCore import QObject
from pytestqt.qtbot import QtBot

from app import gc_guard
from app.keys import KeyStore
from app.launcher import adopt_config, make_runtime, refreeze_timer, start_store_gc
from core.config import parse_config
from core.store import Store
from core.village import Village
from tests.fakes.logs import log_lines
from tests.fakes.scripted import ScriptedBackend, call, reply

ROOT = Path(__file__).resolve().parents[2]
CFG = {
    "templates": [{"name": "c", "protocol": "anthropic", "model": "claude-x"}],
    "agents": [
        {"id": "muse", "template": "c"},
        {"id": "coder", "template": "c", "builtin_tools": ["execute_code", "ask_user_question"]},
    ],
}


@pytest.mark.asyncio
async def test_agents_get_their_configured_builtin_tools(tmp_path: Path) -> None:
    rt = make_runtime(parse_config(CFG), KeyStore(), store_dir=tmp_path)
    village = rt.village
    assert isinstance(village, Village)
    backend = ScriptedBackend([call("execute_code", {"code": "import os; print(os.getcwd())"}), reply("ok")])
    village._backend_factory = lambda t: backend
    try:
        assert [t.name for t in village.tools("muse")] == ["ask_user_question"]
        assert [t.name for t in village.tools("coder")] == ["execute_code", "ask_user_question"]
        await village.send("coder", "where are you?").wait()
        body = [m.text for m in backend.requests[1].messages][-1]
        assert body == f"exit code: 0\nstdout:\n{tmp_path / 'code' / 'coder'}"
    finally:
        await village.close()
        assert rt.store is not None
        rt.store.close()


@pytest.mark.asyncio
async def test_gc_runs_off_the_loop_on_start(tmp_path: Path, event_log: Path) -> None:
    rt = make_runtime(parse_config(CFG), KeyStore(), store_dir=tmp_path)
    assert rt.store is not None
    orphan = rt.store.blobs.put(b"left by a crash")
    old = time.time() - 7200
    os.utime(rt.store.blobs.path(orphan), (old, old))
    spill = tmp_path / "spill" / f"{'0' * 64}.txt"
    spill.parent.mkdir()
    spill.write_text("old spill")
    os.utime(spill, (old, old))
    try:
        gc = start_store_gc(rt)
        assert gc is not None
        await gc
        assert not rt.store.blobs.path(orphan).exists() and not spill.exists()
        gc_lines = [ln.split(" ms=")[0] for ln in log_lines(event_log) if ln.startswith("store gc:")]
        assert gc_lines == ["store gc: removed=2 bytes=24 kept=0 corrupt=0 dry_run=false"]
    finally:
        await rt.village.close()
        rt.store.close()


@pytest.mark.asyncio
async def test_a_settings_apply_adopts_the_language_and_refreezes_once_its_sessions_closed(
    tmp_path: Path, event_log: Path, qtbot: QtBot
) -> None:
    """L-16: what an apply made garbage among the frozen objects is freed by the refreeze the apply
    starts (the ``gc refrozen:`` line); three applies in its interval cost one walk, not three."""
    rt = make_runtime(parse_config(CFG), KeyStore(), store_dir=tmp_path)
    assert rt.store is not None
    owner = QObject()
    timer = refreeze_timer(owner, interval_ms=300)
    try:
        gc_guard.freeze_start_up()
        cfg = parse_config(CFG | {"village": {"language": "ja"}})
        for _ in range(3):
            adopt_config(rt, cfg, timer)
        assert (rt.provider.language, rt.provider.settings) == ("ja", cfg.mcp)
        assert rt.history is not None and rt.history.language == "ja"
        assert timer.isActive() and timer.isSingleShot()
        qtbot.waitUntil(lambda: not timer.isActive(), timeout=5000)
        qtbot.wait(400)  # a second walk would have come by now
        lines = [ln for ln in log_lines(event_log) if ln.startswith("gc refrozen:")]
        assert len(lines) == 1, lines
        name, count = lines[0].split("=")
        assert name == "gc refrozen: objects"  # frozen objects freed by reference counting leave the count
        assert gc.get_freeze_count() <= int(count) < gc.get_freeze_count() + 1_000
    finally:
        gc_guard.thaw()
        await rt.village.close()
        rt.store.close()


@pytest.mark.skipif(sys.platform != "linux", reason="uses SIGTERM")
def test_app_start_runs_the_store_gc(tmp_path: Path) -> None:
    """``python -m app`` removes an old orphan blob on start (a real launch, demo village)."""
    data = tmp_path / "d" / "fuseforks"
    store = Store.open(data)
    orphan = store.blobs.put(b"orphan blob from an earlier crash")
    store.close()
    old = time.time() - 7200
    os.utime(store.blobs.path(orphan), (old, old))
    env = dict(
        os.environ,
        HOME=str(tmp_path),
        XDG_CONFIG_HOME=str(tmp_path / "c"),
        XDG_DATA_HOME=str(tmp_path / "d"),
        XDG_STATE_HOME=str(tmp_path / "s"),
        QT_QPA_PLATFORM="offscreen",
    )
    log = tmp_path / "log" / "fuseforks.log"
    proc = subprocess.Popen(
        [sys.executable, "-m", "app", "--log-dir", str(log.parent)],
        cwd=ROOT,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        deadline = time.monotonic() + 60
        text = ""
        while time.monotonic() < deadline and "store gc:" not in text:
            time.sleep(0.1)
            text = log.read_text(encoding="utf-8") if log.exists() else ""
        lines = [ln.split("] ", 1)[1] for ln in text.splitlines() if "] store gc:" in ln]
        assert [ln.split(" ms=")[0] for ln in lines] == [
            "store gc: removed=1 bytes=33 kept=0 corrupt=0 dry_run=false"
        ]
        assert not store.blobs.path(orphan).exists()
        proc.send_signal(signal.SIGTERM)
        assert proc.wait(20) == 0
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
