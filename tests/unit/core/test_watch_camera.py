"""watch_camera (WA-24): the person confirms, then the watch is made; no yes, no watch."""

from __future__ import annotations

import datetime as dt
from typing import Any

import pytest

from core.builtin_tools import UserAnswer
from core.tool import ToolContext
from core.watch.model import Rhythm, Watch
from core.watch.ports import WatchRefused
from core.watch.watch_camera import WatchCamera, watch_camera_tool

TZ = dt.timezone(dt.timedelta(hours=9))
NOW = dt.datetime(2026, 12, 1, 15, 0, 0, tzinfo=TZ).timestamp()


def ctx(**kw: Any) -> ToolContext:
    return ToolContext(agent_id="a1", language=kw.pop("language", "en"), turn_id="t1", call_id="k1", **kw)


class Asked:
    def __init__(self, answer: Any) -> None:
        self.answer = answer
        self.calls: list[tuple[str, dict[str, Any]]] = []

    async def __call__(self, name: str, payload: dict[str, Any]) -> Any:
        self.calls.append((name, payload))
        if isinstance(self.answer, Exception):
            raise self.answer
        return self.answer


class Created:
    def __init__(self, refuse: WatchRefused | None = None) -> None:
        self.made: list[Watch] = []
        self.refuse = refuse

    async def __call__(self, watch: Watch) -> Watch:
        if self.refuse is not None:
            raise self.refuse
        self.made.append(watch)
        return watch


def new_watch(agent_id: str, instruction: str) -> Watch:
    return Watch(id="w9", agent_id=agent_id, instruction=instruction)


def camera_tool(created: Created) -> WatchCamera:
    return WatchCamera(new_watch, created, language="en", tz=TZ, clock=lambda: NOW, timeout_s=5)


@pytest.mark.asyncio
async def test_watch_camera_asks_then_creates_the_watch() -> None:
    created, asked = Created(), Asked("Start watching")
    r = await camera_tool(created).call(
        {"instruction": "watch the door", "until": "18:00"}, ctx(ask_user=asked)
    )
    assert asked.calls == [
        (
            "ask_user_question",
            {
                "question": "Start watching the camera: \u201cwatch the door\u201d, continuously (a frame every 2 s;"
                " only changed pictures go to the model), until 2026-12-01 18:00:00?",
                "options": ["Start watching", "Do not watch"],
                "timeout_s": 5,
            },
        )
    ]
    until = dt.datetime(2026, 12, 1, 18, 0, tzinfo=TZ).timestamp()
    assert created.made == [
        Watch(
            id="w9",
            agent_id="a1",
            instruction="watch the door",
            rhythm=Rhythm("continuous", 2.0),
            until=until,
            created_by="agent",
        )
    ]
    assert (r.is_error, r.output.text) == (
        False,
        "Watch w9 started: continuously (a frame every 2 s; only changed pictures go to the model), until"
        " 2026-12-01 18:00:00. What it reports goes to the timeline (camera_events).",
    )


@pytest.mark.asyncio
@pytest.mark.parametrize(
    ("args", "rhythm", "words"),
    [
        ({"every_minutes": 10}, Rhythm("every", 600.0), "every 10 minutes"),
        ({"every_minutes": 1}, Rhythm("every", 60.0), "every minute"),
        (
            {"times": ["7:30", "12:00"]},
            Rhythm("times", times=("07:30", "12:00")),
            "every day at 07:30, 12:00",
        ),
        ({"continuous": True, "until": "2h"}, Rhythm("continuous", 2.0), "continuously"),
    ],
)
async def test_watch_camera_rhythms(args: dict[str, Any], rhythm: Rhythm, words: str) -> None:
    created = Created()
    r = await camera_tool(created).call(
        {"instruction": "look", **args}, ctx(ask_user=Asked("Start watching"))
    )
    assert r.is_error is False and words in r.output.text
    assert created.made[0].rhythm == rhythm
    assert created.made[0].until == (NOW + 7200 if "until" in args else None)


@pytest.mark.asyncio
@pytest.mark.parametrize(
    ("answer", "text"),
    [
        (UserAnswer("declined"), "The person declined; no watch was started."),
        ("Do not watch", "The person declined; no watch was started."),
        (UserAnswer("timeout"), "The person did not answer; no watch was started."),
        (UserAnswer("cancelled"), "The person did not answer; no watch was started."),
    ],
)
async def test_watch_camera_without_a_yes_makes_nothing(answer: Any, text: str) -> None:
    created = Created()
    r = await camera_tool(created).call({"instruction": "look"}, ctx(ask_user=Asked(answer)))
    assert (r.is_error, r.output.text, created.made) == (False, text, [])


