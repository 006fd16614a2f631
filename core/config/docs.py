"""The schema section of ``docs/configuration.md``, generated from the declarations.

    python -m core.config.docs           print the section
    python -m core.config.docs --write   rewrite it in docs/configuration.md (between the markers)

``tests/unit/core/test_config_docs.py`` fails when the doc and the declarations differ.
"""

from __future__ import annotations

import sys
from pathlib import Path

from .schema import DEFAULT_BASE_URLS, SECTIONS

DOC = Path(__file__).resolve().parents[2] / "docs" / "configuration.md"
BEGIN, END = "<!-- schema:begin -->", "<!-- schema:end -->"


def markdown() -> str:
    """The schema section: one table per object, then the default endpoint of each protocol."""
    out: list[str] = []
    for section in SECTIONS:
        out += [f"### `{section.path or '(top level)'}`", "", section.doc, ""]
        out += ["| key | type | default | description |", "| --- | --- | --- | --- |"]
        for s in section.settings:
            out.append(f"| `{s.key}` | {s.kind.doc()} | {s.default_text()} | {s.doc} |")
        out.append("")
    out += ["### Default `base_url` per protocol", "", "| protocol | base_url |", "| --- | --- |"]
    out += [f"| `{protocol}` | `{url}` |" for protocol, url in DEFAULT_BASE_URLS.items()]
    out.append("")
    return "\n".join(out)


def with_schema(doc: str) -> str:
    """``doc`` with the text between its markers replaced by ``markdown()``."""
    head, begin, rest = doc.partition(BEGIN)
    _, end, tail = rest.partition(END)
    if not begin or not end:
        raise ValueError(f"{DOC.name} needs the markers {BEGIN} and {END}")
    return f"{head}{BEGIN}\n{markdown()}{END}{tail}"


if __name__ == "__main__":
    if sys.argv[1:] == ["--write"]:
        DOC.write_text(with_schema(DOC.read_text(encoding="utf-8")), encoding="utf-8")
    else:
        sys.stdout.write(markdown())
