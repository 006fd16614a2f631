"""Build, install and smoke-test the packaged app: ``python3 dev.py package [--install | --uninstall | --smoke]``.

Standard library only (``dev.py`` runs it with the project venv's Python, which has the
``package`` extra). The one-folder build goes to ``dist/fuseforks/`` (PK-1). ``--install`` copies it
to ``$XDG_DATA_HOME/fuseforks`` and writes a desktop entry and icon for the current user (PK-6);
``--uninstall`` removes exactly those. ``--smoke`` builds, then starts the built app offscreen with
a fresh HOME and XDG folders, sends the demo agent a live-view request and checks the log (PK-5).
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SPEC = ROOT / "packaging" / "fuseforks.spec"
DESKTOP = ROOT / "packaging" / "fuseforks.desktop"
ICON = ROOT / "resources" / "icons" / "fuseforks.svg"
DIST = ROOT / "dist"
WORK = ROOT / "build" / "pyinstaller"
APP_NAME = "fuseforks"
FIRST_MESSAGE = "take one live view frame and describe what it shows in one sentence"
SMOKE_TIMEOUT_S = 90.0


def say(msg: str) -> None:
    print(f"[package] {msg}", flush=True)


def executable(dist: Path = DIST) -> Path:
    return dist / APP_NAME / (APP_NAME + (".exe" if os.name == "nt" else ""))


def build(dist: Path = DIST, work: Path = WORK) -> Path:
    """PyInstaller from ``packaging/fuseforks.spec``; the built executable."""
    cmd = [sys.executable, "-m", "PyInstaller", "--noconfirm", "--log-level", "WARN"]
    cmd += ["--distpath", str(dist), "--workpath", str(work), str(SPEC)]
    say("pyinstaller packaging/fuseforks.spec")
    if subprocess.call(cmd, cwd=ROOT) != 0:
        raise SystemExit("[package] FAILED: pyinstaller")
    return executable(dist)


def size_mb(folder: Path) -> float:
    return sum(p.stat().st_size for p in folder.rglob("*") if p.is_file() and not p.is_symlink()) / 1e6


# --- install for the current user (PK-6) -------------------------------------------------------


def data_home() -> Path:
    return Path(os.environ.get("XDG_DATA_HOME") or Path.home() / ".local" / "share")


def installed_paths(home: Path | None = None) -> dict[str, Path]:
    base = home or data_home()
    return {
        "app": base / APP_NAME,
        "desktop": base / "applications" / f"{APP_NAME}.desktop",
        "icon": base / "icons" / "hicolor" / "scalable" / "apps" / f"{APP_NAME}.svg",
    }


def desktop_entry(exe: Path) -> str:
    """``packaging/fuseforks.desktop`` with ``Exec`` naming the installed executable."""
    lines = []
    for line in DESKTOP.read_text(encoding="utf-8").splitlines():
        if line.startswith("Exec="):
            line = f'Exec="{exe}"'
        elif line.startswith("TryExec="):
            continue
        lines.append(line)
    lines.insert(lines.index("[Desktop Entry]") + 1, f"TryExec={exe}")
    return "\n".join(lines) + "\n"


def install(dist: Path = DIST, home: Path | None = None) -> dict[str, Path]:
    source = dist / APP_NAME
    if not executable(dist).exists():
        raise SystemExit(f"[package] no build in {source}: run python3 dev.py package first")
    paths = installed_paths(home)
    if paths["app"].exists():
        shutil.rmtree(paths["app"])
    shutil.copytree(source, paths["app"], symlinks=True)
    paths["desktop"].parent.mkdir(parents=True, exist_ok=True)
    paths["desktop"].write_text(desktop_entry(executable(paths["app"].parent)), encoding="utf-8")
    paths["icon"].parent.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(ICON, paths["icon"])
    for tool, arg in (("update-desktop-database", paths["desktop"].parent), ("gtk-update-icon-cache", None)):
        if shutil.which(tool) and arg is not None:
            subprocess.call([tool, str(arg)], stderr=subprocess.DEVNULL)
    for name, path in paths.items():
        say(f"installed {name}: {path}")
    return paths


def uninstall(home: Path | None = None) -> list[Path]:
    removed = []
    for path in installed_paths(home).values():
        if path.is_dir():
            shutil.rmtree(path)
        elif path.exists():
            path.unlink()
        else:
            continue
        removed.append(path)
        say(f"removed {path}")
    if not removed:
        say("nothing installed")
    return removed


# --- the smoke (PK-5) --------------------------------------------------------------------------


def fresh_env(home: Path) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("XDG_", "PYTHON", "DBUS_"))}
    env.update(HOME=str(home), QT_QPA_PLATFORM="offscreen", LANG="en_US.UTF-8")
    for key, sub in (("XDG_CONFIG_HOME", "config"), ("XDG_DATA_HOME", "data")):
        env[key] = str(home / sub)
    for key, sub in (("XDG_STATE_HOME", "state"), ("XDG_CACHE_HOME", "cache"), ("XDG_RUNTIME_DIR", "run")):
        env[key] = str(home / sub)
    (home / "run").mkdir(mode=0o700)
    return env


def check_keyrings(exe: Path, env: dict[str, str]) -> list[str]:
    """The built app's keyring backends: the OS ones are there, no plaintext one (PK-2)."""
    out = subprocess.run(
        [str(exe), "--keyring-backends"], env=env, capture_output=True, text=True, timeout=30
    )
    lines = out.stdout.splitlines()
    problems = [f"plaintext keyring inside: {ln}" for ln in lines if ln.startswith("keyrings.")]
    if not any(ln.startswith("keyring.backends.SecretService.Keyring ") for ln in lines):
        problems.append("no SecretService backend inside")
    if out.returncode != 0 or not lines:
        problems.append(f"--keyring-backends exit {out.returncode}: {out.stderr.strip()[-300:]}")
    return problems


