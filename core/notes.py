"""Village notes: every sentence the core adds for the model or the display, in ja, en and zh.

The catalogs are the JSON files in ``core/catalogs/``; one key per sentence. A value is either a
string or a plural table ``{"one": ..., "other": ...}`` chosen by ``count``. Placeholders use
``str.format`` syntax. Wires never call this module: adapters write no sentences (S70-9).
"""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Any, Literal

Language = Literal["ja", "en", "zh"]
LANGUAGES: tuple[Language, ...] = ("ja", "en", "zh")
_CATALOG_DIR = Path(__file__).with_name("catalogs")


class UnknownNote(KeyError):
    """A note key or language that the catalogs do not have."""


@cache
def catalog(language: str) -> dict[str, Any]:
    if language not in LANGUAGES:
        raise UnknownNote(f"unknown village language {language!r} (expected ja, en or zh)")
    with (_CATALOG_DIR / f"{language}.json").open(encoding="utf-8") as fh:
        data: dict[str, Any] = json.load(fh)
    return data


def note(key: str, language: str, /, *, count: int | None = None, **fields: object) -> str:
    """The sentence ``key`` in ``language`` with ``fields`` filled in."""
    try:
        entry = catalog(language)[key]
    except KeyError as exc:
        raise UnknownNote(f"no note {key!r} in the {language} catalog") from exc
    if isinstance(entry, dict):
        if count is None:
            raise UnknownNote(f"note {key!r} is a plural table and needs count=")
        entry = entry["one"] if count == 1 else entry["other"]
        fields = {"count": count, **fields}
    return str(entry).format(**fields)


def server_where(transport: str, target: str, language: str) -> str:
    """Where an MCP server is, as its failure sentences name it: the URL, or "command: …" for a
    stdio server (``target``: ``core.mcp.status.target``)."""
    return note("mcp_target_command", language, command=target) if transport == "stdio" else target
