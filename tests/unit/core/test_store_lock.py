"""core.store.lock: one process per store folder (issue 11, defect 1)."""

from __future__ import annotations

import json
import os
import signal
import stat
import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from core.store.lock import LOCK_NAME, StoreLock, StoreLocked, read_holder

ROOT = Path(__file__).resolve().parents[3]
HOLD = (
    "import sys, time; from pathlib import Path; from core.store.lock import StoreLock;"
    "lock = StoreLock.acquire(Path(sys.argv[1])); print('held', flush=True); time.sleep(60)"
)


@contextmanager
def holder(folder: Path) -> Iterator[subprocess.Popen[str]]:
    """Another real process holding ``folder``'s lock."""
    proc = subprocess.Popen(
        [sys.executable, "-c", HOLD, str(folder)], cwd=ROOT, stdout=subprocess.PIPE, text=True
    )
    try:
        assert proc.stdout is not None and proc.stdout.readline().strip() == "held"
        yield proc
    finally:
        if proc.poll() is None:
            proc.kill()
        proc.wait()
        if proc.stdout is not None:
            proc.stdout.close()


def test_the_lock_file_records_the_holder_and_is_private(tmp_path: Path) -> None:
    folder = tmp_path / "store"
    with StoreLock.acquire(folder) as lock:
        assert lock.held and lock.path == folder / LOCK_NAME
        pid, started = read_holder(lock.path)
        assert pid == os.getpid() and started is not None and started > 0
        assert stat.S_IMODE(lock.path.stat().st_mode) == 0o600
        assert stat.S_IMODE(folder.stat().st_mode) == 0o700
    assert not lock.held
    assert read_holder(lock.path) == (None, None)  # released: the record is emptied
    lock.release()  # idempotent


def test_a_second_holder_in_this_process_is_refused_until_release(tmp_path: Path) -> None:
    first = StoreLock.acquire(tmp_path)
    with pytest.raises(StoreLocked) as refused:
        StoreLock.acquire(tmp_path)
    assert refused.value.pid == os.getpid()
    assert read_holder(first.path)[0] == os.getpid()  # the refused attempt left the record alone
    first.release()
    StoreLock.acquire(tmp_path).release()


@pytest.mark.skipif(sys.platform == "win32", reason="SIGKILL")
def test_another_process_holding_the_store_is_named_and_its_death_frees_it(tmp_path: Path) -> None:
    with holder(tmp_path) as proc:
        with pytest.raises(StoreLocked) as refused:
            StoreLock.acquire(tmp_path)
        assert refused.value.pid == proc.pid
        assert f"process {proc.pid}" in str(refused.value)
        proc.send_signal(signal.SIGKILL)
        proc.wait()
    assert read_holder(tmp_path / LOCK_NAME)[0] == proc.pid  # a stale record of the dead holder
    with StoreLock.acquire(tmp_path) as lock:  # the OS dropped its lock: not blocked
        assert read_holder(lock.path)[0] == os.getpid()


@pytest.mark.parametrize("content", ["", "not json", "[1]", '{"pid": "7", "started": true}', '{"pid": true}'])
def test_an_unreadable_record_names_no_one(tmp_path: Path, content: str) -> None:
    (tmp_path / LOCK_NAME).write_text(content)
    assert read_holder(tmp_path / LOCK_NAME) == (None, None)
    with StoreLock.acquire(tmp_path) as lock:  # a leftover file never blocks by itself
        assert json.loads(lock.path.read_text())["pid"] == os.getpid()


def test_a_missing_lock_file_names_no_one(tmp_path: Path) -> None:
    assert read_holder(tmp_path / LOCK_NAME) == (None, None)


READ_ONLY = """
import sys
from pathlib import Path
from core.store.lock import StoreLock, StoreLocked, read_holder
with_file, without_file = Path(sys.argv[1]), Path(sys.argv[2])
lock = StoreLock.acquire(with_file)  # a read-only descriptor takes the lock too
assert read_holder(lock.path) == (None, None), "no record can be written"
try:
    StoreLock.acquire(with_file)
except StoreLocked:
    pass
else:
    raise AssertionError("a second holder was let in")
lock.release()
try:
    StoreLock.acquire(without_file)
except StoreLocked:
    raise
except OSError:
    print("no lock file: OSError")
"""


@pytest.mark.skipif(
    sys.platform != "linux" or os.geteuid() != 0 or not Path("/usr/bin/unshare").exists(),
    reason="a read-only bind mount needs root and unshare (Linux)",
)
def test_a_folder_that_became_read_only_still_locks(tmp_path: Path) -> None:
    with_file, without_file = tmp_path / "a", tmp_path / "b"
    StoreLock.acquire(with_file).release()  # the lock file exists, empty
    without_file.mkdir()
    mounts = " && ".join(f"mount --bind -o ro {d} {d}" for d in (with_file, without_file))
    script = f'{mounts} && exec "$0" -c "$1" "$2" "$3"'
    done = subprocess.run(
        ["unshare", "-m", "sh", "-c", script, sys.executable, READ_ONLY, str(with_file), str(without_file)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=30,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "no lock file: OSError"
