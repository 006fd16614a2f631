"""The web companion (issue 16): the village's chat, watches and timeline in a browser.

asyncio, no Qt: it may import ``core``, never ``app`` (``app`` starts it). ``web.server`` serves
the Starlette app in ``web.routes`` on the app's own event loop; ``web.guard`` is the
authentication, rate limit, Host and Origin checks in front of every route; ``web.media`` the
tool-media endpoint; ``web.api`` the JSON API; ``web.feed`` the numbered, resumable event stream;
``web.shape`` the values as JSON (image references, never bytes); ``web/page/`` the page itself
(plain HTML, CSS and JavaScript: no build step).
"""
