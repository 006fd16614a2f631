"""Image token calculators per route (S00-3), from the providers' published formulas.

Sources (the providers' published formulas, as checked for this project):

* Anthropic: 28×28-pixel patches, ``ceil(w/28) * ceil(h/28)`` after the documented aspect-preserving
  resize to ≤1568 px per edge and ≤1568 patches (Opus 4.7+ "high-res": 2576 px / 4784 patches).
* OpenAI: tile-based (GPT-4o class: scale into 2048², shortest side 768, 512-px tiles × per-tile
  cost + base) and patch-based (32-px patches, budget 1536, per-model multiplier).
* Gemini: 2.x tiles (258 tokens per tile; ≤384 px both sides = 258); Gemini 3 a flat 1120 per image
  (the default media resolution).
* Responses-compatible providers without a published formula (xAI, Meta, Perplexity) and unknown
  OpenAI-compatible models: ``conservative_tokens`` — the largest of the three published
  estimates, so a budget computed with it never under-counts against any of them.
"""

from __future__ import annotations

import math

# ------------------------------------------------------------------------------ Anthropic


def _claude_fits(w: int, h: int, max_edge: int, max_tokens: int) -> bool:
    return (
        math.ceil(w / 28) * 28 <= max_edge
        and math.ceil(h / 28) * 28 <= max_edge
        and math.ceil(w / 28) * math.ceil(h / 28) <= max_tokens
    )


def claude_resized(width: int, height: int, max_edge: int = 1568, max_tokens: int = 1568) -> tuple[int, int]:
    """The size Anthropic resizes an image to (the vision guide's reference binary search)."""
    if _claude_fits(width, height, max_edge, max_tokens):
        return width, height
    if height > width:
        h, w = claude_resized(height, width, max_edge, max_tokens)
        return w, h
    ratio = width / height
    lo, hi = 1, width
    while lo + 1 < hi:
        mid = (lo + hi) // 2
        if _claude_fits(mid, max(round(mid / ratio), 1), max_edge, max_tokens):
            lo = mid
        else:
            hi = mid
    return lo, max(round(lo / ratio), 1)


def anthropic_tokens(width: int, height: int, model: str = "") -> int:
    high_res = _is_claude_high_res(model)
    edge, budget = (2576, 4784) if high_res else (1568, 1568)
    w, h = claude_resized(width, height, edge, budget)
    return math.ceil(w / 28) * math.ceil(h / 28)


def _is_claude_high_res(model: str) -> bool:
    """Claude Opus 4.7 and later use the high-resolution budget."""
    m = model.lower()
    if "opus" not in m:
        return False
    for major, minor in ((4, 7), (4, 8), (4, 9)):
        if f"{major}-{minor}" in m or f"{major}.{minor}" in m:
            return True
    return any(f"opus-{n}" in m for n in (5, 6, 7))


# ------------------------------------------------------------------------------ OpenAI

# base tokens, tokens per 512-px tile (images-vision guide)
_TILE_COSTS: tuple[tuple[str, int, int], ...] = (
    ("gpt-4o-mini", 2833, 5667),
    ("computer-use-preview", 65, 129),
    ("gpt-5-chat-latest", 70, 140),
    ("gpt-4.5", 85, 170),
    ("gpt-4.1", 85, 170),
    ("gpt-4o", 85, 170),
    ("o1", 75, 150),
    ("o3", 75, 150),
    ("gpt-5", 70, 140),
)
# patch-based models and their multipliers
_PATCH_MULTIPLIERS: tuple[tuple[str, float], ...] = (
    ("gpt-4.1-mini", 1.62),
    ("gpt-4.1-nano", 2.46),
    ("gpt-5-mini", 1.62),
    ("gpt-5-nano", 2.46),
    ("o4-mini", 1.72),
)


def openai_tile_tokens(width: int, height: int, base: int = 85, per_tile: int = 170) -> int:
    """Tile formula at ``detail: high`` (the default ``auto`` picks high for large images)."""
    w, h = float(width), float(height)
    if max(w, h) > 2048:
        s = 2048 / max(w, h)
        w, h = w * s, h * s
    if min(w, h) > 768:
        s = 768 / min(w, h)
        w, h = w * s, h * s
    tiles = math.ceil(w / 512) * math.ceil(h / 512)
    return base + per_tile * tiles


def openai_patch_tokens(width: int, height: int, multiplier: float = 1.0, budget: int = 1536) -> int:
    raw = math.ceil(width / 32) * math.ceil(height / 32)
    if raw > budget:
        r = math.sqrt(32 * 32 * budget / (width * height))
        r *= min(
            math.floor(width * r / 32) / (width * r / 32),
            math.floor(height * r / 32) / (height * r / 32),
        )
        raw = min(math.ceil(width * r / 32) * math.ceil(height * r / 32), budget)
    return math.ceil(raw * multiplier)


def openai_tokens(width: int, height: int, model: str = "") -> int:
    m = model.lower()
    for prefix, mult in _PATCH_MULTIPLIERS:
        if m.startswith(prefix):
            return openai_patch_tokens(width, height, mult)
    for prefix, base, tile in _TILE_COSTS:
        if m.startswith(prefix):
            return openai_tile_tokens(width, height, base, tile)
    return openai_tile_tokens(width, height)


def is_openai_model(model: str) -> bool:
    m = model.lower()
    return m.startswith(("gpt-", "o1", "o3", "o4", "chatgpt", "computer-use"))


# ------------------------------------------------------------------------------ Gemini

GEMINI3_IMAGE_TOKENS = 1120  # default media resolution for images


def gemini2_tokens(width: int, height: int) -> int:
    if width <= 384 and height <= 384:
        return 258
    unit = max(math.floor(min(width, height) / 1.5), 1)
    return math.ceil(width / unit) * math.ceil(height / unit) * 258


def gemini_tokens(width: int, height: int, model: str = "") -> int:
    m = model.lower()
    if "gemini-1" in m or "gemini-2" in m:
        return gemini2_tokens(width, height)
    return GEMINI3_IMAGE_TOKENS


# ------------------------------------------------------------------------------ default


def conservative_tokens(width: int, height: int, model: str = "") -> int:
    """No published formula for the route: the largest of the published estimates."""
    return max(
        openai_tile_tokens(width, height),
        anthropic_tokens(width, height),
        gemini2_tokens(width, height),
    )
