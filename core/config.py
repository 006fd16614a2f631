"""The run configuration: one JSON file that declares the village.

Loaded once and validated once. Every invalid value is reported with the file, the key path and
what was expected; a string where a boolean belongs is an error, never a truthy value. Unknown
keys are reported as warnings. API keys never live here: templates name a keyring entry.

Schema (defaults in brackets)::

    {
      "village":  {"language": "ja"|"en"|"zh" [en], "name": str ["Fuseforks"]},
      "templates": [{"name": str, "protocol": one of WIRE_NAMES or "offline-demo", "base_url": http(s) URL [per protocol],
                     "model": str, "key": str|null [null = no key needed], "tools": bool [true],
                     "reads_images": bool [true], "context_tokens": int|null [null],
                     "max_output_tokens": int [8192], "request_timeout_s": number [120],
                     "max_retries": int [3], "stream": bool [true]}],
      "agents":   [{"id": str, "name": str, "template": str, "system_prompt": str [""],
                    "mcp_servers": {name: server} | {"mcpServers": {...}} [{}],
                    "connected": [agent id] [[]], "max_tool_rounds": int|null [null],
                    "builtin_tools": [one of BUILTIN_TOOLS] [["ask_user_question"]]}],
      "mcp":      {"image_results": bool [true], "call_timeout_s": number [60],
                   "connect_timeout_s": number [30]},
      "tool_results": {"budget_tokens": int [12500]},
      "turn":     {"max_tool_rounds": int [12], "max_hops": int [8]},
      "tool_policies": [policy]         # post-execute policies (core/pipeline.py), applied in order
      "mcpServers": {name: server}      # Claude Desktop block pasted as is: shared by all agents
    }

    server (stdio): {"command": str, "args": [str] [[]], "env": {str: str} [{}], "cwd": str|null,
                     "enabled": bool [true], "type": "stdio"}
    server (HTTP):  {"type": "http"|"streamable-http"|"sse", "url": str, "headers": {str: str} [{}],
                     "enabled": bool [true],
                     "oauth": true | false | {"scopes": str, "client_name": str, "client_id": str,
                               "client_secret": "${secret:NAME}", "redirect_port": int} [absent = automatic]}

    ``oauth``: true or an object signs in through the browser (OAuth 2.1 + PKCE, tokens in the
    keyring); absent: the same only once the server answers 401; false: never. ``client_id``: a
    client the provider issued (no dynamic registration); ``client_secret`` only as a keyring
    reference; ``redirect_port`` (1024..65535): the exact loopback port registered with the provider
    (``http://127.0.0.1:PORT/callback``).

Secret values for MCP servers are written as ``${secret:NAME}`` (D-4).
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal, TypeVar

from core.fsutil import write_atomic
from core.paths import config_dir
from core.secret_refs import SECRET_REF as _SECRET_REF
from wires import WIRE_NAMES

T = TypeVar("T")

DEFAULT_BASE_URLS: dict[str, str] = {
    "anthropic": "https://api.anthropic.com/v1",
    "openai-compat": "https://api.openai.com/v1",
    "gemini": "https://generativelanguage.googleapis.com/v1beta",
    "openai-responses": "https://api.openai.com/v1",
    "xai-responses": "https://api.x.ai/v1",
    "meta-responses": "https://api.meta.ai/v1",
    "perplexity-responses": "https://api.perplexity.ai/v1",
}
LANGUAGES = ("ja", "en", "zh")
# A template's keys, in the order they are written back (parse_config accepts exactly these).
TEMPLATE_KEYS = (
    "name",
    "protocol",
    "base_url",
    "model",
    "key",
    "tools",
    "reads_images",
    "context_tokens",
    "max_output_tokens",
    "request_timeout_s",
    "max_retries",
    "stream",
)
# Not a wire: the clearly labelled offline demo model of the first-run village (no AI, no network).
OFFLINE_DEMO = "offline-demo"
PROTOCOLS: tuple[str, ...] = (*WIRE_NAMES, OFFLINE_DEMO)
_KEY_SHAPES = re.compile(
    r"^(sk-[A-Za-z0-9_-]{16,}|AIza[0-9A-Za-z_-]{30,}|xai-[A-Za-z0-9]{20,}|pplx-[A-Za-z0-9]{20,}"
    r"|gsk_[A-Za-z0-9]{20,})$"
)
# Built-in tools an agent may be given (core/builtin_tools.py); execute_code runs code, so it is opt-in.
BUILTIN_TOOLS = ("ask_user_question", "execute_code")
DEFAULT_BUILTIN_TOOLS = ("ask_user_question",)
_FORBIDDEN_KEY_NAMES = {"api_key", "apikey", "apiKey", "api-key", "secret", "password", "token"}


class ConfigError(Exception):
    """The configuration cannot be used. ``problems`` lists every ``(key path, message)``."""

    def __init__(self, path: Path | None, problems: list[tuple[str, str]]) -> None:
        self.path = path
        self.problems = problems
        where = str(path) if path else "<configuration>"
        lines = [f"{where}: {key or '(top level)'}: {msg}" for key, msg in problems]
        super().__init__("\n".join(lines))


@dataclass
class Village:
    language: Literal["ja", "en", "zh"] = "en"
    name: str = "Fuseforks"


@dataclass
class Template:
    name: str
    protocol: str
    model: str
    base_url: str = ""
    key: str | None = None
    tools: bool = True
    reads_images: bool = True
    context_tokens: int | None = None
    max_output_tokens: int = 8192
    request_timeout_s: float = 120.0
    max_retries: int = 3
    stream: bool = True


@dataclass(frozen=True)
class OAuthSettings:
    """``"oauth"`` of a remote MCP server: requested scopes (space-separated), client name, and an
    optional pre-registered client: ``client_id``, ``client_secret`` (always a ``${secret:NAME}``
    reference, resolved at connect time) and the exact ``redirect_port`` registered for it."""

    scopes: str | None = None
    client_name: str = "Fuseforks"
    client_id: str | None = None
    client_secret: str | None = None
    redirect_port: int | None = None


@dataclass
class McpServer:
    name: str
    transport: Literal["stdio", "http", "sse"]
    command: str = ""
    args: list[str] = field(default_factory=list)
    env: dict[str, str] = field(default_factory=dict)
    cwd: str | None = None
    url: str = ""
    headers: dict[str, str] = field(default_factory=dict)
    enabled: bool = True
    # HTTP/SSE only. ``oauth`` set: always sign in; ``None`` with ``oauth_auto``: sign in on a 401.
    oauth: OAuthSettings | None = None
    oauth_auto: bool = True

    def secret_refs(self) -> list[str]:
        values = [*self.env.values(), *self.headers.values()]
        if self.oauth is not None and self.oauth.client_secret:
            values.append(self.oauth.client_secret)
        return sorted({m.group(1) for v in values for m in _SECRET_REF.finditer(v)})


@dataclass
class Agent:
    id: str
    name: str
    template: str
    system_prompt: str = ""
    mcp_servers: list[McpServer] = field(default_factory=list)
    connected: list[str] = field(default_factory=list)
    max_tool_rounds: int | None = None
    builtin_tools: list[str] = field(default_factory=lambda: list(DEFAULT_BUILTIN_TOOLS))


@dataclass
class McpSettings:
    image_results: bool = True
    call_timeout_s: float = 60.0
    connect_timeout_s: float = 30.0


@dataclass
class ToolResults:
    budget_tokens: int = 12500


@dataclass
class TurnLimits:
    max_tool_rounds: int = 12
    max_hops: int = 8


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
    warnings: list[str] = field(default_factory=list)

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


# --------------------------------------------------------------------------- validation


def _describe(value: object) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return f"the boolean {json.dumps(value)}"
    if isinstance(value, int | float):
        return f"the number {json.dumps(value)}"
    if isinstance(value, str):
        shown = value if len(value) <= 40 else value[:37] + "..."
        return f"the string {json.dumps(shown, ensure_ascii=False)}"
    if isinstance(value, list):
        return "a list"
    return "an object"


class _Reader:
    """Walks the JSON collecting every problem instead of stopping at the first."""

    def __init__(self) -> None:
        self.problems: list[tuple[str, str]] = []
        self.warnings: list[str] = []

    def fail(self, path: str, msg: str) -> None:
        self.problems.append((path, msg))

    def obj(self, value: object, path: str, known: set[str]) -> dict[str, Any]:
        if not isinstance(value, dict):
            self.fail(path, f"expected an object, got {_describe(value)}")
            return {}
        for key in value:
            if key not in known:
                self.warnings.append(f"{path + '.' if path else ''}{key}: unknown key (ignored)")
        return value

    def get(
        self,
        d: dict[str, Any],
        key: str,
        path: str,
        kind: Callable[[object, str], T | None],
        default: T,
    ) -> T:
        if key not in d:
            return default
        got = kind(d[key], f"{path}.{key}" if path else key)
        return default if got is None else got

    # kinds -----------------------------------------------------------------
    def boolean(self, v: object, path: str) -> bool | None:
        if isinstance(v, bool):
            return v
        self.fail(path, f"expected a JSON boolean (true or false), got {_describe(v)}")
        return None

    def string(self, v: object, path: str) -> str | None:
        if isinstance(v, str):
            return v
        self.fail(path, f"expected a string, got {_describe(v)}")
        return None

    def nonempty(self, v: object, path: str) -> str | None:
        s = self.string(v, path)
        if s is not None and not s.strip():
            self.fail(path, "expected a non-empty string")
            return None
        return s

    def opt_string(self, v: object, path: str) -> str | None:
        return None if v is None else self.string(v, path)

    def integer(self, v: object, path: str, lo: int = 1, hi: int = 10**9) -> int | None:
        if isinstance(v, bool) or not isinstance(v, int):
            self.fail(path, f"expected a whole number from {lo} to {hi}, got {_describe(v)}")
            return None
        if not lo <= v <= hi:
            self.fail(path, f"expected a whole number from {lo} to {hi}, got {v}")
            return None
        return v

    def number(self, v: object, path: str, lo: float = 0.001, hi: float = 86400.0) -> float | None:
        if isinstance(v, bool) or not isinstance(v, int | float):
            self.fail(path, f"expected a number of seconds from {lo} to {hi}, got {_describe(v)}")
            return None
        if not lo <= v <= hi:
            self.fail(path, f"expected a number of seconds from {lo} to {hi}, got {v}")
            return None
        return float(v)

    def str_list(self, v: object, path: str) -> list[str] | None:
        if not isinstance(v, list) or not all(isinstance(x, str) for x in v):
            self.fail(path, f"expected a list of strings, got {_describe(v)}")
            return None
        return list(v)

    def str_map(self, v: object, path: str) -> dict[str, str] | None:
        if not isinstance(v, dict) or not all(isinstance(x, str) for x in v.values()):
            self.fail(path, f"expected an object of string values, got {_describe(v)}")
            return None
        return dict(v)

    def choice(self, options: tuple[str, ...]) -> Callable[[object, str], str | None]:
        def check(v: object, path: str) -> str | None:
            if isinstance(v, str) and v in options:
                return v
            self.fail(path, f"expected one of {', '.join(options)}, got {_describe(v)}")
            return None

        return check


def _builtin_tools(r: _Reader) -> Callable[[object, str], list[str] | None]:
    """A list of distinct built-in tool names (``[]`` gives the agent none)."""

    def check(v: object, path: str) -> list[str] | None:
        names = r.str_list(v, path)
        if names is None:
            return None
        ok = True
        for i, name in enumerate(names):
            if name not in BUILTIN_TOOLS:
                r.fail(f"{path}[{i}]", f"expected one of {', '.join(BUILTIN_TOOLS)}, got {_describe(name)}")
                ok = False
            elif name in names[:i]:
                r.fail(f"{path}[{i}]", f"duplicate built-in tool {name!r}")
                ok = False
        return names if ok else None

    return check


def _check_no_keys(value: object, path: str, r: _Reader) -> None:
    """No API key may ever appear in the file, under any key."""
    if isinstance(value, dict):
        for k, v in value.items():
            sub = f"{path}.{k}" if path else str(k)
            if k in _FORBIDDEN_KEY_NAMES and isinstance(v, str) and v and not _SECRET_REF.fullmatch(v):
                r.fail(
                    sub,
                    "secrets do not belong in this file; store the key in the keyring "
                    'and reference it by name ("key": "NAME" or ${secret:NAME})',
                )
            else:
                _check_no_keys(v, sub, r)
    elif isinstance(value, list):
        for i, v in enumerate(value):
            _check_no_keys(v, f"{path}[{i}]", r)
    elif isinstance(value, str) and _KEY_SHAPES.match(value.strip()):
        r.fail(
            path,
            "this looks like an API key; keys live only in the OS keyring "
            "(enter it in Settings), the file names it",
        )


def _server(r: _Reader, name: str, raw: object, path: str) -> McpServer | None:
    d = r.obj(
        raw,
        path,
        {
            "command",
            "args",
            "env",
            "cwd",
            "enabled",
            "type",
            "url",
            "headers",
            "transport",
            "disabled",
            "oauth",
        },
    )
    if not d:
        return None
    kind = d.get("type", d.get("transport"))
    if kind is None:
        kind = "http" if "url" in d and "command" not in d else "stdio"
    aliases: dict[str, Literal["stdio", "http", "sse"]] = {
        "stdio": "stdio",
        "http": "http",
        "streamable-http": "http",
        "streamableHttp": "http",
        "sse": "sse",
    }
    if not isinstance(kind, str) or kind not in aliases:
        r.fail(f"{path}.type", f"expected one of stdio, http, streamable-http, sse, got {_describe(kind)}")
        return None
    transport = aliases[kind]
    enabled = r.get(d, "enabled", path, r.boolean, True)
    if "disabled" in d:
        enabled = not r.get(d, "disabled", path, r.boolean, False) and enabled
    if transport == "stdio":
        if "oauth" in d:
            r.fail(f"{path}.oauth", "OAuth applies only to http and sse servers")
        if "command" not in d:
            r.fail(f"{path}.command", "a stdio server needs a command")
            return None
        return McpServer(
            name=name,
            transport="stdio",
            command=r.get(d, "command", path, r.nonempty, ""),
            args=r.get(d, "args", path, r.str_list, []),
            env=r.get(d, "env", path, r.str_map, {}),
            cwd=r.get(d, "cwd", path, r.opt_string, None),
            enabled=enabled,
        )
    url = r.get(d, "url", path, r.nonempty, "")
    if not url:
        r.fail(f"{path}.url", f"an {kind} server needs a url")
        return None
    if not re.match(r"^https?://", url):
        r.fail(f"{path}.url", f"expected an http:// or https:// URL, got {_describe(url)}")
    elif url.startswith("http://") and not re.match(
        r"^http://(127\.\d+\.\d+\.\d+|localhost|\[::1\])[:/]", url
    ):
        r.fail(f"{path}.url", "plain http is allowed only for loopback addresses; use https")
    oauth, oauth_auto = _oauth(r, d.get("oauth"), f"{path}.oauth") if "oauth" in d else (None, True)
    return McpServer(
        name=name,
        transport=transport,
        url=url,
        headers=r.get(d, "headers", path, r.str_map, {}),
        enabled=enabled,
        oauth=oauth,
        oauth_auto=oauth_auto,
    )


def _oauth(r: _Reader, raw: object, path: str) -> tuple[OAuthSettings | None, bool]:
    """``"oauth"``: true, false or {"scopes", "client_name", "client_id", "client_secret", "redirect_port"}."""
    if isinstance(raw, bool):
        return (OAuthSettings() if raw else None), raw
    if not isinstance(raw, dict):
        r.fail(path, f"expected true, false or an object with scopes and client_name, got {_describe(raw)}")
        return None, True
    d = r.obj(raw, path, {"scopes", "client_name", "client_id", "client_secret", "redirect_port"})
    scopes = r.get(d, "scopes", path, r.nonempty, "") or None
    if isinstance(d.get("scopes"), str) and any(not c.isprintable() or c in '"\\' for c in d["scopes"]):
        r.fail(f"{path}.scopes", "expected scope names separated by spaces")
        scopes = None
    client_name = r.get(d, "client_name", path, r.nonempty, "Fuseforks")
    client_id = r.get(d, "client_id", path, r.nonempty, "") or None
    if client_id is not None and any(not c.isprintable() or c.isspace() for c in client_id):
        r.fail(f"{path}.client_id", "expected a client id without spaces or control characters")
        client_id = None
    client_secret: str | None = None
    if "client_secret" in d:
        value = d["client_secret"]
        # The value is never echoed: it may be the secret itself.
        if not isinstance(value, str) or not _SECRET_REF.fullmatch(value):
            r.fail(
                f"{path}.client_secret",
                "secrets do not belong in this file; store the client secret in the keyring "
                "and reference it by name (${secret:NAME})",
            )
        elif client_id is None:
            r.fail(f"{path}.client_secret", "a client secret needs a client_id")
        else:
            client_secret = value
    redirect_port = r.get(d, "redirect_port", path, lambda v, p: r.integer(v, p, 1024, 65535), 0) or None
    return (
        OAuthSettings(
            scopes=" ".join(scopes.split()) if scopes else None,
            client_name=client_name,
            client_id=client_id,
            client_secret=client_secret,
            redirect_port=redirect_port,
        ),
        True,
    )


_SERVER_NAME = re.compile(r"^[A-Za-z0-9_-]{1,32}$")


def _servers(r: _Reader, raw: object, path: str) -> list[McpServer]:
    if isinstance(raw, dict) and set(raw) == {"mcpServers"}:  # a Claude Desktop block pasted as is
        raw, path = raw["mcpServers"], f"{path}.mcpServers"
    if not isinstance(raw, dict):
        r.fail(path, f"expected an object of servers by name, got {_describe(raw)}")
        return []
    out = []
    for name, spec in raw.items():
        if not _SERVER_NAME.match(name):
            r.fail(f"{path}.{name}", "server names use letters, digits, _ and - (at most 32)")
            continue
        server = _server(r, name, spec, f"{path}.{name}")
        if server is not None:
            out.append(server)
    return out


def parse_config(data: object, path: Path | None = None) -> Config:
    """Validate decoded JSON and build a ``Config``. Raises ``ConfigError`` naming every problem."""
    r = _Reader()
    top = r.obj(
        data,
        "",
        {"village", "templates", "agents", "mcp", "tool_results", "turn", "mcpServers", "$schema", "version"},
    )
    _check_no_keys(top, "", r)
    cfg = Config(path=path)

    v = r.obj(top.get("village", {}), "village", {"language", "name"})
    cfg.village = Village(
        language=r.get(v, "language", "village", r.choice(LANGUAGES), "en"),  # type: ignore[arg-type]
        name=r.get(v, "name", "village", r.nonempty, "Fuseforks"),
    )

    m = r.obj(top.get("mcp", {}), "mcp", {"image_results", "call_timeout_s", "connect_timeout_s"})
    cfg.mcp = McpSettings(
        image_results=r.get(m, "image_results", "mcp", r.boolean, True),
        call_timeout_s=r.get(m, "call_timeout_s", "mcp", r.number, 60.0),
        connect_timeout_s=r.get(m, "connect_timeout_s", "mcp", r.number, 30.0),
    )
    tr = r.obj(top.get("tool_results", {}), "tool_results", {"budget_tokens"})
    cfg.tool_results = ToolResults(
        budget_tokens=r.get(
            tr, "budget_tokens", "tool_results", lambda x, p: r.integer(x, p, 256, 10_000_000), 12500
        )
    )
    tl = r.obj(top.get("turn", {}), "turn", {"max_tool_rounds", "max_hops"})
    cfg.turn = TurnLimits(
        max_tool_rounds=r.get(tl, "max_tool_rounds", "turn", lambda x, p: r.integer(x, p, 1, 200), 12),
        max_hops=r.get(tl, "max_hops", "turn", lambda x, p: r.integer(x, p, 1, 64), 8),
    )
    if "mcpServers" in top:
        cfg.shared_mcp_servers = _servers(r, top["mcpServers"], "mcpServers")
    if "tool_policies" in top:
        from core.pipeline import parse_tool_policies

        cfg.tool_policies, policy_problems = parse_tool_policies(top["tool_policies"])
        r.problems.extend(policy_problems)
        if isinstance(top["tool_policies"], list):
            cfg.tool_policies_raw = list(top["tool_policies"])

    templates_raw = top.get("templates", [])
    if not isinstance(templates_raw, list):
        r.fail("templates", f"expected a list of templates, got {_describe(templates_raw)}")
        templates_raw = []
    for i, raw in enumerate(templates_raw):
        p = f"templates[{i}]"
        t = r.obj(
            raw,
            p,
            set(TEMPLATE_KEYS),
        )
        if not t:
            continue
        missing = [k for k in ("name", "protocol", "model") if k not in t]
        for k in missing:
            r.fail(f"{p}.{k}", "required")
        if missing:
            continue
        protocol = r.get(t, "protocol", p, r.choice(PROTOCOLS), "")
        tpl = Template(
            name=r.get(t, "name", p, r.nonempty, ""),
            protocol=protocol,
            model=r.get(t, "model", p, r.nonempty, ""),
            base_url=r.get(t, "base_url", p, r.nonempty, DEFAULT_BASE_URLS.get(protocol, "")),
            key=r.get(t, "key", p, r.opt_string, None) or None,
            tools=r.get(t, "tools", p, r.boolean, True),
            reads_images=r.get(t, "reads_images", p, r.boolean, True),
            context_tokens=r.get(
                t,
                "context_tokens",
                p,
                lambda x, q: None if x is None else r.integer(x, q, 1024, 100_000_000),
                None,
            ),
            max_output_tokens=r.get(
                t, "max_output_tokens", p, lambda x, q: r.integer(x, q, 1, 1_000_000), 8192
            ),
            request_timeout_s=r.get(t, "request_timeout_s", p, r.number, 120.0),
            max_retries=r.get(t, "max_retries", p, lambda x, q: r.integer(x, q, 1, 10), 3),
            stream=r.get(t, "stream", p, r.boolean, True),
        )
        if tpl.protocol == OFFLINE_DEMO:
            tpl.base_url = ""
        elif tpl.base_url and not re.match(r"^https?://", tpl.base_url):
            r.fail(f"{p}.base_url", f"expected an http:// or https:// URL, got {_describe(tpl.base_url)}")
        if any(x.name == tpl.name for x in cfg.templates):
            r.fail(f"{p}.name", f"duplicate template name {tpl.name!r}")
        cfg.templates.append(tpl)

    agents_raw = top.get("agents", [])
    if not isinstance(agents_raw, list):
        r.fail("agents", f"expected a list of agents, got {_describe(agents_raw)}")
        agents_raw = []
    for i, raw in enumerate(agents_raw):
        p = f"agents[{i}]"
        a = r.obj(
            raw,
            p,
            {
                "id",
                "name",
                "template",
                "system_prompt",
                "mcp_servers",
                "mcpServers",
                "connected",
                "max_tool_rounds",
                "builtin_tools",
            },
        )
        if not a:
            continue
        missing = [k for k in ("id", "template") if k not in a]
        for k in missing:
            r.fail(f"{p}.{k}", "required")
        if missing:
            continue
        agent_id = r.get(a, "id", p, r.nonempty, "")
        if agent_id and not re.match(r"^[A-Za-z0-9_-]{1,48}$", agent_id):
            r.fail(f"{p}.id", "agent ids use letters, digits, _ and - (at most 48)")
        servers: list[McpServer] = []
        if "mcp_servers" in a:
            servers += _servers(r, a["mcp_servers"], f"{p}.mcp_servers")
        if "mcpServers" in a:
            servers += _servers(r, a["mcpServers"], f"{p}.mcpServers")
        agent = Agent(
            id=agent_id,
            name=r.get(a, "name", p, r.nonempty, agent_id),
            template=r.get(a, "template", p, r.nonempty, ""),
            system_prompt=r.get(a, "system_prompt", p, r.string, ""),
            mcp_servers=servers,
            connected=r.get(a, "connected", p, r.str_list, []),
            max_tool_rounds=r.get(
                a, "max_tool_rounds", p, lambda x, q: None if x is None else r.integer(x, q, 1, 200), None
            ),
            builtin_tools=r.get(a, "builtin_tools", p, _builtin_tools(r), list(DEFAULT_BUILTIN_TOOLS)),
        )
        if any(x.id == agent.id for x in cfg.agents):
            r.fail(f"{p}.id", f"duplicate agent id {agent.id!r}")
        cfg.agents.append(agent)

    names = {t.name for t in cfg.templates}
    ids = {a.id for a in cfg.agents}
    for i, agent in enumerate(cfg.agents):
        if agent.template and agent.template not in names:
            r.fail(
                f"agents[{i}].template",
                f"no template named {agent.template!r} (known: {', '.join(sorted(names)) or 'none'})",
            )
        for j, other in enumerate(agent.connected):
            if other not in ids or other == agent.id:
                r.fail(f"agents[{i}].connected[{j}]", f"no other agent with id {other!r}")

    cfg.warnings = r.warnings
    if r.problems:
        raise ConfigError(path, r.problems)
    return cfg


def load_config(path: Path) -> Config:
    """Read and validate ``path``. A missing file is a ``FileNotFoundError`` (the demo village)."""
    text = path.read_text(encoding="utf-8")
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise ConfigError(
            path, [("", f"not valid JSON: {exc.msg} at line {exc.lineno} column {exc.colno}")]
        ) from exc
    return parse_config(data, path)


def _server_json(s: McpServer) -> dict[str, Any]:
    if s.transport == "stdio":
        out: dict[str, Any] = {"command": s.command, "args": s.args}
        if s.env:
            out["env"] = s.env
        if s.cwd:
            out["cwd"] = s.cwd
    else:
        out = {"type": s.transport, "url": s.url}
        if s.headers:
            out["headers"] = s.headers
        if s.oauth is not None:
            default = s.oauth == OAuthSettings()
            out["oauth"] = True if default else {k: v for k, v in vars(s.oauth).items() if v is not None}
        elif not s.oauth_auto:
            out["oauth"] = False
    if not s.enabled:
        out["enabled"] = False
    return out


def config_to_json(cfg: Config) -> dict[str, Any]:
    """The JSON form of ``cfg`` (round-trips through ``parse_config``)."""
    out: dict[str, Any] = {
        "village": {"language": cfg.village.language, "name": cfg.village.name},
        "templates": [
            {
                k: getattr(t, k)
                for k in TEMPLATE_KEYS
                # The offline demo has no endpoint: "" would not parse back (base_url must be non-empty).
                if not (k == "base_url" and t.protocol == OFFLINE_DEMO)
            }
            for t in cfg.templates
        ],
        "agents": [
            {
                "id": a.id,
                "name": a.name,
                "template": a.template,
                "system_prompt": a.system_prompt,
                "mcp_servers": {s.name: _server_json(s) for s in a.mcp_servers},
                "connected": a.connected,
                "max_tool_rounds": a.max_tool_rounds,
                "builtin_tools": a.builtin_tools,
            }
            for a in cfg.agents
        ],
        "mcp": {
            "image_results": cfg.mcp.image_results,
            "call_timeout_s": cfg.mcp.call_timeout_s,
            "connect_timeout_s": cfg.mcp.connect_timeout_s,
        },
        "tool_results": {"budget_tokens": cfg.tool_results.budget_tokens},
        "turn": {"max_tool_rounds": cfg.turn.max_tool_rounds, "max_hops": cfg.turn.max_hops},
    }
    if cfg.tool_policies_raw:
        out["tool_policies"] = cfg.tool_policies_raw
    if cfg.shared_mcp_servers:
        out["mcpServers"] = {s.name: _server_json(s) for s in cfg.shared_mcp_servers}
    return out


def save_config(cfg: Config, path: Path) -> None:
    """Validate, then write atomically. Nothing invalid is saved."""
    data = config_to_json(cfg)
    parse_config(data, path)  # refuse to write what could not be loaded back
    text = json.dumps(data, ensure_ascii=False, indent=2) + "\n"
    write_atomic(path, text.encode("utf-8"), dir_mode=0o777)
    cfg.path = path
