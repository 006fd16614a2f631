"""What tests/unit/test_forkserver.py runs through the fork server: ``python -m tests.fakes.fork_probe ACTION``.

ACTION ``exit:N`` prints its argv and ``PROBE`` variable and exits N; ``kill`` SIGKILLs itself
after writing a line to each stream; ``hang`` sleeps until killed.
"""

from __future__ import annotations

import os
import signal
import sys
import time

if __name__ == "__main__":
    action = sys.argv[1]
    print(f"argv={sys.argv[1:]} PROBE={os.environ.get('PROBE')} cwd={os.getcwd()}")
    print("to stderr", file=sys.stderr)
    if action == "kill":
        sys.stdout.flush()
        sys.stderr.flush()
        os.kill(os.getpid(), signal.SIGKILL)
    if action == "hang":
        time.sleep(60)
    sys.exit(int(action.partition(":")[2]))
