"""Every widget of app/widgets/ (found by introspection), the main window and the settings dialog:
built with the fakes it needs, switched live ja → en → zh with no empty label or button text after
each switch, no Qt warning (the suite's ``qt_log_level_fail = "WARNING"``), and deleted cleanly."""

from __future__ import annotations

import gc
import importlib
import pkgutil
import weakref
from collections.abc import Callable
from pathlib import Path

import keyring.backends.fail
import pytest
import shiboken6
from PySide6.QtCore import QCoreApplication, QEvent, QtMsgType, qWarning
from PySide6.QtWidgets import (
    QAbstractButton,
    QCheckBox,
    QDialog,
    QFormLayout,
    QLabel,
    QMainWindow,
    QMenu,
    QPlainTextEdit,
    QPushButton,
    QTabWidget,
    QTreeWidget,
    QWidget,
)
from pytestqt.logging import QtLoggingPlugin
from pytestqt.qtbot import QtBot

import app.widgets
from app.i18n import LANGUAGES, Translations
from app.keys import KeyStore
from app.live_text import picture_caption
from app.main_window import MainWindow
from app.settings import SettingsDialog
from app.startup_problems import StartupProblem
from app.widgets.acceptance_dialog import AcceptanceDialog
from app.widgets.agents import AgentList
from app.widgets.banner import DemoBanner
from app.widgets.busy import BusyIndicator, Spinner
from app.widgets.card_area import CardArea
from app.widgets.chat import Bubble, ChatView
from app.widgets.composer import Composer, InputBox
from app.widgets.conversations import ConversationList
from app.widgets.elicitation import ElicitationArea, ElicitationCard
from app.widgets.help_menu import HelpMenu
from app.widgets.markdown import CodeBlock, CopyButton, MarkdownView
from app.widgets.multi_select import MultiSelect
from app.widgets.name_toggle import NameToggle
from app.widgets.pager import OUTPUT, PAGE_CHARS, Pager
from app.widgets.picture import ClickableLabel, Picture, decode_scaled
from app.widgets.preview import ImagePreview
from app.widgets.qr_code import QrCode
from app.widgets.question import QuestionArea, QuestionCard
from app.widgets.rows import Column
from app.widgets.sampling_card import SamplingArea, SamplingCard
from app.widgets.servers import ServerPanel, ServerRow
from app.widgets.sign_in_link import SignInLinkDialog
from app.widgets.startup_dialog import StartupProblemDialog
from app.widgets.store_notice import StoreNotice
from app.widgets.timeline import TimelineView
from app.widgets.tool_progress import CallProgress
from app.widgets.toolpanel import FitText, ToolPanel, ToolRow
from app.widgets.viewer import PictureViewer
from app.widgets.watch_dialog import WatchDialog
from app.widgets.watch_panel import WatchPanel, WatchRow
from app.widgets.watch_region import RegionEditor
from app.widgets.watch_rhythm import RhythmEditor
from app.widgets.watch_toast import WatchToast
from app.widgets.wrap_label import WrapLabel
from app.widgets.zoom import ZoomArea, ZoomCanvas
from core.canonical import ImageData
from core.elicitation import parse_schema
from core.events import (
    ElicitationAsked,
    QuestionAsked,
    RetryScheduled,
    SampledMessage,
    SamplingAsked,
    StoreProblem,
    ToolFinished,
    ToolProgress,
    ToolStarted,
    TurnFinished,
    WatchNotification,
)
from core.mcp.status import ServerStatus, ToolInfo
from core.stops import Stop
from core.store import ConversationInfo
from core.tool_image import display_suffix
from core.village import Village
from core.watch.gate import Region
from core.watch.model import Meter, Rhythm, Watch, WatchState, WatchView
from tests.fakes.acceptance import RunLog
from tests.fakes.configs import settings_config, window_config
from tests.fakes.images import jpeg
from tests.fakes.scripted import ScriptedBackend
from tests.fakes.watches import FakeWatches

