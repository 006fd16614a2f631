"""The camera simulator (``python -m app.demo_camera``) as a real subprocess for tests.

``start_camera`` waits for its ready line and returns the process and its URL (streamable HTTP on
a free 127.0.0.1 port, or SSE with ``--sse``); ``camera_server`` is the same as a context manager.
"""

from __future__ import annotations

import re
import select
import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
READY = re.compile(r"demo camera: (http://127\.0\.0\.1:\d+/(mcp|sse))\n")


def start_camera(*args: str, within: float = 30.0) -> tuple[subprocess.Popen[str], str]:
    """Start the simulator with ``args`` (e.g. ``--control``, ``--elicit``, ``--sse``)."""
    proc = subprocess.Popen(
        [sys.executable, "-m", "app.demo_camera", "--port", "0", *args],
        cwd=ROOT,
        stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
    )
    assert proc.stdout is not None
    ready, _, _ = select.select([proc.stdout], [], [], within)
    line = proc.stdout.readline() if ready else ""
    match = READY.fullmatch(line)
    if not match:
        stop(proc)
        raise AssertionError(f"no ready line from the camera simulator: {line!r}")
    return proc, match.group(1)


def stop(proc: subprocess.Popen[str]) -> None:
    proc.terminate()
    try:
        proc.wait(10)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait()
    if proc.stdout is not None:
        proc.stdout.close()


@contextmanager
def camera_server(*args: str) -> Iterator[str]:
    """The simulator's URL while the block runs; the process is gone afterwards."""
    proc, url = start_camera(*args)
    try:
        yield url
    finally:
        stop(proc)
