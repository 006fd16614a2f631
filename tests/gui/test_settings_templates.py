"""Settings > Templates (issue 13): presets with friendly protocol names, Test connection through
the real backend against the fake providers on 127.0.0.1, the provider's model list, and timeout,
retries and streaming per template."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from pytestqt.qtbot import QtBot

from app.keys import KeyStore
from app.settings import SettingsDialog
from app.settings.presets import local_presets
from core.config import parse_config
from tests.fakes.configs import settings_config
from tests.fakes.providers import FakeProvider, Reply
from tests.fakes.servers import free_port
from tests.fakes.waits import until

KEY = "fuseforks-probe-key-Zq81"


def dialog(qtbot: QtBot, path: Path) -> SettingsDialog:
    dlg = SettingsDialog(settings_config(), KeyStore(), path=path)
    qtbot.addWidget(dlg)
    dlg.show()
    return dlg


def point_at(qtbot: QtBot, dlg: SettingsDialog, url: str, row: int = 0) -> None:
    page = dlg.templates_page
    page.template_list.setCurrentRow(row)
    page.t_base_url.selectAll()
    qtbot.keyClicks(page.t_base_url, url)


def store_key(qtbot: QtBot, dlg: SettingsDialog, key: str = KEY) -> None:
    qtbot.keyClicks(dlg.templates_page.key_input, key)
    dlg.templates_page.key_store_button.click()


def menu_texts(dlg: SettingsDialog) -> list[str]:
    return [a.text() for a in dlg.templates_page.preset_menu.actions()]


# ---------------------------------------------------------------- presets


def test_the_presets_are_offered_with_friendly_protocol_names(qtbot: QtBot, tmp_path: Path) -> None:
    dlg = dialog(qtbot, tmp_path / "f.json")
    assert menu_texts(dlg) == [
        "Providers",
        "Claude — Anthropic Messages (Claude)",
        "OpenAI (chat) — OpenAI-compatible Chat Completions",
        "Gemini — Google Gemini",
        "OpenAI (responses) — OpenAI Responses",
        "Grok — xAI Responses (Grok)",
        "Llama — Meta Llama API (Responses)",
        "Perplexity — Perplexity Agent API (Responses)",
        "Offline demo — Offline demo (no AI)",
        "Servers on this computer (no key)",
        "Ollama — OpenAI-compatible Chat Completions",
        "LM Studio — OpenAI-compatible Chat Completions",
        "vLLM — OpenAI-compatible Chat Completions",
        "llama.cpp server — OpenAI-compatible Chat Completions",
    ]
    assert {p["base_url"] for p in local_presets()} == {
        "http://localhost:11434/v1",
        "http://localhost:1234/v1",
        "http://localhost:8000/v1",
        "http://localhost:8080/v1",
    }
    assert len(parse_config({"templates": local_presets()}).templates) == 4


def test_adding_a_preset_fills_the_form_and_saves(qtbot: QtBot, tmp_path: Path) -> None:
    path = tmp_path / "f.json"
    dlg = dialog(qtbot, path)
    page = dlg.templates_page
    [ollama] = [a for a in page.preset_menu.actions() if a.text().startswith("Ollama")]
    ollama.trigger()
    assert page.template_list.currentItem().text() == "Ollama"
    assert page.t_protocol.currentText() == "OpenAI-compatible Chat Completions"
    assert page.t_protocol.protocol() == "openai-compat"
    assert page.t_base_url.text() == "http://localhost:11434/v1"
    assert page.t_model.text() == "gemma3"
    assert page.t_key_name.text() == ""
    assert page.key_state.text() == "No key needed (no keyring entry named)"
    [claude] = [a for a in page.preset_menu.actions() if a.text().startswith("Claude")]
    claude.trigger()  # the name is taken: a second one
    assert page.template_list.currentItem().text() == "Claude 2"
    assert page.t_key_name.text() == "anthropic"
    assert dlg.save(), dlg.problems_label.text()
    saved = json.loads(path.read_text(encoding="utf-8"))["templates"]
    assert [t["name"] for t in saved] == ["Claude", "Gemini", "Ollama", "Claude 2"]
    assert saved[2]["base_url"] == "http://localhost:11434/v1" and saved[2]["key"] is None


# ---------------------------------------------------------------- timeout, retries, streaming


def test_timeout_retries_and_streaming_are_edited_and_saved(qtbot: QtBot, tmp_path: Path) -> None:
    path = tmp_path / "f.json"
    dlg = dialog(qtbot, path)
    page = dlg.templates_page
    page.template_list.setCurrentRow(1)
    assert (page.t_timeout.value(), page.t_retries.value(), page.t_stream.isChecked()) == (120.0, 3, True)
    page.t_timeout.setValue(45)
    page.t_retries.setValue(5)
    page.t_stream.setChecked(False)
    page.template_list.setCurrentRow(0)
    assert (page.t_timeout.value(), page.t_retries.value(), page.t_stream.isChecked()) == (120.0, 3, True)
    assert dlg.save(), dlg.problems_label.text()
    gemini = json.loads(path.read_text(encoding="utf-8"))["templates"][1]
    assert (gemini["request_timeout_s"], gemini["max_retries"], gemini["stream"]) == (45.0, 5, False)


# ---------------------------------------------------------------- Test connection


async def run_test(page: Any) -> str:
    page.connection_test.button.click()
    assert page.connection_test.running()
    await until(lambda: not page.connection_test.running(), 10)
    return str(page.connection_test.result.text())


@pytest.mark.asyncio
@pytest.mark.parametrize("stream", [True, False])
async def test_test_connection_reports_the_models_answer(
    qtbot: QtBot, tmp_path: Path, plaintext_keyring: Any, stream: bool
) -> None:
    dlg = dialog(qtbot, tmp_path / "f.json")
    page = dlg.templates_page
    with FakeProvider("anthropic", key=KEY) as fake:
        fake.script(Reply.say("OK"))
        point_at(qtbot, dlg, fake.url)
        page.t_stream.setChecked(stream)
        store_key(qtbot, dlg)
        text = await run_test(page)
    assert text.startswith("Connected in ") and text.endswith(" s. The model answered: OK")
    assert page.connection_test.result.property("ok") == "true"
    [request] = fake.requests
    assert request.body["model"] == "claude-x"
    assert request.body.get("stream", False) is stream
    assert request.body["messages"] == [
        {"role": "user", "content": "This is a connection test. Reply with the single word OK."}
    ]
    assert "tools" not in request.body


@pytest.mark.asyncio
async def test_the_vision_check_sends_the_demo_cameras_frame(
    qtbot: QtBot, tmp_path: Path, plaintext_keyring: Any
) -> None:
    dlg = dialog(qtbot, tmp_path / "f.json")
    page = dlg.templates_page
    with FakeProvider("gemini", key=KEY) as fake:
        fake.script(Reply.say("An orange ball over green grass."))
        point_at(qtbot, dlg, fake.url, row=1)
        page.t_key_name.setText("gemini")
        page.t_key_name.textEdited.emit("gemini")
        store_key(qtbot, dlg)
        page.connection_test.vision.setChecked(True)
        text = await run_test(page)
    assert text.endswith("The model answered: An orange ball over green grass.")
    parts = fake.requests[0].body["contents"][0]["parts"]
    assert sorted(k for p in parts for k in p) == ["inlineData", "text"]
    [image] = [p["inlineData"] for p in parts if "inlineData" in p]
    assert image["mimeType"] == "image/jpeg"


@pytest.mark.asyncio
async def test_test_connection_shows_the_providers_error(
    qtbot: QtBot, tmp_path: Path, plaintext_keyring: Any
) -> None:
    dlg = dialog(qtbot, tmp_path / "f.json")
    page = dlg.templates_page
    with FakeProvider("anthropic", key="the-right-key") as fake:
        point_at(qtbot, dlg, fake.url)
        store_key(qtbot, dlg)
        text = await run_test(page)
    assert text == (
        "The provider refused the request: HTTP 401 (authentication_error): invalid x-api-key / API key"
    )
    assert page.connection_test.result.property("ok") == "false"
    assert len(fake.requests) == 1  # an auth error is not retried
    assert KEY not in text


@pytest.mark.asyncio
async def test_test_connection_names_a_missing_key_and_an_unreachable_url(
    qtbot: QtBot, tmp_path: Path, plaintext_keyring: Any
) -> None:
    dlg = dialog(qtbot, tmp_path / "f.json")
    page = dlg.templates_page
    url = f"http://127.0.0.1:{free_port()}/v1"  # a port nothing listens on
    point_at(qtbot, dlg, url)
    page.connection_test.button.click()
    assert not page.connection_test.running()  # nothing sent without the key
    assert page.connection_test.result.text() == (
        'No key is stored under the keyring entry "claude": paste it below and press Store key.'
    )
    store_key(qtbot, dlg)
    page.t_retries.setValue(1)
    text = await run_test(page)
    assert text.startswith(f"{url} could not be reached: anthropic: ConnectError")


@pytest.mark.asyncio
async def test_a_slow_test_keeps_the_dialog_responsive_and_can_be_cancelled(
    qtbot: QtBot, tmp_path: Path, plaintext_keyring: Any
) -> None:
    dlg = dialog(qtbot, tmp_path / "f.json")
    page = dlg.templates_page
    with FakeProvider("anthropic", key=KEY) as fake:
        fake.script(Reply.say("late", delay_s=2.0))
        point_at(qtbot, dlg, fake.url)
        store_key(qtbot, dlg)
        page.connection_test.button.click()
        await until(lambda: len(fake.requests) == 1)
        qtbot.keyClicks(page.t_model, "-typed")  # the dialog takes input while the test runs
        assert page.t_model.text() == "claude-x-typed"
        assert page.connection_test.button.text() == "Cancel test", page.connection_test.result.text()
        page.connection_test.button.click()
        assert not page.connection_test.running()
        assert page.connection_test.result.text() == "Test cancelled."
        assert page.connection_test.button.text() == "Test connection"


# ---------------------------------------------------------------- the model list


@pytest.mark.asyncio
async def test_the_model_list_comes_from_the_provider(
    qtbot: QtBot, tmp_path: Path, plaintext_keyring: Any
) -> None:
    path = tmp_path / "f.json"
    dlg = dialog(qtbot, path)
    page = dlg.templates_page
    with FakeProvider("anthropic", key=KEY, models=["claude-opus-9", "claude-haiku-9"]) as fake:
        point_at(qtbot, dlg, fake.url)
        store_key(qtbot, dlg)
        page.model_fetch.button.click()
        await until(lambda: page.t_model.count() == 2)
    assert [page.t_model.itemText(i) for i in range(2)] == ["claude-haiku-9", "claude-opus-9"]
    assert page.model_fetch.status.text() == "2 models"
    assert page.t_model.text() == "claude-x"  # what was typed stays until one is picked
    page.t_model.setCurrentIndex(1)
    page.t_model.textActivated.emit(page.t_model.itemText(1))
    assert dlg.data["templates"][0]["model"] == "claude-opus-9"
    page.template_list.setCurrentRow(1)
    assert page.t_model.count() == 0
    page.template_list.setCurrentRow(0)
    assert page.t_model.count() == 2  # kept for the dialog's life: no second request
    assert [r.path for r in fake.requests] == ["/v1/models"]


@pytest.mark.asyncio
async def test_a_failed_model_list_is_shown_and_typing_still_works(
    qtbot: QtBot, tmp_path: Path, plaintext_keyring: Any
) -> None:
    dlg = dialog(qtbot, tmp_path / "f.json")
    page = dlg.templates_page
    with FakeProvider("anthropic", key="another-key") as fake:
        point_at(qtbot, dlg, fake.url)
        store_key(qtbot, dlg)
        page.model_fetch.button.click()
        await until(lambda: page.model_fetch.task is None)
    assert page.model_fetch.status.text() == "No model list: HTTP 401: invalid x-api-key / API key"
    assert page.model_fetch.status.property("ok") == "false"
    page.t_model.setText("")
    qtbot.keyClicks(page.t_model, "my-model")
    assert dlg.data["templates"][0]["model"] == "my-model"


@pytest.mark.asyncio
async def test_perplexity_says_it_offers_no_list(qtbot: QtBot, tmp_path: Path) -> None:
    """Decided before any request: the wire knows its API has no list under the base URL."""
    dlg = dialog(qtbot, tmp_path / "f.json")
    page = dlg.templates_page
    page.template_list.setCurrentRow(1)  # Gemini, no keyring entry
    page.t_protocol.setCurrentText("perplexity-responses")
    assert page.t_protocol.currentText() == "Perplexity Agent API (Responses)"
    assert dlg.data["templates"][1]["protocol"] == "perplexity-responses"
    assert dlg.data["templates"][1]["base_url"] == "https://api.perplexity.ai/v1"
    page.model_fetch.button.click()
    await until(lambda: page.model_fetch.task is None)
    assert page.model_fetch.status.text() == "This provider's API offers no model list: type the model name."
