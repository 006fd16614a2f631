"""The model of a template: an editable combo box, and the list the provider offers for it.

Typing a model name always works; "Fetch models" asks the provider (``core.llm.http.list_models``:
OpenAI-compatible and local servers ``GET {base}/models``, Anthropic ``GET /v1/models``, Gemini
``GET /v1beta/models``, xAI and Meta ``GET /v1/models``) on the qasync loop and fills the list.
A failure is shown beside the button and never blocks typing. Lists are kept for the dialog's life
per endpoint and key entry, so going back to a template shows its list again without a request.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any

import httpx
from PySide6.QtCore import Signal
from PySide6.QtWidgets import QComboBox, QHBoxLayout, QLabel, QLineEdit, QPushButton, QWidget

from app.background import Background
from app.keys import KeyStore
from core.config import OFFLINE_DEMO, Template
from core.llm import ProviderError, ProviderHTTPError
from core.llm.http import list_models
from core.log import LOG

from .connection_test import edited_template


class ModelBox(QComboBox):
    """An editable combo box that reads like a line edit (``text``, ``setText``, ``textEdited``)."""

    textEdited = Signal(str)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setEditable(True)
        self.setInsertPolicy(QComboBox.InsertPolicy.NoInsert)
        self.setObjectName("modelBox")
        line = self.lineEdit()
        assert line is not None  # editable
        self.line: QLineEdit = line
        self.line.textEdited.connect(self.textEdited)
        self.textActivated.connect(self.textEdited)  # a name picked from the list

    def text(self) -> str:
        return self.currentText()

    def setText(self, text: str) -> None:
        self.setEditText(text)

    def setPlaceholderText(self, text: str) -> None:
        super().setPlaceholderText(text)
        self.line.setPlaceholderText(text)

    def set_models(self, names: list[str]) -> None:
        """The offered names; the typed text stays as it is."""
        text = self.text()
        self.blockSignals(True)
        self.clear()
        self.addItems(names)
        self.setEditText(text)
        self.blockSignals(False)


class ModelFetch(QWidget):
    """The "Fetch models" button and its status, for ``current()`` (the template on screen)."""

    def __init__(
        self,
        keys: KeyStore,
        current: Callable[[], dict[str, Any] | None],
        box: ModelBox,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.keys = keys
        self.current = current
        self.box = box
        self.background = Background(self)
        self.task: asyncio.Task[Any] | None = None
        self.cache: dict[tuple[str, str, str], list[str]] = {}
        self.generation = 0  # a list fetched for another template is not shown on this one
        self.button = QPushButton()
        self.button.setObjectName("fetchModels")
        self.button.clicked.connect(self.fetch)
        self.status = QLabel()
        self.status.setObjectName("modelsStatus")
        self.status.setWordWrap(True)
        row = QHBoxLayout(self)
        row.setContentsMargins(0, 0, 0, 0)
        row.addWidget(self.button)
        row.addWidget(self.status, 1)
        self.status.setVisible(False)
        row.addStretch(0)

    def retranslate(self) -> None:
        self.button.setText(self.tr("Fetch models"))

    def say(self, text: str, ok: bool = True) -> None:
        self.status.setText(text)
        self.status.setVisible(bool(text))  # no empty line in the form
        self.status.setProperty("ok", "true" if ok else "false")
        self.status.style().unpolish(self.status)
        self.status.style().polish(self.status)

    @staticmethod
    def _where(template: Template) -> tuple[str, str, str]:
        return (template.protocol, template.base_url, template.key or "")

    def shown(self) -> None:
        """Another template is on screen: its list, if fetched before."""
        if self.task is not None:
            self.task.cancel()
        self.task = None
        self.generation += 1
        self.say("")
        t = self.current()
        template = edited_template(t) if t is not None else None
        names = self.cache.get(self._where(template), []) if isinstance(template, Template) else []
        self.box.set_models(names)

    def fetch(self) -> None:
        t = self.current()
        if t is None or self.task is not None:
            return
        template = edited_template(t)
        if isinstance(template, str):
            self.say(self.tr("Fix the template first: {problems}").format(problems=template), False)
            return
        if template.protocol == OFFLINE_DEMO:
            self.box.set_models(["demo"])
            return
        key = self.keys.get(template.key) if template.key else None
        if template.key and not key:
            self.say(self.tr('No key is stored under "{entry}" yet.').format(entry=template.key), False)
            return
        self.say(self.tr("Asking the provider for its models …"))
        self.generation += 1
        mine = self.generation
        listed = self._listed(template)
        self.task = self.background.run(
            self._list(template, key),
            lambda names: listed(names) if mine == self.generation else None,
            lambda exc: self._failed(exc) if mine == self.generation else None,
        )

    async def _list(self, template: Template, key: str | None) -> list[str] | None:
        async with httpx.AsyncClient(follow_redirects=False) as client:
            return await list_models(template, key, client)

    def _listed(self, template: Template) -> Callable[[list[str] | None], None]:
        def done(names: list[str] | None) -> None:
            self.task = None
            if names is None:
                self.say(self.tr("This provider's API offers no model list: type the model name."))
                return
            self.cache[self._where(template)] = names
            self.box.set_models(names)
            self.say(self.tr("{count} models").format(count=len(names)))

        return done

    def _failed(self, exc: BaseException) -> None:
        self.task = None
        if isinstance(exc, ProviderHTTPError):
            text = self.tr("No model list: HTTP {status}: {message}").format(
                status=exc.status, message=exc.message
            )
        elif isinstance(exc, ProviderError):
            text = self.tr("No model list: {error}").format(error=exc)
        else:
            text = self.tr("No model list: {error}").format(error=f"{type(exc).__name__}: {exc}")
        self.say(LOG.redact(text, key_shapes=True), False)
