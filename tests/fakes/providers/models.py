"""The model lists of the fakes: ``GET {base}/models`` in each provider's own JSON.

OpenAI-style (Chat Completions, the Responses providers, the local servers' OpenAI-compatible
``/v1/models``): ``{"object": "list", "data": [{"id", "object", "created", "owned_by"}]}``.
Anthropic ``GET /v1/models``: ``{"data": [{"type": "model", "id", "display_name", "created_at"}],
"has_more", "first_id", "last_id"}``. Gemini ``GET /v1beta/models``: ``{"models": [{"name":
"models/…", "displayName", "supportedGenerationMethods"}]}``, with one embedding-only model that a
chat template cannot use. Perplexity lists none under its base URL (404).
"""

from __future__ import annotations

import re
from typing import Any
from urllib.parse import urlsplit

_PATHS = {
    "anthropic": re.compile(r"/v1/models"),
    "gemini": re.compile(r"/v1(?:beta|alpha)?/models"),
}
_OPENAI = re.compile(r"/v1/models")


def models_route(family: str, flavour: str, target: str) -> bool:
    if flavour == "perplexity":
        return False
    return (_PATHS.get(family) or _OPENAI).fullmatch(urlsplit(target).path) is not None


def models_body(family: str, models: list[str]) -> dict[str, Any]:
    if family == "anthropic":
        data = [
            {"type": "model", "id": m, "display_name": m, "created_at": "2025-05-14T00:00:00Z"}
            for m in models
        ]
        return {"data": data, "has_more": False, "first_id": models[0] if models else None, "last_id": None}
    if family == "gemini":
        chat = [
            {
                "name": f"models/{m}",
                "displayName": m,
                "supportedGenerationMethods": ["generateContent", "countTokens"],
            }
            for m in models
        ]
        embed = {"name": "models/text-embedding-004", "supportedGenerationMethods": ["embedContent"]}
        return {"models": [*chat, embed]}
    data = [{"id": m, "object": "model", "created": 1_700_000_000, "owned_by": "fake"} for m in models]
    return {"object": "list", "data": data}
