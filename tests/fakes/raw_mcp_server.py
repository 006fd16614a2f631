"""A stdio MCP server written with the standard library only (tests only): it starts in a few
tens of milliseconds, so a test can give it a connect timeout of about a second on a loaded machine.

    python tests/fakes/raw_mcp_server.py [--flood-then-exit SECONDS]

It serves one request at a time on one thread, so a tool that sleeps blocks the whole server, as a
server whose event loop is blocked does. Tools (each takes ``seconds``, default 0):

- ``wait``: sleeps ``seconds``, then answers ``waited``.
- ``ask``: asks the client through elicitation (``elicitation/create``), answers with the action.
- ``pid``: answers the process id (a restarted server has a new one).
- ``flood``: for ``seconds`` writes lines that are not JSON-RPC to stdout and noise to stderr as
  fast as the pipes take them, then answers ``flooded lines=N``.

``--flood-then-exit S`` floods for ``S`` seconds before reading anything, then exits with status 3
(a server that fails to start after printing a lot).
"""

from __future__ import annotations

import json
import os
import sys
import time
from typing import Any

SECONDS = {"type": "object", "properties": {"seconds": {"type": "number"}}}
TOOLS = [
    {"name": name, "description": f"{name} (testing only)", "inputSchema": SECONDS}
    for name in ("wait", "ask", "pid", "flood")
]
QUESTION = {"type": "object", "properties": {"answer": {"type": "string"}}, "required": ["answer"]}


def send(message: dict[str, Any]) -> None:
    sys.stdout.write(json.dumps({"jsonrpc": "2.0", **message}) + "\n")
    sys.stdout.flush()


def read() -> dict[str, Any] | None:
    line = sys.stdin.readline()
    if not line:
        return None
    message: dict[str, Any] = json.loads(line)
    return message


def text(value: str) -> dict[str, Any]:
    return {"content": [{"type": "text", "text": value}], "isError": False}


def ask() -> dict[str, Any]:
    send(
        {
            "id": "ask-1",
            "method": "elicitation/create",
            "params": {"message": "Why?", "requestedSchema": QUESTION},
        }
    )
    while True:
        message = read()
        if message is None:
            raise SystemExit(0)
        if message.get("id") == "ask-1" and "method" not in message:
            result = message.get("result") or {}
            return text(f"action={result.get('action')} content={json.dumps(result.get('content'))}")


def flood(seconds: float) -> dict[str, Any]:
    end, lines = time.monotonic() + seconds, 0
    while time.monotonic() < end:
        sys.stdout.write("this is not JSON-RPC: debug output on stdout\n" * 50)
        sys.stdout.flush()
        sys.stderr.write("DEBUG chatty server noise on stderr\n" * 50)
        sys.stderr.flush()
        lines += 50
    return text(f"flooded lines={lines}")


def call(name: str, seconds: float) -> dict[str, Any]:
    if name == "wait":
        time.sleep(seconds)
        return text("waited")
    if name == "ask":
        return ask()
    if name == "pid":
        return text(str(os.getpid()))
    return flood(seconds)


def main() -> None:
    if sys.argv[1:2] == ["--flood-then-exit"]:
        flood(float(sys.argv[2]))
        sys.stderr.write("fatal: the last words of a chatty server\n")
        sys.stderr.flush()
        raise SystemExit(3)
    while (message := read()) is not None:
        method, ident = message.get("method"), message.get("id")
        if ident is None or method is None:
            continue  # a notification, or an answer nobody waits for
        params = message.get("params") or {}
        if method == "initialize":
            result: dict[str, Any] = {
                "protocolVersion": params.get("protocolVersion"),
                "capabilities": {"tools": {}},
                "serverInfo": {"name": "raw", "version": "1"},
            }
        elif method == "tools/list":
            result = {"tools": TOOLS}
        elif method == "tools/call":
            result = call(params["name"], float((params.get("arguments") or {}).get("seconds", 0)))
        elif method == "ping":
            result = {}
        else:
            send({"id": ident, "error": {"code": -32601, "message": f"no method {method}"}})
            continue
        send({"id": ident, "result": result})


if __name__ == "__main__":
    main()
