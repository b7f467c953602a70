"""Engines and sessions: SQLite (WAL) by default, PostgreSQL through psycopg by URL."""

from __future__ import annotations

import fcntl
import os
import threading
import time
from collections.abc import Iterator
from contextlib import AbstractContextManager, contextmanager, nullcontext
from pathlib import Path
from typing import Any

from sqlalchemy import Connection, Engine, create_engine, event
from sqlalchemy.engine import make_url
from sqlalchemy.exc import SQLAlchemyError
from sqlalchemy.orm import Session, sessionmaker

from pharmai import tracing
from pharmai.db.raw import RawConnection, raw_transaction
from pharmai.errors import DatabaseError, PharmaiError

__all__ = ["Database", "normalize_url"]

#: How long a writer waits for the other SQLite writers, of this process and of others (as SQLite's own
#: busy timeout); then it gets DatabaseError.
_WRITE_WAIT_S = 10.0
_UNTRACED: AbstractContextManager[Any] = nullcontext()


def normalize_url(url: str) -> str:
    """Point bare ``postgresql://`` URLs at the psycopg 3 driver pharmai ships with."""
    if url.startswith("postgresql://") or url.startswith("postgres://"):
        return "postgresql+psycopg://" + url.split("://", 1)[1]
    return url


def _sqlite_pragmas(dbapi_connection: Any, _record: Any) -> None:
    cursor = dbapi_connection.cursor()
    # WAL lets readers proceed while one writer commits; busy_timeout makes writers queue, not fail.
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA synchronous=NORMAL")
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.execute("PRAGMA busy_timeout=10000")
    cursor.close()


def _sqlite_begin(conn: Any) -> None:
    # A write transaction takes the write lock up front (BEGIN IMMEDIATE), so read-then-write
    # transactions queue on busy_timeout instead of failing on lock upgrade; reads stay deferred so
    # WAL readers never wait for a writer.
    if conn.get_execution_options().get("pharmai_write"):
        conn.exec_driver_sql("BEGIN IMMEDIATE")
    else:
        conn.exec_driver_sql("BEGIN")


