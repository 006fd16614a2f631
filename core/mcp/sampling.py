"""MCP sampling: a server asks the agent's model (``sampling/createMessage``).

The client declares the ``sampling`` capability only for a server whose settings say
``"sampling": true``. Each request then goes through ``Sampling.handle``:

1. its messages become canonical ``ChatMessage`` objects (text and images; any other content is
   refused);
2. the server's budget is checked (``sampling_max_tokens`` per request, ``sampling_per_hour``
   requests in any hour): a request over it is refused without asking anyone;
3. the person approves or denies it (``approve``: ``SamplingApprovals.ask`` in the app, which
   shows a card; a stub in tests). A request shown to the person counts against the hour's
   budget whatever the answer, so a server cannot flood the person with cards;
4. on approval the messages go to the agent's model through ``core.llm.complete_redacted`` (no
   tools), and the server gets the model's text and model name.

Every refusal reaches the server as an MCP error (``ErrorData``) whose message, from the
``core/notes.py`` catalogs, says why.

Line written: ``mcp sampling: agent= server= outcome=approved|denied|refused|failed reason=
messages= images= max_tokens= [reply_chars=] ms=`` (counts and sizes only, never the content).
"""

from __future__ import annotations

import base64
import binascii
import time
from collections import deque
from collections.abc import Awaitable, Callable
from contextlib import AbstractContextManager
from typing import Any, Protocol

import mcp_types
from mcp.client.session import ClientRequestContext, SamplingFnT

from core import notes
from core.canonical import ChatMessage, ChatRequest, ImageData, Role
from core.config import McpServer
from core.events import SampledMessage, SamplingAsked
from core.llm import ModelBackend, ProviderError, complete_redacted
from core.log import LOG
from core.tool_image import normalize_async

HOUR_S = 3600.0
USER_REJECTED = -1  # the spec's example code for a request the user rejected

Approver = Callable[[SamplingAsked], Awaitable[bool]]
ModelFor = Callable[[str], ModelBackend | None]
SamplingResult = mcp_types.CreateMessageResult | mcp_types.ErrorData
_STOP = {"end_turn": "endTurn", "max_tokens": "maxTokens"}


class Refused(Exception):
    """A request that is not sent to the model: ``reason`` for the log, ``code`` for the server."""

    def __init__(self, reason: str, message: str, code: int = mcp_types.INVALID_REQUEST) -> None:
        super().__init__(message)
        self.reason = reason
        self.code = code


class Budget:
    """Requests per server within the last hour (``clock`` is injectable for tests)."""

    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        self.clock = clock
        self._times: dict[tuple[str, str], deque[float]] = {}

    def used(self, agent_id: str, server: str) -> int:
        times = self._times.setdefault((agent_id, server), deque())
        while times and times[0] <= self.clock() - HOUR_S:
            times.popleft()
        return len(times)

    def spend(self, agent_id: str, server: str) -> None:
        self._times.setdefault((agent_id, server), deque()).append(self.clock())


def _blocks(message: mcp_types.SamplingMessage) -> list[Any]:
    content = message.content
    return list(content) if isinstance(content, list) else [content]


async def to_chat(messages: list[mcp_types.SamplingMessage], language: str) -> list[ChatMessage]:
    """The request's messages as canonical ones; ``Refused`` for content other than text and images."""
    out: list[ChatMessage] = []
    for message in messages:
        texts: list[str] = []
        images: list[ImageData] = []
        for block in _blocks(message):
            if isinstance(block, mcp_types.TextContent):
                texts.append(block.text)
            elif isinstance(block, mcp_types.ImageContent):
                images.append(await _image(block, language))
            else:
                kind = str(getattr(block, "type", type(block).__name__))
                raise Refused("unsupported", notes.note("sampling.unsupported", language, kind=kind))
        role = Role.ASSISTANT if message.role == "assistant" else Role.USER
        out.append(ChatMessage(role, "\n".join(texts), attachments=images))
    return out


async def _image(block: mcp_types.ImageContent, language: str) -> ImageData:
    try:
        data = base64.b64decode(block.data, validate=True)
    except (binascii.Error, ValueError):
        data = b""
    image = await normalize_async(data) if data else None
    if not isinstance(image, ImageData):
        raise Refused("unsupported", notes.note("sampling.unsupported", language, kind="unreadable image"))
    return image


def shown(messages: list[ChatMessage]) -> tuple[SampledMessage, ...]:
    return tuple(SampledMessage(m.role.value, m.text, len(m.attachments)) for m in messages)


