"""Several refills in one conversation (seed 000: "for multiple medications, run the interaction check").

Before a refill is requested, the medication is checked together with those refilled earlier in the
conversation (and with the others asked for in the same message), once per set of medications. A message
asking for several refills queues them; each then gets its own confirmation, one at a time.

State keys: ``refill_meds`` (``[{"id", "name"}]`` refilled in this conversation), ``checked_meds`` (the
medications already checked together) and ``refill_queue`` (the prescriptions still to be requested).
"""

from __future__ import annotations

from typing import Any

from pharmai.agent.engines.offline.flows_catalog import interaction
from pharmai.agent.engines.offline.state import Dialogue

__all__ = ["check_together", "pop_next", "queue", "queued_names", "remember"]

#: At most this many medications are remembered or checked together (the tool takes up to 10).
_MAX = 10


def _refilled(d: Dialogue) -> list[dict[str, str]]:
    value = d.state.get("refill_meds")
    items = value if isinstance(value, list) else []
    return [i for i in items if isinstance(i, dict) and isinstance(i.get("id"), str)]


def remember(d: Dialogue, med_id: Any, name: Any) -> None:
    """Note a medication whose refill was requested in this conversation.

    Args:
        d: The turn being answered.
        med_id: The product id refilled (ignored unless a string).
        name: Its display name, for later interaction notes.
    """
    if not isinstance(med_id, str):
        return
    items = [i for i in _refilled(d) if i["id"] != med_id]
    items.append({"id": med_id, "name": str(name or med_id)})
    d.state["refill_meds"] = items[-_MAX:]


def check_together(d: Dialogue, meds: list[tuple[str, str]]) -> None:
    """Run ``interaction_check`` on ``meds`` plus those refilled or awaiting confirmation earlier.

    Nothing runs when fewer than two medications are involved or this set was already checked.

    Args:
        d: The turn being answered.
        meds: ``(med_id, display name)`` pairs about to be refilled.
    """
    named: dict[str, str] = {i["id"]: str(i.get("name") or i["id"]) for i in _refilled(d)}
    waiting = d.state.get("refill")
    if isinstance(waiting, dict) and isinstance(waiting.get("med_id"), str):
        named.setdefault(waiting["med_id"], str(waiting.get("name") or waiting["med_id"]))
    for med_id, name in meds:
        if isinstance(med_id, str):
            named.setdefault(med_id, name or med_id)
    wanted = list(named)[:_MAX]
    checked_value = d.state.get("checked_meds")
    checked = [m for m in checked_value if isinstance(m, str)] if isinstance(checked_value, list) else []
    if len(wanted) < 2 or set(wanted) <= set(checked):
        return
    interaction(d, [{"ids": [med_id], "q": named[med_id]} for med_id in wanted])
    d.state["checked_meds"] = list(dict.fromkeys([*checked, *wanted]))[-2 * _MAX :]


def queue(d: Dialogue, targets: list[dict[str, Any]]) -> None:
    """Keep the prescriptions still to be requested after the current one."""
    keep = [{k: t.get(k) for k in ("presc_id", "med_id", "name")} for t in targets if isinstance(t, dict)]
    if keep:
        d.state["refill_queue"] = keep[:_MAX]
    else:
        d.state.pop("refill_queue", None)


def pop_next(d: Dialogue) -> dict[str, Any] | None:
    """The next queued prescription (removed from the queue), or ``None``."""
    value = d.state.get("refill_queue")
    items = [t for t in value if isinstance(t, dict)] if isinstance(value, list) else []
    if not items:
        d.state.pop("refill_queue", None)
        return None
    queue(d, items[1:])
    return items[0]


def queued_names(d: Dialogue) -> list[str]:
    """The names of the queued prescriptions, in order."""
    value = d.state.get("refill_queue")
    items = value if isinstance(value, list) else []
    return [str(t.get("name") or t.get("presc_id")) for t in items if isinstance(t, dict)]
