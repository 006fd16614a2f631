"""A file that is not JSON says where: ``ConfigError.at`` is the (line, column) the window marks
(issue 13, defect 2); a file that is JSON but wrong has none (its problems name key paths)."""

from __future__ import annotations

from pathlib import Path

import pytest

from core.config import ConfigError, load_config


@pytest.mark.parametrize(
    ("raw", "at"),
    [
        (b'{\n  "village": {}\n  "agents": []\n}', (3, 3)),  # a missing comma
        (b'{"turn": {"max_rounds": NaN}}', (1, 25)),  # a constant JSON has not
        (b'{\n "village": {"name": "\xff"}}', (2, 23)),  # not UTF-8
        (b"[" * 70 + b"]" * 70, (1, 65)),  # too deep
    ],
)
def test_a_file_that_is_not_json_names_its_line_and_column(
    tmp_path: Path, raw: bytes, at: tuple[int, int]
) -> None:
    path = tmp_path / "fuseforks.json"
    path.write_bytes(raw)
    with pytest.raises(ConfigError) as caught:
        load_config(path)
    assert caught.value.at == at
    [(key, message)] = caught.value.problems
    assert key == "" and f"line {at[0]} column {at[1]}" in message


def test_a_wrong_value_has_no_position(tmp_path: Path) -> None:
    path = tmp_path / "fuseforks.json"
    path.write_text('{"village": {"language": "fr"}}', encoding="utf-8")
    with pytest.raises(ConfigError) as caught:
        load_config(path)
    assert caught.value.at is None
    assert [key for key, _ in caught.value.problems] == ["village.language"]
