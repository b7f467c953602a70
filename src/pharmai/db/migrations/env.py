"""Alembic environment: runs pharmai's migrations on the connection the caller hands in."""

from __future__ import annotations

from alembic import context

from pharmai.db._models_documents import include_name
from pharmai.db.models import Base

config = context.config
connection = config.attributes.get("connection")
if connection is None:  # pragma: no cover - pharmai always passes a connection
    raise RuntimeError("pharmai migrations run through `pharmai db upgrade`")

context.configure(
    connection=connection,
    target_metadata=Base.metadata,
    render_as_batch=connection.dialect.name == "sqlite",
    compare_type=True,
    # The documents' full-text index is made per dialect by its migration, not declared as a model.
    include_name=include_name,
)
with context.begin_transaction():
    context.run_migrations()
