"""The chat's messages (issue 13): Markdown answers with code blocks and links, Copy, Retry on a
failed turn (the model history stays valid), Open Settings for a key problem, the busy line.
The real window on a village; the real store where a restart is part of the story."""

from __future__ import annotations

import asyncio
from pathlib import Path

import keyring.backends.fail
import pytest
from PySide6.QtCore import QUrl
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QLabel
from pytestqt.qtbot import QtBot

from app.backends import make_backend_factory
from app.keys import KeyStore
from app.widgets.bubble import Bubble
from app.widgets.chat import ChatView
from app.widgets.markdown import Block, split_blocks
from core.canonical import Role
from core.llm import ProviderHTTPError, ProviderTransportError
from core.village import Village
from tests.fakes.configs import window_config
from tests.fakes.runtimes import start, stop
from tests.fakes.scripted import ScriptedBackend, reply
from tests.fakes.waits import until
from tests.fakes.windows import window

CODE = 'def greet(name):\n    return f"Hello, {name}!"'
ANSWER = (
    "## Greeting\n\nTwo steps:\n\n1. define it\n2. call it, see [the docs](https://docs.python.org/3/)\n\n"
    f"```python\n{CODE}\n```\n\nRaw <b>HTML</b> stays text."
)


def scripted_village(tmp_path: Path, backend: ScriptedBackend) -> Village:
    return Village(window_config(tmp_path), backend_factory=lambda t: backend)


def prose(bubble: Bubble) -> list[QLabel]:
    assert bubble.markdown is not None
    return [p for p in bubble.markdown.parts if isinstance(p, QLabel)]


@pytest.mark.asyncio
async def test_an_answer_is_rendered_as_markdown_with_a_copyable_code_block(
    qtbot: QtBot, tmp_path: Path
) -> None:
    village = scripted_village(tmp_path, ScriptedBackend([reply(ANSWER)]))
    win = window(qtbot, village)
    chat = win.chats["a1"]
    opened: list[QUrl] = []
    chat.open_url = opened.append
    await win.send_text("a1", "how do I greet?").wait()
    bubble = chat.bubbles[-1]
    assert bubble.text == ANSWER and bubble.markdown is not None
    # cut at the paragraph boundaries (a stream renders only its last paragraph again) and fences
    assert [b.kind for b in bubble.markdown.blocks] == ["prose", "prose", "prose", "code", "prose"]
    heading, _intro, steps, last = (label.text() for label in prose(bubble))
    assert "<h2" in heading and "Greeting" in heading
    assert "<ol" in steps and steps.count("<li") == 2  # the list stays one list
    assert 'href="https://docs.python.org/3/"' in steps
    assert "&lt;b&gt;HTML&lt;/b&gt;" in last  # a model's raw HTML is never rendered
    [code] = bubble.markdown.code_blocks
    assert (code.body.text(), code.language.text()) == (CODE, "python")
    code.copy_button.click()
    assert QGuiApplication.clipboard().text() == CODE
    assert code.copy_button.text() == "Copied"
    assert bubble.copy_button is not None
    bubble.copy_button.click()  # the message's own Markdown source
    assert QGuiApplication.clipboard().text() == ANSWER
    prose(bubble)[0].linkActivated.emit("https://docs.python.org/3/")
    assert opened == [QUrl("https://docs.python.org/3/")]
    user = chat.bubbles[0]
    assert user.copy_button is not None and user.markdown is None  # the person's text stays plain
    await village.close()


def test_a_streamed_answer_renders_only_what_changed(qtbot: QtBot) -> None:
    chat = ChatView()
    qtbot.addWidget(chat)
    long_prose = "A long first paragraph. " * 400
    chat.delta("t1", long_prose + "\n\n```\n")
    [bubble] = chat.bubbles
    assert bubble.markdown is not None
    qtbot.waitUntil(lambda: len(bubble.markdown.blocks) == 2, timeout=2000)  # type: ignore[union-attr]
    first = bubble.markdown.parts[0]
    renders = bubble.markdown.renders
    for i in range(200):  # a fast stream: the deltas coalesce into a few renders
        chat.delta("t1", f"line {i}\n")
    assert bubble.markdown.renders == renders  # nothing rendered per delta
    qtbot.waitUntil(lambda: "line 199" in bubble.markdown.code_blocks[0].code, timeout=2000)  # type: ignore[union-attr]
    assert bubble.markdown.renders == renders + 1  # the code block only
    assert bubble.markdown.parts[0] is first  # the long paragraph was not rendered again
    chat.message("t1", bubble.text + "```\nDone.")
    assert [b.kind for b in bubble.markdown.blocks] == ["prose", "code", "prose"]
    assert bubble.markdown.parts[0] is first


