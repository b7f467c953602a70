"""The fault suite's harness: ``pharmai serve`` as a subprocess on a throw-away backend, and an HTTP client.

The backend (a fresh SQLite file, or a fresh PostgreSQL schema with its own Redis key prefix) comes from
``benchmarks/_backends.py``; the server is started here in a session of its own, so a ``kill -9`` can take
its whole process group (supervisor and workers) and no orphan worker keeps serving. Everything is on
loopback and every wait is bounded.
"""

from __future__ import annotations

import contextlib
import os
import signal
import socket
import subprocess
import sys
import threading
import time
import uuid
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
from benchmarks._backends import Backend, free_port

from tests.api.conftest import parse_sse
from tests.conftest import TODAY

__all__ = [
    "GENEROUS",
    "PG_URL",
    "REDIS_URL",
    "STAFF_KEY",
    "Client",
    "FaultBackend",
    "Server",
    "Turn",
    "fault_backend",
]

PG_URL = os.environ.get("PHARMAI_TEST_DATABASE_URL")
REDIS_URL = os.environ.get("PHARMAI_TEST_REDIS_URL")
STAFF_KEY = "fault-staff-key-0123456789"
#: Budgets far above anything a fault test spends: the limits must not be what a test observes.
GENEROUS = "100000/minute"


@dataclass
class FaultBackend:
    """A throw-away database for one test, and the environment a server on it gets.

    Attributes:
        backend: The benchmark backend (file or schema, Redis key prefix).
        workdir: The servers' working directory (logs, SQLite file, audit spill files).
        app_name: PostgreSQL ``application_name`` of the server's connections (so a test can find and
            terminate exactly those), ``None`` on SQLite.
        env: ``PHARMAI_*`` (and data-directory) settings of every server started on it.
    """

    backend: Backend
    workdir: Path
    app_name: str | None
    env: dict[str, str] = field(default_factory=dict)

    @property
    def name(self) -> str:
        """``sqlite`` or ``postgresql``."""
        return self.backend.name

    @property
    def label(self) -> str:
        """``sqlite`` or ``postgresql+redis`` (``postgresql`` when the test replaced Redis)."""
        if self.name == "postgresql" and (REDIS_URL is None or self.env.get("PHARMAI_REDIS_URL") != REDIS_URL):
            return "postgresql"
        return self.backend.label

    @property
    def url(self) -> str:
        """The database URL for the test's own connections (not the server's ``application_name``)."""
        return self.backend.url

    @property
    def sqlite_path(self) -> Path:
        """The SQLite file (SQLite only)."""
        return Path(self.backend.url.removeprefix("sqlite:///"))

    def spilled_rows(self) -> int:
        """Audit rows waiting in spill files under the working directory (none when all were stored)."""
        count = 0
        for path in self.workdir.rglob("*.jsonl"):
            with contextlib.suppress(OSError):
                count += sum(1 for line in path.read_text(encoding="utf-8").splitlines() if line.strip())
        return count


