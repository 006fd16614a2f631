"""Every setting of the run configuration, declared once: key, kind, default, description.

These declarations drive the reader (``core.config.parse``: the known keys of each object, the
defaults, how each value is checked), the writer (which keys are written back, in which order), the
dataclass defaults (``core.config.model``), the Settings dialog's new template, and the schema
section of ``docs/configuration.md`` (``core.config.docs``).
"""

from __future__ import annotations

from typing import Any, Literal

from core.llm import DEFAULT_BASE_URLS, WIRE_NAMES
from core.spill import DEFAULT_BUDGET_TOKENS

from .kinds import (
    REQUIRED,
    Bool,
    Choice,
    Int,
    Names,
    Seconds,
    Section,
    Setting,
    Special,
    Str,
    StrList,
    StrMap,
)

LANGUAGES = ("ja", "en", "zh")
# OFFLINE_DEMO is not a wire: the clearly labelled offline demo model of the first-run village
# (core.demo_model, which takes its backend name from here).
OFFLINE_DEMO = "offline-demo"
PROTOCOLS: tuple[str, ...] = (*WIRE_NAMES, OFFLINE_DEMO)
# Built-in tools an agent may be given (core/builtin_tools.py; watch_camera: core/watch/watch_camera.py, the
# agent starts a watch when the person asks, confirmed by the person); execute_code runs code, so it is opt-in.
BUILTIN_TOOLS = ("ask_user_question", "execute_code", "watch_camera")
DEFAULT_BUILTIN_TOOLS = ("ask_user_question",)
# An MCP server's "type" (or Claude Desktop's "transport") and the transport it means.
TRANSPORT_ALIASES: dict[str, Literal["stdio", "http", "sse"]] = {
    "stdio": "stdio",
    "http": "http",
    "streamable-http": "http",
    "streamableHttp": "http",
    "sse": "sse",
}
TRANSPORT_NAMES = ("stdio", "http", "streamable-http", "sse")  # the spellings named in messages
OAUTH_GRANTS = (
    "authorization_code",
    "client_credentials",
    "identity_assertion",
)  # how a remote MCP server's tokens are had


# --------------------------------------------------------------------------- the declarations

TOP = Section(
    "",
    "The top level of the file.",
    (
        Setting("village", Special("object (below)"), {}, "The village: language and name."),
        Setting(
            "templates", Special("list of templates"), [], "Provider templates: protocol, endpoint, model."
        ),
        Setting("agents", Special("list of agents"), [], "The agents of the village."),
        Setting("mcp", Special("object (below)"), {}, "How MCP tools are called."),
        Setting("tool_results", Special("object (below)"), {}, "How large tool results are kept."),
        Setting("turn", Special("object (below)"), {}, "Limits of one turn."),
        Setting(
            "tool_policies",
            Special("list of policies"),
            [],
            "Post-execute policies (block, replace, redact a result; `core/pipeline.py`), applied in order.",
        ),
        Setting(
            "mcpServers",
            Special("object of servers"),
            {},
            "A Claude Desktop block pasted as is: servers shared by all agents.",
        ),
        Setting("$schema", Special("any", kept=True), None, "Accepted and written back as is.", "absent"),
        Setting("version", Special("any", kept=True), None, "Accepted and written back as is.", "absent"),
    ),
)

VILLAGE = Section(
    "village",
    "The village.",
    (
        Setting("language", Choice(LANGUAGES), "en", "The language of the window and of the agents' notes."),
        Setting("name", Str(), "Fuseforks", "The village's name, shown in the title bar."),
        Setting(
            "id",
            Str(nonempty=False),
            "",
            "The village's stable id: its conversations in the store belong to it (not to the "
            "file's path, so a moved or copied file keeps them, and another file's agents never see "
            "them). Written into the file by the app when it has none.",
            "a new UUID, written into the file",
        ),
        # issue 14: store retention, applied by the store's clean-up (core/store/gc.py)
        Setting(
            "keep_days",
            Int(0, 36500),
            0,
            "Days the store keeps a conversation after its last message: the clean-up (at start-up "
            "and Settings → Storage → Clean up now) deletes older ones with their images, except an "
            "agent's current conversation and one with a cut or paused turn. 0: kept for ever.",
            "`0` (not written)",
        ),
        # issue 15: the village's eyes (core/watch/relay.py)
        Setting(
            "vision_relay",
            Str(nonempty=False),
            "",
            "The template that describes tool images to an agent whose model cannot read them (its "
            "template's `reads_images` is false, or the provider refused images in that turn): one "
            "call per image, in the village language, cached by the image's SHA-256. It must read "
            "images itself. Empty: no relay (the model gets only a note that the images were not "
            "sent, and a watch on such an agent refuses to start).",
            '`""` (not written)',
        ),
    ),
)

