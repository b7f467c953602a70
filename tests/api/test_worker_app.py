"""The app as ``pharmai serve`` builds it in each worker process (run in a child process of its own)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

_CHILD = """
import gc, json
from fastapi.testclient import TestClient
from pharmai.api import create_worker_app
before = gc.get_freeze_count()
app = create_worker_app()
frozen = gc.get_freeze_count()
with TestClient(app) as client:
    health = client.get("/healthz").status_code
print(json.dumps({"before": before, "frozen": frozen, "health": health}))
"""


def test_the_worker_app_serves_with_its_start_up_heap_frozen(tmp_path: Path) -> None:
    """Built from the settings, it answers, and what it held at start-up is out of the collector's reach."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("PHARMAI_")}
    env["PHARMAI_DATABASE_URL"] = f"sqlite:///{tmp_path / 'worker.db'}"
    done = subprocess.run([sys.executable, "-c", _CHILD], env=env, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr[-2000:]
    result = json.loads(done.stdout.strip().splitlines()[-1])
    assert result["health"] == 200
    assert result["before"] == 0
    assert result["frozen"] > 10_000  # the modules, the app and its routes, not a handful of objects
