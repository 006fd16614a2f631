"""The documents in three languages (DG-1 … DG-7): README, the user guide and PRIVACY have the same
section structure in en, ja and zh (the acceptance run's document, AC-1, in en and ja), every
relative link and image in them resolves to a file of the repository, each README starts with the
two commands, and every log line they quote is a kind docs/log-lines.md documents, with fields its
row names."""

from __future__ import annotations

import re
from pathlib import Path
from typing import cast

import pytest

from app.acceptance import render_table
from core.acceptance import ITEMS, AcceptanceReport, ItemVerdict, Status
from core.image_rules import MAX_TOOL_IMAGES_PER_REQUEST
from core.tool_image import BOMB_EDGE_PX, MAX_BYTES, MAX_EDGE_PX, MAX_PER_RESULT

ROOT = Path(__file__).resolve().parents[2]

# Each document in (en, ja, zh), or (en, ja) for one written for a person who runs it in either.
DOCUMENTS = {
    "README": ("README.md", "README.ja.md", "README.zh.md"),
    "guide": ("docs/guide.en.md", "docs/guide.ja.md", "docs/guide.zh.md"),
    "PRIVACY": ("PRIVACY.md", "PRIVACY.ja.md", "PRIVACY.zh.md"),
    "acceptance": ("docs/acceptance.md", "docs/acceptance.ja.md"),
}
ALL_FILES = [name for names in DOCUMENTS.values() for name in names]

FENCE = re.compile(r"^(```|~~~)")
HEADING = re.compile(r"^(#{1,6})\s+\S")
# [text](target) and ![alt](target); the target up to the first space or ")".
LINK = re.compile(r"!?\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+\"[^\"]*\")?\s*\)")
INLINE_CODE = re.compile(r"`[^`]*`")
# A quoted log line: `kind:` or `kind: field=… …` (kind: lower-case words).
LOG_SPAN = re.compile(r"`([a-z][a-z _]*):((?: [^`]*)?)`")
FIELD = re.compile(r"([a-z_]+)=")
EXTERNAL = re.compile(r"^(?:[a-z][a-z0-9+.-]*:|//)", re.IGNORECASE)  # http:, https:, mailto:, //host


def prose_lines(text: str) -> list[str]:
    """The lines outside fenced code blocks, inline code removed."""
    out: list[str] = []
    fenced = False
    for line in text.splitlines():
        if FENCE.match(line.strip()):
            fenced = not fenced
            continue
        if not fenced:
            out.append(INLINE_CODE.sub("", line))
    return out


def heading_levels(text: str) -> list[int]:
    """The level of each heading, in order (headings inside code blocks do not count)."""
    return [len(m.group(1)) for line in prose_lines(text) if (m := HEADING.match(line))]


def relative_targets(text: str) -> list[str]:
    """Every link and image target that is a path in the repository (no URL, no bare anchor)."""
    found: list[str] = []
    for line in prose_lines(text):
        for target in LINK.findall(line):
            if EXTERNAL.match(target) or target.startswith("#"):
                continue
            found.append(target.split("#", 1)[0].split("?", 1)[0])
    return found


def documented_rows() -> dict[str, str]:
    """Kind -> its row in docs/log-lines.md (the kinds are the `kind:` spans of the first cell)."""
    rows: dict[str, str] = {}
    for line in read("docs/log-lines.md").splitlines():
        cells = line.split("|")
        if not line.startswith("| `") or len(cells) < 3:
            continue
        for kind in re.findall(r"`([^`]+):`", cells[1]):
            rows[kind] = line
    return rows


def quoted_log_lines(text: str) -> list[tuple[str, list[str]]]:
    """Every quoted log line of ``text`` (code blocks left out): its kind and the fields it names."""
    found: list[tuple[str, list[str]]] = []
    fenced = False
    for line in text.splitlines():
        if FENCE.match(line.strip()):
            fenced = not fenced
            continue
        if not fenced:
            found += [(kind, FIELD.findall(rest)) for kind, rest in LOG_SPAN.findall(line)]
    return found


def read(name: str) -> str:
    return (ROOT / name).read_text(encoding="utf-8")


