"""Reading the process event log a test wrote (the ``event_log`` fixture in tests/conftest.py)."""

from __future__ import annotations

from pathlib import Path


def log_lines(path: Path) -> list[str]:
    """The event lines of a log file without their timestamp prefix."""
    out = []
    for raw in path.read_text(encoding="utf-8").splitlines():
        _, sep, line = raw.partition(" [fuseforks] ")
        if sep:
            out.append(line)
    return out
