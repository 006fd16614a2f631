"""What the village asks of the parts it is given: the tool provider and the tool pipeline.

The MCP client (``core.mcp.McpToolProvider``) and ``core.results.VillagePipeline`` implement these;
a test may pass any object of the same shape.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from core.config import Config, McpServer
from core.tool import AgentTool
from core.tool_calls import ToolPipeline


class ServerState(Protocol):
    """One MCP server of an agent as the provider reports it."""

    @property
    def server(self) -> str: ...

    @property
    def transport(self) -> str: ...

    @property
    def target(self) -> str: ...  # the URL or the command line

    @property
    def state(self) -> str: ...  # "failed" is shown to the person; the others are not

    @property
    def error(self) -> str: ...

    @property
    def stderr_tail(self) -> str: ...


class ToolProvider(Protocol):
    """Supplies each agent's tools (the MCP client implements it)."""

    async def tools_for(self, agent_id: str, servers: list[McpServer]) -> list[AgentTool]: ...

    def tools(self, agent_id: str) -> Sequence[AgentTool]:
        """The agent's current tools (they change after a server's ``tools/list_changed``)."""
        ...

    def status(self, agent_id: str) -> Sequence[ServerState]: ...

    async def close_agent(self, agent_id: str) -> None: ...

    def retry_failed(self, agent_id: str) -> None:
        """Try the agent's failed servers again at once (a saved configuration)."""
        ...

    async def update_roots(self, agent_id: str, servers: list[McpServer]) -> bool:
        """Adopt ``servers`` if they differ from the running ones only in roots (the servers are
        told, nothing restarts); ``False``: the caller restarts the agent's servers."""
        ...

    async def close(self) -> None: ...


class PipelinePort(ToolPipeline, Protocol):
    """The tool pipeline (S00-1) as the village holds it: it adopts a new configuration."""

    def apply_config(self, config: Config) -> None: ...
