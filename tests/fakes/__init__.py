"""Test doubles that are real processes or servers (never mocks of our own code)."""
