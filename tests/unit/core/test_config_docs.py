"""docs/configuration.md shows exactly the declared settings (core/config/schema.py)."""

from __future__ import annotations

from core.config.docs import BEGIN, DOC, END, markdown, with_schema
from core.config.schema import SECTIONS, TEMPLATE, new_template


def test_the_schema_section_matches_the_declarations() -> None:
    doc = DOC.read_text(encoding="utf-8")
    assert with_schema(doc) == doc, "run: python -m core.config.docs --write"


def test_every_declared_key_is_in_the_doc() -> None:
    section = DOC.read_text(encoding="utf-8").partition(BEGIN)[2].partition(END)[0]
    for s in SECTIONS:
        for setting in s.settings:
            assert f"| `{setting.key}` |" in section, (s.path, setting.key)
    assert "| `max_output_tokens` | int 1..1000000 | `8192` |" in markdown()
    assert "| `budget_tokens` | int 256..10000000 | `12500` |" in markdown()


def test_a_new_template_has_every_declared_key_with_its_default() -> None:
    t = new_template("T", "t")
    assert list(t) == list(TEMPLATE.written)
    assert (t["max_output_tokens"], t["request_timeout_s"], t["stream"], t["key"]) == (8192, 120.0, True, "t")
