"""The ``audit_log`` table behind the runtime's :class:`~pharmai.tools.AuditSink` protocol — never a lost row.

A failed insert is retried with a short backoff; when the database stays down, the rows are appended to a
spill file (one JSON object per line) in a directory of this database's own, and replayed into the table
by the first process that writes successfully afterwards, or that starts on the same database. Replay
claims a file by renaming it, so two processes never replay the same rows. A row may in the worst case be
stored twice (the process dies between the replay's commit and the file's removal); it is never dropped.

The backlog is exported for Prometheus: ``pharmai_audit_queue_rows`` (rows waiting in this process's
background writers) and ``pharmai_audit_spilled_rows_total`` / ``pharmai_audit_replayed_rows_total``
(rows that went to, and came back from, a spill file).
"""

from __future__ import annotations

import hashlib
import json
import logging
import os
import queue
import tempfile
import threading
import time
import uuid
import weakref
from datetime import datetime
from pathlib import Path
from typing import Any

from prometheus_client import Counter, Gauge
from sqlalchemy import insert
from sqlalchemy.orm import Session

from pharmai.db.engine import Database
from pharmai.db.models import AuditLog

__all__ = ["BackgroundAuditSink", "SyncAuditSink", "default_spill_dir"]

_log = logging.getLogger("pharmai.db.audit")
#: Pauses between tries of one insert: the writer thread can afford to wait, a caller much less.
_BACKGROUND_BACKOFF = (0.05, 0.2, 0.5, 1.0, 2.0)
_CALLER_BACKOFF = (0.05, 0.2)
#: Another process's spill file is looked for at most this often (a stat of one directory).
_SCAN_EVERY_S = 30.0
_REPLAY_BATCH = 500

#: This process's background writers, for the queue gauge (a writer that is gone no longer counts).
_WRITERS: weakref.WeakSet[BackgroundAuditSink] = weakref.WeakSet()
_QUEUE_ROWS = Gauge("pharmai_audit_queue_rows", "Audit rows waiting for the background writer (this process).")
_QUEUE_ROWS.set_function(lambda: float(sum(writer.queued() for writer in list(_WRITERS))))
_SPILLED = Counter("pharmai_audit_spilled_rows_total", "Audit rows spilled to a file while the database refused them.")
_REPLAYED = Counter("pharmai_audit_replayed_rows_total", "Spilled audit rows stored in the database afterwards.")


def default_spill_dir(db: Database) -> Path:
    """Where this database's spilled rows go: beside a SQLite file, else per URL in the data directory."""
    path = db.engine.url.database
    if db.is_sqlite:
        if path and path != ":memory:":
            return Path(path).with_name(Path(path).name + ".audit-spill")
        # An in-memory database dies with its process; so may its spilled rows.
        return Path(tempfile.gettempdir()) / f"pharmai-audit-spill-{os.getpid()}-{id(db):x}"
    base = Path(os.environ.get("XDG_DATA_HOME") or Path.home() / ".local" / "share") / "pharmai"
    digest = hashlib.sha256(db.engine.url.render_as_string(hide_password=True).encode()).hexdigest()[:16]
    return base / "audit-spill" / digest


def _encode(row: dict[str, Any]) -> str:
    return json.dumps({k: v.isoformat() if isinstance(v, datetime) else v for k, v in row.items()})


def _decode(line: str) -> dict[str, Any]:
    row: dict[str, Any] = json.loads(line)
    row["ts"] = datetime.fromisoformat(row["ts"])
    return row


