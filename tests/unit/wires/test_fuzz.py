"""Every wire over mutated real responses (issue 11, defect 8): the answers of the fake providers
(the providers' real JSON and SSE shapes), with keys dropped, types swapped, indices wrong, lists
and objects exchanged, nulls. ``decode`` returns a well-formed ``ChatResponse`` or raises the wire's
``ProviderProtocolError``; a stream ends in a response or a ``ProviderError`` (a cut stream is a
transport error, an error event an HTTP error), never anything else."""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from core.canonical import ChatResponse
from tests.fakes.providers import PROTOCOLS, Reply
from tests.fakes.providers.protocols import FAMILIES
from wires import WIRES
from wires.base import SSEParser
from wires.errors import ProviderError, ProviderProtocolError

FUZZ = settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
REPLIES = [
    Reply.say("Hello there, how are you?"),
    Reply.call("live_view", {"cam": "a"}, text="Let me look."),
    Reply(text="two", tool_calls=[("a", {}), ("b", {"x": [1, 2]})]),
]
SWAPS: list[Any] = [None, 0, -1, 7, 10**30, 1.5, "", "x", "index", True, [], {}, [None], {"type": None}]


def seeds(protocol: str) -> tuple[list[Any], list[list[tuple[str | None, str]]]]:
    cls, flavour = FAMILIES[protocol]
    family = cls(flavour)
    bodies = [family.render(r, "m-1") for r in REPLIES]
    streams = [family.events(r, "m-1") for r in REPLIES]
    return bodies, streams


def paths(value: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    out = [prefix]
    if isinstance(value, dict):
        for k, v in value.items():
            out += paths(v, (*prefix, k))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            out += paths(v, (*prefix, i))
    return out


def _at(value: Any, path: tuple[Any, ...]) -> Any:
    for step in path:
        value = value[step]
    return value


@st.composite
def mutated(draw: st.DrawFn, seed: Any) -> Any:
    """``seed`` with one to four mutations at random places."""
    value = copy.deepcopy(seed)
    for _ in range(draw(st.integers(1, 4))):
        places = paths(value)
        path = draw(st.sampled_from(places))
        target = _at(value, path)
        action = draw(st.sampled_from(["swap", "drop", "wrap", "unwrap", "dup", "index", "listify"]))
        if action == "drop" and path:
            parent = _at(value, path[:-1])
            del parent[path[-1]]
            continue
        if action == "wrap":
            new: Any = [target] if draw(st.booleans()) else {"0": target}
        elif action == "unwrap" and isinstance(target, list | dict) and target:
            items = list(target.values()) if isinstance(target, dict) else target
            new = draw(st.sampled_from(items))
        elif action == "dup" and isinstance(target, list):
            new = [*target, *target]
        elif action == "listify" and isinstance(target, dict):
            new = list(target.items())
        elif action == "index":
            new = draw(st.sampled_from([-1, 3, 99, "0", None, 2.5]))
        else:
            new = draw(st.sampled_from(SWAPS))
        new = copy.deepcopy(new)  # no shared objects: a later mutation changes one place only
        if not path:
            value = new
            continue
        _at(value, path[:-1])[path[-1]] = new
    return value


def well_formed(response: ChatResponse) -> None:
    msg = response.message
    assert isinstance(msg.text, str) and isinstance(response.stop_reason, str)
    for call in msg.tool_calls:
        assert isinstance(call.id, str) and call.id and isinstance(call.name, str)
        assert isinstance(call.arguments, dict)
    json.dumps(msg.provider_state)  # what the store writes
    for n in (
        response.usage.input,
        response.usage.output,
        response.usage.cache_read,
        response.usage.cache_write,
    ):
        assert isinstance(n, int)


@pytest.mark.parametrize("protocol", PROTOCOLS)
def test_decode_of_mutated_bodies_is_a_response_or_a_protocol_error(protocol: str) -> None:
    wire = WIRES[protocol]
    bodies, _ = seeds(protocol)

    @FUZZ
    @given(body=st.sampled_from(bodies).flatmap(mutated))
    def check(body: Any) -> None:
        outcome: ChatResponse | ProviderProtocolError
        try:
            outcome = wire.decode(body)
        except ProviderProtocolError as exc:
            outcome = exc
        if isinstance(outcome, ProviderProtocolError):
            assert str(outcome).startswith(f"{wire.name}: ")
        else:
            well_formed(outcome)

    check()


@st.composite
def mutated_stream(draw: st.DrawFn, events: list[tuple[str | None, str]]) -> list[tuple[str | None, str]]:
    out = list(events)
    for _ in range(draw(st.integers(1, 3))):
        i = draw(st.integers(0, len(out) - 1))
        action = draw(st.sampled_from(["mutate", "mutate", "mutate", "drop", "dup", "swap"]))
        if action == "mutate":
            name, data = out[i]
            if data.startswith("[DONE]"):
                continue
            out[i] = (name, json.dumps(draw(mutated(json.loads(data)))))
        elif action == "drop" and len(out) > 1:
            del out[i]
        elif action == "dup":
            out.insert(i, out[i])
        else:
            j = draw(st.integers(0, len(out) - 1))
            out[i], out[j] = out[j], out[i]
    return out


@pytest.mark.parametrize("protocol", PROTOCOLS)
def test_streams_of_mutated_events_end_in_a_response_or_a_provider_error(protocol: str) -> None:
    wire = WIRES[protocol]
    _, streams = seeds(protocol)

    @FUZZ
    @given(events=st.sampled_from(streams).flatmap(mutated_stream))
    def check(events: list[tuple[str | None, str]]) -> None:
        decoder = wire.stream_decoder()
        try:
            for name, data in events:
                text = decoder.feed(name, data)
                assert isinstance(text, str)
            response = decoder.result()
        except ProviderError:
            return
        well_formed(response)

    check()


def test_the_parser_and_the_seams_are_exercised() -> None:
    """The seeds really are the fake providers' SSE frames (a guard against an empty fuzz)."""
    for protocol in PROTOCOLS:
        bodies, streams = seeds(protocol)
        assert len(bodies) == len(streams) == len(REPLIES)
        parser = SSEParser()
        name, data = streams[0][0]
        frame = (f"event: {name}\n" if name else "") + f"data: {data}"
        for line in frame.splitlines():
            assert parser.feed_line(line) is None
        assert parser.flush() == (name, data)
