"""Local fake provider servers: one small HTTP server per protocol on 127.0.0.1.

They check request shapes as strictly as the real APIs do for what Fuseforks sends (media types,
base64, tool-call/tool-result pairing, images in a ``role:"tool"`` message on OpenAI-compatible
endpoints, replayed thinking signatures / ``thoughtSignature`` / reasoning items, ``store:false``
item ids) and answer 400 with the provider's own error JSON when a rule is broken. Otherwise they
answer in the provider's real JSON or SSE. Every path and credential form the real API accepts is
answered (``routes.py``: query strings, Anthropic ``Authorization: Bearer``, Gemini ``?key=``, Azure
``api-key`` paths, …), so other clients and the official SDKs can be tested against them too.

In tests::

    from tests.fakes.providers import FakeProvider, Reply, Scenario

    with FakeProvider("anthropic", key="k-test") as fake:
        fake.script(
            Reply.call("live_view", {"cam": "a"}),          # a tool call (with a thinking signature)
            Reply.error(429, retry_after="0"),               # then a rate limit
            Reply.say("I see a cat."),                        # then text
        )
        ...  # point a Template at fake.url (…/v1, or …/v1beta for gemini)
        fake.requests[-1].body                                # what was received, for assertions

Reply options: ``status``/``error_code``/``error_message``, ``retry_after`` (header),
``retry_delay`` (Gemini RetryInfo), ``delay_s`` (slow answer), ``event_delay_s`` (slow stream),
``cut_after=N`` (close the stream after N events), ``reasoning=False`` (no replay state),
``trickle_s`` (one byte at a time), ``body``/``events`` (answer exactly this JSON / these SSE
events: malformed shapes), ``echo_headers`` (the text or error message is the request headers).
Server options: ``key``, ``reject_webp``, ``reject_images``, ``thought_signatures``
(openai-compat like Gemini's OpenAI endpoint), ``cache_min_tokens`` (the shortest prefix its prompt
cache keeps: ``caching.py`` answers cache reads/writes like the real APIs, Anthropic at its
``cache_control`` breakpoints, the others by longest shared prefix; a ``Reply`` that sets
``input_tokens`` reports exactly that, with its ``cache_read``/``cache_write``; what each request
was told is in ``requests[i].cache``), ``models`` (what ``GET {base}/models`` lists, in
each provider's JSON: ``models.py``) and ``models_reply`` (an error it answers instead; the script
is for POSTs only). When the queue is empty the ``Scenario`` answers:
"call ``tool`` with ``args``, then say ``say``" (the tool is called when the last thing in the
request is not a tool result).

From the command line (prints the base URL, then serves until interrupted)::

    python -m tests.fakes.providers --protocol anthropic --port 0
    python -m tests.fakes.providers --protocol openai-compat --port 8089 \\
        --tool nik__live_view_image --args '{"camera": "front"}' --say "I see the front door."
"""

from __future__ import annotations

from tests.fakes.providers.script import Reply, Scenario
from tests.fakes.providers.server import FakeProvider, Received
from wires import WIRE_NAMES

PROTOCOLS = WIRE_NAMES  # every wire has its fake

__all__ = ["PROTOCOLS", "FakeProvider", "Received", "Reply", "Scenario"]
