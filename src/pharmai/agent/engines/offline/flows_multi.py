"""Several refills in one conversation (seed 000: "for multiple medications, run the interaction check").

Before a refill is requested, the medication is checked together with those refilled earlier in the
conversation (and with the others asked for in the same message), once per set of medications. A message
asking for several refills queues them; each then gets its own confirmation, one at a time.

State: ``refill_meds`` (refilled in this conversation), ``checked_meds`` (the medications already checked
together) and ``refill_queue`` (the prescriptions still to be requested); see :mod:`.dialogue_state`.
"""

from __future__ import annotations

from typing import Any

from pharmai.agent.engines.offline.dialogue_state import MedRef, RefilledMed, RxItem
from pharmai.agent.engines.offline.flows_catalog import interaction
from pharmai.agent.engines.offline.state import Dialogue

__all__ = ["check_together", "pop_next", "queue", "queued_names", "remember"]

#: At most this many medications are remembered or checked together (the tool takes up to 10).
_MAX = 10


def remember(d: Dialogue, med_id: Any, name: Any) -> None:
    """Note a medication whose refill was requested in this conversation.

    Args:
        d: The turn being answered.
        med_id: The product id refilled (ignored unless a string).
        name: Its display name, for later interaction notes.
    """
    if not isinstance(med_id, str):
        return
    items = [i for i in d.state.refill_meds if i.id != med_id]
    items.append(RefilledMed(id=med_id, name=str(name or med_id)))
    d.state.refill_meds = items[-_MAX:]


def check_together(d: Dialogue, meds: list[tuple[str, str]]) -> None:
    """Run ``interaction_check`` on ``meds`` plus those refilled or awaiting confirmation earlier.

    Nothing runs when fewer than two medications are involved or this set was already checked.

    Args:
        d: The turn being answered.
        meds: ``(med_id, display name)`` pairs about to be refilled.
    """
    named: dict[str, str] = {i.id: i.name or i.id for i in d.state.refill_meds}
    waiting = d.state.refill
    if waiting is not None and waiting.med_id is not None:
        named.setdefault(waiting.med_id, waiting.name or waiting.med_id)
    for med_id, name in meds:
        if isinstance(med_id, str):
            named.setdefault(med_id, name or med_id)
    wanted = list(named)[:_MAX]
    checked = d.state.checked_meds
    if len(wanted) < 2 or set(wanted) <= set(checked):
        return
    interaction(d, [MedRef(ids=[med_id], q=named[med_id]) for med_id in wanted])
    d.state.checked_meds = list(dict.fromkeys([*checked, *wanted]))[-2 * _MAX :]


def queue(d: Dialogue, targets: list[RxItem]) -> None:
    """Keep the prescriptions still to be requested after the current one."""
    d.state.refill_queue = [t.model_copy() for t in targets][:_MAX]


def pop_next(d: Dialogue) -> RxItem | None:
    """The next queued prescription (removed from the queue), or ``None``."""
    items = d.state.refill_queue
    if not items:
        return None
    queue(d, items[1:])
    return items[0]


def queued_names(d: Dialogue) -> list[str]:
    """The names of the queued prescriptions, in order."""
    return [str(t.name or t.presc_id) for t in d.state.refill_queue]
