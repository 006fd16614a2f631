"""The durable store (S02): content-addressed blobs + a SQLite record of turns and tool calls."""

from core.store.blobs import PAGE_SIZE, BlobError, BlobStore, CorruptBlob, MissingBlob, StoreError, sha256_of
from core.store.db import (
    CALL_STATES,
    SCHEMA_VERSION,
    ConversationInfo,
    ImageRef,
    Store,
    StoredMessage,
    StoredToolCall,
)
from core.store.journal import SqliteJournal

__all__ = [
    "CALL_STATES",
    "PAGE_SIZE",
    "SCHEMA_VERSION",
    "BlobError",
    "BlobStore",
    "ConversationInfo",
    "CorruptBlob",
    "ImageRef",
    "MissingBlob",
    "SqliteJournal",
    "Store",
    "StoreError",
    "StoredMessage",
    "StoredToolCall",
    "sha256_of",
]
