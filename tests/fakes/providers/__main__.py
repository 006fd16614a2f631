"""``python -m tests.fakes.providers --protocol NAME --port N [--tool T --args JSON --say TEXT]``."""

from __future__ import annotations

import argparse
import json
import sys
import threading

from tests.fakes.providers import PROTOCOLS, FakeProvider, Scenario


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tests.fakes.providers", description=__doc__)
    parser.add_argument("--protocol", required=True, choices=PROTOCOLS)
    parser.add_argument("--port", type=int, default=0, help="0 picks a free port")
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--key", default=None, help="require this key (default: accept any)")
    parser.add_argument("--tool", default=None, help="first answer: call this tool")
    parser.add_argument("--args", default="{}", help="JSON arguments for --tool")
    parser.add_argument("--say", default="ok", help="answer after a tool result (or always, without --tool)")
    parser.add_argument("--reject-webp", action="store_true")
    parser.add_argument("--reject-images", action="store_true")
    ns = parser.parse_args(argv)
    scenario = Scenario(say=ns.say, tool=ns.tool, args=json.loads(ns.args))
    fake = FakeProvider(
        ns.protocol,
        key=ns.key,
        scenario=scenario,
        reject_webp=ns.reject_webp,
        reject_images=ns.reject_images,
        host=ns.host,
        port=ns.port,
    ).start()
    print(fake.url, flush=True)
    try:
        threading.Event().wait()
    except KeyboardInterrupt:
        pass
    finally:
        fake.stop()
    return 0


if __name__ == "__main__":
    sys.exit(main())
