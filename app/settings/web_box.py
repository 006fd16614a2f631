"""Settings › Village › Web companion (issue 16, WC-14, WC-15): serve this village to a browser.

The switch applies at once (not with Save: it is not part of the configuration file): on starts
the companion on this computer only (127.0.0.1); "Also on the local network" serves it on every
interface, for a phone in the same network. The address is shown; "Copy sign-in link" puts the
address with the token in its fragment on the clipboard (the page keeps the token, the server
never sees it in a URL); "Show QR code" draws the same link as a QR code for a phone's camera
(hidden until asked: it carries the token, WC-42; without the local network its caption says that a
phone cannot open it); "New token" signs every page out. Starting and stopping run on the loop
through ``Background``; a failure (the port, the keyring) is said in the box and the switch goes
back off. Without a control (no store, a test) the box is disabled.
"""

from __future__ import annotations

from typing import Protocol

from PySide6.QtCore import QSignalBlocker, Qt
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QCheckBox, QGroupBox, QHBoxLayout, QLabel, QPushButton, QVBoxLayout, QWidget

from app.background import Background
from app.widgets.qr_code import QrCode


class CompanionControl(Protocol):
    """What the box drives (``web.control.CompanionSwitch``)."""

    @property
    def running(self) -> bool: ...

    @property
    def lan(self) -> bool: ...

    def address(self) -> str: ...

    def sign_in_link(self) -> str: ...

    async def start(self, *, lan: bool = False) -> str: ...

    async def stop(self) -> None: ...

    def rotate(self) -> str: ...


class WebCompanionBox(QGroupBox):
    def __init__(self, control: CompanionControl | None, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("webCompanionBox")
        self.control = control
        self.background = Background(self, failure=self._failed)
        self.on = QCheckBox()
        self.lan = QCheckBox()
        self.address = QLabel()
        self.address.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.copy = QPushButton()
        self.new_token = QPushButton()
        self.show_qr = QPushButton()
        self.show_qr.setCheckable(True)
        self.qr = QrCode()
        self.qr.hide()
        self.qr_caption = QLabel()
        self.qr_caption.setWordWrap(True)
        self.qr_caption.hide()
        self.status = QLabel()
        self.status.setWordWrap(True)
        buttons = QHBoxLayout()
        buttons.addWidget(self.copy)
        buttons.addWidget(self.show_qr)
        buttons.addWidget(self.new_token)
        buttons.addStretch(1)
        layout = QVBoxLayout(self)
        for widget in (self.on, self.lan, self.address):
            layout.addWidget(widget)
        layout.addLayout(buttons)
        layout.addWidget(self.qr)
        layout.addWidget(self.qr_caption)
        layout.addWidget(self.status)
        self.on.toggled.connect(lambda _on: self._apply())
        self.lan.toggled.connect(lambda _on: self._apply() if self.on.isChecked() else None)
        self.copy.clicked.connect(self._copy)
        self.new_token.clicked.connect(self._rotate)
        self.show_qr.toggled.connect(lambda _on: self._show())
        self.setEnabled(control is not None)
        if control is not None:
            with QSignalBlocker(self.on), QSignalBlocker(self.lan):
                self.on.setChecked(control.running)
                self.lan.setChecked(control.running and control.lan)
        self.retranslate()

    def retranslate(self) -> None:
        self.setTitle(self.tr("Web companion"))
        self.on.setText(self.tr("Serve this village to a web browser on this computer"))
        self.lan.setText(self.tr("Also on the local network (a phone in the same network)"))
        self.copy.setText(self.tr("Copy sign-in link"))
        self.new_token.setText(self.tr("New token"))
        self._show()

    def _show(self) -> None:
        address = self.control.address() if self.control is not None else ""
        self.address.setText(address or self.tr("Off"))
        self.copy.setEnabled(bool(address))
        self.show_qr.setEnabled(bool(address))
        self.new_token.setEnabled(self.control is not None)
        shown = bool(address) and self.show_qr.isChecked()
        self.show_qr.setText(self.tr("Hide QR code") if shown else self.tr("Show QR code"))
        self.qr.show_text(self.control.sign_in_link() if shown and self.control is not None else "")
        self.qr.setVisible(shown)
        self.qr_caption.setText(self._caption())
        self.qr_caption.setVisible(shown)

    def _caption(self) -> str:
        """Under the code: a phone cannot open a 127.0.0.1 link, so without the local network the
        caption says how to reach it instead of asking for the phone's camera."""
        if self.control is not None and self.control.lan:
            return self.tr(
                "Scan it with the phone's camera. It carries the token: show it only to your own devices."
            )
        return self.tr(
            "This link opens on this computer only (127.0.0.1): for a phone, tick “Also on the local "
            "network” first. It carries the token: show it only to your own devices."
        )

    def _apply(self) -> None:
        control = self.control
        if control is None:
            return
        self.on.setEnabled(False)
        self.lan.setEnabled(False)
        work = control.start(lan=self.lan.isChecked()) if self.on.isChecked() else control.stop()
        self.background.run(work, lambda _result: self._done(""))

    def _done(self, text: str) -> None:
        self.on.setEnabled(True)
        self.lan.setEnabled(True)
        with QSignalBlocker(self.on):
            self.on.setChecked(self.control is not None and self.control.running)
        self.status.setText(text)
        self._show()

    def _failed(self, exc: BaseException) -> None:
        self._done(self.tr("The web companion could not start: {error}").format(error=exc))

    def _copy(self) -> None:
        if self.control is None or not self.control.sign_in_link():
            return
        QGuiApplication.clipboard().setText(self.control.sign_in_link())
        self.status.setText(
            self.tr("Sign-in link copied. It carries the token: open it only on your own devices.")
        )

    def _rotate(self) -> None:
        if self.control is None:
            return
        try:
            self.control.rotate()
        except Exception as exc:  # the keyring refused: the old token stays
            self.status.setText(self.tr("No new token: {error}").format(error=type(exc).__name__))
            return
        self.status.setText(self.tr("New token made: every signed-in page must sign in again."))
        self._show()  # the QR code carries the new token
