"""Screenshots of the demo village for the docs.

    QT_QPA_PLATFORM=offscreen .venv/bin/python tools/screenshots.py docs/screenshots
    QT_QPA_PLATFORM=offscreen .venv/bin/python -m app.screenshots docs/screenshots   (the same)

Runs the demo village (the real camera simulator subprocess, the offline demo model) in a
temporary HOME, sends one live-view request through the input box, and saves with
``QWidget.grab()``:

1. ``01-live-view.png``: the main window after the turn (tool row "(1 image: JPEG … KB)", preview);
2. ``02-tool-row-expanded.png``: the same with the tool row opened (exact input and output);
3. ``03-settings-agent-template.png``: Settings, agent page, the template being switched;
4. ``04-main-ja.png``: a turn in a Japanese village;
5. ``05-main-zh.png``: a turn in a Chinese village.

Nothing outside the temporary HOME is read or written except the output folder.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import sys
import tempfile
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

import keyring.backends.fail
import qasync
from PySide6.QtCore import QPoint
from PySide6.QtGui import QPainter
from PySide6.QtWidgets import QApplication, QWidget

from app.demo import DEMO_AGENT_ID, DemoCamera, demo_config
from app.i18n import Translations
from app.keys import KeyStore
from app.launcher import finish_pending, make_runtime
from app.main_window import MainWindow
from core.config import Template
from core.llm import DEFAULT_BASE_URLS
from core.log import LOG

SIZE = (1280, 800)
ASK = {
    "en": "Take one live view frame and describe it in one sentence.",
    "ja": "ライブビューを1枚撮って、一文で説明してください。",
    "zh": "拍一张实时取景画面，用一句话描述它。",
}
NAMES = (
    "01-live-view.png",
    "02-tool-row-expanded.png",
    "03-settings-agent-template.png",
    "04-main-ja.png",
    "05-main-zh.png",
)


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


async def village_shots(language: str, camera_url: str, home: Path, out: Path) -> list[Shot]:
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
    win = MainWindow(rt.village, keys, translations=translations, demo=True, history=rt.history)
    win.resize(*SIZE)
    win.show()
    shots: list[Shot] = []
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
            shots.append(save(win, out / NAMES[3 if language == "ja" else 4]))
            return shots
        shots.append(save(win, out / NAMES[0]))
        (row,) = win.panels[DEMO_AGENT_ID].rows.values()
        row.set_expanded(True)
        await settle()
        shots.append(save(win, out / NAMES[1]))
        row.set_expanded(False)
        dlg = win.open_settings()
        dlg.tabs.setCurrentIndex(1)
        dlg.agents_page.agent_list.setCurrentRow(0)
        dlg.agents_page.a_template.setCurrentText("Claude")  # shown, never saved
        dlg.resize(960, 620)
        await settle()
        dlg.agents_page.a_template.showPopup()  # the open list is its own window: painted onto the dialog's picture
        await settle()
        shots.append(
            save(dlg, out / NAMES[2], dlg.agents_page.a_template.view().window(), dlg.agents_page.a_template)
        )
        dlg.agents_page.a_template.hidePopup()
        dlg.close()
        return shots
    finally:
        win.close()
        translations.uninstall()
        await rt.village.close()
        if rt.store is not None:
            rt.store.close()


async def all_shots(out: Path, home: Path) -> list[Shot]:
    camera = DemoCamera()
    url = await camera.start()
    try:
        shots: list[Shot] = []
        for language in ("en", "ja", "zh"):
            shots += await village_shots(language, url, home, out)
        return shots
    finally:
        await camera.stop()


def take_screenshots(out: Path) -> list[Shot]:
    """Write the five PNGs into ``out``; returns them in order."""
    out.mkdir(parents=True, exist_ok=True)
    app = QApplication.instance() or QApplication([sys.argv[0]])
    assert isinstance(app, QApplication)
    app.setQuitOnLastWindowClosed(False)
    with temporary_home() as home:
        LOG.configure(home / "log")
        loop = qasync.QEventLoop(app)
        asyncio.set_event_loop(loop)
        try:
            shots: list[Shot] = loop.run_until_complete(all_shots(out, home))
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
    args = parser.parse_args(argv)
    for shot in take_screenshots(args.out):
        print(f"{shot.path} {shot.width}x{shot.height} {shot.path.stat().st_size // 1000} KB")
    return 0


if __name__ == "__main__":
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    raise SystemExit(main())
