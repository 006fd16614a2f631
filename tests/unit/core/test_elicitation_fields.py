"""Elicitation field kinds the MCP SDK defines: multi-select in both forms, and the typed problems
each kind's value can have (core/elicitation_fields.py, through core.elicitation)."""

from __future__ import annotations

from typing import Any

import pytest

from core.elicitation import (
    ElicitationRequest,
    Elicitations,
    InvalidContent,
    UnsupportedSchema,
    check,
    parse_schema,
    validate,
)
from core.elicitation_fields import Problem, problems
from core.events import ElicitationAsked, ElicitField, Event, EventBus

UNTITLED = {
    "type": "array",
    "title": "Cameras",
    "items": {"type": "string", "enum": ["front", "back", "garden"]},
    "minItems": 1,
    "maxItems": 2,
    "default": ["front"],
}
TITLED = {
    "type": "array",
    "items": {"anyOf": [{"const": "r", "title": "Red"}, {"const": "g", "title": "Green"}, {"const": "b"}]},
}
KINDS: dict[str, Any] = {
    "type": "object",
    "properties": {
        "cams": UNTITLED,
        "colours": TITLED,
        "mail": {"type": "string", "format": "email"},
        "site": {"type": "string", "format": "uri"},
        "day": {"type": "string", "format": "date"},
        "at": {"type": "string", "format": "date-time"},
        "count": {"type": "integer", "minimum": 1, "maximum": 9, "default": 3},
        "ratio": {"type": "number", "minimum": 0.5, "maximum": 2.5},
        "on": {"type": "boolean", "default": True},
        "size": {
            "type": "string",
            "oneOf": [{"const": "s", "title": "Small"}, {"const": "l", "title": "Large"}],
        },
        "legacy": {"type": "string", "enum": ["x", "y"], "enumNames": ["Ex", "Why"]},
    },
    "required": ["cams", "count"],
}


def fields() -> dict[str, ElicitField]:
    return {f.name: f for f in parse_schema(KINDS)}


def test_both_multi_select_forms_become_multi_fields() -> None:
    f = fields()
    assert f["cams"] == ElicitField(
        "cams",
        "multi",
        "Cameras",
        required=True,
        default=("front",),
        options=("front", "back", "garden"),
        option_titles=("front", "back", "garden"),
        min_items=1,
        max_items=2,
    )
    assert f["colours"] == ElicitField(
        "colours", "multi", options=("r", "g", "b"), option_titles=("Red", "Green", "b")
    )


def test_every_other_kind_the_sdk_defines_is_parsed() -> None:
    f = fields()
    assert [f[n].format for n in ("mail", "site", "day", "at")] == ["email", "uri", "date", "date-time"]
    assert (f["count"].kind, f["count"].minimum, f["count"].maximum, f["count"].default) == (
        "integer",
        1,
        9,
        3,
    )
    assert (f["ratio"].kind, f["ratio"].minimum, f["ratio"].maximum) == ("number", 0.5, 2.5)
    assert (f["on"].kind, f["on"].default) == ("boolean", True)
    assert (f["size"].kind, f["size"].options, f["size"].option_titles) == (
        "enum",
        ("s", "l"),
        ("Small", "Large"),
    )
    assert (f["legacy"].kind, f["legacy"].option_titles) == ("enum", ("Ex", "Why"))


@pytest.mark.parametrize(
    ("prop", "error"),
    [
        ({"type": "array"}, "field f: type 'array' is not supported"),
        (
            {"type": "array", "items": {"type": "integer", "enum": [1]}},
            "field f: type 'array' is not supported",
        ),
        ({"type": "array", "items": {"type": "string", "enum": []}}, "field f: enum needs strings"),
        (
            {"type": "array", "items": {"anyOf": [{"title": "x"}]}},
            "field f: anyOf entries need a string const",
        ),
        ({"type": "array", "items": {"anyOf": []}}, "field f: anyOf entries need a string const"),
        ({"type": "array", "items": {"type": "string", "enum": ["a", "a"]}}, "field f: options repeat"),
    ],
)
def test_arrays_that_are_not_a_multi_select_are_unsupported(prop: dict[str, Any], error: str) -> None:
    with pytest.raises(UnsupportedSchema) as info:
        parse_schema({"type": "object", "properties": {"f": prop}})
    assert str(info.value) == error