class _FileLock:
    """An exclusive lock shared by the processes that open the same SQLite file (``flock``).

    Waiting polls every 0.1 to 1 ms: a handover takes well under a millisecond, where SQLite's own busy
    handler sleeps 1, 2, 5, 10 … 100 ms between tries.
    """

    def __init__(self, path: Path) -> None:
        self._path = path
        self._fd: int | None = None

    def acquire(self, deadline: float) -> None:
        """Take the lock, or raise :class:`DatabaseError` at ``deadline`` (``time.monotonic``)."""
        if self._fd is None:
            self._fd = os.open(self._path, os.O_RDWR | os.O_CREAT, 0o600)
        delay = 0.0001
        while True:
            try:
                fcntl.flock(self._fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
                return
            except BlockingIOError:
                if time.monotonic() > deadline:
                    raise DatabaseError() from None
                time.sleep(delay)
                delay = min(delay * 2, 0.001)

    def release(self) -> None:
        """Let the next writer in."""
        if self._fd is not None:
            fcntl.flock(self._fd, fcntl.LOCK_UN)

    def close(self) -> None:
        """Close the lock file (the lock itself is released with each transaction)."""
        if self._fd is not None:
            os.close(self._fd)
            self._fd = None


class Database:
    """A database pharmai talks to: one engine and its session factory.

    Args:
        url: Any SQLAlchemy URL; ``postgresql://`` is mapped to psycopg.
        echo: Log SQL statements (debugging only).
    """

    def __init__(self, url: str, *, echo: bool = False) -> None:
        self.url = normalize_url(url)
        parsed = make_url(self.url)
        self.is_sqlite = parsed.get_backend_name() == "sqlite"
        kwargs: dict[str, Any] = {"echo": echo, "future": True}
        if self.is_sqlite:
            if parsed.database and parsed.database != ":memory:":
                Path(parsed.database).parent.mkdir(parents=True, exist_ok=True)
            kwargs["connect_args"] = {"check_same_thread": False, "timeout": 30}
            # Every request thread of a worker may hold a connection at once; a pool smaller than that
            # closes and reopens connections (and reruns the pragmas) on every transaction.
            kwargs.update(pool_size=32, max_overflow=32)
        else:
            # No ping before every checkout: it was a round trip per transaction. A connection the server
            # dropped fails once; SQLAlchemy then replaces the whole pool (and raw() drops the connection),
            # and connections older than pool_recycle are replaced before use.
            kwargs.update(pool_pre_ping=False, pool_recycle=300, pool_size=16, max_overflow=32)
        self.engine: Engine = create_engine(self.url, **kwargs)
        if self.is_sqlite:
            event.listen(self.engine, "connect", _sqlite_pragmas)
            # Let SQLAlchemy, not pysqlite, decide when transactions begin.
            event.listen(self.engine, "connect", lambda c, _r: setattr(c, "isolation_level", None))
            event.listen(self.engine, "begin", _sqlite_begin)
        self._write_engine = self.engine.execution_options(pharmai_write=True)
        self._driver_error: type[Exception] = self.engine.dialect.loaded_dbapi.Error
        # SQLite has one writer at a time. Writers queue for it here, handing over at once, instead of
        # in SQLite's busy handler, which polls with sleeps of 1 to 100 ms: threads of this process on a
        # lock, and processes sharing the file (API workers, a CLI import) on a lock file beside it.
        self._write_lock = threading.RLock() if self.is_sqlite else None
        self._write_depth = 0  # nested write transactions of the thread holding the lock
        self._file_lock = (
            _FileLock(Path(parsed.database + "-pharmai.lock"))
            if self.is_sqlite and parsed.database and parsed.database != ":memory:"
            else None
        )
        # Read sessions must not write. On PostgreSQL they run in autocommit mode: BEGIN and COMMIT were
        # two of a short read's four round trips, and each statement still reads a committed snapshot.
        self._read_engine = (
            self.engine if self.is_sqlite else self.engine.execution_options(isolation_level="AUTOCOMMIT")
        )
        self._sessions = sessionmaker(self._read_engine, expire_on_commit=False)
        self._span_attributes: dict[bool, tracing.Attributes] = {
            write: {"db.system.name": self.dialect, "pharmai.db.write": write} for write in (False, True)
        }
        self._write_sessions = sessionmaker(self._write_engine, expire_on_commit=False)

    @property
    def dialect(self) -> str:
        """``sqlite`` or ``postgresql``."""
        return self.engine.dialect.name

    @contextmanager
    def session(self, *, write: bool = False) -> Iterator[Session]:
        """A session in one transaction: committed on success, rolled back on any error.

        Args:
            write: The transaction will write; on SQLite it takes the write lock at once (PostgreSQL relies
                on row locks taken by the caller instead). Without it the session must only read: on
                PostgreSQL it runs in autocommit mode, each statement on its own committed snapshot.

        Database failures surface as :class:`~pharmai.errors.DatabaseError`, never as driver internals.
        """
        with self._traced(write), self._writer(write):
            session = (self._write_sessions if write else self._sessions)()
            try:
                yield session
                session.commit()
            except PharmaiError:
                session.rollback()
                raise
            except SQLAlchemyError as exc:
                session.rollback()
                raise DatabaseError() from exc
            except BaseException:
                session.rollback()
                raise
            finally:
                session.close()

    @contextmanager
    def connect(self, *, write: bool = False) -> Iterator[Connection]:
        """A Core connection in one transaction, for hot paths that need no ORM (same rules as :meth:`session`).

        Args:
            write: As in :meth:`session`.
        """
        with self._traced(write), self._writer(write):
            try:
                with (self._write_engine if write else self.engine).begin() as connection:
                    yield connection
            except SQLAlchemyError as exc:
                raise DatabaseError() from exc

    @contextmanager
    def raw(self, *, write: bool = False, single: bool = False) -> Iterator[RawConnection]:
        """A pooled driver connection in one transaction, for :class:`RawStatement` hot paths.

        Args:
            write: As in :meth:`session`. Without it only reads may run: on PostgreSQL they run in
                autocommit mode, each statement on its own committed snapshot.
            single: The block runs one statement, atomic by itself: on PostgreSQL it runs in autocommit
                mode too (no BEGIN / COMMIT round trips). SQLite's write lock is taken as for any write.
        """
        begin = ("BEGIN IMMEDIATE" if write else "BEGIN") if self.is_sqlite else None
        with self._traced(write), self._writer(write):
            try:
                with raw_transaction(
                    self.engine.raw_connection(),
                    self.engine.dialect,
                    sqlite_begin=begin,
                    autocommit=single or not write,
                ) as conn:
                    yield conn
            except (SQLAlchemyError, self._driver_error) as exc:
                raise DatabaseError() from exc

    def _traced(self, write: bool) -> AbstractContextManager[Any]:
        # One span per transaction (a statement group), inside a traced request or turn only: background
        # writers (the audit flusher) would each start a trace of their own. Never the SQL's parameters.
        if not tracing.enabled():
            return _UNTRACED
        attributes = self._span_attributes[write]
        return tracing.span("db.transaction", attributes, kind="client", only_child=True)

    @contextmanager
    def _writer(self, write: bool) -> Iterator[None]:
        if not write or self._write_lock is None:
            yield
            return
        deadline = time.monotonic() + _WRITE_WAIT_S
        if not self._write_lock.acquire(timeout=_WRITE_WAIT_S):
            raise DatabaseError()
        outermost = self._write_depth == 0
        self._write_depth += 1
        try:
            if self._file_lock is None or not outermost:
                yield
                return
            self._file_lock.acquire(deadline)
            try:
                yield
            finally:
                self._file_lock.release()
        finally:
            self._write_depth -= 1
            self._write_lock.release()

    def dispose(self) -> None:
        """Close every pooled connection (and the SQLite writers' lock file)."""
        self.engine.dispose()
        if self._file_lock is not None and self._write_lock is not None:
            with self._write_lock:
                self._file_lock.close()