def check_archive(exe: Path) -> list[str]:
    """No module or file of a plaintext keyring inside the build, whatever pulled it in (PK-2)."""
    viewer = Path(sys.executable).with_name("pyi-archive_viewer")
    out = subprocess.run([str(viewer), "-r", "-b", str(exe)], capture_output=True, text=True, timeout=120)
    names = [ln.strip() for ln in out.stdout.splitlines()]
    names += [str(p.relative_to(exe.parent)) for p in exe.parent.rglob("keyrings*")]
    problems = [
        f"plaintext keyring inside: {n}" for n in names if n.startswith(("keyrings", "_internal/keyrings"))
    ]
    if out.returncode != 0 or "keyring.backends.SecretService" not in names:
        problems.append(f"the archive lists no SecretService backend (exit {out.returncode})")
    return problems


def run_app(
    exe: Path,
    env: dict[str, str],
    log_dir: Path,
    timeout: float = SMOKE_TIMEOUT_S,
    extra: list[str] | None = None,
) -> dict[str, float]:
    """Start the built app (or ``exe extra…``) with the first message; seconds from spawn to each
    milestone."""
    cmd = [
        str(exe),
        *(extra or []),
        "--log-dir",
        str(log_dir),
        "--first-message",
        FIRST_MESSAGE,
        "--quit-after-turn",
    ]
    marks: dict[str, float] = {}
    t0 = time.perf_counter()
    proc = subprocess.Popen(cmd, env=env, stderr=subprocess.PIPE, stdout=subprocess.DEVNULL, text=True)
    assert proc.stderr is not None
    try:
        for line in proc.stderr:
            for key, needle in (("version", "] version: "), ("mcp", "] mcp server connected: ")):
                if needle in line and key not in marks:
                    marks[key] = time.perf_counter() - t0
            if time.perf_counter() - t0 > timeout:
                break
        proc.wait(timeout=max(1.0, timeout - (time.perf_counter() - t0)))
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait()
        marks["timeout"] = timeout
    marks["exit"] = time.perf_counter() - t0
    marks["returncode"] = float(proc.returncode)
    proc.stderr.close()
    return marks


def check_log(text: str) -> list[str]:
    """What the smoke requires of the built app's log."""
    lines = text.splitlines()
    problems = []

    def has(prefix: str, *fields: str) -> bool:
        return any(ln.startswith(prefix) and all(f in ln.split() for f in fields) for ln in lines)

    if not any(ln.startswith("version: app=") and ln.endswith(" profile=release") for ln in lines):
        problems.append("no line 'version: app=… profile=release'")
    if not has("demo camera: url=http://127.0.0.1:"):
        problems.append("the camera simulator did not start from the frozen build")
    if not has("mcp server connected:", "server=demo_camera"):
        problems.append("the demo agent did not connect to the camera")
    if not has("tool: agent=muse", "name=demo_camera__live_view_image", "ok=true", "images=1"):
        problems.append("no live-view tool line with images=1")
    if not has("turn: agent=muse", "backend=offline-demo", "stop=-"):
        problems.append("the demo agent's live-view turn did not complete")
    if not has("autorun: agent=muse", "outcome=turn-ended"):
        problems.append("the first message's turn did not end")
    for bad in ("demo camera failed", "turn failed", "startup problem"):
        if any(ln.startswith(bad) for ln in lines):
            problems.append(f"the log has '{bad}'")
    return problems


def log_body(log_dir: Path) -> str:
    """The log without its timestamps: ``KIND: fields`` per line."""
    path = log_dir / "fuseforks.log"
    if not path.exists():
        return ""
    out = []
    for line in path.read_text(encoding="utf-8").splitlines():
        _, sep, rest = line.partition(" [fuseforks] ")
        out.append(rest if sep else line)
    return "\n".join(out)


def smoke(exe: Path) -> int:
    with tempfile.TemporaryDirectory(prefix="fuseforks-smoke-") as tmp:
        home = Path(tmp)
        env = fresh_env(home)
        problems = check_keyrings(exe, env) + check_archive(exe)
        marks = run_app(exe, env, home / "log")
        body = log_body(home / "log")
        problems += check_log(body)
        if marks["returncode"] != 0 or "timeout" in marks:
            problems.append(f"the app did not quit by itself (exit {marks['returncode']:.0f})")
    say(f"package size: {size_mb(exe.parent):.1f} MB")
    say(
        f"cold start: version line {marks.get('version', -1):.2f} s, mcp connected {marks.get('mcp', -1):.2f} s"
    )
    say(f"first message turn done and exit: {marks['exit']:.2f} s")
    for problem in problems:
        say(f"FAILED: {problem}")
    if problems:
        print(body[-3000:], file=sys.stderr)
        return 1
    say("smoke ok")
    return 0


def main(argv: list[str]) -> int:
    if argv[:1] == ["--uninstall"]:
        uninstall()
        return 0
    if argv[:1] == ["--install"] and executable().exists() and "--rebuild" not in argv:
        install()
        return 0
    exe = build()
    say(f"built {exe.parent} ({size_mb(exe.parent):.1f} MB)")
    if argv[:1] == ["--install"]:
        install()
    if argv[:1] == ["--smoke"]:
        return smoke(exe)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
