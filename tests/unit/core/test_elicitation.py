"""The elicitation broker: MCP elicitation forms over the event bus, checked against their schema."""

from __future__ import annotations

import asyncio
import re
import threading
from pathlib import Path
from typing import Any

import pytest

from core.elicitation import (
    ElicitationAnswer,
    ElicitationRequest,
    Elicitations,
    InvalidContent,
    UnsupportedSchema,
    check,
    parse_schema,
    validate,
)
from core.events import ElicitationAsked, ElicitationSettled, ElicitField, Event, EventBus
from core.questions import Questions
from tests.fakes.logs import log_lines

SCHEMA: dict[str, Any] = {
    "type": "object",
    "properties": {
        "exposure": {
            "type": "integer",
            "title": "Exposure",
            "description": "ms",
            "minimum": 1,
            "maximum": 1000,
        },
        "confirm": {"type": "boolean"},
        "gain": {"type": "number", "default": 1.5, "minimum": 0.5},
        "metering": {"type": "string", "enum": ["spot", "matrix"], "enumNames": ["Spot", "Matrix"]},
        "mode": {"type": "string", "oneOf": [{"const": "a", "title": "Auto"}, {"const": "m"}]},
        "mail": {"type": "string", "format": "email", "minLength": 3, "maxLength": 20},
    },
    "required": ["exposure", "confirm"],
}
FIELDS = (
    ElicitField("exposure", "integer", "Exposure", "ms", True, minimum=1.0, maximum=1000.0),
    ElicitField("confirm", "boolean", required=True),
    ElicitField("gain", "number", default=1.5, minimum=0.5),
    ElicitField("metering", "enum", options=("spot", "matrix"), option_titles=("Spot", "Matrix")),
    ElicitField("mode", "enum", options=("a", "m"), option_titles=("Auto", "m")),
    ElicitField("mail", "string", min_length=3, max_length=20, format="email"),
)


class Front:
    """A front end on the bus: records elicitation events and replies with a rule."""

    def __init__(self, bus: EventBus, broker: Elicitations, rule: Any = None) -> None:
        self.events: list[Event] = []
        self.broker = broker
        self.rule = rule
        self.detach = broker.attach_answerer()
        bus.subscribe(self.on_event)

    def on_event(self, e: Event) -> None:
        if isinstance(e, ElicitationAsked | ElicitationSettled):
            self.events.append(e)
        if isinstance(e, ElicitationAsked) and self.rule is not None:
            self.rule(self.broker, e)


def request(schema: dict[str, Any] | None = None, url: str | None = None) -> ElicitationRequest:
    return ElicitationRequest("a1", "cam", "Set the exposure.", SCHEMA if schema is None else schema, url)


def outcomes(front: Front) -> list[str]:
    return [e.outcome for e in front.events if isinstance(e, ElicitationSettled)]


def test_schema_becomes_typed_fields() -> None:
    assert parse_schema(SCHEMA) == FIELDS


@pytest.mark.parametrize(
    ("prop", "error"),
    [
        ({"type": "object", "properties": {}}, "field f: type 'object' is not supported"),
        ({"type": "array", "items": {"type": "string"}}, "field f: type 'array' is not supported"),
        ({"type": "string", "enum": [1, 2]}, "field f: enum needs strings"),
        ({"type": "string", "oneOf": [{"title": "x"}]}, "field f: oneOf entries need a string const"),
    ],
)
def test_non_primitive_fields_are_unsupported(prop: dict[str, Any], error: str) -> None:
    with pytest.raises(UnsupportedSchema) as info:
        parse_schema({"type": "object", "properties": {"f": prop}})
    assert str(info.value) == error


def test_validation_names_field_and_rule_never_the_value() -> None:
    good = {"exposure": 250, "confirm": True, "gain": 2, "metering": "spot", "mode": "a", "mail": "a@b.io"}
    assert validate(FIELDS, good) == []
    assert validate(FIELDS, {"exposure": 1, "confirm": False}) == []  # optional fields may be left out
    bad = {
        "exposure": "250",
        "confirm": 1,
        "gain": 0.1,
        "metering": "Spot",
        "mode": True,
        "mail": "secret-value",
        "extra": 1,
    }
    assert validate(FIELDS, bad) == [
        "extra: not in the schema",
        "exposure: expected an integer",
        "confirm: expected a boolean",
        "gain: below the minimum 0.5",
        "metering: not one of the options",
        "mode: not one of the options",
        "mail: not a valid email",
    ]
    assert validate(FIELDS, {"exposure": True, "confirm": True}) == ["exposure: expected an integer"]
    assert validate(FIELDS, {"exposure": 2.0, "confirm": True}) == ["exposure: expected an integer"]
    assert validate(FIELDS, {"exposure": 1001, "confirm": True, "gain": "1"}) == [
        "exposure: above the maximum 1000",
        "gain: expected a number",
    ]
    assert check(FIELDS, {"confirm": True, "mail": "ab"}) == [
        ("exposure", "required"),
        ("mail", "shorter than 3 characters"),
        ("mail", "not a valid email"),
    ]