class _Durable:
    """Insert with retries, spill what cannot be stored, replay spills once the database answers."""

    def __init__(self, db: Database, spill_dir: Path | None) -> None:
        self.db = db
        self.spill_dir = spill_dir or default_spill_dir(db)
        self._spill_file = f"audit-{os.getpid()}-{uuid.uuid4().hex[:8]}.jsonl"
        self._spill_lock = threading.Lock()
        self._spilled = False
        self._next_scan = 0.0  # replay leftovers of earlier runs on the first successful write

    def write_in(self, session: Session, row: dict[str, Any]) -> None:
        """Add ``row`` to ``session``'s transaction: stored if and only if it commits."""
        session.execute(insert(AuditLog), [row])

    def _store(self, rows: list[dict[str, Any]], backoff: tuple[float, ...]) -> None:
        for pause in (*backoff, None):
            try:
                with self.db.connect(write=True) as conn:
                    conn.execute(insert(AuditLog), rows)
            except Exception as exc:  # an audit outage must not turn every tool call into a crash
                if pause is None:
                    _log.error("audit write of %d rows failed (%s); spilling them", len(rows), type(exc).__name__)
                    self._spill(rows)
                    return
                time.sleep(pause)
            else:
                self._after_success()
                return

    def _spill(self, rows: list[dict[str, Any]]) -> None:
        with self._spill_lock:
            self.spill_dir.mkdir(parents=True, exist_ok=True)
            with (self.spill_dir / self._spill_file).open("a", encoding="utf-8") as out:
                out.writelines(_encode(row) + "\n" for row in rows)
                out.flush()
                os.fsync(out.fileno())
            self._spilled = True
        _SPILLED.inc(len(rows))

    def _after_success(self) -> None:
        now = time.monotonic()
        if self._spilled or now >= self._next_scan:
            self._next_scan = now + _SCAN_EVERY_S
            self._spilled = False
            self.replay()

    def replay(self) -> int:
        """Store every spilled row of this database (any process's); returns how many were stored."""
        stored = 0
        try:
            files = sorted(self.spill_dir.glob("audit-*.jsonl"))
        except OSError:
            return 0
        for path in files:
            claimed = path.with_name(f"replay-{os.getpid()}-{uuid.uuid4().hex[:8]}.jsonl")
            try:
                path.rename(claimed)  # atomic: exactly one process gets the file
            except OSError:
                continue
            lines = [line for line in claimed.read_text(encoding="utf-8").splitlines() if line.strip()]
            try:
                rows = [_decode(line) for line in lines]
                with self.db.connect(write=True) as conn:
                    for start in range(0, len(rows), _REPLAY_BATCH):
                        conn.execute(insert(AuditLog), rows[start : start + _REPLAY_BATCH])
            except Exception as exc:
                _log.error("audit replay of %s failed (%s); kept for later", claimed.name, type(exc).__name__)
                claimed.rename(path)
                self._spilled = True
                continue
            claimed.unlink(missing_ok=True)
            stored += len(rows)
            _REPLAYED.inc(len(rows))
            _log.warning("audit replay stored %d spilled rows", len(rows))
        return stored


class SyncAuditSink(_Durable):
    """Writes each row before the call returns (retried briefly, spilled if the database stays down).

    Args:
        db: The database of ``audit_log``.
        spill_dir: Where unstorable rows wait (default: :func:`default_spill_dir`).
    """

    def __init__(self, db: Database, *, spill_dir: Path | None = None) -> None:
        super().__init__(db, spill_dir)

    def write(self, row: dict[str, Any]) -> None:
        """Insert ``row`` now."""
        self._store([row], _CALLER_BACKOFF)

    def flush(self) -> None:
        """Nothing is ever pending."""

    def close(self) -> None:
        """Nothing to release."""


class BackgroundAuditSink(_Durable):
    """Batches rows on a writer thread; bounded queue, flushed on :meth:`flush` and :meth:`close`.

    Args:
        db: The database of ``audit_log``.
        max_queue: Rows waiting at most; beyond it callers write synchronously.
        batch: Rows per insert.
        linger_s: How long the writer waits for more rows before inserting a batch.
        spill_dir: Where unstorable rows wait (default: :func:`default_spill_dir`).
    """

    def __init__(
        self,
        db: Database,
        *,
        max_queue: int = 10000,
        batch: int = 500,
        linger_s: float = 0.02,
        spill_dir: Path | None = None,
    ) -> None:
        super().__init__(db, spill_dir)
        self._batch = batch
        self._linger = linger_s
        self._queue: queue.Queue[dict[str, Any] | None] = queue.Queue(maxsize=max_queue)
        self._thread = threading.Thread(target=self._drain, name="pharmai-audit", daemon=True)
        self._closed = False
        self._thread.start()
        _WRITERS.add(self)

    def queued(self) -> int:
        """Rows waiting for the writer thread now (approximate, as any queue size read by another thread)."""
        return self._queue.qsize()

    def write(self, row: dict[str, Any]) -> None:
        """Queue ``row``; write it in the caller's thread when the queue is full or closed."""
        if self._closed:
            self._store([row], _CALLER_BACKOFF)
            return
        try:
            self._queue.put_nowait(row)
        except queue.Full:
            self._store([row], _CALLER_BACKOFF)

    def _drain(self) -> None:
        while True:
            first = self._queue.get()
            rows = [first] if first is not None else []
            stop = first is None
            if not stop:
                # Linger briefly so a burst becomes one transaction: fewer commits, less GIL contention
                # with the callers. A sleep, not a wait on the queue: a waiting thread is woken by every row
                # put meanwhile (a thread switch per tool call); a sleeping one wakes once per batch.
                # flush() and close() still wait for every row.
                time.sleep(self._linger)
            while len(rows) < self._batch and not stop:
                try:
                    item = self._queue.get_nowait()
                except queue.Empty:
                    break
                if item is None:
                    stop = True
                else:
                    rows.append(item)
            if rows:
                self._store(rows, _BACKGROUND_BACKOFF)
            for _ in range(len(rows) + (1 if stop else 0)):
                self._queue.task_done()
            if stop:
                return

    def flush(self) -> None:
        """Block until every queued row is stored (or spilled)."""
        self._queue.join()

    def close(self) -> None:
        """Store what is queued and stop the writer."""
        if self._closed:
            return
        self._closed = True
        self._queue.put(None)
        self._thread.join(timeout=30)
