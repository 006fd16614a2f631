"""A server that floods its pipes cannot flood the app (issue 12, defect 6): the MCP SDK logs a
traceback for every stdout line that is not JSON-RPC; the app keeps its own stderr and log bounded
(three ``mcp sdk:`` lines per kind of record and ten seconds, then one ``mcp sdk suppressed:``
line with the count), and a stdio server's stderr only as the tail the status shows.

The app side runs in a process of its own (``mcp_flood_driver``), so what reaches its stderr is
what a person's terminal would get; the servers are ``tests/fakes/raw_mcp_server.py``.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

from core.mcp.stderr import STDERR_TAIL_CHARS
from tests.fakes.logs import log_lines

ROOT = Path(__file__).resolve().parents[2]
FLOOD_S = 1.0
MAX_STDERR_BYTES = 8 * 1024  # the event lines echoed; before the fix: megabytes of tracebacks
MAX_LOG_BYTES = 8 * 1024


def test_a_flooding_server_leaves_the_app_output_bounded_and_the_tool_working(tmp_path: Path) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "tests.integration.mcp_flood_driver", str(tmp_path / "log"), str(FLOOD_S)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    result = json.loads(done.stdout)
    assert result["flood"][0] is False and re.fullmatch(r"flooded lines=\d+", result["flood"][1])
    assert result["after"] == [False, True] and result["chatty"] == "connected"
    state, error, tail = result["crashy"]
    assert (state, error) == ("failed", "MCPError -32000: Connection closed")
    assert tail.endswith("DEBUG chatty server noise on stderr\nfatal: the last words of a chatty server")
    assert len(tail) == STDERR_TAIL_CHARS

    assert "Traceback" not in done.stderr
    assert len(done.stderr.encode()) <= MAX_STDERR_BYTES, done.stderr[:2000]
    log = tmp_path / "log" / "fuseforks.log"
    assert log.stat().st_size <= MAX_LOG_BYTES
    lines = log_lines(log)
    sdk = [x for x in lines if x.startswith("mcp sdk:")]
    assert (
        sdk
        == [
            "mcp sdk: level=ERROR logger=mcp.client.stdio "
            'message="Failed to parse JSONRPC message from server" error="ValidationError: 1 validation error for '
            'union[JSONRPCRequest,JSONRPCNotification,JSONRPCResponse,JSONRPCError]"'
        ]
        * 3
    )
    [suppressed] = [x for x in lines if x.startswith("mcp sdk suppressed:")]
    match = re.fullmatch(
        r'mcp sdk suppressed: logger=mcp.client.stdio message="Failed to parse JSONRPC message from server" '
        r"count=(\d+)",
        suppressed,
    )
    assert match and int(match.group(1)) > 100, suppressed
    # nothing but the echoed event lines reached stderr
    assert [x for x in done.stderr.splitlines() if not x.startswith("[fuseforks] ")] == []
