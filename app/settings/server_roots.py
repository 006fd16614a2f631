"""The folders an MCP server may know of (its MCP roots), edited beside the server's JSON.

``RootsEditor`` lists the ``roots`` of the server JSON in the editor's text box; "Add folder…"
chooses a folder and "Remove" drops the selected one, both by rewriting the JSON's ``roots``
key (an empty list removes it: the client then declares no roots). Hand edits of the JSON show in
the list when ``refresh`` is called (the editor does so after typing pauses). Changing only the
roots of a running server later sends it ``notifications/roots/list_changed`` (core.mcp.roots).
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from PySide6.QtWidgets import (
    QFileDialog,
    QHBoxLayout,
    QLabel,
    QListWidget,
    QPlainTextEdit,
    QPushButton,
    QVBoxLayout,
    QWidget,
)


class RootsEditor(QWidget):
    """The roots of the server JSON in ``text``; ``choose_folder`` asks for a folder (``None``: none)."""

    def __init__(
        self,
        text: QPlainTextEdit,
        choose_folder: Callable[[QWidget], str | None] | None = None,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.text = text
        self.choose_folder = choose_folder
        self.label = QLabel()
        self.label.setWordWrap(True)
        self.folders = QListWidget()
        self.folders.setObjectName("serverRoots")
        self.folders.setMaximumHeight(72)
        self.add_button = QPushButton()
        self.add_button.setObjectName("serverRootsAdd")
        self.add_button.clicked.connect(self.add_folder)
        self.remove_button = QPushButton()
        self.remove_button.setObjectName("serverRootsRemove")
        self.remove_button.clicked.connect(self.remove_selected)
        self.folders.currentRowChanged.connect(self._sync_buttons)
        buttons = QVBoxLayout()
        buttons.addWidget(self.add_button)
        buttons.addWidget(self.remove_button)
        buttons.addStretch(1)
        row = QHBoxLayout()
        row.addWidget(self.folders, 1)
        row.addLayout(buttons)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.label)
        layout.addLayout(row)
        self.retranslate()

    def retranslate(self) -> None:
        self.folders.setAccessibleName(self.tr("Folders"))
        self.label.setText(self.tr("Folders this server may see (MCP roots); none: it is told of no folder"))
        self.add_button.setText(self.tr("Add folder…"))
        self.remove_button.setText(self.tr("Remove"))

    def _spec(self) -> dict[str, Any] | None:
        try:
            spec = json.loads(self.text.toPlainText())
        except ValueError:
            return None
        return spec if isinstance(spec, dict) else None

    def roots(self) -> list[str]:
        spec = self._spec()
        roots = spec.get("roots") if spec is not None else None
        return [r for r in roots if isinstance(r, str)] if isinstance(roots, list) else []

    def refresh(self) -> None:
        """List the JSON's roots again (after the JSON was edited by hand)."""
        self.folders.clear()
        self.folders.addItems(self.roots())
        self.add_button.setEnabled(self._spec() is not None)
        self._sync_buttons()

    def _sync_buttons(self) -> None:
        self.remove_button.setEnabled(self.folders.currentRow() >= 0)

    def _write(self, roots: list[str]) -> None:
        spec = self._spec()
        if spec is None:
            return
        if roots:
            spec["roots"] = roots
        else:
            spec.pop("roots", None)
        self.text.setPlainText(json.dumps(spec, indent=2, ensure_ascii=False))
        self.refresh()

    def add_folder(self) -> None:
        if self.choose_folder is not None:
            folder = self.choose_folder(self)
        else:
            folder = QFileDialog.getExistingDirectory(self, self.tr("Choose a folder")) or None
        roots = self.roots()
        if folder and folder not in roots:
            self._write([*roots, folder])

    def remove_selected(self) -> None:
        row = self.folders.currentRow()
        roots = self.roots()
        if 0 <= row < len(roots):
            self._write(roots[:row] + roots[row + 1 :])
