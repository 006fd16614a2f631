"""The running instance of a store answers a second start: "bring your window to the front".

The store lock (``core.store.lock``) decides who runs; this is only the courtesy on top. The
process that holds the lock listens on a ``QLocalServer`` named after the store's folder
(``server_name``); a second start finds the store locked, sends ``raise <pid>`` through a
``QLocalSocket`` (``ask_to_raise``), waits for ``ok`` and exits 0. When nobody answers (the
holder is not a window, or hangs) the second start names the holding process (``LockedNotice``)
and exits non-zero. Because only the lock holder listens, a stale socket left by a killed holder
is safely removed before listening.
"""

from __future__ import annotations

import hashlib
import os
from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import QObject
from PySide6.QtNetwork import QLocalServer, QLocalSocket
from PySide6.QtWidgets import QWidget

from core.log import event

ASK = b"raise"
ANSWER = b"ok\n"


def server_name(store_folder: Path) -> str:
    """One name per store folder (and user): a second start on another data folder is not ours."""
    key = hashlib.sha256(str(store_folder.resolve()).encode()).hexdigest()[:16]
    return f"fuseforks-{key}"


def bring_to_front(window: QWidget) -> None:
    if window.isMinimized():
        window.showNormal()
    window.show()
    window.raise_()
    window.activateWindow()


class InstanceServer(QObject):
    """Listens for second starts while this process holds the store; ``on_raise`` runs for each."""

    def __init__(self, name: str, on_raise: Callable[[], None], parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.name = name
        self.on_raise = on_raise
        self._server = QLocalServer(self)
        self._server.setSocketOptions(QLocalServer.SocketOption.UserAccessOption)
        self._server.newConnection.connect(self._accept)
        self._buffers: dict[QLocalSocket, bytes] = {}

    def listen(self) -> bool:
        QLocalServer.removeServer(self.name)  # a socket left by a killed holder (we hold the lock)
        if self._server.listen(self.name):
            return True
        event("instance server failed", error=self._server.errorString())
        return False

    def close(self) -> None:
        self._server.close()

    def _accept(self) -> None:
        while self._server.hasPendingConnections():
            sock = self._server.nextPendingConnection()
            self._buffers[sock] = b""
            sock.readyRead.connect(lambda s=sock: self._read(s))
            sock.disconnected.connect(lambda s=sock: self._drop(s))

    def _drop(self, sock: QLocalSocket) -> None:
        self._buffers.pop(sock, None)
        sock.deleteLater()

    def _read(self, sock: QLocalSocket) -> None:
        data = self._buffers.get(sock, b"") + bytes(sock.readAll().data())
        if b"\n" not in data:
            self._buffers[sock] = data[:256]  # a short line or nothing
            return
        line = data.split(b"\n", 1)[0].split()
        self._buffers[sock] = b""
        if not line or line[0] != ASK:
            sock.disconnectFromServer()
            return
        pid = line[1].decode("ascii", "replace") if len(line) > 1 else "-"
        event("instance raise", pid=pid)
        self.on_raise()
        sock.write(ANSWER)
        sock.flush()
        sock.disconnectFromServer()


def ask_to_raise(name: str, within_ms: int = 3000) -> bool:
    """Ask the instance listening on ``name`` to show its window; True when it answered."""
    sock = QLocalSocket()
    sock.connectToServer(name)
    if not sock.waitForConnected(within_ms):
        return False
    sock.write(ASK + f" {os.getpid()}\n".encode())
    sock.waitForBytesWritten(within_ms)
    answer = b""
    while ANSWER not in answer and sock.waitForReadyRead(within_ms):
        answer += bytes(sock.readAll().data())
    answer += bytes(sock.readAll().data())
    sock.abort()
    return ANSWER in answer


class LockedNotice(QObject):
    """What a second start says when the running instance did not answer."""

    def text(self, pid: int | None, lock_file: Path) -> str:
        if pid is None:
            return self.tr(
                "Fuseforks is already running on this data folder, but it did not answer. "
                "Close the other Fuseforks, then start again. (Lock file: {path})"
            ).format(path=lock_file)
        return self.tr(
            "Fuseforks is already running on this data folder (process {pid}), but it did not answer. "
            "Close it, or end process {pid}, then start again. (Lock file: {path})"
        ).format(pid=pid, path=lock_file)
