"""Scripted scenes of the camera simulator (``--scene``, issue 15): a static view with sensor noise,
one event at a given frame, then static again (WA-7). No MCP, no Qt: testable alone.

A garden at dusk: sky, lawn, a bird feeder on the left, a house on the right. Every frame carries
sensor noise (each pixel's grey level moved by up to ``noise`` levels) and a small exposure flicker
(±2 levels over the whole frame), drawn from a generator seeded by the scene's seed and the frame
number, so frame ``seq`` is the same JPEG bytes in every process and in any call order.

* ``static``: nothing happens.
* ``static-then-bird``: a bird is on the feeder from frame ``event_at`` for ``event_frames``
  frames, then gone.
* ``static-then-light``: the window light turns on at frame ``event_at`` and stays on.
* ``visits``: the bird comes back: on the feeder from frame ``event_at`` for ``event_frames``
  frames, and again every ``event_at`` frames (the demo village's feeder camera, WA-17).

Frames are numbered from 1, as ``live_view_image`` counts them (its metadata ``seq``).
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from functools import cache
from typing import Any

from PIL import Image, ImageChops, ImageDraw, ImageFont

from app.demo_camera.frames import HEIGHT, WIDTH, encode, sky

SCENES: dict[str, str] = {
    "static": "a garden with a bird feeder and sensor noise; nothing happens",
    "static-then-bird": "a bird is on the feeder from --event-at for --event-frames frames",
    "static-then-light": "the window light turns on at --event-at and stays on",
    "visits": "a bird visits the feeder every --event-at frames and stays --event-frames frames",
}
FLICKER = 2  # grey levels of exposure flicker a frame, either way
# Where things are, as a region of interest (x, y, w, h normalised): the feeder and the house.
FEEDER_REGION = (0.15, 0.40, 0.25, 0.25)
HOUSE_REGION = (0.58, 0.30, 0.40, 0.50)


@dataclass(frozen=True)
class Scene:
    name: str
    event_at: int = 300
    event_frames: int = 20
    seed: int = 0
    noise: int = 8

    def __post_init__(self) -> None:
        if self.name not in SCENES:
            raise ValueError(f"unknown scene {self.name!r}; one of {', '.join(SCENES)}")
        if self.event_at < 1 or self.event_frames < 1:
            raise ValueError("event_at and event_frames count frames from 1")
        if not 0 <= self.noise <= 64:
            raise ValueError("noise is 0 … 64 grey levels")

    def event_on(self, seq: int) -> bool:
        """Whether frame ``seq`` shows the event (the bird, the light)."""
        if self.name == "static-then-bird":
            return self.event_at <= seq < self.event_at + self.event_frames
        if self.name == "static-then-light":
            return seq >= self.event_at
        if self.name == "visits":
            return seq >= self.event_at and (seq - self.event_at) % self.event_at < self.event_frames
        return False

    def changes(self, last: int) -> list[int]:
        """The frames up to ``last`` at which the picture changes (the event starts or ends)."""
        return [seq for seq in range(2, last + 1) if self.event_on(seq) != self.event_on(seq - 1)]

    def image(self, seq: int) -> Any:
        """The PIL image of frame ``seq``: the scene, its noise and flicker."""
        rng = random.Random(f"fuseforks-scene:{self.seed}:{seq}")
        flicker = rng.randint(-FLICKER, FLICKER)
        base = _base(self.name, self.event_on(seq), self.noise + FLICKER)
        if self.noise == 0 and flicker == 0:
            return base.copy()
        # each byte becomes a signed step of -noise … +noise (plus the flicker), modulo 256: the
        # base keeps that far from 0 and 255, so the integer modulo add never wraps (and is fast)
        span = 2 * self.noise + 1
        lut = [(flicker - self.noise + (v * span) // 256) % 256 for v in range(256)]
        grain = Image.frombytes("L", (WIDTH, HEIGHT), rng.randbytes(WIDTH * HEIGHT)).point(lut)
        return ImageChops.add_modulo(base, Image.merge("RGB", (grain, grain, grain)))

    def jpeg(self, seq: int) -> bytes:
        return encode(self.image(seq), "JPEG", quality=85)


@cache
def _base(name: str, event: bool, margin: int) -> Any:
    """The noiseless scene, with or without its event, its levels kept ``margin`` from 0 and 255."""
    img = sky((70, 3), (80, 4), (150, -4))
    draw = ImageDraw.Draw(img)
    draw.rectangle((0, 300, WIDTH, HEIGHT), fill=(50, 90, 45))  # lawn
    draw.rectangle((176, 248, 186, 330), fill=(90, 60, 35))  # feeder post
    draw.rectangle((128, 240, 236, 250), fill=(120, 85, 50))  # feeder tray
    draw.polygon([(380, 170), (490, 110), (600, 170)], fill=(110, 50, 45))  # roof
    draw.rectangle((392, 170, 588, 320), fill=(170, 160, 140))  # wall
    light = name == "static-then-light" and event
    draw.rectangle((450, 205, 530, 275), fill=(255, 225, 130) if light else (35, 40, 70))  # window
    if light:  # and its light on the lawn
        draw.polygon([(440, 320), (540, 320), (570, 372), (410, 372)], fill=(150, 150, 80))
    if name in ("static-then-bird", "visits") and event:
        draw.polygon([(150, 226), (122, 212), (126, 232)], fill=(70, 40, 25))  # tail
        draw.ellipse((140, 208, 198, 240), fill=(150, 60, 35))  # body
        draw.ellipse((184, 194, 210, 220), fill=(150, 60, 35))  # head
        draw.polygon([(208, 204), (222, 208), (208, 212)], fill=(230, 180, 40))  # beak
        draw.ellipse((197, 201, 202, 206), fill=(10, 10, 10))  # eye
    font = ImageFont.load_default(size=22)
    draw.text((20, 390), f"Fuseforks demo camera  scene {name}", fill=(235, 235, 220), font=font)
    return img.point([min(max(v, margin), 255 - margin) for v in range(256)] * 3)
