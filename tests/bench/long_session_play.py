"""One process of the long-session bench (``tests/bench/long_session.py`` starts it): ``--frames``
live-view turns through the app's runtime (``app.launcher.make_runtime``: real store, media cache,
MCP client, HTTP wire) on a qasync loop, with or without the main window; writes its figures as JSON.

Everything is measured from outside the product code (monkeypatched here, nothing changed in
``core/``, ``wires/`` or ``app/``):

- ``httpx.AsyncClient.send`` is wrapped to keep the bodies posted to the fake provider (the first
  request of the last turn; both requests of the early turns, for the bare-httpx replay);
- ``wires.anthropic.AnthropicWire.encode`` is wrapped to keep the last turn's ``ChatRequest``, the
  wire, and the thread the encode ran on; the ``json`` module ``wires.http`` uses is wrapped to see
  the thread of the large ``dumps``;
- ``os.fsync`` / ``os.fdatasync`` are counted, and ``sqlite3.connect`` is wrapped so every store
  connection counts its commits (a trace callback: ``COMMIT`` or a write outside a transaction).

Run: ``python -m tests.bench.long_session_play --frames 40 --fake URL --camera URL --data DIR
--out FILE [--window]`` (normally through ``long_session``).
"""

from __future__ import annotations

import argparse
import asyncio
import base64
import gc
import json
import os
import sqlite3
import statistics
import threading
import time
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import httpx
import qasync
from PySide6.QtCore import QEvent, QObject, QTimer
from PySide6.QtWidgets import QApplication, QWidget

import wires.anthropic
import wires.http
from app.keys import KeyStore
from app.launcher import make_runtime
from app.main_window import MainWindow
from core.canonical import ChatRequest
from core.config import Config, parse_config
from core.log import LOG
from core.pricing import estimate_tokens
from core.village import Village
from tests.fakes.providers import FakeProvider, Received, Scenario
from wires.image_tokens import anthropic_tokens

AGENT = "agent_cam"
VILLAGE = "long-session-bench"
SAY = "A desk under a lamp."
TOOL = "cam__live_view_image"
EARLY = 20  # the early point of row 1
HALF = 5  # frames each side of a point (row 1's medians)
LATE_TURNS = 300  # row 7's back-to-back turns (the last ones)
BIG = 100_000  # a body this large must be encoded off the GUI thread (row 3)


def bench_config(data: Path, fake: str, camera: str, budget: int) -> Config:
    raw = {
        "village": {"id": VILLAGE, "name": "Bench", "language": "en"},
        "templates": [
            {
                "name": "claude",
                "protocol": "anthropic",
                "base_url": fake,
                "model": "claude-bench",
                "context_tokens": budget,
            }
        ],
        "agents": [
            {
                "id": AGENT,
                "name": "Cam",
                "template": "claude",
                "mcp_servers": {"cam": {"type": "http", "url": camera}},
            }
        ],
    }
    path = data / "fuseforks.json"
    path.write_text(json.dumps(raw), encoding="utf-8")
    return parse_config(raw, path)


class Probe:
    """What the wrappers saw."""

    def __init__(self, fake: str) -> None:
        self.fake = fake
        self.posts: list[tuple[str, dict[str, str], bytes]] = []  # this turn's POSTs to the fake
        self.request: ChatRequest | None = None  # this turn's first ChatRequest
        self.wire: Any = None
        self.encode_threads: list[str] = []  # this turn's encodes: the thread each ran on
        self.dumps_threads: list[str] = []  # this turn's large json.dumps: the thread
        self.fsyncs = 0
        self.commits = 0

    def new_turn(self) -> None:
        self.posts = []
        self.request = None
        self.encode_threads = []
        self.dumps_threads = []


def thread_name() -> str:
    return "gui" if threading.current_thread() is threading.main_thread() else "worker"