def test_markdown_is_cut_only_where_nothing_continues() -> None:
    text = "# Title\nintro\n\n- a\n\n- b\n\n1. x\n\n   more of x\n\n> quote\n\n> on\n\nEnd.\n~~~\nraw\n"
    assert [b.text for b in split_blocks(text)] == [
        "# Title\nintro\n",
        "- a\n\n- b\n\n1. x\n\n   more of x\n",  # a list's items and paragraphs stay together
        "> quote\n\n> on\n",
        "End.",
        "raw\n",  # an unclosed fence (still streaming) runs to the end
    ]
    assert split_blocks("```sh\nls\n```")[0] == Block("code", "ls", "sh")


@pytest.mark.asyncio
async def test_retry_sends_the_request_again_and_the_history_stays_alternating(
    qtbot: QtBot, tmp_path: Path
) -> None:
    backend = ScriptedBackend(
        [reply("first answer"), ProviderTransportError("anthropic: connection refused")]
    )
    rt = start(tmp_path, backend, "s1")
    try:
        win = window(qtbot, rt.village, history=rt.history)
        await win.send_text("agent_9", "one").wait()
        await win.send_text("agent_9", "two").wait()
        win.close()
    finally:
        await stop(rt)
    backend = ScriptedBackend([reply("second answer")])
    rt = start(tmp_path, backend, "s2")  # after a restart: the failed turn comes from the store
    try:
        win = window(qtbot, rt.village, history=rt.history)
        chat = win.chats["agent_9"]
        error = chat.bubbles[-1]
        assert error.role == "error" and error.retry_button is not None
        assert error.settings_button is None  # not a key problem
        error.retry_button.click()
        await until(lambda: chat.bubbles[-1].text == "second answer")
        await rt.village.wait_idle()
        assert [(b.role, b.text) for b in chat.bubbles][-2:] == [
            ("user", "two"),
            ("assistant", "second answer"),
        ]
        sent = [(m.role, m.text) for m in backend.requests[0].messages]
        # the unanswered "two" is not in the history twice: the roles alternate for every wire
        assert sent == [(Role.USER, "one"), (Role.ASSISTANT, "first answer"), (Role.USER, "two")]
        win.close()
    finally:
        await stop(rt)


@pytest.mark.asyncio
async def test_a_live_failed_turn_leaves_no_unanswered_request_in_the_history(
    qtbot: QtBot, tmp_path: Path
) -> None:
    backend = ScriptedBackend([ProviderHTTPError(503, "overloaded"), reply("ok now")])
    village = scripted_village(tmp_path, backend)
    win = window(qtbot, village)
    await win.send_text("a1", "look").wait()
    await until(lambda: "a1" not in win.handles)  # the window has seen the turn end
    retry = win.chats["a1"].bubbles[-1].retry_button
    assert retry is not None
    retry.click()
    await until(lambda: win.chats["a1"].bubbles[-1].text == "ok now")
    await village.wait_idle()
    assert [m.text for m in backend.requests[1].messages] == ["look"]
    await village.close()


@pytest.mark.asyncio
@pytest.mark.parametrize("key_problem", ["missing", "refused"])
async def test_a_key_problem_offers_open_settings(qtbot: QtBot, tmp_path: Path, key_problem: str) -> None:
    if key_problem == "missing":  # no key stored for the template: the real backend factory
        factory = make_backend_factory(KeyStore(keyring.backends.fail.Keyring()), lambda: "en")
        village = Village(window_config(tmp_path), backend_factory=factory)
    else:
        village = scripted_village(tmp_path, ScriptedBackend([ProviderHTTPError(401, "invalid x-api-key")]))
    win = window(qtbot, village)
    await win.send_text("a1", "hello").wait()
    error = win.chats["a1"].bubbles[-1]
    assert error.role == "error"
    assert error.text.startswith(
        "The turn failed (no_key)" if key_problem == "missing" else "The turn failed (http_401)"
    )
    assert error.settings_button is not None and error.settings_button.text() == "Open Settings"
    error.settings_button.click()
    assert win.settings_dialog is not None and win.settings_dialog.isVisible()
    win.settings_dialog.close()
    await village.close()


@pytest.mark.asyncio
async def test_the_busy_line_moves_while_the_turn_runs_and_stops_after(qtbot: QtBot, tmp_path: Path) -> None:
    gate = asyncio.Event()
    village = scripted_village(tmp_path, ScriptedBackend([reply("done")], gate=gate))
    win = window(qtbot, village)
    busy = win.chats["a1"].typing
    assert not busy.isVisible() and not busy.spinner.running
    handle = win.send_text("a1", "work")
    await until(lambda: busy.isVisible())
    start = busy.spinner.phase
    await until(lambda: busy.spinner.phase != start)  # it moves
    assert busy.label.text() == "working…"
    gate.set()
    await handle.wait()
    await until(lambda: not busy.isVisible())
    assert not busy.spinner.running
    await village.close()
