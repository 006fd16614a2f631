"""The Storage page of the settings dialog (issue 14): how much disk the history takes, split into
the database, images and texts, spilled tool results and media-cache copies; how long
conversations are kept (``village.keep_days``, saved with the dialog); and "Clean up now".

The disk is walked and cleaned in a worker thread (``Background.in_thread``), never on the GUI
thread: a big store takes a while. Without a store (the app runs without history) the page says
so and its button is off.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QEvent
from PySide6.QtGui import QShowEvent
from PySide6.QtWidgets import QFormLayout, QLabel, QPushButton, QSpinBox, QVBoxLayout, QWidget

from app.background import Background
from core.config import Config
from core.conversations import Conversations
from core.store.gc import GcReport
from core.store.usage import DiskUse, StoreCare

MAX_DAYS = 36500  # core/config/schema.py: village.keep_days


def megabytes(n: int) -> str:
    return f"{n / 1_000_000:.1f}"


def store_care(conversations: Conversations | None, config: Callable[[], Config]) -> StoreCare | None:
    """The Storage page's store with the running configuration's media folder and retention;
    None when the app runs without history."""
    if conversations is None:
        return None
    store = conversations.store
    return StoreCare(
        store,
        spill_dir=store.root.parent / "spill",
        media_dir=lambda: config().media_dir(),
        keep_days=lambda: config().village.keep_days,
    )


class StoragePage(QWidget):
    def __init__(self, data: dict[str, Any], care: StoreCare | None, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("storagePage")
        self.data = data
        self.care = care
        self.background = Background(self)
        self.use: DiskUse | None = None
        self.report: GcReport | None = None
        self.values = {key: QLabel() for key in ("database", "blobs", "spill", "media", "total")}
        self.names = {key: QLabel() for key in self.values}
        self.keep = QSpinBox()
        self.keep.setRange(0, MAX_DAYS)
        self.keep.valueChanged.connect(self._keep_changed)
        self.keep_label = QLabel()
        self.clean = QPushButton()
        self.clean.setObjectName("cleanUpNow")
        self.clean.clicked.connect(self.clean_up)
        self.clean.setEnabled(care is not None)
        self.status = QLabel()
        self.status.setWordWrap(True)
        form = QFormLayout()
        for key, value in self.values.items():
            form.addRow(self.names[key], value)
        form.addRow(self.keep_label, self.keep)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(self.clean)
        layout.addWidget(self.status)
        layout.addStretch(1)
        self.fill()
        self.retranslate()

    # ------------------------------------------------------------------ the form
    def fill(self) -> None:
        """Show the form's retention (absent: 0, kept for ever)."""
        self.keep.blockSignals(True)
        self.keep.setValue(int(self.data["village"].get("keep_days") or 0))
        self.keep.blockSignals(False)

    def _keep_changed(self, days: int) -> None:
        if days:
            self.data["village"]["keep_days"] = days
        else:  # the default is not written: the form stays as it was loaded
            self.data["village"].pop("keep_days", None)

    # ------------------------------------------------------------------ the disk
    def refresh(self) -> None:
        if self.care is not None:
            self.background.in_thread(self.care.usage, success=self.show_use)

    def show_use(self, use: DiskUse) -> None:
        self.use = use
        self.retranslate()

    def clean_up(self) -> None:
        if self.care is None:
            return
        self.clean.setEnabled(False)
        self.status.setText(self.tr("Cleaning up…"))
        # the saved retention, never the box's unsaved value: a number typed and then cancelled
        # must not delete conversations (the box is saved with the dialog)
        self.background.in_thread(self.care.clean_up, success=self.cleaned, failure=self._failed)

    def cleaned(self, report: GcReport) -> None:
        self.report = report
        self.clean.setEnabled(True)
        self.retranslate()
        self.refresh()

    def _failed(self, exc: BaseException) -> None:
        self.clean.setEnabled(True)
        self.status.setText(self.tr("The clean-up failed: {error}").format(error=type(exc).__name__))

    def showEvent(self, event: QShowEvent) -> None:
        self.refresh()
        super().showEvent(event)

    # ------------------------------------------------------------------ text
    def title(self) -> str:
        return self.tr("Storage")

    def retranslate(self) -> None:
        names = {
            "database": self.tr("Database"),
            "blobs": self.tr("Images and texts"),
            "spill": self.tr("Spilled tool results"),
            "media": self.tr("Media cache copies"),
            "total": self.tr("Total"),
        }
        for key, label in self.names.items():
            label.setText(names[key])
        for key, label in self.values.items():
            if self.care is None:
                label.setText("—")
            elif self.use is None:
                label.setText("…")
            else:
                label.setText(self.tr("{size} MB").format(size=megabytes(getattr(self.use, key))))
        self.keep_label.setText(self.tr("Keep conversations (days)"))
        self.keep.setSpecialValueText(self.tr("For ever"))
        self.keep.setToolTip(
            self.tr(
                "Older conversations are deleted with their images at start-up and by Clean up now, "
                "except each agent's current one. Saved with the settings."
            )
        )
        self.clean.setText(self.tr("Clean up now"))
        if self.care is None:
            self.status.setText(self.tr("The app runs without history: nothing is stored."))
        elif self.report is not None:
            self.status.setText(
                self.tr("Freed {size} MB: {files} files, {conversations} conversations.").format(
                    size=megabytes(self.report.removed_bytes),
                    files=len(self.report.removed),
                    conversations=len(self.report.expired),
                )
            )
        else:
            self.status.setText("")

    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate()
        super().changeEvent(event)
