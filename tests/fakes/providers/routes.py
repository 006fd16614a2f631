"""Which request paths and credentials each fake accepts: every form the real API accepts.

The official SDKs and other clients reach the same endpoint in several ways, and a fake that
refuses one of them cannot test that client (issue 12). Per family:

- Anthropic: ``POST /v1/messages`` with any query (the SDK's beta client adds ``?beta=true``);
  the key as ``x-api-key`` or as ``Authorization: Bearer`` (the SDK's ``auth_token``).
- OpenAI Chat Completions: ``/v1/chat/completions``; Gemini's OpenAI endpoint
  ``/v1beta/openai/chat/completions``; Azure OpenAI ``/openai/deployments/{name}/chat/completions``
  (with ``?api-version=``) and ``/openai/v1/chat/completions``. ``Authorization: Bearer``, and on
  the Azure paths also the ``api-key`` header.
- Responses: ``/v1/responses``; Azure ``/openai/responses`` and ``/openai/v1/responses`` (``api-key``
  there too); Perplexity's canonical ``/v1/agent`` beside its ``/v1/responses`` alias.
- Gemini: ``/{v1beta|v1|v1alpha}/models/{model}:generateContent`` or ``:streamGenerateContent``
  (``?alt=sse``); the key as ``x-goog-api-key`` or as ``?key=``.

A query string never decides the route. ``key`` None accepts any credential (or none).
"""

from __future__ import annotations

import re
from urllib.parse import parse_qs, urlsplit

_AZURE = r"/openai(?:/v1|/deployments/[^/]+)?"
_PATHS: dict[tuple[str, str], re.Pattern[str]] = {
    ("anthropic", ""): re.compile(r"/v1/messages"),
    ("openai-compat", ""): re.compile(rf"(?:/v1|/v1beta/openai|{_AZURE})/chat/completions"),
    ("responses", "openai"): re.compile(rf"(?:/v1|{_AZURE})/responses"),
    ("responses", "perplexity"): re.compile(r"/v1/(?:responses|agent)"),
    ("gemini", ""): re.compile(r"/v1(?:beta|alpha)?/models/[^/:]+:(?:generateContent|streamGenerateContent)"),
}
_BEARER = re.compile(r"Bearer\s+(\S+)", re.I)


def _pattern(family: str, flavour: str) -> re.Pattern[str]:
    return _PATHS.get((family, flavour)) or _PATHS.get((family, "openai")) or _PATHS[(family, "")]


def route_matches(family: str, flavour: str, target: str) -> bool:
    """Whether the request target (path with any query) is this family's endpoint."""
    return _pattern(family, flavour).fullmatch(urlsplit(target).path) is not None


def presented_keys(family: str, target: str, headers: dict[str, str]) -> list[str]:
    """Every credential the request carries in a form this family's real API reads
    (``headers`` lower-cased)."""
    keys: list[str] = []
    bearer = _BEARER.fullmatch(headers.get("authorization", "").strip())
    if bearer and family != "gemini":
        keys.append(bearer.group(1))
    path = urlsplit(target).path
    if family == "anthropic" and "x-api-key" in headers:
        keys.append(headers["x-api-key"])
    if family in ("openai-compat", "responses") and path.startswith("/openai/") and "api-key" in headers:
        keys.append(headers["api-key"])
    if family == "gemini":
        if "x-goog-api-key" in headers:
            keys.append(headers["x-goog-api-key"])
        keys.extend(parse_qs(urlsplit(target).query).get("key", []))
    return keys


def authorized(family: str, target: str, headers: dict[str, str], key: str | None) -> bool:
    return key is None or key in presented_keys(family, target, headers)
