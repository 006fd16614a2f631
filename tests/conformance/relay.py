"""The client command the conformance suite starts for each scenario (standard library only, so it
starts in milliseconds): it hands the scenario to the worker the test runs
(``tests.conformance.harness``, address in ``FUSEFORKS_CONFORMANCE_WORKER``) and exits with the
worker's verdict, so every scenario runs in one warm process instead of 26 cold ones.

    python -I -S tests/conformance/relay.py app|sdk URL
"""

from __future__ import annotations

import json
import os
import socket
import sys


def main() -> int:
    host, port = os.environ["FUSEFORKS_CONFORMANCE_WORKER"].rsplit(":", 1)
    request = {
        "layer": sys.argv[1],
        "url": sys.argv[-1],
        "scenario": os.environ.get("MCP_CONFORMANCE_SCENARIO", ""),
        "context": json.loads(os.environ.get("MCP_CONFORMANCE_CONTEXT") or "{}"),
    }
    with socket.create_connection((host, int(port)), timeout=120) as sock:
        sock.sendall(json.dumps(request).encode("utf-8") + b"\n")
        line = sock.makefile("r", encoding="utf-8").readline()
    answer = json.loads(line) if line else {"error": "the worker closed the connection"}
    if answer.get("error"):
        print(answer["error"], file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
