"""The JSON API over the real village, its store and its watches (WC-8, WC-9, WC-12, WC-16).

Reads go to the store in a worker thread (its connection is shared under a lock), never blocking
the loop the desktop window runs on; changes (send, stop, pause, a watch's pause, resume, stop)
are POSTs only: no GET changes anything (WC-5). A POST's body is JSON (``Content-Type:
application/json``: a plain HTML form cannot send it), at most ``max_body`` bytes (413) and read
within ``body_timeout_s`` (408). Every conversation, turn and watch is looked up in this village:
another village's id is 404 like an unknown one.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import AsyncIterator, Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from starlette.requests import Request
from starlette.responses import JSONResponse, Response, StreamingResponse
from starlette.routing import BaseRoute, Route

from core.conversations import Conversations
from core.elicitation import InvalidContent
from core.log import event
from core.notes import note
from core.village import Village
from core.watch.ports import WatchesLike
from web.feed import EventFeed
from web.media import image_response, not_found, serve_media
from web.shape import camera_event_json, conversation_json, message_json, plain, watch_json

WATCH_ACTIONS = ("pause", "resume", "stop")
# the page's words in each village language (WC-18): sent with the village, so the page that
# signed in shows the village's language from its first screen
TEXTS: dict[str, dict[str, str]] = json.loads(Path(__file__).with_name("texts.json").read_text("utf-8"))
MAX_TEXT = 32_000  # characters of one message sent from the page


class BadRequest(Exception):
    def __init__(self, status: int, reason: str) -> None:
        super().__init__(reason)
        self.status = status
        self.reason = reason


def error(status: int, reason: str) -> JSONResponse:
    return JSONResponse({"error": reason}, status, headers={"Cache-Control": "no-store"})


def ok(body: Any, status: int = 200) -> JSONResponse:
    return JSONResponse(body, status, headers={"Cache-Control": "no-store"})


async def read_json(request: Request, limit: int, timeout_s: float) -> dict[str, Any]:
    """The body of a POST as a JSON object; ``BadRequest`` 413, 408, 415 or 400."""
    if request.headers.get("content-type", "").split(";")[0].strip().lower() != "application/json":
        raise BadRequest(415, "json_only")
    declared = request.headers.get("content-length")
    if declared is not None and (not declared.isdigit() or int(declared) > limit):
        raise BadRequest(413, "too_large")
    body = bytearray()
    try:
        async with asyncio.timeout(timeout_s):
            async for chunk in request.stream():
                body += chunk
                if len(body) > limit:
                    raise BadRequest(413, "too_large")
    except TimeoutError:
        raise BadRequest(408, "too_slow") from None
    try:
        data = json.loads(body or b"{}")
    except ValueError:
        raise BadRequest(400, "bad_json") from None
    if not isinstance(data, dict):
        raise BadRequest(400, "bad_json")
    return data


@dataclass
class Api:
    village: Village
    conversations: Conversations | None
    watches: WatchesLike | None
    feed: EventFeed
    media_dir: Callable[[], Path | None]
    max_body: int = 64 * 1024
    body_timeout_s: float = 10.0

    @property
    def language(self) -> str:
        return self.village.config.village.language

    def _in_cache(self, name: str) -> bool:
        directory = self.media_dir()
        return directory is not None and (directory / name).is_file()

    def _agent(self, request: Request) -> str:
        agent_id = str(request.path_params["agent_id"])
        if agent_id not in {a.id for a in self.village.config.agents}:
            raise BadRequest(404, "no_agent")
        return agent_id

    # ------------------------------------------------------------------ reads
    async def village_info(self, request: Request) -> Response:
        cfg = self.village.config
        return ok(
            {
                "id": cfg.village.id,
                "language": self.language,
                "agents": [plain(s) for s in self.village.statuses()],
                "running": [
                    {"turn_id": h.turn_id, "agent_id": h.agent_id} for h in self.village.running_turns()
                ],
                "watches": self.watches is not None,
                "texts": page_texts(self.language),
            }
        )

    async def conversations_of(self, request: Request) -> Response:
        agent_id = self._agent(request)
        if self.conversations is None:
            return ok({"current": "", "conversations": []})
        convs = self.conversations
        current = await asyncio.to_thread(convs.current, agent_id)
        found = await asyncio.to_thread(convs.of, agent_id)
        return ok({"current": current, "conversations": [conversation_json(c) for c in found]})

    async def messages(self, request: Request) -> Response:
        cid = str(request.path_params["conversation_id"])
        if self.conversations is None:
            raise BadRequest(404, "no_conversation")
        store, language = self.conversations.store, self.language
        info = await asyncio.to_thread(store.conversation, cid)
        if info is None or info.village_id != self.conversations.village_id:
            raise BadRequest(404, "no_conversation")
        last = request.query_params.get("last_turns", "")
        if last and not (last.isdigit() and 0 < int(last) <= 10_000):
            raise BadRequest(400, "bad_query")
        rows = await asyncio.to_thread(
            lambda: store.messages(cid, language, last_turns=int(last) if last else None)
        )
        shaped = await asyncio.to_thread(lambda: [message_json(m, self._in_cache, language) for m in rows])
        return ok({"conversation": conversation_json(info), "messages": shaped})

    async def media(self, request: Request) -> Response:
        return await serve_media(
            request.scope.get("raw_path") or b"", request.scope.get("query_string", b""), self.media_dir()
        )

    # ------------------------------------------------------------------ changes
    async def send(self, request: Request) -> Response:
        agent_id = self._agent(request)
        data = await read_json(request, self.max_body, self.body_timeout_s)
        text = data.get("text")
        if not isinstance(text, str) or not text.strip() or len(text) > MAX_TEXT:
            raise BadRequest(400, "bad_text")
        handle = self.village.send(agent_id, text)
        event("web sent", agent=agent_id, turn=handle.turn_id, chars=len(text))
        return ok({"turn_id": handle.turn_id}, 202)

    async def turn_action(self, request: Request) -> Response:
        await read_json(request, self.max_body, self.body_timeout_s)
        turn_id, action = str(request.path_params["turn_id"]), str(request.path_params["action"])
        if action not in ("stop", "pause"):
            raise BadRequest(404, "no_action")
        for handle in self.village.running_turns():
            if handle.turn_id == turn_id:
                handle.stop() if action == "stop" else handle.pause()
                return ok({"turn_id": turn_id, "action": action}, 202)
        raise BadRequest(404, "no_turn")

    # ------------------------------------------------------------------ questions
    async def questions(self, request: Request) -> Response:
        return ok({"questions": [plain(q) for q in self.village.questions.pending()]})

    async def settle(self, request: Request) -> Response:
        """Answer or decline an agent's question (``ask_user_question``); 404 when it is no
        longer open (answered elsewhere, timed out, its turn stopped)."""
        data = await read_json(request, self.max_body, self.body_timeout_s)
        request_id, action = str(request.path_params["request_id"]), str(request.path_params["action"])
        if action == "answer":
            text = data.get("text")
            if not isinstance(text, str) or len(text) > MAX_TEXT:
                raise BadRequest(400, "bad_text")
            settled = self.village.questions.answer(request_id, text)
        elif action == "decline":
            settled = self.village.questions.decline(request_id)
        else:
            raise BadRequest(404, "no_action")
        if not settled:
            raise BadRequest(404, "no_question")
        return ok({"request_id": request_id, "action": action})

    # ------------------------------------------------------------------ MCP forms
    async def forms(self, request: Request) -> Response:
        return ok({"forms": [plain(f) for f in self.village.questions.elicitations.pending()]})

    async def settle_form(self, request: Request) -> Response:
        """Accept (with ``content``: the form's values), decline or cancel an MCP server's form
        (``elicitation/create``, WC-17); content that does not fit the form is 400 with its
        problems and sends nothing; 404 when the form is no longer open."""
        data = await read_json(request, self.max_body, self.body_timeout_s)
        request_id, action = str(request.path_params["request_id"]), str(request.path_params["action"])
        forms = self.village.questions.elicitations
        if action == "accept":
            content = data.get("content")
            if not isinstance(content, dict):
                raise BadRequest(400, "bad_content")
            try:
                settled = forms.answer(request_id, content)
            except InvalidContent as exc:
                return JSONResponse(
                    {"error": "bad_content", "problems": exc.problems},
                    400,
                    headers={"Cache-Control": "no-store"},
                )
        elif action == "decline":
            settled = forms.decline(request_id)
        elif action == "cancel":
            settled = forms.cancel(request_id)
        else:
            raise BadRequest(404, "no_action")
        if not settled:
            raise BadRequest(404, "no_form")
        return ok({"request_id": request_id, "action": action})

    # ------------------------------------------------------------------ watches
    def _watches(self) -> WatchesLike:
        if self.watches is None:
            raise BadRequest(404, "no_watches")
        return self.watches

    async def watch_list(self, request: Request) -> Response:
        return ok({"watches": [watch_json(v) for v in self._watches().views()]})

    async def watch_one(self, request: Request) -> Response:
        view = self._watches().view(str(request.path_params["watch_id"]))
        if view is None:
            raise BadRequest(404, "no_watch")
        return ok(watch_json(view))

    async def watch_action(self, request: Request) -> Response:
        await read_json(request, self.max_body, self.body_timeout_s)
        watches, watch_id = self._watches(), str(request.path_params["watch_id"])
        action = str(request.path_params["action"])
        if action not in WATCH_ACTIONS:
            raise BadRequest(404, "no_action")
        if watches.view(watch_id) is None:
            raise BadRequest(404, "no_watch")
        getattr(watches, action)(watch_id)
        view = watches.view(watch_id)
        return ok(None if view is None else watch_json(view))

    async def timeline(self, request: Request) -> Response:
        q = request.query_params
        try:
            since = float(q["since"]) if "since" in q else None
            until = float(q["until"]) if "until" in q else None
            importance = int(q.get("min_importance", "0"))
            limit = max(1, min(500, int(q.get("limit", "200"))))
        except ValueError:
            raise BadRequest(400, "bad_query") from None
        found = self._watches().events(
            watch_id=q.get("watch") or None,
            agent_id=q.get("agent") or None,
            since=since,
            until=until,
            min_importance=importance,
            text=q.get("text", "")[:200],
            limit=limit,
        )
        return ok({"events": [camera_event_json(e, self._in_cache) for e in found]})

    async def keyframe(self, request: Request) -> Response:
        try:
            event_id = int(str(request.path_params["event_id"]))
        except ValueError:
            return not_found()
        image = self._watches().keyframe(event_id)
        if image is None:
            return not_found()
        return image_response(image.data, image.media_type)

    # ------------------------------------------------------------------ live
    async def stream(self, request: Request) -> Response:
        return StreamingResponse(
            self._answering(self.feed.stream(request.headers.get("last-event-id"))),
            media_type="text/event-stream",
            headers={"Cache-Control": "no-store", "X-Accel-Buffering": "no"},
        )

    async def _answering(self, chunks: AsyncIterator[str]) -> AsyncIterator[str]:
        """A page with its stream open is a front end that answers questions: while it is, an
        agent's question or an MCP server's form waits for it (without one, the tool says no front end
        answers, the form is declined)."""
        detach = self.village.questions.attach_answerer()
        detach_forms = self.village.questions.elicitations.attach_answerer()  # and MCP forms (WC-17)
        try:
            async for chunk in chunks:
                yield chunk
        finally:
            detach_forms()
            detach()

    def routes(self) -> list[BaseRoute]:
        return [
            Route("/tool-media/{name}", guarded(self.media), methods=["GET", "HEAD"]),
            Route("/api/village", guarded(self.village_info), methods=["GET"]),
            Route("/api/agents/{agent_id}/conversations", guarded(self.conversations_of), methods=["GET"]),
            Route("/api/agents/{agent_id}/messages", guarded(self.send), methods=["POST"]),
            Route("/api/conversations/{conversation_id}/messages", guarded(self.messages), methods=["GET"]),
            Route("/api/turns/{turn_id}/{action}", guarded(self.turn_action), methods=["POST"]),
            Route("/api/questions", guarded(self.questions), methods=["GET"]),
            Route("/api/questions/{request_id}/{action}", guarded(self.settle), methods=["POST"]),
            Route("/api/forms", guarded(self.forms), methods=["GET"]),
            Route("/api/forms/{request_id}/{action}", guarded(self.settle_form), methods=["POST"]),
            Route("/api/watches", guarded(self.watch_list), methods=["GET"]),
            Route("/api/watches/{watch_id}", guarded(self.watch_one), methods=["GET"]),
            Route("/api/watches/{watch_id}/{action}", guarded(self.watch_action), methods=["POST"]),
            Route("/api/timeline", guarded(self.timeline), methods=["GET"]),
            Route("/api/events/{event_id}/keyframe", guarded(self.keyframe), methods=["GET"]),
            Route("/api/stream", self.stream, methods=["GET"]),
        ]


def page_texts(language: str) -> dict[str, str]:
    """The page's words in ``language`` (English for one it lacks), with the image-omitted note
    the API's messages carry."""
    return {**TEXTS.get(language, TEXTS["en"]), "image_missing": note("image_omitted", language)}


def guarded(endpoint: Callable[[Request], Any]) -> Callable[[Request], Any]:
    """``endpoint`` with its ``BadRequest`` answered as a JSON error."""

    async def run(request: Request) -> Response:
        try:
            response: Response = await endpoint(request)
        except BadRequest as exc:
            return error(exc.status, exc.reason)
        return response

    return run
