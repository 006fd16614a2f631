"""Previews are sharp on HiDPI screens: the picture is rendered at the device pixel ratio (as many
device pixels as the preview covers, smooth), not drawn up from a logical-pixel copy."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from PySide6.QtCore import QEvent, QSize
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from app.widgets.picture import decode_scaled
from app.widgets.preview import ImagePreview
from core.canonical import ImageData
from tests.fakes.images import jpeg

ROOT = Path(__file__).resolve().parents[2]

# the real preview in a chat, loaded as the window loads it (decoded in a worker thread), under a
# 2× screen: what it holds and what size it lays out at
PROBE = """
import asyncio, json, os, sys
import qasync
from PySide6.QtWidgets import QApplication
from app.widgets.chat import ChatView
from core.canonical import ImageData
from tests.fakes.images import jpeg

app = QApplication([])
loop = qasync.QEventLoop(app)
asyncio.set_event_loop(loop)


async def loaded(preview):
    await preview.load()


chat = ChatView()
chat.resize(900, 700)
chat.show()
out = {}
for width, height in ((1280, 848), (640, 424)):
    (preview,) = chat.add_images([ImageData("image/jpeg", jpeg(width, height), width, height)], "cam")
    loop.run_until_complete(loaded(preview))
    pixmap = preview.picture.pixmap()
    hint = preview.picture.sizeHint()
    out[str(width)] = {
        "widget_ratio": preview.devicePixelRatioF(),
        "pixmap": [pixmap.width(), pixmap.height()],
        "pixmap_ratio": round(pixmap.devicePixelRatio(), 4),
        "logical": [hint.width(), hint.height()],
    }
from PySide6.QtGui import QImage
from app.widgets.viewer import PictureViewer

viewer = PictureViewer(QImage.fromData(jpeg(640, 424)), "cam")
viewer.resize(900, 700)
viewer.show()
app.processEvents()
fit = [viewer.zoom, viewer.canvas.width(), viewer.canvas.height()]
viewer.actual_size()
out["viewer"] = {"fit": fit, "actual": [viewer.zoom, viewer.canvas.width(), viewer.canvas.height()]}
print(json.dumps(out), flush=True)
os._exit(0)  # the worker threads of the loop's executor are not waited for
"""


def test_previews_and_the_viewer_render_at_the_device_pixel_ratio_of_a_2x_screen() -> None:
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "QT_SCALE_FACTOR": "2", "PYTHONPATH": str(ROOT)}
    done = subprocess.run(
        [sys.executable, "-c", PROBE], cwd=ROOT, env=env, capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 0, done.stderr
    got = json.loads(done.stdout.strip().splitlines()[-1])
    # a large picture: 480 × 318 logical pixels on screen, 960 × 636 device pixels held
    assert got["1280"] == {
        "widget_ratio": 2.0,
        "pixmap": [960, 636],
        "pixmap_ratio": 2.0,
        "logical": [480, 318],
    }
    # a camera frame: the same logical size as on a 1× screen, rendered at the screen's pixels
    assert got["640"] == {
        "widget_ratio": 2.0,
        "pixmap": [960, 636],
        "pixmap_ratio": 2.0,
        "logical": [480, 318],
    }
    # the viewer: fitted at the picture's natural size (as on a 1× screen), 1:1 is one image pixel
    # per device pixel
    assert got["viewer"] == {"fit": [2.0, 640, 424], "actual": [1.0, 320, 212]}


def test_decode_scaled_sizes_in_device_pixels() -> None:
    big = decode_scaled(jpeg(1280, 848), ratio=2.0)
    assert (big.size(), big.devicePixelRatio()) == (QSize(960, 636), 2.0)
    assert decode_scaled(jpeg(1280, 848), ratio=1.5).size() == QSize(720, 477)
    small = decode_scaled(jpeg(200, 100), ratio=2.0)  # smaller than a preview: its own logical size
    assert (small.size(), small.devicePixelRatio()) == (QSize(400, 200), 2.0)
    one = decode_scaled(jpeg(640, 424))
    assert (one.size(), one.devicePixelRatio()) == (QSize(480, 318), 1.0)


def test_a_preview_moved_to_a_screen_of_another_scale_renders_again(qtbot: QtBot) -> None:
    preview = ImagePreview(ImageData("image/jpeg", jpeg(640, 424), 640, 424), "cam")
    qtbot.addWidget(preview)
    loads: list[int] = []
    preview.load = lambda: loads.append(1)  # type: ignore[method-assign,assignment,return-value]
    QApplication.sendEvent(preview, QEvent(QEvent.Type.DevicePixelRatioChange))
    assert loads == []  # nothing shown yet: the first load renders for the screen it is on
    preview.set_image(decode_scaled(jpeg(640, 424)))
    QApplication.sendEvent(preview, QEvent(QEvent.Type.DevicePixelRatioChange))
    assert loads == [1]
