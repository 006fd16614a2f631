"""GUI test fixtures: the qasync loop for async tests, the GC guard, language switching, a real
Secret Service."""

from __future__ import annotations

import asyncio
import gc
import os
import shutil
import subprocess
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import qasync
from PySide6.QtCore import QTranslator
from PySide6.QtWidgets import QApplication

from app import gc_guard
from app.i18n import Translations


@pytest.fixture(autouse=True, scope="session")
def _gc_on_the_gui_thread() -> Iterator[None]:
    """As in the app (app/gc_guard.py): no cyclic collection in worker threads, where it could
    destroy a Qt object off its thread."""
    app = QApplication.instance() or QApplication([])
    # a test that closes its last window must not stop the event loop it still awaits on (which
    # test ran before it decided this until now); the launcher's own run sets what it needs
    app.setQuitOnLastWindowClosed(False)
    guard = gc_guard.install(app)
    yield
    guard.uninstall()


@pytest.fixture(autouse=True)
def _collect_after_each_test() -> Iterator[None]:
    yield
    gc.collect()


def _qasync_loop_factory() -> asyncio.AbstractEventLoop:
    app = QApplication.instance() or QApplication([])
    return qasync.QEventLoop(app)


def pytest_asyncio_loop_factories(config: pytest.Config, item: pytest.Item) -> dict[str, Any]:
    """Every async GUI test runs on the qasync loop (pytest-asyncio's loop-factory hook: every
    ``@pytest.mark.asyncio`` test is parametrised over the factories returned here)."""
    return {"qasync": _qasync_loop_factory}


@pytest.fixture
def translations(qapp: QApplication) -> Iterator[Translations]:
    """Run-time language switching (``set_language``); uninstalled after the test."""
    tr = Translations(qapp)
    yield tr
    tr.uninstall()


@pytest.fixture
def secret_service(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    """A real Secret Service: a private dbus-daemon + gnome-keyring-daemon, unlocked with an empty
    password (headless Linux has none by default)."""
    if not (shutil.which("dbus-daemon") and shutil.which("gnome-keyring-daemon")):
        pytest.skip("needs dbus-daemon and gnome-keyring-daemon (apt-get install dbus gnome-keyring)")
    home = tmp_path_factory.mktemp("sshome")
    saved = {k: os.environ.get(k) for k in ("DBUS_SESSION_BUS_ADDRESS", "HOME", "XDG_DATA_HOME")}
    bus = subprocess.Popen(
        ["dbus-daemon", "--session", "--nofork", "--print-address=1"],
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
    )
    assert bus.stdout is not None
    os.environ.update(
        DBUS_SESSION_BUS_ADDRESS=bus.stdout.readline().strip(),
        HOME=str(home),
        XDG_DATA_HOME=str(home / "data"),
    )
    daemon = subprocess.run(
        ["gnome-keyring-daemon", "--unlock", "--components=secrets"],
        input=b"test-password",
        capture_output=True,
        timeout=10,
        check=False,
    )
    from keyring.backends import SecretService

    kr = SecretService.Keyring()
    try:
        yield kr, home
    finally:
        pid = next(
            (
                ln.split("=", 1)[1]
                for ln in daemon.stdout.decode().splitlines()
                if ln.startswith("GNOME_KEYRING_PID=")
            ),
            None,
        )
        if pid:
            subprocess.run(["kill", pid], check=False)
        bus.terminate()
        bus.wait(5)
        bus.stdout.close()
        for k, v in saved.items():
            if v is None:
                os.environ.pop(k, None)
            else:
                os.environ[k] = v


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """The offscreen platform's harmless "does not support propagateSizeHints()/raise()/grabbing the
    keyboard" (it has no window system: a shown window or an open menu says so; nothing is wrong)."""
    here = Path(__file__).parent
    for item in items:
        if here in Path(str(item.fspath)).parents:
            item.add_marker(
                pytest.mark.qt_log_ignore(
                    r"This plugin does not support (propagateSizeHints\(\)|raise\(\)|grabbing the keyboard)"
                )
            )


@pytest.fixture
def app_state(qapp: QApplication) -> Iterator[None]:
    """As ``run`` sets it up (the loop ends when ``run_app`` returns, not with the last window);
    ``run_app`` installs a GC guard and translators on the application: removed after the test."""
    guards = set(qapp.findChildren(gc_guard.MainThreadGc))
    translators = set(qapp.findChildren(QTranslator))
    quits = qapp.quitOnLastWindowClosed()
    qapp.setQuitOnLastWindowClosed(False)
    yield
    qapp.setQuitOnLastWindowClosed(quits)
    for guard in set(qapp.findChildren(gc_guard.MainThreadGc)) - guards:
        guard.uninstall()
        guard.setParent(None)
    for translator in set(qapp.findChildren(QTranslator)) - translators:
        qapp.removeTranslator(translator)
        translator.setParent(None)
