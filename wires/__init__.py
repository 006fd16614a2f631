"""Provider wires: pure encode/decode per protocol plus one shared HTTP client.

Imports ``core.canonical`` only. ``WIRES`` maps the seven protocol names to wire objects; each
satisfies ``core.llm.Wire`` (``name``, pure ``encode``/``decode``, ``image_tokens``) and also
answers what the HTTP layer (``wires.http``) needs: ``path``, ``headers``, ``stream_body``,
``stream_decoder`` and ``parse_error``.
"""

from __future__ import annotations

from wires import anthropic, gemini, openai_chat, responses
from wires.base import WireBase

WIRE_NAMES: tuple[str, ...] = (
    "anthropic",
    "openai-compat",
    "gemini",
    "openai-responses",
    "xai-responses",
    "meta-responses",
    "perplexity-responses",
)

WIRES: dict[str, WireBase] = {
    w.name: w
    for w in (
        anthropic.WIRE,
        openai_chat.WIRE,
        gemini.WIRE,
        responses.OPENAI,
        responses.XAI,
        responses.META,
        responses.PERPLEXITY,
    )
}
assert tuple(WIRES) == WIRE_NAMES

__all__ = ["WIRES", "WIRE_NAMES", "WireBase"]
