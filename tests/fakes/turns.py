"""A turn of ``agent_9`` over a scripted backend, as the unit tests of the turn engine build it."""

from __future__ import annotations

from typing import Any

from core.canonical import ChatMessage, Role
from core.turn import Turn, TurnSettings
from tests.fakes.scripted import ScriptedBackend


def make_turn(backend: ScriptedBackend, tools: list[Any], **kw: object) -> Turn:
    settings = TurnSettings(
        agent_id="agent_9",
        language=str(kw.pop("language", "en")),
        max_tool_rounds=int(kw.pop("max_tool_rounds", 12)),  # type: ignore[call-overload]
        reads_images=bool(kw.pop("reads_images", True)),
        tools_enabled=bool(kw.pop("tools_enabled", True)),
        system="be brief",
    )
    return Turn(
        turn_id="t1",
        backend=backend,
        tools=tools,
        settings=settings,
        history=[],
        user=ChatMessage(Role.USER, "look"),
        **kw,
    )  # type: ignore[arg-type]
