"""Provider wires: pure encode/decode per protocol plus one shared HTTP client.

Imports ``core.canonical`` only. ``WIRES`` maps the seven protocol names to ``Wire`` objects
(``wires.base.Wire``: ``name``, pure ``encode``/``decode``, ``image_tokens``, the provider facts
``default_base_url`` and ``webp``, and what the HTTP layer ``wires.http`` asks: ``path``,
``headers``, ``stream_body``, ``stream_decoder``, ``parse_error``). The core reaches all of this
through ``core.llm`` only.
"""

from __future__ import annotations

from wires import anthropic, gemini, openai_chat, responses
from wires.base import Wire

_ALL: tuple[Wire, ...] = (
    anthropic.WIRE,
    openai_chat.WIRE,
    gemini.WIRE,
    responses.OPENAI,
    responses.XAI,
    responses.META,
    responses.PERPLEXITY,
)
WIRES: dict[str, Wire] = {w.name: w for w in _ALL}
WIRE_NAMES: tuple[str, ...] = tuple(WIRES)
# Where each protocol's provider answers when a template names no base URL.
DEFAULT_BASE_URLS: dict[str, str] = {name: w.default_base_url for name, w in WIRES.items()}

__all__ = ["DEFAULT_BASE_URLS", "WIRES", "WIRE_NAMES", "Wire"]
