"""The packaged app's entry script: ``app.__main__`` imports relatively, so it cannot be the script."""

import sys

from app.__main__ import main

sys.exit(main())
