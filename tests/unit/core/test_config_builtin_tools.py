"""Per-agent built-in tools: ``"builtin_tools": [...]`` strictly validated, ask_user_question by default."""

from __future__ import annotations

from pathlib import Path

import pytest

from core.config import ConfigError, config_to_json, load_config, parse_config, save_config

BASE = {
    "templates": [{"name": "claude", "protocol": "anthropic", "model": "claude-x", "key": "anthropic"}],
    "agents": [{"id": "agent_9", "name": "Muse", "template": "claude"}],
}


def with_tools(value: object) -> dict[str, object]:
    return {**BASE, "agents": [{"id": "agent_9", "template": "claude", "builtin_tools": value}]}


def problems(data: object) -> list[tuple[str, str]]:
    with pytest.raises(ConfigError) as info:
        parse_config(data)
    return info.value.problems


def test_default_is_ask_user_question_only() -> None:
    assert parse_config(BASE).agents[0].builtin_tools == ["ask_user_question"]


@pytest.mark.parametrize(
    "value",
    [[], ["execute_code"], ["ask_user_question", "execute_code"], ["execute_code", "ask_user_question"]],
)
def test_valid_lists_are_kept_in_order(value: list[str]) -> None:
    assert parse_config(with_tools(value)).agents[0].builtin_tools == value


@pytest.mark.parametrize(
    ("value", "expected"),
    [
        (
            "execute_code",
            [("agents[0].builtin_tools", 'expected a list of strings, got the string "execute_code"')],
        ),
        (None, [("agents[0].builtin_tools", "expected a list of strings, got null")]),
        ([1], [("agents[0].builtin_tools", "expected a list of strings, got a list")]),
        (
            ["shell"],
            [
                (
                    "agents[0].builtin_tools[0]",
                    'expected one of ask_user_question, execute_code, watch_camera, got the string "shell"',
                )
            ],
        ),
        (
            ["execute_code", "execute_code"],
            [("agents[0].builtin_tools[1]", "duplicate built-in tool 'execute_code'")],
        ),
    ],
)
def test_invalid_values_name_the_key(value: object, expected: list[tuple[str, str]]) -> None:
    assert problems(with_tools(value)) == expected


def test_round_trip_keeps_the_choice(tmp_path: Path) -> None:
    cfg = parse_config(with_tools(["execute_code"]))
    assert config_to_json(cfg)["agents"][0]["builtin_tools"] == ["execute_code"]
    path = tmp_path / "village.json"
    save_config(cfg, path)
    assert load_config(path).agents[0].builtin_tools == ["execute_code"]
    none = parse_config(with_tools([]))
    save_config(none, path)
    assert load_config(path).agents[0].builtin_tools == []
