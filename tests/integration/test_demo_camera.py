"""The camera simulator process (``python -m app.demo_camera``) and its frames."""

from __future__ import annotations

import io
import json
import re
import select
import socket
import subprocess
import sys
from pathlib import Path

import pytest
from PIL import Image

from app.demo_camera import frames
from app.demo_camera.scenes import SCENES
from core.tool_image import normalize
from tests.fakes.servers import run_module

ROOT = Path(__file__).resolve().parents[2]


def test_frames_are_640x424_jpegs_that_change() -> None:
    a, b = frames.jpeg_frame(1), frames.jpeg_frame(2)
    assert a != b
    for data in (a, b):
        im = Image.open(io.BytesIO(data))
        assert (im.format, im.size) == ("JPEG", (640, 424))
        assert len(data) > 8000


def test_metadata_is_compact_sorted_json() -> None:
    assert frames.metadata(21017, 33985) == '{"height":424,"jpeg_bytes":21017,"seq":33985,"width":640}'
    assert len(frames.metadata(21017, 33985)) == 57  # body_chars 56-57 in the original P4 log


def test_bomb_png_declares_without_pixels() -> None:
    data = frames.bomb_png()
    assert len(data) == 33
    item = normalize(data)
    assert getattr(item, "reason", None) == "too_large"


def test_server_module_imports_no_qt() -> None:
    code = "import sys, app.demo_camera.server, app.demo_camera.__main__; print(sorted(m for m in sys.modules if m.startswith(('PySide6','qasync','shiboken6'))))"
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert out.stdout == "[]\n", out.stderr


def read_line(proc: subprocess.Popen[str]) -> str:
    assert proc.stdout is not None
    ready, _, _ = select.select([proc.stdout], [], [], 20)
    return proc.stdout.readline() if ready else ""


def test_taken_port_falls_back_to_a_free_one_and_says_so() -> None:
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen(1)
        taken = busy.getsockname()[1]
        proc = subprocess.Popen(
            [sys.executable, "-m", "app.demo_camera", "--port", str(taken)],
            cwd=ROOT,
            stdin=subprocess.DEVNULL,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        try:
            line = read_line(proc)
            match = re.fullmatch(r"demo camera: http://127\.0\.0\.1:(\d+)/mcp\n", line)
            assert match, line
            assert int(match.group(1)) != taken
            assert proc.stderr is not None
            assert proc.stderr.readline() == f"demo camera: port {taken} is taken; using {match.group(1)}\n"
            with socket.create_connection(("127.0.0.1", int(match.group(1))), timeout=5):
                pass
        finally:
            proc.terminate()
            proc.wait(10)
            for stream in (proc.stdout, proc.stderr):
                if stream is not None:
                    stream.close()


def test_help_lists_every_mode_and_scene() -> None:
    out = run_module("app.demo_camera", "--help")
    assert out.returncode == 0
    for name in (*frames.MODES, *SCENES):
        assert name in out.stdout


@pytest.mark.parametrize("mode", sorted(set(frames.MODES) - {"slow", "die"}))
def test_every_mode_builds_a_result(mode: str) -> None:
    import itertools

    from app.demo_camera.server import live_view_result

    result = live_view_result(mode, itertools.count(5))
    assert result.is_error is (mode == "error")
    json.dumps(result.model_dump(by_alias=True, mode="json"))
