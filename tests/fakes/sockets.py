"""The TCP options of another process's connected sockets, read from the kernel.

``connected_nodelay(pid)`` duplicates each socket of process ``pid`` into this process with
``pidfd_getfd(2)`` (Linux 5.6+, needs ptrace rights over the target: root, or our own child with
``ptrace_scope`` 0) and reads ``TCP_NODELAY`` on each connected TCP socket. Deterministic: no timing.
"""

from __future__ import annotations

import ctypes
import os
import socket
from pathlib import Path

_SYS_PIDFD_GETFD = 438  # the same number on every architecture (the generic syscall table)


def pidfd_getfd_works(pid: int) -> str:
    """Empty when this process can read the sockets of process ``pid``, else why not."""
    if not hasattr(os, "pidfd_open"):
        return "os.pidfd_open is missing (not Linux)"
    try:
        pidfd = os.pidfd_open(pid)
        try:
            os.close(_getfd(pidfd, int(min(os.listdir(f"/proc/{pid}/fd"), key=int))))
        finally:
            os.close(pidfd)
    except (OSError, ValueError) as exc:
        return f"pidfd_getfd failed: {exc}"
    return ""


def _getfd(pidfd: int, target: int) -> int:
    libc = ctypes.CDLL(None, use_errno=True)
    fd = int(libc.syscall(_SYS_PIDFD_GETFD, pidfd, target, 0))
    if fd < 0:
        errno = ctypes.get_errno()
        raise OSError(errno, os.strerror(errno))
    return fd


def connected_nodelay(pid: int) -> dict[tuple[str, int], bool]:
    """Peer address → TCP_NODELAY, for every connected TCP socket of process ``pid``."""
    found: dict[tuple[str, int], bool] = {}
    pidfd = os.pidfd_open(pid)
    try:
        for name in os.listdir(f"/proc/{pid}/fd"):
            try:
                if not os.readlink(f"/proc/{pid}/fd/{name}").startswith("socket:"):
                    continue
                fd = _getfd(pidfd, int(name))
            except OSError:
                continue  # closed meanwhile
            with socket.socket(fileno=fd) as sock:
                if sock.family not in (socket.AF_INET, socket.AF_INET6) or sock.type != socket.SOCK_STREAM:
                    continue
                try:
                    peer = sock.getpeername()
                except OSError:
                    continue  # the listening socket
                found[(peer[0], peer[1])] = bool(sock.getsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY))
    finally:
        os.close(pidfd)
    return found


def peers_of_port(port: int) -> set[int]:
    """The client-side ports of every TCP connection to local ``port`` the kernel still lists,
    TIME_WAIT included (``/proc/net/tcp``, ``tcp6``): how many connections were opened to it."""
    peers: set[int] = set()
    for table in ("/proc/net/tcp", "/proc/net/tcp6"):
        try:
            rows = Path(table).read_text(encoding="ascii").splitlines()[1:]
        except OSError:
            continue
        for row in rows:
            fields = row.split()
            local, remote = (int(f.rsplit(":", 1)[1], 16) for f in fields[1:3])
            state = fields[3]
            if state == "0A":  # LISTEN
                continue
            if remote == port:
                peers.add(local)
            elif local == port:
                peers.add(remote)
    return peers
