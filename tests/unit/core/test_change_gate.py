"""The change gate (core/watch/gate.py, WA-1 … WA-6) on the camera simulator's scripted scenes."""

from __future__ import annotations

import io
import threading

import pytest
from PIL import Image

from app.demo_camera import frames
from app.demo_camera.scenes import FEEDER_REGION, HOUSE_REGION, Scene
from core.watch import ChangeGate, GateResult, Region, UndecodableFrame
from core.watch.gate import THUMB_SIZE, change_threshold, score_of, smallest_change, thumbnail


def run(gate: ChangeGate, scene: Scene, last: int) -> tuple[list[int], list[GateResult]]:
    """Frames 1 … last through the gate as a watch uses it: a changed frame goes to the model and
    becomes the reference. Returns the changed frame numbers and every result."""
    changed, results = [], []
    for seq in range(1, last + 1):
        result = gate.score(scene.jpeg(seq))
        results.append(result)
        if result.changed:
            gate.accept(result)
            changed.append(seq)
    return changed, results


def re_encoded(data: bytes, fmt: str, **options: object) -> bytes:
    out = io.BytesIO()
    Image.open(io.BytesIO(data)).save(out, fmt, **options)
    return out.getvalue()


def test_600_noisy_frames_with_one_bird_change_only_where_the_bird_comes_and_goes() -> None:
    scene = Scene("static-then-bird", event_at=300, event_frames=20, seed=11)
    gate = ChangeGate()
    changed, results = run(gate, scene, 600)
    assert scene.changes(600) == [300, 320]
    assert changed == [1, 300, 320]  # the first frame, the bird lands, the bird leaves
    assert results[0].first and results[0].score == 100.0
    quiet = [r.score for seq, r in enumerate(results, 1) if seq not in changed]
    assert len(quiet) == 597
    assert max(quiet) == 0.0 < gate.threshold  # sensor noise and flicker never move a thumbnail pixel
    assert results[299].score >= gate.threshold and results[319].score >= gate.threshold


def test_a_light_turning_on_is_one_change_and_then_static_again() -> None:
    scene = Scene("static-then-light", event_at=40, seed=2)
    changed, results = run(ChangeGate(), scene, 80)
    assert changed == [1, 40]
    assert results[39].score > 60


def test_heavy_noise_and_re_encoding_of_a_static_scene_score_zero() -> None:
    scene = Scene("static", noise=48, seed=5)
    changed, _ = run(ChangeGate(sensitivity=90), scene, 30)
    assert changed == [1]
    gate = ChangeGate(sensitivity=100)
    first = scene.jpeg(1)
    gate.accept(gate.score(first))
    for other in (
        re_encoded(first, "JPEG", quality=30),
        re_encoded(first, "JPEG", quality=95, progressive=True),
        re_encoded(first, "PNG"),
        re_encoded(first, "WEBP", quality=60),
    ):
        assert gate.score(other).score == 0.0


def test_the_same_picture_at_another_resolution_scores_zero() -> None:
    img = Scene("static").image(1)
    gate = ChangeGate(sensitivity=100)
    gate.accept(gate.score(frames.encode(img, "JPEG", quality=85)))
    for size in ((320, 212), (1280, 848), (1920, 1272)):
        assert gate.score(frames.encode(img.resize(size), "JPEG", quality=85)).score == 0.0


def test_a_region_of_interest_sees_only_its_own_changes() -> None:
    bird = Scene("static-then-bird", event_at=5, event_frames=3)
    light = Scene("static-then-light", event_at=5)
    house, feeder = Region(*HOUSE_REGION), Region(*FEEDER_REGION)
    assert run(ChangeGate(region=house), bird, 10)[0] == [1]  # the bird is outside the house region
    assert run(ChangeGate(region=feeder), bird, 10)[0] == [1, 5, 8]
    assert run(ChangeGate(region=feeder), light, 10)[0] == [1]
    assert run(ChangeGate(region=house), light, 10)[0] == [1, 5]
    # the region's own share: the bird covers more of the feeder region than of the frame
    empty = Scene("static").jpeg(1)
    whole, near = ChangeGate(), ChangeGate(region=feeder)
    for gate in (whole, near):
        gate.accept(gate.score(empty))
    assert near.score(bird.jpeg(5)).score > whole.score(bird.jpeg(5)).score