TEMPLATE = Section(
    "templates[]",
    "A provider template: which protocol, endpoint and model an agent talks to. Its API key lives in "
    "the OS keyring under the entry `key` names.",
    (
        Setting("name", Str(), REQUIRED, "The name agents refer to."),
        Setting(
            "protocol", Choice(PROTOCOLS), REQUIRED, "The wire protocol (`offline-demo`: no AI, no network)."
        ),
        Setting(
            "base_url",
            Str(),
            "",
            "The endpoint, an http:// or https:// URL.",
            "the protocol's public endpoint",
        ),
        Setting("model", Str(), REQUIRED, "The model name sent to the provider."),
        Setting(
            "key",
            Str(nonempty=False, nullable=True),
            None,
            "The keyring entry of the API key; `null`: no key.",
        ),
        Setting("tools", Bool(), True, "Send the agent's tools to the model."),
        Setting("reads_images", Bool(), True, "The model reads images."),
        Setting(
            "context_tokens",
            Int(1024, 100_000_000, nullable=True),
            None,
            "The model's context window, if known (else the documented window of its protocol and model "
            "family, `wires/profiles.py`); requests are fitted into it, less `max_output_tokens`.",
        ),
        Setting("max_output_tokens", Int(1, 1_000_000), 8192, "The most tokens one answer may have."),
        Setting("request_timeout_s", Seconds(), 120.0, "How long one request may take."),
        Setting(
            "request_deadline_s",
            Seconds(),
            600.0,
            "How long one model call may take in all, retries and their waits included "
            "(`request_timeout_s` bounds each read; this cuts a provider that trickles).",
        ),
        Setting(
            "max_retries", Int(1, 10), 3, "How many times a request is tried in all, the first try included."
        ),
        Setting("stream", Bool(), True, "Stream the answer."),
    ),
)

AGENT = Section(
    "agents[]",
    "An agent of the village.",
    (
        Setting("id", Str(), REQUIRED, "Letters, digits, `_` and `-` (at most 48); unique."),
        Setting("name", Str(), "", "The name shown in the window.", "the id"),
        Setting("template", Str(), REQUIRED, "The name of its template."),
        Setting("system_prompt", Str(nonempty=False), "", "The system prompt."),
        Setting(
            "mcp_servers",
            Special("object of servers"),
            {},
            'Its own MCP servers by name (or a pasted `{"mcpServers": …}` block); win over shared ones.',
        ),
        Setting(
            "mcpServers", Special("object of servers"), {}, "Read as `mcp_servers`.", "absent", written=False
        ),
        Setting("connected", StrList(), (), "The ids of the other agents it may talk to."),
        Setting(
            "max_tool_rounds", Int(1, 200, nullable=True), None, "Its own `turn.max_tool_rounds`.", "`turn`'s"
        ),
        Setting(
            "builtin_tools", Names(BUILTIN_TOOLS), DEFAULT_BUILTIN_TOOLS, "The built-in tools it may use."
        ),
        Setting(
            "summarize_earlier",
            Bool(),
            False,
            "When earlier turns are left out to fit the model's context, one call to its model writes a "
            "summary of them, sent with the note that says they were left out (stored and reused).",
        ),
    ),
)

MCP = Section(
    "mcp",
    "How MCP tools are called.",
    (
        Setting("image_results", Bool(), True, "Send images returned by tools to the model."),
        Setting("call_timeout_s", Seconds(), 60.0, "How long one tool call may take."),
        Setting("connect_timeout_s", Seconds(), 30.0, "How long connecting to a server may take."),
        Setting(
            "restart_after_timeouts",
            Int(0, 100),
            2,
            "After this many calls in a row got no answer in time, the server's connection is restarted "
            "(stdio: a new process; HTTP: a new session); 0: never.",
        ),
    ),
)

TOOL_RESULTS = Section(
    "tool_results",
    "How large tool results are kept.",
    (
        Setting(
            "budget_tokens",
            Int(256, 10_000_000),
            DEFAULT_BUDGET_TOKENS,
            "The most tokens of one tool result sent to the model; the rest is spilled to a file.",
        ),
    ),
)

TURN = Section(
    "turn",
    "Limits of one turn.",
    (
        Setting("max_tool_rounds", Int(1, 200), 12, "Tool rounds in one turn."),
        Setting("max_hops", Int(1, 64), 8, "Agent-to-agent hops in one turn."),
    ),
)

