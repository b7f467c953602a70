"""Many threads writing one SQLite file at once: every write transaction succeeds and none is lost.

SQLite has one writer at a time; write transactions of one process queue for it on an in-process lock
(and take SQLite's lock up front), so a read-modify-write inside ``write=True`` is never interleaved,
whichever entry point (ORM session, Core connection, raw statements) runs it.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from datetime import UTC, datetime
from pathlib import Path

import pytest
from sqlalchemy import select, update

from pharmai.db import Database, upgrade
from pharmai.db.models import Conversation
from pharmai.db.raw import RawStatement
from pharmai.errors import DatabaseError

THREADS = 16
WRITES = 20
COUNTER = "conv-counter"

_STATE = Conversation.__table__.c.state.type
_READ = RawStatement("SELECT state FROM conversations WHERE conversation_id = :cid", results=(_STATE,))
_WRITE = RawStatement("UPDATE conversations SET state = :state WHERE conversation_id = :cid", params={"state": _STATE})


@pytest.fixture
def sqlite_db(tmp_path: Path) -> Iterator[Database]:
    """A migrated SQLite file database holding one counter (a conversation's state)."""
    db = Database(f"sqlite:///{tmp_path / 'concurrency.db'}")
    upgrade(db)
    now = datetime(2026, 3, 1, 9, 0, tzinfo=UTC)
    with db.session(write=True) as session:
        session.add(Conversation(conversation_id=COUNTER, state={"count": 0}, created_at=now, updated_at=now))
    yield db
    db.dispose()


def _count(db: Database) -> int:
    with db.session() as session:
        row = session.get(Conversation, COUNTER)
        assert row is not None
        return int(row.state["count"])


def _add_one_with_session(db: Database) -> None:
    with db.session(write=True) as session:
        row = session.get(Conversation, COUNTER)
        assert row is not None
        seen = int(row.state["count"])
        time.sleep(0)  # let other threads run between the read and the write
        row.state = {"count": seen + 1}


def _add_one_with_connection(db: Database) -> None:
    with db.connect(write=True) as conn:
        state = conn.execute(select(Conversation.state).where(Conversation.conversation_id == COUNTER)).scalar_one()
        time.sleep(0)
        conn.execute(
            update(Conversation)
            .where(Conversation.conversation_id == COUNTER)
            .values(state={"count": state["count"] + 1})
        )


def _add_one_with_raw(db: Database) -> None:
    with db.raw(write=True) as conn:
        [(state,)] = conn.rows(_READ, {"cid": COUNTER})
        time.sleep(0)
        assert conn.execute(_WRITE, {"cid": COUNTER, "state": {"count": state["count"] + 1}}) == 1


def _run_writers(db: Database, pick: Callable[[int, int], Callable[[Database], None]]) -> list[int]:
    """Start every writer thread at once, with readers watching; what the readers saw, in order."""
    start = threading.Barrier(THREADS + 1)
    writers_done = threading.Event()
    seen: list[int] = []

    def writer(thread: int) -> None:
        start.wait()
        for i in range(WRITES):
            pick(thread, i)(db)

    def reader() -> None:
        start.wait()
        while not writers_done.is_set():
            seen.append(_count(db))
            writers_done.wait(0.002)  # watch, without starving the writers of the GIL

    with ThreadPoolExecutor(THREADS + 1) as pool:
        watching = pool.submit(reader)
        futures = [pool.submit(writer, t) for t in range(THREADS)]
        try:
            for future in futures:
                future.result()  # re-raises any DatabaseError or lost-lock failure of a writer
        finally:
            writers_done.set()
        watching.result()
    return seen


def test_parallel_session_writes_lose_no_update(sqlite_db: Database) -> None:
    seen = _run_writers(sqlite_db, lambda _thread, _i: _add_one_with_session)
    assert _count(sqlite_db) == THREADS * WRITES
    # A reader never waits for the writers (WAL) and only ever sees committed, growing counts.
    assert seen == sorted(seen) and all(0 <= n <= THREADS * WRITES for n in seen)


def test_sessions_connections_and_raw_statements_share_one_writer(sqlite_db: Database) -> None:
    paths = [_add_one_with_session, _add_one_with_connection, _add_one_with_raw]
    _run_writers(sqlite_db, lambda thread, i: paths[(thread + i) % len(paths)])
    assert _count(sqlite_db) == THREADS * WRITES


def test_a_writer_that_cannot_get_its_turn_gets_db_error(sqlite_db: Database, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("pharmai.db.engine._WRITE_WAIT_S", 0.2)
    holding, release = threading.Event(), threading.Event()

    def hold() -> None:
        with sqlite_db.session(write=True) as session:
            row = session.get(Conversation, COUNTER)
            assert row is not None
            row.state = {"count": 100}
            holding.set()
            release.wait(10)

    with ThreadPoolExecutor(1) as pool:
        holder = pool.submit(hold)
        assert holding.wait(10)
        try:
            for entry in (sqlite_db.session, sqlite_db.connect, sqlite_db.raw):
                with pytest.raises(DatabaseError), entry(write=True):
                    pytest.fail("a second writer got in while the first held the lock")
            # Readers are not held up by the waiting writer.
            assert _count(sqlite_db) == 0
        finally:
            release.set()
        holder.result()
    # The writer that held the lock committed; the lock is free again.
    assert _count(sqlite_db) == 100
    _add_one_with_raw(sqlite_db)
    assert _count(sqlite_db) == 101
