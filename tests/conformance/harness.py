"""The official MCP conformance client suite (``@modelcontextprotocol/conformance``, run by the Node
22 that ``package.json`` installs into ``node_modules``) against a client layer of ours.

The suite starts its own test servers, one a scenario, and runs a client command per scenario with
the server URL. That command is ``tests/conformance/relay.py``, which hands the scenario to a
``Worker`` listening on loopback in the calling process; the worker runs it through a layer
(``app``: ``tests.conformance.app_client``, the app's own MCP layer; ``sdk``: the bare SDK,
``tests.conformance.sdk_client``). A scenario passes as the suite itself judges it: it has checks
and none of them is a FAILURE or a WARNING.

    python -m tests.conformance.harness [app|sdk ...]   # prints each layer's pass list
"""

from __future__ import annotations

import asyncio
import json
import os
import re
import shlex
import sys
import tempfile
from collections.abc import Awaitable, Callable
from pathlib import Path
from types import TracebackType
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
NODE = ROOT / "node_modules" / ".bin" / "node"
SUITE = ROOT / "node_modules" / "@modelcontextprotocol" / "conformance" / "dist" / "index.js"
RELAY = Path(__file__).resolve().parent / "relay.py"
_STAMP = re.compile(r"-\d{4}-\d{2}-\d{2}T[\d-]+Z$")

Layer = Callable[[str, str, dict[str, Any]], Awaitable[None]]
"""Runs one scenario: ``(scenario, server_url, context)``; raises when the client fails."""


def installed() -> bool:
    """Whether ``npm ci`` has installed the suite and its Node."""
    return NODE.exists() and SUITE.exists()


class Worker:
    """Runs the scenarios the relays hand it, each in its own task, on the caller's event loop."""

    def __init__(self, layers: dict[str, Layer]) -> None:
        self.layers = layers
        self.address = ""
        self.errors: dict[tuple[str, str], str] = {}  # (layer, scenario): why the client failed
        self._server: asyncio.Server | None = None
        self._tasks: set[asyncio.Task[None]] = set()

    async def __aenter__(self) -> Worker:
        self._server = await asyncio.start_server(self._handle, "127.0.0.1", 0)
        host, port = self._server.sockets[0].getsockname()[:2]
        self.address = f"{host}:{port}"
        return self

    async def __aexit__(
        self, kind: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        if self._server is not None:
            self._server.close()
        for task in self._tasks:
            task.cancel()
        if self._tasks:
            await asyncio.wait(self._tasks, timeout=10)

    async def _handle(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        task = asyncio.current_task()
        assert task is not None
        self._tasks.add(task)
        try:
            request = json.loads(await reader.readline())
            layer, scenario = str(request["layer"]), str(request["scenario"])
            try:
                await self.layers[layer](scenario, str(request["url"]), dict(request["context"]))
                answer: dict[str, str] = {}
            except Exception as exc:
                answer = {"error": f"{type(exc).__name__}: {exc}"}
                self.errors[(layer, scenario)] = answer["error"]
            writer.write(json.dumps(answer).encode("utf-8") + b"\n")
            await writer.drain()
        except (ConnectionError, json.JSONDecodeError, KeyError):
            pass
        finally:
            writer.close()
            self._tasks.discard(task)


def results(out: Path) -> dict[str, bool]:
    """``{scenario: passed}`` from the ``checks.json`` files the suite wrote under ``out``."""
    found: dict[str, bool] = {}
    for path in sorted(out.rglob("checks.json")):
        name = _STAMP.sub("", path.parent.relative_to(out).as_posix())
        statuses = [str(c.get("status")) for c in json.loads(path.read_text(encoding="utf-8"))]
        found[name] = "SUCCESS" in statuses and not {"FAILURE", "WARNING"} & set(statuses)
    return found


async def run_suite(
    layer: str, worker: Worker, out: Path, *, suite: str = "all", scenario: str = "", timeout_ms: int = 30000
) -> str:
    """Run the client suite (or one ``scenario``) with ``layer``; results land under ``out``.
    Returns the suite's output."""
    command = f"{shlex.quote(sys.executable)} -I -S {shlex.quote(str(RELAY))} {layer}"
    proc = await asyncio.create_subprocess_exec(
        str(NODE),
        str(SUITE),
        "client",
        "--command",
        command,
        *(("--scenario", scenario) if scenario else ("--suite", suite)),
        "--timeout",
        str(timeout_ms),
        "-o",
        str(out),
        cwd=ROOT,
        env={**os.environ, "FUSEFORKS_CONFORMANCE_WORKER": worker.address, "NO_COLOR": "1"},
        stdin=asyncio.subprocess.DEVNULL,
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.STDOUT,
    )
    output, _ = await proc.communicate()
    return output.decode("utf-8", "replace")


def layers() -> dict[str, Layer]:
    from tests.conformance import app_client, sdk_client

    return {"app": app_client.run, "sdk": sdk_client.run}


async def measure(
    names: list[str], out: Path, expected: frozenset[str] = frozenset()
) -> dict[str, dict[str, bool]]:
    """Every named layer's ``{scenario: passed}``: the whole suites side by side, then each
    scenario that failed once more on its own, one at a time. The suite runs all its scenarios at
    once, and some checks time the client (``sse-retry``: reconnect after the 500 ms the server
    asked for, not after a second), which a loaded machine can miss; a failure that stays when
    the scenario runs alone is the layer's. Scenarios in ``expected`` (known to fail) are not run
    again."""
    async with Worker(layers()) as worker:
        await asyncio.gather(*(run_suite(n, worker, out / n) for n in names))
        found = {n: results(out / n) for n in names}
        for name in names:
            for scenario in sorted(s for s, ok in found[name].items() if not ok and s not in expected):
                again = out / "alone" / name / scenario.replace("/", "_")
                await run_suite(name, worker, again, scenario=scenario)
                found[name][scenario] = results(again).get(scenario, False)
        for (layer, scenario), error in sorted(worker.errors.items()):
            print(f"{layer} {scenario}: {error}", file=sys.stderr)
    return found


def main() -> None:
    import keyring
    from keyrings.alt.file import PlaintextKeyring

    names = sys.argv[1:] or ["sdk", "app"]
    with tempfile.TemporaryDirectory() as tmp:
        store = PlaintextKeyring()
        store.file_path = str(Path(tmp) / "keyring.cfg")
        keyring.set_keyring(store)
        found = asyncio.run(measure(names, Path(tmp)))
    for name in names:
        passed = sorted(s for s, ok in found[name].items() if ok)
        failed = sorted(s for s, ok in found[name].items() if not ok)
        print(f"{name}: {len(passed)} of {len(found[name])} pass; failing: {', '.join(failed) or '-'}")


if __name__ == "__main__":
    main()
