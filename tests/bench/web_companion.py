# ruff: noqa: TID251 - a Qt bench (the window and qasync), like tests/bench/watch_window.py
"""The web companion under load (issue 16, WC-43): 20 browsers' event streams while a real watch
runs at 2 frames/s with the desktop window open, and the media endpoint's rate against a bare
Starlette ``FileResponse``. Figures, not verdicts: nothing here passes or fails.

Run: ``QT_QPA_PLATFORM=offscreen python -m tests.bench.web_companion [--clients 20] [--seconds 60]``
(``--quick``: 15 s).

The app's own parts in one process, on the qasync loop: the runtime (``make_runtime``: village,
store, watch service), the real ``MainWindow`` with its Timeline tab shown, and the companion
switched on through ``web.control.CompanionSwitch`` as Settings does. The camera is the camera
simulator subprocess over streamable HTTP on its ``visits`` scene (a bird comes every 10 s and
stays 3 s), watched by a continuous watch at 2 frames/s whose model reports each change
(``report_event``), so every kind of event flows: scores, runs, turns, reports, notifications.

The browsers are another process (``--streams``): ``--clients`` httpx event streams, one
connection each, so their parsing does not run on the app's loop. Measured while they are open:
per stream the events delivered of those the server numbered meanwhile (``all/expected``), the
delay from a score's ``at`` to its arrival in the other process, the window's worst stall (the
lateness of a 5 ms ``QTimer`` on the loop, as tests/bench/watch_window.py measures it) and the
process's RSS growth (after ``gc.collect``).

Then the media endpoint: ``GET /tool-media/<sha256>.jpg`` of a cached 20 KB JPEG with 8 keep-alive
connections from another process (``--hammer``), against the same file from a bare Starlette app
(one ``FileResponse`` route, no authentication) served by uvicorn on the same loop, alternated
twice; the better of each and their ratio. A third arm is the same bare app answering the bytes
read in one thread hop (``Response(await to_thread(read_bytes))``, the companion's own way of
reading; ``FileResponse`` stats, opens and reads in separate hops): against it the ratio is what
the companion's checks (token, name, hash, type) cost. The client is Python too: the figures are
the pair's.
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import hashlib
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx
import uvicorn
from PySide6.QtWidgets import QApplication
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import FileResponse, Response
from starlette.routing import Route

from app.keys import KeyStore
from app.launcher import make_runtime
from app.loop import make_loop
from app.main_window import MainWindow
from core.canonical import ChatRequest, ChatResponse, Role, Usage
from core.config import parse_config
from core.llm import TextSink
from core.village import Village
from core.watch.model import Rhythm
from tests.bench.window_cost import Lateness, rss_kb, tmpfs
from tests.fakes.images import jpeg
from tests.fakes.scripted import call, reply
from tests.fakes.servers import start_camera, stop
from tests.fakes.watching import SEQ, watch_config
from tests.fakes.web import frames
from web.control import CompanionSwitch
from web.token import VillageToken

VISIT_EVERY, VISIT_FRAMES = 20, 6  # frames: a bird every 10 s at 2 frames/s, for 3 s
MEDIA_CLIENTS = 8


class ReportingModel:
    """Reports every frame it is shown (the watch shows it only after a change), then says so."""

    backend, model = "anthropic", "claude-x"

    async def complete(self, request: ChatRequest, on_text: TextSink | None = None) -> ChatResponse:
        last = request.messages[-1]
        if last.role is Role.TOOL and last.tool_name.endswith("report_event"):
            return reply("I reported it.", usage=Usage(1200, 20))
        match = SEQ.search(last.text) if last.role is Role.TOOL else None
        if match:
            args = {
                "title": f"Change at frame {match.group(1)}",
                "summary": "The feeder changed.",
                "importance": 4,
            }
            response = call("report_event", args, call_id=f"report-{match.group(1)}")
            return ChatResponse(response.message, Usage(1500, 40), "tool_use")
        return reply("Nothing to report.", usage=Usage(1000, 10))


class MemoryKeys:
    """The village token's key store for the run (the OS keyring is not touched)."""

    def __init__(self) -> None:
        self.values: dict[str, str] = {}

    def get(self, name: str | None) -> str | None:
        return self.values.get(name or "")

    def set(self, name: str, value: str) -> None:
        self.values[name] = value


