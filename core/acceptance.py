"""The acceptance reader (issue 17, AC-2): the proof of the P4 run, read from ``fuseforks.log``.

The person's run asks one agent the same thing once per wire; what proves an item is in the log,
never in the answer's words (the history may already describe the scene): the tool line that says
``images=1``, the ``turn:`` line that ends ``stop=-``, and round 2's prompt grown by the frame's
tokens (the ``round:`` lines, AC-6). ``read_acceptance`` turns log lines into one verdict per item
(``ITEMS``); ``app.acceptance`` prints them (``python -m app.acceptance``) and Help › Acceptance
report shows them (AC-7). No Qt here: the rehearsal test and the command line call it as it is.

A log line is ``YYYY-MM-DD HH:MM:SS.mmm [fuseforks] kind: key=value …[: tail]`` (docs/log-lines.md);
anything else (the launch separator, a line cut by a crash, garbage) is skipped, never an error.

The lines of a turn run from the agent's previous ``turn:`` line (exclusive) to its own: the lines
of the kinds the items are judged on (``JUDGED``) that name the agent (``agent=``), and those that
name no agent but the turn's model (``llm retry``, ``attachment fallback``: the HTTP layer knows
only the model). One exception: ``core/turn.py``
writes ``turn failed:`` right after the failed turn's ``turn:`` line, so it belongs to that turn.

The items (``ITEMS``): a wire's (AC-3, ``wire_item``), the fallback (AC-4, ``fallback_item``), the
negative control (AC-5, ``negative_control``) and the display line, which only the person can see
(always ``manual``). A turn that called only tools that return no image is the negative control's,
never a wire's item (``is_control_turn``): run after the wire items, it does not replace one.
"""

from __future__ import annotations

import bisect
import re
from collections.abc import Container, Iterable
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import Literal

from core.log import LOG_NAME

# The order of the run (and of the table): the seven wires, then the items that are not a wire.
WIRE_ITEMS = (
    "meta-responses",
    "anthropic",
    "gemini",
    "openai-responses",
    "openai-compat",
    "xai-responses",
    "perplexity-responses",
)
ITEMS = (*WIRE_ITEMS, "fallback", "negative control", "display line")

IMAGE_GROWTH_MIN = 200
"""Tokens round 2's prompt must grow by over round 1's for a wire item (AC-3). Round 2 adds the
tool call and its result: the text body alone adds tens of tokens, a real frame hundreds (a 640×424
live view is ~360 tokens on Anthropic, 258 or more on Gemini, 255 or more on OpenAI; the original
app's run grew +390 to +1,407 where the frame reached the model and +76 where it was taken out), so
200 tells "the image reached the model" from "only the text did" without each provider's exact
image accounting."""

EVIDENCE_MAX = 160  # characters of a line kept as evidence or as a problem
# Lines none of which a wire item's turn may have (AC-3): each is a problem, named by the line.
FORBIDDEN = (
    "tool image dropped",
    "tool image fallback",
    "attachment fallback",
    "llm retry",
    "llm retry stop",
    "turn failed",
)

# The kinds the items are judged on (a turn's other lines are neither evidence nor a problem).
JUDGED = frozenset({"turn", "round", "tool", *FORBIDDEN})

Status = Literal["ok", "failed", "not run", "manual"]  # "manual": the display line only

_LINE = re.compile(r"(?:(\d{4}-\d\d-\d\d \d\d:\d\d:\d\d(?:\.\d{1,6})?) )?\[fuseforks\] (.*)")
_KIND = re.compile(r"([a-z][a-z0-9 _-]*):(?= |$)")
_FIELD = re.compile(r' ([A-Za-z_][\w.-]*)=("(?:[^"\\]|\\.)*"|[^\s"=]*)')
_ESCAPE = re.compile(r"\\(.)")


class LogUnreadable(Exception):
    """The log file could not be read (missing, a folder, no permission): names the path."""

    def __init__(self, path: Path, error: OSError) -> None:
        self.path = path
        self.error = error
        super().__init__(f"{path}: {error.strerror or error}")


