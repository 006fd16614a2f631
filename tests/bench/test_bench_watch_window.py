"""``tests/bench/watch_window.py`` (issue 15, WA-59) in a short form: it runs the window with the
timeline open under a 2 frames/s watch and prints every row. No timing is asserted."""

from __future__ import annotations

import re

import pytest

from tests.fakes.servers import run_module

pytestmark = pytest.mark.bench


@pytest.mark.timeout(120)
def test_the_watch_window_bench_prints_every_row() -> None:
    done = run_module("tests.bench.watch_window", "--seconds", "3", timeout=110)
    assert done.returncode == 0, done.stderr[-3000:]
    print("\n" + done.stdout)
    assert re.search(r" +events only +a turn per change +goal\n", done.stdout)
    assert re.search(
        r"frames / events / turns / notifications +\d{2} / [1-9]\d* / 0 / \d+ +\d{2} / [1-9]\d* / [1-9]\d* / \d+",
        done.stdout,
    )
    assert re.search(r"worst loop stall +[\d.]+ ms +[\d.]+ ms +< 50 ms", done.stdout)
    assert re.search(r"longest garbage collection +[\d.]+ ms \(gen \d\) +[\d.]+ ms \(gen \d\)", done.stdout)
    assert re.search(r"RSS growth +-?[\d.]+ MB +-?[\d.]+ MB +flat \(< 10 MB\)", done.stdout)
    assert re.search(r"timeline rows / thumbnails held / made +[1-9]\d* / \d+ / [1-9]\d* ", done.stdout)
