"""What a refill answer adds from the data: a pending refill's ready date, store and refills left.

A refill that is already pending is confirmed with what is on file, never invented: the date it is due
(``prescription_verify`` puts the pending refill's ``ready_by`` in its notes), the store it goes to (known
only for a refill requested in this conversation) and the refills still left on the prescription, so "how
many refills do I have left?" is answered even while one is being prepared.

State written: ``refill_meds[*].store`` (see :mod:`.dialogue_state`).
"""

from __future__ import annotations

import re
from typing import Any

from pharmai.agent.engines.offline import _cues as c
from pharmai.agent.engines.offline import rx_where
from pharmai.agent.engines.offline.state import Dialogue
from pharmai.agent.engines.offline.texts import format_date, refills_left

__all__ = ["expired_refills", "pending_details", "remember_store"]

_ISO_DATE = re.compile(r"\b\d{4}-\d{2}-\d{2}\b")
# "where do I pick it up?", "איפה אוספים?": the store is asked for, so say when it is not known.
_WHERE = re.compile(r"\bwhere\b|\bwhich (?:branch|store)\b|" + c.cues("איפה", "באיזה סניף", "לאיזה סניף").pattern)


def remember_store(d: Dialogue, med_id: Any, store: str) -> None:
    """Note the store a refill requested in this conversation goes to ("where do I pick it up?").

    Args:
        d: The turn.
        med_id: The product refilled (as in ``refill_meds``).
        store: The store's name, as the refill was placed.
    """
    for item in d.state.refill_meds:
        if item.id == med_id and store:
            item.store = store


def _store_of(d: Dialogue, med_id: Any) -> str:
    return next((item.store for item in d.state.refill_meds if item.id == med_id and item.store), "")


def pending_details(d: Dialogue, env: dict[str, Any], med_id: Any, name: str = "") -> None:
    """After "a refill is already being prepared": when it is due, where, and the refills still left.

    Args:
        d: The turn.
        env: ``prescription_verify``'s envelope (``rx_status`` ``refill_pending``).
        med_id: The prescription's product (to find the store of a refill placed in this conversation).
        name: The medication's display name (for the branches that have it, when "where?" is asked).
    """
    found = _ISO_DATE.search(str(env.get("notes") or ""))
    date = format_date(d.lang, found.group(0)) if found else ""
    store = _store_of(d, med_id)
    if date and store:
        d.say("rx_pending_ready_at", store=store, date=date)
    elif date:
        d.say("rx_pending_ready", date=date)
    elif store:
        d.say("rx_pending_at", store=store)
    if not store and _WHERE.search(d.parsed.norm):
        d.say("rx_pending_store_unknown")  # a refill from before this conversation: its store is not shown
        rx_where.in_stock_line(d, med_id, name)  # which branches have it, so "where?" is still answered
    left = env.get("refills_remaining")
    if isinstance(left, int):
        d.say("rx_pending_left", refills=refills_left(d.lang, left))


def expired_refills(d: Dialogue, env: dict[str, Any]) -> None:
    """ "but I still have 3 refills": refills left on an expired prescription cannot be used; say so at once."""
    left = env.get("refills_remaining")
    if isinstance(left, int) and left > 0:
        d.say("rx_expired_refills")
