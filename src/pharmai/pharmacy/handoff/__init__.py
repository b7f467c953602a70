"""Handoff and takeover: the pharmacists' queue of tickets, conversations a person holds, callbacks.

- :mod:`~pharmai.pharmacy.handoff.tickets`: the lifecycle (open → in_progress → resolved → closed), case
  numbers, claims (exactly one of two concurrent claims wins), notes;
- :mod:`~pharmai.pharmacy.handoff.conversations`: the hold (the assistant stays silent), staff replies and
  the rows the live streams read;
- :mod:`~pharmai.pharmacy.handoff.callbacks`: callback requests at a validated time;
- :mod:`~pharmai.pharmacy.handoff.customers`: seed 004's ``lookup_customer``.
"""

from __future__ import annotations

from pharmai.pharmacy.handoff import callbacks, conversations, customers, tickets
from pharmai.pharmacy.handoff._numbers import format_case_number, parse_case_number
from pharmai.pharmacy.handoff.tickets import STATUSES, TRANSITIONS, NoteView, TicketView

__all__ = [
    "STATUSES",
    "TRANSITIONS",
    "NoteView",
    "TicketView",
    "callbacks",
    "conversations",
    "customers",
    "format_case_number",
    "parse_case_number",
    "tickets",
]