SERVER = Section(
    "server{}",
    "An MCP server (in `mcpServers` or an agent's `mcp_servers`), by name: letters, digits, `_` and "
    "`-` (at most 32). Values may reference keyring entries as `${secret:NAME}`; a literal secret in a "
    "header, an environment value, an argument or a URL is refused.",
    (
        Setting(
            "type",
            Choice(TRANSPORT_NAMES),
            "stdio",
            "The transport (`streamableHttp` is read as `streamable-http`).",
            "`http` when there is a `url` and no `command`, else `stdio`",
        ),
        Setting("transport", Choice(TRANSPORT_NAMES), None, "Read as `type`.", "absent", written=False),
        Setting("command", Str(), REQUIRED, "stdio: the program to start.", "required for stdio"),
        Setting("args", StrList(), (), "stdio: its arguments."),
        Setting("env", StrMap(), {}, "stdio: extra environment variables."),
        Setting("cwd", Str(nonempty=False, nullable=True), None, "stdio: its working directory."),
        Setting(
            "url",
            Str(),
            REQUIRED,
            "http, sse: the endpoint; plain http only for loopback addresses.",
            "required for http, sse",
        ),
        Setting("headers", StrMap(), {}, "http, sse: extra request headers."),
        Setting("enabled", Bool(), True, "Connect to it."),
        Setting(
            "roots",
            StrList(),
            (),
            "Absolute folder paths the server is told of (MCP roots, as `file://` URIs); empty: the "
            "client declares no roots.",
        ),
        Setting(
            "sampling",
            Bool(),
            False,
            "Let the server ask the agent's model (MCP sampling); the person approves each request.",
        ),
        Setting("sampling_per_hour", Int(1, 1000), 10, "The most sampling requests in one hour."),
        Setting(
            "sampling_max_tokens",
            Int(1, 1_000_000),
            1024,
            "The most tokens one sampling request may ask for; a larger request is refused.",
        ),
        Setting("disabled", Bool(), False, "Read as `enabled: false`.", "absent", written=False),
        Setting(
            "oauth",
            Special("`true`, `false` or object (below)"),
            None,
            "http, sse: `true` or an object signs in through the browser (OAuth 2.1 + PKCE, tokens in "
            "the keyring); absent: the same only once the server answers 401; `false`: never.",
            "absent",
        ),
    ),
)

OAUTH = Section(
    "server{}.oauth",
    "The sign-in of a remote MCP server.",
    (
        Setting("scopes", Str(), None, "The requested scopes, separated by spaces.", "absent"),
        Setting("client_name", Str(), "Fuseforks", "The client name registered with the server."),
        Setting(
            "client_id", Str(), None, "A client the provider issued (no dynamic registration).", "absent"
        ),
        Setting(
            "client_secret",
            Str(),
            None,
            "Only as a keyring reference `${secret:NAME}`; needs `client_id`.",
            "absent",
        ),
        Setting(
            "redirect_port",
            Int(1024, 65535),
            None,
            "The exact loopback port registered with the provider (`http://127.0.0.1:PORT/callback`).",
            "any free port",
        ),
        Setting(
            "client_metadata_url",
            Str(),
            None,
            "An https URL (with a path) of this client's Client ID Metadata Document: the client id "
            "where the authorisation server supports such documents, else dynamic registration.",
            "absent",
        ),
        Setting(
            "grant",
            Choice(OAUTH_GRANTS),
            None,
            "`client_credentials`: a machine-to-machine server, no browser; needs `client_id` and "
            "`client_secret` or `private_key`. `identity_assertion`: enterprise-managed authorisation "
            "(SEP-990): the person's ID token from the enterprise identity provider is exchanged there "
            "for an ID-JAG, which gets the tokens (jwt-bearer grant); needs `client_id`, "
            "`client_secret`, `issuer`, `idp_token_endpoint` and `id_token`.",
            "`authorization_code` (the browser sign-in)",
        ),
        Setting(
            "private_key",
            Str(),
            None,
            "Only as a keyring reference `${secret:NAME}` to a PEM private key (EC or RSA) that signs "
            "the client's `private_key_jwt` assertion (`client_credentials`); needs `client_id`.",
            "absent",
        ),
        Setting(
            "issuer",
            Str(),
            None,
            "The issuer of the authorisation server the client is provisioned for: required for "
            "`identity_assertion`, optional for `client_credentials` (tokens only from that server).",
            "absent",
        ),
        Setting(
            "idp_token_endpoint",
            Str(),
            None,
            "`identity_assertion`: the identity provider's token endpoint (RFC 8693 token exchange).",
            "absent",
        ),
        Setting(
            "idp_client_id",
            Str(),
            None,
            "`identity_assertion`: the client id at the identity provider.",
            "absent",
        ),
        Setting(
            "id_token",
            Str(),
            None,
            "Only as a keyring reference `${secret:NAME}`: the person's ID token from the identity "
            "provider (`identity_assertion`; whatever signs the person in there keeps it fresh).",
            "absent",
        ),
    ),
)

SECTIONS = (TOP, VILLAGE, TEMPLATE, AGENT, MCP, TOOL_RESULTS, TURN, SERVER, OAUTH)


def new_template(name: str, key: str | None) -> dict[str, Any]:
    """The JSON of a fresh template (the Settings dialog's Add): every default, anthropic's endpoint."""
    out: dict[str, Any] = {}
    for s in TEMPLATE.settings:
        out[s.key] = None if s.default is REQUIRED else TEMPLATE.default(s.key)
    out.update(name=name, protocol="anthropic", base_url=DEFAULT_BASE_URLS["anthropic"], model="", key=key)
    return out
