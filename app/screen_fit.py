"""A window's first size, fitted to the screen it opens on (a 1280×780 window is larger than a
laptop screen at 150 % scale, which left the message box off screen), and a remembered size
clamped to the screen it comes back on."""

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


def clamped(screen: QScreen | None, rect: QRect) -> QRect:
    """``rect`` (a remembered window) no larger than ``screen``'s available area and moved inside
    it (a window saved on a larger screen, or at a smaller scale, comes back whole)."""
    if screen is None:
        return QRect(rect)
    area = screen.availableGeometry()
    width, height = min(rect.width(), area.width()), min(rect.height(), area.height())
    left = min(max(rect.x(), area.x()), area.x() + area.width() - width)
    top = min(max(rect.y(), area.y()), area.y() + area.height() - height)
    return QRect(left, top, width, height)
