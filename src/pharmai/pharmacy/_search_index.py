"""The in-memory catalog index behind :mod:`pharmai.pharmacy.search`, cached per database.

The index is built from the ``aliases`` table plus products, generics and their ingredients. It is cached
per database URL and rebuilt lazily when the catalog changes. Three things mark it stale:

* any commit, through any :class:`~sqlalchemy.orm.Session` of this process, that added, changed or deleted a
  catalog row (ORM objects or bulk ``insert`` / ``update`` / ``delete`` statements on catalog tables);
* :func:`invalidate`, which importers that write behind SQLAlchemy's back should call;
* a change of the catalog's fingerprint (alias count and highest alias id, product count), checked at most
  once per :data:`CHECK_INTERVAL` seconds, which catches writes made by other processes.
"""

from __future__ import annotations

import bisect
import re
import threading
import time
import weakref
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from sqlalchemy import event, func, select
from sqlalchemy.orm import ORMExecuteState, Session

from pharmai.db.models import Alias, Generic, GenericIngredient, Ingredient, Product, ProductIngredient, Store
from pharmai.text.fuzzy import TokenVocabulary

__all__ = [
    "CHECK_INTERVAL",
    "CatalogIndex",
    "database_key",
    "generation",
    "get_index",
    "has_catalog_changes",
    "invalidate",
    "natural_key",
]

#: Seconds between two fingerprint checks of the same database.
CHECK_INTERVAL = 1.0
# Stores are not indexed, but the cached catalog rows (pharmai.pharmacy._row_cache) include them.
_CATALOG_MODELS = (Alias, Generic, GenericIngredient, Ingredient, Product, ProductIngredient, Store)
_CATALOG_TABLES = frozenset(m.__tablename__ for m in _CATALOG_MODELS)
_NUMBER = re.compile(r"\d+(?:\.\d+)?")
#: Phrases longer than this many tokens are not looked up (no alias is that long in practice).
MAX_PHRASE_TOKENS = 6
#: Tokens that index more norms than this keep only the first ones (for "did you mean" only).
_NORMS_PER_TOKEN = 8


def natural_key(med_id: str) -> tuple[int, str]:
    """Sort key that puts ``m9`` before ``m10`` (ids are strings)."""
    return len(med_id), med_id


@dataclass
class CatalogIndex:
    """Everything a search needs, as plain dictionaries."""

    phrases: dict[str, list[tuple[str, str]]]  # norm -> [(target_kind, target_id)]
    sorted_norms: list[str]
    products: dict[str, tuple[str, str, str, str, frozenset[str]]]  # med_id -> generic, en, he, strength, numbers
    generics: dict[str, tuple[str, str]]  # generic_id -> (name_en, name_he)
    generic_products: dict[str, list[str]]
    ingredient_generics: dict[str, list[str]]
    single_generics: dict[str, list[str]]  # ingredient -> generics made of that ingredient alone
    token_norms: dict[str, list[str]]
    vocabulary: TokenVocabulary
    max_tokens: int = 1
    built_at: float = field(default_factory=time.monotonic)

    def norms_with_prefix(self, prefix: str, *, limit: int) -> list[str]:
        """Norms starting with ``prefix`` (sorted), at most ``limit`` of them."""
        start = bisect.bisect_left(self.sorted_norms, prefix)
        found: list[str] = []
        for norm in self.sorted_norms[start : start + limit]:
            if not norm.startswith(prefix):
                break
            found.append(norm)
        return found


def _build(session: Session) -> CatalogIndex:
    phrases: dict[str, list[tuple[str, str]]] = {}
    token_norms: dict[str, list[str]] = {}
    max_tokens = 1
    for kind, target_id, norm in session.execute(select(Alias.target_kind, Alias.target_id, Alias.norm)):
        if not norm:
            continue
        phrases.setdefault(norm, []).append((kind, target_id))
        parts = norm.split(" ")
        max_tokens = max(max_tokens, min(len(parts), MAX_PHRASE_TOKENS))
        for part in parts:
            bucket = token_norms.setdefault(part, [])
            if len(bucket) < _NORMS_PER_TOKEN and norm not in bucket:
                bucket.append(norm)
    generics = {
        g: (en, he) for g, en, he in session.execute(select(Generic.generic_id, Generic.name_en, Generic.name_he))
    }
    generic_ingredients: dict[str, set[str]] = {}
    for generic_id, ingredient_id in session.execute(
        select(GenericIngredient.generic_id, GenericIngredient.ingredient_id)
    ):
        generic_ingredients.setdefault(generic_id, set()).add(ingredient_id)
    ingredient_generics: dict[str, list[str]] = {}
    single_generics: dict[str, list[str]] = {}
    for generic_id in sorted(generic_ingredients):
        members = generic_ingredients[generic_id]
        for ingredient_id in members:
            ingredient_generics.setdefault(ingredient_id, []).append(generic_id)
            if len(members) == 1:
                single_generics.setdefault(ingredient_id, []).append(generic_id)
    products: dict[str, tuple[str, str, str, str, frozenset[str]]] = {}
    generic_products: dict[str, list[str]] = {}
    rows = session.execute(
        select(Product.med_id, Product.generic_id, Product.brand_en, Product.brand_he, Product.strength)
    )
    for med_id, generic_id, en, he, strength in rows:
        products[med_id] = (generic_id, en, he, strength, frozenset(_NUMBER.findall(strength or "")))
        generic_products.setdefault(generic_id, []).append(med_id)
    for ids in generic_products.values():
        ids.sort(key=natural_key)
    return CatalogIndex(
        phrases=phrases,
        sorted_norms=sorted(phrases),
        products=products,
        generics=generics,
        generic_products=generic_products,
        ingredient_generics=ingredient_generics,
        single_generics=single_generics,
        token_norms=token_norms,
        vocabulary=TokenVocabulary(token_norms),
        max_tokens=max_tokens,
    )


