"""``tests/bench/web_companion.py`` (issue 16, WC-43) in a short form: the window, a real watch, the
browsers' process and the media arms run, and every row is printed. No timing is asserted."""

from __future__ import annotations

import re

import pytest

from tests.fakes.servers import run_module

pytestmark = pytest.mark.bench


@pytest.mark.timeout(120)
def test_the_web_companion_bench_prints_every_row() -> None:
    done = run_module(
        "tests.bench.web_companion", "--clients", "3", "--seconds", "4", "--media-seconds", "0.5", timeout=110
    )
    assert done.returncode == 0, done.stderr[-3000:]
    print("\n" + done.stdout)
    assert re.search(r"events numbered meanwhile / reports +([1-9]\d*) / \d+\n", done.stdout)
    assert re.search(
        r"delivered per stream \(all/expected\) +min (\d+)/\1 +max \1/\1 +complete 3 of 3", done.stdout
    )
    assert re.search(r"window's worst stall \(5 ms timer\) +[\d.]+ ms", done.stdout)
    assert re.search(r"server RSS growth, streams open +[+-][\d.]+ MB", done.stdout)
    assert re.search(
        r"companion \d+ req/s +bare FileResponse \d+ req/s +ratio [\d.]+ +\(wrong answers 0\)", done.stdout
    )
    assert re.search(r"bare read \d+ req/s +ratio [\d.]+", done.stdout)
