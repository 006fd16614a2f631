"""``python -m app.acceptance`` (AC-2) run as a process on logs written in the app's format."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from datetime import UTC, datetime, timedelta, timezone
from pathlib import Path

from app.acceptance import parse_since
from core import paths
from core.acceptance import parse_line, read_log
from tests.fakes.acceptance import RunLog

ROOT = Path(__file__).resolve().parents[2]
HEADER = "item                  protocol              verdict  growth  problems"


def command(*args: str, locale: str = "C.UTF-8") -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(ROOT), "LC_ALL": locale}
    return subprocess.run(
        [sys.executable, "-m", "app.acceptance", *args],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        encoding="utf-8",
        timeout=60,
    )


def written(folder: Path, *, gemini_growth: int = 5210) -> Path:
    run = RunLog(folder)
    run.full_run()
    run.wire_turn("gemini", growth=gemini_growth)
    run.close()
    return run.path


def test_a_run_that_holds_exits_0(tmp_path: Path) -> None:
    done = command("--log", str(written(tmp_path)), "--language", "en")
    assert (done.returncode, done.stderr) == (0, "")
    out = done.stdout.splitlines()
    assert out[0] == HEADER
    assert out[1] == "meta-responses        meta-responses        ok       +5,210  -"
    assert out[-1] == "acceptance: 7/7 wire items hold"


def test_the_app_entry_runs_the_reader_as_a_release_build_does(tmp_path: Path) -> None:
    """A packaged build has no ``python -m``: ``fuseforks --acceptance ARGS`` is the same reader."""
    log = str(written(tmp_path, gemini_growth=31))
    direct = command("--log", log, "--language", "en")
    env = {**os.environ, "PYTHONPATH": str(ROOT), "LC_ALL": "C.UTF-8"}
    entry = subprocess.run(
        [sys.executable, "-m", "app", "--acceptance", "--log", log, "--language", "en"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        encoding="utf-8",
        timeout=60,
    )
    assert (entry.returncode, entry.stdout, entry.stderr) == (1, direct.stdout, "")
    assert entry.stdout.splitlines()[-1] == "acceptance: 6/7 wire items hold; failed: gemini"


def test_a_broken_wire_exits_1_naming_it(tmp_path: Path) -> None:
    done = command("--log", str(written(tmp_path, gemini_growth=31)), "--language", "en")
    assert done.returncode == 1
    out = done.stdout.splitlines()
    assert (
        "gemini                gemini                failed      +31  round 2 grew by 31 tokens (< 200)"
        in out
    )
    assert out[-1] == "acceptance: 6/7 wire items hold; failed: gemini"


def test_a_pipe_closed_early_is_no_error(tmp_path: Path) -> None:
    """``… | head`` closes the pipe before the table is written: the exit status is still the
    verdict's, and no traceback (BrokenPipeError) is printed."""
    env = {**os.environ, "PYTHONPATH": str(ROOT), "LC_ALL": "C.UTF-8"}
    args = [sys.executable, "-m", "app.acceptance", "--log", str(written(tmp_path)), "--language", "en"]
    proc = subprocess.Popen(args, cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    assert proc.stdout is not None and proc.stderr is not None
    proc.stdout.close()  # the reader is gone before the first line
    assert proc.wait(timeout=60) == 0
    assert proc.stderr.read() == b""
    proc.stderr.close()


def test_a_log_that_cannot_be_read_exits_2_naming_it(tmp_path: Path) -> None:
    missing = tmp_path / "fuseforks.log"
    done = command("--log", str(missing), "--language", "en")
    assert (done.returncode, done.stdout) == (2, "")
    assert done.stderr == f"acceptance: cannot read the log {missing}: No such file or directory\n"
    done = command("--log", str(missing), "--language", "ja")
    assert done.stderr == f"acceptance: ログ {missing} を読めません: No such file or directory\n"


def test_the_default_log_is_the_apps(tmp_path: Path) -> None:
    """The user log folder ``core/paths.py`` names (the tests' HOME and XDG folders are their own)."""
    written(paths.log_dir(), gemini_growth=31)
    done = command("--language", "en")
    assert done.stdout.splitlines()[-1] == "acceptance: 6/7 wire items hold; failed: gemini"


def test_since_reads_from_that_time_on(tmp_path: Path) -> None:
    run = RunLog(tmp_path)
    run.full_run()
    time.sleep(0.01)  # the log's times are in milliseconds
    since = run.round(1, 1200)
    run.tool()
    run.round(2, 1231)
    run.turn("gemini")
    run.close()
    log = run.path
    first = parse_line([x for x in read_log(log) if x.endswith(since)][-1])
    assert first is not None and first.stamp is not None
    since = first.stamp.isoformat(sep=" ", timespec="milliseconds")
    done = command("--log", str(log), "--since", since, "--language", "en")
    # only gemini's last turn is in range: the other wires were not run
    assert done.returncode == 1
    assert done.stdout.splitlines()[-1].startswith(
        "acceptance: 0/7 wire items hold; failed: meta-responses, "
    )
    for bad in ("yesterday", "25:00"):
        done = command("--log", str(log), "--since", bad)
        assert done.returncode == 2
        assert f"not a time: '{bad}'" in done.stderr


def test_the_table_in_japanese_and_chinese(tmp_path: Path) -> None:
    log = written(tmp_path)
    ja = command("--log", str(log), "--language", "ja").stdout.splitlines()
    assert (
        ja[0] == "項目                  プロトコル            判定    増加  問題"
    )  # CJK: two columns a character
    assert ja[1] == "meta-responses        meta-responses        成功  +5,210  -"
    assert (
        "    ウィンドウでカメラのターンのツール行を開いてください。末尾に（画像 1 枚: JPEG … KB）と表示されます"
        in ja
    )
    assert ja[-1] == "acceptance: 7/7 wire items hold"  # the summary is grep-able in every language
    assert command("--log", str(log), locale="ja_JP.UTF-8").stdout.splitlines() == ja  # the default
    assert command("--log", str(log)).stdout.splitlines()[0] == HEADER  # a locale without a catalogue
    zh = command("--log", str(log), "--language", "zh").stdout.splitlines()
    assert zh[0] == "项目                  协议                  判定        增长  问题"
    assert "display line          -                     人工检查       -  -" in zh
    assert zh[-1] == "acceptance: 7/7 wire items hold"


def test_the_forms_of_since() -> None:
    now = datetime(2026, 12, 7, 10, 0)
    assert parse_since("9:05", now) == datetime(2026, 12, 7, 9, 5)
    assert parse_since("09:05:30", now) == datetime(2026, 12, 7, 9, 5, 30)
    assert parse_since("10:01", now) == datetime(2026, 12, 7, 10, 1)  # a minute ahead: still today
    assert parse_since("21:59", now) == datetime(2026, 12, 7, 21, 59)
    # written down before midnight, read after it: yesterday's, not a time still to come
    assert parse_since("23:50", datetime(2026, 12, 8, 0, 10)) == datetime(2026, 12, 7, 23, 50)
    assert parse_since("22:01", now) == datetime(2026, 12, 6, 22, 1)
    tokyo = timezone(timedelta(hours=9))  # a time of day with an offset: that zone's today
    assert parse_since("03:00Z", now.replace(tzinfo=UTC)) == datetime(2026, 12, 7, 3, 0, tzinfo=UTC)
    assert parse_since("23:50+09:00", datetime(2026, 12, 8, 0, 10, tzinfo=tokyo)) == datetime(
        2026, 12, 7, 23, 50, tzinfo=tokyo
    )
    assert parse_since("12:00+09:00").tzinfo == tokyo  # from the local now: no naive-aware mix
    assert parse_since("2026-12-06 23:59") == datetime(2026, 12, 6, 23, 59)
    assert parse_since("2026-12-06 23:59:58.250") == datetime(2026, 12, 6, 23, 59, 58, 250000)
    assert parse_since("2026-12-06T14:59:00Z") == datetime(2026, 12, 6, 14, 59, tzinfo=UTC)
    assert parse_since("2026-12-06T23:59:00+09:00").utcoffset() == timedelta(hours=9)
