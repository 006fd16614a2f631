"""Everything the app writes is private to the person (PRIVACY.md: 0600 files, 0700 folders).

The app's own runtime (``app.launcher.make_runtime``) runs one turn against the fake Anthropic
provider on loopback: a camera image from the simulator (blobs, the media cache), an
``execute_code`` result large enough to spill, and the log. Then every file and folder under the
test's home is checked, while the store is still open (so ``store.db-wal`` and ``store.db-shm``
exist). The process umask is a common login one (022), so the modes come from the app itself;
the app's start-up also sets the process umask to 077 (``core.paths.private_umask``).
"""

from __future__ import annotations

import asyncio
import os
import stat
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from core.config import parse_config
from core.log import LOG, LOG_NAME
from core.village import Village
from tests.fakes.providers import FakeProvider, Reply
from tests.fakes.servers import camera_server

ROOT = Path(__file__).resolve().parents[2]
PROVIDER_KEY = "k-test-provider-key"


def loose_modes(home: Path) -> list[str]:
    """Every file or folder under ``home`` (not ``home`` itself) that others may read or enter."""
    loose = []
    for path in sorted(home.rglob("*")):
        mode = stat.S_IMODE(path.lstat().st_mode)
        if mode & 0o077:
            loose.append(f"{oct(mode)} {path.relative_to(home)}")
    return loose


@pytest.mark.asyncio
async def test_every_file_and_folder_the_app_writes_is_private(
    tmp_path: Path, plaintext_keyring: Any
) -> None:
    from app.keys import KeyStore
    from app.launcher import make_runtime

    home = tmp_path / "home"
    home.mkdir(mode=0o700)
    keys = KeyStore(plaintext_keyring)
    keys.set("t-key", PROVIDER_KEY)
    old_umask = os.umask(0o022)
    try:
        LOG.configure(home / "log")
        with camera_server() as cam, FakeProvider("anthropic", key=PROVIDER_KEY) as fake:
            fake.script(
                Reply.call("cam__live_view_image"),
                Reply.call("execute_code", {"code": "print('x' * 200_000)"}),
                Reply.say("seen it"),
            )
            config = parse_config(
                {
                    "templates": [
                        {
                            "name": "t",
                            "protocol": "anthropic",
                            "model": "m",
                            "key": "t-key",
                            "base_url": fake.url,
                        }
                    ],
                    "agents": [
                        {
                            "id": "a1",
                            "template": "t",
                            "builtin_tools": ["execute_code"],
                            "mcp_servers": {"cam": {"type": "http", "url": cam}},
                        }
                    ],
                    "mcp": {"call_timeout_s": 20, "connect_timeout_s": 20},
                },
                path=home / "config" / "village.json",
            )
            rt = make_runtime(config, keys, store_dir=home / "data")
            village = rt.village
            assert isinstance(village, Village) and rt.store is not None
            try:
                await village.start()
                outcome = await asyncio.wait_for(village.send("a1", "look and count").wait(), 30)
                assert outcome.text == "seen it"
                names = {p.relative_to(home).as_posix() for p in home.rglob("*")}
                loose = loose_modes(home)
            finally:
                await village.close()
                rt.store.close()
    finally:
        os.umask(old_umask)
        LOG.close()
    for expected in (
        "data",
        "data/store",
        "data/store/store.db",
        "data/store/store.db-wal",
        "data/store/store.db-shm",
        "data/store/calls.journal",
        "data/store/blobs",
        "data/spill",
        "data/code/a1",
        "config/village.tool-media",
        f"log/{LOG_NAME}",
    ):
        assert expected in names, sorted(names)
    assert any(n.startswith("config/village.tool-media/") for n in names)  # the camera frame
    assert any(n.startswith("data/spill/") and n.endswith(".txt") for n in names)  # the spilled result
    assert loose == [], loose


def test_the_app_and_the_drivers_start_with_a_private_umask() -> None:
    probe = (
        "import os, sys\n"
        "from app.__main__ import main\n"
        "main(['--version'])\n"
        "print(oct(os.umask(0)), file=sys.stderr)\n"
    )
    res = subprocess.run(
        [sys.executable, "-c", probe], cwd=ROOT, capture_output=True, text=True, timeout=60, check=True
    )
    assert res.stderr.strip().splitlines()[-1] == "0o77"
