"""The parsed configuration: plain dataclasses whose defaults come from the declarations
(``core.config.schema``), so each default is written once.

Every object that can carry keys the reader does not know keeps them in ``extra`` (reported as
warnings on load, written back unchanged on save).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal

from core.paths import config_dir
from core.secret_refs import SECRET_REF

from .schema import AGENT, MCP, OAUTH, SERVER, TEMPLATE, TOOL_RESULTS, TURN, VILLAGE


class ConfigError(Exception):
    """The configuration cannot be used. ``problems`` lists every ``(key path, message)``; ``at``
    is the ``(line, column)`` of the file's bytes at fault when it is not JSON (a syntax error)."""

    def __init__(
        self, path: Path | None, problems: list[tuple[str, str]], at: tuple[int, int] | None = None
    ) -> None:
        self.path = path
        self.problems = problems
        self.at = at
        where = str(path) if path else "<configuration>"
        lines = [f"{where}: {key or '(top level)'}: {msg}" for key, msg in problems]
        super().__init__("\n".join(lines))


@dataclass
class Village:
    language: Literal["ja", "en", "zh"] = VILLAGE.default("language")
    name: str = VILLAGE.default("name")
    id: str = VILLAGE.default("id")
    keep_days: int = VILLAGE.default("keep_days")  # store retention (core/store/gc.py); 0: for ever
    vision_relay: str = VILLAGE.default("vision_relay")  # a template's name: the village's eyes; "": none
    extra: dict[str, Any] = field(default_factory=dict, hash=False)


@dataclass
class Template:
    name: str
    protocol: str
    model: str
    base_url: str = TEMPLATE.default("base_url")
    key: str | None = TEMPLATE.default("key")
    tools: bool = TEMPLATE.default("tools")
    reads_images: bool = TEMPLATE.default("reads_images")
    context_tokens: int | None = TEMPLATE.default("context_tokens")
    max_output_tokens: int = TEMPLATE.default("max_output_tokens")
    request_timeout_s: float = TEMPLATE.default("request_timeout_s")
    request_deadline_s: float = TEMPLATE.default("request_deadline_s")
    max_retries: int = TEMPLATE.default("max_retries")
    stream: bool = TEMPLATE.default("stream")
    extra: dict[str, Any] = field(default_factory=dict, hash=False)


@dataclass(frozen=True)
class OAuthSettings:
    """``"oauth"`` of a remote MCP server: requested scopes (space-separated), client name, and an
    optional pre-registered client: ``client_id``, ``client_secret`` (always a ``${secret:NAME}``
    reference, resolved at connect time) and the exact ``redirect_port`` registered for it; a Client
    ID Metadata Document URL; ``grant`` ``client_credentials`` for a machine-to-machine server, with
    a secret or a ``private_key`` reference (``private_key_jwt``); ``identity_assertion``
    (enterprise-managed, SEP-990) with the ``issuer``, the identity provider's token endpoint and
    client id, and an ``id_token`` reference."""

    scopes: str | None = OAUTH.default("scopes")
    client_name: str = OAUTH.default("client_name")
    client_id: str | None = OAUTH.default("client_id")
    client_secret: str | None = OAUTH.default("client_secret")
    redirect_port: int | None = OAUTH.default("redirect_port")
    client_metadata_url: str | None = OAUTH.default("client_metadata_url")
    grant: str | None = OAUTH.default("grant")  # None: authorization_code
    private_key: str | None = OAUTH.default("private_key")
    issuer: str | None = OAUTH.default("issuer")
    idp_token_endpoint: str | None = OAUTH.default("idp_token_endpoint")
    idp_client_id: str | None = OAUTH.default("idp_client_id")
    id_token: str | None = OAUTH.default("id_token")
    extra: dict[str, Any] = field(default_factory=dict, hash=False)