def test_a_default_outside_the_options_is_dropped() -> None:
    [f] = parse_schema({"type": "object", "properties": {"f": {**UNTITLED, "default": ["front", "roof"]}}})
    assert f.default is None


def test_multi_select_values_are_lists_of_distinct_options_within_the_bounds() -> None:
    f = tuple(fields().values())
    base = {"cams": ["front"], "count": 3}
    assert validate(f, base) == []
    assert validate(f, {**base, "cams": ["front", "garden"], "colours": []}) == []
    assert validate(f, {**base, "cams": "front"}) == ["cams: expected a list of strings"]
    assert validate(f, {**base, "cams": [1]}) == ["cams: expected a list of strings"]
    assert validate(f, {**base, "cams": []}) == ["cams: fewer than 1 chosen"]
    assert validate(f, {**base, "cams": ["front", "back", "garden"]}) == ["cams: more than 2 chosen"]
    assert validate(f, {**base, "cams": ["front", "front"]}) == ["cams: chosen more than once"]
    assert validate(f, {**base, "colours": ["Red"]}) == ["colours: not one of the options"]
    assert check(f, {"count": 3}) == [("cams", "required")]


@pytest.mark.parametrize(
    ("name", "good", "bad", "problem"),
    [
        ("site", "https://example.org/a", "example dot org", Problem("format", detail="uri")),
        ("day", "2026-12-01", "01.12.2026", Problem("format", detail="date")),
        ("at", "2026-12-01T12:30:00Z", "2026-12-01", Problem("format", detail="date-time")),
        ("count", 9, 10, Problem("maximum", 9)),
        ("count", 1, 0, Problem("minimum", 1)),
        ("count", 2, 2.0, Problem("type", detail="an integer")),
        ("ratio", 2.5, 2.6, Problem("maximum", 2.5)),
        ("on", False, "false", Problem("type", detail="a boolean")),
        ("size", "l", "Large", Problem("option")),
        ("legacy", "y", "Why", Problem("option")),
    ],
)
def test_each_kind_accepts_its_values_and_names_the_broken_rule(
    name: str, good: object, bad: object, problem: Problem
) -> None:
    f = fields()[name]
    assert problems(f, good) == []
    assert problems(f, bad) == [problem]


def test_problem_rules_keep_the_broker_phrases() -> None:
    assert [
        Problem("min_items", 2).rule,
        Problem("format", detail="date").rule,
        Problem("minimum", 0.5).rule,
    ] == [
        "fewer than 2 chosen",
        "not a valid date",
        "below the minimum 0.5",
    ]


@pytest.mark.asyncio
async def test_a_multi_select_answer_is_sent_as_a_list_and_a_string_is_refused() -> None:
    bus = EventBus()
    broker = Elicitations(bus)
    asked: list[ElicitationAsked] = []
    refused: list[list[str]] = []

    def on_event(e: Event) -> None:
        if isinstance(e, ElicitationAsked):
            asked.append(e)
            try:
                broker.answer(e.request_id, {"cams": "front,back", "count": 2})
            except InvalidContent as exc:
                refused.append(exc.problems)
            broker.answer(e.request_id, {"cams": ["front", "back"], "count": 2})

    detach = broker.attach_answerer()
    bus.subscribe(on_event)
    try:
        answer = await broker.handle(ElicitationRequest("a1", "cam", "Which cameras?", KINDS))
    finally:
        detach()
    assert refused == [["cams: expected a list of strings"]]
    assert answer.action == "accept" and answer.content == {"cams": ["front", "back"], "count": 2}
    assert [f.kind for f in asked[0].fields][:2] == ["multi", "multi"]