@dataclass(frozen=True)
class LogLine:
    stamp: datetime | None  # None for a line as echoed to stderr (no time)
    kind: str
    fields: dict[str, str]
    text: str  # the line after ``[fuseforks] ``

    def evidence(self) -> str:
        """The line as the table shows it: its time of day, kind and fields (cut)."""
        when = "" if self.stamp is None else self.stamp.strftime("%H:%M:%S.%f")[:12] + " "
        return cut(when + self.text)


@dataclass
class Turn:
    """One ``turn:`` line and the lines that belong to it (in log order, the ``turn:`` line in them)."""

    line: LogLine
    lines: list[LogLine] = field(default_factory=list)

    @property
    def backend(self) -> str | None:
        return self.line.fields.get("backend")

    @property
    def stop(self) -> str:
        return self.line.fields.get("stop", "?")

    def of_kind(self, kind: str) -> list[LogLine]:
        return [x for x in self.lines if x.kind == kind]

    def growth(self) -> tuple[int | None, int | None]:
        """``(growth, first round without a usable round: line)``: round 2's prompt size
        (``input + cache_read + cache_write``, AC-6) minus round 1's."""
        sizes: dict[int, int] = {}
        for x in self.of_kind("round"):
            try:
                number = int(x.fields.get("round", ""))
                size = sum(int(x.fields.get(k, "")) for k in ("input", "cache_read", "cache_write"))
            except ValueError:
                continue
            sizes.setdefault(number, size)
        for number in (1, 2):
            if number not in sizes:
                return None, number
        return sizes[2] - sizes[1], None


@dataclass
class ItemVerdict:
    key: str  # one of ``ITEMS``
    backend: str | None  # the wire the item's turn used (None when there is none)
    status: Status
    evidence: list[str] = field(default_factory=list)  # the log lines that prove (or disprove) it
    problems: list[str] = field(default_factory=list)  # each named: why the item does not hold
    growth: int | None = None  # round 2's prompt growth in tokens (wire items, the fallback)

    @property
    def is_wire(self) -> bool:
        return self.key in WIRE_ITEMS

    @property
    def fails(self) -> bool:
        """A failed item, or a wire item that was not run (every wire must be shown to hold)."""
        return self.status == "failed" or (self.is_wire and self.status != "ok")


@dataclass
class AcceptanceReport:
    items: list[ItemVerdict]

    @property
    def passed(self) -> bool:
        """The seven wire items hold and no other item that was run failed."""
        return not self.failed()

    def failed(self) -> list[str]:
        return [i.key for i in self.items if i.fails]

    def wires_held(self) -> int:
        return sum(1 for i in self.items if i.is_wire and i.status == "ok")

    def summary(self) -> str:
        """The last line of the command's output, in every language the same (grep-able)."""
        text = f"acceptance: {self.wires_held()}/{len(WIRE_ITEMS)} wire items hold"
        failed = self.failed()
        return f"{text}; failed: {', '.join(failed)}" if failed else text

    def item(self, key: str) -> ItemVerdict:
        return next(i for i in self.items if i.key == key)


def cut(text: str) -> str:
    return text if len(text) <= EVIDENCE_MAX else text[: EVIDENCE_MAX - 1] + "…"


def _unquote(value: str) -> str:
    return _ESCAPE.sub(lambda m: "\n" if m.group(1) == "n" else m.group(1), value[1:-1])


