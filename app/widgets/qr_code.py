"""A QR code drawn from ``segno``'s matrix (WC-42): the sign-in link for a phone's camera.

``qr_matrix`` is the code segno makes for the text (error correction M, the smallest version
that holds it); ``qr_image`` draws it one pixel per module with the quiet zone of four modules a
reader needs, black on white whatever the theme (a reader needs the contrast); ``QrCode`` shows
it scaled by a whole number (nearest pixels, so modules stay square and sharp).
"""

from __future__ import annotations

import segno
from PySide6.QtCore import Qt
from PySide6.QtGui import QColor, QImage, QPixmap
from PySide6.QtWidgets import QLabel, QWidget

QUIET = 4  # modules of white around the code (ISO/IEC 18004)
DARK, LIGHT = QColor("black").rgb(), QColor("white").rgb()


def qr_matrix(text: str) -> tuple[tuple[bool, ...], ...]:
    """The code's modules without the quiet zone, row by row (``True``: dark)."""
    code = segno.make(text, error="m", boost_error=False)
    return tuple(tuple(bool(m) for m in row) for row in code.matrix)


def qr_image(text: str) -> QImage:
    matrix = qr_matrix(text)
    size = len(matrix) + 2 * QUIET
    image = QImage(size, size, QImage.Format.Format_RGB32)
    image.fill(LIGHT)
    for y, row in enumerate(matrix):
        for x, dark in enumerate(row):
            if dark:
                image.setPixel(x + QUIET, y + QUIET, DARK)
    return image


class QrCode(QLabel):
    def __init__(self, parent: QWidget | None = None, *, side: int = 220) -> None:
        super().__init__(parent)
        self.setObjectName("qrCode")
        self.side = side
        self.image: QImage | None = None  # one pixel per module (what a test reads back)
        self.setAlignment(Qt.AlignmentFlag.AlignLeft)

    def show_text(self, text: str) -> None:
        """Draw ``text``'s code ("" clears it)."""
        if not text:
            self.image = None
            self.clear()
            return
        self.image = qr_image(text)
        scale = max(1, self.side // self.image.width())
        self.setPixmap(
            QPixmap.fromImage(self.image).scaled(
                self.image.width() * scale,
                self.image.height() * scale,
                Qt.AspectRatioMode.IgnoreAspectRatio,
                Qt.TransformationMode.FastTransformation,
            )
        )
