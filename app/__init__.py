"""Fuseforks desktop app (PySide6 + qasync). The only package that imports Qt."""

from core import __version__

__all__ = ["__version__"]
