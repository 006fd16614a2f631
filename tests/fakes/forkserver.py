"""Start a Python driver many times, cheaply: a fork server for the kill suites.

The kill suites start a driver process two or three times a test, some 600 times in all, and each
start used to pay for Python and the app's imports again (about 0.3 s of CPU). ``ForkServer(module)``
starts ONE server process that imports ``module`` (and so everything it imports) and then, for
each ``run(args, env)``, forks a child that runs ``module`` as ``__main__`` (``runpy``: its
top-level code runs afresh, reading its environment then) with those arguments and that
environment. The child is a real process of its own: it is SIGKILLed, exits, writes files and
starts subprocesses exactly as ``python -m module`` would; only its imports were done before the
fork. The server forks only while it has a single thread, so the child inherits no lock held by
another thread.

``run`` returns a ``subprocess.CompletedProcess`` (returncode -9 for a SIGKILL, as ``subprocess``
reports it), so a test's ``run`` helper can switch between the two. One server per module is kept
for the whole session (``server(module)``) and stopped at exit.
"""

from __future__ import annotations

import atexit
import contextlib
import json
import os
import runpy
import select
import signal
import subprocess
import sys
import tempfile
import threading
import time
import traceback
import warnings
from pathlib import Path
from typing import IO

ROOT = Path(__file__).resolve().parents[2]


class ForkServer:
    def __init__(self, module: str) -> None:
        self.module = module
        self._proc = subprocess.Popen(
            [sys.executable, "-m", "tests.fakes.forkserver", module],
            cwd=ROOT,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
        )
        self._buffer = b""
        self._ready = self._read(60)
        assert self._ready == {"ready": module}, self._ready

    def _read(self, timeout: float) -> dict[str, object]:
        """The server's next reply line. Read from the pipe's descriptor with a buffer of our own:
        a text stream's ``readline`` may have taken the NEXT line into its buffer too (the pid and
        the exit code of a child killed at once arrive together), and ``select`` on the
        descriptor would then wait for bytes that have already come."""
        out = self._proc.stdout
        assert out is not None
        deadline = time.monotonic() + timeout
        while b"\n" not in self._buffer:
            left = deadline - time.monotonic()
            if left <= 0 or not select.select([out.fileno()], [], [], left)[0]:
                raise TimeoutError(f"fork server for {self.module} did not answer within {timeout} s")
            chunk = os.read(out.fileno(), 65536)
            if not chunk:
                raise RuntimeError(f"fork server for {self.module} exited ({self._proc.poll()})")
            self._buffer += chunk
        line, _, self._buffer = self._buffer.partition(b"\n")
        value: dict[str, object] = json.loads(line)
        return value

    def run(
        self, args: list[str], env: dict[str, str], *, cwd: Path = ROOT, timeout: float = 60
    ) -> subprocess.CompletedProcess[str]:
        with tempfile.TemporaryDirectory(prefix="forkrun-") as tmp:
            out, err = Path(tmp) / "out", Path(tmp) / "err"
            request = {"args": args, "env": env, "cwd": str(cwd), "out": str(out), "err": str(err)}
            stdin = self._proc.stdin
            assert stdin is not None
            stdin.write(json.dumps(request) + "\n")
            stdin.flush()
            pid = int(str(self._read(10)["pid"]))
            try:
                done = self._read(timeout)
            except TimeoutError:
                os.kill(pid, signal.SIGKILL)
                self._read(10)
                raise subprocess.TimeoutExpired([self.module, *args], timeout) from None
            code = int(str(done["rc"]))
            return subprocess.CompletedProcess(
                [self.module, *args], code, out.read_text(errors="replace"), err.read_text(errors="replace")
            )

    def close(self) -> None:
        if self._proc.poll() is None:
            assert self._proc.stdin is not None
            self._proc.stdin.close()
            try:
                self._proc.wait(10)
            except subprocess.TimeoutExpired:
                self._proc.kill()
                self._proc.wait()
        if self._proc.stdout is not None:
            self._proc.stdout.close()


class PlainRunner:
    """``python -m module`` for every run, as before the fork server (``FUSEFORKS_NO_FORKSERVER=1``:
    to compare the two, or to rule the server out when a kill test fails)."""

    def __init__(self, module: str) -> None:
        self.module = module

    def run(
        self, args: list[str], env: dict[str, str], *, cwd: Path = ROOT, timeout: float = 60
    ) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            [sys.executable, "-m", self.module, *args],
            cwd=cwd,
            env=env,
            capture_output=True,
            text=True,
            timeout=timeout,
            check=False,
        )

    def close(self) -> None:
        pass


_servers: dict[str, ForkServer | PlainRunner] = {}


def server(module: str) -> ForkServer | PlainRunner:
    """The session's fork server for ``module`` (started on first use)."""
    if module not in _servers:
        plain = os.environ.get("FUSEFORKS_NO_FORKSERVER") == "1"
        _servers[module] = PlainRunner(module) if plain else ForkServer(module)
    return _servers[module]


@atexit.register
def _close_all() -> None:
    for s in _servers.values():
        s.close()


# ------------------------------------------------------------------ the server process
def _child(module: str, request: dict[str, object]) -> None:
    """In the forked child: wire up the streams, the environment and argv, run, exit."""
    code = 1
    try:
        null = os.open(os.devnull, os.O_RDONLY)
        os.dup2(null, 0)
        for fd, path in ((1, request["out"]), (2, request["err"])):
            target = os.open(str(path), os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
            os.dup2(target, fd)
            os.close(target)
        sys.stdin = open(0, closefd=False)  # noqa: SIM115 - the child's own stdin until it exits
        sys.stdout = open(1, "w", closefd=False)  # noqa: SIM115
        sys.stderr = open(2, "w", closefd=False)  # noqa: SIM115
        os.environ.clear()
        os.environ.update({str(k): str(v) for k, v in dict(request["env"]).items()})  # type: ignore[call-overload]
        os.chdir(str(request["cwd"]))
        sys.argv = [module, *(str(a) for a in list(request["args"]))]  # type: ignore[call-overload]
        # runpy says the module is in sys.modules already: that is the point (its imports are)
        warnings.filterwarnings("ignore", message=".*found in sys.modules", category=RuntimeWarning)
        runpy.run_module(module, run_name="__main__", alter_sys=True)
        code = 0
    except SystemExit as exc:
        code = exc.code if isinstance(exc.code, int) else (0 if exc.code is None else 1)
    except BaseException:
        traceback.print_exc()
    finally:
        for stream in (sys.stdout, sys.stderr):
            with contextlib.suppress(Exception):
                stream.flush()
        os._exit(code)


def _serve(module: str, requests: IO[str], replies: IO[str]) -> None:
    __import__(module)
    replies.write(json.dumps({"ready": module}) + "\n")
    replies.flush()
    for line in requests:
        request = json.loads(line)
        if threading.active_count() != 1:  # a fork would copy another thread's locks, held
            raise RuntimeError(f"{module} left threads running: {threading.enumerate()}")
        pid = os.fork()
        if pid == 0:
            _child(module, request)
        replies.write(json.dumps({"pid": pid}) + "\n")
        replies.flush()
        _, status = os.waitpid(pid, 0)
        rc = -os.WTERMSIG(status) if os.WIFSIGNALED(status) else os.WEXITSTATUS(status)
        replies.write(json.dumps({"rc": rc}) + "\n")
        replies.flush()


if __name__ == "__main__":
    _serve(sys.argv[1], sys.stdin, sys.stdout)
