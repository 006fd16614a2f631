"""The settings dialog, room by room.

dialog          SettingsDialog: the tabs, the Village page, validation, problems, save
templates_page  TemplatesPage: the templates and the key box (keys go to the OS keyring only)
agents_page     AgentsPage: agents, their servers, connected agents, built-in tools
server_editor   ServerEditor: one MCP server as JSON or a pasted Claude Desktop block; sign-out
server_roots    RootsEditor: the folders an MCP server may see (its roots), added and removed
"""

from .dialog import SettingsDialog
from .presets import default_templates
from .server_editor import parse_servers_json

__all__ = ["SettingsDialog", "default_templates", "parse_servers_json"]
