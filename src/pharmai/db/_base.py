"""The declarative base every table is declared on, with a fixed constraint naming convention.

Kept apart from ``models`` so the feature tables (``_models_*``) can declare on it without importing
``models``, which imports them to register them: no import circle.
"""

from __future__ import annotations

from sqlalchemy import MetaData
from sqlalchemy.orm import DeclarativeBase

__all__ = ["Base"]

# Explicit constraint names keep Alembic migrations identical on SQLite and PostgreSQL.
_NAMING = {
    "ix": "ix_%(column_0_label)s",
    "uq": "uq_%(table_name)s_%(column_0_name)s",
    "ck": "ck_%(table_name)s_%(constraint_name)s",
    "fk": "fk_%(table_name)s_%(column_0_name)s_%(referred_table_name)s",
    "pk": "pk_%(table_name)s",
}


class Base(DeclarativeBase):
    """Declarative base with a fixed naming convention."""

    metadata = MetaData(naming_convention=_NAMING)
