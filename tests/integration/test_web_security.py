"""The web companion's security rules against a real server on 127.0.0.1 (issue 16: WC-2 … WC-7,
S03-3): the token on every route, the rate limit, the media name and file checks, the body
limits, Host and Origin, no change on GET, the token in no log line."""

from __future__ import annotations

import hashlib
import os
from pathlib import Path

import httpx
import pytest

from tests.fakes.images import flat_png, jpeg
from tests.fakes.logs import log_lines
from tests.fakes.scripted import ScriptedBackend
from tests.fakes.web import TOKEN, Served, get_head, raw_request, served
from web.server import WebSettings

# every route, with a value for each parameter (the page's three files are the only public ones)
ROUTES = [
    ("GET", "/api/village"),
    ("GET", "/api/agents/eye/conversations"),
    ("POST", "/api/agents/eye/messages"),
    ("GET", "/api/conversations/c1/messages"),
    ("POST", "/api/turns/t1/stop"),
    ("GET", "/api/watches"),
    ("GET", "/api/watches/w1"),
    ("POST", "/api/watches/w1/pause"),
    ("GET", "/api/timeline"),
    ("GET", "/api/events/1/keyframe"),
    ("GET", "/api/stream"),
    ("GET", "/tool-media/" + "a" * 64 + ".png"),
    ("GET", "/no-such-route"),
]


def backend() -> ScriptedBackend:
    return ScriptedBackend.looping("anthropic", "claude-x", ["ok"])


def cache_file(s: Served, data: bytes, ext: str, name: str | None = None) -> str:
    s.media_dir.mkdir(parents=True, exist_ok=True)
    name = name or f"{hashlib.sha256(data).hexdigest()}.{ext}"
    (s.media_dir / name).write_bytes(data)
    return name


@pytest.mark.asyncio
async def test_every_route_without_the_token_or_with_a_wrong_one_is_401(tmp_path: Path) -> None:
    async with served(tmp_path, backend(), settings=WebSettings(max_failures=1000)) as s:
        name = cache_file(s, jpeg(8, 8), "jpg")
        routes = [*ROUTES, ("GET", f"/tool-media/{name}")]
        wrong = [
            {},
            {"Authorization": "Bearer"},
            {"Authorization": "Bearer " + TOKEN[:-1] + "x"},  # one character off, same length
            {"Authorization": "Bearer " + TOKEN + "x"},
            {"Authorization": "Basic " + TOKEN},
            {"Authorization": TOKEN},
        ]
        async with httpx.AsyncClient(base_url=s.base) as bare:
            for headers in wrong:
                for method, path in routes:
                    r = await bare.request(method, path, headers=headers)
                    assert r.status_code == 401, (method, path, headers)
                    assert r.headers["www-authenticate"].startswith("Bearer")
                    assert b"\xff\xd8" not in r.content
            for path in ("/", "/app.js", "/app.css", "/icon.svg"):  # web.guard.PUBLIC, data-free
                r = await bare.get(path)
                assert r.status_code == 200 and TOKEN not in r.text
                assert "default-src 'none'" in r.headers["content-security-policy"]
        assert (await s.client.get(f"/tool-media/{name}")).status_code == 200
        assert (await s.client.get("/api/village")).status_code == 200
        assert s.rt.village.running_turns() == []


@pytest.mark.asyncio
async def test_failed_attempts_are_rate_limited_per_client_until_the_window_passes(tmp_path: Path) -> None:
    async with served(tmp_path, backend(), settings=WebSettings(max_failures=3, failure_window_s=60)) as s:
        now = [1000.0]
        s.web.attempts.clock = lambda: now[0]
        async with httpx.AsyncClient(base_url=s.base) as bare:
            for _ in range(3):
                assert (
                    await bare.get("/api/village", headers={"Authorization": "Bearer nope"})
                ).status_code == 401
            limited = await s.client.get("/api/village")  # even the right token, while limited
            assert limited.status_code == 429 and int(limited.headers["retry-after"]) >= 60
            assert (await bare.get("/")).status_code == 429
            now[0] += 61
            assert (await s.client.get("/api/village")).status_code == 200


