"""The decode time / peak memory table of ``tests/bench/image_memory.py`` (issue 12).

With ``--benchmark-enable`` the whole table is measured and printed (about a minute); in the gate
(benchmarks disabled) only the 640×424 row runs, so the script stays working.
"""

from __future__ import annotations

import pytest

from tests.bench import image_memory

pytestmark = pytest.mark.bench


def test_decode_time_and_peak_memory_table(request: pytest.FixtureRequest) -> None:
    full = not request.config.getoption("benchmark_disable")
    text = image_memory.table(image_memory.CASES if full else image_memory.CASES[:1])
    print("\n" + text)
    rows = [line for line in text.splitlines() if "JPEG" in line or "PNG" in line]
    assert len(rows) == (len(image_memory.CASES) if full else 1)
    assert "640x424" in rows[0].split("|")[2]  # the frame passes through at its own size