SWITCHES = ("ja", "en", "zh")
SCHEMA = parse_schema(
    {
        "type": "object",
        "properties": {
            "name": {"type": "string", "title": "Name", "description": "Who you are"},
            "level": {
                "type": "string",
                "oneOf": [{"const": "lo", "title": "Low"}, {"const": "hi", "title": "High"}],
            },
            "ok": {"type": "boolean", "title": "Agree"},
        },
        "required": ["name"],
    }
)
STARTED = ToolStarted("a1", "t1", "c1", 1, "cam__live_view_image", {"q": 1})
FINISHED = ToolFinished("a1", "t1", "c1", 1, "cam__live_view_image", True, 5, "x" * (PAGE_CHARS + 10), "")
PICTURE = ImageData("image/jpeg", jpeg(), 320, 240)
WITH_IMAGE = ToolFinished(
    "a1", "t1", "c1", 1, "cam__live_view_image", True, 5, "{}", display_suffix([PICTURE], "en"), (PICTURE,)
)
QUESTION = QuestionAsked("a1", "t1", "c1", "q-1", "Which shelf?", ("top", "bottom"))
FORM = ElicitationAsked("a1", "cam", "e-1", "Who are you?", SCHEMA)
CAM_TOOLS = (ToolInfo("live_view_image", "One frame of the camera"), ToolInfo("camera_status", ""))
SERVERS = [
    ServerStatus("cam", "http", "connected", 2, target="http://127.0.0.1:8765/mcp", tool_list=CAM_TOOLS),
    ServerStatus(
        "notes",
        "stdio",
        "failed",
        error="FileNotFoundError: [Errno 2] No such file or directory: 'notes-mcp'",
        stderr_tail="starting\nno notes folder",
        target="notes-mcp --folder ~/notes",
        retry_in_s=12.5,
        attempt=3,
    ),
    ServerStatus("off", "stdio", "disabled", target="true"),
]
SAMPLING = SamplingAsked("a1", "notes", "s-1", (SampledMessage("user", "Summarise.", 1),), "Be brief.", 200)


def village(tmp_path: Path) -> Village:
    return Village(
        window_config(tmp_path), backend_factory=lambda t: ScriptedBackend.looping(t.protocol, t.model)
    )


def agent_list(tmp_path: Path) -> QWidget:
    widget = AgentList()
    widget.set_statuses(village(tmp_path).statuses())
    return widget


def chat_view(tmp_path: Path) -> QWidget:
    chat = ChatView(live_rows=2)
    chat.add_bubble("user", "look")
    chat.add_bubble("assistant", "I see a shelf.")
    chat.add_bubble("user", "and now?")  # one more than the live rows: "Show earlier (1)"
    chat.turn_finished(TurnFinished("a1", "t1", "", Stop.INTERRUPTED))  # a note of the window's own
    chat.add_images([PICTURE], picture_caption(WITH_IMAGE))  # in the language shown
    chat.set_busy(True)
    return chat


def conversation_list(tmp_path: Path) -> QWidget:
    widget = ConversationList()
    mine = [
        ConversationInfo("c2", "a1", "", 1_700_000_200.0, 1_700_000_200.0, 0, 0, "v1"),  # "New conversation"
        ConversationInfo("c1", "a1", "the red cup", 1_700_000_000.0, 1_700_000_100.0, 2, 8, "v1"),
    ]
    earlier = [ConversationInfo("a1", "a1", "look", 1_600_000_000.0, 1_600_000_000.0, 1, 4, None)]
    widget.show_conversations(mine, earlier, "c2")
    return widget


def pager(tmp_path: Path) -> QWidget:
    box = QPlainTextEdit()
    widget = Pager(box, OUTPUT)
    widget.set_text("y" * (PAGE_CHARS + 10))  # two pages: the buttons and the position show
    return widget


def clickable_label(tmp_path: Path) -> QWidget:
    label = ClickableLabel()
    label.setText("open")
    return label


def picture(tmp_path: Path) -> QWidget:
    from PySide6.QtGui import QPixmap

    widget = Picture()
    widget.setPixmap(QPixmap.fromImage(decode_scaled(jpeg())))
    return widget


def image_preview(tmp_path: Path) -> QWidget:
    preview = ImagePreview(ImageData("image/jpeg", jpeg(), 320, 240), "cam__live_view_image  (1 image)")
    preview.set_image(decode_scaled(jpeg()))
    return preview