class Sampling:
    """The sampling requests of every agent's servers: budget, approval, the agent's model."""

    def __init__(
        self,
        approve: Approver,
        model_for: ModelFor,
        *,
        language: Callable[[], str] = lambda: "en",
        new_id: Callable[[], str] | None = None,
        budget: Budget | None = None,
    ) -> None:
        self.approve = approve
        self.model_for = model_for
        self.language = language
        self.budget = budget or Budget()
        self._ids = 0
        self._new_id = new_id

    def _id(self) -> str:
        if self._new_id is not None:
            return self._new_id()
        self._ids += 1
        return f"s-{self._ids}"

    def _check_hour(self, agent_id: str, server: McpServer, language: str) -> None:
        if self.budget.used(agent_id, server.name) >= server.sampling_per_hour:
            raise Refused(
                "per_hour", notes.note("sampling.per_hour", language, limit=server.sampling_per_hour)
            )

    async def handle(
        self, agent_id: str, server: McpServer, params: mcp_types.CreateMessageRequestParams
    ) -> SamplingResult:
        """The reply for the server: the model's message, or an ``ErrorData`` saying why not."""
        started = time.monotonic()
        counts: dict[str, object] = {
            "messages": len(params.messages),
            "images": 0,
            "max_tokens": params.max_tokens,
        }
        try:
            result = await self._handle(agent_id, server, params, counts)
        except Refused as exc:
            _log(
                agent_id,
                server.name,
                {"outcome": _outcome(exc.reason), "reason": exc.reason},
                counts,
                started,
            )
            return mcp_types.ErrorData(code=exc.code, message=str(exc))
        reply = {"reply_chars": sum(len(b.text) for b in _text_blocks(result))}
        _log(agent_id, server.name, {"outcome": "approved"}, counts | reply, started)
        return result

    async def _handle(
        self,
        agent_id: str,
        server: McpServer,
        params: mcp_types.CreateMessageRequestParams,
        counts: dict[str, object],
    ) -> mcp_types.CreateMessageResult:
        language = self.language()
        if params.max_tokens > server.sampling_max_tokens:
            raise Refused(
                "max_tokens",
                notes.note(
                    "sampling.too_many_tokens",
                    language,
                    asked=params.max_tokens,
                    limit=server.sampling_max_tokens,
                ),
            )
        self._check_hour(agent_id, server, language)  # before any image is decoded
        messages = await to_chat(params.messages, language)
        counts["images"] = sum(len(m.attachments) for m in messages)
        backend = self.model_for(agent_id)
        if backend is None:
            raise Refused("no_model", notes.note("sampling.no_model", language), mcp_types.INTERNAL_ERROR)
        # checked again and spent with no await between: concurrent requests cannot overrun the hour
        self._check_hour(agent_id, server, language)
        asked = SamplingAsked(
            agent_id, server.name, self._id(), shown(messages), params.system_prompt or "", params.max_tokens
        )
        self.budget.spend(agent_id, server.name)
        if not await self.approve(asked):
            raise Refused("denied", notes.note("sampling.denied", language), USER_REJECTED)
        request = ChatRequest(backend.model, params.system_prompt or "", messages, [], params.max_tokens)
        try:
            response = await complete_redacted(backend, request)
        except ProviderError as exc:
            raise Refused(
                "model_failed",
                notes.note("sampling.failed", language, error=str(exc) or type(exc).__name__),
                mcp_types.INTERNAL_ERROR,
            ) from exc
        return mcp_types.CreateMessageResult(
            role="assistant",
            content=mcp_types.TextContent(type="text", text=response.message.text),
            model=backend.model,
            stop_reason=_STOP.get(response.stop_reason, response.stop_reason),
        )


def _log(
    agent_id: str, server: str, outcome: dict[str, object], counts: dict[str, object], started: float
) -> None:
    ms = round((time.monotonic() - started) * 1000)
    LOG.event("mcp sampling", None, agent=agent_id, server=server, **outcome, **counts, ms=ms)


def _outcome(reason: str) -> str:
    return {"denied": "denied", "model_failed": "failed"}.get(reason, "refused")


def _text_blocks(result: mcp_types.CreateMessageResult) -> list[mcp_types.TextContent]:
    content = result.content
    blocks = content if isinstance(content, list) else [content]
    return [b for b in blocks if isinstance(b, mcp_types.TextContent)]


class SamplingSide(Protocol):
    """The part of ``core.mcp.connection.Connection`` the sampling callback uses."""

    agent_id: str
    server: McpServer

    @property
    def owner(self) -> Any: ...  # ``ConnectionOwner``: its ``sampling``

    def person_waiting(self) -> AbstractContextManager[None]: ...


def sampling_callback(conn: SamplingSide) -> SamplingFnT | None:
    """The connection's ``sampling/createMessage`` handler; ``None`` (the capability is not
    declared) when the app has no ``Sampling`` (headless)."""
    sampling: Sampling | None = conn.owner.sampling
    if sampling is None:
        return None

    async def answer(
        context: ClientRequestContext, params: mcp_types.CreateMessageRequestParams
    ) -> SamplingResult:
        with conn.person_waiting():  # the call clock stands still for the person and the model
            return await sampling.handle(conn.agent_id, conn.server, params)

    return answer
