"""Cold start of the packaged app beside ``python -m app`` in the same run (PK-7).

    python -m tests.bench.package_start [--runs N]

Needs a build (``python3 dev.py package``). Each run starts the app offscreen with a fresh HOME and
XDG folders, the demo village, and the smoke's first message with ``--quit-after-turn``; it prints
the median seconds from spawn to the ``version:`` line and to ``mcp server connected:`` for the
built app and for ``python -m app``, their ratio, and the package's size.
"""

from __future__ import annotations

import argparse
import importlib.util
import statistics
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
_spec = importlib.util.spec_from_file_location("fuseforks_package_tool", ROOT / "packaging" / "tool.py")
assert _spec is not None and _spec.loader is not None
tool = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(tool)


def one(cmd: list[str]) -> dict[str, float]:
    with tempfile.TemporaryDirectory(prefix="fuseforks-bench-") as tmp:
        home = Path(tmp)
        return tool.run_app(Path(cmd[0]), tool.fresh_env(home), home / "log", extra=cmd[1:])


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    exe = tool.executable()
    if not exe.exists():
        print(f"no build at {exe}: run python3 dev.py package first", file=sys.stderr)
        return 2
    kinds = {"package": [str(exe)], "python -m app": [sys.executable, "-m", "app"]}
    marks: dict[str, list[dict[str, float]]] = {k: [] for k in kinds}
    for _ in range(args.runs):  # interleaved, so both see the same machine
        for kind, cmd in kinds.items():
            marks[kind].append(one(cmd))
    med = {
        k: {m: statistics.median(r[m] for r in runs) for m in ("version", "mcp")} for k, runs in marks.items()
    }
    for kind in kinds:
        print(
            f"{kind:14s} version line {med[kind]['version']:.2f} s   mcp connected {med[kind]['mcp']:.2f} s"
        )
    for m in ("version", "mcp"):
        print(f"ratio package / python -m app ({m}): {med['package'][m] / med['python -m app'][m]:.2f}")
    print(f"package size: {tool.size_mb(exe.parent):.1f} MB (runs: {args.runs}, median)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
