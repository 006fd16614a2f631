"""The HTTP side: a stdlib ``ThreadingHTTPServer`` on 127.0.0.1 in a background thread."""

from __future__ import annotations

import dataclasses
import json
import threading
import time
from collections import deque
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

from tests.fakes.providers.caching import PromptCache
from tests.fakes.providers.models import models_body, models_route
from tests.fakes.providers.protocols import FAMILIES, Family, Invalid
from tests.fakes.providers.script import Reply, Scenario


@dataclass
class Received:
    """One request as the server saw it (headers lower-cased)."""

    path: str
    headers: dict[str, str]
    body: dict[str, Any]
    status: int = 0  # what the server answered
    error: str = ""  # the 400 message when validation failed
    cache: tuple[int, int, int] | None = None  # the usage it reported: (input, cache_read, cache_write)


@dataclass
class FakeProvider:
    """A fake provider for one wire name (``anthropic``, ``openai-compat``, ``gemini``, ``*-responses``).

    ``key`` None accepts any auth; otherwise a wrong/missing key answers 401. ``reject_webp`` /
    ``reject_images`` make the endpoint refuse WebP / any image with 400. ``thought_signatures``
    (openai-compat only) behaves like Gemini's OpenAI endpoint. ``cache_min_tokens``: the
    shortest prefix its prompt cache keeps (``caching.py``; 1024 like Claude Sonnet and OpenAI).
    """

    protocol: str
    key: str | None = None
    scenario: Scenario = field(default_factory=Scenario)
    reject_webp: bool = False
    reject_images: bool = False
    thought_signatures: bool = False
    host: str = "127.0.0.1"
    port: int = 0
    models: list[str] = field(default_factory=lambda: ["fake-large", "fake-small"])  # GET …/models
    models_reply: Reply | None = None  # an error status: GET …/models answers it (the script is for POSTs)
    cache_min_tokens: int = 1024
    requests: list[Received] = field(default_factory=list)

    def __post_init__(self) -> None:
        cls, flavour = FAMILIES[self.protocol]
        self.family: Family = cls(flavour)
        if self.thought_signatures:
            self.family.thought_signatures = True  # type: ignore[attr-defined]
        self.cache = PromptCache(self.family.name, self.cache_min_tokens)
        self._queue: deque[Reply] = deque()
        self._lock = threading.Lock()
        self._server: ThreadingHTTPServer | None = None
        self._thread: threading.Thread | None = None

    # ---- lifecycle
    def start(self) -> FakeProvider:
        provider = self

        class Handler(_Handler):
            fake = provider

        self._server = ThreadingHTTPServer((self.host, self.port), Handler)
        self._server.daemon_threads = True
        self.port = self._server.server_address[1]
        self._thread = threading.Thread(
            target=self._server.serve_forever, args=(0.02,), name=f"fake-{self.protocol}", daemon=True
        )
        self._thread.start()
        return self

    def stop(self) -> None:
        if self._server is not None:
            self._server.shutdown()
            self._server.server_close()
            self._server = None

    def __enter__(self) -> FakeProvider:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()

    @property
    def url(self) -> str:
        """The base URL to put in a template (``…/v1``, or ``…/v1beta`` for Gemini)."""
        return f"http://{self.host}:{self.port}{self.family.base_path}"

    # ---- scripting
    def script(self, *replies: Reply) -> FakeProvider:
        with self._lock:
            self._queue.extend(replies)
        return self

    def _next(self, body: dict[str, Any]) -> Reply:
        with self._lock:
            if self._queue:
                return self._queue.popleft()
        return self.scenario.reply(self.family.after_tool_result(body))