def picture_viewer(tmp_path: Path) -> QWidget:
    chat = ChatView()
    for colour in ((200, 40, 40), (40, 200, 40), (40, 40, 200)):
        chat.add_images([ImageData("image/jpeg", jpeg(colour=colour), 320, 240)], "cam__live_view_image")
    second = chat.pictures()[1].image
    assert second is not None
    return PictureViewer(decode_scaled(second.data), "cam__live_view_image", None, chat.pictures, second)


def zoom_canvas(tmp_path: Path) -> ZoomCanvas:
    canvas = ZoomCanvas()
    canvas.set_picture(decode_scaled(jpeg()))
    return canvas


def question_area(tmp_path: Path) -> QWidget:
    area = QuestionArea(None)
    area.on_asked(QUESTION)
    return area


def elicitation_area(tmp_path: Path) -> QWidget:
    area = ElicitationArea(None)
    area.on_asked(FORM)
    return area


def sampling_area(tmp_path: Path) -> QWidget:
    area = SamplingArea(None)
    area.on_asked(SAMPLING)
    return area


class Servers:
    """A fixed server list (the window's tests use the real MCP client and real servers)."""

    def status(self, agent_id: str) -> list[ServerStatus]:
        return SERVERS

    def reconnect(self, agent_id: str, server: str) -> None:
        pass


def server_panel(tmp_path: Path) -> QWidget:
    panel = ServerPanel(Servers(), now=lambda: 100.0)  # the countdown stands still
    panel.show_agent("a1")
    panel.rows["cam"].tools_toggle.setChecked(True)
    return panel


def tool_row(tmp_path: Path) -> QWidget:
    row = ToolRow(STARTED)
    row.finish(WITH_IMAGE)  # its display line follows the language (issue 13, defect 8)
    row.set_expanded(True)
    return row


def call_progress(tmp_path: Path) -> QWidget:
    widget = CallProgress()
    widget.show_progress(ToolProgress("a1", "t1", "c1", 1, "cam__render", 2.0, 3.0, "rendering"))
    return widget


def tool_panel(tmp_path: Path) -> QWidget:
    panel = ToolPanel()
    panel.add_started(STARTED)
    panel.add_finished(FINISHED)
    panel.rows["c1"].set_expanded(True)
    return panel


def busy_indicator(tmp_path: Path) -> QWidget:
    busy = BusyIndicator()
    busy.set_busy(True)
    busy.retry(RetryScheduled("a1", "t1", 2, 3, 4.0, "rate_limit", 429))
    return busy


def store_notice(tmp_path: Path) -> QWidget:
    notice = StoreNotice(open_folder=lambda folder: True)
    notice.show_problem(StoreProblem("moved_aside", "", tmp_path / "store" / "store.db.corrupt-1"))
    notice.show_problem(StoreProblem("write_failed", "database or disk is full", tmp_path, "t1"))
    return notice


def startup_dialog(tmp_path: Path) -> QWidget:
    problem = StartupProblem(
        "syntax", tmp_path / "f.json", [("", "not valid JSON: x at line 1 column 2")], (1, 2), "{x", 1
    )
    return StartupProblemDialog(problem, open_url=lambda url: True)


def watches() -> FakeWatches:
    """Two watches of a1: one running with a score, one paused by its token budget."""
    fake = FakeWatches()
    bird = fake.new_watch("a1", "Tell me when a bird is at the feeder")
    fake.add(bird.with_(rhythm=Rhythm("continuous", 0.5), region=Region(0.15, 0.4, 0.25, 0.25)))
    fake.score(bird.id, 55.0)
    fake.set_meter(bird.id, 12, 41_000)
    kiln = fake.add(fake.new_watch("a1", "Check the kiln temperature display"))
    fake.set_state(kiln.id, "paused", "budget_tokens")
    return fake


def watch_dialog(tmp_path: Path) -> QWidget:
    fake = watches()
    return WatchDialog(fake, "a1", fake.views("a1")[0].watch, agent_name="Ava")


def watch_panel(tmp_path: Path) -> QWidget:
    panel = WatchPanel(watches())
    panel.show_agent("a1")
    return panel