def install(probe: Probe) -> None:
    """The wrappers (see the module docstring)."""
    send = httpx.AsyncClient.send

    async def counted_send(self: httpx.AsyncClient, request: httpx.Request, **kw: Any) -> httpx.Response:
        url = str(request.url)
        if request.method == "POST" and url.startswith(probe.fake.rsplit("/", 1)[0]):
            probe.posts.append((url, dict(request.headers), bytes(request.content)))
        return await send(self, request, **kw)

    httpx.AsyncClient.send = counted_send  # type: ignore[method-assign]

    encode = wires.anthropic.AnthropicWire.encode

    def seen_encode(self: Any, request: ChatRequest) -> Any:
        probe.encode_threads.append(thread_name())
        if probe.request is None:
            probe.request, probe.wire = request, self
        return encode(self, request)

    wires.anthropic.AnthropicWire.encode = seen_encode  # type: ignore[method-assign]

    real_json = wires.http.json

    def seen_dumps(obj: Any, *args: Any, **kw: Any) -> str:
        text: str = real_json.dumps(obj, *args, **kw)
        if len(text) > BIG:
            probe.dumps_threads.append(thread_name())
        return text

    wires.http.json = SimpleNamespace(  # type: ignore[assignment]
        **{k: getattr(real_json, k) for k in dir(real_json) if not k.startswith("__") and k != "dumps"},
        dumps=seen_dumps,
    )

    def counting(fn: Any) -> Any:
        def wrapped(fd: int) -> None:
            probe.fsyncs += 1
            fn(fd)

        return wrapped

    os.fsync = counting(os.fsync)
    os.fdatasync = counting(os.fdatasync)

    connect = sqlite3.connect

    def traced_connect(*args: Any, **kw: Any) -> sqlite3.Connection:
        conn = connect(*args, **kw)

        def trace(statement: str) -> None:
            head = statement.lstrip()[:7].upper()
            if head.startswith(("COMMIT", "END")) or (
                head.startswith(("INSERT", "UPDATE", "DELETE", "REPLACE")) and not conn.in_transaction
            ):
                probe.commits += 1

        conn.set_trace_callback(trace)
        return conn

    sqlite3.connect = traced_connect  # type: ignore[assignment]


def rss_bytes() -> int:
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) * 1024
    return 0


def written_bytes() -> int:
    """Bytes this process caused to be written to storage (``/proc/self/io``)."""
    for line in Path("/proc/self/io").read_text().splitlines():
        if line.startswith("write_bytes:"):
            return int(line.split()[1])
    return 0


def disk(paths: list[Path]) -> tuple[int, int]:
    """Apparent size and allocated bytes (``st_blocks``·512) of every file under ``paths``; a file
    with several hard links (one copy of an image in two places) counts once."""
    size = blocks = 0
    seen: set[tuple[int, int]] = set()
    for root in paths:
        for dirpath, _dirs, files in os.walk(root):
            for name in files:
                try:
                    st = os.lstat(os.path.join(dirpath, name))
                except OSError:
                    continue
                if (st.st_dev, st.st_ino) in seen:
                    continue
                seen.add((st.st_dev, st.st_ino))
                size += st.st_size
                blocks += st.st_blocks * 512
    return size, blocks


def snapshot(probe: Probe, places: list[Path]) -> dict[str, float]:
    gc.collect()
    size, allocated = disk(places)
    return {
        "t": time.time(),
        "rss": rss_bytes(),
        "size": size,
        "allocated": allocated,
        "written": written_bytes(),
        "fsyncs": probe.fsyncs,
        "commits": probe.commits,
    }


async def lateness(samples: list[float], stop: asyncio.Event, period: float = 0.004) -> None:
    """How late a ``period`` sleep wakes up, again and again until ``stop``."""
    while not stop.is_set():
        t0 = time.perf_counter()
        await asyncio.sleep(period)
        samples.append(max(time.perf_counter() - t0 - period, 0.0))


def estimated_tokens(request: ChatRequest, body: dict[str, Any]) -> int:
    """Text of the body without image data (core/pricing) plus each image's Anthropic price."""
    images = [a for m in request.messages for a in m.attachments]

    def strip(node: Any) -> Any:
        if isinstance(node, dict):
            if node.get("type") == "base64":
                return {k: v for k, v in node.items() if k != "data"}
            return {k: strip(v) for k, v in node.items()}
        if isinstance(node, list):
            return [strip(v) for v in node]
        return node

    text = json.dumps(strip(body), ensure_ascii=False)
    return estimate_tokens(text) + sum(anthropic_tokens(i.width, i.height) for i in images)


def encode_timing(probe: Probe, reps: int = 5) -> dict[str, float]:
    """Row 3 on the last turn's first request: the wire's encode + JSON vs bare ``json.dumps``."""
    request, wire = probe.request, probe.wire
    if request is None or wire is None:
        return {}
    full, bare = [], []
    body: Any = None
    for _ in range(reps):
        t0 = time.perf_counter()
        body = wire.encode(request)
        json.dumps(body, ensure_ascii=False).encode("utf-8")
        t1 = time.perf_counter()
        json.dumps(body, ensure_ascii=False).encode("utf-8")
        t2 = time.perf_counter()
        full.append(t1 - t0)
        bare.append(t2 - t1)
    return {"encode_json_s": statistics.median(full), "bare_dumps_s": statistics.median(bare)}


