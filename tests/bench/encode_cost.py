"""What a request's bytes cost per wire at frame 1,000 of a live-view session (issue 14).

Runnable on its own: ``python -m tests.bench.encode_cost [--turns 1000] [--repeat 15]``. Builds
the history the issue measured (1,000 live-view turns, 4,001 messages, tool images already
stripped, every assistant message carrying its replayed reasoning) and prints, per wire, the
best of ``encode``, of ``json.dumps`` of the encoded body, of the two together (what
``wires.encoding.request_bytes`` does) and their ratio to the bare ``json.dumps`` of the same
body, measured in the same run. Then the cost of the thread hop (``asyncio.to_thread``) beside a
small and a large encode, and what base64 and ``ensure_ascii`` cost for a request with images.
Figures, not verdicts: nothing here passes or fails.
"""

from __future__ import annotations

import argparse
import asyncio
import base64
import json
import time
from collections.abc import Callable
from typing import Any

from core.canonical import ChatMessage, ChatRequest, ImageData, Role, ToolCall, ToolSpec
from wires import WIRE_NAMES, WIRES
from wires.encoding import encoded, request_bytes

THOUGHT = "One fresh frame tells me who is there."
SIGNATURE = "EqQBCkYIBxgCKkD" + "x" * 45  # sized so the Anthropic body is the issue's ≈610 KB


def replay(n: int, *, call: bool) -> dict[str, Any]:
    """The replay data every wire keeps for one assistant message (only its own key is read)."""
    thinking = {"type": "thinking", "thinking": THOUGHT, "signature": SIGNATURE}
    use = {
        "type": "tool_use",
        "id": f"call_{n}",
        "name": "cam__live_view_image",
        "input": {"camera": "front"},
    }
    text = {"type": "text", "text": f"Nobody at the door ({n})."}
    state: dict[str, Any] = {"anthropic": {"content": [thinking, use] if call else [thinking, text]}}
    args = json.dumps({"camera": "front"})
    if call:
        fc = {
            "id": f"call_{n}",
            "type": "function",
            "function": {"name": "cam__live_view_image", "arguments": args},
        }
        state["openai-compat"] = {"tool_calls": [fc], "reasoning_content": THOUGHT}
        part = {
            "functionCall": {"name": "cam__live_view_image", "args": {"camera": "front"}},
            "thoughtSignature": SIGNATURE,
        }
        state["gemini"] = {"parts": [part]}
    else:
        state["gemini"] = {"parts": [{"text": f"Nobody at the door ({n}).", "thoughtSignature": SIGNATURE}]}
    items: list[dict[str, Any]] = [
        {"type": "reasoning", "id": f"rs_{n}", "summary": [], "encrypted_content": SIGNATURE * 2}
    ]
    if call:
        items.append(
            {
                "type": "function_call",
                "id": f"fc_{n}",
                "call_id": f"call_{n}",
                "name": "cam__live_view_image",
                "arguments": args,
                "status": "completed",
            }
        )
    else:
        content = [{"type": "output_text", "text": f"Nobody at the door ({n}).", "annotations": []}]
        items.append(
            {
                "type": "message",
                "id": f"msg_{n}",
                "role": "assistant",
                "status": "completed",
                "content": content,
            }
        )
    for name in WIRE_NAMES:
        if name.endswith("-responses"):
            state[name] = {"items": items}
    return state


def session(turns: int) -> ChatRequest:
    messages: list[ChatMessage] = []
    for n in range(turns):
        call = ToolCall(f"call_{n}", "cam__live_view_image", {"camera": "front"})
        messages += [
            ChatMessage(Role.USER, "Who is at the door?"),
            ChatMessage(Role.ASSISTANT, "", tool_calls=[call], provider_state=replay(n, call=True)),
            ChatMessage(
                Role.TOOL,
                f'{{"seq": {n}, "camera": "front", "ts": "2026-11-30T10:{n % 60:02d}:00Z"}}',
                tool_call_id=call.id,
                tool_name="cam__live_view_image",
            ),
            ChatMessage(Role.ASSISTANT, f"Nobody at the door ({n}).", provider_state=replay(n, call=False)),
        ]
    messages.append(ChatMessage(Role.USER, "Who is at the door?"))
    tools = [ToolSpec("cam__live_view_image", "One frame of a camera", {"type": "object", "properties": {}})]
    return ChatRequest("m-1", "You watch the camera at the front door.", messages, tools, max_tokens=1024)