@pytest.mark.parametrize("document", sorted(DOCUMENTS))
def test_the_languages_have_the_same_sections(document: str) -> None:
    """DG-4: the same number of headings at each level, in the same order."""
    en, *others = DOCUMENTS[document]
    levels = {name: heading_levels(read(name)) for name in (en, *others)}
    assert len(levels[en]) >= 3, f"{en} has almost no sections: {levels[en]}"
    for name in others:
        assert levels[name] == levels[en], f"{name} differs from {en}"


@pytest.mark.parametrize("name", ALL_FILES)
def test_every_relative_link_and_image_resolves(name: str) -> None:
    """DG-5: a link or image that names a file of the repository names one that exists."""
    base = (ROOT / name).parent
    targets = relative_targets(read(name))
    missing = [t for t in targets if not (base / t).resolve().exists()]
    assert missing == [], f"{name}: {missing}"
    for target in targets:
        assert (base / target).resolve().is_relative_to(ROOT), f"{name}: {target} leaves the repository"


@pytest.mark.parametrize("name", DOCUMENTS["README"])
def test_the_readme_starts_with_the_two_commands(name: str) -> None:
    """DG-1: the first three lines are a bash block whose commands are the two commands."""
    lines = read(name).splitlines()
    assert lines[0] == "```bash"
    assert [line.split("#", 1)[0].rstrip() for line in lines[1:3]] == [
        "python3 dev.py app",
        "python3 dev.py test",
    ]
    assert lines[3] == "```"


@pytest.mark.parametrize("name", ["README.md"])
def test_the_english_readme_links_the_other_languages_and_privacy(name: str) -> None:
    """DG-1 / DG-3: README.md links README.ja.md, README.zh.md and the three PRIVACY files; each
    README links its own language's guide."""
    targets = set(relative_targets(read(name)))
    assert {
        "README.ja.md",
        "README.zh.md",
        "PRIVACY.md",
        "PRIVACY.ja.md",
        "PRIVACY.zh.md",
        "docs/guide.en.md",
    } <= targets
    assert "docs/guide.ja.md" in relative_targets(read("README.ja.md"))
    assert "PRIVACY.ja.md" in relative_targets(read("README.ja.md"))
    assert "docs/guide.zh.md" in relative_targets(read("README.zh.md"))
    assert "PRIVACY.zh.md" in relative_targets(read("README.zh.md"))


def test_the_parsers_see_what_they_should() -> None:
    """The helpers themselves: code blocks hide headings and links, URLs and anchors are not paths."""
    text = (
        "# A\n```\n# not a heading [x](nope.txt)\n```\n## B `[y](code.txt)`\n"
        "[g](docs/guide.en.md#x) ![i](a.png) [u](https://example.com) [h](#top)\n"
    )
    assert heading_levels(text) == [1, 2]
    assert relative_targets(text) == ["docs/guide.en.md", "a.png"]


@pytest.mark.parametrize("name", ALL_FILES)
def test_every_quoted_log_line_is_documented(name: str) -> None:
    """DG-7: a log line a document quotes is a documented kind, and each field it names
    (`name=…`) is named in that kind's row of docs/log-lines.md."""
    rows = documented_rows()
    wrong: list[str] = []
    for kind, fields in quoted_log_lines(read(name)):
        row = rows.get(kind)
        if row is None:
            wrong.append(f"{kind}: not in docs/log-lines.md")
            continue
        wrong += [f"{kind}: {f}=" for f in fields if not re.search(rf"\b{f}\b", row)]
    assert wrong == [], f"{name}: {wrong}"


def test_the_log_line_parser() -> None:
    text = "`tool: … images=1` and `web refused: reason=…`\n```\n`nope: x=1`\n```\n`http://x` `turn:`"
    assert quoted_log_lines(text) == [("tool", ["images"]), ("web refused", ["reason"]), ("turn", [])]
    assert {"tool", "turn", "web refused", "llm retry", "llm retry stop"} <= set(documented_rows())


def limits_table(text: str) -> list[str]:
    """The value column of the first table under the guide's fourth heading (### Limits / 上限)."""
    lines = prose_lines(text)
    heads = [i for i, line in enumerate(lines) if HEADING.match(line)]
    rows = [line for line in lines[heads[3] : heads[4]] if line.startswith("|")]
    return [row.split("|")[2].strip() for row in rows[2:]]  # past the header and its rule


