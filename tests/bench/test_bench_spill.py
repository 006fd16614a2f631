"""The spill policy's time on 1, 10 and 50 MB text results (figures, not pass/fail).

Run: python -m pytest tests/bench/test_bench_spill.py --benchmark-enable
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from core.pricing import estimate_tokens
from core.spill import SpillWriter, spill_blocks

MB = 1024 * 1024


@pytest.mark.bench
@pytest.mark.parametrize("size_mb", [1, 10, 50])
def test_bench_spill_text(benchmark: Any, tmp_path: Path, size_mb: int) -> None:
    line = "2026-11-30 22:21:34 camera frame ok 観測 \n"
    text = (line * (size_mb * MB // len(line.encode()) + 1))[: size_mb * MB // 2] + "x" * (size_mb * MB // 3)
    writer = SpillWriter(tmp_path)
    res = benchmark.pedantic(
        lambda: spill_blocks([text], budget_tokens=12_500, image_tokens=None, writer=writer),
        rounds=3 if size_mb == 50 else 5,
        iterations=1,
    )
    assert res.spilled
    benchmark.extra_info["MB_utf8"] = round(len(text.encode()) / MB, 1)


@pytest.mark.bench
@pytest.mark.parametrize("size_mb", [1, 10, 50])
def test_bench_estimate_tokens(benchmark: Any, size_mb: int) -> None:
    text = "camera frame ok 観測 " * (size_mb * MB // 24)
    benchmark.pedantic(lambda: estimate_tokens(text), rounds=5, iterations=1)
