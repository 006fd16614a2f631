"""The full-size picture viewer: the pictures of a conversation in their own window.

The window fits the screen it opens on and the picture fits the window (never enlarged past its
natural size: one image pixel per logical pixel, as on a 1× screen); the wheel zooms around the
cursor, "+" / "−" and the buttons zoom by steps, "1:1" shows one image pixel per screen pixel and
"Fit" fits again; a zoomed picture pans by dragging or with the scroll bars (``zoom``). Left / Right (and the buttons) step through the conversation's pictures in chat order
("3 / 12"), Home / End go to the first and last, a double click toggles 1:1 and Fit, Esc closes. The pictures come from a ``Gallery``: a callable read again at every step,
so pictures that arrived (or were loaded from history) since the viewer opened are part of it.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Protocol

from PySide6.QtCore import QEvent, QPointF, QRect, QSize, Qt, QTimer
from PySide6.QtGui import QImage, QKeySequence, QShortcut
from PySide6.QtWidgets import QHBoxLayout, QLabel, QToolButton, QVBoxLayout, QWidget

from app.screen_fit import fitted
from core.canonical import ImageData

from .zoom import ZOOM_STEP, ZoomArea, ZoomCanvas

ZOOM_MIN = 0.05
ZOOM_MAX = 16.0
CHROME = QSize(40, 90)  # the window around the picture: the tool bar, the margins, the frame
MIN_WINDOW = QSize(520, 360)


class Viewable(Protocol):
    """One picture of a conversation (a chat row's data): ``image`` is its bytes while the row
    holds them, ``load_image()`` reads them (from the store) when it does not."""

    @property
    def image(self) -> ImageData | None: ...

    @property
    def caption(self) -> str: ...

    def load_image(self) -> ImageData | None: ...


Gallery = Callable[[], Sequence[Viewable]]


def decode(data: bytes) -> QImage:
    return QImage.fromData(data)


class PictureViewer(QWidget):
    """The viewer window (non-modal, deleted on close). ``gallery`` gives the conversation's
    pictures in chat order; ``current`` is the one shown (found again by identity at each step)."""

    def __init__(
        self,
        image: QImage,
        title: str,
        parent: QWidget | None = None,
        gallery: Gallery | None = None,
        current: ImageData | None = None,
    ) -> None:
        super().__init__(parent)
        self.setWindowFlag(Qt.WindowType.Window, True)
        self.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose, True)
        self.setObjectName("pictureViewer")
        self.gallery = gallery
        self.current = current
        self.shown: Viewable | None = None  # the gallery's picture shown, once stepped to
        self.title = title
        self.fitting = True  # the picture follows the window's size until zoomed by hand
        self.canvas = ZoomCanvas()
        self.image_label = self.canvas  # the full-size picture (its pixmap is one pixel per image pixel)
        self.area = ZoomArea(self.canvas)
        self.area.wheel_zoom = self.zoom_by
        self.area.resized = self._area_resized
        self.canvas.double_clicked = self.toggle_fit
        self.prev_button = QToolButton()
        self.next_button = QToolButton()
        self.position = QLabel()
        self.position.setObjectName("viewerPosition")
        self.zoom_out_button = QToolButton()
        self.zoom_label = QLabel()
        self.zoom_label.setObjectName("viewerZoom")
        self.zoom_label.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.zoom_label.setMinimumWidth(self.zoom_label.fontMetrics().horizontalAdvance("1600 %") + 8)
        self.zoom_in_button = QToolButton()
        self.actual_button = QToolButton()
        self.fit_button = QToolButton()
        for button, text in (
            (self.prev_button, "◀"),
            (self.next_button, "▶"),
            (self.zoom_out_button, "−"),
            (self.zoom_in_button, "+"),
            (self.actual_button, "1:1"),
        ):
            button.setText(text)
        for button in self.buttons:
            button.setObjectName("viewerButton")
            button.setAutoRaise(True)
            button.setMinimumWidth(32)
        self.prev_button.clicked.connect(lambda: self.step(-1))
        self.next_button.clicked.connect(lambda: self.step(1))
        self.zoom_out_button.clicked.connect(lambda: self.zoom_by(1 / ZOOM_STEP))
        self.zoom_in_button.clicked.connect(lambda: self.zoom_by(ZOOM_STEP))
        self.actual_button.clicked.connect(self.actual_size)
        self.fit_button.clicked.connect(self.fit)
        bar = QHBoxLayout()
        bar.setContentsMargins(0, 0, 0, 0)
        for w in (self.prev_button, self.position, self.next_button):
            bar.addWidget(w)
        bar.addStretch(1)
        for w in (
            self.zoom_out_button,
            self.zoom_label,
            self.zoom_in_button,
            self.actual_button,
            self.fit_button,
        ):
            bar.addWidget(w)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(6, 6, 6, 6)
        layout.setSpacing(4)
        layout.addLayout(bar)
        layout.addWidget(self.area, 1)
        self._keys: list[QShortcut] = []
        self._key(("Left",), lambda: self.step(-1))
        self._key(("Right",), lambda: self.step(1))
        self._key(("Home",), lambda: self.go_to(0))
        self._key(("End",), lambda: self.go_to(-1))
        self._key(("+", "=", QKeySequence.StandardKey.ZoomIn), lambda: self.zoom_by(ZOOM_STEP))
        self._key(("-", QKeySequence.StandardKey.ZoomOut), lambda: self.zoom_by(1 / ZOOM_STEP))
        self._key(("1",), self.actual_size)
        self._key(("0", "F"), self.fit)
        self._key(("Escape",), self.close)
        self.show_image(image, title)
        self.retranslate()
        self.setGeometry(self.first_geometry())

    @property
    def buttons(self) -> tuple[QToolButton, ...]:
        return (
            self.prev_button,
            self.next_button,
            self.zoom_out_button,
            self.zoom_in_button,
            self.actual_button,
            self.fit_button,
        )

    def _key(self, keys: Sequence[str | QKeySequence.StandardKey], slot: Callable[[], object]) -> None:
        for key in keys:
            shortcut = QShortcut(QKeySequence(key), self)
            shortcut.activated.connect(slot)
            self._keys.append(shortcut)

    # ------------------------------------------------------------------ size
    def first_geometry(self) -> QRect:
        """The picture at its natural size plus the window around it, fitted to the screen the
        viewer opens on."""
        shown = self.canvas.shown_size(self.canvas.devicePixelRatioF())
        wanted = QSize(
            max(MIN_WINDOW.width(), shown.width() + CHROME.width()),
            max(MIN_WINDOW.height(), shown.height() + CHROME.height()),
        )
        owner = self.parentWidget()
        screen = owner.window().screen() if owner is not None else self.screen()
        return fitted(screen, wanted)

    def fit_zoom(self) -> float:
        """The zoom that shows the whole picture in the area, at most its natural size (1:1 on a
        1× screen, 2 device pixels per image pixel on a 2× screen)."""
        size = self.canvas.image_size()
        view = self.area.viewport().size()
        if size.isEmpty() or view.isEmpty():
            return 1.0
        ratio = self.canvas.devicePixelRatioF()
        return min(ratio, view.width() * ratio / size.width(), view.height() * ratio / size.height())

    def _area_resized(self) -> None:
        if self.fitting:
            self._set_zoom(self.fit_zoom())

    # ------------------------------------------------------------------ zoom
    @property
    def zoom(self) -> float:
        return self.canvas.zoom

    def _set_zoom(self, zoom: float, around: QPointF | None = None) -> None:
        zoom = min(ZOOM_MAX, max(ZOOM_MIN, zoom))
        if around is None:
            around = QPointF(self.area.viewport().width() / 2, self.area.viewport().height() / 2)
        self.area.zoom_around(zoom, around)
        self.retranslate_zoom()

    def zoom_by(self, factor: float, around: QPointF | None = None) -> None:
        self.fitting = False
        self._set_zoom(self.zoom * factor, around)

    def actual_size(self) -> None:
        self.fitting = False
        self._set_zoom(1.0)

    def fit(self) -> None:
        self.fitting = True
        self._set_zoom(self.fit_zoom())

    def toggle_fit(self, around: QPointF | None = None) -> None:
        """A double click: 1:1 around the point clicked, or back to Fit."""
        if self.fitting and self.zoom != 1.0:
            self.fitting = False
            self._set_zoom(1.0, around)
        else:
            self.fit()

    # ------------------------------------------------------------------ pictures
    def pictures(self) -> list[Viewable]:
        """The gallery's pictures (those out of view too: their bytes are read when shown)."""
        return [] if self.gallery is None else list(self.gallery())

    def _is_shown(self, picture: Viewable) -> bool:
        return picture is self.shown or (picture.image is not None and picture.image is self.current)

    def index(self) -> tuple[int, int]:
        """(0-based position of the shown picture, how many); (0, 1) without a gallery."""
        pictures = self.pictures()
        at = next((i for i, p in enumerate(pictures) if self._is_shown(p)), None)
        return (0, 1) if at is None else (at, len(pictures))

    def step(self, by: int) -> bool:
        """Show the picture ``by`` places on in chat order, passing over pictures the store no
        longer has (removed or damaged since: one such picture must not wall off the rest);
        False at either end."""
        at, count = self.index()
        to = at + by
        while by and 0 <= to < count:
            if self.go_to(to):
                return True
            to += 1 if by > 0 else -1
        return False

    def go_to(self, to: int) -> bool:
        """Show the conversation's picture number ``to`` (0-based; -1: the last); False when there
        is no such picture or it is the one shown."""
        pictures = self.pictures()
        at, count = self.index()
        to = count - 1 if to == -1 else to
        if count <= 1 or not 0 <= to < count or to == at:
            return False
        picture = pictures[to]
        image = picture.load_image()  # read from the store when its row holds no bytes
        if image is None:
            return False
        self.current, self.shown = image, picture
        self.show_image(decode(image.data), picture.caption)
        return True

    def show_image(self, image: QImage, title: str) -> None:
        self.title = title
        self.canvas.set_picture(image)
        self.fitting = True
        self._set_zoom(self.fit_zoom())
        self.retranslate()

    # ------------------------------------------------------------------ text
    def retranslate_zoom(self) -> None:
        self.zoom_label.setText(self.tr("{percent} %").format(percent=round(self.zoom * 100)))

    def caption(self) -> str:
        """The shown picture's caption as the gallery has it now (its language may have changed)."""
        return next((p.caption for p in self.pictures() if self._is_shown(p)), self.title)

    def retranslate(self) -> None:
        self.title = self.caption()
        self.setWindowTitle(self.title or self.tr("Picture"))
        at, count = self.index()
        self.position.setText(self.tr("{index} / {count}").format(index=at + 1, count=count))
        self.prev_button.setEnabled(at > 0)
        self.next_button.setEnabled(at < count - 1)
        self.fit_button.setText(self.tr("Fit"))
        for button, name, key in (
            (self.prev_button, self.tr("Previous picture"), "Left"),
            (self.next_button, self.tr("Next picture"), "Right"),
            (self.zoom_out_button, self.tr("Zoom out"), "−"),
            (self.zoom_in_button, self.tr("Zoom in"), "+"),
            (self.actual_button, self.tr("Actual size (one image pixel per screen pixel)"), "1"),
            (self.fit_button, self.tr("Fit the picture to the window"), "0"),
        ):
            button.setToolTip(f"{name} ({key})")
            button.setAccessibleName(name)
        self.area.setAccessibleName(self.tr("Picture: scroll to zoom, drag to move"))
        self.retranslate_zoom()

    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate()
            # the chat renders its captions in the new language in the same switch, maybe after
            # this window: the title is read again once the switch is done
            QTimer.singleShot(0, self, self.retranslate)
        super().changeEvent(event)


def open_viewer(
    owner: QWidget, image: QImage, title: str, gallery: Gallery | None, current: ImageData
) -> PictureViewer:
    """Show ``image`` in the viewer of ``owner``'s window: the one already open there (brought to
    the front), or a new one."""
    top = owner.window()
    shown = top.findChildren(PictureViewer, options=Qt.FindChildOption.FindDirectChildrenOnly)
    viewer = next((v for v in shown if v.isVisible()), None)
    if viewer is None:
        viewer = PictureViewer(image, title, top, gallery, current)
    else:
        viewer.gallery, viewer.current, viewer.shown = gallery, current, None
        viewer.show_image(image, title)
    viewer.show()
    viewer.raise_()
    viewer.activateWindow()
    return viewer
