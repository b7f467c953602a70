"""A local stand-in for NCBI E-utilities on 127.0.0.1: replays recorded JSON and records every request.

Tests point ``PHARMAI_NCBI_BASE_URL`` at :attr:`EutilsServer.base_url`. Each endpoint (``esearch.fcgi``,
``esummary.fcgi``) answers from its queue of planned :class:`Answer` s first, then with its default; every
request is kept (arrival time on the monotonic clock, method, endpoint, GET and form parameters) so tests
check what was sent and how requests were spaced.
"""

from __future__ import annotations

import contextlib
import json
import threading
import time
from collections import deque
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

__all__ = ["FIXTURES", "Answer", "EutilsServer", "Seen", "fixture"]

FIXTURES = Path(__file__).parent / "fixtures" / "eutils"


def fixture(name: str) -> bytes:
    """A recorded answer's bytes."""
    return (FIXTURES / name).read_bytes()


@dataclass(frozen=True)
class Answer:
    """One planned answer: ``status`` with ``body`` after ``delay`` seconds."""

    body: bytes = b"{}"
    status: int = 200
    headers: dict[str, str] = field(default_factory=dict)
    delay: float = 0.0
    content_type: str = "application/json; charset=UTF-8"


@dataclass(frozen=True)
class Seen:
    """One request the server received."""

    at: float
    method: str
    endpoint: str
    params: dict[str, str]


def _page(answer: Answer, seen: Seen) -> Answer:
    # Like NCBI: esearch lists at most ``retmax`` ids, esummary summarises only the ids asked for.
    try:
        data = json.loads(answer.body)
    except ValueError:
        return answer
    if seen.endpoint == "esearch.fcgi" and seen.params.get("retmax", "").isdigit():
        result = data["esearchresult"]
        result["idlist"] = result["idlist"][: int(seen.params["retmax"])]
        result["retmax"] = str(len(result["idlist"]))
    elif seen.endpoint == "esummary.fcgi" and "id" in seen.params:
        wanted = seen.params["id"].split(",")
        uids = [uid for uid in data["result"]["uids"] if uid in wanted]
        data["result"] = {"uids": uids, **{uid: data["result"][uid] for uid in uids}}
    else:
        return answer
    return Answer(json.dumps(data).encode(), answer.status, answer.headers, answer.delay, answer.content_type)


class EutilsServer:
    """A threaded HTTP server replaying E-utilities answers; use it as a context manager."""

    def __init__(self) -> None:
        self.defaults: dict[str, Answer] = {
            "esearch.fcgi": Answer(fixture("esearch_metformin.json")),
            "esummary.fcgi": Answer(fixture("esummary_metformin.json")),
        }
        self._planned: dict[str, deque[Answer]] = {"esearch.fcgi": deque(), "esummary.fcgi": deque()}
        self.seen: list[Seen] = []
        self._lock = threading.Lock()
        server = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def log_message(self, format: str, *args: object) -> None:
                return

            def _answer(self) -> None:
                at = time.monotonic()
                url = urlsplit(self.path)
                length = int(self.headers.get("Content-Length") or 0)
                form = self.rfile.read(length).decode() if length else ""
                params = {k: v[-1] for k, v in parse_qs(url.query).items()}
                params |= {k: v[-1] for k, v in parse_qs(form).items()}
                endpoint = url.path.rsplit("/", 1)[-1]
                answer = server._next(Seen(at, self.command, endpoint, params))
                if answer.delay:
                    time.sleep(answer.delay)
                self.send_response(answer.status)
                self.send_header("Content-Type", answer.content_type)
                self.send_header("Content-Length", str(len(answer.body)))
                for name, value in answer.headers.items():
                    self.send_header(name, value)
                self.end_headers()
                with contextlib.suppress(OSError):  # the client gave up (a timeout test)
                    self.wfile.write(answer.body)

            do_GET = _answer
            do_POST = _answer

        self._httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self._httpd.daemon_threads = True
        self._thread = threading.Thread(target=self._httpd.serve_forever, daemon=True)

    @property
    def base_url(self) -> str:
        """The E-utilities address to configure (``http://127.0.0.1:PORT/entrez/eutils/``)."""
        return f"http://127.0.0.1:{self._httpd.server_address[1]}/entrez/eutils/"

    def plan(self, endpoint: str, *answers: Answer) -> None:
        """Queue answers for ``endpoint`` (``esearch.fcgi`` or ``esummary.fcgi``), used before its default."""
        with self._lock:
            self._planned[endpoint].extend(answers)

    def requests(self, endpoint: str | None = None) -> list[Seen]:
        """The requests received so far (of one endpoint, or all), in arrival order."""
        with self._lock:
            return [s for s in self.seen if endpoint is None or s.endpoint == endpoint]

    def _next(self, seen: Seen) -> Answer:
        with self._lock:
            self.seen.append(seen)
            queue = self._planned.get(seen.endpoint)
            if queue is None:
                return Answer(b"<html>not found</html>", status=404, content_type="text/html")
            if queue:
                return queue.popleft()
            return _page(self.defaults[seen.endpoint], seen)

    def __enter__(self) -> EutilsServer:
        self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._httpd.shutdown()
        self._httpd.server_close()
