"""The packaged app's parts that need no build (PK-1..PK-6): what the spec bundles, the dev.py
command table, the ``--demo-camera`` entry from a checkout, the install layout and the smoke's
log checks. The build itself is ``python3 dev.py package --smoke`` (``.ci/run``)."""

from __future__ import annotations

import importlib.util
import re
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import pytest

from app import demo

ROOT = Path(__file__).resolve().parents[2]


def load(name: str, path: Path) -> ModuleType:
    """``packaging/`` is not a package (its name is PyPI's ``packaging``): load by path."""
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


bundle = load("fuseforks_bundle", ROOT / "packaging" / "bundle.py")
tool = load("fuseforks_package_tool", ROOT / "packaging" / "tool.py")
dev = load("fuseforks_dev", ROOT / "dev.py")


def test_the_spec_bundles_the_files_where_their_modules_look() -> None:
    files = bundle.data_files(ROOT)
    dests = {(str(Path(src).relative_to(ROOT)), dest) for src, dest in files}
    for rel in (
        "translations/fuseforks_en.qm",
        "translations/fuseforks_ja.qm",
        "translations/fuseforks_zh.qm",
        "core/catalogs/en.json",
        "core/catalogs/ja.json",
        "core/catalogs/zh.json",
        "web/page/index.html",
        "resources/icons/fuseforks.svg",
        "resources/templates.json",
        "PRIVACY.md",
    ):
        assert (rel, str(Path(rel).parent) if "/" in rel else ".") in dests
    for src, dest in files:  # each file keeps its folder: read beside its module's __file__
        assert Path(src).is_file()
        assert str(Path(src).parent.relative_to(ROOT)) == dest
    spec = (ROOT / "packaging" / "fuseforks.spec").read_text(encoding="utf-8")
    assert "datas=data_files(root)" in spec and "excludes=EXCLUDES" in spec


