"""Property (issue 11, defect 9): over mutations of a valid configuration (any JSON value at any key
path, deep nesting, odd types, unicode, huge numbers, damaged bytes) every outcome is a ``Config``
that saves and loads back, or a ``ConfigError`` whose every problem names a key path; never another
exception."""

from __future__ import annotations

import copy
import json
import re
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from core.config import Config, ConfigError, config_to_json, load_config, parse_config

VALID: dict[str, Any] = {
    "$schema": "x",
    "village": {"language": "ja", "name": "V"},
    "templates": [
        {"name": "claude", "protocol": "anthropic", "model": "m", "key": "anthropic", "max_retries": 2},
        {"name": "demo", "protocol": "offline-demo", "model": "d"},
    ],
    "agents": [
        {
            "id": "a1",
            "template": "claude",
            "system_prompt": "Be brief.",
            "connected": ["a2"],
            "builtin_tools": ["ask_user_question"],
            "mcp_servers": {"own": {"command": "x", "args": ["-v"], "env": {"GH_TOKEN": "${secret:GH}"}}},
        },
        {"id": "a2", "template": "demo", "max_tool_rounds": 3},
    ],
    "mcp": {"image_results": True, "call_timeout_s": 5},
    "tool_results": {"budget_tokens": 1000},
    "turn": {"max_tool_rounds": 4, "max_hops": 2},
    "tool_policies": [{"tool": "t", "action": "redact", "pattern": "a+"}],
    "mcpServers": {
        "cam": {
            "type": "http",
            "url": "https://cam.example/mcp",
            "headers": {"Authorization": "Bearer ${secret:CAM}"},
            "oauth": {"scopes": "a b", "client_id": "c", "client_secret": "${secret:C}"},
        },
        "loc": {"command": "srv", "cwd": "/tmp", "enabled": False},
    },
}

ODD_TEXT = st.sampled_from(["", " ", "\n", "a\n", "\x00", "\ud800", "é", "${secret:X}", "sk-" + "a1" * 12])
SCALARS = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(),
    st.sampled_from([-(10**400), 2**63, 0, -1, 10**9 + 1]),
    st.integers(4290, 5000).map(lambda n: 10**n),  # beyond 4300 digits: no repr, no str
    st.floats(),
    st.text(max_size=8),
    ODD_TEXT,
)
JSON = st.recursive(
    SCALARS,
    lambda inner: st.one_of(
        st.lists(inner, max_size=3),
        st.dictionaries(st.one_of(st.text(max_size=5), ODD_TEXT), inner, max_size=3),
    ),
    max_leaves=8,
)


def nested(depth: int, leaf: Any) -> Any:
    for i in range(depth):
        leaf = [leaf] if i % 2 else {"k": leaf}
    return leaf


VALUES = st.one_of(JSON, st.builds(nested, st.sampled_from([2, 63, 64, 65, 900, 5000]), SCALARS))


@st.composite
def mutated(draw: st.DrawFn) -> dict[str, Any]:
    """VALID with one to three values replaced, added or removed at random key paths."""
    data = copy.deepcopy(VALID)
    for _ in range(draw(st.integers(1, 3))):
        node: Any = data
        while True:
            keys = list(node) if isinstance(node, dict) else list(range(len(node)))
            if not keys:
                break
            key = draw(st.sampled_from(keys))
            child = node[key]
            if not isinstance(child, dict | list) or draw(st.integers(0, 2)) == 0:
                break
            node = child
        action = draw(st.sampled_from(["replace", "add", "remove"]))
        if isinstance(node, dict):
            if action == "add" or not node:
                key = draw(st.one_of(st.sampled_from([*VALID, "url", "command"]), ODD_TEXT))
                node[key] = draw(VALUES)
            elif action == "remove" and node is not data:
                del node[key]
            else:
                node[key] = draw(VALUES)
        elif action == "add" or not node:
            node.append(draw(VALUES))
        elif action == "remove":
            del node[key]
        else:
            node[key] = draw(VALUES)
    return data


def _check(outcome: Config | ConfigError) -> None:
    if isinstance(outcome, ConfigError):
        assert outcome.problems
        for key, msg in outcome.problems:
            head = re.match(r"[^.\[]+", key)
            assert head is not None and msg, (key, msg)
            assert "\n" not in key + msg, (key, msg)
        return
    # a valid configuration saves and loads back
    text = json.dumps(config_to_json(outcome), ensure_ascii=False)
    parse_config(json.loads(text.encode("utf-8")))


@settings(max_examples=300, deadline=None, suppress_health_check=list(HealthCheck))
@given(mutated())
def test_every_mutated_configuration_is_a_config_or_a_config_error(data: dict[str, Any]) -> None:
    try:
        outcome: Config | ConfigError = parse_config(data)
    except ConfigError as exc:
        outcome = exc
    _check(outcome)


@settings(max_examples=150, deadline=None, suppress_health_check=list(HealthCheck))
@given(st.binary(max_size=4), st.integers(0, 10_000), st.integers(0, 3))
def test_every_damaged_file_is_a_config_or_a_config_error(
    tmp_path_factory: Any, junk: bytes, where: int, cut: int
) -> None:
    raw = json.dumps(VALID, indent=1).encode()
    where %= len(raw)
    raw = raw[:where] + junk + raw[where + cut :]
    path: Path = tmp_path_factory.mktemp("cfg") / "village.json"
    path.write_bytes(raw)
    try:
        outcome: Config | ConfigError = load_config(path)
    except ConfigError as exc:
        outcome = exc
    assert isinstance(outcome, Config) or str(outcome).startswith(f"{path}: ")
