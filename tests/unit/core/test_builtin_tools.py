"""Built-in tools set is_error explicitly (S02-6 … S02-8), with real Python subprocesses."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any

import pytest

from core.builtin_tools import (
    AskReturn,
    AskUserQuestion,
    ExecuteCode,
    NonInteractive,
    UserAnswer,
    child_environment,
)
from core.tool import ToolContext


def ctx(**kw: Any) -> ToolContext:
    return ToolContext(agent_id="agent_1", language=kw.pop("language", "en"), **kw)


@pytest.mark.asyncio
async def test_success_stays_success_even_when_it_says_error(tmp_path: Path) -> None:
    tool = ExecuteCode(tmp_path / "work")
    r = await tool.call({"code": "print('Error: not really')"}, ctx())
    assert r.is_error is False
    assert r.output.text == "exit code: 0\nstdout:\nError: not really"


@pytest.mark.asyncio
async def test_nonzero_exit_is_an_error_keeping_stdout_stderr_and_code(tmp_path: Path) -> None:
    tool = ExecuteCode(tmp_path / "work")
    code = "import sys\nprint('partial')\nprint('bad', file=sys.stderr)\nsys.exit(3)"
    r = await tool.call({"code": code}, ctx())
    assert r.is_error is True
    assert r.output.text == "exit code: 3\nstdout:\npartial\nstderr:\nbad"


@pytest.mark.asyncio
async def test_timeout_is_an_error_keeping_partial_output(tmp_path: Path) -> None:
    tool = ExecuteCode(tmp_path / "work")
    code = "import sys, time\nprint('before', flush=True)\nprint('warn', file=sys.stderr, flush=True)\ntime.sleep(30)"
    r = await tool.call({"code": code, "timeout_seconds": 1}, ctx())
    assert r.is_error is True
    assert r.output.text == "timed out after 1 seconds\nstdout:\nbefore\nstderr:\nwarn"


@pytest.mark.asyncio
async def test_runs_in_work_folder_without_the_apps_keys(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("ANTHROPIC_API_KEY", "sk-" + "ant-secret-value-123456")
    monkeypatch.setenv("FUSEFORKS_TOKEN", "tok")
    tool = ExecuteCode(tmp_path / "work")
    code = "import os, json\nprint(json.dumps({'cwd': os.getcwd(), 'keys': sorted(os.environ)}))"
    r = await tool.call({"code": code}, ctx())
    body = json.loads(r.output.text.split("\n", 2)[2])
    assert body["cwd"] == str((tmp_path / "work").resolve())
    assert "ANTHROPIC_API_KEY" not in body["keys"] and "FUSEFORKS_TOKEN" not in body["keys"]
    assert set(body["keys"]) <= {*child_environment(), "LC_CTYPE"}
    assert child_environment({"PATH": "/bin", "OPENAI_API_KEY": "x", "HOME": "/h"}) == {
        "PATH": "/bin",
        "HOME": "/h",
        "PYTHONIOENCODING": "utf-8",
    }


@pytest.mark.asyncio
async def test_output_is_capped_with_a_note(tmp_path: Path) -> None:
    tool = ExecuteCode(tmp_path / "work", output_cap=10)
    r = await tool.call({"code": "print('x' * 100)"}, ctx())
    assert r.is_error is False
    assert r.output.text == "exit code: 0\nstdout:\nxxxxxxxxxx\n(output truncated after 10 bytes)"


@pytest.mark.asyncio
@pytest.mark.parametrize(
    ("args", "text"),
    [
        ({}, "tool execution failed: the parameter code must be a non-empty string"),
        ({"code": "  "}, "tool execution failed: the parameter code must be a non-empty string"),
        (
            {"code": "1", "timeout_seconds": "5"},
            "tool execution failed: the parameter timeout_seconds must be a number of seconds from 1 to 600",
        ),
        (
            {"code": "1", "timeout_seconds": True},
            "tool execution failed: the parameter timeout_seconds must be a number of seconds from 1 to 600",
        ),
    ],
)
async def test_execute_code_bad_parameters(tmp_path: Path, args: dict[str, Any], text: str) -> None:
    r = await ExecuteCode(tmp_path).call(args, ctx())
    assert (r.is_error, r.output.text) == (True, text)


@pytest.mark.asyncio
async def test_ask_user_answer_is_a_string_success() -> None:
    asked: list[tuple[str, dict[str, Any]]] = []

    async def front(kind: str, payload: dict[str, Any]) -> Any:
        asked.append((kind, payload))
        return "Error: blue"

    r = await AskUserQuestion().call({"question": "Which?", "options": ["red", "blue"]}, ctx(ask_user=front))
    assert isinstance(r, AskReturn)
    assert (r.is_error, r.outcome, r.output.text) == (False, "answered", "Error: blue")
    assert asked == [
        ("ask_user_question", {"question": "Which?", "options": ["red", "blue"], "timeout_s": 600.0})
    ]


@pytest.mark.asyncio
async def test_ask_user_outcomes_are_distinct() -> None:
    async def declines(kind: str, payload: dict[str, Any]) -> Any:
        return UserAnswer("declined")

    async def headless(kind: str, payload: dict[str, Any]) -> Any:
        raise NonInteractive

    async def slow(kind: str, payload: dict[str, Any]) -> Any:
        await asyncio.sleep(10)

    q = {"question": "Go?"}
    results = [
        await AskUserQuestion().call({"question": ""}, ctx(ask_user=declines)),
        await AskUserQuestion().call({"question": "x", "options": ["a", 3]}, ctx(ask_user=declines)),
        await AskUserQuestion().call(q, ctx()),
        await AskUserQuestion().call(q, ctx(ask_user=headless)),
        await AskUserQuestion().call(q, ctx(ask_user=declines)),
        await AskUserQuestion(timeout_s=0.05).call(q, ctx(ask_user=slow)),
    ]
    assert [(r.outcome, r.is_error, r.output.text) for r in results if isinstance(r, AskReturn)] == [
        ("bad_arguments", True, "tool execution failed: the parameter question must be a non-empty string"),
        (
            "bad_arguments",
            True,
            "tool execution failed: the parameter options must be a list of non-empty strings",
        ),
        ("unavailable", True, "tool execution failed: no front end is available to ask the user"),
        (
            "non_interactive",
            True,
            "tool execution failed: this session is not interactive, so the user cannot be asked",
        ),
        ("declined", False, "The user declined to answer."),
        ("timeout", False, "The user did not answer within 0.05 seconds."),
    ]


@pytest.mark.asyncio
async def test_sentences_follow_the_village_language(tmp_path: Path) -> None:
    r = await ExecuteCode(tmp_path, language="ja").call({"code": "raise SystemExit(2)"}, ctx(language="ja"))
    assert (r.is_error, r.output.text) == (True, "終了コード: 2")
    r = await AskUserQuestion(language="zh").call({"question": "?"}, ctx(language="zh"))
    assert r.output.text == "工具执行失败：没有可以向用户提问的前端"