def test_every_file_the_product_packages_read_is_bundled() -> None:
    """A data file beside the code (a page, a catalog, the page's words) is read from its module's
    folder: one the spec leaves out is a frozen app that fails at import (web/texts.json did)."""
    tracked = subprocess.run(
        ["git", "ls-files", "app", "core", "web", "wires", "resources"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
    ).stdout.split()
    data = {p for p in tracked if not p.endswith(".py")}
    bundled = {str(Path(src).relative_to(ROOT)) for src, _ in bundle.data_files(ROOT)}
    assert data, "git ls-files listed no data files"
    assert sorted(data - bundled) == []


def test_a_missing_required_file_stops_the_build_and_optional_ones_may_be_absent(tmp_path: Path) -> None:
    for pattern in bundle.REQUIRED:
        target = tmp_path / pattern.replace("*", "x")
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text("x")
    assert not list(tmp_path.glob("PRIVACY.*.md"))
    assert len(bundle.data_files(tmp_path)) == len(bundle.REQUIRED)
    translation = tmp_path / f"PRIVACY.{'ja'}.md"  # an optional translation, not in the repository yet
    translation.write_text("x")
    assert (str(translation), ".") in bundle.data_files(tmp_path)
    (tmp_path / "PRIVACY.md").unlink()
    with pytest.raises(FileNotFoundError, match=r"the package needs PRIVACY\.md"):
        bundle.data_files(tmp_path)


def test_no_plaintext_keyring_goes_in() -> None:
    assert "keyrings" in bundle.EXCLUDES and "keyrings.alt" in bundle.EXCLUDES
    assert "keyring.backends.SecretService" in bundle.HIDDEN_IMPORTS


def test_dev_py_has_the_package_command_beside_app_and_test() -> None:
    assert list(dev.COMMANDS) == ["app", "test", "package"]
    doc = dev.__doc__ or ""
    for line in (
        "python3 dev.py app   [APP ARGS...]",
        "python3 dev.py test  [PYTEST ARGS...]",
        "python3 dev.py package               build",
        "python3 dev.py package --install",
        "python3 dev.py package --uninstall",
        "python3 dev.py package --smoke",
    ):
        assert line in doc
    out = subprocess.run(
        [sys.executable, str(ROOT / "dev.py"), "package", "--bogus"],
        capture_output=True,
        text=True,
        timeout=30,
    )
    assert out.returncode == 2 and "python3 dev.py package --smoke" in out.stdout


def test_the_frozen_build_starts_the_camera_without_python_m(monkeypatch: pytest.MonkeyPatch) -> None:
    assert demo.camera_command() == [sys.executable, "-m", "app.demo_camera"]
    monkeypatch.setattr(sys, "frozen", True, raising=False)
    assert demo.camera_command() == [sys.executable, "--demo-camera"]
    assert demo.DemoCamera().command == [sys.executable, "--demo-camera", "--feeder"]


@pytest.mark.parametrize("flag", ["--demo-camera", "--acceptance"])
def test_the_builds_own_commands_name_themselves_in_their_help(flag: str) -> None:
    """A release build has no ``python -m``: its help says how it was started."""
    done = subprocess.run(
        [sys.executable, "-m", "app", flag, "--help"], cwd=ROOT, capture_output=True, text=True, check=True
    )
    assert done.stdout.startswith(f"usage: fuseforks {flag} [-h]")


def test_demo_camera_entry_runs_the_simulator_unfrozen() -> None:
    proc = subprocess.Popen(
        [sys.executable, "-m", "app", "--demo-camera", "--port", "0", "--feeder"],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        assert proc.stdout is not None
        line = proc.stdout.readline()
        assert re.fullmatch(r"demo camera: http://127\.0\.0\.1:\d+/mcp\n", line)
    finally:
        proc.terminate()
        proc.wait(10)
        if proc.stdout is not None:
            proc.stdout.close()


def test_keyring_backends_lists_modules_and_viability() -> None:
    out = subprocess.run(
        [sys.executable, "-m", "app", "--keyring-backends"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert out.returncode == 0
    lines = out.stdout.splitlines()
    assert all(re.fullmatch(r"[\w.]+ viable=(true|false)", ln) for ln in lines)
    assert any(ln.startswith("keyring.backends.SecretService.Keyring viable=") for ln in lines)


def test_install_and_uninstall_for_the_current_user(tmp_path: Path) -> None:
    dist = tmp_path / "dist"
    (dist / "fuseforks" / "_internal").mkdir(parents=True)
    (dist / "fuseforks" / "fuseforks").write_text("#!/bin/sh\n")
    home = tmp_path / "share"
    paths = tool.install(dist, home)
    assert (home / "fuseforks" / "fuseforks").is_file() and (home / "fuseforks" / "_internal").is_dir()
    entry = (home / "applications" / "fuseforks.desktop").read_text(encoding="utf-8").splitlines()
    exe = home / "fuseforks" / "fuseforks"
    assert entry[:2] == ["[Desktop Entry]", f"TryExec={exe}"]
    assert f'Exec="{exe}"' in entry and "Icon=fuseforks" in entry
    icon = home / "icons" / "hicolor" / "scalable" / "apps" / "fuseforks.svg"
    assert icon.read_bytes() == (ROOT / "resources" / "icons" / "fuseforks.svg").read_bytes()
    (home / "applications" / "other.desktop").write_text("kept")
    assert tool.uninstall(home) == [paths["app"], paths["desktop"], paths["icon"]]
    assert not exe.exists() and not icon.exists()
    assert (home / "applications" / "other.desktop").read_text() == "kept"
    assert tool.uninstall(home) == []


GOOD_LOG = """----- fuseforks started 2026-12-06T14:10:02 -----
version: app=0.1.0 profile=release
demo camera: url=http://127.0.0.1:47321/mcp pid=20958
mcp server connected: agent=muse server=demo_camera tools=3 ms=66
tool: agent=muse round=1 name=demo_camera__live_view_image ok=true ms=32 body_chars=53 images=1
turn: agent=muse backend=offline-demo stop=- input=0 output=0 cache_read=0 cache_write=0 rounds=2/12 model=demo
autorun: agent=muse outcome=turn-ended"""


@pytest.mark.parametrize(
    ("old", "new", "problem"),
    [
        ("profile=release", "profile=debug", "no line 'version: app=… profile=release'"),
        (" images=1", "", "no live-view tool line with images=1"),
        ("stop=- ", "stop=error ", "the demo agent's live-view turn did not complete"),
        (
            "demo camera: url=http://127.0.0.1:47321/mcp pid=20958",
            "demo camera failed: error=OSError",
            "the camera simulator did not start from the frozen build",
        ),
    ],
)
def test_the_smoke_reads_the_log(old: str, new: str, problem: str) -> None:
    assert tool.check_log(GOOD_LOG) == []
    problems = tool.check_log(GOOD_LOG.replace(old, new))
    assert problem in problems


def test_log_body_drops_the_timestamps(tmp_path: Path) -> None:
    (tmp_path / "fuseforks.log").write_text(
        "2026-12-06 14:10:02.740 [fuseforks] version: app=0.1.0 profile=release\n", encoding="utf-8"
    )
    assert tool.log_body(tmp_path) == "version: app=0.1.0 profile=release"
