"""``python -m app.demo_camera [--stdio | --sse] [--host H] [--port P] [--mode M] [--control] [--elicit]``

Streamable HTTP on 127.0.0.1:47321/mcp by default. If the port is taken (say NIK itself is
running) a free port is used instead. When the socket is bound, one line goes to stdout:
``demo camera: http://127.0.0.1:PORT/mcp`` (a parent process reads it). With ``--stdio`` the
server speaks MCP on stdin/stdout and prints nothing else there.
"""

from __future__ import annotations

import argparse
import contextlib
import logging
import socket
import sys

import anyio
import uvicorn

from app.demo_camera.frames import MODES
from app.demo_camera.server import CameraState, build_server

DEFAULT_HOST = "127.0.0.1"
DEFAULT_PORT = 47321


def bind(host: str, port: int) -> socket.socket:
    """A listening socket on ``port``, or on a free port when that one is taken.

    Created with ``IPPROTO_TCP`` named: asyncio sets ``TCP_NODELAY`` only on sockets whose
    ``proto`` says TCP, and accepted sockets inherit it. With protocol 0 a plain-JSON reply waited
    on Nagle plus the client's delayed ACK, ~40 ms a call (issue 12).
    """
    for candidate in (port, 0):
        sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM, socket.IPPROTO_TCP)
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            sock.bind((host, candidate))
        except OSError:
            sock.close()
            if candidate == 0:
                raise
            continue
        sock.listen(128)
        sock.set_inheritable(True)
        return sock
    raise AssertionError("unreachable")


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        prog="python -m app.demo_camera",
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    transport = parser.add_mutually_exclusive_group()
    transport.add_argument("--stdio", action="store_true", help="speak MCP on stdin/stdout")
    transport.add_argument("--sse", action="store_true", help="legacy HTTP+SSE transport at /sse")
    parser.add_argument("--host", default=DEFAULT_HOST)
    parser.add_argument("--port", type=int, default=DEFAULT_PORT, help="0 picks a free port")
    parser.add_argument(
        "--mode",
        choices=sorted(MODES),
        default="jpeg",
        help="what live_view_image returns: " + "; ".join(f"{k}: {v}" for k, v in MODES.items()),
    )
    parser.add_argument("--slow-seconds", type=float, default=30.0, help="delay of --mode slow")
    parser.add_argument("--control", action="store_true", help="add the demo_* test tools")
    parser.add_argument("--elicit", action="store_true", help="add demo_ask_settings (an elicitation form)")
    return parser.parse_args(argv)


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)

    logging.basicConfig(level=logging.WARNING)
    server = build_server(CameraState(args.mode, args.slow_seconds), control=args.control, elicit=args.elicit)
    if args.stdio:
        server.run("stdio")
        return 0

    sock = bind(args.host, args.port)
    port = sock.getsockname()[1]
    if args.sse:
        app = server.sse_app(host=args.host)
        path = "/sse"
    else:
        app = server.streamable_http_app(host=args.host)
        path = "/mcp"
    if port != args.port and args.port != 0:
        print(f"demo camera: port {args.port} is taken; using {port}", file=sys.stderr, flush=True)
    print(f"demo camera: http://{args.host}:{port}{path}", flush=True)
    config = uvicorn.Config(app, log_level="warning", lifespan="on")
    with contextlib.suppress(KeyboardInterrupt):
        anyio.run(lambda: uvicorn.Server(config).serve(sockets=[sock]))
    return 0


if __name__ == "__main__":
    sys.exit(main())
