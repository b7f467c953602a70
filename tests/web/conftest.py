"""A real server (``pharmai serve``, demo mode, its own SQLite file) and headless Debian Chromium."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

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


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


class Server:
    """The running server: its base URL and database URL."""

    def __init__(self, base_url: str, database_url: str) -> None:
        self.base_url = base_url
        self.database_url = database_url


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    workdir = tmp_path_factory.mktemp("web")
    database_url = f"sqlite:///{workdir / 'pharmai.db'}"
    port = _free_port()
    env = {
        **os.environ,
        "PHARMAI_DATABASE_URL": database_url,
        "PHARMAI_TODAY": TODAY.isoformat(),
        "PHARMAI_IDENTITY_MODE": "demo",
        "PHARMAI_ENGINE": "offline",
        "PHARMAI_STAFF_API_KEY": STAFF_KEY,
        "PHARMAI_REDIS_URL": "",
    }
    env.pop("PHARMAI_REDIS_URL")
    log = (workdir / "server.log").open("w")
    command = [sys.executable, "-c", "from pharmai.cli import main; main()", "serve", "--port", str(port)]
    process = subprocess.Popen(command, env=env, cwd=workdir, stdout=log, stderr=subprocess.STDOUT)
    base_url = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if process.poll() is not None:
            pytest.fail(f"the server exited: {(workdir / 'server.log').read_text()[-2000:]}")
        try:
            if httpx.get(base_url + "/readyz", timeout=1).status_code == 200:
                break
        except httpx.HTTPError:
            time.sleep(0.2)
    else:
        process.terminate()
        pytest.fail("the server did not become ready within 60 s")
    yield Server(base_url, database_url)
    process.terminate()
    try:
        process.wait(timeout=15)
    except subprocess.TimeoutExpired:
        process.kill()
    log.close()


@pytest.fixture
def browser_context(tmp_path: Path) -> Iterator[object]:
    if not Path(CHROMIUM).exists():
        pytest.fail(f"{CHROMIUM} is missing: apt-get install -y chromium chromium-driver (see shared/SERVICES.md)")
    from playwright.sync_api import sync_playwright

    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    with sync_playwright() as playwright:
        context = playwright.chromium.launch_persistent_context(
            user_data_dir=str(tmp_path / "profile"),
            executable_path=CHROMIUM,
            headless=True,
            args=_ARGS,
            viewport={"width": 1280, "height": 900},
        )
        try:
            yield context
        finally:
            context.close()
