"""core/watch/relay.py without HTTP: which template is the village's eyes, ``vision_ok``, the
``village.vision_relay`` setting, one request for an image two calls share, a priced call whose
provider reported no usage (WA-35 … WA-39)."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest

from core.canonical import ChatMessage, Role, Usage
from core.config import Config, Template, config_to_json, parse_config
from core.llm import ModelBackend
from core.notes import note
from core.pricing import estimate_tokens
from core.store import Store
from core.watch.budget import estimate
from core.watch.relay import RELAY_MAX_TOKENS, RelayCall, VisionRelay, estimate_for, relay_template, vision_ok
from tests.fakes.images import frame
from tests.fakes.logs import log_lines
from tests.fakes.scripted import ScriptedBackend, reply
from tests.fakes.waits import until


def config(relay: str = "eyes", *, eyes_read: bool = True, words_read: bool = False) -> Config:
    return parse_config(
        {
            "village": {"language": "en", "vision_relay": relay},
            "templates": [
                {"name": "words", "protocol": "openai-compat", "model": "m", "reads_images": words_read},
                {
                    "name": "eyes",
                    "protocol": "anthropic",
                    "model": "claude-sonnet-4-5",
                    "reads_images": eyes_read,
                },
            ],
            "agents": [
                {"id": "reader", "template": "words"},
                {"id": "seer", "template": "eyes"},
            ],
        }
    )


def test_vision_ok_says_whether_a_watch_of_the_agent_can_see() -> None:
    assert vision_ok(config(), "reader") == ""  # text-only, but the village has eyes
    assert vision_ok(config(), "seer") == ""  # its own model reads images
    assert vision_ok(config(relay=""), "reader") == "no_vision"  # no relay
    assert vision_ok(config(relay=""), "seer") == ""
    assert vision_ok(config(eyes_read=False), "reader") == "no_vision"  # the relay cannot see either
    assert vision_ok(config(relay="gone"), "reader") == "no_vision"  # it names no template
    assert vision_ok(config(), "nobody") == "no_agent"


def test_the_relay_is_the_named_template_when_it_reads_images_and_is_not_the_agents_own() -> None:
    eyes = relay_template(config(), "reader")
    assert eyes is not None and eyes.name == "eyes"
    assert relay_template(config(), "seer") is None  # a model that refused an image would again
    assert relay_template(config(relay=""), "reader") is None
    assert relay_template(config(eyes_read=False), "reader") is None
    assert relay_template(config(relay="gone"), "reader") is None


def test_the_setting_reads_writes_back_and_warns_about_a_relay_that_cannot_be() -> None:
    c = config()
    assert c.village.vision_relay == "eyes" and c.warnings == []
    assert config_to_json(c)["village"]["vision_relay"] == "eyes"
    assert parse_config(config_to_json(c)).village.vision_relay == "eyes"
    plain = parse_config({"templates": [], "agents": []})
    assert plain.village.vision_relay == ""
    assert "vision_relay" not in config_to_json(plain)["village"]  # the default leaves the file as it was
    assert config(relay="gone").warnings == [
        "village.vision_relay: no template named 'gone' (no vision relay)"
    ]
    assert config(eyes_read=False).warnings == [
        "village.vision_relay: template 'eyes' does not read images (no vision relay)"
    ]


class Captions:
    """The store's ``relay_captions`` in memory, counting reads."""

    def __init__(self) -> None:
        self.kept: dict[tuple[str, str, str], str] = {}
        self.reads = 0

    def relay_caption(self, sha256: str, language: str, template: str) -> str | None:
        self.reads += 1
        return self.kept.get((sha256, language, template))

    def save_relay_caption(self, sha256: str, language: str, template: str, text: str) -> None:
        self.kept[(sha256, language, template)] = text


