"""One atomic file write for the whole core: temp file in the same folder, fsync, rename."""

from __future__ import annotations

import contextlib
import os
import tempfile
from pathlib import Path

from core.paths import private_dir


def write_atomic(path: Path, data: bytes) -> None:
    """Write ``data`` to ``path`` (mode 0600, set before any byte is written) so readers see the
    old file or the whole new one, never a part. Missing folders are made 0700."""
    private_dir(path.parent)
    fd, tmp = tempfile.mkstemp(prefix=".tmp-", dir=path.parent)
    try:
        os.fchmod(fd, 0o600)
        with os.fdopen(fd, "wb") as fh:
            fh.write(data)
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise
