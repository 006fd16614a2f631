"""Reusable fakes: provider servers, scripted backends, MCP servers."""
