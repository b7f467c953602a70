"""Catalog rows kept in memory for at most a second, per database (internal).

Every catalog tool reads the same few stores, products, generics and ingredients, which change only when
the catalog is imported or edited; re-reading them cost three of the four statements of a stock check.
A :class:`Shelf` holds the rows :mod:`pharmai.pharmacy._rows` has read, and is thrown away when:

* a commit of this process changed a catalog table (the search index's change tracking, which marks the
  database's generation; see :mod:`pharmai.pharmacy._search_index`), so this process never reads its
  own writes stale;
* it is :data:`ROW_TTL` seconds old, which bounds how long a change made by another process (another
  worker, an import run elsewhere) can go unseen.

A session whose view may differ from the committed catalog gets a private shelf, used for that call only:
one holding its own flushed catalog changes (others must never see them; it must see them itself), and
one whose transaction began before the latest catalog commit of this process (a SQLite reader keeps the
snapshot of its first statement, which would fill the shared shelf with rows older than that commit).
Catalog writes through ``session.execute(text(...))`` or a bare connection are not tracked: they are
seen within :data:`ROW_TTL`, as another process's would be.

Stock, prescriptions and everything about patients are never cached: only the reference data above.
"""

from __future__ import annotations

import threading
import time
import weakref
from typing import Any

from sqlalchemy import event
from sqlalchemy.orm import Session, SessionTransaction

from pharmai.pharmacy import _search_index

__all__ = ["ROW_TTL", "Shelf", "shelf"]

#: Seconds a shelf lives: the longest another process's catalog change can go unseen.
ROW_TTL = 1.0
#: A shelf holding more rows than this is replaced (a bound on memory, whatever the queries).
_MAX_ROWS = 20_000


class Shelf:
    """The catalog rows read from one database since the shelf was made.

    The dictionaries are filled by the loaders in :mod:`pharmai.pharmacy._rows`; a missing key means
    "not read yet" (unknown ids are not remembered).
    """

    __slots__ = ("_pool", "expires", "generation", "generic_products", "generics", "products", "stores")

    def __init__(self, pool: Any, generation: tuple[int, int], expires: float) -> None:
        self._pool = weakref.ref(pool)
        self.generation = generation
        self.expires = expires
        self.products: dict[str, Any] = {}
        self.stores: dict[str | None, Any] = {}
        self.generics: dict[str, Any] = {}
        self.generic_products: dict[str, list[str]] = {}

    def serves(self, pool: Any, generation: tuple[int, int], now: float) -> bool:
        """True while the shelf is current for this database."""
        return (
            now < self.expires
            and self.generation == generation
            # An in-memory database is keyed by its engine's id, which a later engine may reuse.
            and self._pool() is pool
            and len(self.products) + len(self.generic_products) + len(self.generics) + len(self.stores) < _MAX_ROWS
        )


_lock = threading.Lock()
_shelves: dict[str, Shelf] = {}
_BEGAN = "pharmai_catalog_generation_at_begin"


def shelf(session: Session) -> Shelf:
    """The current shelf of the session's database (a fresh, empty one when the last is stale).

    Args:
        session: Any session of the database; nothing is read through it here.
    """
    bind: Any = session.get_bind()
    engine = getattr(bind, "engine", bind)
    key = _search_index.database_key(engine)
    # Read before any row is loaded: rows loaded while a commit lands go onto a shelf already stale.
    generation = _search_index.generation(key)
    now = time.monotonic()
    if _search_index.has_catalog_changes(session) or session.info.get(_BEGAN, generation) != generation:
        return Shelf(engine.pool, generation, now)  # private: never stored, so nobody else reads it
    found = _shelves.get(key)
    if found is not None and found.serves(engine.pool, generation, now):
        return found
    with _lock:
        found = _shelves.get(key)
        if found is None or not found.serves(engine.pool, generation, now):
            found = Shelf(engine.pool, generation, now + ROW_TTL)
            _shelves[key] = found
        return found


@event.listens_for(Session, "after_begin")
def _after_begin(session: Session, _transaction: SessionTransaction, connection: Any) -> None:
    session.info[_BEGAN] = _search_index.generation(_search_index.database_key(connection.engine))


@event.listens_for(Session, "after_transaction_end")
def _after_end(session: Session, transaction: SessionTransaction) -> None:
    if transaction.parent is None:
        session.info.pop(_BEGAN, None)
