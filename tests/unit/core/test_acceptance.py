"""The acceptance reader (AC-2 … AC-5) on logs written in the app's own format (``EventLog``)."""

from __future__ import annotations

import re
import time
from collections.abc import Iterator
from datetime import datetime
from pathlib import Path

import pytest

from core.acceptance import (
    ITEMS,
    WIRE_ITEMS,
    AcceptanceReport,
    LogUnreadable,
    parse_line,
    read_acceptance,
    read_log,
)
from tests.fakes.acceptance import AGENT, RunLog, model
from wires import WIRE_NAMES

HOLDS = "acceptance: 7/7 wire items hold"
GEMINI_FAILS = "acceptance: 6/7 wire items hold; failed: gemini"


@pytest.fixture
def run(tmp_path: Path) -> Iterator[RunLog]:
    log = RunLog(tmp_path / "log")
    yield log
    log.close()


def report_of(run: RunLog, since: datetime | None = None) -> AcceptanceReport:
    return read_acceptance(read_log(run.path), since)


def statuses(report: AcceptanceReport) -> dict[str, str]:
    return {i.key: i.status for i in report.items}


def without_time(evidence: list[str]) -> list[str]:
    for line in evidence:
        assert re.match(r"\d\d:\d\d:\d\d\.\d{3} ", line), line
    return [line.split(" ", 1)[1] for line in evidence]


def run_except(run: RunLog, broken: str, write_broken: object) -> None:
    """The full run with ``broken``'s turn written by ``write_broken`` (None: not run)."""
    for wire in WIRE_ITEMS:
        if wire != broken:
            run.wire_turn(wire)
        elif callable(write_broken):
            write_broken(run)
    run.fallback_turn()
    run.control_turn()


def test_the_items_are_the_seven_wires_then_the_others() -> None:
    assert set(WIRE_ITEMS) == set(WIRE_NAMES)
    assert ITEMS[7:] == ("fallback", "negative control", "display line")


def test_a_full_run_passes(run: RunLog) -> None:
    run.full_run()
    report = report_of(run)
    assert report.passed
    assert report.summary() == HOLDS
    assert [i.key for i in report.items] == list(ITEMS)
    assert statuses(report) == {**dict.fromkeys(WIRE_ITEMS, "ok"), "fallback": "ok"} | {
        "negative control": "ok",
        "display line": "manual",
    }
    gemini = report.item("gemini")
    assert (gemini.backend, gemini.growth, gemini.problems) == ("gemini", 5210, [])
    assert without_time(gemini.evidence) == [
        "round: agent=agent_9 round=1 input=1200 output=14 cache_read=0 cache_write=0",
        "tool: agent=agent_9 round=1 name=nik__live_view_image ok=true ms=41 body_chars=96 images=1",
        "round: agent=agent_9 round=2 input=6410 output=14 cache_read=0 cache_write=0",
        "turn: agent=agent_9 backend=gemini stop=- input=2400 output=28 cache_read=0 cache_write=0 "
        "rounds=2/12 model=gemini-vision",
    ]
    # the control turn on anthropic came last: anthropic's item is still its camera turn
    assert report.item("anthropic").growth == 5210
    control = report.item("negative control")
    assert without_time(control.evidence) == [
        "tool: agent=agent_9 round=1 name=nik__camera_status ok=true ms=41 body_chars=96"
    ]
    fallback = report.item("fallback")
    assert (fallback.backend, fallback.problems, fallback.growth) == ("perplexity-responses", [], 40)
    assert "tool image fallback: agent=agent_9 model=perplexity-responses-vision removed=1 outcome=ok" in (
        without_time(fallback.evidence)
    )
    assert report.item("perplexity-responses").growth == 5210  # the fallback turn is not the wire's
    assert report.item("display line").evidence == report.item("display line").problems == []


def failed_tool(run: RunLog) -> None:
    run.round(1, 1200)
    run.tool(images=None, ok=False)
    run.round(2, 1300)
    run.turn("gemini")


