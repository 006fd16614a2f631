"""The app's MCP layer in a process of its own, against servers that flood their pipes, for
tests/integration/test_mcp_flood.py: the event log is opened as the app opens it (echoed to
stderr) and Python logging is left as the app leaves it, so the test can measure what reaches
this process's stderr and log file.

    python -m tests.integration.mcp_flood_driver LOG_DIR SECONDS

Two stdio servers (``tests/fakes/raw_mcp_server.py``): ``chatty`` floods stdout and stderr for
``SECONDS`` during a call of its ``flood`` tool, ``crashy`` floods for ``SECONDS`` at start and
exits. Prints one JSON object: the flood call's result and the servers' status.
"""

from __future__ import annotations

import asyncio
import json
import sys
from pathlib import Path

from core.config import McpServer, McpSettings
from core.log import LOG
from core.mcp import McpToolProvider
from core.tool import ToolContext

ROOT = Path(__file__).resolve().parents[2]
RAW = str(ROOT / "tests" / "fakes" / "raw_mcp_server.py")
AGENT = "agent_3"


async def main(log_dir: Path, seconds: float) -> dict[str, object]:
    LOG.configure(log_dir, echo_stderr=True)
    chatty = McpServer(name="chatty", transport="stdio", command=sys.executable, args=[RAW])
    crashy = McpServer(
        name="crashy",
        transport="stdio",
        command=sys.executable,
        args=[RAW, "--flood-then-exit", str(seconds)],
    )
    provider = McpToolProvider(language="en", settings=McpSettings(call_timeout_s=30, connect_timeout_s=30))
    try:
        tools = {t.name: t for t in await provider.tools_for(AGENT, [chatty, crashy])}
        got = await tools["chatty__flood"].call_with_media({"seconds": seconds}, ToolContext(AGENT, "en"))
        after = await tools["chatty__pid"].call_with_media({}, ToolContext(AGENT, "en"))
        status = {s.server: s for s in provider.status(AGENT)}
    finally:
        await provider.close()
    return {
        "flood": [got.is_error, got.output.text],
        "after": [after.is_error, after.output.text.isdigit()],
        "chatty": status["chatty"].state,
        "crashy": [status["crashy"].state, status["crashy"].error, status["crashy"].stderr_tail],
    }


if __name__ == "__main__":
    print(json.dumps(asyncio.run(main(Path(sys.argv[1]), float(sys.argv[2])))), flush=True)
