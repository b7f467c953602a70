"""Human case numbers (``PH-000123``): handed out in order, never twice, on SQLite and PostgreSQL."""

from __future__ import annotations

import re

from sqlalchemy import func, insert, select, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from pharmai.db._models_handoff import HandoffCounter
from pharmai.db.models import Ticket

__all__ = ["CASE_PREFIX", "format_case_number", "next_case_number", "parse_case_number"]

CASE_PREFIX = "PH-"
_COUNTER = "case_number"
_CASE = re.compile(r"^PH-(\d{6,10})$")


def format_case_number(value: int) -> str:
    """``PH-`` and at least six digits."""
    return f"{CASE_PREFIX}{value:06d}"


def parse_case_number(text: str) -> int | None:
    """The number of a case number such as ``PH-000123`` (case-insensitive), or ``None``."""
    match = _CASE.match(text.strip().upper()) if isinstance(text, str) else None
    return int(match.group(1)) if match else None


def next_case_number(session: Session) -> str:
    """Take the next case number inside the caller's write transaction.

    One ``UPDATE … SET value = value + 1 RETURNING value`` on the counter row: PostgreSQL locks the row
    until the transaction ends and SQLite holds its write lock, so concurrent tickets queue here and
    never share a number (a rolled-back ticket leaves a gap, as a sequence does).
    """
    stmt = (
        update(HandoffCounter)
        .where(HandoffCounter.name == _COUNTER)
        .values(value=HandoffCounter.value + 1)
        .returning(HandoffCounter.value)
    )
    value = session.execute(stmt).scalar()
    if value is None:
        # No counter row (a database cleared by tests or tools): start after the highest number in use.
        highest = 0
        for number in session.scalars(
            select(Ticket.case_number)
            .order_by(func.length(Ticket.case_number).desc(), Ticket.case_number.desc())
            .limit(1)
        ):
            highest = parse_case_number(number) or 0
        try:
            with session.begin_nested():
                session.execute(insert(HandoffCounter).values(name=_COUNTER, value=highest + 1))
            value = highest + 1
        except IntegrityError:  # another transaction created it first: take the next one from it
            value = session.execute(stmt).scalar()
    return format_case_number(int(value or 0))
