"""The run configuration: one JSON file that declares the village.

Loaded once and validated once. Every invalid value is reported with the file, the key path and
what was expected; a string where a boolean belongs is an error, never a truthy value. Unknown
keys are reported as warnings and kept when the file is written back. API keys never live here:
templates name a keyring entry; secret values for MCP servers are written as ``${secret:NAME}``
(D-4). Every setting is declared once in ``schema``; the schema with its defaults is
``docs/configuration.md``.

    schema    the declarations (key, kind, default, description) and the docs generator
    model     the dataclasses (defaults from the declarations), ``ConfigError``
    guard     what any value must be first: UTF-8, nested at most 64 levels, numbers of at most
              4300 digits, valid Unicode (a ``ConfigError`` with line and column, or key path)
    reader    checking values against their kind; unknown keys; no API keys in the file
    literal_secrets
              no literal secret in headers, env values, arguments, URLs, system prompts (D-4)
    servers   MCP server entries and their OAuth settings
    parse     JSON -> ``Config``;  write: ``Config`` -> JSON, atomic save
"""

from .model import (
    Agent,
    Config,
    ConfigError,
    McpServer,
    McpSettings,
    OAuthSettings,
    Template,
    ToolResults,
    TurnLimits,
    Village,
    default_config_path,
)
from .parse import load_config, parse_config
from .schema import (
    BUILTIN_TOOLS,
    DEFAULT_BUILTIN_TOOLS,
    LANGUAGES,
    OFFLINE_DEMO,
    PROTOCOLS,
    new_template,
)
from .servers import transport_of
from .village_id import ensure_village_id
from .write import config_to_json, save_config

__all__ = [
    "BUILTIN_TOOLS",
    "DEFAULT_BUILTIN_TOOLS",
    "LANGUAGES",
    "OFFLINE_DEMO",
    "PROTOCOLS",
    "Agent",
    "Config",
    "ConfigError",
    "McpServer",
    "McpSettings",
    "OAuthSettings",
    "Template",
    "ToolResults",
    "TurnLimits",
    "Village",
    "config_to_json",
    "default_config_path",
    "ensure_village_id",
    "load_config",
    "new_template",
    "parse_config",
    "save_config",
    "transport_of",
]