@dataclass
class _Entry:
    index: CatalogIndex
    generation: int
    fingerprint: tuple[Any, ...]
    checked_at: float


_lock = threading.Lock()
_cache: dict[str, _Entry] = {}
_generations: dict[str, int] = {}
_epoch = 0  # bumped by invalidate() of every database


_keys: weakref.WeakKeyDictionary[Any, str] = weakref.WeakKeyDictionary()


def database_key(engine: Any) -> str:
    """The key caches of a database's catalog use: its URL (an in-memory database: its engine's id).

    Args:
        engine: The database's engine.
    """
    key = _keys.get(engine)
    if key is None:
        url = engine.url
        if url.get_backend_name() == "sqlite" and url.database in (None, "", ":memory:"):
            key = f"memory:{id(engine)}"  # every in-memory engine is its own database
        else:
            key = str(url.render_as_string(hide_password=False))  # rendering costs more than a lookup
        _keys[engine] = key
    return key


def generation(key: str) -> tuple[int, int]:
    """A value that changes whenever the catalog of database ``key`` is known to have changed here.

    Args:
        key: A :func:`database_key`.
    """
    return _epoch, _generations.get(key, 0)


def _key(session: Session) -> str:
    bind = session.get_bind()
    return database_key(getattr(bind, "engine", bind))


def _fingerprint(session: Session) -> tuple[Any, ...]:
    aliases = session.execute(select(func.count(), func.max(Alias.id)).select_from(Alias)).one()
    products = session.scalar(select(func.count()).select_from(Product))
    return aliases[0], aliases[1], products


def invalidate(session_or_key: Session | str | None = None) -> None:
    """Mark the cached index of one database (or of all, with no argument) stale.

    Importers and generators that write through a :class:`~sqlalchemy.orm.Session` need not call this (the
    commit hook sees their writes); it exists for writes made any other way.

    Args:
        session_or_key: A session bound to the database, or ``None`` for every database.
    """
    global _epoch
    with _lock:
        if session_or_key is None:
            _epoch += 1
            _cache.clear()
            return
        key = session_or_key if isinstance(session_or_key, str) else _key(session_or_key)
        _generations[key] = _generations.get(key, 0) + 1


def get_index(session: Session) -> CatalogIndex:
    """The current index of the session's database, built or rebuilt when stale.

    Args:
        session: Any session; the index is read through it when it must be (re)built.
    """
    key = _key(session)
    now = time.monotonic()
    entry = _cache.get(key)
    current = _generations.get(key, 0)
    if entry is not None and entry.generation == current:
        if now - entry.checked_at < CHECK_INTERVAL:
            return entry.index
        fingerprint = _fingerprint(session)
        if fingerprint == entry.fingerprint:
            entry.checked_at = now
            return entry.index
    with _lock:
        # Another thread may have rebuilt it while this one waited.
        entry = _cache.get(key)
        current = _generations.get(key, 0)
        if entry is not None and entry.generation == current and time.monotonic() - entry.checked_at < CHECK_INTERVAL:
            return entry.index
        fingerprint = _fingerprint(session)
        index = _build(session)
        _cache[key] = _Entry(index, current, fingerprint, time.monotonic())
        return index


# --- change tracking -------------------------------------------------------------------------------

_DIRTY = "pharmai_catalog_dirty"


def has_catalog_changes(session: Session) -> bool:
    """True while ``session`` holds flushed (not yet committed) catalog changes.

    Args:
        session: Any session.
    """
    return bool(session.info.get(_DIRTY))


def _touches_catalog(objects: Iterable[object]) -> bool:
    return any(isinstance(obj, _CATALOG_MODELS) for obj in objects)


@event.listens_for(Session, "after_flush")
def _after_flush(session: Session, _context: Any) -> None:
    if _touches_catalog(session.new) or _touches_catalog(session.dirty) or _touches_catalog(session.deleted):
        session.info[_DIRTY] = True


@event.listens_for(Session, "do_orm_execute")
def _on_execute(state: ORMExecuteState) -> None:
    if not (state.is_insert or state.is_update or state.is_delete):
        return
    table = getattr(state.statement, "table", None)
    if getattr(table, "name", None) in _CATALOG_TABLES:
        state.session.info[_DIRTY] = True


@event.listens_for(Session, "after_commit")
def _after_commit(session: Session) -> None:
    if session.info.pop(_DIRTY, False):
        try:
            invalidate(session)
        except Exception:
            invalidate()


@event.listens_for(Session, "after_rollback")
def _after_rollback(session: Session) -> None:
    session.info.pop(_DIRTY, None)