TRAVERSALS = [
    b"/tool-media/../../../etc/passwd",
    b"/tool-media/..%2f..%2fetc%2fpasswd",
    b"/tool-media/%2e%2e/%2e%2e/etc/passwd",
    b"/tool-media/%2e%2e%2f" + b"a" * 64 + b".png",
    b"/tool-media//etc/passwd",
    b"/tool-media/%2fetc%2fpasswd",
    b"/tool-media/..\\..\\etc\\passwd",
    b"/tool-media/..%5c..%5cetc%5cpasswd",
    b"/tool-media/%00",
    b"/tool-media/NAME%00.png",
    b"/tool-media/NAME.png%00",
    b"/tool-media/%NAME",
    b"/tool-media/NAME.png/",
    b"/tool-media/./NAME.png",
    b"/tool-media/sub/../NAME.png",
    b"/tool-media/NAME.png?x=1",  # the reference exactly: no query either
    b"/tool-media/" + b"%61" * 64 + b".png",  # the hex digits percent-encoded
    b"/tool-media/NAME.PNG",
    b"/tool-media/NAME.svg",
    b"/tool-media/NAME",
    b"/tool-media/NAME.png.png",
]


@pytest.mark.asyncio
async def test_media_names_other_than_a_bare_hash_and_raster_extension_are_refused(tmp_path: Path) -> None:
    async with served(tmp_path, backend()) as s:
        name = cache_file(s, jpeg(8, 8), "png")  # a JPEG's bytes under a .png name
        sha = name.partition(".")[0].encode()
        status, answer = await raw_request(s.web.port, get_head(s.web.port, b"/tool-media/" + name.encode()))
        assert status == 200
        head = answer.split(b"\r\n\r\n", 1)[0].lower()
        assert b"content-type: image/jpeg" in head  # from the bytes, not the name
        assert b"x-content-type-options: nosniff" in head
        assert b"cache-control: private, max-age=31536000, immutable" in head
        (tmp_path / "secret.txt").write_text("secret")
        for target in TRAVERSALS:
            target = target.replace(b"NAME", sha)
            status, answer = await raw_request(s.web.port, get_head(s.web.port, target))
            assert status in (400, 404), target
            assert b"\xff\xd8" not in answer and b"root:" not in answer and b"secret" not in answer, target
        upper = "/tool-media/" + name.upper().replace(".PNG", ".png")
        assert (await s.client.get(upper)).status_code == 404


@pytest.mark.asyncio
async def test_only_verified_raster_files_of_the_cache_are_served(tmp_path: Path) -> None:
    async with served(tmp_path, backend()) as s:
        png = flat_png(4, 4)
        good = cache_file(s, png, "png")
        missing = hashlib.sha256(b"not cached").hexdigest() + ".png"
        svg = b'<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'
        svg_named_png = cache_file(s, svg, "png")  # its hash is its name, but it is no raster
        cache_file(s, svg, "svg")
        swapped = cache_file(s, jpeg(4, 4), "jpg", name=hashlib.sha256(b"other").hexdigest() + ".jpg")
        outside = tmp_path / "outside.webp"
        webp = b"RIFF\x1a\x00\x00\x00WEBPVP8L" + b"\x00" * 14
        outside.write_bytes(webp)
        linked = hashlib.sha256(webp).hexdigest() + ".webp"
        os.symlink(outside, s.media_dir / linked)
        os.mkdir(s.media_dir / (hashlib.sha256(b"dir").hexdigest() + ".png"))
        r = await s.client.get(f"/tool-media/{good}")
        assert r.status_code == 200 and r.content == png and r.headers["content-type"] == "image/png"
        for name in (
            missing,
            svg_named_png,
            svg_named_png.replace(".png", ".svg"),
            swapped,
            linked,
            hashlib.sha256(b"dir").hexdigest() + ".png",
        ):
            r = await s.client.get(f"/tool-media/{name}")
            assert r.status_code == 404, name
            assert b"<svg" not in r.content and r.headers["content-type"] == "application/json"