# ------------------------------------------------------------------ the browsers' process


async def streams_process(url: str, token: str, clients: int) -> None:
    """``clients`` event streams until a line ``first last`` comes on stdin; then per stream the
    events numbered in ``(first, last]`` it got, and the score delays, as JSON on stdout."""
    seen: list[set[int]] = [set() for _ in range(clients)]
    resets = [0] * clients
    delays: list[float] = []

    async def one(index: int, c: httpx.AsyncClient) -> None:
        async with c.stream("GET", "/api/stream", timeout=None) as r:
            async for f in frames(r):
                if f.event == "reset":
                    resets[index] += 1
                    continue
                seen[index].add(int(f.id.rpartition("-")[2]))
                if f.event == "WatchScored":
                    delays.append((time.time() - json.loads(f.data)["at"]) * 1000)

    limits = httpx.Limits(max_connections=clients + 5, max_keepalive_connections=clients + 5)
    headers = {"Authorization": f"Bearer {token}"}
    async with httpx.AsyncClient(base_url=url, headers=headers, limits=limits) as c:
        tasks = [asyncio.ensure_future(one(i, c)) for i in range(clients)]
        line = await asyncio.to_thread(sys.stdin.readline)
        first, last = (int(n) for n in line.split())
        for t in tasks:
            t.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
    got = [sum(1 for n in s if first < n <= last) for s in seen]
    print(json.dumps({"got": got, "resets": resets, "delays": delays}))


async def hammer_process(url: str, token: str, seconds: float) -> None:
    """GET ``url`` over ``MEDIA_CLIENTS`` keep-alive connections for ``seconds``; the count as JSON."""
    done, wrong = [0], [0]
    headers = {"Authorization": f"Bearer {token}"}
    limits = httpx.Limits(max_connections=MEDIA_CLIENTS, max_keepalive_connections=MEDIA_CLIENTS)
    async with httpx.AsyncClient(headers=headers, limits=limits) as c:
        await c.get(url)  # connected
        end = time.perf_counter() + seconds

        async def one() -> None:
            while time.perf_counter() < end:
                r = await c.get(url)
                done[0] += 1
                wrong[0] += r.status_code != 200 or len(r.content) != 20_480

        start = time.perf_counter()
        await asyncio.gather(*(one() for _ in range(MEDIA_CLIENTS)))
        took = time.perf_counter() - start
    print(json.dumps({"rate": done[0] / took, "wrong": wrong[0]}))


TOKEN_VARIABLE = "FUSEFORKS_BENCH_TOKEN"


def child(mode: str, url: str, token: str, count: str) -> subprocess.Popen[str]:
    """The browsers' process. The token goes in the environment: a token may begin with ``-``,
    which argparse would take for an option."""
    return subprocess.Popen(
        [sys.executable, "-m", "tests.bench.web_companion", mode, url, count],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
        env={**os.environ, TOKEN_VARIABLE: token},
    )


# ------------------------------------------------------------------ the app's process


def twenty_kb_jpeg() -> bytes:
    data = jpeg(160, 120)
    return (data + b"\x00" * 20_480)[:20_480]  # the bytes after EOI are kept: still a JPEG


async def bare_server(path: Path) -> tuple[uvicorn.Server, asyncio.Task[None], int]:
    """A bare Starlette app with one ``FileResponse`` route, on uvicorn on this loop."""

    async def media(request: Request) -> FileResponse:
        return FileResponse(path, media_type="image/jpeg")

    async def read(request: Request) -> Response:  # the companion's way: one read in a thread
        return Response(await asyncio.to_thread(path.read_bytes), media_type="image/jpeg")

    app = Starlette(routes=[Route("/m.jpg", media), Route("/r.jpg", read)])
    server = uvicorn.Server(
        uvicorn.Config(app, host="127.0.0.1", port=0, log_level="error", access_log=False)
    )
    server.install_signal_handlers = lambda: None  # type: ignore[method-assign]
    task = asyncio.ensure_future(server.serve())
    while not server.started:  # noqa: ASYNC110 - uvicorn's own flag
        await asyncio.sleep(0.01)
    port = server.servers[0].sockets[0].getsockname()[1]
    return server, task, int(port)


