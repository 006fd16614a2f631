#!/usr/bin/env python3
"""Fuseforks task runner: the two README commands, and the packaged app.

    python3 dev.py app   [APP ARGS...]   install what is needed, then open the window
    python3 dev.py test  [PYTEST ARGS...] install what is needed, then lint, type check and test
    python3 dev.py package               build the one-folder app into dist/fuseforks (PyInstaller)
    python3 dev.py package --install     build if needed, then install it for the current user
                                         (~/.local/share: the app, a desktop entry, its icon)
    python3 dev.py package --uninstall   remove what --install put there
    python3 dev.py package --smoke       build, then start the built app with a fresh HOME and check it

Standard library only: it runs on a fresh Debian machine with nothing but Python 3.11, Node 20
and apt.  Python packages go into ./.venv from the pinned constraints file; Debian packages
(Qt's system libraries, the Secret Service for keyring tests) are installed with apt-get when
missing and we are root (or sudo works without a password).
"""

from __future__ import annotations

import hashlib
import os
import shutil
import subprocess
import sys
import venv
from pathlib import Path

ROOT = Path(__file__).resolve().parent
VENV = ROOT / ".venv"
PY = VENV / ("Scripts/python.exe" if os.name == "nt" else "bin/python")
CONSTRAINTS = ROOT / "constraints.txt"

# Qt 6 (offscreen and xcb), and the D-Bus + gnome-keyring pair used by the keyring tests.
APT_RUNTIME = [
    "libgl1",
    "libegl1",
    "libxkbcommon0",
    "libfontconfig1",
    "libglib2.0-0",
    "libdbus-1-3",
    "libfreetype6",
    "libxkbcommon-x11-0",
    "libxcb-icccm4",
    "libxcb-keysyms1",
    "libxcb-cursor0",
    "libxcb-image0",
    "libxcb-render-util0",
    "libxcb-shape0",
    "libxcb-xinerama0",
    "libxcb-randr0",
]
APT_TEST = ["dbus", "gnome-keyring", "xvfb", "chromium"]  # chromium: the web page's browser tests
# Japanese and Chinese text in the window (the tests do not need the glyphs).
APT_APP = ["fonts-noto-cjk"]


def say(msg: str) -> None:
    print(f"[dev] {msg}", flush=True)


def run(cmd: list[str], **kw: object) -> int:
    return subprocess.call(cmd, cwd=ROOT, **kw)  # type: ignore[arg-type]


def missing_debs(names: list[str]) -> list[str]:
    if not shutil.which("dpkg-query"):
        return []
    out = []
    for name in names:
        r = subprocess.run(["dpkg-query", "-W", "-f=${Status}", name], capture_output=True, text=True)
        if "install ok installed" not in r.stdout:
            out.append(name)
    return out


def ensure_debs(names: list[str]) -> None:
    need = missing_debs(names)
    if not need:
        return
    prefix: list[str] = []
    if os.geteuid() != 0:
        if shutil.which("sudo") and run(["sudo", "-n", "true"], stderr=subprocess.DEVNULL) == 0:
            prefix = ["sudo", "-n"]
        else:
            say(f"please install these Debian packages: sudo apt-get install {' '.join(need)}")
            return
    say(f"apt-get install {' '.join(need)}")
    env = dict(os.environ, DEBIAN_FRONTEND="noninteractive")
    subprocess.call([*prefix, "apt-get", "update", "-qq"], env=env)
    rc = subprocess.call(
        [*prefix, "apt-get", "install", "-y", "-qq", "--no-install-recommends", *need], env=env
    )
    if rc != 0:
        say("apt-get failed; continuing (the tests that need these packages will say so)")


def ensure_venv(extras: str) -> None:
    if not PY.exists():
        say("creating .venv")
        venv.EnvBuilder(with_pip=True).create(VENV)
    digest = hashlib.sha256()
    for f in (ROOT / "pyproject.toml", CONSTRAINTS):
        digest.update(f.read_bytes())
    stamp = VENV / f".stamp-{extras or 'app'}"
    if stamp.exists() and stamp.read_text() == digest.hexdigest():
        return
    say("installing Python packages (pinned by constraints.txt)")
    target = f".[{extras}]" if extras else "."
    rc = run(
        [
            str(PY),
            "-m",
            "pip",
            "install",
            "-q",
            "--disable-pip-version-check",
            "-c",
            str(CONSTRAINTS),
            "-e",
            target,
        ]
    )
    if rc != 0:
        sys.exit(rc)
    stamp.write_text(digest.hexdigest())


def ensure_npm() -> None:
    if (ROOT / "package.json").exists():
        if not shutil.which("npm"):
            say("npm is missing: install Node.js 20")
            sys.exit(1)
        lock = ROOT / "package-lock.json"
        digest = hashlib.sha256((lock if lock.exists() else ROOT / "package.json").read_bytes()).hexdigest()
        stamp = ROOT / "node_modules" / ".stamp-fuseforks"
        if stamp.exists() and stamp.read_text() == digest:
            return
        say("installing npm packages (pinned by package-lock.json)")
        if run(["npm", "ci" if lock.exists() else "install", "--no-audit", "--no-fund"]) != 0:
            say("npm install failed")
            sys.exit(1)
        stamp.write_text(digest)


def cmd_app(args: list[str]) -> int:
    ensure_debs(APT_RUNTIME + APT_APP)
    ensure_venv("")
    return run([str(PY), "-m", "app", *args])


def cmd_test(args: list[str]) -> int:
    ensure_debs(APT_RUNTIME + APT_TEST)
    ensure_venv("test")
    ensure_npm()
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", PYTHONDONTWRITEBYTECODE="1")
    bindir = PY.parent
    steps = [
        ("ruff check", [str(bindir / "ruff"), "check", "."]),
        ("ruff format", [str(bindir / "ruff"), "format", "--check", "."]),
        ("mypy", [str(PY), "-m", "mypy"]),
    ]
    if not args:
        for name, cmd in steps:
            say(name)
            if run(cmd, env=env) != 0:
                say(f"FAILED: {name}")
                return 1
    # The whole gate runs on two workers (pytest-xdist): most tests wait on subprocesses and
    # sockets, and CI has two cores. Named tests run in one process, as plain pytest would.
    workers = [] if args else ["-n", str(min(os.cpu_count() or 1, 2))]
    say("pytest")
    rc = run([str(PY), "-m", "pytest", *workers, *args], env=env)
    if rc == 5:
        say("FAILED: pytest collected no tests")
        return 1
    return rc


PACKAGE_OPTIONS = ("--install", "--uninstall", "--smoke")


def cmd_package(args: list[str]) -> int:
    if len(args) > 1 or (args and args[0] not in PACKAGE_OPTIONS):
        print(__doc__)
        return 2
    if args != ["--uninstall"]:
        ensure_debs(APT_RUNTIME)
        ensure_venv("package")
    # packaging/tool.py is standard library too; the venv's Python runs PyInstaller from it.
    python = str(PY) if PY.exists() else sys.executable
    return run([python, str(ROOT / "packaging" / "tool.py"), *args])


COMMANDS = {"app": cmd_app, "test": cmd_test, "package": cmd_package}


def main() -> int:
    if len(sys.argv) < 2 or sys.argv[1] not in COMMANDS:
        print(__doc__)
        return 2
    handler = COMMANDS[sys.argv[1]]
    args = sys.argv[2:]
    if args[:1] == ["--"]:
        args = args[1:]
    return handler(args)


if __name__ == "__main__":
    sys.exit(main())
