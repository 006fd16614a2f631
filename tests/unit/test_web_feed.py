"""The companion's event feed (web/feed.py, WC-10, WC-11): numbered frames in a bounded ring; a
client resumes after the last id it saw, and is reset when that id is of another run or has left
the ring."""

from __future__ import annotations

import asyncio
import json
from collections.abc import AsyncIterator

import pytest

from core.canonical import ImageData
from core.events import EventBus, Notice, ToolFinished
from web.feed import EventFeed


def notice(i: int) -> Notice:
    return Notice(None, "info", f"n{i}")


async def take(stream: AsyncIterator[str], count: int) -> list[tuple[str, str, dict[str, object]]]:
    """``count`` frames of ``stream`` as (id, event, data), the retry line and pings left out."""
    out: list[tuple[str, str, dict[str, object]]] = []
    async with asyncio.timeout(5):
        while len(out) < count:
            chunk = await anext(stream)
            for block in chunk.split("\n\n"):
                fields = dict(line.split(": ", 1) for line in block.splitlines() if ": " in line)
                if "event" in fields:
                    out.append((fields["id"], fields["event"], json.loads(fields["data"])))
    return out


@pytest.mark.asyncio
async def test_a_client_resumes_after_the_last_id_it_saw() -> None:
    bus = EventBus()
    feed = EventFeed(bus, size=10)
    live = feed.stream(None)
    for i in range(3):
        bus.publish(notice(i))
    seen = await take(live, 3)
    assert [d["text"] for _, _, d in seen] == ["n0", "n1", "n2"]
    assert [i for i, _, _ in seen] == [f"{feed.run}-1", f"{feed.run}-2", f"{feed.run}-3"]
    for i in range(3, 6):
        bus.publish(notice(i))  # while the client is away
    again = await take(feed.stream(seen[1][0]), 4)
    assert [d["text"] for _, _, d in again] == ["n2", "n3", "n4", "n5"]
    assert [e for _, e, _ in again] == ["Notice"] * 4
    feed.close()


@pytest.mark.asyncio
async def test_an_id_of_another_run_or_one_that_left_the_ring_resets_the_client() -> None:
    bus = EventBus()
    feed = EventFeed(bus, size=4)
    for i in range(10):
        bus.publish(notice(i))
    for last in ("0000-8", f"{feed.run}-2", f"{feed.run}-99", "garbage"):  # another run's; off the ring
        got = await take(feed.stream(last), 5)
        assert got[0][1] == "reset", last
        assert got[0][0] == f"{feed.run}-6"  # resuming from the reset's id is in the ring
        assert [d["text"] for _, _, d in got[1:]] == ["n6", "n7", "n8", "n9"]
    assert len(feed._ring) == 4  # bounded, whatever the clients
    feed.close()


@pytest.mark.asyncio
async def test_a_client_that_falls_behind_the_ring_is_reset() -> None:
    bus = EventBus()
    feed = EventFeed(bus, size=3)
    stream = feed.stream(None)
    bus.publish(notice(0))
    assert [d["text"] for _, _, d in await take(stream, 1)] == ["n0"]
    for i in range(1, 8):
        bus.publish(notice(i))
    got = await take(stream, 4)
    assert got[0][1] == "reset" and [d["text"] for _, _, d in got[1:]] == ["n5", "n6", "n7"]
    feed.close()


@pytest.mark.asyncio
async def test_images_travel_as_references_and_close_ends_every_stream() -> None:
    bus = EventBus()
    feed = EventFeed(bus)
    stream = feed.stream(None)
    image = ImageData("image/jpeg", b"\xff\xd8\xff" + b"x" * 5000, 4, 3)
    bus.publish(ToolFinished("eye", "t1", "c1", 1, "cam__look", True, 5, "frame", "", (image,)))
    [(_, kind, data)] = await take(stream, 1)
    assert kind == "ToolFinished"
    assert data["images"] == [
        {
            "src": f"/tool-media/{image.sha256}.jpg",
            "type": "image/jpeg",
            "width": 4,
            "height": 3,
            "size": 5003,
        }
    ]
    feed.close()
    with pytest.raises(StopAsyncIteration):
        async with asyncio.timeout(2):
            await anext(stream)
    bus.publish(notice(1))  # no longer subscribed
    assert feed.newest == 1


@pytest.mark.asyncio
async def test_a_long_text_is_cut_in_the_stream_so_the_ring_stays_small() -> None:
    bus = EventBus()
    feed = EventFeed(bus, size=100)
    stream = feed.stream(None)
    for _ in range(100):
        bus.publish(ToolFinished("eye", "t1", "c1", 1, "reader__read", True, 5, "x" * 1_000_000, ""))
    got = await take(stream, 100)
    data = got[-1][2]
    assert len(got) == 100 and len(str(data["body"])) == 8000 and data["cut"] == ["body"]
    assert sum(len(f.text) for f in feed._ring) < 1_000_000  # not 100 MB
    feed.close()