async def measure(clients: int, seconds: float, media_seconds: float) -> dict[str, Any]:
    folder = Path(tempfile.mkdtemp(prefix="fuseforks-web-bench-", dir=tmpfs()))
    proc, url = start_camera(
        "--scene",
        "visits",
        "--event-at",
        str(VISIT_EVERY),
        "--event-frames",
        str(VISIT_FRAMES),
        "--seed",
        "3",
    )
    # the configuration's path gives the village its media cache (next to it), as the app's does
    rt = make_runtime(
        parse_config(watch_config(url), folder / "fuseforks.json"), KeyStore(), store_dir=folder / "data"
    )
    assert isinstance(rt.village, Village)
    model = ReportingModel()
    rt.village._backend_factory = lambda t: model  # type: ignore[assignment,return-value]
    assert rt.store is not None and rt.watches is not None and rt.conversations is not None
    switch = CompanionSwitch(
        rt.village,
        VillageToken(MemoryKeys(), "bench"),
        conversations=rt.conversations,
        watches=rt.watches,
    )
    win = MainWindow(
        rt.village,
        KeyStore(),
        history=rt.history,
        conversations=rt.conversations,
        watches=rt.watches,
        web=switch,
    )
    win.resize(1280, 800)
    win.show()
    win.timeline_pane.show_timeline()
    result: dict[str, Any] = {"clients": clients, "seconds": seconds}
    browsers: subprocess.Popen[str] | None = None
    try:
        await rt.village.start()
        await rt.watches.start()
        w = rt.watches.new_watch("eye", "Tell me when a bird is at the feeder.")
        await rt.watches.create(w.with_(id="feeder", rhythm=Rhythm("continuous", 0.5)))
        address = await switch.start()
        companion = switch.companion
        assert companion is not None
        token = switch.token.value()
        await asyncio.sleep(3)  # the watch's first frames, the window's first paint
        browsers = child("--streams", address, token, str(clients))
        async with asyncio.timeout(60):
            while companion.feed.clients < clients:  # the server's count of open streams
                if browsers.poll() is not None:
                    raise RuntimeError(f"the browsers' process ended (exit {browsers.returncode})")
                await asyncio.sleep(0.05)
        gc.collect()
        rss0, first = rss_kb(), companion.feed.newest
        lateness = Lateness()
        lateness.start()
        await asyncio.sleep(seconds)
        last = companion.feed.newest
        await asyncio.sleep(1.0)  # the last events on their way
        lateness.stop()
        out, _ = await asyncio.to_thread(browsers.communicate, f"{first} {last}\n", 60)
        browsers = None
        gc.collect()
        streams = json.loads(out)
        result |= {
            "expected": last - first,
            "got": streams["got"],
            "resets": sum(streams["resets"]),
            "delays": streams["delays"],
            "stall": max(lateness.late, default=0.0) * 1000,
            "p99": lateness.p99() * 1000,
            "rss": (rss_kb() - rss0) / 1024,
            "rss0": rss0 / 1024,
            "reports": len(rt.watches.events()),
        }
        data = twenty_kb_jpeg()
        media_dir = rt.village.config.media_dir()
        assert media_dir is not None
        media_dir.mkdir(parents=True, exist_ok=True)
        cached = media_dir / f"{hashlib.sha256(data).hexdigest()}.jpg"
        cached.write_bytes(data)
        bare, bare_task, bare_port = await bare_server(cached)
        targets = {
            "companion": f"{address}tool-media/{cached.name}",
            "bare": f"http://127.0.0.1:{bare_port}/m.jpg",
            "read": f"http://127.0.0.1:{bare_port}/r.jpg",
        }
        rates: dict[str, list[float]] = {arm: [] for arm in targets}
        wrong = 0
        for _round in range(2):
            for arm, target in targets.items():
                hammer = child("--hammer", target, token, str(media_seconds))
                out, _ = await asyncio.to_thread(hammer.communicate, "", media_seconds + 60)
                answer = json.loads(out)
                rates[arm].append(answer["rate"])
                wrong += answer["wrong"]
        bare.should_exit = True
        await bare_task
        result |= {"media": {arm: max(r) for arm, r in rates.items()}, "media_wrong": wrong}
    finally:
        if browsers is not None:
            browsers.kill()
        await switch.close()
        win.close()
        await rt.watches.close()
        await rt.village.close()
        rt.store.close()
        stop(proc)
    return result


