"""Real disk faults for tests: a child Python process in a private mount namespace (``unshare -m``),
so its tmpfs mounts, read-only binds and full disks vanish with it and never touch the host.

``run_isolated(code)`` runs ``code`` in such a child (the worktree on its path) and returns its
completed process; the child prints one JSON line last (``last_json``). Inside the child,
``tmpfs``/``fill``/``read_only`` make the faults. Needs root and ``unshare`` (``available``).
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]


def available() -> bool:
    return os.geteuid() == 0 and shutil.which("unshare") is not None and sys.platform == "linux"


SKIP_REASON = "real disk faults need root and unshare -m (a private mount namespace)"


def run_isolated(code: str, timeout: float = 60) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(ROOT), "PYTHONDONTWRITEBYTECODE": "1"}
    return subprocess.run(
        ["unshare", "-m", sys.executable, "-c", code],
        capture_output=True,
        text=True,
        timeout=timeout,
        env=env,
        cwd=ROOT,
    )


def last_json(proc: subprocess.CompletedProcess[str]) -> dict[str, Any]:
    lines = [line for line in proc.stdout.splitlines() if line.startswith("{")]
    assert lines, f"rc={proc.returncode}\n{proc.stdout}\n{proc.stderr}"
    value: dict[str, Any] = json.loads(lines[-1])
    return value


# ---------------------------------------------------------------- used inside the child
def tmpfs(path: Path, size_kb: int) -> Path:
    path.mkdir(parents=True, exist_ok=True)
    subprocess.run(["mount", "-t", "tmpfs", "-o", f"size={size_kb}k", "tmpfs", str(path)], check=True)
    return path


def fill(path: Path, leave: int = 0) -> Path:
    """Fill the file system of ``path`` until ``leave`` bytes (rounded to blocks) are free."""
    st = os.statvfs(path)
    free = st.f_bavail * st.f_frsize - leave
    filler = path / "filler"
    with open(filler, "wb", buffering=0) as f:
        chunk = b"\0" * 65536
        try:
            while free > 0:
                f.write(chunk[: min(len(chunk), free)])
                free -= len(chunk)
        except OSError:
            pass
    return filler


def read_only(path: Path) -> None:
    """Bind ``path`` read-only over itself: new opens and writes through paths fail (EROFS)."""
    subprocess.run(["mount", "--bind", "-o", "ro", str(path), str(path)], check=True)
