"""The tool-media cache next to the configuration (S03-2, S03-5)."""

from __future__ import annotations

import io
import stat
from pathlib import Path

import pytest
from PIL import Image

from core.canonical import ImageData
from core.config import Config
from core.media_cache import BadMediaRef, MediaCache
from tests.fakes.logs import log_lines


def png() -> ImageData:
    buf = io.BytesIO()
    Image.new("RGB", (3, 2), (200, 10, 10)).save(buf, "PNG")
    return ImageData("image/png", buf.getvalue(), 3, 2)


def jpeg() -> ImageData:
    buf = io.BytesIO()
    Image.new("RGB", (4, 4), (0, 90, 10)).save(buf, "JPEG")
    return ImageData("image/jpeg", buf.getvalue(), 4, 4)


def test_images_are_cached_by_sha256_next_to_the_config(tmp_path: Path) -> None:
    cfg = Config(path=tmp_path / "village.json")
    cache = MediaCache(cfg.media_dir())
    p, j = png(), jpeg()
    assert cache.put_all([p, j, p]) == [f"{p.sha256}.png", f"{j.sha256}.jpg", f"{p.sha256}.png"]
    assert sorted(x.name for x in (tmp_path / "village.tool-media").iterdir()) == sorted(
        [f"{p.sha256}.png", f"{j.sha256}.jpg"]
    )
    f = tmp_path / "village.tool-media" / f"{p.sha256}.png"
    assert f.read_bytes() == p.data
    assert stat.S_IMODE(f.stat().st_mode) == 0o600
    assert cache.resolve(f"{p.sha256}.png") == f
    assert MediaCache(cfg.media_dir()).load(f"{j.sha256}.jpg", 4, 4) == j  # survives restarts


def test_only_png_jpeg_webp_are_cached(tmp_path: Path, event_log: Path) -> None:
    cache = MediaCache(tmp_path / "m")
    svg = ImageData("image/svg+xml", b"<svg/>", 1, 1)
    fake_png = ImageData("image/png", b"<svg/>", 1, 1)
    assert cache.put(svg, agent="agent_1", tool="x__y") is None
    assert cache.put(fake_png, agent="agent_1", tool="x__y") is None
    assert not (tmp_path / "m").exists()
    lines = log_lines(event_log)
    assert "media cache error: agent=agent_1 name=x__y error=unsupported_format format=image/svg+xml" in lines
    assert "media cache error: agent=agent_1 name=x__y error=unsupported_format format=image/png" in lines


def test_failed_write_returns_none_and_logs(tmp_path: Path, event_log: Path) -> None:
    (tmp_path / "m").write_text("a file where the directory should be")
    p = png()
    assert MediaCache(tmp_path / "m").put(p, agent="a", tool="t") is None
    assert f"media cache error: agent=a name=t error=FileExistsError sha={p.sha256[:16]}" in log_lines(
        event_log
    )


@pytest.mark.parametrize(
    "ref",
    [
        "../etc/passwd",
        "a" * 64 + ".svg",
        "A" * 64 + ".png",
        "a" * 63 + ".png",
        "a" * 64 + ".png/x",
        "/" + "a" * 64 + ".png",
        "a" * 64 + ".jpeg",
        "",
    ],
)
def test_malformed_references_are_rejected(tmp_path: Path, ref: str) -> None:
    with pytest.raises(BadMediaRef):
        MediaCache(tmp_path).resolve(ref)


def test_missing_or_altered_file_becomes_image_omitted_note(tmp_path: Path) -> None:
    cache = MediaCache(tmp_path / "m")
    p, j = png(), jpeg()
    rp, rj = cache.put(p), cache.put(j)
    assert rp is not None and rj is not None
    (tmp_path / "m" / rp).unlink()
    (tmp_path / "m" / rj).write_bytes(j.data + b"x")
    assert cache.image_or_note(rp, 3, 2, "en") == "(image omitted: the stored file is no longer available)"
    assert cache.image_or_note(rj, 4, 4, "ja") == "（画像は省きました: 保存したファイルがもうありません）"
    assert MediaCache(None).put(p) is None
