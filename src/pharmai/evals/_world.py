"""Fresh demo worlds for trials, the task's patches, and the diff of the tracked tables.

Every trial runs on its own demo world seeded for the task's pinned date. :class:`TemplateWorld` migrates and
seeds one SQLite file per date and copies it for each trial (a copy takes milliseconds, a migration does
not); :class:`ResetWorld` reseeds one existing database (any backend) instead, for tests on PostgreSQL.
"""

from __future__ import annotations

import shutil
import tempfile
import threading
from collections.abc import Sequence
from datetime import UTC, date, datetime
from pathlib import Path
from typing import Any, Protocol

from sqlalchemy import select, update

from pharmai.db import Database, seed_demo_world, upgrade
from pharmai.db._models_calendar import Consultation
from pharmai.db.models import (
    Generic,
    IdentityChallenge,
    Interaction,
    Inventory,
    Patient,
    Prescription,
    Product,
    RefillRequest,
    Ticket,
)
from pharmai.db.seed import clear_all
from pharmai.errors import ValidationFailed
from pharmai.evals.task import Patch, SetupStep, TableEffect

__all__ = ["ResetWorld", "TemplateWorld", "World", "apply_patches", "diff", "effects_match", "snapshot"]

#: Tracked tables: (model, key columns or None for tables whose ids are generated, compared columns).
#: Volatile columns (generated ids, timestamps, hashes, attempt counters) are left out.
_TRACKED: dict[str, tuple[Any, tuple[str, ...] | None, tuple[str, ...]]] = {
    "refill_requests": (RefillRequest, None, ("presc_id", "user_id", "store_id", "quantity", "status")),
    "prescriptions": (Prescription, ("presc_id",), ("presc_id", "user_id", "med_id", "status", "refills_left")),
    "inventory": (Inventory, ("store_id", "med_id"), ("store_id", "med_id", "qty_on_hand")),
    "tickets": (Ticket, None, ("user_id", "priority", "status")),
    "identity_challenges": (IdentityChallenge, None, ("user_id", "status")),
    "patients": (Patient, ("user_id",), ("user_id", "email", "phone")),
    "consultations": (Consultation, None, ("store_id", "starts_at", "calendar_name")),
}
_PATCH_MODELS: dict[str, Any] = {
    "products": Product,
    "generics": Generic,
    "inventory": Inventory,
    "prescriptions": Prescription,
    "patients": Patient,
    "interactions": Interaction,
}

Snapshot = dict[str, list[dict[str, Any]]]


class World(Protocol):
    """Hands out databases holding a fresh demo world."""

    def fresh(self, today: date) -> Database:
        """A database with a fresh demo world seeded for ``today``."""
        ...

    def release(self, db: Database) -> None:
        """Give back a database from :meth:`fresh`."""
        ...


class TemplateWorld:
    """One migrated, seeded SQLite template per date, copied for every trial.

    Args:
        directory: Where templates and trial files live (default: a temporary directory, removed by
            :meth:`close`).
    """

    def __init__(self, directory: Path | None = None) -> None:
        self._owned = directory is None
        self.directory = Path(tempfile.mkdtemp(prefix="pharmai-eval-")) if directory is None else Path(directory)
        self.directory.mkdir(parents=True, exist_ok=True)
        self._templates: dict[date, Path] = {}
        self._lock = threading.Lock()
        self._count = 0
        self._files: dict[int, Path] = {}

    def _template(self, today: date) -> Path:
        with self._lock:
            if today not in self._templates:
                path = self.directory / f"template-{today.isoformat()}.db"
                db = Database(f"sqlite:///{path}")
                try:
                    upgrade(db)
                    with db.session(write=True) as session:
                        seed_demo_world(session, today, reset=True)
                    with db.engine.connect() as conn:
                        # Fold the WAL into the main file so a plain file copy holds everything.
                        conn.exec_driver_sql("PRAGMA wal_checkpoint(TRUNCATE)")
                finally:
                    db.dispose()
                self._templates[today] = path
            return self._templates[today]

    def fresh(self, today: date) -> Database:
        """A copy of the template of ``today``."""
        template = self._template(today)
        with self._lock:
            self._count += 1
            path = self.directory / f"trial-{self._count}.db"
        shutil.copyfile(template, path)
        db = Database(f"sqlite:///{path}")
        self._files[id(db)] = path
        return db

    def release(self, db: Database) -> None:
        """Close the trial's database and delete its files."""
        db.dispose()
        path = self._files.pop(id(db), None)
        if path is not None:
            for suffix in ("", "-wal", "-shm"):
                Path(f"{path}{suffix}").unlink(missing_ok=True)

    def close(self) -> None:
        """Remove the temporary directory (when this world created it)."""
        if self._owned:
            shutil.rmtree(self.directory, ignore_errors=True)


class ResetWorld:
    """Reseeds one existing, migrated database for every trial (trials then run one at a time)."""

    def __init__(self, db: Database) -> None:
        self.db = db

    def fresh(self, today: date) -> Database:
        """The database, emptied and seeded for ``today``."""
        with self.db.session(write=True) as session:
            clear_all(session)
            seed_demo_world(session, today)
        return self.db

    def release(self, db: Database) -> None:
        """Nothing to give back: the next trial reseeds."""


