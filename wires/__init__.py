"""Provider wires: pure encode/decode per protocol plus one shared HTTP client.

Imports ``core.canonical`` only. ``WIRES`` maps the seven protocol names to wire objects.
"""

from __future__ import annotations

WIRE_NAMES: tuple[str, ...] = (
    "anthropic",
    "openai-compat",
    "gemini",
    "openai-responses",
    "xai-responses",
    "meta-responses",
    "perplexity-responses",
)
