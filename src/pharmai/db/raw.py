"""Hand-written statements run straight on the pooled driver connection, for the few hottest queries.

SQLAlchemy's execution machinery (compiled-cache lookup, execution context, result metadata, events)
costs tens of microseconds a statement, several times what SQLite itself needs for a primary-key lookup;
the conversation store runs five such statements on every turn. A :class:`RawStatement` keeps plain SQL
with ``:name`` parameters and the column types of its parameters and results, and converts values with
the same per-dialect type processors SQLAlchemy would use — so rows written here read back identically
through the ORM, and the other way round.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from typing import Any

from sqlalchemy import Connection
from sqlalchemy.engine import Dialect
from sqlalchemy.types import TypeEngine

from pharmai.errors import DatabaseError

__all__ = ["RawConnection", "RawStatement", "on_connection", "raw_transaction"]

# A quoted literal (left alone) or a ``:name`` parameter (not a ``::`` cast).
_TOKEN = re.compile(r"'(?:[^']|'')*'|(?<![:\w]):([A-Za-z_][A-Za-z0-9_]*)")


def _pyformat(sql: str) -> str:
    # psycopg's style: ``%(name)s``, with every literal ``%`` doubled.
    out: list[str] = []
    last = 0
    for match in _TOKEN.finditer(sql):
        out.append(sql[last : match.start()].replace("%", "%%"))
        name = match.group(1)
        out.append(f"%({name})s" if name else match.group(0).replace("%", "%%"))
        last = match.end()
    out.append(sql[last:].replace("%", "%%"))
    return "".join(out)


_Processor = Callable[[Any], Any] | None


class RawStatement:
    """One SQL statement with typed parameters and result columns.

    Args:
        sql: The statement, parameters written ``:name`` (portable SQL only: it runs on SQLite and PostgreSQL).
        params: The type of each parameter that needs converting (JSON, timestamps); others pass as they are.
        results: The type of each result column, in order (``None`` for columns that need no converting).
    """

    def __init__(
        self,
        sql: str,
        params: Mapping[str, TypeEngine[Any]] | None = None,
        results: Sequence[TypeEngine[Any] | None] = (),
    ) -> None:
        self.sql = sql
        self.params = dict(params or {})
        self.results = tuple(results)
        self._prepared: dict[str, tuple[str, dict[str, Callable[[Any], Any]], tuple[_Processor, ...]]] = {}

    def prepared(self, dialect: Dialect) -> tuple[str, dict[str, Callable[[Any], Any]], tuple[_Processor, ...]]:
        """The SQL in the driver's parameter style and the type processors of ``dialect`` (cached)."""
        found = self._prepared.get(dialect.name)
        if found is None:
            sql = self.sql if dialect.paramstyle in ("named", "qmark") else _pyformat(self.sql)
            binds: dict[str, Callable[[Any], Any]] = {}
            for name, type_ in self.params.items():
                bind = type_.dialect_impl(dialect).bind_processor(dialect)
                if bind is not None:
                    binds[name] = bind
            results: list[_Processor] = []
            for column in self.results:
                results.append(None if column is None else column.dialect_impl(dialect).result_processor(dialect, None))
            found = (sql, binds, tuple(results))
            self._prepared[dialect.name] = found
        return found


class RawConnection:
    """A driver connection inside one transaction (see :func:`raw_transaction`)."""

    def __init__(self, cursor: Any, dialect: Dialect) -> None:
        self._cursor = cursor
        self._dialect = dialect

    def _bind(self, binds: dict[str, Callable[[Any], Any]], params: Mapping[str, Any]) -> dict[str, Any]:
        if not binds:
            return dict(params)
        return {k: (binds[k](v) if k in binds else v) for k, v in params.items()}

    def execute(self, statement: RawStatement, params: Mapping[str, Any]) -> int:
        """Run a statement that returns no rows; the number of rows it touched."""
        sql, binds, _ = statement.prepared(self._dialect)
        self._cursor.execute(sql, self._bind(binds, params))
        return int(self._cursor.rowcount)

    def execute_many(self, statement: RawStatement, rows: Sequence[Mapping[str, Any]]) -> None:
        """Run a statement once per parameter set (one driver call)."""
        sql, binds, _ = statement.prepared(self._dialect)
        self._cursor.executemany(sql, [self._bind(binds, row) for row in rows])

    def rows(self, statement: RawStatement, params: Mapping[str, Any]) -> list[tuple[Any, ...]]:
        """Run a query; its rows with every typed column converted."""
        sql, binds, results = statement.prepared(self._dialect)
        self._cursor.execute(sql, self._bind(binds, params))
        fetched = self._cursor.fetchall()
        if not any(results):
            return [tuple(row) for row in fetched]
        return [
            tuple(
                value if process is None or value is None else process(value)
                for value, process in zip(row, results, strict=True)
            )
            for row in fetched
        ]


def _dropped(driver: Any) -> bool:
    # psycopg marks a connection the server closed as closed or broken; sqlite3 connections have neither.
    return bool(getattr(driver, "closed", False) or getattr(driver, "broken", False))


@contextmanager
def raw_transaction(
    connection: Any, dialect: Dialect, *, sqlite_begin: str | None, autocommit: bool = False
) -> Iterator[RawConnection]:
    """Run a transaction on a pooled driver connection: committed on success, rolled back on any error.

    Args:
        connection: The pool's connection proxy (``engine.raw_connection()``); it goes back to the pool.
        dialect: Its dialect.
        sqlite_begin: ``BEGIN`` or ``BEGIN IMMEDIATE`` on SQLite, whose connections run in autocommit
            mode so transactions start only when pharmai says; ``None`` on PostgreSQL (the driver begins).
        autocommit: On PostgreSQL, run each statement as its own transaction (no BEGIN / COMMIT): for
            reads, and for a write that is one statement. Ignored on SQLite.
    """
    driver = connection.driver_connection
    # A read on PostgreSQL runs without BEGIN / COMMIT, which would cost two of its four round trips; each
    # statement still sees a committed snapshot, as under READ COMMITTED inside a transaction.
    autocommit = autocommit and sqlite_begin is None
    try:
        if autocommit:
            driver.autocommit = True
        cursor = connection.cursor()
        try:
            if sqlite_begin:
                cursor.execute(sqlite_begin)
            yield RawConnection(cursor, dialect)
            connection.commit()
        except BaseException:
            if _dropped(driver):
                # The server dropped it: it must not go back to the pool.
                connection.invalidate()
            else:
                connection.rollback()
            raise
        finally:
            if connection.is_valid:
                cursor.close()
                if autocommit:
                    driver.autocommit = False
    finally:
        connection.close()


@contextmanager
def on_connection(connection: Connection) -> Iterator[RawConnection]:
    """Raw statements inside the transaction a Core connection (or a session's) is already in.

    Args:
        connection: The connection (``session.connection()``); it stays open, and its transaction is
            committed or rolled back by its owner.

    Raises:
        DatabaseError: The driver failed; a connection the server dropped is invalidated on the way, so
            its owner's rollback does not reuse it.
    """
    fairy: Any = connection.connection
    cursor = fairy.cursor()
    try:
        yield RawConnection(cursor, connection.dialect)
    except connection.dialect.loaded_dbapi.Error as exc:
        if _dropped(fairy.driver_connection):
            connection.invalidate()
        raise DatabaseError() from exc
    finally:
        if not connection.invalidated:
            cursor.close()
