"""Support for the staff-account tests: a test-only profile with staff tools, and accounts and tokens.

The profile is the canonical tool set plus two tools that exist only in tests: ``pharmacist_check``
(role ``pharmacist`` only) and ``staff_lookup`` (every staff role). Both answer the role they ran for, so a
test sees who the executor let through. Accounts are made through the domain, with real argon2 hashes.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from pharmai.db import Database
from pharmai.pharmacy import staff
from pharmai.tools import Registry, ToolContext
from pharmai.toolsets import register_profile, registry_for

__all__ = ["PASSWORD", "PROFILE", "add", "build_registry", "register", "token_for"]

PROFILE = "staff-roles-test"
#: Every test account's password (long enough for the policy).
PASSWORD = "correct horse battery staple"


class NoteIn(BaseModel):
    model_config = ConfigDict(extra="forbid")

    note: str = Field(default="", max_length=50)


class WhoOut(BaseModel):
    model_config = ConfigDict(extra="forbid")

    role: str


def _who(args: NoteIn, ctx: ToolContext) -> WhoOut:
    assert ctx.actor is not None  # the executor lets no actor-less call reach a staff tool
    return WhoOut(role=ctx.actor.role)


def build_registry() -> Registry:
    """The canonical tools plus the two test-only staff tools."""
    registry = registry_for("canonical").derive(PROFILE)

    def pharmacist_check(args: NoteIn, ctx: ToolContext) -> WhoOut:
        """A check only a pharmacist may run (test-only tool)."""
        return _who(args, ctx)

    def staff_lookup(args: NoteIn, ctx: ToolContext) -> WhoOut:
        """A lookup any member of staff may run (test-only tool)."""
        return _who(args, ctx)

    registry.tool(input=NoteIn, output=WhoOut, roles=("pharmacist",))(pharmacist_check)
    registry.tool(input=NoteIn, output=WhoOut, roles=("technician", "pharmacist", "admin"))(staff_lookup)
    return registry


def register() -> None:
    """Make ``registry_for(PROFILE)`` answer the test profile (idempotent)."""
    register_profile(PROFILE, build_registry, replace=True)


def add(db: Database, username: str, role: str, now: datetime, *, disabled: bool = False) -> staff.AccountInfo:
    """Create an account with :data:`PASSWORD` (optionally disabled)."""
    with db.session(write=True) as session:
        info = staff.add_account(session, username, role, PASSWORD, now)
        if disabled:
            info = staff.set_disabled(session, username, True, now)
    return info


def token_for(db: Database, username: str, now: datetime, days: int = 30, **extra: Any) -> tuple[str, str]:
    """A fresh personal token of ``username``: ``(token, token_id)``."""
    with db.session(write=True) as session:
        token, info = staff.create_token(session, username, extra.get("name", "tests"), now, days)
    return token, info.token_id
