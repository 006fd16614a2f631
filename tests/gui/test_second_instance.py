"""Two real ``python -m app`` processes on one data folder (issue 11, defect 1: one process per store).

The first resumes a crashed turn and is held in its model request by a provider that never answers:
a live turn, ``running`` in the store. A second start must not take it for a crashed one (resume it
again, so its tools would run twice): it asks the first window to the front and exits 0 without
touching the store. A holder that does not answer is named on stderr (exit 3); a holder killed with
SIGKILL leaves a stale lock file that does not block the next start.
"""

from __future__ import annotations

import hashlib
import json
import os
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest

from tests.fakes.stores import crashed_store

ROOT = Path(__file__).resolve().parents[2]
pytestmark = pytest.mark.skipif(sys.platform != "linux", reason="POSIX processes and signals")


class Hanging:
    """A model endpoint that records each request and answers none (until ``close``)."""

    def __init__(self) -> None:
        self.requests: list[str] = []
        self.release = threading.Event()
        outer = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self) -> None:
                self.rfile.read(int(self.headers.get("content-length", 0)))
                outer.requests.append(self.path)
                outer.release.wait(60)

            def log_message(self, *_: object) -> None:
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.server.daemon_threads = True
        threading.Thread(target=self.server.serve_forever, daemon=True).start()
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}"

    def close(self) -> None:
        self.release.set()
        self.server.shutdown()
        self.server.server_close()


def wait_for(cond: Callable[[], bool], within: float) -> bool:
    deadline = time.monotonic() + within
    while time.monotonic() < deadline:
        if cond():
            return True
        time.sleep(0.05)
    return cond()


def read(path: Path) -> str:
    return path.read_text(encoding="utf-8") if path.exists() else ""


def digest(store: Path) -> dict[str, str]:
    """Every file of the store folder but the lock file, by content."""
    return {
        p.relative_to(store).as_posix(): hashlib.sha256(p.read_bytes()).hexdigest()
        for p in sorted(store.rglob("*"))
        if p.is_file() and p.name != "store.lock"
    }


class Apps:
    """Starts ``python -m app`` on one isolated HOME, each with its own log folder."""

    def __init__(self, tmp: Path, config: Path) -> None:
        self.tmp = tmp
        self.config = config
        self.env = dict(
            os.environ,
            HOME=str(tmp),
            XDG_CONFIG_HOME=str(tmp / "c"),
            XDG_DATA_HOME=str(tmp / "d"),
            XDG_STATE_HOME=str(tmp / "s"),
            QT_QPA_PLATFORM="offscreen",
        )
        self.data = tmp / "d" / "fuseforks"
        self.procs: list[subprocess.Popen[bytes]] = []

    def start(self, name: str) -> subprocess.Popen[bytes]:
        proc = subprocess.Popen(
            [sys.executable, "-m", "app", "--config", str(self.config), "--log-dir", str(self.tmp / name)],
            cwd=ROOT,
            env=self.env,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
        )
        self.procs.append(proc)
        return proc

    def log(self, name: str) -> str:
        return read(self.tmp / name / "fuseforks.log")

    def stop_all(self) -> None:
        for proc in self.procs:
            if proc.poll() is None:
                proc.kill()
            proc.wait()
            if proc.stderr is not None:
                proc.stderr.close()


@pytest.fixture
def provider() -> Iterator[Hanging]:
    server = Hanging()
    yield server
    server.close()


@pytest.fixture
def apps(tmp_path: Path, provider: Hanging) -> Iterator[Apps]:
    config = tmp_path / "fuseforks.json"
    template = {"name": "c", "protocol": "anthropic", "model": "claude-x", "base_url": provider.url}
    template |= {"key": None, "max_retries": 1, "request_timeout_s": 60, "stream": False}
    config.write_text(json.dumps({"templates": [template], "agents": [{"id": "agent_9", "template": "c"}]}))
    out = Apps(tmp_path, config)
    crashed_store(out.data).close()  # a turn cut while its second call was registered
    yield out
    out.stop_all()


def test_second_start_raises_the_first_window_and_leaves_its_live_turn_alone(
    apps: Apps, provider: Hanging
) -> None:
    first = apps.start("log1")
    # the first resumes the cut turn and waits in its model request: the turn is live, "running"
    assert wait_for(lambda: len(provider.requests) == 1, 60), apps.log("log1")
    assert wait_for(lambda: "store gc:" in apps.log("log1"), 20)  # the start-up clean-up is done
    before = digest(apps.data / "store")
    second = apps.start("log2")
    # today the second recovers the live turn as a crashed one and sends its model request again
    wait_for(lambda: second.poll() is not None or len(provider.requests) > 1, 40)
    assert len(provider.requests) == 1, "the second process resumed the first one's live turn"
    assert second.wait(20) == 0
    assert digest(apps.data / "store") == before  # the second never touched the store
    assert f"store locked: pid={first.pid} " in apps.log("log2")
    assert "answered=yes" in apps.log("log2")
    assert wait_for(lambda: f"instance raise: pid={second.pid}" in apps.log("log1"), 10)
    assert first.poll() is None  # the first runs on, its turn still waiting for the model

    # the holder dies (SIGKILL: the OS drops its lock; the lock file stays): the next start is not blocked
    first.send_signal(signal.SIGKILL)
    first.wait(10)
    assert (apps.data / "store" / "store.lock").exists()
    third = apps.start("log3")
    assert wait_for(lambda: len(provider.requests) == 2, 60), apps.log("log3")  # it resumed the cut turn
    assert "store locked:" not in apps.log("log3")
    third.send_signal(signal.SIGTERM)
    assert third.wait(20) == 0


def test_a_holder_that_does_not_answer_is_named_and_the_store_left_alone(apps: Apps) -> None:
    holder = subprocess.Popen(
        [
            sys.executable,
            "-c",
            "import sys, time; from pathlib import Path; from core.store.lock import StoreLock;"
            "lock = StoreLock.acquire(Path(sys.argv[1])); print('held', flush=True); time.sleep(60)",
            str(apps.data / "store"),
        ],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        assert holder.stdout is not None and holder.stdout.readline().strip() == "held"
        before = digest(apps.data / "store")
        second = apps.start("log2")
        assert second.wait(40) == 3
        assert second.stderr is not None
        stderr = second.stderr.read().decode()
        assert f"process {holder.pid}" in stderr
        assert digest(apps.data / "store") == before
        assert f"store locked: pid={holder.pid} " in apps.log("log2")
        assert "answered=no" in apps.log("log2")
        assert "recovery:" not in apps.log("log2")
    finally:
        holder.kill()
        holder.wait()
        if holder.stdout is not None:
            holder.stdout.close()
