"""GUI test fixtures: the qasync loop for async tests, scripted backends, real keyring backends."""

from __future__ import annotations

import asyncio
import gc
import io
import os
import shutil
import subprocess
from collections.abc import Iterator
from pathlib import Path
from typing import Any, ClassVar

import keyring
import pytest
import qasync
from PIL import Image
from PySide6.QtWidgets import QApplication

from app import gc_guard
from core.canonical import ChatMessage, ChatRequest, ChatResponse, Role, ToolCall, Usage
from core.llm import TextSink


@pytest.fixture(autouse=True, scope="session")
def _gc_on_the_gui_thread() -> Iterator[None]:
    """As in the app (app/gc_guard.py): no cyclic collection in worker threads, where it could
    destroy a Qt object off its thread."""
    app = QApplication.instance() or QApplication([])
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
    """Every async GUI test runs on the qasync loop (stack.md §3.1)."""
    return {"qasync": _qasync_loop_factory}


async def wait_signal(signal: Any, within: float = 5.0) -> tuple[Any, ...]:
    """``qtbot.waitSignal`` would spin a nested loop; this awaits on the running qasync loop."""
    fut: asyncio.Future[tuple[Any, ...]] = asyncio.get_running_loop().create_future()

    def on(*args: Any) -> None:
        if not fut.done():
            fut.set_result(args)

    signal.connect(on)
    try:
        return await asyncio.wait_for(fut, within)
    finally:
        signal.disconnect(on)


async def until(cond: Any, within: float = 5.0) -> None:
    """Poll ``cond`` on the running loop (the Qt state it reads has no asyncio event)."""
    async with asyncio.timeout(within):
        while not cond():  # noqa: ASYNC110 - polls Qt state, which has no asyncio event
            await asyncio.sleep(0.01)


def jpeg(width: int = 320, height: int = 240, colour: tuple[int, int, int] = (200, 40, 40)) -> bytes:
    buf = io.BytesIO()
    Image.new("RGB", (width, height), colour).save(buf, "JPEG", quality=90)
    return buf.getvalue()


class ScriptedBackend:
    """A ``ModelBackend`` whose label is the template's protocol; it answers from a script.

    ``script`` items: a str (final answer) or a ToolCall (one tool round). ``gate`` (an
    asyncio.Event) makes every call wait until it is set (for Stop tests)."""

    calls: ClassVar[list[str]] = []  # backend labels of every request, across instances

    def __init__(
        self,
        backend: str,
        model: str,
        script: list[str | ToolCall] | None = None,
        gate: asyncio.Event | None = None,
    ) -> None:
        self._backend = backend
        self._model = model
        self.script = list(script or ["ok"])
        self.gate = gate

    @property
    def backend(self) -> str:
        return self._backend

    @property
    def model(self) -> str:
        return self._model

    async def complete(self, request: ChatRequest, on_text: TextSink | None = None) -> ChatResponse:
        ScriptedBackend.calls.append(self._backend)
        if self.gate is not None:
            await self.gate.wait()
        step = self.script.pop(0) if len(self.script) > 1 else self.script[0]
        if isinstance(step, ToolCall):
            return ChatResponse(ChatMessage(Role.ASSISTANT, tool_calls=[step]), Usage(10, 2), "tool_use")
        if on_text is not None:
            on_text(step)
        return ChatResponse(ChatMessage(Role.ASSISTANT, text=step), Usage(10, 5), "end_turn")


@pytest.fixture
def plaintext_keyring(tmp_path: Path) -> Iterator[Any]:
    """keyrings.alt's file backend, kept in tmp (a real backend, not a mock)."""
    from keyrings.alt.file import PlaintextKeyring

    kr = PlaintextKeyring()
    kr.file_path = str(tmp_path / "keyring_pass.cfg")
    old = keyring.get_keyring()
    keyring.set_keyring(kr)
    yield kr
    keyring.set_keyring(old)


@pytest.fixture
def secret_service(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    """A real Secret Service: a private dbus-daemon + gnome-keyring-daemon (stack.md §4.1)."""
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
    """The offscreen platform's harmless "does not support propagateSizeHints()/raise()" (stack.md §3)."""
    here = Path(__file__).parent
    for item in items:
        if here in Path(str(item.fspath)).parents:
            item.add_marker(
                pytest.mark.qt_log_ignore(r"This plugin does not support (propagateSizeHints|raise)\(\)")
            )
