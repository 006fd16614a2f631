"""Event lines: format, version line, rotation, and no key material or base64 ever."""

from __future__ import annotations

import base64
import builtins
import re
from pathlib import Path
from typing import Any

import pytest

from core import __version__
from core.canonical import ImageData
from core.log import LOG, ROTATE_BYTES, EventLog, format_line
from core.turn import Turn, TurnSettings
from tests.fakes.logs import log_lines
from tests.fakes.scripted import EchoTool, ScriptedBackend, call, reply


def test_log_starts_with_separator_and_version(event_log: Path) -> None:
    raw = event_log.read_text(encoding="utf-8").splitlines()
    assert raw[0].split(" [fuseforks] ")[1].startswith("----- fuseforks started ")
    assert log_lines(event_log)[1] == f"version: app={__version__} profile=debug"
    stamp = raw[1].split(" [fuseforks] ")[0]
    assert len(stamp) == len("2026-11-30 22:17:53.123") and stamp[10] == " " and stamp[19] == "."


def test_line_format() -> None:
    assert format_line("tool", {"agent": "agent_9", "round": 1, "ok": True, "x": None}) == (
        "tool: agent=agent_9 round=1 ok=true x=-"
    )
    assert format_line("k", {"msg": 'two words "q"', "e": ""}) == 'k: msg="two words \\"q\\"" e=""'
    assert (
        format_line("turn failed", {"agent": "a"}, "line one\nline two")
        == "turn failed: agent=a: line one line two"
    )


def test_one_event_per_line_even_with_newlines(event_log: Path) -> None:
    LOG.event("note", tail="a\nb\r\nc", detail="x\ny")
    assert log_lines(event_log)[-1] == 'note: detail="x\\ny": a b c'


def test_rotation_keeps_one_old_generation(tmp_path: Path) -> None:
    log = EventLog()
    path = log.configure(tmp_path)
    path.write_text("x" * ROTATE_BYTES)
    log.event("after", n=1)
    log.close()
    assert (tmp_path / "fuseforks.log.old").stat().st_size >= ROTATE_BYTES
    assert path.read_text().endswith("[fuseforks] after: n=1\n")


@pytest.mark.parametrize(
    "secret",
    [
        "sk-" + "proj-abcdefghijklmnopqrstuvwxyz0123456789",
        "sk-" + "ant-api03-abcdefghijklmnopqrstuvwxyz",
        "AIza" + "SyA1234567890abcdefghijklmnopqrstu",
        "xai-" + "abcdefghijklmnopqrstuvwxyz0123",
        "pplx-" + "abcdefghijklmnopqrstuvwxyz0123",
    ],
)
def test_key_shapes_are_redacted(event_log: Path, secret: str) -> None:
    LOG.event("llm retry stop", code=f"invalid key {secret}", tail=f"Authorization: Bearer {secret}")
    text = event_log.read_text(encoding="utf-8")
    assert secret not in text and secret[8:24] not in text
    assert "[redacted]" in log_lines(event_log)[-1]


def test_registered_secrets_are_redacted(event_log: Path) -> None:
    LOG.register_secret("correct-horse-battery")
    LOG.event("mcp server failed", error="header correct-horse-battery rejected")
    assert log_lines(event_log)[-1] == 'mcp server failed: error="header [redacted] rejected"'


def test_base64_and_data_urls_never_reach_the_file(event_log: Path) -> None:
    blob = base64.b64encode(bytes(range(256)) * 4).decode()
    LOG.event("oops", body=blob, url=f"data:image/jpeg;base64,{blob}")
    text = event_log.read_text(encoding="utf-8")
    assert blob[:60] not in text
    assert "base64-like chars omitted" in text and "data:[base64 omitted]" in text


@pytest.mark.asyncio
async def test_a_whole_turn_with_images_and_a_key_logs_neither(event_log: Path) -> None:
    key = "sk-" + "live-0123456789abcdefghijklmn"
    LOG.register_secret(key)
    payload = bytes(range(256)) * 64
    img = ImageData("image/jpeg", b"\xff\xd8\xff" + payload, 640, 424)
    backend = ScriptedBackend([call("nik__live_view_image", {"key": key}), reply(f"done {key}")])
    settings = TurnSettings(agent_id="agent_9", language="en")
    from core.canonical import ChatMessage, Role

    await Turn(
        turn_id="t",
        backend=backend,
        tools=[EchoTool("nik__live_view_image", "{}", images=[img])],
        settings=settings,
        history=[],
        user=ChatMessage(Role.USER, key),
    ).run()
    text = event_log.read_text(encoding="utf-8")
    assert key not in text
    assert base64.b64encode(payload)[:40].decode() not in text
    assert any(
        x.startswith("tool: agent=agent_9 round=1 name=nik__live_view_image ok=true ms=")
        and x.endswith(" body_chars=2 images=1")
        for x in log_lines(event_log)
    )


def test_a_line_runs_no_import_statement(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 14, row 4: a few lines a turn; under PySide6 every ``import`` (strftime makes two)
    passes its import hook."""
    log = EventLog()
    log.configure(tmp_path)
    imports: list[str] = []
    real = builtins.__import__

    def counting(name: str, *args: Any, **kw: Any) -> Any:
        imports.append(name)
        return real(name, *args, **kw)

    monkeypatch.setattr(builtins, "__import__", counting)
    try:
        line = log.event("tool", agent="a1", name="cam__live_view_image", ok=True, ms=12)
    finally:
        monkeypatch.undo()
        log.close()
    assert imports == [] and line == "tool: agent=a1 name=cam__live_view_image ok=true ms=12"
    assert re.fullmatch(
        r"\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\.\d{3} \[fuseforks\] tool: .*\n",
        (tmp_path / "fuseforks.log").read_text().splitlines(keepends=True)[-1],
    )
