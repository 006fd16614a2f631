"""Tool panel paging (D-6): one 16,000-character page of a stored result, read in the worker
(stream + verify + decode of the whole blob each time). Figures, never pass/fail timing.

Run: python -m pytest tests/bench/test_bench_paging.py --benchmark-enable
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from app.widgets.pager import PAGE_CHARS, StorePages
from tests.fakes.stores import stored_call

UNIT = "abc 漢字かな 😀🎉 xyz\n"


@pytest.mark.bench
@pytest.mark.parametrize("chars", [50_000, 1_000_000, 10_000_000])
def test_bench_result_page(benchmark: Any, tmp_path: Path, chars: int) -> None:
    text = (UNIT * (chars // len(UNIT) + 1))[:chars]
    store = stored_call(tmp_path / "data", text)
    try:
        pages = StorePages(store)
        middle = chars // PAGE_CHARS // 2
        page = benchmark.pedantic(lambda: pages.page("t1", "c1", "output", middle), rounds=5, iterations=1)
        assert page.text == text[middle * PAGE_CHARS : (middle + 1) * PAGE_CHARS]
        benchmark.extra_info["MB"] = round(len(text.encode()) / 1024 / 1024, 1)
    finally:
        store.close()
