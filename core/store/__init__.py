"""The durable store (S02): content-addressed blobs + a SQLite record of turns and tool calls."""

from core.store.blobs import PAGE_SIZE, BlobError, BlobStore, CorruptBlob, MissingBlob, StoreError, sha256_of
from core.store.db import Store
from core.store.journal import SqliteJournal
from core.store.records import ConversationInfo, ImageRef, StoredMessage, StoredToolCall
from core.store.schema import CorruptDatabase, StoreUnavailable

__all__ = [
    "PAGE_SIZE",
    "BlobError",
    "BlobStore",
    "ConversationInfo",
    "CorruptBlob",
    "CorruptDatabase",
    "ImageRef",
    "MissingBlob",
    "SqliteJournal",
    "Store",
    "StoreError",
    "StoreUnavailable",
    "StoredMessage",
    "StoredToolCall",
    "sha256_of",
]
