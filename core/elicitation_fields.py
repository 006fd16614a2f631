"""Elicitation form fields: the multi-select kind, and the rules each kind's value must follow, as typed problems.

A multi-select field (an array of enum strings) comes in the two forms the MCP schema defines
(``UntitledMultiSelectEnumSchema`` and ``TitledMultiSelectEnumSchema`` in ``mcp_types``)::

    {"type": "array", "items": {"type": "string", "enum": ["a", "b"]}}
    {"type": "array", "items": {"anyOf": [{"const": "a", "title": "A"}, {"const": "b", "title": "B"}]}}

Both may have ``minItems``, ``maxItems`` and a ``default`` list. The value is a list of distinct
option strings, sent in the order the options are listed.

``problems(field, value)`` returns one ``Problem`` for each rule the value breaks. A problem has a
``code`` that a front end can put in its own language (``app/widgets/elicitation.py``) and a
``rule``, the English phrase used in the broker's errors. Neither one quotes the value.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from core.events import ElicitField

_EMAIL = re.compile(r"[^@\s]+@[^@\s]+\.[^@\s]+")
_URI = re.compile(r"[A-Za-z][A-Za-z0-9+.-]*:\S+")
_DATE = re.compile(r"\d{4}-\d{2}-\d{2}")
_DATE_TIME = re.compile(r"\d{4}-\d{2}-\d{2}[Tt ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?([Zz]|[+-]\d{2}:\d{2})?")
FORMATS = {"email": _EMAIL, "uri": _URI, "date": _DATE, "date-time": _DATE_TIME}


class UnsupportedSchema(ValueError):
    """The requested schema has a field this client cannot show (nested, array, unknown type)."""


@dataclass(frozen=True)
class Problem:
    """One broken rule of one field. ``code``: "required", "unknown", "type" (``detail``: the
    expected kind), "option", "duplicate", "minimum", "maximum", "min_length", "max_length",
    "format" (``detail``: the format), "min_items", "max_items"; ``limit`` for the bounds."""

    code: str
    limit: float | None = None
    detail: str = ""

    @property
    def rule(self) -> str:
        """The English phrase the broker's ``InvalidContent`` carries."""
        n = f"{self.limit:g}" if self.limit is not None else ""
        phrases = {
            "required": "required",
            "unknown": "not in the schema",
            "type": f"expected {self.detail}",
            "option": "not one of the options",
            "duplicate": "chosen more than once",
            "minimum": f"below the minimum {n}",
            "maximum": f"above the maximum {n}",
            "min_length": f"shorter than {n} characters",
            "max_length": f"longer than {n} characters",
            "format": f"not a valid {self.detail}",
            "min_items": f"fewer than {n} chosen",
            "max_items": f"more than {n} chosen",
        }
        return phrases[self.code]


def _num(value: Any) -> float | None:
    return float(value) if isinstance(value, int | float) and not isinstance(value, bool) else None


def count(value: Any) -> int | None:
    """A non-negative integer schema bound (``minLength``, ``minItems`` …), else None."""
    return value if isinstance(value, int) and not isinstance(value, bool) and value >= 0 else None


def parse_multi(name: str, prop: Mapping[str, Any], common: Mapping[str, Any]) -> ElicitField:
    """An ``array`` property as a "multi" field; ``UnsupportedSchema`` unless it is one of the two forms."""
    items = prop.get("items")
    if not isinstance(items, Mapping):
        raise UnsupportedSchema(f"field {name}: type 'array' is not supported")
    if "anyOf" in items:
        entries = items["anyOf"]
        ok = isinstance(entries, list) and entries
        choices = (
            [c for c in entries if isinstance(c, Mapping) and isinstance(c.get("const"), str)] if ok else []
        )
        if not choices or len(choices) != len(entries):
            raise UnsupportedSchema(f"field {name}: anyOf entries need a string const")
        options = tuple(str(c["const"]) for c in choices)
        titles = tuple(str(c.get("title") or c["const"]) for c in choices)
    elif items.get("type") == "string" and "enum" in items:
        values = items["enum"]
        if not isinstance(values, list) or not values or not all(isinstance(v, str) for v in values):
            raise UnsupportedSchema(f"field {name}: enum needs strings")
        options = titles = tuple(values)
    else:
        raise UnsupportedSchema(f"field {name}: type 'array' is not supported")
    if len(set(options)) != len(options):
        raise UnsupportedSchema(f"field {name}: options repeat")
    default = prop.get("default")
    chosen = tuple(default) if isinstance(default, list) and all(v in options for v in default) else None
    return ElicitField(
        name,
        "multi",
        **common,
        default=chosen,
        options=options,
        option_titles=titles,
        min_items=count(prop.get("minItems")),
        max_items=count(prop.get("maxItems")),
    )


def problems(f: ElicitField, value: Any) -> list[Problem]:
    """Each rule of ``f`` that ``value`` (present in the content) breaks."""
    if f.kind == "boolean":
        return [] if isinstance(value, bool) else [Problem("type", detail="a boolean")]
    if f.kind == "enum":
        return [] if isinstance(value, str) and value in f.options else [Problem("option")]
    if f.kind == "multi":
        return _multi(f, value)
    if f.kind in ("number", "integer"):
        if f.kind == "integer" and not (isinstance(value, int) and not isinstance(value, bool)):
            return [Problem("type", detail="an integer")]
        number = _num(value)
        if number is None:
            return [Problem("type", detail="a number")]
        out = []
        if f.minimum is not None and number < f.minimum:
            out.append(Problem("minimum", f.minimum))
        if f.maximum is not None and number > f.maximum:
            out.append(Problem("maximum", f.maximum))
        return out
    if not isinstance(value, str):
        return [Problem("type", detail="a string")]
    out = []
    if f.min_length is not None and len(value) < f.min_length:
        out.append(Problem("min_length", f.min_length))
    if f.max_length is not None and len(value) > f.max_length:
        out.append(Problem("max_length", f.max_length))
    pattern = FORMATS.get(f.format)
    if pattern is not None and value and not pattern.fullmatch(value):
        out.append(Problem("format", detail=f.format))
    return out


def _multi(f: ElicitField, value: Any) -> list[Problem]:
    if not isinstance(value, list | tuple) or not all(isinstance(v, str) for v in value):
        return [Problem("type", detail="a list of strings")]
    out = []
    if any(v not in f.options for v in value):
        out.append(Problem("option"))
    if len(set(value)) != len(value):
        out.append(Problem("duplicate"))
    if f.min_items is not None and len(value) < f.min_items:
        out.append(Problem("min_items", f.min_items))
    if f.max_items is not None and len(value) > f.max_items:
        out.append(Problem("max_items", f.max_items))
    return out
