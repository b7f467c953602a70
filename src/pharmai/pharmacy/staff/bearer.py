"""Who an ``Authorization: Bearer`` credential is: a personal token, or the bootstrap key.

Shared by the HTTP API and MCP over HTTP, so both accept exactly the same credentials. The bootstrap key
(``PHARMAI_STAFF_API_KEY``) acts as an admin with the fixed id ``bootstrap``: it exists to create the
first accounts' tokens, and for deployments that have no accounts yet.
"""

from __future__ import annotations

import hashlib
import hmac
from dataclasses import dataclass
from datetime import datetime
from typing import Literal

from pharmai.db.engine import Database
from pharmai.pharmacy.staff.accounts import StaffIdentity
from pharmai.pharmacy.staff.tokens import TOKEN_PREFIX, resolve_token, touch_token

__all__ = ["BOOTSTRAP_IDENTITY", "BearerStaff", "staff_from_bearer"]

#: Who the bootstrap key acts as (no account: its username is empty).
BOOTSTRAP_IDENTITY = StaffIdentity(staff_id="bootstrap", username="", role="admin")


@dataclass(frozen=True)
class BearerStaff:
    """An authenticated bearer credential: the member of staff, and ``token`` or ``key``."""

    identity: StaffIdentity
    via: Literal["token", "key"]


def _digest(value: str) -> bytes:
    return hashlib.sha256(value.encode("utf-8", "surrogatepass")).digest()


def staff_from_bearer(db: Database, token: str, bootstrap_key: str | None, now: datetime) -> BearerStaff | None:
    """The member of staff ``token`` authenticates, or ``None``.

    A personal token (``pst_…``) must be known, unrevoked, unexpired and of an enabled account; its
    ``last_used_at`` is updated at most once a minute. Anything else must equal the bootstrap key
    (compared in constant time), when one is configured. Blocking (database).
    """
    if token.startswith(TOKEN_PREFIX):
        with db.session() as session:
            use = resolve_token(session, token, now)
        if use is None:
            return None
        if use.stale:
            with db.session(write=True) as session:
                touch_token(session, use.token_id, now)
        return BearerStaff(use.identity, "token")
    if bootstrap_key and hmac.compare_digest(_digest(token), _digest(bootstrap_key)):
        return BearerStaff(BOOTSTRAP_IDENTITY, "key")
    return None
