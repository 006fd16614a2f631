"""Issue 14's table, measured: 1,000 live-view frames through the app's runtime with the real store,
every row beside its goal and its bare baseline from the same run. Figures, not a verdict.

Run: ``python -m tests.bench.long_session [--frames 1000] [--quick] [--parallel]
[--window-frames N] [--budget TOKENS] [--json FILE]`` (offscreen Qt). ``--quick`` plays 25 frames
with the two runs (and the empty store's start-up) at once, for the smoke test; ``--parallel`` runs the
engine and window runs at once (faster, noisier); ``--window-frames`` shortens the window run.
Prints one table; ``--json FILE`` also writes its rows. Nothing in ``core/``, ``wires/`` or
``app/`` is changed for it: the measuring hooks are monkeypatched from outside
(``tests/bench/long_session_probe.py``).

Processes (isolation: RSS, CPU, start-up): the fake Anthropic provider
(``tests/fakes/providers``, its own process on 127.0.0.1, keeping only its newest two requests) and
the camera simulator (``python -m app.demo_camera``, streamable HTTP, 640×424 JPEG frames) serve
every run. ``tests/bench/long_session_play.py`` plays the frames twice: once on a qasync loop
alone (the engine) and once with the ``MainWindow`` shown on it (the window), each on its own
store (``app.launcher.make_runtime``: store, media cache, MCP client, HTTP wire). Start-up runs in
fresh processes on the engine run's store and on an empty one.

How each row is measured:

1. wall time of ``village.send(…).wait()`` per frame, median of frames 15–25 vs the last 11; and
   the engine process's CPU time (``time.process_time``) over the same frames (less sensitive to
   the other load on the machine).
2. the first POST body of the last frame as sent (bytes, ``messages``), estimated tokens
   (``core.pricing`` on the body's text without image data plus ``wires.image_tokens`` per image)
   vs the template's ``context_tokens`` (set to ``--budget``, 200,000 by default, in the config).
3. that turn's ``ChatRequest`` encoded again by the wire + ``json.dumps`` vs bare ``json.dumps``
   of the same body (median of 5); the thread the live encode and large dumps ran on.
4. median wall of frames 15–25 vs the same exchanges replayed with bare httpx, each right after
   the app's turn (the app's own two request bodies, and the camera's ``tools/call`` as bare
   JSON-RPC between them: ``tests/bench/long_session_bare.py``); fsyncs per tool
   call after warm-up: ``fsync``/``fdatasync`` syscalls of the engine process counted by
   ``strace -f --seccomp-bpf`` when it is there, else the wrapped ``os.fsync``/``os.fdatasync``
   plus SQLite commits (a trace callback on every connection) under ``synchronous=FULL``.
5. growth of the store folder and the media cache (apparent bytes, and ``st_blocks``·512; a file
   hard-linked in both counts once) and the engine process's ``write_bytes`` (``/proc/self/io``:
   WAL, checkpoints, blobs, media, log) after warm-up, per frame, vs the frame's JPEG size.
6. process CPU time per turn after warm-up, window run minus engine run (the engine run is the
   baseline "qasync alone").
7. lateness of a 4 ms ``asyncio.sleep`` probe on the loop (p99, max) during the first 300 turns
   after the warm-up and during the last 300 (the longest history); baseline: the same probe in
   the engine run. Both runs collect garbage as the app does (``app.gc_guard``: automatic
   collection off, the GUI thread's timer collects, start-up frozen); the note gives the window
   run's full collections and the longest of them.
8. seconds from the parent's clock before ``Popen`` to the window's first paint, median of 3, on the
   engine run's store (``--frames`` turns) vs an empty one; and to the loop settled after it (a
   10 ms timer on time for 300 ms: what the window does after its first paint is done).
9. RSS (``VmRSS``, after ``gc.collect``) growth from the warm-up (frame 100 at 1,000) to the end,
   engine and window; the ratio is window vs engine.
10. a full ``gc.collect()`` on the loop at the end of the window run (median of 3), with start-up's
   objects frozen as the app freezes them (``app.gc_guard.freeze_start_up``, L-16) vs thawed.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

from tests.fakes.servers import ROOT, start_camera, stop

PLAY = "tests.bench.long_session_play"
STARTS = 3
LATE_TURNS = 300  # row 7's back-to-back turns
SYNC = {0: "OFF", 1: "NORMAL", 2: "FULL", 3: "EXTRA"}


def child_env(data: Path) -> dict[str, str]:
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", PYTHONDONTWRITEBYTECODE="1")
    for var in ("XDG_DATA_HOME", "XDG_STATE_HOME", "XDG_CONFIG_HOME", "XDG_CACHE_HOME"):
        env[var] = str(data / var.lower())
    return env


def start_fake(tmp: Path) -> tuple[subprocess.Popen[str], str]:
    proc = subprocess.Popen(
        [sys.executable, "-m", PLAY, "--serve-fake"],
        cwd=ROOT,
        env=child_env(tmp),
        stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
    )
    assert proc.stdout is not None
    url = proc.stdout.readline().strip()
    if not url.startswith("http"):
        stop(proc)
        raise RuntimeError(f"no URL from the fake provider: {url!r}")
    return proc, url


def play(tmp: Path, name: str, urls: tuple[str, str], args: argparse.Namespace) -> dict[str, Any]:
    """One run of the frames (``--window`` for the window run); under strace for the engine."""
    data = tmp / name
    data.mkdir()
    out = data / "result.json"
    frames = args.window_frames or args.frames if name == "window" else args.frames
    cmd = [sys.executable, "-m", PLAY, "--frames", str(frames), "--fake", urls[0]]
    cmd += ["--camera", urls[1], "--data", str(data), "--out", str(out), "--budget", str(args.budget)]
    trace = data / "fsync.trace"
    if name == "window":
        cmd.append("--window")
    elif shutil.which("strace"):
        cmd = [
            "strace",
            "-f",
            "--seccomp-bpf",
            "-qq",
            "-ttt",
            "-e",
            "trace=fsync,fdatasync",
            "-o",
            str(trace),
            *cmd,
        ]
    run(cmd, data)
    result: dict[str, Any] = json.loads(out.read_text(encoding="utf-8"))
    result["data"] = str(data)
    if trace.exists():
        marks = result["marks"]
        lo, hi = marks["warm"]["t"], marks["end"]["t"]
        stamps = [float(line.split()[1]) for line in trace.read_text().splitlines() if "sync(" in line]
        result["strace_fsyncs"] = sum(lo <= s <= hi for s in stamps)
    return result


def run(cmd: list[str], data: Path) -> str:
    """Run a child; its stderr (Qt's offscreen chatter) is shown only when it fails."""
    done = subprocess.run(
        cmd, cwd=ROOT, env=child_env(data), capture_output=True, text=True, stdin=subprocess.DEVNULL
    )
    if done.returncode != 0:
        sys.stderr.write(done.stderr[-4000:])
        raise RuntimeError(f"{cmd[cmd.index('-m') + 1]} failed ({done.returncode})")
    return done.stdout


def start_up(data: Path, urls: tuple[str, str], budget: int) -> tuple[float, float]:
    """Row 8: one fresh process on ``data``, from before ``Popen`` to the window's first paint,
    and to the loop settled after it."""
    t0 = time.time()
    cmd = [sys.executable, "-m", PLAY, "--startup", "--t0", repr(t0), "--data", str(data)]
    cmd += ["--fake", urls[0], "--camera", urls[1], "--budget", str(budget)]
    found = json.loads(run(cmd, data).strip().splitlines()[-1])
    return float(found["first_paint_s"]), float(found["settled_s"])


def start_ups(stores: dict[str, Path], urls: tuple[str, str], args: argparse.Namespace) -> dict[str, float]:
    """Row 8: the median start-up on each store (``full``, ``full_settled``, …), interleaved (the
    machine's load drifts); one start each with ``--quick``."""
    times: dict[str, list[tuple[float, float]]] = {k: [] for k in stores}
    for _ in range(1 if args.quick else STARTS):
        for k, path in stores.items():
            times[k].append(start_up(path, urls, args.budget))
    found = {k: statistics.median(t[0] for t in v) for k, v in times.items()}
    return found | {f"{k}_settled": statistics.median(t[1] for t in v) for k, v in times.items()}


def median_of(values: list[float], frames: range) -> float:
    return statistics.median(values[n - 1] for n in frames)


def percentile(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def table(engine: dict[str, Any], window: dict[str, Any], starts: dict[str, float], budget: int) -> list[Row]:
    n, warm = engine["frames"], engine["warm"]
    lo, hi = engine["early"]
    early = range(lo, hi + 1)
    late = range(n - (hi - lo), n + 1)
    after = n - warm  # frames after warm-up
    first = engine["first"].get(str(n), {})
    first20 = engine["first"].get("20", {})
    e0, e1 = engine["marks"]["warm"], engine["marks"]["end"]
    w0, w1 = window["marks"]["warm"], window["marks"]["end"]
    frame = engine.get("frame_bytes") or 1
    calls = max(after, 1)  # one camera call a frame
    if "strace_fsyncs" in engine:
        fsyncs, how = engine["strace_fsyncs"] / calls, "syscalls"
    else:
        py = (e1["fsyncs"] - e0["fsyncs"]) / calls
        fsyncs, how = py + (e1["commits"] - e0["commits"]) / calls, "os.fsync+commits"
    commits = (e1["commits"] - e0["commits"]) / calls
    wrapped = (e1["fsyncs"] - e0["fsyncs"]) / calls
    threads = sorted(set(first.get("encode_threads", []) + first.get("dumps_threads", [])))
    wn, wwarm = window["frames"], window["warm"]  # the window run may be shorter (--window-frames)
    ecpu = statistics.mean(engine["cpus"][wwarm:wn])  # the same frames in both runs
    wcpu = statistics.mean(window["cpus"][wwarm:wn])
    return [
        Row(
            f"1 wall/frame: frame {n} vs frame 20, ms",
            "≤ 1.2×",
            ms(median_of(engine["walls"], late)),
            ms(median_of(engine["walls"], early)),
        ),
        Row(
            f"1 … engine CPU time per frame, frame {n} vs 20, ms",
            "≤ 1.2×",
            ms(median_of(engine["cpus"], late)),
            ms(median_of(engine["cpus"], early)),
        ),
        Row(
            f"2 first request at frame {n}: KB",
            "bounded",
            first.get("bytes", 0) / 1000,
            first20.get("bytes", 0) / 1000,
            "vs frame 20",
        ),
        Row("2 … messages", "bounded", first.get("messages", 0), first20.get("messages", 0), "vs frame 20"),
        Row("2 … estimated tokens vs the budget", f"≤ {budget}", first.get("tokens", 0), budget),
        Row(
            "3 encode + JSON of it vs bare json.dumps, ms",
            "≤ 1.5×",
            ms(engine.get("encode_json_s", 0)),
            ms(engine.get("bare_dumps_s", 0)),
            "live on: " + ("/".join(threads) or "-"),
        ),
        Row(
            "4 one turn with the store vs bare httpx, ms",
            "≤ 1.25×",
            ms(median_of(engine["walls"], early)),
            ms(engine.get("bare_turn_s", 0)),
        ),
        Row(
            f"4 fsyncs per tool call ({how})",
            "fewer",
            fsyncs,
            0,
            f"os.fsync/fdatasync {wrapped:.1f}, SQLite commits {commits:.1f} (synchronous={SYNC.get(engine['synchronous'], '?')})",
        ),
        Row(
            "5 disk per frame: allocated KB vs the frame",
            "≤ 1.1×",
            (e1["allocated"] - e0["allocated"]) / after / 1000,
            frame / 1000,
        ),
        Row(
            "5 disk per frame: apparent KB vs the frame",
            "≤ 1.1×",
            (e1["size"] - e0["size"]) / after / 1000,
            frame / 1000,
        ),
        Row(
            "5 disk per frame: write_bytes KB vs the frame",
            "≤ 1.1×",
            (e1["written"] - e0["written"]) / after / 1000,
            frame / 1000,
        ),
        Row(
            "6 window CPU per turn (window − engine), ms",
            "≤ 15 ms",
            ms(wcpu - ecpu),
            ms(ecpu),
            f"window run {ms(wcpu):.1f} ms",
        ),
        *lateness_rows(engine, window),
        Row(
            f"8 start-up to first paint, {n}-turn store vs empty, s",
            "≤ 1.2×",
            starts["full"],
            starts["empty"],
        ),
        Row("8 … to the loop settled after it, s", "≤ 1.2×", starts["full_settled"], starts["empty_settled"]),
        Row(f"9 RSS growth engine, frames {warm}–{n}, MB", "< 10 MB", (e1["rss"] - e0["rss"]) / 1e6, 0),
        Row(
            f"9 RSS growth window, frames {wwarm}–{wn}, MB",
            "< 10 MB",
            (w1["rss"] - w0["rss"]) / 1e6,
            (e1["rss"] - e0["rss"]) / 1e6,
            "vs engine",
        ),
        Row(
            "10 a full collection on the loop, window run, ms",
            "< 33 ms",
            ms(window.get("full_gc_frozen_s", 0)),
            ms(window.get("full_gc_thawed_s", 0)),
            f"start-up's {window.get('gc_frozen', 0)} objects frozen vs not (L-16)",
        ),
    ]


def lateness_rows(engine: dict[str, Any], window: dict[str, Any]) -> list[Row]:
    """Row 7: p99 and max of the probe over the first 300 turns after the warm-up and over the
    last 300 (the longest history), window run vs engine run."""
    rows = []
    for where in ("first", "last"):
        n, warm = window["frames"], window["warm"]  # the same frames of both runs
        lo, hi = (warm + 1, warm + LATE_TURNS) if where == "first" else (max(n + 1 - LATE_TURNS, warm + 1), n)
        picked = [[late for frame, late in run["lateness"] if lo <= frame <= hi] for run in (window, engine)]
        turns = min(LATE_TURNS, window["frames"] - window["warm"])
        win, eng = picked
        p99 = f"7 loop lateness p99, {where} {turns} turns, ms"
        rows.append(Row(p99, "< 8 ms", ms(percentile(win, 0.99)), ms(percentile(eng, 0.99))))
        top = f"7 loop lateness max, {where} {turns} turns, ms"
        rows.append(Row(top, "< 33 ms", ms(max(win, default=0)), ms(max(eng, default=0))))
    full = window.get("full_collections_ms", [])
    longest = max(full, default=0)
    rows[-1].note = f"the guard's full collections, whole window run: {len(full)}, longest {longest:.1f} ms"
    return rows


class Row:
    def __init__(self, name: str, goal: str, value: float, base: float, note: str = "") -> None:
        self.name, self.goal, self.value, self.base, self.note = name, goal, float(value), float(base), note

    @property
    def ratio(self) -> float:
        return self.value / self.base if self.base else float("nan")

    def line(self) -> str:
        ratio = f"{self.ratio:7.2f}×" if self.base else "      -"
        return f"{self.name:54} {self.value:10.1f} {self.base:10.1f} {ratio}  {self.goal:9} {self.note}"


def ms(seconds: float) -> float:
    return seconds * 1000


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m tests.bench.long_session", description=__doc__.split("\n")[0]
    )
    parser.add_argument("--frames", type=int, default=1000)
    parser.add_argument(
        "--quick",
        action="store_true",
        help="25 frames, the two runs at once, one start-up each (the smoke test)",
    )
    parser.add_argument("--budget", type=int, default=200_000, help="the template's context_tokens")
    parser.add_argument("--parallel", action="store_true", help="engine and window runs at once (--quick)")
    parser.add_argument(
        "--window-frames", type=int, default=0, help="frames of the window run (default: --frames)"
    )
    parser.add_argument("--json", default="", help="also write the rows to this file")
    args = parser.parse_args(argv)
    if args.quick:
        args.frames, args.parallel = 25, True
    args.frames = max(args.frames, 25)  # row 1's early frames are 15–25
    began = time.perf_counter()
    with tempfile.TemporaryDirectory(prefix="long-session-") as name:
        tmp = Path(name)
        fake, fake_url = start_fake(tmp)
        camera, camera_url = start_camera()
        try:
            urls = (fake_url, camera_url)
            empty = tmp / "empty"
            empty.mkdir()
            starts: dict[str, float] = {}
            if args.parallel:
                with ThreadPoolExecutor(3) as pool:
                    runs_ = [pool.submit(play, tmp, name, urls, args) for name in ("engine", "window")]
                    if args.quick:  # the empty start-up beside the runs: the smoke test stays short
                        starts = pool.submit(start_ups, {"empty": empty}, urls, args).result()
                    engine, window = (r.result() for r in runs_)
            else:
                engine = play(tmp, "engine", urls, args)
                window = play(tmp, "window", urls, args)
            full = Path(engine["data"])  # the engine run's store: always ``--frames`` turns
            played = time.perf_counter()
            starts = start_ups({"full": full} | ({} if starts else {"empty": empty}), urls, args) | starts
            started = time.perf_counter()
        finally:
            stop(camera)
            stop(fake)
    rows = table(engine, window, starts, args.budget)
    print(f"long session: {args.frames} live-view frames, fake anthropic + camera simulator, real store")
    print(
        f"failed turns: engine {engine['failed']}, window {window['failed']}; frame {engine.get('frame_bytes', 0)} B JPEG"
    )
    print()
    print(f"{'measure':54} {'value':>10} {'baseline':>10} {'ratio':>8}  {'goal':9} note")
    for row in rows:
        print(row.line())
    print()
    print(
        f"ran {time.perf_counter() - began:.0f} s (the frames {played - began:.0f} s, start-ups"
        f" {started - played:.0f} s; engine run {engine['ran_s']:.0f} s, window run {window['ran_s']:.0f} s)"
    )
    if args.json:
        rows_json = [vars(r) | {"ratio": r.ratio} for r in rows]
        Path(args.json).write_text(json.dumps(rows_json, indent=1), encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
