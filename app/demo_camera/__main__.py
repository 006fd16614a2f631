"""``python -m app.demo_camera [--stdio | --sse] [--host H] [--port P] [--mode M] [--control] [--elicit] [--feeder]
[--scene S [--event-at N] [--event-frames D] [--seed K] [--noise A]]``

Streamable HTTP on 127.0.0.1:47321/mcp by default. If the port is taken (say NIK itself is
running) a free port is used instead. When the socket is bound, one line goes to stdout:
``demo camera: http://127.0.0.1:PORT/mcp`` (a parent process reads it). With ``--stdio`` the
server speaks MCP on stdin/stdout and prints nothing else there. ``--scene`` replaces the moving
ball with a scripted scene (``scenes.SCENES``): static with sensor noise, one event, static again.
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
from app.demo_camera.scenes import SCENES, Scene
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


def parse_args(argv: list[str] | None = None, prog: str = "python -m app.demo_camera") -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        prog=prog,
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
    parser.add_argument(
        "--feeder", action="store_true", help="add feeder_view_image (the demo village's watch)"
    )
    parser.add_argument(
        "--scene",
        choices=sorted(SCENES),
        help="frames from a scripted scene: " + "; ".join(f"{k}: {v}" for k, v in SCENES.items()),
    )
    parser.add_argument(
        "--event-at", type=int, default=300, help="the scene's event starts at this frame (from 1)"
    )
    parser.add_argument("--event-frames", type=int, default=20, help="how many frames the bird stays")
    parser.add_argument("--seed", type=int, default=0, help="the seed of the scene's sensor noise")
    parser.add_argument("--noise", type=int, default=8, help="the scene's sensor noise, in grey levels")
    args = parser.parse_args(argv)
    if args.scene is not None:
        try:
            args.scene = Scene(args.scene, args.event_at, args.event_frames, args.seed, args.noise)
        except ValueError as exc:
            parser.error(str(exc))
    return args


def main(argv: list[str] | None = None, prog: str = "python -m app.demo_camera") -> int:
    """``prog``: how the person started it (``fuseforks --demo-camera`` from a build), for --help."""
    args = parse_args(argv, prog)

    logging.basicConfig(level=logging.WARNING)
    state = CameraState(args.mode, args.slow_seconds, args.scene)
    server = build_server(state, control=args.control, elicit=args.elicit, feeder=args.feeder)
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
