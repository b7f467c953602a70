"""Where a refill can be picked up: the branches that have the medication, not only the one it would go to.

"where can I pick up my refill?", «איפה אני אוסף את החידוש?», "which branch do I collect my Zoloft from?" ask
for a place. The refill answer alone names one branch — the session's, where a new request would go ("I can
request it for pickup at Tel Aviv…"), or none at all for a refill asked for before this conversation ("the
branch can confirm where to pick it up") — while the medication may be on the shelf at every branch. So when
the message asks where, the answer also says which branches have the medication in stock, and how many
(``inventory_check`` at each branch; the names come from the tool). A branch that could not be checked is
left out rather than guessed.
"""

from __future__ import annotations

import re
from typing import Any

from pharmai.agent.engines.offline import _cues as c
from pharmai.agent.engines.offline.state import Dialogue

__all__ = ["asks_where", "in_stock_line"]

# "where do I pick it up?", "which branch?", «איפה», «מאיפה», «באיזה סניף»: a place is asked for.
_WHERE = re.compile(
    r"\bwhere\b|\bwhich (?:branch|store|pharmacy|location)\b|\bwhat (?:branch|store|location)\b|"
    + c.cues("איפה", "מאיפה", "באיזה סניף", "לאיזה סניף", "מאיזה סניף", "איזה סניף", "באיזה בית מרקחת").pattern
)
_TEXTS = {
    "in_stock": {
        "en": "{name} is in stock at {stores}.",
        "he": "יש במלאי {name} {stores}.",
    },
    "item": {"en": "{store} ({qty} units available)", "he": "בסניף {store} ({qty} יחידות)"},
}


def asks_where(d: Dialogue) -> bool:
    """Whether the message asks at which branch (where) something can be had or picked up."""
    return bool(_WHERE.search(d.parsed.norm))


def _join(d: Dialogue, items: list[str]) -> str:
    # Hebrew items start with "בסניף", so the "and" is glued to the preposition ("ובסניף").
    if len(items) <= 1:
        return items[0] if items else ""
    word = " ו" if d.lang == "he" else " and "
    return ", ".join(items[:-1]) + word + items[-1]


def _stocked(d: Dialogue, med_id: str, known: dict[str, dict[str, Any]]) -> list[tuple[str, Any]]:
    """``(branch name, units)`` of every branch that has ``med_id`` (``known``: matches already read, by id)."""
    found: list[tuple[str, Any]] = []
    for store_id in sorted(c.STORES):  # the default branch (s1) first, as everywhere
        match = known.get(store_id)
        if match is None:
            result = d.call("inventory_check", med_id=med_id, store_id=store_id)
            matches = [m for m in result.envelope.get("matches") or [] if isinstance(m, dict)] if result.ok else []
            if len(matches) != 1:
                continue  # not read just now: never named as having it (nor as not having it)
            store = result.envelope.get("store") or {}
            match = {**matches[0], "store_name": store.get("name") or store_id}
        if match.get("in_stock"):
            found.append((str(match.get("store_name") or store_id), match.get("qty_on_hand")))
    return found


def in_stock_line(d: Dialogue, med_id: Any, name: str, known: dict[str, dict[str, Any]] | None = None) -> None:
    """Say which branches have ``med_id`` in stock, when the message asks where (nothing otherwise).

    Args:
        d: The turn.
        med_id: The prescription's product.
        name: Its display name.
        known: Inventory matches already read this turn, by store id (each with ``store_name``), so a
            branch is not checked twice.
    """
    if not isinstance(med_id, str) or not asks_where(d):
        return
    stocked = _stocked(d, med_id, known or {})
    if not stocked:
        return  # out everywhere: the refill answer already says what can be done
    items = [_TEXTS["item"][d.lang].format(store=store, qty=qty) for store, qty in stocked]
    d.add(_TEXTS["in_stock"][d.lang].format(name=name, stores=_join(d, items)))
