"""The outside measurements of the long-session bench (``tests/bench/long_session.py``): wrappers
monkeypatched around the app's seams, nothing changed in ``core/``, ``wires/`` or ``app/``.

- ``httpx.AsyncClient.send`` is wrapped to keep the bodies posted to the fake provider (the first
  request of the last turn; both requests of the early turns, for the bare-httpx replay);
- ``wires.anthropic.AnthropicWire.encode`` is wrapped to keep the turn's first ``ChatRequest``, the
  wire, and the thread each encode ran on; the ``json`` module ``wires.http`` uses is wrapped to see
  the thread of a large ``dumps`` (and ``wires.encoding``'s, where that module exists);
- ``os.fsync`` / ``os.fdatasync`` are counted, and ``sqlite3.connect`` is wrapped so every store
  connection counts its commits (a trace callback: ``COMMIT`` or a write outside a transaction).

Also here: RSS, ``write_bytes``, disk use of a folder, the loop-lateness probe, the token estimate
of a request, and row 3's encode timing.
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
import importlib
import json
import os
import sqlite3
import statistics
import threading
import time
from array import array
from pathlib import Path
from types import ModuleType, SimpleNamespace
from typing import Any

import httpx

import wires.anthropic
import wires.http
from core.canonical import ChatRequest
from core.pricing import estimate_tokens
from wires.image_tokens import anthropic_tokens

BIG = 100_000  # a body this large must be encoded off the GUI thread (row 3)


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


def wire_modules() -> list[ModuleType]:
    """The wire modules that may ``json.dumps`` a request body (``wires.encoding``: a later layout)."""
    found = [wires.http]
    with contextlib.suppress(ImportError):
        found.append(importlib.import_module("wires.encoding"))
    return found


def wrap_json(module: ModuleType, probe: Probe) -> None:
    """``module.json`` with a ``dumps`` that notes the thread of each large body."""
    real_json = getattr(module, "json", None)
    if real_json is None:
        return

    def seen_dumps(obj: Any, *args: Any, **kw: Any) -> str:
        text: str = real_json.dumps(obj, *args, **kw)
        if len(text) > BIG:
            probe.dumps_threads.append(thread_name())
        return text

    names = {k: getattr(real_json, k) for k in dir(real_json) if not k.startswith("__") and k != "dumps"}
    module.json = SimpleNamespace(**names, dumps=seen_dumps)  # type: ignore[attr-defined]


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

    for module in wire_modules():  # the JSON of the request body, wherever the wires do it
        wrap_json(module, probe)

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


class Samples:
    """The lateness samples as two arrays (12 bytes a sample, not a tuple of ~80): the probe runs in
    the measured process, and row 9 is the product's memory, not the probe's record."""

    def __init__(self) -> None:
        self.frames = array("i")
        self.late = array("d")

    def append(self, sample: tuple[int, float]) -> None:
        self.frames.append(sample[0])
        self.late.append(sample[1])

    def pairs(self) -> list[tuple[int, float]]:
        return list(zip(self.frames, self.late, strict=True))


async def lateness(samples: Samples, frame: list[int], stop: asyncio.Event) -> None:
    """How late a 4 ms sleep wakes up, again and again until ``stop``; each sample with the frame
    (``frame[0]``) that was playing."""
    period = 0.004
    while not stop.is_set():
        t0 = time.perf_counter()
        await asyncio.sleep(period)
        samples.append((frame[0], max(time.perf_counter() - t0 - period, 0.0)))


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


def synchronous(store: object) -> int:
    """The store connection's ``PRAGMA synchronous`` (-1 when the store has no such connection)."""
    try:
        row = store._conn.execute("PRAGMA synchronous").fetchone()  # type: ignore[attr-defined]
    except (AttributeError, sqlite3.Error):
        return -1
    return int(row[0])