@pytest.mark.asyncio
async def test_watch_camera_without_a_front_end_is_an_error() -> None:
    created = Created()
    needs = (
        "tool execution failed: a watch starts only when the person confirms it, and no window is open to ask"
    )
    r = await camera_tool(created).call({"instruction": "look"}, ctx())
    assert (r.is_error, r.output.text, created.made) == (True, needs, [])
    r = await camera_tool(created).call(
        {"instruction": "look"}, ctx(ask_user=Asked(UserAnswer("non_interactive")))
    )
    assert (r.is_error, r.output.text, created.made) == (True, needs, [])


@pytest.mark.asyncio
async def test_a_refused_watch_is_an_error_with_the_reason() -> None:
    created = Created(WatchRefused("no_vision", "The template t cannot read images."))
    r = await camera_tool(created).call({"instruction": "look"}, ctx(ask_user=Asked("Start watching")))
    assert (r.is_error, r.output.text) == (
        True,
        "tool execution failed: the watch could not start: The template t cannot read images.",
    )


@pytest.mark.asyncio
@pytest.mark.parametrize(
    ("args", "key", "expected"),
    [
        ({}, "instruction", "a non-empty text of at most 2000 characters"),
        (
            {"instruction": "x", "every_minutes": 5, "times": ["07:00"]},
            "rhythm",
            "given alone: only one of every_minutes, times and continuous",
        ),
        ({"instruction": "x", "every_minutes": 0.1}, "every_minutes", "a number of minutes from 1 to 1440"),
        ({"instruction": "x", "every_minutes": 2000}, "every_minutes", "a number of minutes from 1 to 1440"),
        ({"instruction": "x", "every_minutes": "5"}, "every_minutes", "a number of minutes from 1 to 1440"),
        ({"instruction": "x", "times": ["25:00"]}, "times", 'a list of local times of day such as "07:30"'),
        ({"instruction": "x", "times": "07:00"}, "times", 'a list of local times of day such as "07:30"'),
        ({"instruction": "x", "continuous": "yes"}, "continuous", "true or false"),
        (
            {"instruction": "x", "until": "-1h"},
            "until",
            'a time still to come, such as "18:00", "2026-12-01 18:00" or "2h"',
        ),
        (
            {"instruction": "x", "until": "2026-11-30 18:00"},
            "until",
            'a time still to come, such as "18:00", "2026-12-01 18:00" or "2h"',
        ),
        (
            {"instruction": "x", "until": "teatime"},
            "until",
            'a time still to come, such as "18:00", "2026-12-01 18:00" or "2h"',
        ),
    ],
)
async def test_watch_camera_bad_arguments_ask_nobody(args: dict[str, Any], key: str, expected: str) -> None:
    created, asked = Created(), Asked("Start watching")
    r = await camera_tool(created).call(args, ctx(ask_user=asked))
    assert (r.is_error, r.output.text) == (
        True,
        f"tool execution failed: the parameter {key} must be {expected}",
    )
    assert (asked.calls, created.made) == ([], [])


class Service:
    """The two WatchesLike methods watch_camera_tool uses."""

    def __init__(self) -> None:
        self.created: list[Watch] = []

    def new_watch(self, agent_id: str, instruction: str) -> Watch:
        return Watch(id="w5", agent_id=agent_id, instruction=instruction)

    async def create(self, watch: Watch) -> Watch:
        self.created.append(watch)
        return watch.with_(conversation_id="c5")


@pytest.mark.asyncio
async def test_watch_camera_tool_makes_the_watch_through_the_service() -> None:
    service = Service()
    tool = watch_camera_tool(service, "ja")  # type: ignore[arg-type]
    assert tool.spec().input_schema["properties"]["continuous"]["description"] == (
        "2 秒ごとに画像を見て、変化した画像だけをモデルに渡す。"
    )
    r = await tool.call(
        {"instruction": "玄関を見て", "every_minutes": 5},
        ctx(language="ja", ask_user=Asked("見守りを始める")),
    )
    assert (r.is_error, r.output.text) == (
        False,
        "見守り w5 を始めました：5 分ごと。記録はタイムライン（camera_events）に入ります。",
    )
    assert [(w.instruction, w.rhythm, w.created_by) for w in service.created] == [
        ("玄関を見て", Rhythm("every", 300.0), "agent")
    ]
