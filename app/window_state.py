"""The window's size, position and splitter positions, remembered across runs (issue 13, defect 5).

Kept in ``window.ini`` in the user config folder (a ``QSettings`` INI file: it is the person's
desktop, not the village, so it is never in the village configuration). Restored sizes are clamped
to the screen the window comes back on (``app.screen_fit.clamped``); a window that was maximized
comes back maximized over its remembered normal size. A splitter's saved state is used only when it
is one of a splitter with as many parts and the same orientation (a missing, foreign or damaged
value leaves the splitter's default sizes).
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QByteArray, QDataStream, QIODevice, QRect, QSettings, Qt
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QMainWindow, QSplitter

from core.paths import config_dir

from .screen_fit import clamped

STATE_FILE = "window.ini"


def state_path() -> Path:
    return config_dir() / STATE_FILE


def fits(state: QByteArray, splitter: QSplitter) -> bool:
    """Whether ``state`` (from ``QSplitter.saveState``) is one of a splitter like ``splitter``:
    as many sizes, the same orientation (``restoreState`` would take the orientation, and give a
    part of a longer or shorter list a size of 0 or drop one)."""
    stream = QDataStream(state, QIODevice.OpenModeFlag.ReadOnly)
    stream.setVersion(QDataStream.Version.Qt_5_0)  # what saveState writes
    stream.readInt32()  # the splitter marker, version: checked by restoreState
    stream.readInt32()
    if stream.readUInt32() != splitter.count():  # the number of sizes (a damaged one: not read)
        return False
    for _ in range(splitter.count()):
        stream.readInt32()
    stream.readBool()  # children collapsible
    stream.readInt32()  # handle width
    stream.readBool()  # opaque resize
    orientation = stream.readInt32()
    ok = stream.status() == QDataStream.Status.Ok
    return ok and orientation == splitter.orientation().value


class WindowState:
    def __init__(self, path: Path | None = None) -> None:
        self.path = path or state_path()
        self.settings = QSettings(str(self.path), QSettings.Format.IniFormat)

    def restore(self, window: QMainWindow, splitters: dict[str, QSplitter]) -> bool:
        """Put back what ``save`` kept; ``False`` when nothing was kept (the first run)."""
        rect = self.settings.value("window/geometry")
        if not isinstance(rect, QRect) or rect.isEmpty():
            return False
        screen = QGuiApplication.screenAt(rect.center()) or window.screen()
        left, top, right, bottom = self.frame()  # the frame is what must fit the screen
        outer = clamped(screen, rect.adjusted(-left, -top, right, bottom))
        window.setGeometry(outer.adjusted(left, top, -right, -bottom))
        for name, splitter in splitters.items():
            state = self.settings.value(f"splitters/{name}")
            if isinstance(state, QByteArray) and fits(state, splitter):
                splitter.restoreState(state)
        if self.settings.value("window/maximized") in (True, "true"):
            window.setWindowState(window.windowState() | Qt.WindowState.WindowMaximized)
        return True

    def frame(self) -> tuple[int, int, int, int]:
        """The window frame's ``(left, top, right, bottom)`` widths when it was saved (none known: 0)."""
        raw = self.settings.value("window/frame")
        try:
            left, top, right, bottom = (max(0, min(int(n), 200)) for n in raw)
        except (TypeError, ValueError):
            return 0, 0, 0, 0
        return left, top, right, bottom

    def save(self, window: QMainWindow, splitters: dict[str, QSplitter]) -> None:
        maximized = window.isMaximized()
        self.settings.setValue("window/geometry", window.normalGeometry() if maximized else window.geometry())
        self.settings.setValue("window/maximized", maximized)
        if not maximized:
            inner, outer = window.geometry(), window.frameGeometry()
            frame = (
                inner.left() - outer.left(),
                inner.top() - outer.top(),
                outer.right() - inner.right(),
                outer.bottom() - inner.bottom(),
            )
            self.settings.setValue("window/frame", [str(n) for n in frame])
        for name, splitter in splitters.items():
            self.settings.setValue(f"splitters/{name}", splitter.saveState())
        self.settings.sync()
