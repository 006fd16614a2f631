"""A real turn from the GUI for each of the seven protocols (issue 6).

The real window (``app.launcher.make_runtime`` + ``MainWindow``), the camera simulator as a real
subprocess over streamable HTTP, the local fake provider of each protocol on 127.0.0.1, and the
key in the keyrings.alt file backend (a real keyring backend). The text is typed into the input
box and Send is clicked; then the tool row, the preview, the bubble, the provider's second request
(the image in that protocol's exact wire shape), the log and the key's whereabouts are checked.
"""

from __future__ import annotations

import base64
import re
import secrets
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from app.demo import DEMO_AGENT_ID, DEMO_TEMPLATE, demo_config
from app.keys import KeyStore
from app.launcher import Runtime, make_runtime
from app.main_window import MainWindow
from core.config import PROTOCOLS as ALL_PROTOCOLS
from core.config import Config, Template, load_config, parse_config, save_config
from tests.fakes.logs import log_lines
from tests.fakes.providers import PROTOCOLS, FakeProvider, Received, Scenario
from tests.fakes.servers import CAMERA_ASK, camera_server
from tests.fakes.waits import until

SAY = "A desk under a lamp, seen from the front camera."
TOOL = "nik__live_view_image"
WIRES = tuple(p for p in ALL_PROTOCOLS if p != "offline-demo")


def test_the_seven_wires_are_the_fakes_seven() -> None:
    assert WIRES == PROTOCOLS
    assert len(WIRES) == 7


@pytest.fixture(scope="module")
def camera() -> Iterator[str]:
    """One camera simulator subprocess (streamable HTTP) for the whole module."""
    with camera_server() as url:
        yield url


def fake_key() -> str:
    return "fuseforks-gui-" + secrets.token_hex(12)  # random: no line of source holds a key


def config_data(protocol: str, base_url: str, camera_url: str, key_name: str) -> dict[str, Any]:
    return {
        "village": {"language": "en", "name": "Wire village"},
        "templates": [
            {
                "name": "Vision",
                "protocol": protocol,
                "base_url": base_url,
                "model": f"{protocol}-vision",
                "key": key_name,
                "max_retries": 1,
            }
        ],
        "agents": [
            {
                "id": "agent_9",
                "name": "Muse",
                "template": "Vision",
                "mcp_servers": {"nik": {"type": "http", "url": camera_url}},
            }
        ],
    }


# ---------------------------------------------------------------- the image in each wire's shape
def _b64_payload(data_url: str, media_type: str = "image/jpeg") -> bytes:
    prefix = f"data:{media_type};base64,"
    assert data_url.startswith(prefix), data_url[:40]
    return base64.b64decode(data_url[len(prefix) :], validate=True)


def image_sent(protocol: str, body: dict[str, Any]) -> bytes:
    """The tool image of the second request, found where (and only where) the protocol puts it."""
    if protocol == "anthropic":
        assistant, user = body["messages"][-2:]
        (use,) = [b for b in assistant["content"] if b["type"] == "tool_use"]
        assert use["name"] == TOOL
        assert user["role"] == "user"
        (result,) = user["content"]
        assert result["type"] == "tool_result" and result["tool_use_id"] == use["id"]
        image, text = result["content"]  # images first, then the text block
        assert text["type"] == "text" and isinstance(text["text"], str)
        assert image["type"] == "image"
        assert set(image["source"]) == {"type", "media_type", "data"}
        assert image["source"]["type"] == "base64" and image["source"]["media_type"] == "image/jpeg"
        return base64.b64decode(image["source"]["data"], validate=True)
    if protocol == "openai-compat":
        assistant, tool, user = body["messages"][-3:]
        (call,) = assistant["tool_calls"]
        assert call["function"]["name"] == TOOL
        assert tool["role"] == "tool" and tool["tool_call_id"] == call["id"]
        assert isinstance(tool["content"], str)  # "For tool messages, only type `text` is supported"
        assert user["role"] == "user"
        images = [p for p in user["content"] if p["type"] == "image_url"]
        assert len(images) == 1 and [p["type"] for p in user["content"]][-1] == "image_url"
        return _b64_payload(images[0]["image_url"]["url"])
    if protocol == "gemini":
        model, user = body["contents"][-2:]
        (call,) = [p["functionCall"] for p in model["parts"] if "functionCall" in p]
        assert call["name"] == TOOL
        assert user["role"] == "user"
        (part,) = user["parts"]
        response = part["functionResponse"]
        assert response["name"] == TOOL and isinstance(response["response"]["output"], str)
        (inline,) = response["parts"]
        assert set(inline) == {"inlineData"} and inline["inlineData"]["mimeType"] == "image/jpeg"
        return base64.b64decode(inline["inlineData"]["data"], validate=True)
    # the four Responses wires
    items = body["input"]
    (call,) = [i for i in items if i.get("type") == "function_call"]
    assert call["name"] == TOOL
    (output,) = [i for i in items if i.get("type") == "function_call_output"]
    assert items[-1] is output and output["call_id"] == call["call_id"]
    text, image = output["output"]
    assert text["type"] == "input_text"
    assert set(image) == {"type", "image_url"} and image["type"] == "input_image"
    return _b64_payload(image["image_url"])


