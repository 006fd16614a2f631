"""The camera simulator answers plain-JSON clients without the Nagle / delayed-ACK wait (issue 12, 7).

A client on MCP protocol 2026-07-28 gets each reply as one JSON body. If the accepted socket lacks
``TCP_NODELAY``, the body's last segment waits for the client's delayed ACK (~40 ms a call). The
check reads the option on the server's own accepted socket (tests/fakes/sockets.py), so it does not
depend on timing.
"""

from __future__ import annotations

import json
from collections.abc import Iterator

import httpx
import pytest

from tests.fakes.servers import start_camera, stop
from tests.fakes.sockets import connected_nodelay, pidfd_getfd_works

MODERN = "2026-07-28"


@pytest.fixture
def camera_pid_url() -> Iterator[tuple[int, str]]:
    proc, url = start_camera()
    try:
        yield proc.pid, url
    finally:
        stop(proc)


def modern_call(client: httpx.Client, url: str, request_id: int) -> httpx.Response:
    """One self-contained 2026-07-28 ``tools/call`` POST, as pydantic-ai's client sends it."""
    body = {
        "jsonrpc": "2.0",
        "id": request_id,
        "method": "tools/call",
        "params": {
            "name": "camera_status",
            "arguments": {},
            "_meta": {
                "io.modelcontextprotocol/protocolVersion": MODERN,
                "io.modelcontextprotocol/clientCapabilities": {},
                "io.modelcontextprotocol/clientInfo": {"name": "probe", "version": "1"},
            },
        },
    }
    headers = {
        "Accept": "application/json, text/event-stream",
        "Content-Type": "application/json",
        "MCP-Protocol-Version": MODERN,
        "Mcp-Method": "tools/call",
        "Mcp-Name": "camera_status",
    }
    return client.post(url, content=json.dumps(body), headers=headers)


def test_accepted_socket_has_tcp_nodelay_for_plain_json_replies(camera_pid_url: tuple[int, str]) -> None:
    pid, url = camera_pid_url
    reason = pidfd_getfd_works(pid)
    if reason:
        pytest.skip(f"cannot read another process's sockets here: {reason}")
    with httpx.Client(limits=httpx.Limits(max_connections=1), timeout=20.0) as client:
        for request_id in (1, 2):
            response = modern_call(client, url, request_id)
            assert response.status_code == 200, response.text
            assert response.headers["content-type"].startswith("application/json")
            assert response.json()["id"] == request_id
            assert response.json()["result"]["isError"] is False
        client_addr = response.extensions["network_stream"].get_extra_info("client_addr")
        nodelay = connected_nodelay(pid)
    assert nodelay[tuple(client_addr)] is True
