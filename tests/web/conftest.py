"""A real server (``pharmai serve``, demo mode, its own SQLite file) and headless Debian Chromium.

One server and one browser serve the whole run (the browser tests share an xdist group, so one worker
runs them all); each test gets a fresh context (its own storage and cache), so tests never see each
other's language or conversation. Tests that change the database pick patients no other test changes.
Screenshots go to ``test-artifacts/web/`` (gitignored; ``PHARMAI_TEST_ARTIFACTS`` moves it), kept by CI
as artifacts.
"""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from tests.conftest import TODAY

CHROMIUM = "/usr/bin/chromium"
STAFF_KEY = "web-test-staff-key"
#: Screenshots land here (kept as CI artifacts); override with PHARMAI_TEST_ARTIFACTS.
ARTIFACTS = (
    Path(os.environ.get("PHARMAI_TEST_ARTIFACTS", Path(__file__).resolve().parents[2] / "test-artifacts")) / "web"
)
_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


def free_port() -> int:
    """A TCP port free on 127.0.0.1 right now."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


class Server:
    """A running ``pharmai serve``: its base URL and database URL, and how to stop and start it again.

    Args:
        workdir: Where it runs and writes ``server.log``.
        database_url: The SQLite database it serves (created and seeded on first start).
        port: The port it listens on (kept across restarts, as a real deployment's would be).
    """

    def __init__(self, workdir: Path, database_url: str, port: int) -> None:
        self.workdir = workdir
        self.database_url = database_url
        self.port = port
        self.base_url = f"http://127.0.0.1:{port}"
        self.process: subprocess.Popen[bytes] | None = None

    def start(self, database_url: str | None = None) -> None:
        """Start the server (on another database when given) and wait until it is ready."""
        if database_url:
            self.database_url = database_url
        env = {k: v for k, v in os.environ.items() if not k.startswith("PHARMAI_")}
        env.update(
            {
                "PHARMAI_DATABASE_URL": self.database_url,
                "PHARMAI_TODAY": TODAY.isoformat(),
                "PHARMAI_IDENTITY_MODE": "demo",
                "PHARMAI_ENGINE": "offline",
                "PHARMAI_STAFF_API_KEY": STAFF_KEY,
                "PHARMAI_PURGE_INTERVAL_SECONDS": "0",
            }
        )
        command = [sys.executable, "-c", "from pharmai.cli import main; main()", "serve", "--port", str(self.port)]
        with (self.workdir / "server.log").open("ab") as log:
            self.process = subprocess.Popen(command, env=env, cwd=self.workdir, stdout=log, stderr=subprocess.STDOUT)
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                pytest.fail(f"the server exited: {(self.workdir / 'server.log').read_text()[-2000:]}")
            try:
                if httpx.get(self.base_url + "/readyz", timeout=1).status_code == 200:
                    return
            except httpx.HTTPError:
                time.sleep(0.2)
        self.stop()
        pytest.fail("the server did not become ready within 60 s")

    def stop(self) -> None:
        """Stop the server and wait for it to exit (its port then refuses connections)."""
        if self.process is None:
            return
        self.process.terminate()
        try:
            self.process.wait(timeout=15)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait(timeout=5)
        self.process = None


def launch_server(workdir: Path) -> Server:
    """Start a demo-mode server on a fresh SQLite file in ``workdir``."""
    server = Server(workdir, f"sqlite:///{workdir / 'pharmai.db'}", free_port())
    server.start()
    return server


@pytest.fixture(scope="session")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    running = launch_server(tmp_path_factory.mktemp("web"))
    yield running
    running.stop()


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    if not Path(CHROMIUM).exists():
        pytest.fail(f"{CHROMIUM} is missing: apt-get install -y chromium chromium-driver")
    from playwright.sync_api import sync_playwright

    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    with sync_playwright() as playwright:
        instance = playwright.chromium.launch(executable_path=CHROMIUM, headless=True, args=_ARGS)
        try:
            yield instance
        finally:
            instance.close()


@pytest.fixture
def browser_context(browser: Any) -> Iterator[Any]:
    """A fresh desktop context (1280 × 900)."""
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    try:
        yield context
    finally:
        context.close()