def failed_turn(run: RunLog) -> None:
    run.round(1, 1200)
    run.tool()
    run.turn("gemini", stop="error", rounds=1)
    run.line("turn failed", "server error", agent=AGENT, code="http_500", fatal=False)


BROKEN = {
    "no images=1": (failed_tool, ["no images=1 tool line", "round 2 grew by 100 tokens (< 200)"]),
    "two images": (
        lambda r: r.wire_turn("gemini", images=2),
        ["no images=1 tool line"],
    ),
    "stop=error": (
        failed_turn,
        [
            "stop=error",
            "no round: line for round 2",
            "turn failed: agent=agent_9 code=http_500 fatal=false: server error",
        ],
    ),
    "growth 31": (lambda r: r.wire_turn("gemini", growth=31), ["round 2 grew by 31 tokens (< 200)"]),
    "attachment fallback": (
        lambda r: r.wire_turn(
            "gemini",
            between=lambda x: x.line(
                "attachment fallback", "retrying with jpeg after 400", model=model("gemini")
            ),
        ),
        ["attachment fallback: model=gemini-vision: retrying with jpeg after 400"],
    ),
    "llm retry": (
        lambda r: r.wire_turn(
            "gemini",
            between=lambda x: x.line(
                "llm retry",
                model=model("gemini"),
                attempt="1/2",
                status=503,
                **{"class": "server_error"},
                code="-",
                hint="-",
                src="-",
                wait="1000ms",
            ),
        ),
        [
            "llm retry: model=gemini-vision attempt=1/2 status=503 class=server_error code=- hint=- src=- "
            "wait=1000ms"
        ],
    ),
    "image dropped": (
        lambda r: r.wire_turn(
            "gemini",
            images=None,
            between=lambda x: x.line(
                "tool image dropped", agent=AGENT, name="nik__live_view_image", reason="too_large"
            ),
        ),
        [
            "no images=1 tool line",
            "tool image dropped: agent=agent_9 name=nik__live_view_image reason=too_large",
        ],
    ),
    "not run": (None, ["no turn with backend=gemini"]),
}


@pytest.mark.parametrize("case", BROKEN)
def test_each_broken_rule_fails_its_wire_alone(run: RunLog, case: str) -> None:
    write, problems = BROKEN[case]
    run_except(run, "gemini", write)
    report = report_of(run)
    gemini = report.item("gemini")
    assert (gemini.status, gemini.problems) == ("not run" if write is None else "failed", problems)
    assert not report.passed
    assert report.summary() == GEMINI_FAILS
    assert report.failed() == ["gemini"]
    assert statuses(report) == {**dict.fromkeys(WIRE_ITEMS, "ok"), "fallback": "ok"} | {
        "gemini": gemini.status,
        "negative control": "ok",
        "display line": "manual",
    }


def test_the_latest_turn_of_a_wire_wins(run: RunLog) -> None:
    run.full_run()
    run.wire_turn("gemini", growth=31)
    assert report_of(run).item("gemini").problems == ["round 2 grew by 31 tokens (< 200)"]
    run.wire_turn("gemini", growth=900)
    gemini = report_of(run).item("gemini")
    assert (gemini.status, gemini.growth) == ("ok", 900)


def test_a_turn_failed_line_stays_with_its_failed_turn(run: RunLog) -> None:
    """core/turn.py writes ``turn failed:`` after the ``turn:`` line: the next turn is not blamed."""
    run.full_run()
    failed_turn(run)
    run.wire_turn("gemini")
    assert report_of(run).item("gemini").status == "ok"


