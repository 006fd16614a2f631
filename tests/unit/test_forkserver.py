"""tests/fakes/forkserver.py: a forked run behaves as ``python -m module`` would, to the kill suites."""

from __future__ import annotations

import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.fakes.forkserver import ROOT, ForkServer, PlainRunner


@pytest.fixture(scope="module")
def forks() -> Iterator[ForkServer]:
    server = ForkServer("tests.fakes.fork_probe")
    yield server
    server.close()


@pytest.mark.parametrize("runner", ["fork", "plain"])
def test_args_environment_streams_and_exit_code_reach_the_caller(forks: ForkServer, runner: str) -> None:
    run = forks.run if runner == "fork" else PlainRunner("tests.fakes.fork_probe").run
    done = run(["exit:3", "b c"], {"PROBE": "yes", "PATH": "/usr/bin"})
    assert (done.returncode, done.stdout, done.stderr) == (
        3,
        f"argv=['exit:3', 'b c'] PROBE=yes cwd={ROOT}\n",
        "to stderr\n",
    )


def test_a_sigkill_reads_as_subprocess_reports_it(forks: ForkServer, tmp_path: Path) -> None:
    done = forks.run(["kill"], {}, cwd=tmp_path)
    assert (done.returncode, done.stdout, done.stderr) == (
        -9,
        f"argv=['kill'] PROBE=None cwd={tmp_path}\n",
        "to stderr\n",
    )
    assert forks.run(["exit:0"], {}, cwd=tmp_path).returncode == 0  # the server goes on


def test_a_run_past_its_timeout_is_killed_and_the_server_goes_on(forks: ForkServer, tmp_path: Path) -> None:
    with pytest.raises(subprocess.TimeoutExpired):
        forks.run(["hang"], {}, cwd=tmp_path, timeout=0.5)
    assert forks.run(["exit:5"], {}, cwd=tmp_path).returncode == 5


def test_two_replies_that_arrive_together_are_both_read() -> None:
    """The pid and the exit code of a child killed at once come in one read: the second reply is
    already in hand and must not be waited for on the pipe (which stays quiet)."""
    writer = subprocess.Popen(
        ["sh", "-c", """printf '{"pid": 7}\\n{"rc": -9}\\n'; sleep 30"""], stdout=subprocess.PIPE, text=True
    )
    server = ForkServer.__new__(ForkServer)
    server.module, server._proc, server._buffer = "probe", writer, b""
    try:
        assert server._read(5) == {"pid": 7}
        assert server._read(1) == {"rc": -9}
    finally:
        writer.kill()
        writer.wait()
        assert writer.stdout is not None
        writer.stdout.close()
