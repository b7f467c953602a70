"""The other branches' stock of a product found out of stock at the branch just checked.

"Out of stock at Tel Aviv until 6 March" alone sends the customer away although Jerusalem has 10: whenever a
stock answer finds a product out at the customer's branch (the session's, or the one branch the message
named), every other branch is checked through ``inventory_check`` and the answer says, on the same line as
that product's stock, which branches have it and how many. When none has it, the line says it is out of
stock at every branch, with each branch's restock date, so the customer does not have to ask branch by
branch. A message that names several branches already gets each branch's own line, so nothing is added.

The branches are the store ids the engine recognises (:data:`._cues.STORES`); their names always come from
the tool's answer, never from this module.
"""

from __future__ import annotations

from typing import Any

from pharmai.agent.engines.offline import _cues as c
from pharmai.agent.engines.offline.state import Dialogue
from pharmai.agent.engines.offline.texts import format_date, join_names

__all__ = ["enough_line", "line", "with_line"]

_TEXTS: dict[str, dict[str, str]] = {
    # One branch has it: the wording the named-branch answer has always used (tests and people know it).
    "in_one": {
        "en": "It is in stock at {store} ({qty} units available).",
        "he": "בסניף {store} יש במלאי ({qty} יחידות).",
    },
    # Units the data marks as low stock read as "limited" here too, as in the answer about that branch itself.
    "in_one_low": {
        "en": "It is in stock at {store}, but only a limited quantity is available ({qty} units).",
        "he": "בסניף {store} יש במלאי, אך בכמות מוגבלת ({qty} יחידות בלבד).",
    },
    "in_many": {"en": "It is in stock at {stores}.", "he": "יש במלאי {stores}."},
    "in_item": {"en": "{store} ({qty} units available)", "he": "בסניף {store} ({qty} יחידות)"},
    "in_item_low": {
        "en": "{store} (a limited quantity: {qty} units)",
        "he": "בסניף {store} (בכמות מוגבלת: {qty} יחידות בלבד)",
    },
    # Out everywhere: the other branches' dates (the first line already gave this branch's), then the summary.
    "out_both": {
        "en": "It is out of stock at {stores} too ({dates}), so it is out of stock at both branches.",
        "he": "גם {stores} אין כרגע במלאי ({dates}), כך שאין במלאי בשני הסניפים.",
    },
    "out_all": {
        "en": "It is out of stock at {stores} too ({dates}), so it is out of stock at all our branches.",
        "he": "גם {stores} אין כרגע במלאי ({dates}), כך שאין במלאי באף אחד מהסניפים.",
    },
    "out_store": {"en": "{store}", "he": "בסניף {store}"},
    # Every branch named in the message was answered on its own line (with its date): only the summary.
    "so_both": {"en": "So it is out of stock at both branches.", "he": "כלומר, אין במלאי בשני הסניפים."},
    "so_all": {"en": "So it is out of stock at all our branches.", "he": "כלומר, אין במלאי באף אחד מהסניפים."},
    "date_at": {"en": "expected restock date at {store}: {date}", "he": "מועד חידוש המלאי הצפוי בסניף {store}: {date}"},
    "date_only": {"en": "expected restock date: {date}", "he": "מועד חידוש המלאי הצפוי: {date}"},
    "no_date": {"en": "no restock date is known yet", "he": "אין עדיין מועד ידוע לחידוש המלאי"},
    "no_date_at": {
        "en": "no restock date is known yet at {store}",
        "he": "בסניף {store} אין עדיין מועד ידוע לחידוש המלאי",
    },
}


def _t(d: Dialogue, key: str, **values: Any) -> str:
    return _TEXTS[key][d.lang].format(**values)


def _checked_elsewhere(d: Dialogue, med_id: str, here: str) -> list[tuple[str, dict[str, Any]]] | None:
    """``(branch name, match)`` for every other branch, or ``None`` when one could not be checked.

    A branch that could not be checked (a timeout, a limit) leaves the answer unsaid: "out everywhere" must
    never rest on a branch nobody looked at.
    """
    found: list[tuple[str, dict[str, Any]]] = []
    for store_id in _others(here):
        result = d.call("inventory_check", store_id=store_id, med_id=med_id)
        matches = [m for m in result.envelope.get("matches") or [] if isinstance(m, dict)] if result.ok else []
        if len(matches) != 1:
            return None
        found.append((str((result.envelope.get("store") or {}).get("name") or store_id), matches[0]))
    return found


