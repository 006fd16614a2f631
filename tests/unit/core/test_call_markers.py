"""The call markers beside the database (core/store/markers.py): checksummed lines, a torn or
damaged line ignored, private, emptied by a checkpoint; a marked call never starts again (S02-3)."""

from __future__ import annotations

import stat
from pathlib import Path

from core.store import Store
from core.store.markers import MARKERS_NAME, CallMarkers, read_markers


def test_markers_round_trip_and_ignore_a_torn_or_damaged_line(tmp_path: Path) -> None:
    markers = CallMarkers(tmp_path)
    markers.running("turn 1", "call\nA")  # ids with a space and a newline stay one field each
    markers.running("turn 1", "b")
    markers.running("t2", "c")
    markers.close()
    path = tmp_path / MARKERS_NAME
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    assert read_markers(path) == {"turn 1": {"call\nA", "b"}, "t2": {"c"}}
    lines = path.read_bytes().split(b"\n")
    damaged = lines[1].replace(b" b", b" x")  # the payload changed, its checksum did not
    path.write_bytes(b"\n".join([lines[0], damaged, lines[2]]) + b"\n" + b"0badc0de running t3 d")
    assert read_markers(path) == {"turn 1": {"call\nA"}, "t2": {"c"}}  # the torn tail is ignored too
    assert CallMarkers(tmp_path).started_before("t2", "c")


def test_a_marked_call_never_starts_again_and_a_checkpoint_empties_the_journal(tmp_path: Path) -> None:
    (tmp_path / "store").mkdir()
    markers = CallMarkers(tmp_path / "store")
    markers.running("t", "a")  # a previous process started t/a
    markers.close()
    store = Store.open(tmp_path)
    try:
        assert store.markers.started_before("t", "a")
        assert store.start_call("t", "a") is False  # never started again
        assert store.rotate_markers()
        assert (tmp_path / "store" / MARKERS_NAME).read_bytes() == b""
        assert store.markers.count == 0
    finally:
        store.close()
