"""What the change gate costs a frame, and the model calls it saves (issue 15, WA-6).

Runnable on its own: ``python -m tests.bench.change_gate [--frames 600] [--samples 400]``.

1. The gate's time per 640×424 JPEG frame of the camera simulator's scripted scene (``score``:
   the 1/8-scale grey decode, the thumbnail, the difference), median and p99, beside a bare Pillow
   decode of the same frame (``Image.open(...).load()``) timed in the same run, interleaved frame
   by frame so both see the same machine load; the ratio of the two. The same for the simulator's
   default live view (a smoother 20 KB frame) and a 1920×1080 JPEG,
   and ``score_async`` (the thread hop included) as the event loop waits for it. Wall-clock
   figures on a shared machine carry its load; the thread-CPU medians do not.
2. Model calls on the scripted scenes: gate off (every frame goes to the model) against gate on (a
   frame goes when it has changed since the last frame the model saw), at three sensitivities.

Figures, not verdicts: nothing here passes or fails.
"""

from __future__ import annotations

import argparse
import asyncio
import io
import statistics
import time
from collections.abc import Callable

from PIL import Image

from app.demo_camera.frames import encode, jpeg_frame
from app.demo_camera.scenes import Scene
from core.watch import ChangeGate


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def bare_decode(data: bytes) -> None:
    with Image.open(io.BytesIO(data)) as im:
        im.load()


def interleaved(
    frames: list[bytes], samples: int, *runs: Callable[[bytes], object]
) -> list[tuple[list[float], list[float]]]:
    """Milliseconds (wall clock, and this thread's CPU) of each run per call, the runs taking turns
    on the same frame."""
    times: list[tuple[list[float], list[float]]] = [([], []) for _ in runs]
    for i in range(samples):
        data = frames[i % len(frames)]
        for run, (wall, cpu) in zip(runs, times, strict=True):
            start, start_cpu = time.perf_counter(), time.thread_time()
            run(data)
            wall.append((time.perf_counter() - start) * 1000)
            cpu.append((time.thread_time() - start_cpu) * 1000)
    return times


def cost_row(label: str, frames: list[bytes], samples: int) -> None:
    gate = ChangeGate()
    gate.accept(gate.score(frames[0]))
    interleaved(frames, 20, gate.score, bare_decode)  # warm-up
    (gated, gated_cpu), (bare, bare_cpu) = interleaved(frames, samples, gate.score, bare_decode)
    g50, b50 = statistics.median(gated), statistics.median(bare)
    c50, d50 = statistics.median(gated_cpu), statistics.median(bare_cpu)
    print(
        f"{label:<24} gate {g50:6.3f} / {percentile(gated, 0.99):6.3f} ms (cpu {c50:6.3f})   "
        f"bare decode {b50:6.3f} / {percentile(bare, 0.99):6.3f} ms (cpu {d50:6.3f})   "
        f"ratio {g50 / b50:4.2f} (cpu {c50 / d50:4.2f})  {len(frames[0]) // 1000} KB"
    )


async def async_row(frames: list[bytes], samples: int) -> None:
    gate = ChangeGate()
    gate.accept(gate.score(frames[0]))
    spent = []
    for i in range(samples):
        start = time.perf_counter()
        await gate.score_async(frames[i % len(frames)])
        spent.append((time.perf_counter() - start) * 1000)
    print(
        f"{'score_async (thread)':<24} {statistics.median(spent):6.3f} / {percentile(spent, 0.99):6.3f} ms "
        "(median / p99, the loop free meanwhile)"
    )


def calls_row(scene: Scene, frames: int, sensitivity: float) -> None:
    gate = ChangeGate(sensitivity=sensitivity)
    sent, scores = [], []
    for seq in range(1, frames + 1):
        result = gate.score(scene.jpeg(seq))
        scores.append(result.score)
        if result.changed:
            gate.accept(result)
            sent.append(seq)
    quiet = [s for seq, s in enumerate(scores, 1) if seq not in sent]
    print(
        f"{scene.name:<18} sensitivity {sensitivity:>3g}: model calls gate off {frames}, gate on {len(sent)} "
        f"(saved {frames - len(sent)}, {100 * (frames - len(sent)) / frames:.1f} %) at frames {sent}; "
        f"max score of a skipped frame {max(quiet, default=0):.1f}, threshold {gate.threshold:g}"
    )


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m tests.bench.change_gate", description=__doc__)
    parser.add_argument("--frames", type=int, default=600, help="frames of the scripted scene")
    parser.add_argument("--samples", type=int, default=400, help="timed calls per figure")
    args = parser.parse_args(argv)

    bird = Scene("static-then-bird", event_at=args.frames // 2, event_frames=20, seed=1)
    light = Scene("static-then-light", event_at=args.frames // 2, seed=1)
    small = [bird.jpeg(seq) for seq in range(1, 41)]
    large = [encode(bird.image(seq).resize((1920, 1080)), "JPEG", quality=85) for seq in range(1, 9)]
    print("time per frame, median / p99 wall (median thread CPU), interleaved with a bare Pillow decode")
    cost_row("640×424 scene (noisy)", small, args.samples)
    cost_row("640×424 live view", [jpeg_frame(seq) for seq in range(1, 41)], args.samples)
    cost_row("1920×1080 JPEG", large, max(40, args.samples // 4))
    asyncio.run(async_row(small, args.samples))
    print(f"\nmodel calls over {args.frames} frames of a scripted scene (one event at {args.frames // 2})")
    for sensitivity in (30, 60, 90):
        calls_row(bird, args.frames, sensitivity)
    calls_row(light, args.frames, 60)
    calls_row(Scene("static", noise=48, seed=1), args.frames, 90)


if __name__ == "__main__":
    main()