@pytest.mark.asyncio
async def test_accept_with_typed_content(event_log: Path) -> None:
    bus = EventBus()
    broker = Elicitations(bus)
    content = {"exposure": 250, "confirm": True, "metering": "matrix"}
    front = Front(bus, broker, lambda b, e: b.answer(e.request_id, content))
    answer = await broker.handle(request())
    assert answer == ElicitationAnswer("accept", {"exposure": 250, "confirm": True, "metering": "matrix"})
    asked, done = front.events
    assert isinstance(asked, ElicitationAsked) and isinstance(done, ElicitationSettled)
    assert (asked.agent_id, asked.server, asked.message, asked.fields) == (
        "a1",
        "cam",
        "Set the exposure.",
        FIELDS,
    )
    assert re.fullmatch(r"e-[0-9a-f]+-1", asked.request_id)
    assert done == ElicitationSettled("a1", "cam", asked.request_id, "accept")
    assert broker.pending() == []
    lines = [x for x in log_lines(event_log) if x.startswith("mcp elicitation")]
    assert lines[0] == f"mcp elicitation asked: agent=a1 server=cam request={asked.request_id} fields=6"
    assert re.fullmatch(
        rf"mcp elicitation settled: agent=a1 server=cam request={asked.request_id} outcome=accept ms=\d+",
        lines[1],
    )
    assert "250" not in event_log.read_text(encoding="utf-8").replace(asked.request_id, "")


@pytest.mark.asyncio
async def test_bad_content_is_refused_and_nothing_is_sent() -> None:
    bus = EventBus()
    broker = Elicitations(bus)
    refused: list[list[str]] = []

    def rule(b: Elicitations, e: ElicitationAsked) -> None:
        try:
            b.answer(e.request_id, {"exposure": "250", "confirm": True})
        except InvalidContent as exc:
            refused.append(exc.problems)
            b.answer(e.request_id, {"exposure": 250, "confirm": False})

    Front(bus, broker, rule)
    assert await broker.handle(request()) == ElicitationAnswer("accept", {"exposure": 250, "confirm": False})
    assert refused == [["exposure: expected an integer"]]


@pytest.mark.asyncio
@pytest.mark.parametrize("reply", ["decline", "cancel"])
async def test_decline_and_cancel(reply: str) -> None:
    bus = EventBus()
    broker = Elicitations(bus)
    front = Front(bus, broker, lambda b, e: getattr(b, reply)(e.request_id))
    assert await broker.handle(request()) == ElicitationAnswer(reply)  # type: ignore[arg-type]
    assert outcomes(front) == [reply]
    assert broker.decline("e-gone") is False and broker.answer("e-gone", {}) is False


@pytest.mark.asyncio
async def test_timeout_sends_cancel(event_log: Path) -> None:
    bus = EventBus()
    broker = Elicitations(bus, timeout_s=0.05)
    front = Front(bus, broker)
    assert await broker.handle(request()) == ElicitationAnswer("cancel")
    assert outcomes(front) == ["timeout"]
    (asked,) = [e for e in front.events if isinstance(e, ElicitationAsked)]
    assert broker.answer(asked.request_id, {"exposure": 1, "confirm": True}) is False  # too late
    assert any(
        x.startswith("mcp elicitation settled: agent=a1 server=cam") and " outcome=timeout " in x
        for x in log_lines(event_log)
    )


@pytest.mark.asyncio
async def test_headless_url_mode_and_unsupported_schemas_decline_without_asking(event_log: Path) -> None:
    bus = EventBus()
    seen: list[Event] = []
    bus.subscribe(seen.append)
    broker = Elicitations(bus)
    assert await broker.handle(request()) == ElicitationAnswer("decline")  # nobody attached
    detach = broker.attach_answerer()
    assert await broker.handle(request(url="https://example.test/x")) == ElicitationAnswer("decline")
    nested = {"type": "object", "properties": {"p": {"type": "object"}}}
    assert await broker.handle(request(nested)) == ElicitationAnswer("decline")
    detach()
    assert seen == []
    unsupported = (
        "mcp elicitation unsupported: agent=a1 server=cam error=\"field p: type 'object' is not supported\""
    )
    assert unsupported in log_lines(event_log)


@pytest.mark.asyncio
async def test_last_front_end_leaving_cancels_and_answers_from_a_thread() -> None:
    bus = EventBus()
    broker = Elicitations(bus)
    front: Front = Front(bus, broker, lambda b, e: front.detach())
    assert await broker.handle(request()) == ElicitationAnswer("cancel")
    assert outcomes(front) == ["cancel"]

    def from_thread(b: Elicitations, e: ElicitationAsked) -> None:
        threading.Thread(target=b.answer, args=(e.request_id, {"exposure": 7, "confirm": True})).start()

    other = Front(bus, broker, from_thread)
    got = await asyncio.wait_for(broker.handle(request()), 5)
    assert got == ElicitationAnswer("accept", {"exposure": 7, "confirm": True})
    assert outcomes(other) == ["accept"]


@pytest.mark.asyncio
async def test_a_cancelled_request_still_settles_once() -> None:
    bus = EventBus()
    broker = Elicitations(bus)
    asked = asyncio.Event()
    front = Front(bus, broker, lambda b, e: asked.set())
    task = asyncio.ensure_future(broker.handle(request()))
    await asked.wait()
    task.cancel()
    with pytest.raises(asyncio.CancelledError):
        await task
    assert outcomes(front) == ["cancel"]
    assert broker.pending() == []


def test_the_village_question_broker_carries_the_elicitation_broker() -> None:
    q = Questions(EventBus())
    assert isinstance(q.elicitations, Elicitations) and q.elicitations.bus is q.bus
    assert q.elicitations.timeout_s == 300.0