def sse_json(text: str) -> dict[str, Any]:
    """The JSON-RPC message of an MCP streamable-HTTP answer (plain JSON or one SSE event)."""
    if text.lstrip().startswith("{"):
        found: dict[str, Any] = json.loads(text)
        return found
    for line in text.splitlines():
        if line.startswith("data:"):
            found = json.loads(line[5:])
            return found
    return {}


async def bare_replay(camera: str, turns: list[list[tuple[str, dict[str, str], bytes]]]) -> dict[str, Any]:
    """Row 4's baseline: each early turn's two POSTs (the app's own bytes) with bare httpx, and
    the camera's ``tools/call`` as bare JSON-RPC over httpx between them."""
    skip = {"host", "content-length", "transfer-encoding", "connection"}
    hdr = {"accept": "application/json, text/event-stream", "content-type": "application/json"}
    walls: list[float] = []
    frame = 0
    async with httpx.AsyncClient(timeout=60) as client:
        init = {
            "jsonrpc": "2.0",
            "id": 1,
            "method": "initialize",
            "params": {
                "protocolVersion": "2025-06-18",
                "capabilities": {},
                "clientInfo": {"name": "bench", "version": "0"},
            },
        }
        r = await client.post(camera, json=init, headers=hdr)
        if "mcp-session-id" in r.headers:
            hdr["mcp-session-id"] = r.headers["mcp-session-id"]
        hdr["mcp-protocol-version"] = "2025-06-18"
        await client.post(camera, json={"jsonrpc": "2.0", "method": "notifications/initialized"}, headers=hdr)
        for n, posts in enumerate(turns):
            if len(posts) < 2:
                continue
            t0 = time.perf_counter()
            url, headers, content = posts[0]
            await client.post(
                url, content=content, headers={k: v for k, v in headers.items() if k not in skip}
            )
            call = {"jsonrpc": "2.0", "id": n + 2, "method": "tools/call"}
            call["params"] = {"name": "live_view_image", "arguments": {}}
            r = await client.post(camera, json=call, headers=hdr)
            url, headers, content = posts[-1]
            await client.post(
                url, content=content, headers={k: v for k, v in headers.items() if k not in skip}
            )
            walls.append(time.perf_counter() - t0)
            for block in sse_json(r.text).get("result", {}).get("content", []):
                if block.get("type") == "image":
                    frame = len(base64.b64decode(block["data"]))
    return {"bare_turn_s": statistics.median(walls) if walls else 0.0, "frame_bytes": frame}


def synchronous(store: object) -> int:
    """The store connection's ``PRAGMA synchronous`` (-1 when the store has no such connection)."""
    try:
        row = store._conn.execute("PRAGMA synchronous").fetchone()  # type: ignore[attr-defined]
    except (AttributeError, sqlite3.Error):
        return -1
    return int(row[0])


