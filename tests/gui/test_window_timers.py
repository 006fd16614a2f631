"""The window's coalescing timers keep nothing per use (issue 14's memory per turn): the agents
list's refresh and a streamed bubble's render start one ``QTimer`` again. PySide 6.11's
``QTimer.singleShot(ms, receiver, callable)`` keeps about 110 bytes a call, and the window
scheduled a few a turn (an unbounded growth the tracemalloc probe of a long session showed)."""

from __future__ import annotations

import tracemalloc
from collections.abc import Callable
from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot

import app.main_window as main_window_module
import app.widgets.bubble as bubble_module
from app.widgets.bubble import Bubble
from app.widgets.markdown import split_blocks
from core.events import TextDelta
from core.village import Village
from tests.fakes.configs import window_config
from tests.fakes.scripted import ScriptedBackend
from tests.fakes.windows import window

USES = 300


def grown_by(qtbot: QtBot, source: str, use: Callable[[int], None]) -> int:
    """Bytes the lines of ``source`` still hold after ``USES`` uses, each waited out (a warm-up first)."""
    for i in range(20):
        use(i)
        qtbot.wait(3)
    tracemalloc.start(1)
    try:
        before = tracemalloc.take_snapshot()
        for i in range(USES):
            use(i)
            qtbot.wait(3)
        after = tracemalloc.take_snapshot()
    finally:
        tracemalloc.stop()
    only = [tracemalloc.Filter(True, f"*{source}")]
    return sum(
        s.size_diff for s in after.filter_traces(only).compare_to(before.filter_traces(only), "lineno")
    )


def test_the_agents_refresh_keeps_nothing_per_event(
    qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(main_window_module, "AGENTS_REFRESH_MS", 1)
    win = window(
        qtbot,
        Village(
            window_config(tmp_path),
            backend_factory=lambda t: ScriptedBackend.looping(t.protocol, t.model, ["ok"]),
        ),
    )
    grown = grown_by(
        qtbot, "app/main_window.py", lambda i: win._refresh_agents_soon(TextDelta("a1", "t", f"{i}"))
    )
    assert grown < 2_000  # 300 singleShot calls kept ~33 KB
    assert not win._agents_due.isActive()  # each refresh ran


def test_a_streamed_bubble_keeps_nothing_per_render(qtbot: QtBot, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(bubble_module, "STREAM_MS", 1)
    bubble = Bubble("assistant", "")
    qtbot.addWidget(bubble)
    text: list[str] = []

    def stream(i: int) -> None:
        text.append(f"w{i} ")
        bubble.stream_text("".join(text))

    grown = grown_by(qtbot, "app/widgets/bubble.py", stream)
    assert grown < 2_000
    assert bubble.text == "".join(text)
    assert bubble.markdown is not None and bubble.markdown.blocks == split_blocks(bubble.text)  # rendered