def best_ms(fn: Callable[[], object], repeat: int) -> float:
    """The best of ``repeat`` runs in CPU time of this process (on a shared machine the wall
    clock counts the other processes too; these steps are single-threaded and CPU-bound)."""
    times = []
    for _ in range(repeat):
        t0 = time.process_time()
        fn()
        times.append(time.process_time() - t0)
    return min(times) * 1000


def bare(body: dict[str, Any]) -> bytes:
    return json.dumps(body, ensure_ascii=False).encode("utf-8")


def wire_table(request: ChatRequest, repeat: int) -> None:
    print(f"{'wire':22} {'KB':>6} {'encode':>8} {'json':>7} {'enc+json':>9} {'bare json':>10} {'ratio':>6}")
    for name in WIRE_NAMES:
        wire = WIRES[name]
        body = wire.stream_body(wire.encode(request))
        enc = best_ms(lambda w=wire: w.encode(request), repeat)  # type: ignore[misc]
        dump = best_ms(lambda b=body: bare(b), repeat)  # type: ignore[misc]
        both = best_ms(lambda w=wire: request_bytes(w, request, stream=True), repeat)  # type: ignore[misc]
        size = len(bare(body)) / 1024
        print(
            f"{name:22} {size:6.0f} {enc:7.2f}ms {dump:6.2f}ms {both:8.2f}ms {dump:9.2f}ms {both / dump:6.2f}"
        )


def hop_table(small: ChatRequest, large: ChatRequest, repeat: int) -> None:
    wire = WIRES["anthropic"]

    async def hop() -> None:
        await asyncio.to_thread(lambda: None)

    async def run(coro: Callable[[], Any]) -> float:
        times = []
        for _ in range(repeat):
            t0 = time.perf_counter()
            await coro()
            times.append(time.perf_counter() - t0)
        return min(times) * 1000

    async def main() -> None:
        print(f"thread hop (to_thread of a no-op): {await run(hop):.3f} ms")
        for label, req in (("small", small), ("large", large)):
            on_loop = best_ms(lambda r=req: request_bytes(wire, r, stream=True), repeat)  # type: ignore[misc]
            size = len(request_bytes(wire, req, stream=True)) / 1024
            print(f"{label} request ({size:.0f} KB): encode+json {on_loop:.3f} ms on the loop", end="")
            print(f", via wires.encoding.encoded {await run(lambda r=req: encoded(wire, r, True)):.3f} ms")

    asyncio.run(main())


def image_table(repeat: int) -> None:
    data = bytes(range(256)) * 70  # ≈17.6 KB, the frame size
    images = [ImageData("image/jpeg", data, 640, 424) for _ in range(2)]
    req = ChatRequest("m", "sys", [ChatMessage(Role.USER, "look", attachments=images)], [])
    b64 = best_ms(lambda: [base64.b64encode(i.data).decode("ascii") for i in images], repeat)
    print(f"two 17.6 KB frames: base64 {b64:.3f} ms")
    for name in ("anthropic", "openai-compat", "gemini"):
        body = WIRES[name].encode(req)
        both = best_ms(lambda n=name: request_bytes(WIRES[n], req, stream=True), repeat)  # type: ignore[misc]
        ascii_ = best_ms(lambda b=body: json.dumps(b).encode("ascii"), repeat)  # type: ignore[misc]
        print(
            f"  {name:14} encode+json {both:.3f} ms, bare json {best_ms(lambda b=body: bare(b), repeat):.3f} ms,"
            f" ensure_ascii=True json {ascii_:.3f} ms"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--turns", type=int, default=1000)
    parser.add_argument("--repeat", type=int, default=15)
    args = parser.parse_args()
    request = session(args.turns)
    print(f"{len(request.messages)} messages, {args.turns} turns, best of {args.repeat}")
    wire_table(request, args.repeat)
    hop_table(session(1), session(100), args.repeat * 4)
    image_table(args.repeat * 4)


if __name__ == "__main__":
    main()