async def play(ns: argparse.Namespace) -> dict[str, Any]:
    data = Path(ns.data)
    probe = Probe(ns.fake)
    install(probe)
    config = bench_config(data, ns.fake, ns.camera, ns.budget)
    LOG.configure(data / "log")
    rt = make_runtime(config, KeyStore(), store_dir=data / "app")
    village = rt.village
    assert isinstance(village, Village)
    window: MainWindow | None = None
    if ns.window:
        window = MainWindow(
            village,
            KeyStore(),
            history=rt.history,
            config_path=config.path,
            conversations=rt.conversations,
            servers=rt.provider,
        )
        window.show()
    await village.start()
    if window is not None:
        window.refresh_agents()
    media = config.media_dir()
    places = [data / "app"] + ([media] if media is not None else [])
    frames: int = ns.frames
    warm = min(100, max(frames // 4, 5))
    late_from = max(frames - LATE_TURNS, warm) + 1
    early = range(max(EARLY - HALF, 1), EARLY + HALF + 1)
    walls: list[float] = []
    cpus: list[float] = []
    failed = 0
    early_posts: list[list[tuple[str, dict[str, str], bytes]]] = []
    samples: list[float] = []
    stop = asyncio.Event()
    probe_task: asyncio.Task[None] | None = None
    marks: dict[str, dict[str, float]] = {}
    first: dict[str, Any] = {}
    for n in range(1, frames + 1):
        if n == warm + 1:
            marks["warm"] = snapshot(probe, places)
        if n == late_from:
            probe_task = asyncio.ensure_future(lateness(samples, stop))
        probe.new_turn()
        t0, c0 = time.perf_counter(), time.process_time()
        outcome = await village.send(AGENT, f"Frame {n}: take one live view frame and describe it.").wait()
        walls.append(time.perf_counter() - t0)
        cpus.append(time.process_time() - c0)
        failed += outcome.text != SAY
        if n in early:
            early_posts.append(list(probe.posts))
        if n in (EARLY, frames) and probe.posts and probe.request is not None:
            body = json.loads(probe.posts[0][2])
            first[str(n)] = {
                "bytes": len(probe.posts[0][2]),
                "messages": len(body.get("messages", [])),
                "tokens": estimated_tokens(probe.request, body),
                "encode_threads": list(probe.encode_threads),
                "dumps_threads": list(probe.dumps_threads),
            }
    stop.set()
    if probe_task is not None:
        await probe_task
    marks["end"] = snapshot(probe, places)
    timing = encode_timing(probe)
    bare = await bare_replay(ns.camera, early_posts) if not ns.window else {}
    sync = synchronous(rt.store)
    if window is not None:
        window.close()
    await village.close()
    if rt.store is not None:
        rt.store.close()
    return {
        "frames": frames,
        "warm": warm,
        "failed": failed,
        "walls": walls,
        "cpus": cpus,
        "late_from": late_from,
        "lateness": samples,
        "marks": marks,
        "first": first,
        "synchronous": sync,
        **timing,
        **bare,
        "early": [early.start, early.stop - 1],
    }


class Kept(list[Received]):
    """The fake provider's record of requests, the newest two only (1,000 frames of parsed bodies
    would fill the memory)."""

    def append(self, item: Received) -> None:
        super().append(item)
        del self[:-2]


def serve_fake() -> int:
    """The fake Anthropic provider in its own process: prints its URL, serves until killed."""
    fake = FakeProvider("anthropic", scenario=Scenario(say=SAY, tool=TOOL))
    fake.requests = Kept()
    fake.start()
    print(fake.url, flush=True)
    threading.Event().wait()
    return 0


def startup(ns: argparse.Namespace) -> int:
    """Row 8's child: the runtime on ``--data`` and the window; prints the seconds from ``--t0``
    (the parent's clock just before it started this process) to the window's first paint."""
    data = Path(ns.data)
    app = QApplication.instance() or QApplication([])
    config = bench_config(data, ns.fake, ns.camera, ns.budget)
    rt = make_runtime(config, KeyStore(), store_dir=data / "app")
    window = MainWindow(
        rt.village, KeyStore(), history=rt.history, config_path=config.path, conversations=rt.conversations
    )
    painted: list[float] = []

    class FirstPaint(QObject):
        def eventFilter(self, watched: QObject, event: QEvent) -> bool:
            if not painted and event.type() == QEvent.Type.Paint:
                if watched is window or (isinstance(watched, QWidget) and window.isAncestorOf(watched)):
                    painted.append(time.time() - ns.t0)
                    QTimer.singleShot(0, app.quit)
            return False

    spy = FirstPaint()
    app.installEventFilter(spy)
    window.show()
    QTimer.singleShot(30_000, app.quit)
    app.exec()
    app.removeEventFilter(spy)
    print(json.dumps({"first_paint_s": painted[0] if painted else -1.0}), flush=True)
    window.close()
    if rt.store is not None:
        rt.store.close()
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tests.bench.long_session_play")
    parser.add_argument("--serve-fake", action="store_true")
    parser.add_argument("--startup", action="store_true")
    parser.add_argument("--t0", type=float, default=0.0)
    parser.add_argument("--frames", type=int, default=40)
    parser.add_argument("--fake", default="")
    parser.add_argument("--camera", default="")
    parser.add_argument("--data", default="")
    parser.add_argument("--out", default="")
    parser.add_argument("--budget", type=int, default=200_000)
    parser.add_argument("--window", action="store_true")
    ns = parser.parse_args(argv)
    if ns.serve_fake:
        return serve_fake()
    if ns.startup:
        return startup(ns)
    app = QApplication.instance() or QApplication([])
    QApplication.setQuitOnLastWindowClosed(False)  # the window closes before the loop's work ends
    loop = qasync.QEventLoop(app)
    asyncio.set_event_loop(loop)
    with loop:
        result = loop.run_until_complete(play(ns))
    Path(ns.out).write_text(json.dumps(result), encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
