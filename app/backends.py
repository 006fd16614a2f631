"""The backend factory the app hands to the village: one ``ModelBackend`` per template.

``offline-demo`` gives the clearly labelled demo model. The seven wires go through the HTTP
backend of the wires package when it is installed (``wires.backend.make_backend``); the key is read
from the keyring only at this point and only for the request, never shown or logged.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import Any

from core.canonical import ChatRequest, ChatResponse
from core.config import Template
from core.demo_model import BACKEND as OFFLINE_DEMO
from core.demo_model import DemoBackend
from core.llm import ModelBackend, ProviderProtocolError, TextSink
from wires import WIRE_NAMES

from .contracts import BackendFactory
from .keys import KeyStore

PROTOCOLS: tuple[str, ...] = (*WIRE_NAMES, OFFLINE_DEMO)


class UnavailableBackend:
    """A wire whose HTTP backend is not in this build: every request fails with a clear error."""

    def __init__(self, template: Template, reason: str) -> None:
        self._template = template
        self._reason = reason

    @property
    def backend(self) -> str:
        return self._template.protocol

    @property
    def model(self) -> str:
        return self._template.model

    async def complete(self, request: ChatRequest, on_text: TextSink | None = None) -> ChatResponse:
        raise ProviderProtocolError(self._reason)


def _wire_builder() -> Callable[..., Any] | None:
    """``wires.backend.make_backend(template, key=...)`` when the wires package provides it."""
    for module_name, attr in (("wires.backend", "make_backend"), ("core.backend", "make_backend")):
        try:
            module = importlib.import_module(module_name)
        except ImportError:
            continue
        builder = getattr(module, attr, None)
        if callable(builder):
            return builder
    return None


def make_backend_factory(keys: KeyStore, language: Callable[[], str]) -> BackendFactory:
    def factory(template: Template) -> ModelBackend:
        if template.protocol == OFFLINE_DEMO:
            return DemoBackend(language())
        builder = _wire_builder()
        if builder is None:
            return UnavailableBackend(template, f"no HTTP backend for {template.protocol} in this build")
        key = keys.get(template.key)
        backend: ModelBackend = builder(template, key=key)
        return backend

    return factory
