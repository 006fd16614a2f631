"""``core.mcp.log_guard``: the SDK's log records as bounded ``mcp sdk:`` lines (issue 12, defect 6)."""

from __future__ import annotations

import logging
from pathlib import Path

from core.log import LOG, REDACTED
from core.mcp.log_guard import MAX_TEXT, PER_WINDOW, WINDOW_S, SdkLogGuard, install
from tests.fakes.logs import log_lines


def record(
    message: str = "Failed to parse %s", *args: object, exc: BaseException | None = None
) -> logging.LogRecord:
    info = (type(exc), exc, None) if exc is not None else None
    return logging.LogRecord("mcp.client.stdio", logging.ERROR, __file__, 1, message, args, info)


def test_each_kind_is_written_three_times_a_window_then_counted(event_log: Path) -> None:
    now = [100.0]
    guard = SdkLogGuard(clock=lambda: now[0])
    for n in range(10):
        guard.emit(record("Failed to parse %s", n, exc=ValueError("bad line\nsecond line with the input")))
    guard.emit(record("Other %s", "x"))
    now[0] += WINDOW_S
    guard.emit(record("Failed to parse %s", "late"))
    guard.flush()
    lines = [x for x in log_lines(event_log) if x.startswith("mcp sdk")]
    first = [
        f'mcp sdk: level=ERROR logger=mcp.client.stdio message="Failed to parse {n}" error="ValueError: bad line"'
        for n in range(PER_WINDOW)
    ]
    assert lines == [
        *first,
        'mcp sdk: level=ERROR logger=mcp.client.stdio message="Other x" error=-',
        'mcp sdk suppressed: logger=mcp.client.stdio message="Failed to parse %s" count=7',
        'mcp sdk: level=ERROR logger=mcp.client.stdio message="Failed to parse late" error=-',
    ]


def test_installed_once_on_the_sdk_loggers_which_no_longer_reach_the_root_logger() -> None:
    guard = install()
    assert install() is guard
    for name in ("mcp", "client"):
        logger = logging.getLogger(name)
        assert logger.handlers.count(guard) == 1 and logger.propagate is False


def test_a_secret_across_the_length_cut_leaves_no_part_of_itself(event_log: Path) -> None:
    secret = "tok_Z9y8X7w6Z9y8X7w6Z9y8X7w6Z9y8X7w6Z9y8X7w6"  # across character 160
    LOG.register_secret(secret)
    SdkLogGuard().emit(record("Failed to parse %s", "ab cd " * 22 + "ab " + secret + " tail"))
    lines = [x for x in log_lines(event_log) if x.startswith("mcp sdk")]
    kept = ("Failed to parse " + "ab cd " * 22 + "ab " + REDACTED + " tail")[:MAX_TEXT]  # redacted, then cut
    assert lines == [f'mcp sdk: level=ERROR logger=mcp.client.stdio message="{kept}" error=-']
