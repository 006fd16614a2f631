"""The long-session table of ``tests/bench/long_session.py`` (issue 14) in its ``--quick`` form:
every row of the issue's table is there with a number. The figures are not verdicts: no timing is
asserted."""

from __future__ import annotations

import json
import math
import os
from pathlib import Path

import pytest

from tests.fakes.servers import run_module

pytestmark = pytest.mark.bench


@pytest.mark.timeout(180)
def test_quick_table_has_every_row_with_a_number(tmp_path: Path) -> None:
    out = tmp_path / "rows.json"
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen")
    done = run_module("tests.bench.long_session", "--quick", "--json", str(out), env=env, timeout=170)
    assert done.returncode == 0, done.stderr[-3000:]
    print("\n" + done.stdout)
    rows = json.loads(out.read_text(encoding="utf-8"))
    numbers = {row["name"].split()[0] for row in rows}
    assert numbers == {str(n) for n in range(1, 11)}, numbers  # the nine, and row 10 (L-16)
    for row in rows:
        assert math.isfinite(row["value"]), row
        assert math.isfinite(row["base"]), row
        assert row["goal"], row
    assert "failed turns: engine 0, window 0" in done.stdout
    for row in rows:
        assert row["name"] in done.stdout, row  # printed beside its goal
