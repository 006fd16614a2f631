"""Widgets of the main window. Each takes core dataclasses and tests alone."""
