"""A window's first size, fitted to the screen it opens on (a 1280×780 window is larger than a
laptop screen at 150 % scale, which left the message box off screen)."""

from __future__ import annotations

from PySide6.QtCore import QRect, QSize
from PySide6.QtGui import QScreen

SCREEN_SHARE = 0.92  # of the screen's free area (without task bars and docks) a first window may take


def fitted(screen: QScreen | None, wanted: QSize) -> QRect:
    """``wanted``, shrunk to fit ``screen``'s available area, centred in it (as it is, at the
    origin, without a screen)."""
    if screen is None:
        return QRect(0, 0, wanted.width(), wanted.height())
    area = screen.availableGeometry()
    size = QSize(
        min(wanted.width(), int(area.width() * SCREEN_SHARE)),
        min(wanted.height(), int(area.height() * SCREEN_SHARE)),
    )
    left = area.x() + (area.width() - size.width()) // 2
    top = area.y() + (area.height() - size.height()) // 2
    return QRect(left, top, size.width(), size.height())
