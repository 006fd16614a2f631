"""The staged scenes of ``app.screenshots`` beyond the demo village's turn.

Each scene drives the real window or dialog through its own API: a "Studio" village whose model
answers from a short script (``Replies``: a doc tool, so no test fake is imported) with the demo
camera and one MCP server that cannot be reached, Settings with a preset added, and the start-up
problem dialog on a file with a JSON syntax error.
"""

from __future__ import annotations

import socket
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from pathlib import Path

import keyring.backends.fail
from PySide6.QtGui import QColor, QPalette
from PySide6.QtWidgets import QApplication, QWidget

from app.keys import KeyStore
from app.launcher import make_runtime
from app.main_window import MainWindow
from app.settings import SettingsDialog
from app.startup_problems import StartupProblem, read_start
from app.style import style_sheet
from app.widgets.startup_dialog import StartupProblemDialog
from core.canonical import ChatMessage, ChatRequest, ChatResponse, Role, ToolCall, Usage
from core.config import parse_config
from core.llm import TextSink
from core.store import SqliteJournal, Store
from core.village import Village
from wires.errors import ProviderHTTPError

Save = Callable[[QWidget, str], object]
Settle = Callable[[], Awaitable[None]]

ANSWER = """## Greeting a visitor

Two steps:

1. define the function
2. call it with a name (see [the Python tutorial](https://docs.python.org/3/tutorial/))

```python
def greet(name: str) -> str:
    return f"Hello, {name}!"

print(greet("Ava"))
```

The function returns the text; **print** shows it."""

LOOK = ChatResponse(  # one tool round: the camera's live view
    ChatMessage(Role.ASSISTANT, "", tool_calls=[ToolCall("call_1", "camera__live_view_image", {})]),
    Usage(380, 24),
    "tool_use",
)
SCRIPT: list[str | Exception | ChatResponse] = [
    ANSWER,
    ProviderHTTPError(401, "invalid x-api-key"),
    "Three cups: a red one by the door and two white ones on the top shelf.",
    LOOK,
    "The camera shows an orange ball in the air above the lawn, under a clear blue sky.",
]
ASKED = [
    "How do I greet a visitor in Python?",
    "And in Rust?",
    "Count the cups on the shelf",
    "Describe the garden camera",
]
BROKEN_JSON = '{\n  "village": {"name": "Home", "language": "en"},\n  "templates": [\n    {"name": "Claude" "protocol": "anthropic"}\n  ]\n}\n'


@dataclass
class Replies:
    """A ModelBackend answering from ``steps`` in order (an exception is raised, not answered)."""

    steps: list[str | Exception | ChatResponse]
    backend: str = "anthropic"
    model: str = "claude-sonnet-4-5"
    done: list[str] = field(default_factory=list)

    async def complete(self, request: ChatRequest, on_text: TextSink | None = None) -> ChatResponse:
        step = self.steps.pop(0)
        if isinstance(step, Exception):
            raise step
        if isinstance(step, ChatResponse):
            return step
        if on_text:
            on_text(step)
        return ChatResponse(ChatMessage(Role.ASSISTANT, step), Usage(412, 96), "end_turn")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def dark_palette() -> QPalette:
    """A dark palette like a desktop's dark theme (the Disabled group too)."""
    p = QPalette()
    role, group = QPalette.ColorRole, QPalette.ColorGroup
    for r, colour, disabled in (
        (role.Window, "#202124", "#202124"),
        (role.WindowText, "#e8eaed", "#80868b"),
        (role.Base, "#2b2c30", "#26272a"),
        (role.AlternateBase, "#303134", "#2b2c30"),
        (role.Text, "#e8eaed", "#80868b"),
        (role.Button, "#303134", "#2b2c30"),
        (role.ButtonText, "#e8eaed", "#80868b"),
        (role.Highlight, "#3d6bd1", "#3c4043"),
        (role.HighlightedText, "#ffffff", "#9aa0a6"),
        (role.PlaceholderText, "#9aa0a6", "#5f6368"),
        (role.ToolTipBase, "#303134", "#303134"),
        (role.ToolTipText, "#e8eaed", "#e8eaed"),
        (role.Link, "#8ab4f8", "#5f6368"),
        (role.Light, "#3c4043", "#3c4043"),
        (role.Midlight, "#35363a", "#35363a"),
        (role.Mid, "#2b2c30", "#2b2c30"),
        (role.Dark, "#17181a", "#17181a"),
        (role.Shadow, "#000000", "#000000"),
    ):
        p.setColor(r, QColor(colour))
        p.setColor(group.Disabled, r, QColor(disabled))
    return p