@pytest.mark.asyncio
async def test_two_calls_with_the_same_image_share_one_request_and_a_priced_call() -> None:
    gate = asyncio.Event()
    backend = ScriptedBackend([reply("A heron.", usage=Usage())], gate=gate)
    seen: list[RelayCall] = []
    captions = Captions()

    def factory(_t: Template) -> ModelBackend:
        return backend

    relay = VisionRelay(captions, factory, on_call=seen.append).for_turn(config(), "reader", "turn-1")
    assert relay is not None
    img = frame(7)
    both = asyncio.gather(relay.relayed("a", [img], "cam"), relay.relayed("b", [img], "cam"))
    await until(lambda: backend.requests)  # the first is asked; the second waits for it
    gate.set()
    first, second = await both
    assert len(backend.requests) == 1
    assert (
        first
        == "a\n"
        + "(the image from the cam result was not sent to this model; the village's vision model describes it:)\nA heron."
    )
    assert second is not None and second.startswith("b\n(the image from the cam result")
    assert captions.kept == {(img.sha256, "en", "eyes"): "A heron."}
    request = backend.requests[0]
    assert [m.role for m in request.messages] == [Role.USER]
    assert request.messages[0].attachments[0].sha256 == img.sha256
    assert request.tools == [] and request.max_tokens == 500
    # the provider reported no usage: the call is priced at its estimate (the frame on Anthropic)
    asked = [ChatMessage(role=Role.USER, text=request.messages[0].text, attachments=[img])]
    eyes = config().template("eyes")
    assert [c.tokens for c in seen] == [estimate(asked, eyes, reply_tokens=estimate_tokens("A heron."))]
    assert seen[0].tokens > 368  # 640×424 on Anthropic: 368 for the image alone


@pytest.mark.asyncio
async def test_a_store_closed_under_the_relay_still_gives_this_turn_its_description(tmp_path: Path) -> None:
    store = Store.open(tmp_path)
    store.close()  # every read and write now fails with a StoreError
    backend = ScriptedBackend([reply("A fox.")])

    def factory(_t: Template) -> ModelBackend:
        return backend

    relay = VisionRelay(store, factory).for_turn(config(), "reader", "turn-1")
    assert relay is not None
    text: Any = await relay.relayed("", [frame(1)], "cam")
    assert text.endswith("\nA fox.") and len(backend.requests) == 1


def test_a_runs_estimate_prices_the_frame_where_the_agents_turn_will_spend_it() -> None:
    img = frame(3)  # 640×424
    messages = [
        ChatMessage(role=Role.USER, text="Is the kiln display over 900?"),
        ChatMessage(role=Role.TOOL, text="frame 1", attachments=[img], tool_call_id="c1"),
    ]
    bare = [messages[0], ChatMessage(role=Role.TOOL, text="frame 1", tool_call_id="c1")]
    c = config()
    eyes, words = c.template("eyes"), c.template("words")
    # the agent's model reads images: the frame at its own route's price
    assert estimate_for(c, "seer", messages) == estimate(messages, eyes)
    # a text-only agent with a relay: its text, one relay call for the frame, the description
    asked = [ChatMessage(role=Role.USER, text=note("relay_prompt", "en"), attachments=[img])]
    relay_call = estimate(asked, eyes, reply_tokens=RELAY_MAX_TOKENS)
    assert relay_call > 368  # the frame on Anthropic
    assert estimate_for(c, "reader", messages) == estimate(bare, words) + relay_call + RELAY_MAX_TOKENS
    # without a relay the frame is not sent: the text alone
    assert estimate_for(config(relay=""), "reader", messages) == estimate(bare, words)
    assert estimate_for(c, "nobody", messages) == estimate(messages, None)


@pytest.mark.asyncio
async def test_a_failing_on_call_is_logged_and_the_turn_still_gets_its_description(event_log: Path) -> None:
    backend = ScriptedBackend([reply("A cat.")])

    def factory(_t: Template) -> ModelBackend:
        return backend

    def broken(_call: RelayCall) -> None:
        raise RuntimeError("budget store gone")

    relay = VisionRelay(Captions(), factory, on_call=broken).for_turn(config(), "reader", "turn-1")
    assert relay is not None
    text: Any = await relay.relayed("", [frame(2)], "cam")
    assert text.endswith("\nA cat.")
    assert "event subscriber failed: kind=RelayCall error=RuntimeError" in log_lines(event_log)
