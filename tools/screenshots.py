"""Screenshots of the demo village for the docs (the code is ``app/screenshots.py``).

QT_QPA_PLATFORM=offscreen .venv/bin/python tools/screenshots.py docs/screenshots
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # run as a file: app/ and core/ importable
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from app.screenshots import main

if __name__ == "__main__":
    raise SystemExit(main())