def apply_patches(db: Database, patches: Sequence[SetupStep]) -> None:
    """Apply a task's ``setup`` patches (its seeds are left to :func:`pharmai.evals._seeds.apply_seeds`).

    Raises:
        ValidationFailed: A patch names an unknown column or matches no row.
    """
    own = [p for p in patches if isinstance(p, Patch)]
    if not own:
        return
    with db.session(write=True) as session:
        for patch in own:
            model = _PATCH_MODELS[patch.table]
            columns = model.__table__.columns
            unknown = [c for c in [*patch.key, *patch.set] if c not in columns]
            if unknown:
                raise ValidationFailed([{"field": f"setup.{patch.table}", "reason": f"unknown columns {unknown}"}])
            where = [columns[c] == v for c, v in patch.key.items()]
            result: Any = session.execute(update(model).where(*where).values(**patch.set))
            if not result.rowcount:
                raise ValidationFailed([{"field": f"setup.{patch.table}", "reason": "the key matches no row"}])


def snapshot(db: Database) -> Snapshot:
    """The tracked tables' rows (compared columns only)."""
    state: Snapshot = {}
    with db.session() as session:
        for table, (model, _key, columns) in _TRACKED.items():
            rows = session.execute(select(*[model.__table__.columns[c] for c in columns])).all()
            state[table] = [dict(zip(columns, row, strict=True)) for row in rows]
    return state


def _freeze(row: dict[str, Any]) -> tuple[tuple[str, Any], ...]:
    return tuple(sorted(row.items()))


def diff(before: Snapshot, after: Snapshot) -> dict[str, dict[str, list[Any]]]:
    """The changes between two snapshots, per table: ``added``, ``removed`` and (keyed tables) ``changed``."""
    result: dict[str, dict[str, list[Any]]] = {}
    for table, (_model, key, _columns) in _TRACKED.items():
        old, new = before.get(table, []), after.get(table, [])
        added: list[dict[str, Any]] = []
        removed: list[dict[str, Any]] = []
        changed: list[dict[str, Any]] = []
        if key is None:
            pool = [_freeze(r) for r in old]
            for row in new:
                frozen = _freeze(row)
                if frozen in pool:
                    pool.remove(frozen)
                else:
                    added.append(row)
            removed = [dict(r) for r in pool]
        else:
            old_by = {tuple(r[k] for k in key): r for r in old}
            new_by = {tuple(r[k] for k in key): r for r in new}
            added = [r for k, r in new_by.items() if k not in old_by]
            removed = [r for k, r in old_by.items() if k not in new_by]
            for k, row in new_by.items():
                if k in old_by and old_by[k] != row:
                    changes = {c: [old_by[k][c], row[c]] for c in row if old_by[k][c] != row[c]}
                    changed.append({"key": dict(zip(key, k, strict=True)), "changes": changes})
        entry = {name: rows for name, rows in (("added", added), ("removed", removed), ("changed", changed)) if rows}
        if entry:
            result[table] = _jsonable(entry)
    return result


def _jsonable(value: Any) -> Any:
    if isinstance(value, dict):
        return {k: _jsonable(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_jsonable(v) for v in value]
    if isinstance(value, datetime):
        # One spelling on every backend: SQLite hands back naive UTC, PostgreSQL an aware instant.
        aware = value.replace(tzinfo=UTC) if value.tzinfo is None else value.astimezone(UTC)
        return aware.isoformat()
    if isinstance(value, date):
        return value.isoformat()
    return value


def _assign(expected: list[dict[str, Any]], actual: list[dict[str, Any]]) -> bool:
    # Each expected row must be a subset of a distinct actual row; tiny lists, so backtracking is cheap.
    if len(expected) != len(actual):
        return False
    if not expected:
        return True
    head, rest = expected[0], expected[1:]
    for index, row in enumerate(actual):
        if all(row.get(k) == v for k, v in head.items()) and _assign(rest, actual[:index] + actual[index + 1 :]):
            return True
    return False


def effects_match(expected: dict[str, TableEffect], actual: dict[str, dict[str, list[Any]]]) -> list[str]:
    """What differs between the expected and the actual effects (empty when they match).

    Every tracked table must change exactly as listed; a table that is not listed must not change.
    """
    problems: list[str] = []
    for table in _TRACKED:
        want = expected.get(table, TableEffect())
        got = actual.get(table, {})
        if not _assign(want.added, got.get("added", [])):
            problems.append(f"{table}.added: expected {want.added}, got {got.get('added', [])}")
        if not _assign(want.removed, got.get("removed", [])):
            problems.append(f"{table}.removed: expected {want.removed}, got {got.get('removed', [])}")
        wanted_changes = sorted(
            (_freeze(c.key), _freeze({k: list(v) for k, v in c.changes.items()})) for c in want.changed
        )
        got_changes = sorted((_freeze(c["key"]), _freeze(c["changes"])) for c in got.get("changed", []))
        if wanted_changes != got_changes:
            wanted = [c.model_dump() for c in want.changed]
            problems.append(f"{table}.changed: expected {wanted}, got {got.get('changed', [])}")
    return problems
