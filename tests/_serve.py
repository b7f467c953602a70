"""``pharmai serve`` as a real process for tests: started on a free loopback port, ready, then stopped."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import httpx

from tests._tcp import free_port

__all__ = ["serving"]


@contextmanager
def serving(workdir: Path, settings: dict[str, str], *, ready_within: float = 60) -> Iterator[tuple[str, Path]]:
    """Run ``pharmai serve`` in ``workdir`` with ``settings`` as its only ``PHARMAI_*`` variables.

    Yields:
        The base URL once ``/readyz`` answers 200, and the file that collects the server's output.
    """
    env = {k: v for k, v in os.environ.items() if not k.startswith("PHARMAI_")}
    env.update(settings)
    port = free_port()
    log = workdir / "server.log"
    command = [sys.executable, "-c", "from pharmai.cli import main; main()", "serve", "--port", str(port)]
    with log.open("w") as out:
        process = subprocess.Popen(command, env=env, cwd=workdir, stdout=out, stderr=out)
    url = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + ready_within
        while True:
            assert process.poll() is None, f"the server exited: {log.read_text()[-2000:]}"
            assert time.monotonic() < deadline, f"the server did not become ready within {ready_within:.0f} s"
            try:
                if httpx.get(url + "/readyz", timeout=1).status_code == 200:
                    break
            except httpx.HTTPError:
                time.sleep(0.2)
        yield url, log
    finally:
        process.terminate()
        try:
            process.wait(timeout=15)
        except subprocess.TimeoutExpired:
            process.kill()
