"""What tests share: test doubles that are real processes, servers or scripted backends (never
mocks of our own code), and small helpers (configs, stores, log lines, waits). No test module
imports another (tests/unit/test_test_tree.py)."""
