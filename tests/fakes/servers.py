"""Test servers as real subprocesses: the camera simulator and the OAuth-protected MCP server.

Each prints one ready line with its URL once it listens (a free 127.0.0.1 port). ``start_camera``
runs ``python -m app.demo_camera`` (streamable HTTP, or SSE with ``--sse``); ``camera_server`` is
the same as a context manager; ``start_oauth`` runs ``tests/fakes/oauth_mcp_server.py``;
``start_blocks`` runs ``tests/fakes/blocks_mcp_server.py`` (every result block kind, progress);
``raw_server`` is the entry for ``tests/fakes/raw_mcp_server.py`` (stdio, standard library only);
``write_raw_launcher`` puts a command that starts it at a path (a server that appears later);
``free_port`` is a port nothing listens on (a server that is down, started there later).
"""

from __future__ import annotations

import re
import select
import socket
import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from core.config import McpServer, McpSettings

ROOT = Path(__file__).resolve().parents[2]
CAMERA_READY = re.compile(r"demo camera: (http://127\.0\.0\.1:\d+/(mcp|sse))\n")
OAUTH_READY = re.compile(r"oauth mcp: (http://127\.0\.0\.1:\d+/(mcp|sse))\n")
RAW = ROOT / "tests" / "fakes" / "raw_mcp_server.py"
BLOCKS_READY = re.compile(r"blocks mcp: (http://127\.0\.0\.1:\d+/(mcp))\n")

# MCP timeouts generous enough for subprocess servers on a loaded machine
FAST = McpSettings(call_timeout_s=20.0, connect_timeout_s=20.0)
# what a person asks the camera agent in the end-to-end tests
CAMERA_ASK = "take one live view frame and describe it in one sentence"


def start_server(
    module: str, ready: re.Pattern[str], *args: str, within: float = 30.0, port: int = 0
) -> tuple[subprocess.Popen[str], str]:
    """Run ``python -m module --port PORT args…`` (0: a free one) and wait for its ready line;
    returns the process and its URL."""
    proc = subprocess.Popen(
        [sys.executable, "-m", module, "--port", str(port), *args],
        cwd=ROOT,
        stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
    )
    assert proc.stdout is not None
    readable, _, _ = select.select([proc.stdout], [], [], within)
    line = proc.stdout.readline() if readable else ""
    match = ready.fullmatch(line)
    if not match:
        stop(proc)
        raise AssertionError(f"no ready line from {module}: {line!r}")
    return proc, match.group(1)


def run_module(
    module: str, *args: str, timeout: float = 60, env: dict[str, str] | None = None
) -> subprocess.CompletedProcess[str]:
    """``python -m module args`` in the repository, to its end, its output captured as text."""
    return subprocess.run(
        [sys.executable, "-m", module, *args],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=timeout,
    )


def start_camera(*args: str, within: float = 30.0, port: int = 0) -> tuple[subprocess.Popen[str], str]:
    """The camera simulator with ``args`` (e.g. ``--control``, ``--elicit``, ``--sse``)."""
    return start_server("app.demo_camera", CAMERA_READY, *args, within=within, port=port)


def start_oauth(*args: str) -> tuple[subprocess.Popen[str], str]:
    """The OAuth-protected MCP server with ``args`` (e.g. ``--expires-in``, ``--decline``, ``--sse``)."""
    return start_server("tests.fakes.oauth_mcp_server", OAUTH_READY, *args, within=20.0)


def start_blocks() -> tuple[subprocess.Popen[str], str]:
    """The server of every result block kind and of progress (``tests/fakes/blocks_mcp_server.py``)."""
    return start_server("tests.fakes.blocks_mcp_server", BLOCKS_READY, within=20.0)


def blocks_stdio_args() -> list[str]:
    """The command line of the same server over stdio (after ``sys.executable``)."""
    return ["-m", "tests.fakes.blocks_mcp_server", "--stdio"]


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


def raw_server() -> McpServer:
    """The stdio entry of the standard-library MCP server: starts in milliseconds, serves one
    request at a time (a sleeping tool blocks it), asks, floods."""
    return McpServer(name="raw", transport="stdio", command=sys.executable, args=[str(RAW)], cwd=str(ROOT))


def write_raw_launcher(path: Path) -> Path:
    """An executable at ``path`` that runs the standard-library stdio server (a command that did
    not exist before: the server "comes up")."""
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(f"#!/bin/sh\nexec {sys.executable} {RAW}\n", encoding="utf-8")
    path.chmod(0o755)
    return path


def free_port() -> int:
    """A loopback port nobody listens on just now."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
    return port
