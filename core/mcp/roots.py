"""MCP roots: the folders the person allowed a server to know of (``roots`` in its settings).

The client declares the ``roots`` capability (with ``listChanged``) only for a server whose
``roots`` list is not empty; ``roots/list`` answers each folder as a ``file://`` URI named after
the folder. When the person changes only a server's roots in the settings, the live connection
keeps running and the server is sent ``notifications/roots/list_changed`` (``only_roots_changed``
tells the provider that this is the case).

Lines written: ``mcp roots listed: agent= server= roots=`` and ``mcp roots changed: agent= server=
roots=`` (counts; the paths are not logged).
"""

from __future__ import annotations

import dataclasses
import warnings
from collections.abc import Sequence
from pathlib import PurePosixPath, PureWindowsPath
from typing import Protocol

import mcp_types
from mcp import Client
from mcp.client.session import ClientRequestContext, ListRootsFnT

from core.config import McpServer
from core.log import LOG


def _pure(folder: str) -> PurePosixPath | PureWindowsPath:
    return PureWindowsPath(folder) if PureWindowsPath(folder).drive else PurePosixPath(folder)


def root_uri(folder: str) -> str:
    """The ``file://`` URI of an absolute folder path (POSIX or Windows spelling)."""
    return _pure(folder).as_uri()


def root_name(folder: str) -> str:
    """What a root is called: its folder's name (the path itself for a drive or ``/``)."""
    pure = _pure(folder)
    return pure.name or str(pure)


def roots_result(server: McpServer) -> mcp_types.ListRootsResult:
    """The ``roots/list`` answer for ``server``'s folders, in their configured order."""
    return mcp_types.ListRootsResult(
        roots=[mcp_types.Root(uri=root_uri(f), name=root_name(f)) for f in server.roots]  # type: ignore[arg-type]
    )


def only_roots_changed(before: Sequence[McpServer], after: Sequence[McpServer]) -> bool:
    """``True`` when the two server lists differ, and only in some server's ``roots``."""
    if [s.name for s in before] != [s.name for s in after] or list(before) == list(after):
        return False
    for old, new in zip(before, after, strict=True):
        if dataclasses.replace(old, roots=list(new.roots)) != new:
            return False
        if bool(old.roots) != bool(new.roots):  # the capability itself changes: reconnect
            return False
    return True


class RootsSide(Protocol):
    """The part of ``core.mcp.connection.Connection`` the roots callbacks use."""

    agent_id: str
    server: McpServer
    client: Client | None


def list_roots_callback(conn: RootsSide) -> ListRootsFnT:
    """The connection's ``roots/list`` handler: the folders of its server as configured now."""

    async def answer(context: ClientRequestContext) -> mcp_types.ListRootsResult:
        server = conn.server
        LOG.event("mcp roots listed", agent=conn.agent_id, server=server.name, roots=len(server.roots))
        return roots_result(server)

    return answer


async def send_roots_changed(conn: RootsSide, server: McpServer) -> None:
    """``server`` differs from the connected one only in its roots: adopt it and send
    ``notifications/roots/list_changed`` (the server then asks ``roots/list`` again)."""
    conn.server = server
    if conn.client is not None:
        with warnings.catch_warnings():  # deprecated from protocol 2026-07-28; this client is legacy
            warnings.simplefilter("ignore")
            await conn.client.send_roots_list_changed()
    LOG.event("mcp roots changed", agent=conn.agent_id, server=server.name, roots=len(server.roots))