class _Handler(BaseHTTPRequestHandler):
    fake: FakeProvider
    protocol_version = "HTTP/1.0"  # one request per connection; a stream ends when the socket closes

    def log_message(self, format: str, *args: Any) -> None:  # quiet
        return

    def do_GET(self) -> None:
        """The model list (``tests/fakes/providers/models.py``)."""
        fake = self.fake
        headers = {k.lower(): v for k, v in self.headers.items()}
        record = Received(self.path, headers, {})
        with fake._lock:
            fake.requests.append(record)
        family = fake.family
        if not models_route(family.name, family.flavour, self.path):
            record.status = 404
            self._json(404, {"error": {"message": f"no route {self.path}"}})
            return
        if not family.authorized(self.path, headers, fake.key):
            record.status = 401
            self._json(401, family.error_body(Reply.error(401, None, "invalid x-api-key / API key")))
            return
        reply = fake.models_reply
        if reply is not None and reply.status != 200:
            record.status = reply.status
            self._json(reply.status, family.error_body(reply))
            return
        record.status = 200
        self._json(200, models_body(family.name, fake.models))

    def do_POST(self) -> None:
        fake = self.fake
        length = int(self.headers.get("content-length") or 0)
        raw = self.rfile.read(length)
        headers = {k.lower(): v for k, v in self.headers.items()}
        try:
            body = json.loads(raw or b"{}")
        except ValueError:
            body = {}
        record = Received(self.path, headers, body)
        with fake._lock:
            fake.requests.append(record)
        family = fake.family
        if not family.matches(self.path):
            record.status = 404
            self._json(404, {"error": {"message": f"no route {self.path}"}})
            return
        if not family.authorized(self.path, headers, fake.key):
            record.status = 401
            self._json(401, family.error_body(Reply.error(401, None, "invalid x-api-key / API key")))
            return
        try:
            with fake._lock:
                family.validate(body, fake.reject_webp, fake.reject_images)
        except Invalid as exc:
            record.status, record.error = 400, str(exc)
            self._json(400, family.error_body(Reply.error(400, None, str(exc))))
            return
        reply = fake._next(body)
        if reply.echo_headers:
            echoed = json.dumps(headers, sort_keys=True)
            reply = dataclasses.replace(reply, text=echoed, error_message=echoed)
        if reply.delay_s:
            time.sleep(reply.delay_s)
        record.status = reply.status
        if reply.status != 200:
            extra = {"retry-after": reply.retry_after} if reply.retry_after else {}
            self._json(reply.status, family.error_body(reply), extra, reply.trickle_s)
            return
        model = str(body.get("model") or self.path.split("/models/")[-1].split(":")[0])
        stream = family.wants_stream(self.path, body)
        with fake._lock:
            if reply.input_tokens is None:
                uncached, read, written = fake.cache.account(body)
                reply = dataclasses.replace(
                    reply, input_tokens=uncached, cache_read=read, cache_write=written
                )
            record.cache = (reply.uncached, reply.cache_read, reply.cache_write)
            if stream:
                events = reply.events if reply.events is not None else family.events(reply, model)
            else:
                payload = reply.body if reply.body is not None else family.render(reply, model)
        if not stream:
            self._json(200, payload, None, reply.trickle_s)
            return
        self.send_response(200)
        self.send_header("content-type", "text/event-stream")
        self.send_header("cache-control", "no-cache")
        self.end_headers()
        for n, (name, data) in enumerate(events):
            if reply.cut_after is not None and n >= reply.cut_after:
                break
            frame = (f"event: {name}\n" if name else "") + f"data: {data}\n\n"
            if not self._write(frame.encode("utf-8"), reply.trickle_s):
                return
            if reply.event_delay_s:
                time.sleep(reply.event_delay_s)
        self.close_connection = True

    def _write(self, data: bytes, trickle_s: float = 0.0) -> bool:
        """Send ``data`` (one byte at a time, ``trickle_s`` apart, when trickling); False once the
        client has gone."""
        chunks = [data[i : i + 1] for i in range(len(data))] if trickle_s else [data]
        for n, chunk in enumerate(chunks):
            if n and trickle_s:
                time.sleep(trickle_s)
            try:
                self.wfile.write(chunk)
                self.wfile.flush()
            except OSError:
                return False
        return True

    def _json(
        self, status: int, body: Any, headers: dict[str, str] | None = None, trickle_s: float = 0.0
    ) -> None:
        data = json.dumps(body).encode("utf-8")
        self.send_response(status)
        self.send_header("content-type", "application/json")
        self.send_header("content-length", str(len(data)))
        for k, v in (headers or {}).items():
            self.send_header(k, v)
        self.end_headers()
        self._write(data, trickle_s)