def watch_row(tmp_path: Path) -> QWidget:
    view = watches().views("a1")[1]
    return WatchRow(
        WatchView(view.watch, WatchState("paused", "budget_calls"), Meter(120, 120, 9_000, 500_000))
    )


def region_editor(tmp_path: Path) -> QWidget:
    editor = RegionEditor()
    editor.set_picture(decode_scaled(jpeg()))
    editor.set_region(Region(0.1, 0.2, 0.3, 0.4))
    return editor


def main_window(tmp_path: Path) -> QWidget:
    win = MainWindow(village(tmp_path), KeyStore())
    win.on_tool_started(STARTED)
    win.on_tool_finished(FINISHED)
    return win


def timeline_view(tmp_path: Path) -> QWidget:
    fake = FakeWatches()
    fake.add(Watch(id="w1", agent_id="a1", instruction="Tell me who comes to the door", name="Door"))
    fake.report("w1", "Someone rang the bell", "A man in a blue coat.", 3, at=1_764_600_000.0)
    fake.report("w1", "A parcel", "", 2, at=1_764_500_000.0, keyframe="k")
    view = TimelineView(fake, now=lambda: 1_764_600_100.0)
    view.list.setCurrentIndex(view.model.index(1, 0))  # the detail shown too
    return view


def watch_toast(tmp_path: Path) -> QWidget:
    toast = WatchToast()
    toast.show_notification(
        WatchNotification(1, "w1", "a1", "Door: someone rang the bell", "A man in a blue coat.", 4)
    )
    return toast


def settings_dialog(tmp_path: Path) -> QWidget:
    return SettingsDialog(
        settings_config(), KeyStore(keyring.backends.fail.Keyring()), path=tmp_path / "c.json"
    )


def acceptance_dialog(tmp_path: Path) -> AcceptanceDialog:
    log = tmp_path / "acceptance" / "fuseforks.log"
    if not log.exists():  # one log for the switched dialog and the fresh ones
        run = RunLog(log.parent)
        run.full_run()
        run.close()
    return AcceptanceDialog(log, lambda: None)


# every widget class -> how to build one with the fakes it needs
def name_toggle(tmp_path: Path) -> NameToggle:
    toggle = NameToggle()
    toggle.set_name("nik__live_view_image")
    return toggle


def qr_code(tmp_path: Path) -> QrCode:
    code = QrCode()
    code.show_text("http://127.0.0.1:8765/#token=t")
    return code


BUILDERS: dict[type[QWidget], Callable[[Path], QWidget]] = {
    AcceptanceDialog: acceptance_dialog,
    AgentList: agent_list,
    Bubble: lambda tmp_path: Bubble("assistant", "I see a shelf."),
    BusyIndicator: busy_indicator,
    CodeBlock: lambda tmp_path: CodeBlock("print('shelf')", "python"),
    CopyButton: lambda tmp_path: CopyButton(lambda: "the text"),
    MarkdownView: lambda tmp_path: MarkdownView("## Shelf\n\n- one\n- two\n\n```\ncode\n```\n"),
    Spinner: lambda tmp_path: Spinner(),
    CallProgress: call_progress,
    CardArea: lambda tmp_path: CardArea(None),
    ChatView: chat_view,
    Composer: lambda tmp_path: Composer(lambda: None),
    ConversationList: conversation_list,
    DemoBanner: lambda tmp_path: DemoBanner(),
    HelpMenu: lambda tmp_path: HelpMenu(),
    InputBox: lambda tmp_path: InputBox(lambda: None),
    ClickableLabel: clickable_label,
    Column: lambda tmp_path: Column(),
    ElicitationArea: elicitation_area,
    ElicitationCard: lambda tmp_path: ElicitationCard(FORM, "Ava"),
    FitText: lambda tmp_path: FitText("line one\nline two"),
    ImagePreview: image_preview,
    MainWindow: main_window,
    NameToggle: name_toggle,
    MultiSelect: lambda tmp_path: MultiSelect(("front", "back"), ("Front door", "Back yard"), ("back",)),
    Pager: pager,
    Picture: picture,
    PictureViewer: picture_viewer,
    QuestionArea: question_area,
    QuestionCard: lambda tmp_path: QuestionCard(QUESTION, "Ava"),
    SamplingArea: sampling_area,
    SamplingCard: lambda tmp_path: SamplingCard(SAMPLING, "Ava"),
    ServerPanel: server_panel,
    ServerRow: lambda tmp_path: ServerRow(SERVERS[1], now=lambda: 100.0),
    SettingsDialog: settings_dialog,
    SignInLinkDialog: lambda tmp_path: SignInLinkDialog("https://as.example.test/authorize?state=s1"),
    StartupProblemDialog: startup_dialog,
    StoreNotice: store_notice,
    TimelineView: timeline_view,
    ToolPanel: tool_panel,
    ToolRow: tool_row,
    ZoomArea: lambda tmp_path: ZoomArea(zoom_canvas(tmp_path)),
    ZoomCanvas: zoom_canvas,
    WatchToast: watch_toast,
    WrapLabel: lambda tmp_path: WrapLabel("A red cup and two blue bowls."),
    WatchDialog: watch_dialog,
    WatchPanel: watch_panel,
    WatchRow: watch_row,
    RegionEditor: region_editor,
    RhythmEditor: lambda tmp_path: RhythmEditor(Rhythm("times", 600.0, ("07:30", "18:00"))),
    QrCode: qr_code,
}


