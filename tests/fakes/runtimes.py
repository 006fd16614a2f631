"""The app's runtime (village, store, history) on a store folder, as a start of the app makes it:
for tests that restart the app on the same store."""

from __future__ import annotations

from pathlib import Path

from app.keys import KeyStore
from app.launcher import Runtime, make_runtime
from core.config import parse_config
from core.llm import ModelBackend
from core.village import Village
from tests.fakes.stores import CRASHED_CFG

VILLAGE_ID = "restarted-village"


def start(data: Path, backend: ModelBackend, stamp: str) -> Runtime:
    """A start on ``data`` with the crashed store's village (agent_9); every template answers with
    ``backend``. ``stamp`` makes the turn ids of this start distinct from an earlier start's (two
    starts within one second would otherwise reuse them)."""
    config = parse_config({**CRASHED_CFG, "village": {"id": VILLAGE_ID}})  # one village on every start
    rt = make_runtime(config, KeyStore(), store_dir=data)
    assert isinstance(rt.village, Village)
    rt.village._stamp = stamp
    rt.village._backend_factory = lambda t: backend
    return rt


async def stop(rt: Runtime) -> None:
    """The end of that start: the village closed, then the store."""
    await rt.village.close()
    assert rt.store is not None
    rt.store.close()
