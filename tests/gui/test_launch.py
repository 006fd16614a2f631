"""``python -m app`` on a fresh HOME opens the demo village and shuts down cleanly on SIGTERM."""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    return Path(f"/proc/{pid}").exists() and "zombie" not in Path(f"/proc/{pid}/status").read_text()


@pytest.mark.skipif(sys.platform != "linux", reason="uses /proc and SIGTERM")
def test_first_run_opens_the_demo_village(tmp_path: Path) -> None:
    env = dict(
        os.environ,
        HOME=str(tmp_path),
        XDG_CONFIG_HOME=str(tmp_path / "c"),
        XDG_DATA_HOME=str(tmp_path / "d"),
        XDG_STATE_HOME=str(tmp_path / "s"),
        QT_QPA_PLATFORM="offscreen",
    )
    log = tmp_path / "log"
    proc = subprocess.Popen(
        [sys.executable, "-m", "app", "--log-dir", str(log)],
        cwd=ROOT,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        deadline = time.monotonic() + 60
        text = ""
        while (
            time.monotonic() < deadline and "mcp server connected: agent=muse server=demo_camera" not in text
        ):
            time.sleep(0.1)
            text = (
                (log / "fuseforks.log").read_text(encoding="utf-8")
                if (log / "fuseforks.log").exists()
                else ""
            )
        assert "mcp server connected: agent=muse server=demo_camera tools=" in text
        assert "version: app=0.1.0 profile=debug" in text
        camera = re.search(r"demo camera: url=http://127\.0\.0\.1:\d+/mcp pid=(\d+)", text)
        assert camera is not None
        camera_pid = int(camera.group(1))
        assert alive(camera_pid)
        proc.send_signal(signal.SIGTERM)
        assert proc.wait(20) == 0
        assert not alive(camera_pid)  # the simulator went down with the app
        assert not (tmp_path / "c" / "fuseforks" / "fuseforks.json").exists()  # the demo writes no config
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
