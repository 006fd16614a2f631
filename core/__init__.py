"""Fuseforks core: asyncio, no Qt. Canonical model, config, turn engine, tools, notes, log lines."""

__version__ = "0.1.0"
