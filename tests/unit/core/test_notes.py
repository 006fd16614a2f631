"""Village notes: every sentence in ja, en and zh; none hard-coded in core or wires."""

from __future__ import annotations

import re
import string
from pathlib import Path

import pytest

from core.notes import LANGUAGES, UnknownNote, catalog, note

ROOT = Path(__file__).resolve().parents[3]


def fields_of(text: str) -> set[str]:
    return {f for _, f, _, _ in string.Formatter().parse(text) if f}


def variants(value: object) -> list[str]:
    return list(value.values()) if isinstance(value, dict) else [str(value)]


def test_every_key_exists_in_every_language() -> None:
    keys = {lang: set(catalog(lang)) for lang in LANGUAGES}
    assert keys["ja"] == keys["en"] == keys["zh"]


@pytest.mark.parametrize("key", sorted(catalog("en")))
def test_placeholders_and_plural_forms_match(key: str) -> None:
    en = catalog("en")[key]
    for lang in ("ja", "zh"):
        other = catalog(lang)[key]
        assert isinstance(other, dict) == isinstance(en, dict), f"{lang}:{key} plural shape"
        if isinstance(en, dict):
            assert set(other) == set(en) == {"one", "other"}
        want = set().union(*(fields_of(v) for v in variants(en)))
        got = set().union(*(fields_of(v) for v in variants(other)))
        assert got == want, f"{lang}:{key}"


def literal_fragments(text: str) -> list[str]:
    parts = re.split(r"\{[^}]*\}", text)
    out = []
    for p in parts:
        p = p.strip(" ()（）[]:：\n")
        if (p.isascii() and len(p) >= 20) or (not p.isascii() and len(p) >= 6):
            out.append(p)
    return out


def test_no_core_module_hard_codes_a_note() -> None:
    sources = {
        path: path.read_text(encoding="utf-8")
        for folder in ("core", "wires")
        for path in (ROOT / folder).rglob("*.py")
    }
    offenders = []
    for lang in LANGUAGES:
        for key, value in catalog(lang).items():
            for text in variants(value):
                for frag in literal_fragments(text):
                    offenders += [
                        f"{p.relative_to(ROOT)}: {lang}:{key}" for p, s in sources.items() if frag in s
                    ]
    assert offenders == []


def test_the_scan_finds_a_hard_coded_sentence() -> None:
    assert literal_fragments(str(catalog("en")["images_capped"])) == [
        "images from an earlier round were omitted"
    ]
    assert literal_fragments(str(catalog("ja")["images_capped"])) == ["前の周の画像は省きました"]


def test_plural_and_fields() -> None:
    assert note("fallback_caption", "en", count=1, tool="nik__live_view_image") == (
        "(1 image from the nik__live_view_image result)"
    )
    assert note("fallback_caption", "en", count=3, tool="t") == "(3 images from the t result)"
    assert note("fallback_caption", "ja", count=2, tool="t") == "（t の結果の画像 2 枚）"
    assert note("images_capped", "zh") == "（已省略前几轮的图片）"


def test_unknown_key_or_language_is_a_typed_error() -> None:
    with pytest.raises(UnknownNote):
        note("nope", "en")
    with pytest.raises(UnknownNote):
        note("empty_result", "fr")
    with pytest.raises(UnknownNote):
        note("fallback_caption", "en", tool="t")  # plural without count
