"""``python -m app [--config PATH] [--version]`` (console script ``fuseforks``)."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path

from core import __version__
from core.log import profile
from core.paths import private_umask


def parse_args(argv: Sequence[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        prog="fuseforks", description="A village of AI agents watching a camera."
    )
    parser.add_argument("--config", type=Path, default=None, help="the run configuration (JSON)")
    parser.add_argument("--version", action="store_true", help="print the version line and exit")
    parser.add_argument("--log-dir", type=Path, default=None, help="where fuseforks.log goes")
    return parser.parse_args(argv)


def version_text() -> str:
    return f"fuseforks {__version__} (profile={profile()})"


def main(argv: Sequence[str] | None = None) -> int:
    private_umask()  # everything the app (and what it starts) writes is private (PRIVACY.md)
    args = parse_args(argv)
    if args.version:
        print(version_text())
        return 0
    from .launcher import run  # Qt only from here on

    return run(args.config, args.log_dir)


if __name__ == "__main__":
    sys.exit(main())
