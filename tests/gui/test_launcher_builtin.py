"""The app's runtime: built-in tools per agent config, execute_code under the data dir, GC on start."""

from __future__ import annotations

import os
import time
from pathlib import Path

import pytest

from app.keys import KeyStore
from app.launcher import make_runtime, start_store_gc
from core.config import parse_config
from core.village import Village
from tests.conftest import log_lines
from tests.fakes.scripted import ScriptedBackend, call, reply

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