def widget_classes() -> set[type[QWidget]]:
    """The QWidget classes defined in the modules of app/widgets/."""
    found: set[type[QWidget]] = set()
    for info in pkgutil.iter_modules(app.widgets.__path__, "app.widgets."):
        module = importlib.import_module(info.name)
        found |= {
            obj
            for obj in vars(module).values()
            if isinstance(obj, type) and issubclass(obj, QWidget) and obj.__module__ == module.__name__
        }
    return found


# labels that are empty until there is something to say (a problem, "Saved."), per widget class
MESSAGE_SLOTS: dict[type[QWidget], tuple[str, ...]] = {
    SettingsDialog: ("problems_label", "saved_label", "templates_page.key_message"),
}


def attribute(obj: object, path: str) -> object:
    for name in path.split("."):
        obj = getattr(obj, name)
    return obj


def form_label(w: QWidget) -> str:
    """The text of the label a form layout shows beside ``w`` (a check box named by its row)."""
    parent = w.parentWidget()
    forms = parent.findChildren(QFormLayout) if parent is not None else []
    for form in forms:
        label = form.labelForField(w)
        if isinstance(label, QLabel):
            return label.text().strip()
    return ""


def visible(top: QWidget) -> list[QWidget]:
    return [w for w in [top, *top.findChildren(QWidget)] if w is top or w.isVisibleTo(top)]


def describe(w: QWidget) -> str:
    return f"{type(w).__name__}({w.objectName() or '-'}) in {type(w.parentWidget()).__name__}"


def empty_texts(top: QWidget) -> list[str]:
    """Labels, buttons, tabs and headers the person would see without a text (or a picture)."""
    empty: list[str] = []
    slots = {id(attribute(top, path)) for path in MESSAGE_SLOTS.get(type(top), ())}
    for w in visible(top):
        if id(w) in slots:
            continue
        if (isinstance(w, QLabel) and not w.text().strip() and w.pixmap().isNull()) or (
            isinstance(w, QAbstractButton) and not (w.text().strip() or form_label(w)) and w.icon().isNull()
        ):
            empty.append(describe(w))
        elif isinstance(w, QTabWidget):
            empty += [f"tab {i} of {describe(w)}" for i in range(w.count()) if not w.tabText(i).strip()]
        elif isinstance(w, QTreeWidget) and not w.isHeaderHidden():
            header = w.headerItem()
            empty += [
                f"header {i} of {describe(w)}" for i in range(w.columnCount()) if not header.text(i).strip()
            ]
    if isinstance(top, QMenu):
        empty += [
            f"action {i} of {describe(top)}" for i, a in enumerate(top.actions()) if not a.text().strip()
        ]
        if not top.title().strip():
            empty.append(f"title of {describe(top)}")
    if isinstance(top, QDialog | QMainWindow) and not top.windowTitle().strip():
        empty.append(f"window title of {describe(top)}")
    return empty


