"""The MCP result blocks beyond text and images, as the model and the person read them.

* An embedded text resource (``EmbeddedResource`` with ``TextResourceContents``) is its text under
  a line naming its URI.
* An embedded blob resource whose ``mimeType`` is ``image/*`` is an image: ``image_blob`` gives its
  bytes and ``core.mcp.render`` sends them through the same rules as an ``ImageContent`` block
  (``core.tool_image``). Any other blob is a note naming its URI and type (binary, not sent).
* A resource link keeps its name, URI and description.
* ``structuredContent`` is given as compact JSON when no text block reaches the model (a result
  with text already carries its own rendering of the structure, as the spec asks of servers).
* Audience (``annotations.audience``): a block for the user only (the list names "user" and not
  "assistant") is shown to the person in the tool row and not sent to the model. A block for the
  assistant only is sent to the model; the row's Output is exactly what the model read, so it is
  shown there too (the person may always see what the model was given).

Every sentence comes from the village-language catalogs (``core.notes``).
"""

from __future__ import annotations

import base64
import binascii
import json

import mcp_types

from core import notes

Block = mcp_types.ContentBlock


def decode_base64(data: str) -> bytes:
    """The bytes, or b"" (sniffed as unreadable) when the base64 is malformed."""
    try:
        return base64.b64decode(data, validate=True)
    except (binascii.Error, ValueError):
        return b""


def for_person_only(block: Block) -> bool:
    """True when the block's audience is the user and not the assistant (not sent to the model)."""
    annotations = block.annotations
    audience = annotations.audience if annotations is not None else None
    return bool(audience) and "assistant" not in (audience or [])


def image_blob(block: mcp_types.EmbeddedResource) -> bytes | None:
    """The bytes of an embedded image blob (``mimeType`` ``image/*``); None for any other resource."""
    contents = block.resource
    if isinstance(contents, mcp_types.BlobResourceContents) and _is_image(contents.mime_type):
        return decode_base64(contents.blob)
    return None


def _is_image(mime_type: str | None) -> bool:
    return (mime_type or "").strip().lower().startswith("image/")


def resource_text(block: mcp_types.EmbeddedResource, language: str) -> str:
    """An embedded resource that is not an image: its text with its URI, or the binary note."""
    contents = block.resource
    if isinstance(contents, mcp_types.TextResourceContents):
        return notes.note("resource_text", language, uri=contents.uri, text=contents.text)
    mime_type = contents.mime_type or "application/octet-stream"
    return notes.note("resource_blob", language, uri=contents.uri, mime_type=mime_type)


def link_text(block: mcp_types.ResourceLink, language: str) -> str:
    """A resource link: its name (or title), URI and description."""
    name = block.name or block.title or block.uri
    description = (block.description or "").strip()
    if description:
        return notes.note(
            "resource_link_described", language, name=name, uri=block.uri, description=description
        )
    return notes.note("resource_link", language, name=name, uri=block.uri)


def structured_text(result: mcp_types.CallToolResult) -> str | None:
    """``structuredContent`` as compact JSON (keys in the server's order), or None when absent."""
    value = result.structured_content
    if value is None:
        return None
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"), default=str)