@contextlib.contextmanager
def fault_backend(
    name: str, workdir: Path, *, tag: str, settings: dict[str, str] | None = None
) -> Iterator[FaultBackend]:
    """A fresh backend with the fault suite's settings; dropped (schema and Redis keys) on exit.

    Args:
        name: ``sqlite`` or ``postgresql``.
        workdir: Where servers run.
        tag: A short word for the schema, file, key and application names.
        settings: ``PHARMAI_*`` settings beside the suite's defaults (they win).
    """
    backend = Backend(name, workdir, tag=tag, own_redis_keys=name == "postgresql" and REDIS_URL is not None)
    app_name = None
    env = dict(backend.env)
    if name == "postgresql":
        app_name = f"pharmai_fault_{uuid.uuid4().hex[:12]}"
        env["PHARMAI_DATABASE_URL"] = f"{backend.url}&application_name={app_name}"
        if REDIS_URL is None:
            env.pop("PHARMAI_REDIS_URL", None)
            env.pop("PHARMAI_REDIS_KEY_PREFIX", None)
    env.update(
        {
            "PHARMAI_ENGINE": "offline",
            "PHARMAI_IDENTITY_MODE": "otp",
            "PHARMAI_TODAY": TODAY.isoformat(),  # the suite's pinned today: demo dates count from it
            "PHARMAI_STAFF_API_KEY": STAFF_KEY,
            "PHARMAI_AUDIT_SECRET": "fault-suite",
            "PHARMAI_PURGE_INTERVAL_SECONDS": "0",
            "PHARMAI_RATE_LIMIT_CONVERSATION": GENEROUS,
            "PHARMAI_RATE_LIMIT_PATIENT": GENEROUS,
            "PHARMAI_RATE_LIMIT_ANONYMOUS_CONVERSATION": GENEROUS,
            "PHARMAI_RATE_LIMIT_CLIENT": GENEROUS,
            "PHARMAI_RATE_LIMIT_CLIENT_SIGN_IN": GENEROUS,
            "PHARMAI_RATE_LIMIT_GLOBAL": GENEROUS,
            # The per-address HTTP limit counts in Redis under a fixed key per address, shared by every
            # server of the machine for a minute: hundreds of requests from 127.0.0.1 would spend it.
            "PHARMAI_HTTP_RATE_LIMIT": "off",
            # Spilled audit rows stay inside the test's directory, never in the user's data directory.
            "PHARMAI_AUDIT_SPILL_DIR": str(workdir / "audit-spill"),
            "XDG_DATA_HOME": str(workdir / "data"),
        }
    )
    env.update(settings or {})
    try:
        yield FaultBackend(backend, workdir, app_name, env)
    finally:
        backend.drop()


class Server:
    """One ``pharmai serve`` process group on a :class:`FaultBackend`.

    Args:
        backend: The database (and settings) to serve.
        workers: Uvicorn worker processes.
        tag: Names the log file (``server-<tag>.log``).
    """

    def __init__(self, backend: FaultBackend, *, workers: int = 1, tag: str = "1") -> None:
        self.port = free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        self.log = backend.workdir / f"server-{tag}.log"
        env = {k: v for k, v in os.environ.items() if not k.startswith("PHARMAI_")}
        env.update(backend.env)
        command = [sys.executable, "-c", "from pharmai.cli import main; main()", "serve", "--port", str(self.port)]
        command += ["--workers", str(workers), "--log-level", "warning"]
        with self.log.open("wb") as out:
            self.process = subprocess.Popen(
                command, env=env, cwd=backend.workdir, stdout=out, stderr=subprocess.STDOUT, start_new_session=True
            )

    def log_tail(self, chars: int = 2000) -> str:
        """The end of the server's log."""
        return self.log.read_text(encoding="utf-8", errors="replace")[-chars:]

    def wait(self, *, ready: bool = True, seconds: float = 90.0) -> None:
        """Wait until ``/readyz`` (or, with ``ready=False``, ``/healthz``) answers 200.

        A few seconds normally; on a starved machine ``--workers 2`` takes far longer (uvicorn restarts a
        worker that is still importing when its health check times out), hence the generous bound.

        Raises:
            RuntimeError: The server exited or did not answer in time (with its last answer and log).
        """
        path = "/readyz" if ready else "/healthz"
        started = time.monotonic()
        last = "nothing"
        while time.monotonic() - started < seconds:
            if self.process.poll() is not None:
                raise RuntimeError("the server exited:\n" + self.log_tail())
            try:
                response = httpx.get(self.base + path, timeout=2)
            except httpx.HTTPError as exc:
                last = type(exc).__name__
            else:
                if response.status_code == 200:
                    return
                last = f"{response.status_code} {response.text[:200]}"
            time.sleep(0.1)
        raise RuntimeError(
            f"the server did not answer {path} with 200 within {seconds:.0f} s (last: {last}):\n" + self.log_tail()
        )

    def kill(self) -> None:
        """``kill -9`` the whole process group and wait until the port refuses connections."""
        with contextlib.suppress(ProcessLookupError):
            os.killpg(self.process.pid, signal.SIGKILL)
        self.process.wait(timeout=10)
        deadline = time.monotonic() + 5
        while self.accepting():
            if time.monotonic() > deadline:
                raise AssertionError(f"a process still serves port {self.port} after kill -9 of its group")
            time.sleep(0.05)

    def accepting(self) -> bool:
        """Whether anything accepts connections on the server's port."""
        try:
            socket.create_connection(("127.0.0.1", self.port), timeout=0.5).close()
        except OSError:
            return False
        return True

    def stop(self, *, seconds: float = 30.0) -> None:
        """Stop gracefully (SIGTERM: workers finish, flush audit rows); ``kill -9`` what is left after ``seconds``."""
        if self.process.poll() is None:
            self.process.terminate()
            with contextlib.suppress(subprocess.TimeoutExpired):
                self.process.wait(timeout=seconds)
        with contextlib.suppress(ProcessLookupError):
            os.killpg(self.process.pid, signal.SIGKILL)  # stragglers of the group, if any
        with contextlib.suppress(subprocess.TimeoutExpired):
            self.process.wait(timeout=10)


