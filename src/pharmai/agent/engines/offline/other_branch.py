"""The other branch's stock, when the branch the customer named has none ("nurofen forte in jlm?").

"Out of stock in Jerusalem" alone sends the customer away although Tel Aviv has 30; when a message names one
branch and the product is out there, the other branch is checked too and its stock is said in one line (only
when it has the product: "none there either" would add nothing the restock date does not say).
"""

from __future__ import annotations

from typing import Any

from pharmai.agent.engines.offline._cues import STORES
from pharmai.agent.engines.offline.state import Dialogue

__all__ = ["line"]

_TEXTS = {
    "en": "It is in stock at {store} ({qty} units available).",
    "he": "בסניף {store} יש במלאי ({qty} יחידות).",
}


def line(d: Dialogue, match: dict[str, Any], store_id: str | None) -> str:
    """One line on the other branch's stock of an out-of-stock ``match`` ("" when not asked or none there).

    Args:
        d: The turn; only a message that names exactly one branch gets the line.
        match: The inventory match found out of stock at ``store_id``.
        store_id: The branch just checked.
    """
    if len(d.parsed.stores) != 1 or store_id != d.parsed.stores[0] or match.get("in_stock"):
        return ""
    other = next((s for s in STORES if s != store_id), None)
    if other is None or not match.get("med_id"):
        return ""
    result = d.call("inventory_check", store_id=other, med_id=match["med_id"])
    matches = [m for m in result.envelope.get("matches") or [] if isinstance(m, dict)] if result.ok else []
    if len(matches) != 1 or not matches[0].get("in_stock"):
        return ""
    store = str((result.envelope.get("store") or {}).get("name") or other)
    return _TEXTS[d.lang].format(store=store, qty=matches[0].get("qty_on_hand"))
