"""The vision relay (issue 15, WA-34 … WA-39): the village's eyes for a model that cannot see.

The village may name one template as its eyes (``village.vision_relay``, WA-34: one that reads
images and is not the agent's own, ``relay_template``). When a turn's tool images cannot go to its
model (the template's ``reads_images`` is false, or the provider refused images earlier in the
turn, S70-15), each image is described by the relay model instead (WA-35): one call per image,
asked in the village language (the ``relay_prompt`` note), and the tool result the model reads
carries the description where it would have had only the "not sent" note
(``relay_description``). The hook is in ``core.tool_calls`` (``run_call`` for a result shaped
while images are blocked, ``relay_stripped`` for the results a refusal strips); the logic is here.

* A description is kept in the store's ``relay_captions`` by (SHA-256, language, template) and
  reused: the same frame is never described twice, across turns and restarts (WA-36). Two calls
  of one round with the same image share one request.
* Every description asked costs a model call: it is priced (the provider's usage, or the estimate
  of ``core.watch.budget`` when it reported none) and handed to ``on_call`` (a ``RelayCall``) so a
  watch's budget counts it (WA-37); a reused one costs nothing.
* Each image writes one ``tool image relay:`` line: agent, the SHA-256's first 12 characters,
  ``cached=yes|no``, ms, tokens, and ``error`` (the provider error's code) when the relay failed;
  a failed image gets the ``relay_no_description`` note, and when no image of a result could be
  described the result keeps the plain "not sent" note (WA-38).
* ``vision_ok(config, agent_id)`` is what a watch asks before it starts: ``""`` when the agent's
  model reads images or the village has a usable relay, else ``no_vision`` (WA-39);
  ``estimate_for`` prices a run as that agent's turn will spend it (with the relay's calls).
"""

from __future__ import annotations

import asyncio
import contextlib
import sqlite3
import time
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass, replace
from typing import Final, Protocol

from core.canonical import ChatMessage, ChatRequest, ImageData, Role, ToolSpec
from core.config import Config, Template
from core.llm import ModelBackend, ProviderError, complete_redacted
from core.log import event as log_event
from core.notes import note
from core.pricing import estimate_tokens
from core.store.blobs import StoreError
from core.watch.budget import estimate, usage_tokens

RELAY_MAX_TOKENS: Final = 500  # a description is a paragraph, not an essay
SHA_SHOWN: Final = 12

BackendFactory = Callable[[Template], ModelBackend]
# told of each description asked; may return an awaitable (awaited before the turn goes on)
OnCall = Callable[["RelayCall"], Awaitable[None] | None]


class CaptionStore(Protocol):
    """The store's ``relay_captions`` (``core.store.watches.StoreWatches``)."""

    def relay_caption(self, sha256: str, language: str, template: str) -> str | None: ...

    def save_relay_caption(self, sha256: str, language: str, template: str, text: str) -> None: ...


@dataclass(frozen=True)
class RelayCall:
    """One description the relay model was asked for (a cached one is no call)."""

    agent_id: str
    turn_id: str
    template: str  # the relay's template
    sha256: str
    tokens: int  # the provider's usage, or the estimate when it reported none
    ms: int


def relay_template(config: Config, agent_id: str) -> Template | None:
    """The template that describes images for ``agent_id``: the village's ``vision_relay`` when it
    names a template that reads images and is not the agent's own (a model that refused an image
    would refuse it as its own relay too)."""
    name = config.village.vision_relay
    if not name:
        return None
    try:
        template = config.template(name)
        own = config.agent(agent_id).template
    except KeyError:
        return None
    if not template.reads_images or own == name:
        return None
    return template


def vision_ok(config: Config, agent_id: str) -> str:
    """Whether a watch of ``agent_id`` can see its frames: ``""`` when its template reads images or
    the village has a relay for it, ``no_vision`` when neither, ``no_agent`` when there is no such
    agent (or its template is missing)."""
    try:
        template = config.template(config.agent(agent_id).template)
    except KeyError:
        return "no_agent"
    if template.reads_images or relay_template(config, agent_id) is not None:
        return ""
    return "no_vision"


def estimate_for(
    config: Config,
    agent_id: str,
    messages: Sequence[ChatMessage],
    *,
    system: str = "",
    tools: Sequence[ToolSpec] = (),
) -> int:
    """A run's estimated tokens (``core.watch.budget.estimate``) as ``agent_id``'s turn will spend
    them: its images priced by its own route when its model reads images; else each image as one
    relay call (the prompt, the image priced by the relay's route, the longest description) plus
    that description in the agent's request; with neither, the text alone (the images are not
    sent). Unknown agent: priced with no route."""
    try:
        template: Template | None = config.template(config.agent(agent_id).template)
    except KeyError:
        template = None
    if template is None or template.reads_images:
        return estimate(messages, template, system=system, tools=tools)
    images = [img for m in messages for img in m.attachments]
    text_only = [replace(m, attachments=[]) if m.attachments else m for m in messages]
    cost = estimate(text_only, template, system=system, tools=tools)
    relay = relay_template(config, agent_id)
    if relay is None:
        return cost
    for image in images:
        asked = asking(image, config.village.language)
        cost += estimate([asked], relay, reply_tokens=RELAY_MAX_TOKENS) + RELAY_MAX_TOKENS
    return cost


