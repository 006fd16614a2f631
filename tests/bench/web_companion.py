"""The web companion under load (issue 16): event streams while a watch runs, and the media
endpoint's rate.

Runnable on its own: ``python -m tests.bench.web_companion [--clients 20] [--seconds 20] [--quick]``.

1. ``--clients`` browsers' event streams (httpx, one connection each) open on a real server on
   127.0.0.1 while a watch runs at 2 frames/s: each frame publishes what a running watch publishes
   (``WatchScored``, ``WatchMetered``; every tenth a ``CameraEventReported``) on the real runtime's
   bus. Per client: the events delivered of those published, and the delay from publish to
   arrival (median, p99, worst). The loop's worst stall (a 10 ms ticker on the same loop: the
   desktop window runs on this loop, so its stall is the window's) and the process's memory
   (RSS) before, and after the streams ran.
2. ``GET /tool-media/<sha256>.jpg`` of a cached 20 KB JPEG: requests per second with 8 keep-alive
   clients for a few seconds.

Clients and server share one process and one loop (the clients' work is in the figures: the
server alone does better). Figures, not verdicts: nothing here passes or fails.
"""

from __future__ import annotations

import argparse
import asyncio
import hashlib
import json
import statistics
import tempfile
import time
from pathlib import Path

import httpx

from core.events import CameraEventReported, WatchMetered, WatchScored
from tests.fakes.images import jpeg
from tests.fakes.scripted import ScriptedBackend
from tests.fakes.web import Served, frames, served
from web.server import WebSettings


def rss_mb() -> float:
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return 0.0


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values) or [0.0]
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


async def client(s: Served, delays: list[float], counts: list[int], index: int) -> None:
    async with s.client.stream("GET", "/api/stream", timeout=None) as r:
        async for f in frames(r):
            if f.event == "WatchScored":
                delays.append((time.time() - json.loads(f.data)["at"]) * 1000)
            counts[index] += 1


async def ticker(stop: asyncio.Event, worst: list[float]) -> None:
    while not stop.is_set():
        start = time.perf_counter()
        await asyncio.sleep(0.01)
        worst[0] = max(worst[0], (time.perf_counter() - start - 0.01) * 1000)


async def streams(s: Served, clients: int, seconds: float) -> None:
    delays: list[float] = []
    counts = [0] * clients
    tasks = [asyncio.ensure_future(client(s, delays, counts, i)) for i in range(clients)]
    async with asyncio.timeout(30):
        while s.web.feed.clients < clients:  # noqa: ASYNC110 - the server's count of open streams
            await asyncio.sleep(0.01)
    before = rss_mb()
    stop, worst = asyncio.Event(), [0.0]
    tick = asyncio.ensure_future(ticker(stop, worst))
    bus, published = s.rt.village.bus, 0
    for frame in range(int(seconds * 2)):
        now = time.time()
        bus.publish(WatchScored("w1", "eye", 3.5, 8.0, frame % 10 == 0, now))
        bus.publish(WatchMetered("w1", "eye", frame // 10, 120, frame * 900, 500_000))
        published += 2
        if frame % 10 == 0:
            bus.publish(CameraEventReported(frame, "w1", "eye", "c1", now, "A bird", "at the feeder", 3))
            published += 1
        await asyncio.sleep(0.5)
    await asyncio.sleep(0.5)
    stop.set()
    await tick
    for t in tasks:
        t.cancel()
    await asyncio.gather(*tasks, return_exceptions=True)
    print(f"{clients} event streams, {seconds:.0f} s of a watch at 2 frames/s ({published} events)")
    print(f"  delivered per client   min {min(counts)}  max {max(counts)}  of {published}")
    print(
        f"  publish → client ms    median {statistics.median(delays or [0]):.1f}"
        f"  p99 {percentile(delays, 0.99):.1f}  worst {max(delays or [0]):.1f}"
    )
    print(f"  loop's worst stall ms  {worst[0]:.1f}")
    print(f"  memory (RSS) MB        {before:.0f} with the streams open → {rss_mb():.0f} after")


async def media_rate(s: Served, seconds: float) -> None:
    data = jpeg(160, 120)
    data = (data + b"\x00" * 20_480)[: max(len(data), 20_480)]  # 20 KB: the bytes after EOI are kept
    name = f"{hashlib.sha256(data).hexdigest()}.jpg"
    s.media_dir.mkdir(parents=True, exist_ok=True)
    (s.media_dir / name).write_bytes(data)
    done = [0]
    end = time.perf_counter() + seconds

    async def one(c: httpx.AsyncClient) -> None:
        while time.perf_counter() < end:
            r = await c.get(f"/tool-media/{name}")
            assert r.status_code == 200
            done[0] += 1

    start = time.perf_counter()
    await asyncio.gather(*(one(s.client) for _ in range(8)))
    rate = done[0] / (time.perf_counter() - start)
    print(
        f"media endpoint, a cached {len(data) // 1024} KB JPEG, 8 keep-alive clients: {rate:.0f} requests/s"
    )


async def main(clients: int, seconds: float) -> None:
    with tempfile.TemporaryDirectory() as folder:
        backend = ScriptedBackend.looping("anthropic", "claude-x", ["ok"])
        async with served(Path(folder), backend, settings=WebSettings(ring=4000)) as s:
            await streams(s, clients, seconds)
            await media_rate(s, min(5.0, seconds / 2))


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--clients", type=int, default=20)
    parser.add_argument("--seconds", type=float, default=20.0)
    parser.add_argument("--quick", action="store_true", help="5 seconds")
    args = parser.parse_args()
    asyncio.run(main(args.clients, 5.0 if args.quick else args.seconds))