def _in_stock(d: Dialogue, found: list[tuple[str, dict[str, Any]]]) -> str:
    if len(found) == 1:
        store, match = found[0]
        return _t(d, "in_one_low" if match.get("low_stock") else "in_one", store=store, qty=match.get("qty_on_hand"))
    items = [
        _t(d, "in_item_low" if match.get("low_stock") else "in_item", store=store, qty=match.get("qty_on_hand"))
        for store, match in found
    ]
    return _t(d, "in_many", stores=join_names(d.lang, items))


def _out_everywhere(d: Dialogue, found: list[tuple[str, dict[str, Any]]], others: int) -> str:
    """Out at ``found`` too (with each date), so at every branch (``others``: the branches besides this one)."""
    one = len(found) == 1
    dates: list[str] = []
    for store, match in found:
        eta = match.get("restock_eta")
        if eta:
            key = "date_only" if one else "date_at"
            dates.append(_t(d, key, store=store, date=format_date(d.lang, eta)))
        else:
            dates.append(_t(d, "no_date" if one else "no_date_at", store=store))
    stores = join_names(d.lang, [_t(d, "out_store", store=store) for store, _ in found])
    return _t(d, "out_both" if others == 1 else "out_all", stores=stores, dates="; ".join(dates))


def _named_all_out(d: Dialogue, med_id: str, here: str) -> str:
    """After the last of several branches named ("in Tel Aviv and Jerusalem?", "anywhere?"), all out.

    Each named branch had its own line and date; the sentence adds the branches not named (with their
    dates) or, when every branch was named, only the summary, so "out at both branches" is said once.
    """
    named = set(d.parsed.stores)
    found = _checked_elsewhere(d, med_id, here)
    if not found or any(m.get("in_stock") for _, m in found):
        return ""
    unnamed = [(store, m) for (store, m), store_id in zip(found, _others(here), strict=True) if store_id not in named]
    if unnamed:
        return _out_everywhere(d, unnamed, len(found))
    return _t(d, "so_both" if len(found) == 1 else "so_all")


def _others(here: str) -> list[str]:
    return [s for s in c.STORES if s != here]


def line(d: Dialogue, match: dict[str, Any], here: str | None) -> str:
    """What the other branches have of an out-of-stock ``match`` ("" when not to be said).

    Args:
        d: The turn; a message naming several branches has each branch's own line, and only the last of
            them gets "so it is out of stock at both branches" when it is.
        match: The inventory match of the branch just checked.
        here: The id of the branch just checked.

    Returns:
        One sentence: the branches that have it (with the units), or that it is out at every branch (with
        each restock date); "" when it is in stock here, or a branch could not be checked.
    """
    med_id = match.get("med_id")
    if match.get("in_stock") or not here or not isinstance(med_id, str):
        return ""
    if len(d.parsed.stores) > 1:
        return _named_all_out(d, med_id, here) if here == d.parsed.stores[-1] else ""
    found = _checked_elsewhere(d, med_id, here)
    if not found:
        return ""
    stocked = [(store, m) for store, m in found if m.get("in_stock")]
    return _in_stock(d, stocked) if stocked else _out_everywhere(d, found, len(found))


def with_line(d: Dialogue, stock_line: str, match: dict[str, Any], here: str | None) -> str:
    """``stock_line`` with :func:`line` after it on the same line (one line per product of the answer)."""
    elsewhere = line(d, match, here)
    return f"{stock_line} {elsewhere}" if elsewhere else stock_line


def enough_line(d: Dialogue, match: dict[str, Any], here: str, wanted: int) -> str:
    """The other branches that have ``wanted`` units of ``match`` when this one has fewer ("" when none does).

    "I need 10" with 8 at Tel Aviv: "it is in stock at Jerusalem (30 units)" is the answer the customer
    needs next, not the same 8 again.
    """
    med_id = match.get("med_id")
    if not isinstance(med_id, str) or not here:
        return ""
    found = _checked_elsewhere(d, med_id, here) or []
    enough = [(store, m) for store, m in found if m.get("in_stock") and (m.get("qty_on_hand") or 0) >= wanted]
    return _in_stock(d, enough) if enough else ""
