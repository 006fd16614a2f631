"""Accessible names for every control of a window, so a screen reader says what each one is.

A control named in its own code (``setAccessibleName``) keeps its name; a button with a text is
named by it (Qt does that, and keeps it current when the text changes). Every other interactive
widget gets a name derived from what a sighted person reads beside it: the form label or buddy
label of a field, the label laid out before it (a pane's title), its placeholder text, its tooltip.
``follow`` keeps a window's derived names current: they are derived again when the window is shown
and after each language switch (one walk, on the next turn of the event loop, when every text is
retranslated). ``spoken_name`` is what a screen reader is told.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QEvent, QObject, QTimer
from PySide6.QtGui import QAccessible
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
# a dynamic property on a container whose controls Qt names itself (buttons with texts, text views
# with buddy labels): walks skip it, so a long chat or tool panel costs them nothing
NAMED_BY_QT = "controlsNamedByQt"


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


def spoken_name(widget: QWidget) -> str:
    """The name Qt's accessibility layer gives a screen reader for ``widget``."""
    interface = QAccessible.queryAccessibleInterface(widget)
    return interface.text(QAccessible.Text.Name) if interface is not None else ""


def label_of(widget: QWidget, buddies: dict[QWidget, QLabel]) -> str:
    """The text of the label a form row or a buddy label puts beside ``widget``."""
    buddy = buddies.get(widget)
    if buddy is not None and buddy.text().strip():
        return buddy.text()
    parent = widget.parentWidget()
    while parent is not None:
        layout = parent.layout()
        if isinstance(layout, QFormLayout):
            label = layout.labelForField(widget)
            if isinstance(label, QLabel) and label.text().strip():
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


def derived_name(widget: QWidget, buddies: dict[QWidget, QLabel]) -> str:
    """The first of these that has a text: its form or buddy label, the label laid out before it,
    its placeholder, its tooltip, a combo box's current text."""
    candidates: list[Callable[[], str]] = [lambda: label_of(widget, buddies), lambda: label_before(widget)]
    if isinstance(widget, QLineEdit | QPlainTextEdit | QTextEdit):
        candidates.append(widget.placeholderText)
    candidates.append(widget.toolTip)
    if isinstance(widget, QComboBox):
        candidates.append(widget.currentText)
    for candidate in candidates:
        text = plain(candidate())
        if text:
            return text
    return ""


def controls(root: QWidget) -> tuple[list[QWidget], dict[QWidget, QLabel]]:
    """The interactive widgets under ``root`` and the buddy labels there (each widget a label
    names as its buddy, with that label), without the subtrees marked ``NAMED_BY_QT``."""
    found: list[QWidget] = []
    buddies: dict[QWidget, QLabel] = {}
    stack: list[QObject] = [root]
    while stack:
        for child in stack.pop().children():
            if not isinstance(child, QWidget) or child.property(NAMED_BY_QT):
                continue
            if isinstance(child, QLabel):
                buddy = child.buddy()
                if buddy is not None:
                    buddies[buddy] = child
            elif interactive(child):
                found.append(child)
            stack.append(child)
    return found, buddies


def name_controls(root: QWidget) -> list[QWidget]:
    """Give every interactive widget under ``root`` that Qt cannot name well a derived name (a
    combo box: Qt says its value; a list or a text view without a buddy label: Qt says nothing);
    returns those left without any (nothing to derive it from)."""
    unnamed: list[QWidget] = []
    found, buddies = controls(root)
    for widget in found:
        if widget.accessibleName() and not widget.property(DERIVED):
            continue  # named by its own code
        if not isinstance(widget, QComboBox) and not widget.property(DERIVED) and spoken_name(widget):
            continue  # Qt's own name: a button's text (current as it changes), a buddy label
        name = derived_name(widget, buddies)
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
