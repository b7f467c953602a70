"""The per-identifier budget of one-time codes: codes sent and wrong codes typed, per window (internal).

A challenge locks after a few wrong tries, but a new conversation asks for a new challenge: without a
budget that outlives them, one phone could be sent a code a second and guessed at without end. The budget
is one ``otp_budgets`` row per identifier, keyed by an HMAC of the identifier (never the identifier), and
counted the same way whether or not the identifier belongs to a patient, so it tells nobody who is one.

The window is fixed: it opens with the first counted event and closes ``window`` later, when both counts
start again from zero. Each send and each try holds the row's lock (``SELECT … FOR UPDATE`` on
PostgreSQL; SQLite's write lock serialises writers), so concurrent requests across workers count one
after another and a burst cannot slip past the limit.
"""

from __future__ import annotations

import hashlib
import hmac
import math
from dataclasses import dataclass
from datetime import datetime, timedelta

from sqlalchemy import select
from sqlalchemy.dialects.postgresql import insert as postgresql_insert
from sqlalchemy.dialects.sqlite import insert as sqlite_insert
from sqlalchemy.orm import Session

from pharmai.db.models import OtpBudget
from pharmai.errors import RateLimited
from pharmai.pharmacy._common import aware

__all__ = ["DEV_IDENTIFIER_SECRET", "TIER", "Budget", "charge_failure", "charge_send", "identifier_key", "open_try"]

#: ``details.tier`` of the refusal, which picks its message (see :class:`~pharmai.errors.RateLimited`).
TIER = "verification"
#: The key when the deployment sets none (``PHARMAI_AUDIT_SECRET``); fit for development only.
DEV_IDENTIFIER_SECRET = "pharmai-development-identifier-secret"


@dataclass(frozen=True)
class Budget:
    """The limits of one identifier.

    Attributes:
        max_sends: Codes sent per window.
        max_failures: Wrong codes typed per window, across every challenge of the identifier.
        window_seconds: The window's length.
    """

    max_sends: int = 5
    max_failures: int = 10
    window_seconds: int = 3600


def identifier_key(value: str, secret: str | None) -> str:
    """The keyed surrogate of a canonical email or phone (64 hex characters), for challenges and budgets.

    Keyed, because a plain hash of a phone number is reversed by trying every number.
    """
    key = (secret or DEV_IDENTIFIER_SECRET).encode()
    return hmac.new(key, b"otp-identifier:" + value.encode(), hashlib.sha256).hexdigest()


def _row(session: Session, key: str, now: datetime, budget: Budget) -> OtpBudget:
    """The identifier's row, locked, with a window that is open now (created or restarted as needed)."""
    insert = postgresql_insert if session.get_bind().dialect.name == "postgresql" else sqlite_insert
    session.execute(
        insert(OtpBudget)
        .values(identifier_key=key, window_start=now, sends=0, failures=0)
        .on_conflict_do_nothing(index_elements=["identifier_key"])
    )
    row = session.scalars(
        select(OtpBudget)
        .where(OtpBudget.identifier_key == key)
        .with_for_update()
        .execution_options(populate_existing=True)
    ).one()
    if now >= aware(row.window_start) + timedelta(seconds=budget.window_seconds):
        row.window_start, row.sends, row.failures = now, 0, 0
    return row


def _refuse(row: OtpBudget, now: datetime, budget: Budget) -> RateLimited:
    ends = aware(row.window_start) + timedelta(seconds=budget.window_seconds)
    return RateLimited({"retry_after": max(1, math.ceil((ends - now).total_seconds())), "tier": TIER})


def charge_send(session: Session, key: str, now: datetime, budget: Budget) -> None:
    """Count one code sent to the identifier, or refuse when its sends or its wrong tries are spent.

    A code the person could not use (its wrong tries are spent) is not sent either.

    Raises:
        RateLimited: The budget is spent (``details``: ``retry_after``, seconds until the window ends, and
            ``tier``: :data:`TIER`).
    """
    row = _row(session, key, now, budget)
    if row.sends >= budget.max_sends or row.failures >= budget.max_failures:
        raise _refuse(row, now, budget)
    row.sends += 1
    session.flush()


def open_try(session: Session, key: str, now: datetime, budget: Budget) -> OtpBudget:
    """The identifier's row, locked for the length of one try of a code.

    Raises:
        RateLimited: Its wrong tries are spent (as for :func:`charge_send`).
    """
    row = _row(session, key, now, budget)
    if row.failures >= budget.max_failures:
        raise _refuse(row, now, budget)
    return row


def charge_failure(session: Session, row: OtpBudget, budget: Budget) -> int:
    """Count one wrong code typed on a row from :func:`open_try`; returns the wrong tries left."""
    row.failures += 1
    session.flush()
    return max(budget.max_failures - row.failures, 0)