def parse_line(raw: str, kinds: Container[str] | None = None) -> LogLine | None:
    """One log line, or None when ``raw`` is not one (``core.log.format_line``'s inverse) or, with
    ``kinds``, not one of those (the reader parses the fields of the kinds it judges only: a day's
    log is mostly other lines, a watch's among them)."""
    m = _LINE.fullmatch(raw.rstrip("\r\n"))
    if m is None:
        return None
    text = m.group(2)
    kind = _KIND.match(text)
    if kind is None or (kinds is not None and kind.group(1) not in kinds):
        return None
    stamp: datetime | None = None
    if m.group(1):
        try:
            stamp = datetime.fromisoformat(m.group(1))
        except ValueError:
            return None
    fields: dict[str, str] = {}
    pos, size = kind.end(), len(text)
    while (f := _FIELD.match(text, pos)) is not None:
        key, value = f.groups()
        pos = f.end()
        if value[:1] == '"':
            fields[key] = _unquote(value)
            if text.startswith(":", pos):  # a quoted value, then ": tail"
                break
        elif value[-1:] == ":" and (pos == size or text[pos] == " "):  # a bare value, then ": tail"
            fields[key] = value[:-1]
            break
        else:
            fields[key] = value
    return LogLine(stamp, kind.group(1), fields, text)


def read_log(path: Path) -> list[str]:
    """The lines of the log at ``path``, after those of its rotated ``.old`` file when it has one
    (a turn may begin before the rotation). Undecodable bytes are replaced, never an error;
    ``LogUnreadable`` when ``path`` cannot be read. Cut at ``\n`` only (``str.splitlines`` also
    cuts at U+2028, NEL or a form feed, which a quoted value may hold: its rest would be read as a
    line of its own, one that says ``images=1`` too)."""
    lines: list[str] = []
    old = path.with_name(path.name + ".old")
    for part in (old, path) if path.name == LOG_NAME else (path,):
        try:
            data = part.read_bytes()
        except FileNotFoundError as exc:
            if part is old:
                continue
            raise LogUnreadable(part, exc) from exc
        except OSError as exc:
            raise LogUnreadable(part, exc) from exc
        lines += [x for x in data.decode("utf-8", errors="replace").split("\n") if x]
    return lines


def turns_of(lines: list[LogLine]) -> list[Turn]:
    """The turns in log order (see the module's docstring for which lines belong to one)."""
    turns: list[Turn] = []
    pending: dict[str, list[tuple[int, LogLine]]] = {}  # agent -> its lines since its last turn:
    last: dict[str, tuple[int, Turn]] = {}  # agent -> (index, its last turn)
    loose: list[tuple[int, LogLine]] = []  # lines that name a model and no agent
    loose_at: list[int] = []
    for index, line in enumerate(lines):
        agent = line.fields.get("agent")
        if agent is None:
            if "model" in line.fields:
                loose.append((index, line))
                loose_at.append(index)
            continue
        if line.kind == "turn failed" and agent in last and not pending.get(agent):
            last[agent][1].lines.append(line)  # written just after its turn: line
            continue
        if line.kind != "turn":
            pending.setdefault(agent, []).append((index, line))
            continue
        start = last[agent][0] if agent in last else -1
        model = line.fields.get("model")
        shared = [
            (i, x) for i, x in loose[bisect.bisect_right(loose_at, start) :] if x.fields.get("model") == model
        ]
        own = sorted([*pending.pop(agent, []), *shared], key=lambda pair: pair[0])
        turn = Turn(line, [x for _, x in own] + [line])
        turns.append(turn)
        last[agent] = (index, turn)
    return turns


def _not_run(key: str, reason: str) -> ItemVerdict:
    return ItemVerdict(key, None, "not run", [], [reason])


def _verdict(key: str, backend: str | None, evidence: list[str], problems: list[str]) -> ItemVerdict:
    return ItemVerdict(key, backend, "failed" if problems else "ok", evidence, problems)


def is_control_turn(turn: Turn) -> bool:
    """A turn that called only tools that return no image (AC-5's shape: ``camera_status``): the
    negative control, asked on some wire after that wire's item, is not that wire's item again."""
    tools = turn.of_kind("tool")
    plain = all(x.fields.get("ok") == "true" and "images" not in x.fields for x in tools)
    return bool(tools) and plain and not turn.of_kind("tool image dropped")