def shown_texts(top: QWidget) -> list[str]:
    """Every text the person sees: labels, buttons, tabs, tree headers and rows, the title."""
    texts = [top.windowTitle()]
    if isinstance(top, QMenu):
        texts += [top.title(), *(a.text() for a in top.actions())]
    for w in visible(top):
        if isinstance(w, QLabel | QAbstractButton):
            texts.append(w.text())
        elif isinstance(w, QTabWidget):
            texts += [w.tabText(i) for i in range(w.count())]
        elif isinstance(w, QTreeWidget):
            items = [w.headerItem(), *(w.topLevelItem(i) for i in range(w.topLevelItemCount()))]
            texts += [item.text(c) for item in items if item is not None for c in range(w.columnCount())]
    return texts


def qt_warnings(qtlog: object) -> list[str]:
    bad = (QtMsgType.QtWarningMsg, QtMsgType.QtCriticalMsg, QtMsgType.QtFatalMsg)
    return [r.message for r in qtlog.records if r.type in bad and not r.ignored]  # type: ignore[attr-defined]


def test_every_widget_class_is_covered() -> None:
    """A new widget in app/widgets/ needs a builder here (so it is switched and deleted too)."""
    assert set(BUILDERS) == widget_classes() | {MainWindow, SettingsDialog}


def test_the_switches_cover_every_language() -> None:
    assert sorted(SWITCHES) == sorted(LANGUAGES) and SWITCHES[0] != "en"  # starts away from the source


@pytest.mark.qt_log_ignore("fuseforks probe warning")
def test_qt_warnings_fail_the_suite(request: pytest.FixtureRequest, qtlog: object) -> None:
    """The capture the widget test relies on is on, and a Qt warning fails a test."""
    if not request.config.pluginmanager.has_plugin("_qt_logging"):
        pytest.skip("pytest-qt captures no Qt messages with -s (--capture=no)")
    assert request.config.getini("qt_log_level_fail") == "WARNING"
    assert "WARNING" in QtLoggingPlugin.LOG_FAIL_OPTIONS
    qWarning("fuseforks probe warning")
    [record] = [r for r in qtlog.records if "fuseforks probe warning" in r.message]  # type: ignore[attr-defined]
    assert record.type == QtMsgType.QtWarningMsg and record.matches_level("WARNING") and record.ignored


def delete(widget: QWidget) -> None:
    """Close, ``deleteLater`` and deliver the deferred delete: the C++ object is gone."""
    widget.close()
    widget.deleteLater()
    QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
    QCoreApplication.processEvents()
    assert not shiboken6.isValid(widget)


@pytest.mark.parametrize("cls", sorted(BUILDERS, key=lambda c: c.__name__), ids=lambda c: c.__name__)
def test_widget_switches_language_live_and_deletes_cleanly(
    cls: type[QWidget], qtbot: QtBot, qtlog: object, tmp_path: Path, translations: Translations
) -> None:
    widget = BUILDERS[cls](tmp_path)
    assert type(widget) is cls
    widget.show()
    for language in SWITCHES:
        assert translations.set_language(language)
        QCoreApplication.processEvents()
        assert empty_texts(widget) == [], language
        fresh = BUILDERS[cls](tmp_path)  # built in this language: what the switch must show
        fresh.show()
        QCoreApplication.processEvents()
        try:
            assert shown_texts(widget) == shown_texts(fresh), language
        finally:
            delete(fresh)
    ref = weakref.ref(widget)
    delete(widget)
    del widget
    gc.collect()
    assert ref() is None  # nothing (a connection, a registry) keeps the wrapper alive
    assert qt_warnings(qtlog) == []


def test_the_checks_see_empty_and_named_texts(qtbot: QtBot) -> None:
    top = QDialog()
    qtbot.addWidget(top)
    form = QFormLayout(top)
    top.setWindowTitle("t")
    named = QCheckBox()
    form.addRow(QLabel("Agree"), named)
    bare, blank = QPushButton(), QLabel("")
    bare.setObjectName("bare")
    form.addRow(bare, blank)
    hidden = QLabel("")
    form.addRow(hidden)
    hidden.hide()
    assert empty_texts(top) == ["QPushButton(bare) in QDialog", "QLabel(-) in QDialog"]
    assert "Agree" in shown_texts(top) and "t" in shown_texts(top)
