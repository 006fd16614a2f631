"""Image token calculators against the providers' published examples (the sources listed in ``wires/image_tokens.py``)."""

from __future__ import annotations

import pytest

from wires import WIRES
from wires.image_tokens import (
    GEMINI3_IMAGE_TOKENS,
    anthropic_tokens,
    claude_resized,
    conservative_tokens,
    gemini2_tokens,
    openai_patch_tokens,
    openai_tokens,
)


@pytest.mark.parametrize(
    ("w", "h", "tokens"),
    [(200, 200, 64), (1000, 1000, 1296), (1092, 1092, 1521), (1920, 1080, 1560), (3840, 2160, 1560)],
)
def test_anthropic_published_examples(w: int, h: int, tokens: int) -> None:
    assert anthropic_tokens(w, h, "claude-sonnet-4-5") == tokens


def test_anthropic_resize_examples_and_high_res_budget() -> None:
    assert claude_resized(1920, 1080) == (1456, 819)
    assert claude_resized(2000, 1500) == (1270, 952)
    assert claude_resized(1075, 1520) == (924, 1307)
    assert anthropic_tokens(1920, 1080, "claude-opus-4-7") == 2691
    assert anthropic_tokens(3840, 2160, "claude-opus-4-7") == 4784


def test_openai_tile_examples() -> None:
    assert openai_tokens(1024, 1024, "gpt-4o") == 765
    assert openai_tokens(2048, 4096, "gpt-4o") == 1105
    assert openai_tokens(1024, 1024, "gpt-5") == 70 + 140 * 4


def test_openai_patch_examples() -> None:
    assert openai_patch_tokens(1024, 1024) == 1024
    assert openai_patch_tokens(1800, 2400) == 1452
    assert openai_tokens(1024, 1024, "gpt-4.1-mini") == 1659  # 1024 × 1.62, rounded up


def test_gemini_examples() -> None:
    assert gemini2_tokens(384, 384) == 258
    assert gemini2_tokens(960, 540) == 1548
    assert WIRES["gemini"].image_tokens(960, 540, "gemini-2.5-flash") == 1548
    assert WIRES["gemini"].image_tokens(960, 540, "gemini-3-pro-preview") == GEMINI3_IMAGE_TOKENS == 1120


def test_routes_pick_their_calculator() -> None:
    w, h = 640, 424
    assert WIRES["anthropic"].image_tokens(w, h, "claude-sonnet-4-5") == anthropic_tokens(w, h)
    assert WIRES["openai-responses"].image_tokens(w, h, "gpt-4o") == openai_tokens(w, h, "gpt-4o")
    assert WIRES["openai-compat"].image_tokens(w, h, "gpt-4o") == openai_tokens(w, h, "gpt-4o")
    conservative = conservative_tokens(w, h)
    for name in ("xai-responses", "meta-responses", "perplexity-responses"):
        assert WIRES[name].image_tokens(w, h, "any-model") == conservative
    assert WIRES["openai-compat"].image_tokens(w, h, "qwen2.5-vl:7b") == conservative


def test_conservative_default_never_undercounts_the_published_formulas() -> None:
    for w, h in [(640, 424), (200, 200), (1920, 1080), (4000, 300)]:
        c = conservative_tokens(w, h)
        assert c >= anthropic_tokens(w, h)
        assert c >= openai_tokens(w, h, "gpt-4o")
        assert c >= gemini2_tokens(w, h)
    assert conservative_tokens(640, 424) == 1548  # 3×2 Gemini 2 crop-unit tiles × 258: the largest here