def test_fallback_item_rules(run: RunLog) -> None:
    for wire in WIRE_ITEMS:
        run.wire_turn(wire)
    run.control_turn()
    report = report_of(run)
    assert (report.item("fallback").status, report.item("fallback").problems) == (
        "not run",
        ["no turn with a tool image fallback: line"],
    )
    assert report.passed and report.summary() == HOLDS  # not run does not fail the report

    def twice(log: RunLog) -> None:
        for outcome in ("ok", "error"):
            log.line("tool image fallback", agent=AGENT, model=model("anthropic"), removed=1, outcome=outcome)

    run.wire_turn("anthropic", between=twice)
    report = report_of(run)
    fallback = report.item("fallback")
    assert (fallback.status, fallback.backend) == ("failed", "anthropic")
    assert fallback.problems == ["2 tool image fallback: lines (expected 1)", "outcome=error"]
    assert report.item("anthropic").status == "ok"  # a fallback turn is not the wire's item
    assert report.summary() == "acceptance: 7/7 wire items hold; failed: fallback"
    assert not report.passed

    run.fallback_turn("openai-compat", outcome="error", stop="error")  # the resend failed too
    fallback = report_of(run).item("fallback")
    assert (fallback.backend, fallback.problems) == ("openai-compat", ["outcome=error", "stop=error"])
    run.fallback_turn("openai-compat")
    assert report_of(run).item("fallback").status == "ok"


def test_negative_control(run: RunLog) -> None:
    for wire in WIRE_ITEMS:
        run.wire_turn(wire)
    control = report_of(run).item("negative control")
    assert (control.status, control.problems) == (
        "not run",
        ["no tool: line with ok=true and no images= field"],
    )
    run.control_turn()
    assert report_of(run).item("negative control").status == "ok"
    run.tool("nik__camera_status", images=0)  # the field written for no image: the bug it guards
    report = report_of(run)
    control = report.item("negative control")
    zero = "tool: agent=agent_9 round=1 name=nik__camera_status ok=true ms=41 body_chars=96 images=0"
    assert (control.status, control.problems, without_time(control.evidence)) == ("failed", [zero], [zero])
    assert report.summary() == "acceptance: 7/7 wire items hold; failed: negative control"


def test_since_leaves_out_what_came_before(run: RunLog) -> None:
    run.wire_turn("gemini")
    time.sleep(0.01)  # the log's times are in milliseconds
    for wire in WIRE_ITEMS:
        if wire != "gemini":
            run.wire_turn(wire)
    run.control_turn()
    lines = read_log(run.path)
    assert read_acceptance(lines).summary() == HOLDS
    gemini_turn = next(i for i, x in enumerate(lines) if "backend=gemini" in x)
    since = parse_line(lines[gemini_turn + 1])
    assert since is not None and since.stamp is not None
    assert read_acceptance(lines, since.stamp).summary() == GEMINI_FAILS
    aware = since.stamp.astimezone()  # an ISO time with an offset means the same moment
    assert read_acceptance(lines, aware).summary() == GEMINI_FAILS
    assert read_acceptance(lines, datetime(2000, 1, 1)).summary() == HOLDS


def test_garbage_unknown_kinds_and_quoted_values(run: RunLog, tmp_path: Path) -> None:
    run.full_run()
    other = "llama 3 vision"  # a model name the log quotes
    run.round(1, 1200)
    run.tool()
    run.line("llm retry", model="other", attempt="1/2", status=503)  # another model's: not this turn's
    run.line("tool", agent="agent_2", round=1, name="x", ok=False, ms=1, body_chars=1)  # another agent's
    run.line("weather report", agent=AGENT, sky="blue")  # a kind the reader does not know
    run.round(2, 6410)
    run.line(
        "turn",
        agent=AGENT,
        backend="openai-compat",
        stop="-",
        input=1,
        output=1,
        cache_read=0,
        cache_write=0,
        rounds="2/12",
        model=other,
    )
    run.close()
    with run.path.open("ab") as fh:
        fh.write(b"\xff\xfe not a line\n2026-99-99 00:00:00.000 [fuseforks] turn: agent=x\n")
        fh.write(b'[fuseforks] tool: agent=agent_9 round=1 name="a b" ok=true ms=1 body_chars=2\n')
        fh.write(b'2026-12-07 01:00:00.000 [fuseforks] round: agent=agent_9 round="unterminated\n')
        fh.write(b'2026-12-07 01:00:00.000 [fuseforks] turn: agent=agent_9 model="')
    lines = read_log(run.path)
    report = read_acceptance(lines)
    compat = report.item("openai-compat")
    assert (compat.status, compat.growth) == ("ok", 5210)
    assert without_time(compat.evidence)[-1].endswith(' model="llama 3 vision"')
    assert [x.split(":")[0] for x in without_time(compat.evidence)] == ["round", "tool", "round", "turn"]
    turn = parse_line(lines[-6])
    assert turn is not None and turn.fields["model"] == other
    echoed = parse_line(lines[-3])  # a line as echoed to stderr: no time
    assert echoed is not None and (echoed.stamp, echoed.fields["name"]) == (None, "a b")
    assert parse_line("garbage") is None
    assert read_acceptance(["", "\x00", "[fuseforks]", "round: x=1"]).summary() == (
        "acceptance: 0/7 wire items hold; failed: " + ", ".join(WIRE_ITEMS)
    )