def key_header(protocol: str, request: Received) -> str:
    if protocol == "anthropic":
        return request.headers["x-api-key"]
    if protocol == "gemini":
        return request.headers["x-goog-api-key"]
    auth = request.headers["authorization"]
    assert auth.startswith("Bearer ")
    return auth.removeprefix("Bearer ")


# ---------------------------------------------------------------- the GUI side
async def open_window(qtbot: QtBot, config: Config, tmp_path: Path) -> tuple[Runtime, MainWindow]:
    app = QApplication.instance()
    assert isinstance(app, QApplication)
    app.setQuitOnLastWindowClosed(False)  # as app.launcher.run does: closing the window ends no loop
    keys = KeyStore()  # the process default: the keyrings.alt file backend of the fixture
    rt = make_runtime(config, keys, store_dir=tmp_path / "data")
    win = MainWindow(rt.village, keys, config_path=config.path)
    qtbot.addWidget(win)
    win.show()
    await rt.village.start()
    win.refresh_agents()
    return rt, win


async def close_window(rt: Runtime, win: MainWindow) -> None:
    win.close()
    await rt.village.close()
    if rt.store is not None:
        rt.store.close()


async def type_and_send(qtbot: QtBot, win: MainWindow, agent_id: str, text: str, turns: int) -> None:
    """Type into the input box, click Send, wait until the turn ended and its preview decoded."""
    assert win.current_agent() == agent_id
    qtbot.keyClicks(win.input, text)
    assert win.input.toPlainText() == text
    qtbot.mouseClick(win.send_button, Qt.MouseButton.LeftButton)
    assert win.input.toPlainText() == ""
    assert agent_id in win.handles  # the click started a turn
    await until(lambda: agent_id not in win.handles, within=60)
    chat = win.chats[agent_id]
    assert len(chat.previews) == turns, [b.text for b in chat.bubbles]  # added when the tool finished
    await until(lambda: chat.previews[-1].image is not None, within=20)  # decoded in a worker thread


def check_provider(protocol: str, requests: list[Received], key_value: str) -> bytes:
    """Two requests, both authorised with the keyring's key; the second carries the frame."""
    assert [r.status for r in requests] == [200, 200]
    assert [key_header(protocol, r) for r in requests] == [key_value, key_value]
    frame = image_sent(protocol, requests[1].body)
    assert frame[:3] == b"\xff\xd8\xff"  # a JPEG
    return frame


