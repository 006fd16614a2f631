"""Accessible names for every control of a window, so a screen reader says what each one is.

A control named in its own code (``setAccessibleName``) keeps its name. Every other interactive
widget gets one derived from what a sighted person reads beside it: a button's text (or tooltip),
the form label or buddy label of a field, its placeholder text, its tooltip. ``follow`` keeps a
window's derived names current: they are derived again when the window is shown and after each
language switch (one walk, on the next turn of the event loop, when every text is retranslated).
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, QTimer
from PySide6.QtWidgets import (
    QAbstractButton,
    QAbstractItemView,
    QAbstractSlider,
    QAbstractSpinBox,
    QComboBox,
    QFormLayout,
    QHeaderView,
    QLabel,
    QLayout,
    QLineEdit,
    QPlainTextEdit,
    QScrollBar,
    QTextEdit,
    QWidget,
)

INTERACTIVE = (
    QAbstractButton,
    QAbstractItemView,
    QAbstractSlider,
    QAbstractSpinBox,
    QComboBox,
    QLineEdit,
    QPlainTextEdit,
    QTextEdit,
)
DERIVED = "derivedAccessibleName"  # a dynamic property: the name is ours to derive again


def interactive(widget: QWidget) -> bool:
    """A control the person reaches with the keyboard or the mouse; not the parts Qt builds inside
    a control and names itself (a view's scroll bars and header, a combo box's line edit and list,
    a menu bar's overflow button, a tab widget's tab bar: each tab is named by its text)."""
    if not isinstance(widget, INTERACTIVE) or isinstance(widget, QScrollBar | QHeaderView):
        return False
    if widget.objectName().startswith("qt_"):
        return False
    chain = widget.parentWidget()
    while chain is not None:
        if isinstance(chain, QComboBox | QAbstractSpinBox):
            return False
        chain = chain.parentWidget()
    return True


def plain(text: str) -> str:
    """A visible text as a name: without its mnemonic ``&``, its trailing colon and ellipsis."""
    return text.replace("&&", "\0").replace("&", "").replace("\0", "&").strip().rstrip(":：…").strip()


def label_of(widget: QWidget) -> str:
    """The text of the label a form row or a buddy label puts beside ``widget``."""
    parent = widget.parentWidget()
    while parent is not None:
        layout = parent.layout()
        if isinstance(layout, QFormLayout):
            label = layout.labelForField(widget)
            if isinstance(label, QLabel) and label.text().strip():
                return label.text()
        for label in parent.findChildren(QLabel):
            if label.buddy() is widget and label.text().strip():
                return label.text()
        if parent.isWindow():
            break
        parent = parent.parentWidget()
    return ""


def label_before(widget: QWidget) -> str:
    """The text of the last label laid out before ``widget`` in its parent's layout (a title above
    a list), when there is one."""
    parent = widget.parentWidget()
    layout = parent.layout() if parent is not None else None
    if layout is None:
        return ""
    found: list[str] = [""]

    def walk(lay: QLayout) -> bool:
        for i in range(lay.count()):
            item = lay.itemAt(i)
            if item is None:
                continue
            inner, child = item.layout(), item.widget()
            if inner is not None and walk(inner):
                return True
            if child is widget:
                return True
            if isinstance(child, QLabel) and child.text().strip() and not child.wordWrap():
                found[0] = child.text()
        return False

    return found[0] if walk(layout) else ""


def derived_name(widget: QWidget) -> str:
    candidates: list[str] = []
    if isinstance(widget, QAbstractButton):
        candidates.append(widget.text())
    candidates.append(label_of(widget))
    candidates.append(label_before(widget))
    if isinstance(widget, QLineEdit | QPlainTextEdit | QTextEdit):
        candidates.append(widget.placeholderText())
    candidates.append(widget.toolTip())
    if isinstance(widget, QComboBox):
        candidates.append(widget.currentText())
    return next((plain(text) for text in candidates if plain(text)), "")


def name_controls(root: QWidget) -> list[QWidget]:
    """Give every interactive widget under ``root`` without a name of its own a derived one;
    returns those left without any (nothing to derive it from)."""
    unnamed: list[QWidget] = []
    for widget in root.findChildren(QWidget):
        if not interactive(widget):
            continue
        if widget.accessibleName() and not widget.property(DERIVED):
            continue  # named by its own code
        name = derived_name(widget)
        if name:
            widget.setAccessibleName(name)
            widget.setProperty(DERIVED, True)
        else:
            unnamed.append(widget)
    return unnamed


class _Follower(QObject):
    def __init__(self, root: QWidget) -> None:
        super().__init__(root)
        self.root = root
        self.timer = QTimer(self)
        self.timer.setSingleShot(True)
        self.timer.setInterval(0)
        self.timer.timeout.connect(lambda: name_controls(self.root))
        root.installEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() in (QEvent.Type.Show, QEvent.Type.LanguageChange):
            self.timer.start()
        return False


def follow(root: QWidget) -> None:
    """Name ``root``'s controls now, and again whenever it is shown or its language changes."""
    name_controls(root)
    _Follower(root)