def test_sensitivity_is_monotonic() -> None:
    empty = Scene("static").jpeg(1)
    changes = [
        Scene("static-then-bird", event_at=1).jpeg(1),
        Scene("static-then-light", event_at=1).jpeg(1),
        Scene("static", seed=9).jpeg(2),
        re_encoded(Scene("static-then-light", event_at=1).jpeg(1), "PNG"),
    ]
    counts, scores = [], set()
    for sensitivity in range(0, 101, 5):
        gate = ChangeGate(sensitivity=sensitivity)
        gate.accept(gate.score(empty))
        results = [gate.score(data) for data in changes]
        counts.append(sum(r.changed for r in results))
        scores.add(tuple(r.score for r in results))
    assert counts == sorted(counts) and counts[0] == 0 and counts[-1] == 3
    assert len(scores) == 1  # the score does not depend on the sensitivity
    thresholds = [change_threshold(s) for s in range(101)]
    assert thresholds == sorted(thresholds, reverse=True)
    assert smallest_change(60) == pytest.approx(0.00398, rel=1e-2)
    assert [smallest_change(s) for s in (0, 50, 100)] == pytest.approx([1.0, 0.01, 0.0001])


def test_the_score_scale() -> None:
    assert score_of(0, 3072) == 0.0
    assert score_of(3072, 3072) == 100.0
    assert score_of(1, 100) == 50.0
    assert score_of(1, 10) == 75.0
    assert score_of(1, 1_000_000) == 0.0


def test_undecodable_bytes_raise_a_typed_error_and_keep_the_reference() -> None:
    gate = ChangeGate()
    good = Scene("static").jpeg(1)
    gate.accept(gate.score(good))
    reference = gate.reference
    cases = {
        b"": "empty",
        frames.corrupt_bytes(): "unidentified",
        good[: len(good) // 2]: "damaged",
        frames.encode(Image.new("L", (17_000, 1)), "PNG"): "too_large",  # over the 16,384 px edge
    }
    for data, reason in cases.items():
        with pytest.raises(UndecodableFrame) as caught:
            gate.score(data)
        assert caught.value.reason == reason
        assert caught.value.size == len(data)
        assert f"frame of {len(data)} bytes is not readable ({reason}): " in str(caught.value)
        assert caught.value.detail
        assert gate.reference is reference
    assert gate.score(good).score == 0.0


def test_first_frame_reference_and_resume() -> None:
    data = Scene("static-then-bird", event_at=2).jpeg(1)
    gate = ChangeGate()
    first = gate.score(data)
    assert (first.first, first.changed, first.score) == (True, True, 100.0)
    assert gate.reference is None  # score alone changes nothing
    gate.accept(first)
    assert gate.reference is not None
    assert (gate.reference.width, gate.reference.height) == THUMB_SIZE
    assert len(gate.reference.pixels) == THUMB_SIZE[0] * THUMB_SIZE[1]
    resumed = ChangeGate(reference=gate.reference)  # the model's last frame kept across a restart
    assert not resumed.score(data).changed
    assert resumed.score(Scene("static-then-bird", event_at=2).jpeg(2)).changed
    resumed.reset()
    assert resumed.score(data).first


def test_region_and_sensitivity_are_checked() -> None:
    for bad in ((0, 0, 0, 1), (0.5, 0, 0.6, 1), (-0.1, 0, 0.5, 0.5), (0, 1, 1, 0.1), (float("nan"), 0, 1, 1)):
        with pytest.raises(ValueError):
            Region(*bad)
    assert Region(0, 0, 1, 1).box(64, 48) == (0, 0, 64, 48)
    assert Region(0.5, 0.5, 0.001, 0.001).box(64, 48) == (32, 24, 33, 25)  # at least one pixel
    for bad_sensitivity in (-1, 101, float("nan")):
        with pytest.raises(ValueError):
            ChangeGate(sensitivity=bad_sensitivity)
    gate = ChangeGate(sensitivity=60)
    assert gate.score(Scene("static").jpeg(1)).threshold == 40.0
    gate.sensitivity = 80
    assert (gate.sensitivity, gate.threshold) == (80.0, 20.0)
    assert gate.score(Scene("static").jpeg(1)).threshold == 20.0  # the window shows it beside the score


def test_a_thumbnail_is_grey_and_small() -> None:
    thumb = thumbnail(Scene("static").jpeg(3))
    assert thumb.image().mode == "L" and thumb.image().size == THUMB_SIZE


@pytest.mark.asyncio
async def test_score_async_decodes_in_a_worker_thread() -> None:
    seen: list[threading.Thread] = []

    class Spy(ChangeGate):
        def score(self, data: bytes) -> GateResult:
            seen.append(threading.current_thread())
            return super().score(data)

    result = await Spy().score_async(Scene("static").jpeg(1))
    assert result.first
    assert seen and seen[0] is not threading.main_thread()
