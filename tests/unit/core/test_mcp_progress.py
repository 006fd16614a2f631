"""core.mcp.progress: the server's progress values checked and thinned before a front end sees them."""

from __future__ import annotations

import pytest

from core.log import LOG, REDACTED
from core.mcp.progress import MESSAGE_CHARS, MIN_INTERVAL_S, progress_callback


class Clock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


@pytest.mark.asyncio
async def test_values_are_checked() -> None:
    seen: list[tuple[float, float | None, str | None]] = []
    clock = Clock()
    report = progress_callback(lambda *a: seen.append(a), clock)
    for progress, total, message in [
        (float("nan"), 3.0, "bad"),
        (1, 0, " two\nlines "),
        (2, float("inf"), None),
        (3, -1.0, "x" * 500),
    ]:
        clock.now += 1
        await report(progress, total, message)  # type: ignore[arg-type]
    assert seen == [
        (1.0, None, "two lines"),
        (2.0, None, None),
        (3.0, None, "x" * (MESSAGE_CHARS - 1) + "…"),
    ]


@pytest.mark.asyncio
async def test_a_flood_is_thinned_but_changes_and_the_end_pass() -> None:
    seen: list[tuple[float, float | None, str | None]] = []
    clock = Clock()
    report = progress_callback(lambda *a: seen.append(a), clock)
    for i in range(1, 10):
        clock.now += MIN_INTERVAL_S / 10
        await report(float(i), 10.0, "copying")
    clock.now += MIN_INTERVAL_S / 10
    await report(9.5, 10.0, "checking")  # a new message passes
    await report(10.0, 10.0, "checking")  # the end passes
    clock.now += MIN_INTERVAL_S
    await report(10.0, 10.0, "checking")
    assert seen == [
        (1.0, 10.0, "copying"),
        (9.5, 10.0, "checking"),
        (10.0, 10.0, "checking"),
        (10.0, 10.0, "checking"),
    ]


@pytest.mark.asyncio
async def test_known_secrets_are_taken_out_of_the_message() -> None:
    LOG.register_secret("s3cr3t-token-value")
    seen: list[str | None] = []
    report = progress_callback(lambda _p, _t, m: seen.append(m))
    await report(1.0, None, "uploading with s3cr3t-token-value")
    assert seen and "s3cr3t-token-value" not in (seen[0] or "")


@pytest.mark.asyncio
async def test_a_secret_across_the_length_cut_leaves_no_part_of_itself() -> None:
    secret = "tok_A1b2C3d4A1b2C3d4A1b2C3d4A1b2C3d4A1b2C3d4"  # 44 characters, across character 200
    LOG.register_secret(secret)
    seen: list[str | None] = []
    report = progress_callback(lambda _p, _t, m: seen.append(m))
    await report(1.0, None, "x" * 180 + secret + " done")
    assert seen == ["x" * 180 + REDACTED + " done"]