def asking(image: ImageData, language: str) -> ChatMessage:
    """The relay's one message: the prompt in the village language, with the image."""
    return ChatMessage(role=Role.USER, text=note("relay_prompt", language), attachments=[image])


class VisionRelay:
    """The village's relay over its caption store (None: no cache) and its backend factory.

    ``for_turn`` is what the village calls as a turn starts (``Village.relay_for``); ``on_call`` is
    told of every description asked (a watch's budget: ``RelayCall.turn_id`` names the turn; it may
    return an awaitable, e.g. ``asyncio.to_thread(budget.record, …)``, awaited before the result
    goes on). A description the store had is no call and is not told."""

    def __init__(
        self,
        captions: CaptionStore | None,
        backend_factory: BackendFactory,
        *,
        on_call: OnCall | None = None,
    ) -> None:
        self.captions = captions
        self.backend_factory = backend_factory
        self.on_call = on_call
        self._asked: dict[tuple[str, str, str], asyncio.Task[str | None]] = {}

    def for_turn(self, config: Config, agent_id: str, turn_id: str) -> TurnRelay | None:
        """The relay for one turn of ``agent_id`` (None: the village has none for it)."""
        template = relay_template(config, agent_id)
        if template is None:
            return None
        return TurnRelay(self, template, agent_id, turn_id, config.village.language)

    async def describe(self, relay: TurnRelay, image: ImageData) -> str | None:
        """The description of ``image`` (from the cache, or asked once), None when it failed."""
        key = (image.sha256, relay.language, relay.template.name)
        task = self._asked.get(key)
        if task is None:
            task = asyncio.ensure_future(self._describe(relay, image, key))
            self._asked[key] = task
            task.add_done_callback(lambda _t: self._asked.pop(key, None))
        return await asyncio.shield(task)

    async def _describe(self, relay: TurnRelay, image: ImageData, key: tuple[str, str, str]) -> str | None:
        started = time.monotonic()
        sha, language, name = key
        cached = await self._cached(*key)
        if cached is not None:
            self._log(relay, sha, cached=True, started=started, tokens=0)
            return cached
        request = ChatRequest(
            model=relay.template.model,
            system="",
            messages=[asking(image, language)],
            tools=[],
            max_tokens=min(RELAY_MAX_TOKENS, relay.template.max_output_tokens or RELAY_MAX_TOKENS),
        )
        try:
            backend = self.backend_factory(relay.template)
            response = await complete_redacted(backend, request)
        except ProviderError as exc:
            self._log(relay, sha, cached=False, started=started, tokens=0, error=exc.code)
            return None
        text = response.message.text.strip()
        priced = estimate(request.messages, relay.template, reply_tokens=estimate_tokens(text))
        tokens = usage_tokens(response.usage) or priced
        ms = self._log(relay, sha, cached=False, started=started, tokens=tokens)
        await self._tell(RelayCall(relay.agent_id, relay.turn_id, name, sha, tokens, ms))
        if not text:
            return None
        if self.captions is not None:
            # not kept: asked again next time; this turn has it
            with contextlib.suppress(StoreError, sqlite3.Error):
                await asyncio.to_thread(self.captions.save_relay_caption, sha, language, name, text)
        return text

    async def _tell(self, call: RelayCall) -> None:
        """``on_call``, whose failure is logged and never reaches the turn."""
        if self.on_call is None:
            return
        try:
            told = self.on_call(call)
            if told is not None:
                await told  # e.g. the budget's record in a worker thread
        except Exception as exc:
            log_event("event subscriber failed", kind="RelayCall", error=type(exc).__name__)

    async def _cached(self, sha: str, language: str, template: str) -> str | None:
        if self.captions is None:
            return None
        try:
            return await asyncio.to_thread(self.captions.relay_caption, sha, language, template)
        except (StoreError, sqlite3.Error):  # the store's reads raise sqlite3's own errors
            return None

    @staticmethod
    def _log(
        relay: TurnRelay, sha: str, *, cached: bool, started: float, tokens: int, error: str = ""
    ) -> int:
        ms = int((time.monotonic() - started) * 1000)
        fields: dict[str, object] = {
            "agent": relay.agent_id,
            "sha": sha[:SHA_SHOWN],
            "cached": "yes" if cached else "no",
            "ms": ms,
            "tokens": tokens,
        }
        if error:
            fields["error"] = error
        log_event("tool image relay", None, **fields)
        return ms


@dataclass(frozen=True)
class TurnRelay:
    """The relay bound to one turn (``core.tool_calls.ImageRelay``)."""

    relay: VisionRelay
    template: Template
    agent_id: str
    turn_id: str
    language: str

    async def relayed(self, text: str, images: Sequence[ImageData], tool: str) -> str | None:
        """``text`` with each image's description (one call per image, in order), or None when no
        image could be described (the caller keeps the "not sent" note)."""
        found = [await self.relay.describe(self, image) for image in images]
        if all(d is None for d in found):
            return None
        count = len(images)
        for index, description in enumerate(found, 1):
            if description is None:
                sentence = note("relay_no_description", self.language, count=count, index=index, tool=tool)
            else:
                sentence = note(
                    "relay_description", self.language, count=count, index=index, tool=tool, text=description
                )
            text = f"{text}\n{sentence}" if text else sentence
        return text
