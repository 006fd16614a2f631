"""Test connection on a template: one tiny request through the real backend
(``core.llm.http.http_backend``, the template's own timeout, retries and streaming), on the
qasync loop, so the dialog never freezes; the button cancels a test still running.

The result is the model's answer with the time it took, or the exact error: the HTTP status with
the provider's own message (and code), a key not stored, an endpoint not reached. The vision check
sends a frame of the bundled demo camera (an orange ball over grass) and asks what it shows.
Known secrets are redacted from what is shown (``complete_redacted``).
"""

from __future__ import annotations

import asyncio
import copy
import time
from collections.abc import Callable
from typing import Any

import httpx
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QCheckBox, QHBoxLayout, QLabel, QPushButton, QVBoxLayout, QWidget

from app.background import Background
from app.demo_camera.frames import jpeg_frame
from app.keys import KeyStore
from core.canonical import ChatMessage, ChatRequest, ImageData, Role
from core.config import OFFLINE_DEMO, ConfigError, Template, parse_config
from core.llm import (
    DEFAULT_BASE_URLS,
    ProviderError,
    ProviderHTTPError,
    ProviderTransportError,
    complete_redacted,
)
from core.llm.http import http_backend
from core.log import LOG
from core.tool_image import normalize

PROMPT = "This is a connection test. Reply with the single word OK."
VISION_PROMPT = "This is a connection test. Describe this picture in one short sentence."
MAX_TOKENS = 1024  # room for a reasoning model's thinking before its one word


def edited_template(template: dict[str, Any]) -> Template | str:
    """The template as edited (not yet saved), or its problems as one line."""
    try:
        return parse_config({"templates": [copy.deepcopy(template)]}).templates[0]
    except ConfigError as exc:
        return "; ".join(f"{path.removeprefix('templates[0].')}: {msg}" for path, msg in exc.problems)


def vision_image() -> ImageData:
    image = normalize(jpeg_frame(7))
    assert isinstance(image, ImageData)  # the bundled frame is a small JPEG
    return image


class ConnectionTest(QWidget):
    """The Test connection row of the Templates page, for ``current()`` (the template on screen)."""

    def __init__(
        self, keys: KeyStore, current: Callable[[], dict[str, Any] | None], parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self.keys = keys
        self.current = current
        self.background = Background(self)
        self.task: asyncio.Task[Any] | None = None
        self.url = ""
        self.generation = 0  # a result of an earlier test (another template's) is dropped
        self.button = QPushButton()
        self.button.setObjectName("testConnection")
        self.button.clicked.connect(self.start)
        self.vision = QCheckBox()
        self.result = QLabel()
        self.result.setObjectName("testResult")
        self.result.setWordWrap(True)
        self.result.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        row = QHBoxLayout()
        row.setContentsMargins(0, 0, 0, 0)
        row.addWidget(self.button)
        row.addWidget(self.vision)
        row.addStretch(1)
        box = QVBoxLayout(self)
        box.setContentsMargins(0, 0, 0, 0)
        box.addLayout(row)
        box.addWidget(self.result)

    def retranslate(self) -> None:
        self.button.setText(self.tr("Cancel test") if self.running() else self.tr("Test connection"))
        self.vision.setText(self.tr("with a picture (vision check)"))
        self.vision.setToolTip(self.tr("Sends a frame of the demo camera and asks the model what it shows"))

    def running(self) -> bool:
        """Until its result is shown (the task is done a moment before its callback runs)."""
        return self.task is not None

    def reset(self) -> None:
        """Another template is on screen: a running test is cancelled, its result cleared."""
        if self.running():
            assert self.task is not None
            self.task.cancel()
        self.task = None
        self.generation += 1
        self.show_result("", None)

    def show_result(self, text: str, ok: bool | None) -> None:
        self.result.setText(text)
        self.result.setVisible(bool(text))  # no empty line under the button
        self.result.setProperty("ok", "" if ok is None else ("true" if ok else "false"))
        self.result.style().unpolish(self.result)
        self.result.style().polish(self.result)
        self.retranslate()

    # ---------------------------------------------------------------- the test
    def start(self) -> None:
        if self.running():
            self.reset()
            self.show_result(self.tr("Test cancelled."), None)
            return
        t = self.current()
        if t is None:
            return
        template = edited_template(t)
        if isinstance(template, str):
            self.show_result(self.tr("Fix the template first: {problems}").format(problems=template), False)
            return
        if template.protocol == OFFLINE_DEMO:
            self.show_result(
                self.tr("The offline demo needs no connection: it answers on this computer."), True
            )
            return
        key = self.keys.get(template.key) if template.key else None
        if template.key and not key:
            self.show_result(
                self.tr(
                    'No key is stored under the keyring entry "{entry}": paste it below and press Store key.'
                ).format(entry=template.key),
                False,
            )
            return
        self.url = template.base_url or DEFAULT_BASE_URLS.get(template.protocol, "-")
        self.generation += 1
        mine = self.generation
        self.task = self.background.run(
            self.probe(template, key, self.vision.isChecked()),
            lambda result: self.succeeded(result) if mine == self.generation else None,
            lambda exc: self.failed(exc) if mine == self.generation else None,
        )
        self.show_result(self.tr("Sending a test request to {url} …").format(url=self.url), None)

    async def probe(self, template: Template, key: str | None, vision: bool) -> tuple[str, float]:
        image = await asyncio.to_thread(vision_image) if vision else None
        message = ChatMessage(
            Role.USER, VISION_PROMPT if image else PROMPT, attachments=[image] if image else []
        )
        request = ChatRequest(
            template.model, "", [message], [], max_tokens=min(template.max_output_tokens, MAX_TOKENS)
        )
        started = time.monotonic()
        async with httpx.AsyncClient(follow_redirects=False) as client:
            response = await complete_redacted(http_backend(template, key, client), request)
        return response.message.text.strip(), time.monotonic() - started

    def succeeded(self, result: tuple[str, float]) -> None:
        text, seconds = result
        self.task = None
        if not text:
            self.show_result(
                self.tr("Connected in {seconds} s, but the model answered with no text.").format(
                    seconds=f"{seconds:.1f}"
                ),
                False,
            )
            return
        self.show_result(
            self.tr("Connected in {seconds} s. The model answered: {answer}").format(
                seconds=f"{seconds:.1f}", answer=text[:400]
            ),
            True,
        )

    def failed(self, exc: BaseException) -> None:
        self.task = None
        if isinstance(exc, ProviderHTTPError):
            code = f" ({exc.provider_code})" if exc.provider_code else ""
            text = self.tr("The provider refused the request: HTTP {status}{code}: {message}").format(
                status=exc.status, code=code, message=exc.message
            )
        elif isinstance(exc, ProviderTransportError):
            text = self.tr("{url} could not be reached: {error}").format(url=self.url, error=exc)
        elif isinstance(exc, ProviderError):
            text = self.tr("The answer could not be read: {error}").format(error=exc)
        else:
            text = self.tr("The test failed: {error}").format(error=f"{type(exc).__name__}: {exc}")
        self.show_result(LOG.redact(text, key_shapes=True), False)
