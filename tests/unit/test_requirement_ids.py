"""Every requirement ID and every document the code cites resolves inside the repository.

Code comments cite rules by ID (``S70-12``, ``D-5``); each must be defined in ``docs/requirements.md``
(a bold ``**ID …**`` entry). A ``.md`` document named in code must be in the repository (at that
path from the root, or in ``docs/``): no comment sends a reader to a file they cannot open.
"""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SOURCES = ("app", "core", "wires", "web", "tests", "tools", "translations", "packaging")
ID = re.compile(r"(?<![A-Za-z0-9_-])((?:S\d\d|D|M|W|L|WA|WC|AC|PK|DG)-\d+)(?!\w)")
DEFINED = re.compile(r"^- \*\*((?:S\d\d|D|M|W|L|WA|WC|AC|PK|DG)-\d+)\b", re.MULTILINE)
DOC_PATH = re.compile(r"(?<![\w/.-])([\w./-]*\w\.md)(?!\w)")


def python_sources() -> list[Path]:
    files = [ROOT / "dev.py"]
    for folder in SOURCES:
        files += sorted((ROOT / folder).rglob("*.py"))
    here = Path(__file__).resolve()  # its own samples are not citations
    return [f for f in files if ".venv" not in f.parts and f.resolve() != here]


def cited_ids(paths: list[Path], root: Path = ROOT) -> dict[str, list[str]]:
    cited: dict[str, list[str]] = {}
    for path in paths:
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            for found in ID.findall(line):
                cited.setdefault(found, []).append(f"{path.relative_to(root)}:{number}")
    return cited


def defined_ids(text: str) -> set[str]:
    return set(DEFINED.findall(text))


def test_every_cited_requirement_id_is_defined() -> None:
    defined = defined_ids((ROOT / "docs" / "requirements.md").read_text(encoding="utf-8"))
    missing = {i: places[:3] for i, places in cited_ids(python_sources()).items() if i not in defined}
    assert missing == {}


def test_every_cited_document_exists() -> None:
    missing = []
    for path in python_sources():
        for found in DOC_PATH.findall(path.read_text(encoding="utf-8")):
            if not any((folder / found).is_file() for folder in (ROOT, ROOT / "docs")):
                missing.append((str(path.relative_to(ROOT)), found))
    assert missing == []


def test_the_scanners_see_ids_and_definitions(tmp_path: Path) -> None:
    src = tmp_path / "a.py"
    src.write_text("# S70-12 cap; D-5 stop; not ABC-1, S70-12x is S70-12\nx = 'XD-4'\n")
    assert cited_ids([src], tmp_path) == {"S70-12": ["a.py:1", "a.py:1"], "D-5": ["a.py:1"]}
    assert DOC_PATH.findall("see docs/log-lines.md, stack.md §1.4 and ``PRIVACY.md``; x.mdx") == [
        "docs/log-lines.md",
        "stack.md",
        "PRIVACY.md",
    ]
    assert defined_ids("- **S70-1 Rendering.** text\n- **D-4** secrets\n  - **S02-9** nested\n") == {
        "S70-1",
        "D-4",
    }