def check_window(win: MainWindow, frame: bytes) -> None:
    """The tool row (collapsed, its display line showing), the preview in the chat, the bubbles."""
    chat = win.chats["agent_9"]
    (row,) = win.panels["agent_9"].rows.values()
    kb = max(1, len(frame) // 1000)
    assert row.toggle.name == TOOL
    assert row.status.text() == "ok"
    assert row.summary.text() == f"(1 image: JPEG {kb} KB)"
    assert row.display_line.text() == f"(1 image: JPEG {kb} KB)"
    assert row.summary.isVisible() and not row.details.isVisible()
    (preview,) = chat.previews
    assert preview.data.data == frame  # the picture shown is the picture the model got
    assert preview.data.media_type == "image/jpeg"
    assert preview.caption.text() == f"{TOOL}  (1 image: JPEG {kb} KB)"
    assert preview.image is not None and not preview.image.isNull()
    assert preview.isVisible() and preview.picture.pixmap().width() > 0
    assert chat.inner.isAncestorOf(preview) and not row.isAncestorOf(preview)
    assert [(b.role, b.text) for b in chat.bubbles] == [("user", CAMERA_ASK), ("assistant", SAY)]
    assert [b.isVisible() for b in chat.bubbles] == [True, True]


@pytest.mark.asyncio
@pytest.mark.parametrize("protocol", PROTOCOLS)
async def test_turn_from_the_gui(
    protocol: str, camera: str, qtbot: QtBot, tmp_path: Path, event_log: Path, plaintext_keyring: Any
) -> None:
    key_value = fake_key()
    KeyStore().set(f"gui-{protocol}", key_value)  # what Settings' "Store key" does
    with FakeProvider(protocol, key=key_value, scenario=Scenario(say=SAY, tool=TOOL)) as fake:
        cfg_path = tmp_path / "cfg" / "fuseforks.json"
        save_config(parse_config(config_data(protocol, fake.url, camera, f"gui-{protocol}")), cfg_path)
        rt, win = await open_window(qtbot, load_config(cfg_path), tmp_path)
        try:
            await type_and_send(qtbot, win, "agent_9", CAMERA_ASK, turns=1)
            requests = list(fake.requests)
            frame = check_provider(protocol, requests, key_value)
            check_window(win, frame)
        finally:
            await close_window(rt, win)

    # the log: one tool line with one image, one turn line naming the wire
    lines = log_lines(event_log)
    tools = [x for x in lines if x.startswith("tool:")]
    assert len(tools) == 1, tools
    assert re.fullmatch(
        rf"tool: agent=agent_9 round=1 name={TOOL} ok=true ms=\d+ body_chars=\d+ images=1", tools[0]
    )
    turns = [x for x in lines if x.startswith("turn:")]
    assert len(turns) == 1, turns
    assert re.fullmatch(
        rf"turn: agent=agent_9 backend={protocol} stop=- input=\d+ output=\d+ cache_read=\d+ "
        rf"cache_write=\d+ rounds=2/12 model={protocol}-vision",
        turns[0],
    )

    # the key: in the request header, never in the config file, the log or anything else we wrote
    assert key_value not in cfg_path.read_text(encoding="utf-8")
    assert f'"key": "gui-{protocol}"' in cfg_path.read_text(encoding="utf-8")
    assert key_value not in event_log.read_text(encoding="utf-8")
    keyring_file = Path(plaintext_keyring.file_path)
    holders = [
        p
        for p in tmp_path.rglob("*")
        if p.is_file() and p != keyring_file and key_value.encode() in p.read_bytes()
    ]
    assert holders == []


@pytest.mark.asyncio
async def test_settings_switch_from_offline_demo_to_a_wire(
    camera: str, qtbot: QtBot, tmp_path: Path, event_log: Path, plaintext_keyring: Any
) -> None:
    """The demo village's agent moves from the offline demo model to an anthropic template in
    Settings; the next turn goes over the wire with the keyring's key."""
    protocol = "anthropic"
    key_value = fake_key()
    KeyStore().set("claude-gui", key_value)
    with FakeProvider(protocol, key=key_value, scenario=Scenario(say=SAY, tool=TOOL)) as fake:
        config = demo_config(camera)
        config.agents[0].mcp_servers[0].name = "nik"  # the fake calls nik__live_view_image
        config.templates.append(
            Template(
                name="Claude", protocol=protocol, model="claude-vision", base_url=fake.url, key="claude-gui"
            )
        )
        cfg_path = tmp_path / "cfg" / "fuseforks.json"
        config.path = cfg_path  # the demo village has no file until Settings saves it
        rt, win = await open_window(qtbot, config, tmp_path)
        try:
            await type_and_send(qtbot, win, DEMO_AGENT_ID, CAMERA_ASK, turns=1)
            assert fake.requests == []  # the demo model answered that one
            dlg = win.open_settings()
            dlg.tabs.setCurrentIndex(1)
            dlg.agents_page.agent_list.setCurrentRow(0)
            assert dlg.agents_page.a_template.currentText() == DEMO_TEMPLATE
            dlg.agents_page.a_template.setCurrentText("Claude")
            qtbot.mouseClick(dlg.buttons.button(dlg.buttons.StandardButton.Save), Qt.MouseButton.LeftButton)
            assert (
                dlg.problems_label.text() == ""
            )  # today: "templates[0].base_url: expected a non-empty string"
            await until(lambda: rt.village.config.agent(DEMO_AGENT_ID).template == "Claude")
            await type_and_send(qtbot, win, DEMO_AGENT_ID, CAMERA_ASK, turns=2)
            requests = list(fake.requests)
            dlg.close()
        finally:
            await close_window(rt, win)
    assert [r.status for r in requests] == [200, 200]
    assert [r.headers["x-api-key"] for r in requests] == [key_value, key_value]
    image_sent(protocol, requests[1].body)
    turns = [x for x in log_lines(event_log) if x.startswith("turn:")]
    assert len(turns) == 2, turns
    assert turns[0].startswith(f"turn: agent={DEMO_AGENT_ID} backend=offline-demo stop=- ")
    assert turns[1].startswith(f"turn: agent={DEMO_AGENT_ID} backend={protocol} stop=- ")
    assert turns[1].endswith(" model=claude-vision")
    assert win.chats[DEMO_AGENT_ID].bubbles[-1].text == SAY
    saved = cfg_path.read_text(encoding="utf-8")
    assert '"template": "Claude"' in saved and key_value not in saved
    assert key_value not in event_log.read_text(encoding="utf-8")