def seed_earlier(store_dir: Path) -> None:
    """One turn from before conversations belonged to a village: the list's "Earlier" group."""
    store = Store.open(store_dir)
    journal = SqliteJournal(store)
    journal.begin_turn("old-1", "a1", ChatMessage(Role.USER, "What is on the shelf by the door?"))
    journal.end_turn("old-1", "-", "", Usage())
    store.close()


async def studio_shots(camera_url: str, home: Path, save: Save, settle: Settle) -> None:
    """Markdown answer and failed turn, the conversation list, and the MCP servers panel."""
    folder = home / "studio"
    folder.mkdir()
    seed_earlier(folder / "data")
    config = parse_config(
        {
            "village": {"language": "en", "name": "Studio"},
            "templates": [
                {"name": "Claude", "protocol": "anthropic", "model": "claude-sonnet-4-5", "key": "k"}
            ],
            "agents": [
                {
                    "id": "a1",
                    "name": "Ava",
                    "template": "Claude",
                    "mcp_servers": {
                        "camera": {"type": "http", "url": camera_url},
                        "files": {"type": "http", "url": f"http://127.0.0.1:{free_port()}/mcp"},
                    },
                }
            ],
        },
        folder / "fuseforks.json",
    )
    keys = KeyStore(keyring.backends.fail.Keyring())
    rt = make_runtime(config, keys, store_dir=folder / "data")
    backend = Replies(list(SCRIPT))
    assert isinstance(rt.village, Village)
    rt.village._backend_factory = lambda _template: backend  # the scripted model, no network
    assert rt.conversations is not None
    win = MainWindow(
        rt.village, keys, history=rt.history, conversations=rt.conversations, servers=rt.provider
    )
    win.resize(1280, 800)
    win.show()
    try:
        await rt.village.start()
        win.refresh_agents()
        for i, text in enumerate(ASKED):
            await win.send_text("a1", text).wait()
            await settle()
            if i == 1:
                save(win, "markdown")
            if i in (1, 2):
                win.conversation_pane.new_conversation()
        rt.conversations.rename(rt.conversations.of("a1")[1].id, "Kitchen shelf inventory")
        win.conversation_pane.refresh()
        await settle()
        save(win, "conversations")
        row = win.server_panel.rows["camera"]
        row.tools_toggle.setChecked(True)
        win.resize(1280, 1040)  # room for both servers with the tool list open
        await settle()
        agents, conversations, servers = win.left_split.sizes()
        want = win.server_panel.sizeHint().height()  # as the person would drag it: the rows shown whole
        win.left_split.setSizes([agents, conversations + servers - want, want])
        await settle()
        save(win, "servers")
    finally:
        win.close()
        await rt.village.close()
        if rt.store is not None:
            rt.store.close()


async def settings_shot(save: Save, settle: Settle) -> None:
    """Settings, Templates page: Ollama added from the preset menu, its Test connection passed."""
    config = parse_config(
        {
            "templates": [
                {"name": "Claude", "protocol": "anthropic", "model": "claude-sonnet-4-5", "key": "claude"}
            ],
            "agents": [{"id": "a1", "name": "Ava", "template": "Claude"}],
        }
    )
    dlg = SettingsDialog(config, KeyStore(keyring.backends.fail.Keyring()))
    dlg.setStyleSheet(style_sheet(QApplication.palette(dlg)))
    dlg.resize(960, 620)
    dlg.show()
    page = dlg.templates_page
    dlg.tabs.setCurrentWidget(page)
    [ollama] = [a for a in page.preset_menu.actions() if a.text().startswith("Ollama")]
    ollama.trigger()
    page.connection_test.vision.setChecked(True)
    # what a local Ollama answered when it was tried (no server runs here)
    page.connection_test.succeeded(("An orange ball above green grass, under a blue sky.", 1.4))
    await settle()
    save(dlg, "settings")
    dlg.close()


async def startup_shot(home: Path, save: Save, settle: Settle) -> None:
    """The start-up problem dialog on a configuration file with a missing comma."""
    path = home / "broken" / "fuseforks.json"
    path.parent.mkdir()
    path.write_text(BROKEN_JSON, encoding="utf-8")
    problem = read_start(path, True)
    assert isinstance(problem, StartupProblem)
    dlg = StartupProblemDialog(problem)
    dlg.setStyleSheet(style_sheet(QApplication.palette(dlg)))
    dlg.resize(760, 360)
    dlg.show()
    await settle()
    save(dlg, "startup")
    dlg.close()
