"""Screenshots of the demo village for the docs.

    QT_QPA_PLATFORM=offscreen .venv/bin/python tools/screenshots.py docs/screenshots
    QT_QPA_PLATFORM=offscreen .venv/bin/python -m app.screenshots docs/screenshots   (the same)

Runs the demo village (the real camera simulator subprocess, the offline demo model) in a
temporary HOME, sends one live-view request through the input box, stages the other scenes through
the real window and dialog APIs (``app.screenshot_scenes``), and saves with ``QWidget.grab()``:

1. ``01-live-view.png``: the main window after the turn (tool row "(1 image: JPEG … KB)", preview);
2. ``02-tool-row-expanded.png``: the same with the tool row opened (exact input and output);
3. ``03-settings-agent-template.png``: Settings, agent page, the template being switched;
4. ``04-main-ja.png``: a turn in a Japanese village;
5. ``05-main-zh.png``: a turn in a Chinese village;
6. ``06-conversations.png``: three conversations (one renamed) and "Earlier conversations";
7. ``07-markdown-answer.png``: a Markdown answer with a code block, then a failed turn;
8. ``08-viewer-zoomed.png``: the picture viewer zoomed in on the camera frame;
9. ``09-settings-preset.png``: Settings, Ollama added from a preset, Test connection passed;
10. ``10-startup-problem.png``: the start-up problem dialog on a JSON syntax error;
11. ``11-dark-theme.png``: the main window after the turn in a dark palette;
12. ``12-mcp-servers.png``: the MCP servers panel, one server connected (tools shown), one failed;
13. ``13-watch-dialog.png``: the watch dialog, its region drawn on the camera's live picture;
14. ``14-watch-panel.png``: the watch panel: the live meter, the change score, a budget pause;
15. ``15-timeline.png``: the Timeline tab, a day of camera events, the newest opened
    (``app.screenshot_timeline``);
16. ``16-watch-notification.png``: a watch's notification, the card in the window.

``--only NAME …`` makes only the scenes named (``village``, ``studio``, ``settings``, ``startup``,
``ja``, ``zh``, ``watch``, ``timeline``), for a quick test.

Nothing outside the temporary HOME is read or written except the output folder.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import sys
import tempfile
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

import keyring.backends.fail
from PySide6.QtCore import QPoint, QPointF
from PySide6.QtGui import QPainter, QPalette
from PySide6.QtWidgets import QApplication, QWidget

from app.demo import DEMO_AGENT_ID, DemoCamera, demo_config
from app.i18n import Translations
from app.keys import KeyStore
from app.launcher import finish_pending, make_runtime
from app.loop import make_loop
from app.main_window import MainWindow
from app.screenshot_scenes import dark_palette, settings_shot, startup_shot, studio_shots
from app.screenshot_timeline import timeline_shots
from app.watch_shots import watch_shots
from app.widgets.chat import ChatView
from core.config import Template
from core.llm import DEFAULT_BASE_URLS
from core.log import LOG

SIZE = (1280, 800)
CJK_SIZE = (1280, 880)  # Japanese and Chinese lines wrap more: the whole turn still fits
ASK = {
    "en": "Take one live view frame and describe it in one sentence.",
    "ja": "ライブビューを1枚撮って、一文で説明してください。",
    "zh": "拍一张实时取景画面，用一句话描述它。",
}
NAMES = {
    "live": "01-live-view.png",
    "expanded": "02-tool-row-expanded.png",
    "agent-template": "03-settings-agent-template.png",
    "ja": "04-main-ja.png",
    "zh": "05-main-zh.png",
    "conversations": "06-conversations.png",
    "markdown": "07-markdown-answer.png",
    "viewer": "08-viewer-zoomed.png",
    "settings": "09-settings-preset.png",
    "startup": "10-startup-problem.png",
    "dark": "11-dark-theme.png",
    "servers": "12-mcp-servers.png",
    "watch-dialog": "13-watch-dialog.png",
    "watch-panel": "14-watch-panel.png",
    "timeline": "15-timeline.png",
    "notification": "16-watch-notification.png",
}
SCENES = ("village", "ja", "zh", "studio", "settings", "startup", "watch", "timeline")


@dataclass(frozen=True)
class Shot:
    path: Path
    width: int
    height: int


@contextmanager
def temporary_home() -> Iterator[Path]:
    """HOME and the XDG folders in a throwaway directory (restored afterwards)."""
    names = ("HOME", "XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_STATE_HOME", "XDG_CACHE_HOME")
    saved = {k: os.environ.get(k) for k in names}
    with tempfile.TemporaryDirectory(prefix="fuseforks-shots-") as tmp:
        home = Path(tmp)
        os.environ["HOME"] = str(home)
        for var, sub in zip(names[1:], (".config", ".local/share", ".local/state", ".cache"), strict=True):
            (home / sub).mkdir(parents=True, exist_ok=True)
            os.environ[var] = str(home / sub)
        try:
            yield home
        finally:
            for k, v in saved.items():
                if v is None:
                    os.environ.pop(k, None)
                else:
                    os.environ[k] = v


async def until(cond: Callable[[], bool], within: float = 30.0) -> None:
    async with asyncio.timeout(within):
        while not cond():  # noqa: ASYNC110 - polls Qt state, which has no asyncio event
            await asyncio.sleep(0.02)


async def settle() -> None:
    """Let queued layout, scroll and paint events run (the qasync loop runs them while we sleep;
    calling processEvents() from a coroutine would step other tasks re-entrantly)."""
    for _ in range(6):
        await asyncio.sleep(0.05)


def save(widget: QWidget, path: Path, popup: QWidget | None = None, under: QWidget | None = None) -> Shot:
    """``widget.grab()`` as PNG. ``popup`` (an open list: its own window, which ``grab`` leaves
    out) is painted just below ``under`` (the offscreen screen is small, so its real place is not)."""
    pixmap = widget.grab()
    if popup is not None and under is not None and popup.isVisible():
        painter = QPainter(pixmap)
        painter.drawPixmap(under.mapTo(widget, QPoint(0, under.height())), popup.grab())
        painter.end()
    if not pixmap.save(str(path), "PNG"):
        raise OSError(f"could not write {path}")
    return Shot(path, pixmap.width(), pixmap.height())


class Shots:
    """The pictures taken so far, in order, saved into ``out`` under ``NAMES``."""

    def __init__(self, out: Path) -> None:
        self.out = out
        self.taken: list[Shot] = []

    def __call__(
        self, widget: QWidget, key: str, popup: QWidget | None = None, under: QWidget | None = None
    ) -> Shot:
        shot = save(widget, self.out / NAMES[key], popup, under)
        self.taken.append(shot)
        return shot


async def village_shots(language: str, camera_url: str, home: Path, shots: Shots) -> None:
    """One window in ``language``: a live-view turn typed into the input box, then the pictures."""
    app = QApplication.instance()
    assert isinstance(app, QApplication)
    keys = KeyStore(keyring.backends.fail.Keyring())  # no key is needed, none is touched
    config = demo_config(camera_url, language=language)
    if language == "en":  # a second template, so Settings has something to switch to
        config.templates.append(
            Template(
                name="Claude",
                protocol="anthropic",
                model="claude-sonnet-4-5",
                base_url=DEFAULT_BASE_URLS["anthropic"],
                key="anthropic",
            )
        )
    translations = Translations(app)
    translations.set_language(language)
    rt = make_runtime(config, keys, store_dir=home / f"data-{language}")
    win = MainWindow(
        rt.village,
        keys,
        translations=translations,
        demo=True,
        history=rt.history,
        conversations=rt.conversations,
        servers=rt.provider,
    )
    win.resize(*(SIZE if language == "en" else CJK_SIZE))
    win.show()
    try:
        await rt.village.start()
        win.refresh_agents()
        win.input.setPlainText(ASK[language])
        win.send_button.click()
        await until(lambda: DEMO_AGENT_ID not in win.handles)
        chat = win.chats[DEMO_AGENT_ID]
        await until(lambda: len(chat.previews) == 1 and chat.previews[0].image is not None)
        await settle()
        if language != "en":
            shots(win, language)
            return
        shots(win, "live")
        (row,) = win.panels[DEMO_AGENT_ID].rows.values()
        row.set_expanded(True)
        await settle()
        shots(win, "expanded")
        row.set_expanded(False)
        await agent_template_shot(win, shots)
        await viewer_shot(chat, shots)
        await dark_shot(app, win, shots)
    finally:
        win.close()
        translations.uninstall()
        await rt.village.close()
        if rt.store is not None:
            rt.store.close()


async def agent_template_shot(win: MainWindow, shots: Shots) -> None:
    dlg = win.open_settings()
    dlg.tabs.setCurrentIndex(1)
    dlg.agents_page.agent_list.setCurrentRow(0)
    dlg.agents_page.a_template.setCurrentText("Claude")  # shown, never saved
    dlg.resize(960, 620)
    await settle()
    dlg.agents_page.a_template.showPopup()  # the open list is its own window: painted onto the dialog's picture
    await settle()
    shots(dlg, "agent-template", dlg.agents_page.a_template.view().window(), dlg.agents_page.a_template)
    dlg.agents_page.a_template.hidePopup()
    dlg.close()


async def viewer_shot(chat: ChatView, shots: Shots) -> None:
    preview = chat.previews[0]
    preview.open_full_size()
    viewer = preview.viewer
    assert viewer is not None
    viewer.resize(900, 640)
    await settle()
    port = viewer.area.viewport()
    viewer.zoom_by(2.5, QPointF(port.width() * 0.33, port.height() * 0.55))
    await settle()
    shots(viewer, "viewer")
    viewer.close()


async def dark_shot(app: QApplication, win: MainWindow, shots: Shots) -> None:
    light = QPalette(app.palette())
    app.setPalette(dark_palette())  # the window restyles itself on the palette change
    try:
        await settle()
        shots(win, "dark")
    finally:
        app.setPalette(light)
        await settle()


async def all_shots(out: Path, home: Path, only: set[str]) -> list[Shot]:
    camera = DemoCamera()
    url = await camera.start()
    shots = Shots(out)
    try:
        for language in ("en", "ja", "zh"):
            if (language if language != "en" else "village") in only:
                await village_shots(language, url, home, shots)
        if "studio" in only:
            await studio_shots(url, home, shots, settle)
        if "settings" in only:
            await settings_shot(shots, settle)
        if "startup" in only:
            await startup_shot(home, shots, settle)
        if "watch" in only:
            await watch_shots(shots, settle)
        if "timeline" in only:
            await timeline_shots(shots, settle)
        return shots.taken
    finally:
        await camera.stop()


def take_screenshots(out: Path, only: Iterable[str] = SCENES) -> list[Shot]:
    """Write the PNGs of the scenes ``only`` into ``out``; returns them in the order taken."""
    out.mkdir(parents=True, exist_ok=True)
    app = QApplication.instance() or QApplication([sys.argv[0]])
    assert isinstance(app, QApplication)
    app.setQuitOnLastWindowClosed(False)
    with temporary_home() as home:
        LOG.configure(home / "log")
        loop = make_loop(app)
        try:
            shots: list[Shot] = loop.run_until_complete(all_shots(out, home, set(only)))
        finally:
            finish_pending(loop)
            loop.close()
            asyncio.set_event_loop(None)
            LOG.close()
    return shots


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("out", type=Path, help="folder for the PNG files")
    parser.add_argument(
        "--only", nargs="+", choices=SCENES, metavar="SCENE", default=list(SCENES), help="scenes to make"
    )
    args = parser.parse_args(argv)
    for shot in take_screenshots(args.out, args.only):
        print(f"{shot.path} {shot.width}x{shot.height} {shot.path.stat().st_size // 1000} KB")
    return 0


if __name__ == "__main__":
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    raise SystemExit(main())
