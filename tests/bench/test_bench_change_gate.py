"""``tests/bench/change_gate.py`` (issue 15, WA-6) in a short form: it runs and prints every row,
and the scripted scene's model calls are the ones the script implies. No timing is asserted."""

from __future__ import annotations

import re

import pytest

from tests.fakes.servers import run_module

pytestmark = pytest.mark.bench


@pytest.mark.timeout(120)
def test_the_change_gate_bench_prints_every_row() -> None:
    done = run_module("tests.bench.change_gate", "--frames", "60", "--samples", "40", timeout=110)
    assert done.returncode == 0, done.stderr[-3000:]
    print("\n" + done.stdout)
    for label in ("640×424 scene (noisy)", "640×424 live view", "1920×1080 JPEG"):
        assert re.search(rf"{re.escape(label)} +gate +[\d.]+ / +[\d.]+ ms .* ratio [\d.]+", done.stdout), (
            label
        )
    assert "score_async (thread)" in done.stdout
    assert "static-then-bird   sensitivity  60: model calls gate off 60, gate on 3 " in done.stdout
    assert "at frames [1, 30, 50]" in done.stdout
    assert "static-then-light  sensitivity  60: model calls gate off 60, gate on 2 " in done.stdout