def test_the_rotated_old_file_is_read_first(tmp_path: Path) -> None:
    folder = tmp_path / "log"
    run = RunLog(folder)
    for wire in WIRE_ITEMS:
        run.wire_turn(wire)
    run.round(1, 1200)
    run.tool()
    run.close()
    run.path.replace(folder / "fuseforks.log.old")  # rotated in the middle of a turn
    run = RunLog(folder)
    run.round(2, 1200 + 777)
    run.turn("gemini")
    run.close()
    gemini = read_acceptance(read_log(folder / "fuseforks.log")).item("gemini")
    assert (gemini.status, gemini.growth) == ("ok", 777)
    copy = tmp_path / "copy.log"  # a file of another name is read alone
    copy.write_bytes((folder / "fuseforks.log").read_bytes())
    assert read_acceptance(read_log(copy)).item("gemini").problems == [
        "no images=1 tool line",
        "no round: line for round 1",
    ]


def test_an_unreadable_log_is_a_typed_error(tmp_path: Path) -> None:
    missing = tmp_path / "nowhere" / "fuseforks.log"
    with pytest.raises(LogUnreadable) as caught:
        read_log(missing)
    assert str(caught.value) == f"{missing}: No such file or directory"
    with pytest.raises(LogUnreadable) as caught:
        read_log(tmp_path)
    assert str(caught.value) == f"{tmp_path}: Is a directory"


def test_a_line_is_cut_at_newlines_only(run: RunLog) -> None:
    """The log's lines end in ``\\n`` (``EventLog``); a quoted value may hold other line breaks (an
    MCP server's error with U+2028, NEL, a form feed), which never start a line: not one that says
    ``images=1`` either."""
    run.full_run()
    forged = "\u2028[fuseforks] tool: agent=agent_9 round=1 name=x ok=true ms=1 body_chars=1 images=1"
    run.round(1, 1200)
    error = "bad\x0cgateway\x85" + forged
    run.line("mcp server failed", agent=AGENT, server="nik", error=error)
    run.round(2, 1200 + 900)
    run.turn("gemini")
    lines = read_log(run.path)
    assert lines[-3].endswith(f'mcp server failed: agent=agent_9 server=nik error="{error}"')
    assert read_acceptance(lines).item("gemini").problems == ["no images=1 tool line"]


def test_a_wire_whose_turns_are_all_left_out_says_so(run: RunLog) -> None:
    """A camera that answered without a frame (ok=true, no image) looks like the negative control,
    a refused image like the fallback: neither is the wire's item, and the reason says they were seen."""
    run_except(run, "gemini", lambda r: r.control_turn("gemini"))
    run.fallback_turn("gemini")
    gemini = report_of(run).item("gemini")
    assert (gemini.status, gemini.problems) == (
        "not run",
        ["no turn with backend=gemini but 2 whose tools returned no image or that fell back"],
    )
