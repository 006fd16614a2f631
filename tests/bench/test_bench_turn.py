"""Turn-engine overhead: a 12-round camera turn through a scripted backend (no network, no I/O).

Run: python -m pytest tests/bench/test_bench_turn.py --benchmark-enable
"""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from core.canonical import ChatMessage, Role
from core.turn import Turn, TurnSettings
from tests.fakes.scripted import CounterTool, EchoTool, ScriptedBackend, call, reply


def run_turn(rounds: int, tools: list[Any]) -> None:
    backend = ScriptedBackend([call(tools[0].name, {"n": i}) for i in range(rounds)] + [reply("done")])
    turn = Turn(
        turn_id="b",
        backend=backend,
        tools=tools,
        settings=TurnSettings("agent_9", "en"),
        history=[],
        user=ChatMessage(Role.USER, "watch"),
    )
    asyncio.run(turn.run())


@pytest.mark.bench
def test_bench_twelve_camera_rounds(benchmark: Any) -> None:
    benchmark(run_turn, 12, [CounterTool()])


@pytest.mark.bench
def test_bench_twelve_text_rounds(benchmark: Any) -> None:
    benchmark(run_turn, 12, [EchoTool("t", "x" * 2000)])
