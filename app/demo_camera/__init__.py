"""The camera simulator: an MCP server that behaves like NIK's live view (``python -m app.demo_camera``).

A plain MCP server process: it imports no Qt.
"""