@dataclass
class Turn:
    """One streamed turn as the client saw it.

    Attributes:
        status: The HTTP status.
        events: The ``(event, data)`` pairs.
        seconds: Wall time from sending the request to the end of the stream.
    """

    status: int
    events: list[tuple[str, dict[str, Any]]]
    seconds: float

    @property
    def results(self) -> list[dict[str, Any]]:
        """The ``tool.result`` payloads (``{"id", "name", "result", …}``)."""
        return [data for name, data in self.events if name == "tool.result"]

    @property
    def done(self) -> bool:
        """The stream ended with ``message.done``."""
        return bool(self.events) and self.events[-1][0] == "message.done"

    @property
    def reply(self) -> str:
        """The final reply (empty when the turn did not finish)."""
        return str(self.events[-1][1].get("reply", "")) if self.done else ""

    def confirmation(self) -> dict[str, Any] | None:
        """The ``confirmation.required`` payload, if the turn raised one."""
        return next((data for name, data in self.events if name == "confirmation.required"), None)


class Client:
    """A conversation's HTTP client; counts the tool results it saw (each one is an outcome it received).

    Args:
        base: The server's base URL.
        timeout: Seconds per request.
    """

    def __init__(self, base: str, *, timeout: float = 20.0) -> None:
        self.http = httpx.Client(base_url=base, timeout=timeout)
        self.headers: dict[str, str] = {}
        self.conversation_id = ""
        self.turns: list[Turn] = []
        self._lock = threading.Lock()

    def close(self) -> None:
        """Close the connection pool."""
        self.http.close()

    def reconnect(self, base: str) -> None:
        """Talk to another server (a restarted one) in the same conversation."""
        timeout = self.http.timeout
        self.http.close()
        self.http = httpx.Client(base_url=base, timeout=timeout)

    def sibling(self, *, timeout: float = 20.0) -> Client:
        """Another client in the same conversation (its own connection and turn list)."""
        other = Client(str(self.http.base_url), timeout=timeout)
        other.headers, other.conversation_id = dict(self.headers), self.conversation_id
        return other

    def open(self, language: str = "en") -> None:
        """Open an anonymous conversation."""
        response = self.http.post("/v1/conversations", json={"language": language})
        assert response.status_code == 201, response.text
        body = response.json()
        self.conversation_id = body["conversation_id"]
        self.headers = {"Authorization": f"Bearer {body['token']}"}

    def _stream(self, path: str, body: dict[str, Any] | None) -> Turn:
        started = time.monotonic()
        response = self.http.post(path, json=body, headers=self.headers)
        turn = Turn(response.status_code, [], time.monotonic() - started)
        if response.headers.get("content-type", "").startswith("text/event-stream"):
            turn.events = parse_sse(response.text)
        with self._lock:
            self.turns.append(turn)
        return turn

    def say(self, content: str) -> Turn:
        """Post one message and read the whole turn."""
        return self._stream(f"/v1/conversations/{self.conversation_id}/messages", {"content": content})

    def decide(self, confirmation_id: str, action: str = "approve") -> Turn:
        """Approve (or deny) a confirmation and read the rest of the turn."""
        return self._stream(f"/v1/confirmations/{confirmation_id}/{action}", None)

    def transcript(self) -> dict[str, Any]:
        """The conversation's transcript and pending confirmation."""
        response = self.http.get(f"/v1/conversations/{self.conversation_id}", headers=self.headers)
        assert response.status_code == 200, response.text
        body: dict[str, Any] = response.json()
        return body

    def results(self, tool: str | None = None) -> list[dict[str, Any]]:
        """Every tool result this client received (of one tool, when named)."""
        return [r for turn in self.turns for r in turn.results if tool is None or r.get("name") == tool]