def wire_item(wire: str, turns: list[Turn]) -> ItemVerdict:
    """AC-3: the latest turn on ``wire`` that is neither a fallback turn nor a negative control's
    (``is_control_turn``), and why it does not hold."""
    candidates = [
        t
        for t in turns
        if t.backend == wire and not t.of_kind("tool image fallback") and not is_control_turn(t)
    ]
    if not candidates:
        left_out = sum(1 for t in turns if t.backend == wire)  # the person did ask: say why none counts
        if left_out:
            return _not_run(
                wire,
                f"no turn with backend={wire} but {left_out} whose tools returned no image or that fell back",
            )
        return _not_run(wire, f"no turn with backend={wire}")
    turn = candidates[-1]
    problems = []
    if not any(x.fields.get("ok") == "true" and x.fields.get("images") == "1" for x in turn.of_kind("tool")):
        problems.append("no images=1 tool line")
    if turn.stop != "-":
        problems.append(f"stop={turn.stop}")
    growth, missing = turn.growth()
    if growth is None:
        problems.append(f"no round: line for round {missing}")
    elif growth < IMAGE_GROWTH_MIN:
        problems.append(f"round 2 grew by {growth} tokens (< {IMAGE_GROWTH_MIN})")
    problems += [cut(x.text) for x in turn.lines if x.kind in FORBIDDEN]
    verdict = _verdict(wire, wire, [x.evidence() for x in turn.lines], problems)
    verdict.growth = growth
    return verdict


def fallback_item(turns: list[Turn]) -> ItemVerdict:
    """AC-4: the latest turn whose provider refused the image: one resend without it, which answered."""
    candidates = [t for t in turns if t.of_kind("tool image fallback")]
    if not candidates:
        return _not_run("fallback", "no turn with a tool image fallback: line")
    turn = candidates[-1]
    fallbacks = turn.of_kind("tool image fallback")
    problems = []
    if len(fallbacks) != 1:
        problems.append(f"{len(fallbacks)} tool image fallback: lines (expected 1)")
    problems += [
        f"outcome={x.fields.get('outcome', '?')}" for x in fallbacks if x.fields.get("outcome") != "ok"
    ]
    if turn.stop != "-":
        problems.append(f"stop={turn.stop}")
    verdict = _verdict("fallback", turn.backend, [x.evidence() for x in turn.lines], problems)
    verdict.growth = turn.growth()[0]  # small: the frame was left out (shown, never judged)
    return verdict


def negative_control(lines: list[LogLine]) -> ItemVerdict:
    """AC-5: a tool that returns no image writes no ``images=`` field (it is written only when > 0)."""
    tools = [x for x in lines if x.kind == "tool"]
    zeros = [x for x in tools if x.fields.get("images") == "0"]
    plain = [x for x in tools if x.fields.get("ok") == "true" and "images" not in x.fields]
    if zeros:
        return _verdict("negative control", None, [x.evidence() for x in zeros], [cut(x.text) for x in zeros])
    if plain:
        return _verdict("negative control", None, [plain[-1].evidence()], [])
    return _not_run("negative control", "no tool: line with ok=true and no images= field")


def read_acceptance(lines: Iterable[str], since: datetime | None = None) -> AcceptanceReport:
    """The verdict of each item in ``ITEMS`` from the log's lines (from ``since`` on, local time as
    the log writes it; an aware ``since`` is converted). Never raises on what the lines hold."""
    if since is not None and since.tzinfo is not None:
        since = since.astimezone().replace(tzinfo=None)
    parsed = [x for x in (parse_line(raw, JUDGED) for raw in lines) if x is not None]
    if since is not None:
        parsed = [x for x in parsed if x.stamp is not None and x.stamp >= since]
    turns = turns_of(parsed)
    items = [wire_item(w, turns) for w in WIRE_ITEMS]
    items += [fallback_item(turns), negative_control(parsed)]
    items.append(ItemVerdict("display line", None, "manual"))  # the person looks at the tool row
    return AcceptanceReport(items)