@pytest.mark.asyncio
async def test_oversized_and_slow_bodies_are_refused_and_start_nothing(tmp_path: Path) -> None:
    settings = WebSettings(max_body=1024, body_timeout_s=0.5)
    async with served(tmp_path, backend(), settings=settings) as s:
        big = {"text": "x" * 2000}
        r = await s.client.post("/api/agents/eye/messages", json=big)
        assert r.status_code == 413
        port = s.web.port
        head = (
            b"POST /api/agents/eye/messages HTTP/1.1\r\nHost: 127.0.0.1:%d\r\nAuthorization: Bearer %s\r\n"
            b"Content-Type: application/json" % (port, TOKEN.encode())
        )
        chunk = b'{"text": "' + b"y" * 3000 + b'"}'
        chunked = b"%x\r\n%s\r\n0\r\n\r\n" % (len(chunk), chunk)
        status, _ = await raw_request(port, head + b"\r\nTransfer-Encoding: chunked", chunked)
        assert status == 413  # no Content-Length: counted as it comes
        status, _ = await raw_request(port, head + b"\r\nContent-Length: 20", b'{"text"', pause=1.0)
        assert status == 408
        status, _ = await raw_request(port, head + b"\r\nContent-Length: 9999999")
        assert status == 413  # refused on its declared length, before a byte of it
        form = await s.client.post("/api/agents/eye/messages", data={"text": "hi"})
        assert form.status_code == 415  # a plain HTML form cannot post here
        assert (
            s.rt.village.running_turns() == []
            and (await s.client.get("/api/village")).json()["running"] == []
        )
        assert s.rt.store is not None
        assert all(c.messages == 0 for c in s.rt.store.list_conversations())


@pytest.mark.asyncio
async def test_a_cross_origin_post_or_a_foreign_host_is_refused_and_get_changes_nothing(
    tmp_path: Path,
) -> None:
    gate_backend = ScriptedBackend.looping("anthropic", "claude-x", ["ok"])
    async with served(tmp_path, gate_backend) as s:
        send = "/api/agents/eye/messages"
        for origin in (
            "http://evil.example",
            "null",
            f"http://localhost:{s.web.port + 1}",
            f"https://127.0.0.1:{s.web.port}",
        ):
            r = await s.client.post(send, json={"text": "hi"}, headers={"Origin": origin})
            assert r.status_code == 403, origin
        r = await s.client.post(send, json={"text": "hi"}, headers={"Host": "evil.example"})
        assert r.status_code == 421  # a page of another name rebound to this address
        assert (await s.client.get(send)).status_code == 405
        assert (await s.client.get("/api/turns/t1/stop")).status_code == 405
        assert gate_backend.requests == []
        same = await s.client.post(send, json={"text": "hi"}, headers={"Origin": s.base})
        assert same.status_code == 202
        await s.rt.village.wait_idle()
        assert len(gate_backend.requests) == 1


@pytest.mark.asyncio
async def test_the_token_is_in_no_log_line(tmp_path: Path, event_log: Path) -> None:
    async with served(tmp_path, backend(), settings=WebSettings(max_failures=3)) as s:
        await s.client.get("/api/village")
        await s.client.post("/api/agents/eye/messages", json={"text": "hi"})
        await s.rt.village.wait_idle()
        await s.client.post("/api/agents/eye/messages", json={"text": "hi"}, headers={"Origin": "http://x"})
        async with httpx.AsyncClient(base_url=s.base) as bare:
            await bare.get(f"/api/{TOKEN}", headers={"Authorization": "Bearer " + TOKEN[:-2]})
            for _ in range(3):
                await bare.get("/api/village", headers={"Authorization": "Bearer wrong-token"})
    lines = log_lines(event_log)
    assert [x for x in lines if TOKEN in x or TOKEN[:-2] in x] == []
    kinds = [x.split(" ", 2)[:2] for x in lines if x.startswith("web")]
    assert ["web:", "action=started"] in kinds and ["web", "refused:"] in kinds
    assert any("reason=origin" in x for x in lines) and any("reason=limited" in x for x in lines)
