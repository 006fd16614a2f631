"""``python -m app [--config PATH] [--version] [--first-message TEXT [--quit-after-turn]]`` (console
script ``fuseforks``). ``--demo-camera ARGS...`` as the first argument runs the camera simulator
instead (``python -m app.demo_camera ARGS...``): a packaged build has no ``python -m`` (PK-3).
``--acceptance ARGS...`` likewise runs the acceptance reader (``python -m app.acceptance ARGS...``,
AC-2), which the acceptance run reads a release build's log with."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path

from core import __version__
from core.log import profile
from core.paths import private_umask

DEMO_CAMERA_FLAG = "--demo-camera"
ACCEPTANCE_FLAG = "--acceptance"
CAMERA_EPILOG = (
    f"fuseforks {DEMO_CAMERA_FLAG} [OPTIONS] runs the built-in camera simulator instead "
    f"(fuseforks {DEMO_CAMERA_FLAG} --help lists its options); fuseforks {ACCEPTANCE_FLAG} "
    f"[--log PATH] [--since TIME] reads the log of an acceptance run (docs/acceptance.md)."
)


def parse_args(argv: Sequence[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        prog="fuseforks",
        description="A village of AI agents watching a camera.",
        epilog=CAMERA_EPILOG,  # handled before parsing (main): named here, or no one finds it
    )
    parser.add_argument("--config", type=Path, default=None, help="the run configuration (JSON)")
    parser.add_argument("--version", action="store_true", help="print the version line and exit")
    parser.add_argument("--log-dir", type=Path, default=None, help="where fuseforks.log goes")
    parser.add_argument("--keyring-backends", action="store_true", help="list the usable keyrings and exit")
    parser.add_argument("--first-message", default=None, help="send TEXT to the first agent at start")
    parser.add_argument("--quit-after-turn", action="store_true", help="quit when that turn has ended")
    return parser.parse_args(argv)


def version_text() -> str:
    return f"fuseforks {__version__} (profile={profile()})"


def print_keyring_backends() -> int:
    """One line per keyring backend this build carries, ``MODULE.CLASS viable=true|false``, best
    first (PK-2: the packaged app has the OS ones and no plaintext one)."""
    from keyring.backend import KeyringBackend, get_all_keyring

    get_all_keyring()  # loads the backends the entry points name
    registered = KeyringBackend._classes  # every backend class keyring loaded, viable or not
    classes = sorted(registered, key=lambda c: (-c.priority if c.viable else 1, c.__module__))
    for cls in classes:
        print(f"{cls.__module__}.{cls.__qualname__} viable={str(bool(cls.viable)).lower()}")
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    private_umask()  # everything the app (and what it starts) writes is private (PRIVACY.md)
    argv = sys.argv[1:] if argv is None else list(argv)
    if argv[:1] == [DEMO_CAMERA_FLAG]:
        from app.demo_camera.__main__ import main as camera_main

        return camera_main(argv[1:], prog=f"fuseforks {DEMO_CAMERA_FLAG}")
    if argv[:1] == [ACCEPTANCE_FLAG]:
        from app.acceptance import main as acceptance_main

        return acceptance_main(argv[1:], prog=f"fuseforks {ACCEPTANCE_FLAG}")
    args = parse_args(argv)
    if args.version:
        print(version_text())
        return 0
    if args.keyring_backends:
        return print_keyring_backends()
    from . import autorun
    from .launcher import run  # Qt only from here on

    autorun.configure(args.first_message, args.quit_after_turn)

    return run(args.config, args.log_dir)


if __name__ == "__main__":
    sys.exit(main())
