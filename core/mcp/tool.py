"""``McpTool``: one MCP server tool as an ``AgentTool`` (S70-8, S70-22)."""

from __future__ import annotations

import dataclasses
import re
from typing import Any, Protocol

import mcp_types

from core.mcp.render import render_result_async
from core.tool import AgentTool, ToolContext, ToolReturn

MAX_TOOL_NAME = 64
_UNSAFE = re.compile(r"[^A-Za-z0-9_-]")


def tool_name(server: str, tool: str) -> str:
    """``{server}__{tool}`` with every character outside ``[A-Za-z0-9_-]`` replaced by ``_`` and cut
    to 64 characters, the limit the provider APIs share (S70-22)."""
    return _UNSAFE.sub("_", f"{server}__{tool}")[:MAX_TOOL_NAME]


def unique_names(wanted: list[str]) -> list[str]:
    """``wanted`` with later duplicates suffixed ``_2``, ``_3`` … (still within 64 characters)."""
    seen: set[str] = set()
    out = []
    for name in wanted:
        candidate, n = name, 1
        while candidate in seen:
            n += 1
            suffix = f"_{n}"
            candidate = name[: MAX_TOOL_NAME - len(suffix)] + suffix
        seen.add(candidate)
        out.append(candidate)
    return out


class ToolCaller(Protocol):
    """Who sends an ``McpTool``'s calls (``McpToolProvider``): the server's result, or an error
    ``ToolReturn`` when there is none (timeout, disconnect, server unavailable)."""

    async def call_tool(
        self, agent_id: str, server: str, name: str, args: dict[str, Any], ctx: ToolContext
    ) -> mcp_types.CallToolResult | ToolReturn: ...


class McpTool(AgentTool):
    """A tool of one agent's MCP server. ``call_with_media`` keeps images; ``call`` is the text-only
    path (images become the non-text note of S70-1, as for a tool that
    cannot carry images)."""

    def __init__(
        self, provider: ToolCaller, agent_id: str, server: str, tool: mcp_types.Tool, name: str
    ) -> None:
        self._provider = provider
        self.agent_id = agent_id
        self.server = server
        self.remote_name = tool.name
        self.name = name
        description = (tool.description or tool.title or "").strip()
        self.description = f"[{server}] {description}" if description else f"[{server}]"
        self.input_schema = dict(tool.input_schema) if tool.input_schema else {"type": "object"}

    async def call(self, args: dict[str, Any], ctx: ToolContext) -> ToolReturn:
        return await self.call_with_media(args, dataclasses.replace(ctx, image_results=False))

    async def call_with_media(self, args: dict[str, Any], ctx: ToolContext) -> ToolReturn:
        outcome = await self._provider.call_tool(self.agent_id, self.server, self.remote_name, args, ctx)
        if isinstance(outcome, ToolReturn):  # timeout, disconnect, server unavailable
            return outcome
        output, for_person = await render_result_async(outcome, ctx.language, image_results=ctx.image_results)
        return ToolReturn(output, is_error=bool(outcome.is_error), for_person=for_person)

    def __repr__(self) -> str:
        return f"McpTool({self.name!r}, server={self.server!r}, agent={self.agent_id!r})"
