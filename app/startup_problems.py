"""What stands between the configuration file and the window at start-up, and the person's answer.

A file that is not JSON (with its line and column and the offending line), values that are invalid
(each with its key path), unknown keys (warnings: the person may Continue) and a ``--config`` path
that does not exist are each a ``StartupProblem``. ``settle`` reads the file, shows the problem in
``StartupProblemDialog`` (also written to stderr and the log, for a terminal) and waits for the
answer without a nested event loop: Continue, Try again (the file is read again), Start the demo
village, or Quit. The default path missing is the first run (the demo village), not a problem.
Without a screen (``unattended``) nobody is asked: warnings go on, anything else quits with 2.
"""

from __future__ import annotations

import asyncio
import sys
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Literal

from core.config import Config, ConfigError, ensure_village_id, load_config
from core.log import event

Kind = Literal["syntax", "invalid", "warnings", "missing"]
Choice = Literal["continue", "again", "demo", "quit"]
QUIT_CODE = 2  # the configuration was not used (as before there was a dialog)
LINE_SHOWN = 100  # characters of the offending line shown around its column


@dataclass(frozen=True)
class Loaded:
    """What the window starts on: a configuration, or ``None`` and ``demo`` (the demo village)."""

    config: Config | None
    demo: bool


@dataclass(frozen=True)
class StartupProblem:
    kind: Kind
    path: Path
    problems: list[tuple[str, str]] = field(default_factory=list)  # (key path, message)
    at: tuple[int, int] | None = None  # (line, column) of a syntax error
    line: str = ""  # the offending line (a part of it around the column when long)
    caret: int = 0  # where under ``line`` the column is (0-based)
    config: Config | None = None  # the usable configuration behind warnings

    def text(self) -> str:
        """The problem for stderr (English, as the core's messages)."""
        if self.kind == "missing":
            return f"{self.path}: no such file"
        lines = [f"{self.path}: {key or '(top level)'}: {msg}" for key, msg in self.problems]
        if self.line:
            lines += ["    " + self.line, "    " + " " * self.caret + "^"]
        return "\n".join(lines)


def excerpt(text: str, column: int, width: int = LINE_SHOWN) -> tuple[str, int]:
    """``(the part of text shown, the caret's index in it)`` for a 1-based ``column``; tabs read as
    one space so the caret stays under its character."""
    text = text.replace("\t", " ").rstrip("\r\n")
    index = max(column - 1, 0)
    start = max(0, min(index - width // 2, len(text) - width))
    shown = text[start : start + width]
    caret = index - start
    if start > 0:
        shown, caret = "…" + shown, caret + 1
    if start + width < len(text):
        shown += "…"
    return shown, caret


def offending_line(path: Path, at: tuple[int, int]) -> tuple[str, int]:
    try:
        lines = path.read_bytes().decode("utf-8", errors="replace").splitlines()
    except OSError:
        return "", 0
    if not 0 < at[0] <= len(lines):
        return "", 0
    return excerpt(lines[at[0] - 1], at[1])


def load_or_demo(path: Path) -> tuple[Config | None, bool]:
    """``(config, demo)``: ``(None, True)`` when there is no file yet (first run). Each warning of
    the file (an unknown key) is logged; the configuration keeps them. ``ConfigError`` propagates."""
    try:
        config = load_config(path)
    except FileNotFoundError:
        return None, True
    for warning in config.warnings:
        event("config warning", tail=warning, path=path)
    return ensure_village_id(config), False  # its conversations' key, written into the file


def read_start(path: Path, explicit: bool) -> Loaded | StartupProblem:
    """Read ``path``: what the window starts on, or the problem to show. ``explicit``: the path was
    given with ``--config`` (missing, it is a problem; the default one missing is the first run)."""
    try:
        config, demo = load_or_demo(path)
    except ConfigError as exc:
        event("config invalid", path=path, problems=len(exc.problems))
        if exc.at is None:
            return StartupProblem("invalid", path, list(exc.problems))
        line, caret = offending_line(path, exc.at)
        return StartupProblem("syntax", path, list(exc.problems), exc.at, line, caret)
    if config is None:
        if explicit:
            event("config missing", path=path)
            return StartupProblem("missing", path)
        return Loaded(None, demo)
    if config.warnings:
        return StartupProblem("warnings", path, [_split(w) for w in config.warnings], config=config)
    return Loaded(config, False)


def _split(warning: str) -> tuple[str, str]:
    """``"colour: unknown key (ignored)"`` as ``("colour", "unknown key (ignored)")``."""
    key, sep, msg = warning.rpartition(": ")
    return (key, msg) if sep else ("", warning)


Ask = Callable[[StartupProblem], "asyncio.Future[Choice]"]


def unattended(problem: StartupProblem) -> asyncio.Future[Choice]:
    """The answer when there is no screen to ask on (an offscreen or minimal platform): go on past
    warnings, quit over anything else (as the app did before it had the dialog)."""
    future: asyncio.Future[Choice] = asyncio.get_running_loop().create_future()
    future.set_result("continue" if problem.kind == "warnings" else "quit")
    return future


async def settle(path: Path, explicit: bool, ask: Ask) -> Loaded | int:
    """What the window starts on, or the exit code when the person quits. Each problem is written
    to stderr and given to ``ask`` (the dialog); Try again reads the file anew."""
    while True:
        found = read_start(path, explicit)
        if isinstance(found, Loaded):
            return found
        print(found.text(), file=sys.stderr)
        choice = await ask(found)
        event("config problem", kind=found.kind, choice=choice)
        if choice == "continue" and found.config is not None:
            return Loaded(found.config, False)
        if choice == "demo":
            return Loaded(None, True)
        if choice == "quit":
            return QUIT_CODE