@dataclass
class McpServer:
    name: str
    transport: Literal["stdio", "http", "sse"]
    command: str = ""
    args: list[str] = field(default_factory=lambda: SERVER.default("args"))
    env: dict[str, str] = field(default_factory=lambda: SERVER.default("env"))
    cwd: str | None = SERVER.default("cwd")
    url: str = ""
    headers: dict[str, str] = field(default_factory=lambda: SERVER.default("headers"))
    enabled: bool = SERVER.default("enabled")
    # MCP roots and sampling (core/mcp/roots.py, core/mcp/sampling.py): declared only when set
    roots: list[str] = field(default_factory=lambda: SERVER.default("roots"))
    sampling: bool = SERVER.default("sampling")
    sampling_per_hour: int = SERVER.default("sampling_per_hour")
    sampling_max_tokens: int = SERVER.default("sampling_max_tokens")
    # HTTP/SSE only. ``oauth`` set: always sign in; ``None`` with ``oauth_auto``: sign in on a 401.
    oauth: OAuthSettings | None = None
    oauth_auto: bool = True
    extra: dict[str, Any] = field(default_factory=dict, hash=False)

    def secret_refs(self) -> list[str]:
        values = [*self.env.values(), *self.headers.values()]
        if self.oauth is not None and self.oauth.client_secret:
            values.append(self.oauth.client_secret)
        return sorted({m.group(1) for v in values for m in SECRET_REF.finditer(v)})


@dataclass
class Agent:
    id: str
    name: str
    template: str
    system_prompt: str = AGENT.default("system_prompt")
    mcp_servers: list[McpServer] = field(default_factory=list)
    connected: list[str] = field(default_factory=lambda: AGENT.default("connected"))
    max_tool_rounds: int | None = AGENT.default("max_tool_rounds")
    builtin_tools: list[str] = field(default_factory=lambda: AGENT.default("builtin_tools"))
    summarize_earlier: bool = AGENT.default("summarize_earlier")
    extra: dict[str, Any] = field(default_factory=dict, hash=False)


@dataclass
class McpSettings:
    image_results: bool = MCP.default("image_results")
    call_timeout_s: float = MCP.default("call_timeout_s")
    connect_timeout_s: float = MCP.default("connect_timeout_s")
    restart_after_timeouts: int = MCP.default("restart_after_timeouts")
    extra: dict[str, Any] = field(default_factory=dict, hash=False)


@dataclass
class ToolResults:
    budget_tokens: int = TOOL_RESULTS.default("budget_tokens")
    extra: dict[str, Any] = field(default_factory=dict, hash=False)


@dataclass
class TurnLimits:
    max_tool_rounds: int = TURN.default("max_tool_rounds")
    max_hops: int = TURN.default("max_hops")
    extra: dict[str, Any] = field(default_factory=dict, hash=False)


@dataclass
class Config:
    village: Village = field(default_factory=Village)
    templates: list[Template] = field(default_factory=list)
    agents: list[Agent] = field(default_factory=list)
    mcp: McpSettings = field(default_factory=McpSettings)
    tool_results: ToolResults = field(default_factory=ToolResults)
    turn: TurnLimits = field(default_factory=TurnLimits)
    shared_mcp_servers: list[McpServer] = field(default_factory=list)
    tool_policies: list[Any] = field(default_factory=list)  # core.pipeline.ToolPolicy (S00-1)
    tool_policies_raw: list[Any] = field(default_factory=list)
    path: Path | None = None
    # Problems that do not stop the file from loading ("KEY: unknown key (ignored)"); the launcher
    # logs them and the runtime keeps them for a front end to show (``Runtime.config_warnings``;
    # the window does not show them yet: that is the start-up dialog's job).
    warnings: list[str] = field(default_factory=list)
    extra: dict[str, Any] = field(
        default_factory=dict, hash=False
    )  # unknown top-level keys, and "$schema"/"version", as written

    def template(self, name: str) -> Template:
        for t in self.templates:
            if t.name == name:
                return t
        raise KeyError(name)

    def agent(self, agent_id: str) -> Agent:
        for a in self.agents:
            if a.id == agent_id:
                return a
        raise KeyError(agent_id)

    def media_dir(self) -> Path | None:
        """``<config-stem>.tool-media/`` next to the configuration (S03-2)."""
        if self.path is None:
            return None
        return self.path.with_name(self.path.stem + ".tool-media")

    def servers_for(self, agent: Agent) -> list[McpServer]:
        """Shared servers plus the agent's own; the agent's wins on a name clash."""
        own = {s.name for s in agent.mcp_servers}
        return [s for s in self.shared_mcp_servers if s.name not in own] + list(agent.mcp_servers)


def default_config_path() -> Path:
    return config_dir() / "fuseforks.json"