@pytest.mark.parametrize("name", DOCUMENTS["guide"])
def test_the_guides_limits_are_the_codes(name: str) -> None:
    """DG-2: the limits table says the code's numbers, in every language."""
    values = limits_table(read(name))
    first = [int(m.group().replace(",", "")) for v in values if (m := re.search(r"\d[\d,]*", v))]
    assert len(values) == 6, values
    assert [first[0], first[1], first[2], first[4], first[5]] == [
        MAX_EDGE_PX,
        MAX_BYTES // (1024 * 1024),
        BOMB_EDGE_PX,
        MAX_PER_RESULT,
        MAX_TOOL_IMAGES_PER_REQUEST,
    ]
    assert "MiB" in values[1]


# A file of the repository named in a code span: `tests/unit/core/test_turn.py`, `core/paths.py`.
REPO_FILE = re.compile(r"`((?:app|core|docs|tests|tools|web|wires|packaging|translations)/[\w./-]*\w\.\w+)`")


@pytest.mark.parametrize("name", DOCUMENTS["acceptance"])
def test_every_file_the_acceptance_run_names_exists(name: str) -> None:
    """AC-1: what the run leaves to tests is named by test file; each named file is there."""
    named = REPO_FILE.findall(read(name))
    assert any(n.startswith("tests/") for n in named), named
    missing = [n for n in named if not (ROOT / n).is_file()]
    assert missing == [], f"{name}: {missing}"


@pytest.mark.parametrize(
    ("name", "target"),
    [
        ("README.md", "docs/acceptance.md"),
        ("README.ja.md", "docs/acceptance.ja.md"),
        ("README.zh.md", "docs/acceptance.md"),  # no Chinese one: the English, and it says so
        ("docs/guide.en.md", "acceptance.md"),
        ("docs/guide.ja.md", "acceptance.ja.md"),
        ("docs/guide.zh.md", "acceptance.md"),
    ],
)
def test_the_readmes_and_guides_link_the_acceptance_run(name: str, target: str) -> None:
    """DG-1 / DG-2 / AC-1: the acceptance run is one link away, in the reader's language if it has one."""
    assert target in relative_targets(read(name))


# The reader's example in the acceptance run's document: a row per item, its evidence indented.
ROW = re.compile(
    r"^(?P<key>\S+(?: \S+)?)  +(?P<backend>\S+)  +(?P<status>not run|\S+)  +(?P<growth>\S+)  (?P<problem>.+)$"
)


def example_table(name: str) -> list[str]:
    """The lines of the code block that starts with the reader's header row."""
    text = read(name)
    start = text.index("```\nitem ") + 4
    return text[start : text.index("```", start)].splitlines()


@pytest.mark.parametrize("name", DOCUMENTS["acceptance"])
def test_the_acceptance_example_is_laid_out_as_the_reader_prints_it(name: str) -> None:
    """AC-1 / AC-2: the example's rows, read back into verdicts and printed by the reader's own
    ``render_table``, are the example's rows again (header, columns, the display line's note), and
    its last line is the report's summary; what the document elides is only evidence (``…``)."""
    lines = example_table(name)
    rows = [line for line in lines[1:-1] if not line.startswith(" ")]
    items = []
    for row in rows:
        m = ROW.match(row)
        assert m, row
        growth = None if m["growth"] == "-" else int(m["growth"].replace(",", ""))
        problems = [] if m["problem"] == "-" else [m["problem"]]
        backend = None if m["backend"] == "-" else m["backend"]
        items.append(ItemVerdict(m["key"], backend, cast(Status, m["status"]), [], problems, growth))
    report = AcceptanceReport(items)
    assert [i.key for i in items] == list(ITEMS)
    printed = render_table(report, "en").splitlines()
    assert [line for line in lines[:-1] if not line.startswith("    ")] == [
        line for line in printed if not line.startswith("    ")
    ]
    assert lines[-2] == printed[-1]  # under the display line: what the person looks at
    assert lines[-1] == report.summary()
