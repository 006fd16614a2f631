"""Damaged configuration files (issue 11, defect 9): every one is a ``ConfigError`` naming the file
and what is wrong, with line and column where there is one; never a raw decoder exception."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from core.config import ConfigError, load_config, parse_config

BASE = {
    "templates": [{"name": "claude", "protocol": "anthropic", "model": "claude-x", "key": "anthropic"}],
    "agents": [{"id": "agent_9", "name": "Muse", "template": "claude"}],
}


def load_error(tmp_path: Path, raw: bytes) -> str:
    path = tmp_path / "village.json"
    path.write_bytes(raw)
    with pytest.raises(ConfigError) as info:
        load_config(path)
    text = str(info.value)
    assert text.startswith(f"{path}: "), text
    return text


def test_a_file_that_is_not_utf8_names_the_byte_and_where(tmp_path: Path) -> None:
    raw = b'{"village": {\n  "name": "Caf\xe9"}}'
    assert load_error(tmp_path, raw).endswith("not UTF-8 text: byte 0xe9 at line 2 column 15")


def test_deep_nesting_in_the_file_is_refused_with_where(tmp_path: Path) -> None:
    raw = ('{"village": {"name": "x"}, "deep": ' + "[" * 5000 + "]" * 5000 + "}").encode()
    text = load_error(tmp_path, raw)
    assert "nested deeper than 64 levels" in text
    assert "line 1 column 99" in text  # the bracket that opens level 65


def test_nesting_just_within_the_bound_loads(tmp_path: Path) -> None:
    path = tmp_path / "village.json"
    path.write_text(json.dumps({**BASE, "deep": json.loads("[" * 63 + "]" * 63)}))
    assert load_config(path).extra["deep"] == json.loads("[" * 63 + "]" * 63)


def test_brackets_inside_strings_do_not_count_as_nesting(tmp_path: Path) -> None:
    path = tmp_path / "village.json"
    path.write_text(json.dumps({**BASE, "village": {"name": "[" * 500 + '\\"{'}}))
    assert load_config(path).village.name == "[" * 500 + '\\"{'


def test_a_five_thousand_digit_number_names_where(tmp_path: Path) -> None:
    raw = b'{\n "turn": {"max_hops": ' + b"9" * 5000 + b"}}"
    text = load_error(tmp_path, raw)
    assert "a number of 5000 digits at line 2 column 23" in text


def test_nan_and_infinity_are_not_json(tmp_path: Path) -> None:
    text = load_error(tmp_path, b'{"mcp": {"call_timeout_s": NaN}}')
    assert "not valid JSON: NaN at line 1 column 28" in text


def test_a_directory_in_place_of_the_file(tmp_path: Path) -> None:
    (tmp_path / "village.json").mkdir()
    with pytest.raises(ConfigError) as info:
        load_config(tmp_path / "village.json")
    assert str(info.value).startswith(f"{tmp_path / 'village.json'}: (top level): cannot read the file: ")


def test_a_missing_file_is_still_file_not_found(tmp_path: Path) -> None:
    with pytest.raises(FileNotFoundError):
        load_config(tmp_path / "absent.json")


def problems(data: object) -> list[tuple[str, str]]:
    with pytest.raises(ConfigError) as info:
        parse_config(data)
    return info.value.problems


def test_deep_nesting_in_decoded_data_names_the_key_path() -> None:
    deep: object = "x"
    for _ in range(5000):
        deep = [deep]
    assert problems({**BASE, "village": {"name": deep}}) == [
        ("village.name" + "[0]" * 62, "nested deeper than 64 levels")
    ]


def test_a_huge_number_in_decoded_data_names_the_key_path() -> None:
    got = problems({**BASE, "turn": {"max_hops": 10**5000}})
    assert got == [
        ("turn.max_hops", "a number of 5001 digits; numbers in this file have at most 4300 digits")
    ]
    got = problems({**BASE, "turn": {"max_hops": 10**50}})
    assert got == [("turn.max_hops", "expected a whole number from 1 to 64, got a number of 51 digits")]
    got = problems({**BASE, "colour": -(10**5000)})
    assert got == [("colour", "a number of 5001 digits; numbers in this file have at most 4300 digits")]


def test_text_that_is_not_unicode_names_the_key_path() -> None:
    assert problems({**BASE, "village": {"name": "a\ud800b"}}) == [
        ("village.name", "not valid Unicode text (a lone surrogate U+D800)")
    ]
    assert problems({**BASE, "village": {"a\udfffb": 1}})[0][0] == "village.a\\udfffb"


@pytest.mark.parametrize("bad", ["agent_9\n", "agent_9\r\n", "\nagent_9"])
def test_an_agent_id_may_not_end_in_a_newline(bad: str) -> None:
    data = {**BASE, "agents": [{"id": bad, "template": "claude"}]}
    assert ("agents[0].id", "agent ids use letters, digits, _ and - (at most 48)") in problems(data)


def test_a_server_name_may_not_end_in_a_newline() -> None:
    data = {**BASE, "mcpServers": {"cam\n": {"command": "x"}}}
    assert problems(data) == [("mcpServers.cam\\n", "server names use letters, digits, _ and - (at most 32)")]


@pytest.mark.parametrize(
    "url", ["https://cam.example/mcp\n", "https://cam.example/m cp", "http://127.0.0.1:1/mcp\x00"]
)
def test_a_url_may_not_hold_spaces_or_control_characters(url: str) -> None:
    got = problems({**BASE, "mcpServers": {"s": {"type": "http", "url": url}}})
    assert got == [("mcpServers.s.url", "expected a URL without spaces or control characters")]
