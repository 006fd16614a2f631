"""What a person expects of a desktop chat window (issue 13, desktop manners): focus in the message
box at start, Tab leaves it, Esc stops the turn, an accessible name on every control, colours that
follow a dark theme, a notification when a turn ends behind another window, one title."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from pathlib import Path

import keyring.backends.fail
import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QColor, QPalette
from PySide6.QtWidgets import QAbstractButton, QApplication, QComboBox, QLabel, QWidget
from pytestqt.qtbot import QtBot

from app.accessible import interactive, spoken_name
from app.demo import demo_config
from app.desktop import window_title
from app.i18n import Translations
from app.keys import KeyStore
from app.main_window import MainWindow
from core.canonical import ToolCall
from core.events import ToolFinished, ToolStarted, TurnFailed, TurnFinished
from core.stops import Stop
from core.village import Village
from tests.fakes.configs import window_config
from tests.fakes.images import jpeg
from tests.fakes.scripted import CameraTool, ScriptedBackend
from tests.fakes.waits import until
from tests.fakes.windows import window


def village(
    tmp_path: Path, gate: asyncio.Event | None = None, script: list[str | ToolCall] | None = None
) -> Village:
    return Village(
        window_config(tmp_path),
        backend_factory=lambda t: ScriptedBackend.looping(
            t.protocol, t.model, script or ["I see a shelf."], gate=gate
        ),
    )


class Notes:
    def __init__(self) -> None:
        self.shown: list[tuple[str, str]] = []

    def notify(self, title: str, message: str) -> None:
        self.shown.append((title, message))


@pytest.mark.asyncio
async def test_the_message_box_has_the_focus_and_tab_leaves_it(qtbot: QtBot, tmp_path: Path) -> None:
    win = window(qtbot, village(tmp_path))
    win.activateWindow()
    await until(lambda: QApplication.focusWidget() is win.input)
    qtbot.keyClicks(win.input, "hello")
    qtbot.keyClick(win.input, Qt.Key.Key_Tab)
    assert win.input.toPlainText() == "hello"  # no tab typed
    assert QApplication.focusWidget() is win.send_button
    await win.village.close()


@pytest.mark.asyncio
async def test_escape_stops_the_running_turn(qtbot: QtBot, tmp_path: Path) -> None:
    gate = asyncio.Event()
    v = village(tmp_path, gate, [ToolCall("c1", "cam__live_view_image", {})])  # would loop forever
    v.add_tools("a1", [CameraTool(jpeg())])
    win = window(qtbot, v)
    win.activateWindow()
    await until(lambda: QApplication.focusWidget() is win.input)
    handle = win.send_text("a1", "watch")
    qtbot.keyClick(win.input, Qt.Key.Key_Escape)
    gate.set()
    outcome = await asyncio.wait_for(handle.wait(), 10)
    assert outcome.stop == "interrupted"
    await until(lambda: not win.handles)
    await v.close()


def unnamed(top: QWidget) -> list[str]:
    """The controls a screen reader would announce without a name (the accessible name Qt gives
    it: ``accessibleName`` when set, else a button's text or a buddy label's)."""
    return [
        f"{type(w).__name__} {w.objectName()!r}"
        for w in top.findChildren(QWidget)
        if interactive(w) and not spoken_name(w).strip()
    ]


@pytest.mark.asyncio
async def test_every_control_of_the_window_and_settings_has_an_accessible_name(
    qtbot: QtBot, tmp_path: Path, translations: Translations
) -> None:
    win = MainWindow(village(tmp_path), KeyStore(keyring.backends.fail.Keyring()))
    qtbot.addWidget(win)
    win.show()
    assert unnamed(win) == []
    # a tool row arrives with the events of a turn: its controls are named as they come
    win.bridge.dispatch(ToolStarted("a1", "t1", "c1", 1, "cam__live_view_image", {"q": 1}))
    win.bridge.dispatch(ToolFinished("a1", "t1", "c1", 1, "cam__live_view_image", True, 5, "frame", ""))
    assert unnamed(win) == []
    dialog = win.open_settings()
    controls = [w for top in (win, dialog) for w in top.findChildren(QWidget) if interactive(w)]
    assert len(controls) > 40  # the walk sees the controls
    assert unnamed(dialog) == []
    assert spoken_name(win.send_button) == "Send"
    assert win.input.accessibleName() == "Message"
    [row] = win.panels["a1"].rows.values()
    texts = [w for w in row.findChildren(QWidget) if interactive(w) and not isinstance(w, QAbstractButton)]
    assert sorted(spoken_name(w) for w in texts) == [
        "Input",
        "Output",
        "Shown to you only (not sent to the model)",
    ]
    combos = dialog.findChildren(QComboBox)
    assert combos and all(c.accessibleName() not in ("", c.currentText()) for c in combos)  # its label
    translations.set_language("ja")
    await until(lambda: spoken_name(win.send_button) == "送信")
    assert win.input.accessibleName() == "メッセージ"
    assert dialog.templates_page.template_list.accessibleName() == "テンプレート"
    assert "入力" in [spoken_name(w) for w in texts]
    await until(lambda: "言語" in [c.accessibleName() for c in combos])  # derived names follow too
    assert unnamed(win) == [] and unnamed(dialog) == []
    dialog.close()
    await win.village.close()


def contrast(a: QColor, b: QColor) -> float:
    """WCAG contrast ratio."""

    def lum(c: QColor) -> float:
        def ch(v: float) -> float:
            return v / 12.92 if v <= 0.03928 else ((v + 0.055) / 1.055) ** 2.4

        return 0.2126 * ch(c.redF()) + 0.7152 * ch(c.greenF()) + 0.0722 * ch(c.blueF())

    hi, lo = sorted((lum(a), lum(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


def dark_palette() -> QPalette:
    p = QPalette()
    role = QPalette.ColorRole
    for r, colour in (
        (role.Window, "#202124"),
        (role.WindowText, "#e8eaed"),
        (role.Base, "#2b2c30"),
        (role.AlternateBase, "#303134"),
        (role.Text, "#e8eaed"),
        (role.Button, "#303134"),
        (role.ButtonText, "#e8eaed"),
        (role.Highlight, "#3d6bd1"),
        (role.HighlightedText, "#ffffff"),
        (role.PlaceholderText, "#9aa0a6"),
    ):
        p.setColor(r, QColor(colour))
    return p


@pytest.fixture
def dark(qapp: QApplication) -> Iterator[None]:
    old = QPalette(qapp.palette())
    yield
    qapp.setPalette(old)


def background(widget: QWidget) -> QColor:
    """The colour the widget paints inside its border (sampled from its rendering)."""
    image = widget.grab().toImage()
    return image.pixelColor(image.width() - 6, image.height() // 2)


def text_colour(label: QLabel) -> QColor:
    label.ensurePolished()
    return label.palette().color(QPalette.ColorRole.WindowText)


@pytest.mark.asyncio
@pytest.mark.usefixtures("dark")
async def test_the_colours_follow_a_dark_palette(qtbot: QtBot, tmp_path: Path) -> None:
    win = window(qtbot, village(tmp_path))
    win.resize(760, 560)
    chat = win.chats["a1"]
    chat.add_bubble("user", "What do you see?")
    chat.add_bubble("assistant", "I see a shelf with three jars on it.")
    chat.add_bubble("notice", "A paused turn is waiting.")
    win.on_tool_started(ToolStarted("a1", "t1", "c1", 1, "cam__live_view_image", {"q": 1}))
    win.on_tool_finished(
        ToolFinished("a1", "t1", "c1", 1, "cam__live_view_image", True, 5, "frame", "(1 image)")
    )
    row = next(iter(win.panels["a1"].rows.values()))
    user, assistant, notice = chat.bubbles[-3:]
    assert background(win).lightnessF() > 0.5  # the light theme first
    QApplication.instance().setPalette(dark_palette())  # type: ignore[union-attr]
    await until(lambda: background(win).lightnessF() < 0.3)
    for bubble in (assistant, notice):
        bg = background(bubble)
        assert bg.lightnessF() < 0.35, bubble.objectName()
        assert contrast(text_colour(bubble.label or bubble.findChild(QLabel)), bg) >= 4.5, bubble.objectName()
    assert contrast(text_colour(user.label), background(user)) >= 4.5  # the accent, in both themes
    prose = assistant.findChild(QLabel)
    link = prose.palette().color(QPalette.ColorRole.Link)  # a Markdown answer's links
    assert contrast(link, background(assistant)) >= 4.5, link.name()
    bg = background(row)
    assert bg.lightnessF() < 0.35
    for label in (row.display_line, row.status, row.duration):
        assert contrast(text_colour(label), bg) >= 4.5, label.objectName()
    assert contrast(text_colour(win.chat_title), background(win)) >= 4.5
    await win.village.close()


@pytest.mark.asyncio
async def test_a_turn_ending_behind_another_window_is_a_notification(qtbot: QtBot, tmp_path: Path) -> None:
    win = window(qtbot, village(tmp_path))
    notes = Notes()
    win.manners.notifier = notes
    win.activateWindow()
    await until(win.isActiveWindow)
    await win.send_text("a1", "what do you see?").wait()
    await until(lambda: not win.handles)
    assert notes.shown == []  # the person is looking at the window
    other = QWidget()
    qtbot.addWidget(other)
    other.show()
    other.activateWindow()
    await until(lambda: not win.isActiveWindow())
    await win.send_text("a1", "and now?").wait()
    await until(lambda: notes.shown != [])
    assert notes.shown == [("Ava answered", "I see a shelf.")]
    win.bridge.dispatch(TurnFinished("a1", "t-past", "An old answer.", Stop.NONE))  # history replayed
    win.bridge.dispatch(TurnFailed("a1", "t-past2", "auth", "no key"))
    assert notes.shown == [("Ava answered", "I see a shelf.")]
    await win.village.close()


def shown_title(title: str) -> str:
    """The title as X11, Wayland and Windows show it: Qt adds " — <display name>" unless the title
    already ends with it (QPlatformWindow::formatWindowTitle)."""
    return title if title.endswith("Fuseforks") else f"{title} — Fuseforks"


def test_the_title_names_the_village_and_the_app_once(qtbot: QtBot, tmp_path: Path) -> None:
    win = window(qtbot, village(tmp_path))
    assert win.windowTitle() == "Test village — Fuseforks"
    assert shown_title(win.windowTitle()).count("Fuseforks") == 1
    demo = Village(
        demo_config("http://127.0.0.1:1/mcp"), backend_factory=lambda t: ScriptedBackend.looping("x", "y")
    )
    assert window(qtbot, demo).windowTitle() == "Demo — Fuseforks"
    assert window_title("Fuseforks") == "Fuseforks" and window_title("") == "Fuseforks"


def bar_colours(bar: QWidget) -> tuple[set[str], QColor, QColor]:
    """The colours down the middle of a vertical scroll bar's handle, its handle's colour and its
    groove's (sampled from its rendering)."""
    image = bar.grab().toImage()
    middle = image.width() // 2
    down = [image.pixelColor(middle, y) for y in range(image.height())]
    groove = image.pixelColor(0, image.height() - 1)
    inside = [c for c in down if c != groove]
    return {c.name() for c in inside[3:-3]}, inside[len(inside) // 2], groove


@pytest.mark.asyncio
@pytest.mark.usefixtures("dark")
async def test_the_scroll_bars_are_flat_and_their_handle_stands_out(qtbot: QtBot, tmp_path: Path) -> None:
    """A style sheet's flat bar, not the base style's gradients (a chat's bar is repainted with
    every new row, issue 14), its handle 3:1 from its groove in either theme."""
    win = window(qtbot, village(tmp_path))
    win.resize(760, 560)
    chat = win.chats["a1"]
    for i in range(30):
        chat.add_bubble("user" if i % 2 else "assistant", f"Row {i} of a chat long enough to scroll.")
    bar = chat.verticalScrollBar()
    await until(lambda: bar.maximum() > 0 and bar.isVisible())
    for theme in ("light", "dark"):
        if theme == "dark":
            QApplication.instance().setPalette(dark_palette())  # type: ignore[union-attr]
            await until(lambda: background(win).lightnessF() < 0.3)
        inside, handle, groove = bar_colours(bar)
        assert len(inside) == 1, (theme, inside)  # one colour: no gradient, no arrows
        assert bar.width() == 12, theme
        assert contrast(handle, groove) >= 3.0, (theme, handle.name(), groove.name())
    await win.village.close()
