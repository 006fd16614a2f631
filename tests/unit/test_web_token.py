"""The companion's token (web/token.py, WC-2): kept in the keyring per village, made once, rotated;
the sign-in link carries it only in the fragment. Also: the page's script parses (node --check)."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest

from app.keys import KeyStore
from core.log import LOG
from web.token import VillageToken, entry, sign_in_url

ROOT = Path(__file__).resolve().parents[2]


def test_the_token_is_made_once_per_village_kept_in_the_keyring_and_rotated(plaintext_keyring: Any) -> None:
    keys = KeyStore()
    first = VillageToken(keys, "v1")
    assert keys.get(entry("v1")) is None  # nothing read or made until it is needed
    assert len(first.value()) >= 40 and keys.get(entry("v1")) == first.value()
    assert VillageToken(keys, "v1").value() == first.value()  # the next start reads it
    assert VillageToken(keys, "v2").value() != first.value()
    old = first.value()
    new = first.rotate()
    assert new != old and keys.get(entry("v1")) == new == first.value()
    assert old in LOG.secrets() and new in LOG.secrets()


def test_the_sign_in_link_carries_the_token_only_in_its_fragment() -> None:
    url = sign_in_url("http://192.168.1.5:8765/", "a+b/c=")
    parts = urlsplit(url)
    assert parts.path == "/" and parts.query == "" and parts.fragment == "token=a%2Bb%2Fc%3D"


@pytest.mark.skipif(shutil.which("node") is None, reason="node is not installed (package.json's test tools)")
def test_the_page_script_parses() -> None:
    done = subprocess.run(
        ["node", "--check", str(ROOT / "web" / "page" / "app.js")], capture_output=True, text=True, timeout=30
    )
    assert done.returncode == 0, done.stderr
