"""The elicitation broker: MCP ``elicitation/create`` requests routed to the front ends over the bus.

An MCP server may ask the person for input in the middle of a tool call (form mode: a message
and a ``requestedSchema`` of primitive and multi-select fields). ``McpToolProvider`` hands each request to
``Elicitations.handle``. The broker turns the schema into ``ElicitField`` rows, publishes
``ElicitationAsked``, waits for a front end to call ``answer`` / ``decline`` / ``cancel`` with
the event's ``request_id`` (from any thread), and publishes ``ElicitationSettled`` exactly once
whatever ends the wait: a reply, the timeout (the server is sent "cancel"), the last front end
detaching, or the task being cancelled.

Headless (no front end attached), URL mode, and schemas with other fields (nested objects,
arrays of anything but options) are declined without asking anyone. Accepted content is checked against the schema before it is sent
(``validate``); the values themselves are never logged.

Lines written: ``mcp elicitation asked: agent= server= request= fields=`` and
``mcp elicitation settled: agent= server= request= outcome= ms=`` (plus the provider's
``mcp elicitation: agent= server= action=``).
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Awaitable, Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, Literal

from core.elicitation_fields import UnsupportedSchema, count, parse_multi, problems
from core.events import ElicitationAsked, ElicitationSettled, ElicitField, EventBus
from core.log import event as log_event
from core.open_requests import OpenRequests

DEFAULT_TIMEOUT_S = 300.0
Action = Literal["accept", "decline", "cancel"]
Value = str | int | float | bool | list[str]  # a list of option strings for a multi-select
Outcome = tuple[Action, dict[str, Value] | None]  # what the server is sent back


@dataclass(frozen=True)
class ElicitationRequest:
    """A server asks the user for input (form mode: ``requested_schema``; URL mode: ``url``)."""

    agent_id: str
    server: str
    message: str
    requested_schema: dict[str, Any] = field(default_factory=dict)
    url: str | None = None


@dataclass(frozen=True)
class ElicitationAnswer:
    action: Action
    content: dict[str, Any] | None = None


ElicitationHandler = Callable[[ElicitationRequest], Awaitable[ElicitationAnswer]]
"""What ``McpToolProvider(elicitation=...)`` calls per request (``Elicitations.handle`` in the app)."""


class InvalidContent(ValueError):
    """Content that does not match the requested schema; ``problems`` names each field."""

    def __init__(self, problems: list[str]) -> None:
        super().__init__("; ".join(problems))
        self.problems = problems


def _num(value: Any) -> float | None:
    return float(value) if isinstance(value, int | float) and not isinstance(value, bool) else None


def parse_schema(schema: Mapping[str, Any]) -> tuple[ElicitField, ...]:
    """The form's fields in schema order; ``UnsupportedSchema`` for anything but the primitive
    kinds and multi-select (``core.elicitation_fields``)."""
    if schema.get("type", "object") != "object":
        raise UnsupportedSchema("the requested schema is not an object")
    props = schema.get("properties") or {}
    if not isinstance(props, Mapping):
        raise UnsupportedSchema("properties is not an object")
    required = {str(r) for r in schema.get("required") or () if isinstance(r, str)}
    fields: list[ElicitField] = []
    for name, prop in props.items():
        if not isinstance(prop, Mapping):
            raise UnsupportedSchema(f"field {name} is not a schema")
        fields.append(_field(str(name), prop, str(name) in required))
    return tuple(fields)


def _field(name: str, prop: Mapping[str, Any], required: bool) -> ElicitField:
    kind = prop.get("type")
    title = str(prop.get("title") or "")
    description = str(prop.get("description") or "")
    default = prop.get("default")
    common: dict[str, Any] = {"title": title, "description": description, "required": required}
    if kind == "array":
        return parse_multi(name, prop, common)
    if kind == "string" and ("enum" in prop or "oneOf" in prop):
        if "oneOf" in prop:
            choices = [c for c in prop["oneOf"] if isinstance(c, Mapping) and isinstance(c.get("const"), str)]
            if not choices or len(choices) != len(prop["oneOf"]):
                raise UnsupportedSchema(f"field {name}: oneOf entries need a string const")
            options = tuple(str(c["const"]) for c in choices)
            titles = tuple(str(c.get("title") or c["const"]) for c in choices)
        else:
            values = prop["enum"]
            if not isinstance(values, list) or not values or not all(isinstance(v, str) for v in values):
                raise UnsupportedSchema(f"field {name}: enum needs strings")
            options = tuple(values)
            names = prop.get("enumNames")
            ok_names = isinstance(names, list) and len(names) == len(values)
            titles = tuple(str(n) for n in names) if ok_names else options  # type: ignore[union-attr]
        return ElicitField(
            name,
            "enum",
            **common,
            default=default if default in options else None,
            options=options,
            option_titles=titles,
        )
    if kind == "string":
        return ElicitField(
            name,
            "string",
            **common,
            default=default if isinstance(default, str) else None,
            min_length=count(prop.get("minLength")),
            max_length=count(prop.get("maxLength")),
            format=str(prop.get("format") or ""),
        )
    if kind in ("number", "integer"):
        ok = _num(default) is not None and (kind == "number" or isinstance(default, int))
        return ElicitField(
            name,
            kind,
            **common,
            default=default if ok else None,
            minimum=_num(prop.get("minimum")),
            maximum=_num(prop.get("maximum")),
        )
    if kind == "boolean":
        return ElicitField(name, "boolean", **common, default=default if isinstance(default, bool) else None)
    raise UnsupportedSchema(f"field {name}: type {kind!r} is not supported")


def check(fields: tuple[ElicitField, ...], content: Mapping[str, Any]) -> list[tuple[str, str]]:
    """``(field, rule)`` for each way ``content`` breaks ``fields`` (empty when it may be sent).
    The rule is a short developer-facing English phrase and never quotes the value."""
    problems: list[tuple[str, str]] = []
    known = {f.name for f in fields}
    problems += [(str(k), "not in the schema") for k in content if k not in known]
    for f in fields:
        if f.name not in content:
            if f.required:
                problems.append((f.name, "required"))
            continue
        problems += [(f.name, p) for p in _check(f, content[f.name])]
    return problems


def validate(fields: tuple[ElicitField, ...], content: Mapping[str, Any]) -> list[str]:
    """``check`` as ``"field: rule"`` lines."""
    return [f"{name}: {rule}" for name, rule in check(fields, content)]


def _check(f: ElicitField, value: Any) -> list[str]:
    return [p.rule for p in problems(f, value)]


class Elicitations(OpenRequests[ElicitationAsked, Outcome]):
    """Open elicitations of one village. Front ends call ``attach_answerer`` once, then ``answer``
    / ``decline`` / ``cancel``; the MCP client calls ``handle`` (or ``ask``) per request. When the
    last answerer detaches, open requests are cancelled."""

    def __init__(self, bus: EventBus, *, timeout_s: float = DEFAULT_TIMEOUT_S) -> None:
        super().__init__(bus, prefix="e", withdrawn=("cancel", None))
        self.timeout_s = timeout_s

    # ------------------------------------------------------------------ front ends
    def answer(self, request_id: str, content: Mapping[str, Value]) -> bool:
        """Accept ``request_id`` with ``content``; ``False`` when it is no longer open,
        ``InvalidContent`` (nothing sent) when the content does not match the schema."""
        pending = self._pending.get(request_id)
        if pending is None:
            return False
        problems = validate(pending.asked.fields, content)
        if problems:
            raise InvalidContent(problems)
        return self._settle(request_id, ("accept", dict(content)))

    def decline(self, request_id: str) -> bool:
        """Decline ``request_id`` (the person said no); ``False`` when it is no longer open."""
        return self._settle(request_id, ("decline", None))

    def cancel(self, request_id: str) -> bool:
        """Cancel ``request_id`` (dismissed without a choice); ``False`` when it is no longer open."""
        return self._settle(request_id, ("cancel", None))

    # ------------------------------------------------------------------ the MCP client's side
    async def handle(self, request: ElicitationRequest) -> ElicitationAnswer:
        """The ``McpToolProvider(elicitation=...)`` handler."""
        if request.url is not None:  # URL mode is not offered (no capability to open it safely)
            return ElicitationAnswer("decline")
        action, content = await self.ask(
            agent_id=request.agent_id,
            server=request.server,
            message=request.message,
            schema=request.requested_schema,
        )
        return ElicitationAnswer(action, content)

    async def ask(self, *, agent_id: str, server: str, message: str, schema: Mapping[str, Any]) -> Outcome:
        """Publish the form and wait for its outcome; ``ElicitationSettled`` always follows a
        published ``ElicitationAsked``. Declines at once when headless or the schema is unsupported."""
        if not self.available:
            return "decline", None
        try:
            fields = parse_schema(schema)
        except UnsupportedSchema as exc:
            log_event("mcp elicitation unsupported", agent=agent_id, server=server, error=str(exc))
            return "decline", None
        request_id = self._new_id()
        asked = ElicitationAsked(agent_id, server, request_id, message, fields)
        future = self._open(request_id, asked)
        result: Outcome = ("cancel", None)  # a cancelled task's
        outcome = "cancel"
        started = time.monotonic()
        log_event(
            "mcp elicitation asked", agent=agent_id, server=server, request=request_id, fields=len(fields)
        )
        try:
            self.bus.publish(asked)
            try:
                result = await asyncio.wait_for(asyncio.shield(future), self.timeout_s)
                outcome = result[0]
            except TimeoutError:
                result, outcome = ("cancel", None), "timeout"
            return result
        finally:
            self._close(request_id)
            log_event(
                "mcp elicitation settled",
                agent=agent_id,
                server=server,
                request=request_id,
                outcome=outcome,
                ms=int((time.monotonic() - started) * 1000),
            )
            self.bus.publish(ElicitationSettled(agent_id, server, request_id, outcome))
