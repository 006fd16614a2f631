"""The backend factory the app hands to the village: one ``ModelBackend`` per template.

``offline-demo`` gives the clearly labelled demo model. The seven wires go through
``core.llm.http.http_backend`` over one shared HTTP client; the key is read from the keyring only at
this point and only for the request, never shown or logged. A template with no key name needs no
key (local servers: Ollama, LM Studio, llama.cpp, vLLM).
"""

from __future__ import annotations

from collections.abc import Callable

import httpx

from core.canonical import ChatRequest, ChatResponse
from core.config import Template
from core.demo_model import BACKEND as OFFLINE_DEMO
from core.demo_model import DemoBackend
from core.llm import MissingKey, ModelBackend, ProviderError, ProviderProtocolError, TextSink
from core.llm.http import http_backend

from .contracts import BackendFactory
from .keys import KeyStore


class UnavailableBackend:
    """A wire whose HTTP backend is not in this build: every request fails with a clear error."""

    def __init__(
        self, template: Template, reason: str, error: type[ProviderError] = ProviderProtocolError
    ) -> None:
        self._template = template
        self._reason = reason
        self._error = error

    @property
    def backend(self) -> str:
        return self._template.protocol

    @property
    def model(self) -> str:
        return self._template.model

    async def complete(self, request: ChatRequest, on_text: TextSink | None = None) -> ChatResponse:
        raise self._error(self._reason)


def make_backend_factory(keys: KeyStore, language: Callable[[], str]) -> BackendFactory:
    """Templates → backends over one shared ``httpx.AsyncClient`` (created on first use)."""
    shared: dict[str, httpx.AsyncClient] = {}

    def client() -> httpx.AsyncClient:
        if "client" not in shared or shared["client"].is_closed:
            shared["client"] = httpx.AsyncClient(follow_redirects=False)
        return shared["client"]

    def factory(template: Template) -> ModelBackend:
        if template.protocol == OFFLINE_DEMO:
            return DemoBackend(language())
        key = keys.get(template.key)
        if template.key and not key:
            return UnavailableBackend(
                template,
                f"no key stored for {template.key!r}: enter it in Settings (it goes to the OS keyring)",
                MissingKey,
            )
        return http_backend(template, key, client())

    return factory