def table(r: dict[str, Any]) -> str:
    got, expected = r["got"], r["expected"]
    delays = sorted(r["delays"]) or [0.0]
    media = r["media"]
    rows = [
        (
            "run",
            f"{r['clients']} event streams (another process), {r['seconds']:.0f} s, a watch at 2 frames/s",
        ),
        ("events numbered meanwhile / reports", f"{expected} / {r['reports']}"),
        (
            "delivered per stream (all/expected)",
            f"min {min(got)}/{expected}  max {max(got)}/{expected}  "
            f"complete {sum(g == expected for g in got)} of {len(got)}  resets {r['resets']}",
        ),
        (
            "score → browser process ms",
            f"median {statistics.median(delays):.1f}  p99 {delays[min(len(delays) - 1, int(0.99 * len(delays)))]:.1f}"
            f"  worst {delays[-1]:.1f}",
        ),
        ("window's worst stall (5 ms timer)", f"{r['stall']:.1f} ms  (p99 lateness {r['p99']:.1f} ms)"),
        ("server RSS growth, streams open", f"{r['rss']:+.1f} MB  (from {r['rss0']:.0f} MB)"),
        (
            f"media, a cached 20 KB JPEG, {MEDIA_CLIENTS} keep-alive connections",
            f"companion {media['companion']:.0f} req/s  bare FileResponse {media['bare']:.0f} req/s"
            f"  ratio {media['companion'] / media['bare']:.2f}  (wrong answers {r['media_wrong']})",
        ),
        (
            "  the same vs a bare route reading the file in one thread hop",
            f"bare read {media['read']:.0f} req/s  ratio {media['companion'] / media['read']:.2f}",
        ),
    ]
    width = max(len(name) for name, _ in rows)
    return "\n".join(f"{name.ljust(width)}  {value}" for name, value in rows)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--clients", type=int, default=20)
    parser.add_argument("--seconds", type=float, default=60.0)
    parser.add_argument("--media-seconds", type=float, default=4.0)
    parser.add_argument("--quick", action="store_true", help="15 s of streams, 2 s per media arm")
    parser.add_argument("--streams", nargs=2, metavar=("URL", "N"), help=argparse.SUPPRESS)
    parser.add_argument("--hammer", nargs=2, metavar=("URL", "SECONDS"), help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.streams:
        token = os.environ[TOKEN_VARIABLE]
        asyncio.run(streams_process(args.streams[0], token, int(args.streams[1])))
        return 0
    if args.hammer:
        token = os.environ[TOKEN_VARIABLE]
        asyncio.run(hammer_process(args.hammer[0], token, float(args.hammer[1])))
        return 0
    seconds, media_seconds = (15.0, 2.0) if args.quick else (args.seconds, args.media_seconds)
    app = QApplication.instance() or QApplication(sys.argv[:1])
    assert isinstance(app, QApplication)
    app.setQuitOnLastWindowClosed(False)
    loop = make_loop(app)
    try:
        result = loop.run_until_complete(measure(args.clients, seconds, media_seconds))
    finally:
        loop.close()
    print(table(result))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
