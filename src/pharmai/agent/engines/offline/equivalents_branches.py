"""Identical equivalents asked about every branch: "any generic same thing in stock anywhere?", «יש תחליף בשום מקום?».

A stock question with "anywhere", "at any branch", «בכל הסניפים», «באיזה סניף שהוא» is answered at every branch
(:data:`.thread_intent.EVERY_BRANCH`); an equivalents question worded the same way is too: the lookup runs at
each branch, and the answer says where an identical equivalent is in stock, or that there is none at any
branch (never "none at Tel Aviv" alone, which leaves the other branch unasked). Two branches named ("at
Dizengoff and in Jerusalem") are both looked up the same way.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from pharmai.agent.engines.offline import _cues as c
from pharmai.agent.engines.offline import _policy
from pharmai.agent.engines.offline.state import Dialogue
from pharmai.agent.engines.offline.texts import differences
from pharmai.agent.engines.offline.thread_intent import EVERY_BRANCH

__all__ = ["answer", "stores_asked"]

_ALL_STORES = ["s1", "s2"]
_NONE_ANYWHERE = {
    "en": "There is no identical equivalent of {name} (the same active ingredients, form and strength) in stock at "
    "any of our branches ({stores}). Pharmacy staff can help with other options.",
    "he": "לא מצאתי תחליף זהה עבור {name} (אותם חומרים פעילים, אותה צורה ואותו חוזק) במלאי באף אחד מהסניפים "
    "({stores}). צוות בית המרקחת יוכל לעזור באפשרויות אחרות.",
}
_HEADER = {
    "en": "Identical equivalents of {name} (the same active ingredients, form and strength), by branch:",
    "he": "תחליפים זהים עבור {name} (אותם חומרים פעילים, אותה צורה ואותו חוזק), לפי סניף:",
}
_AT = {"en": "- {store}: {items}", "he": "- סניף {store}: {items}"}
_ITEM = {"en": "{name} ({qty} units in stock)", "he": "{name} ({qty} יחידות במלאי)"}
_NONE_AT = {"en": "- {store}: none in stock", "he": "- סניף {store}: אין תחליף זהה במלאי"}


def stores_asked(d: Dialogue, store: str | None) -> list[str]:
    """The branches an equivalents question asks about when it asks about more than one (else ``[]``).

    Args:
        d: The turn.
        store: The branch the caller would look up (the message's, or one carried over from the thread).
    """
    p = d.parsed
    if len(p.stores) >= 2 and (store is None or store in p.stores):
        return list(p.stores)  # "at Dizengoff and in Jerusalem", or "anywhere" read for the stock already
    named = any(pattern.search(p.norm) for pattern in c.STORES.values())
    if EVERY_BRANCH.search(p.norm) and not named and not p.other_store:
        return list(_ALL_STORES)  # "anywhere", «בכל הסניפים»: a branch carried over is no answer to that
    return []


def answer(
    d: Dialogue,
    med_id: str,
    typed: str,
    stores: list[str],
    *,
    name_of: Callable[[Dialogue, str, str], str],
    store_name: Callable[[Dialogue, str | None], str],
    learn: Callable[[Dialogue, Any, Any], None],
) -> None:
    """Look the identical equivalents of ``med_id`` up at each of ``stores`` and say where they are.

    Args:
        d: The turn.
        med_id: The product asked about.
        typed: Its name as the customer wrote it (said when no tool answer names it).
        stores: The branches, in the order to say them.
        name_of: The display name of a product (:func:`.flows_catalog.name_of`).
        store_name: A branch's name in the reply's language.
        learn: Keep a product's display name for later turns.
    """
    found: dict[str, list[dict[str, Any]]] = {}
    missing: list[str] = []
    name = ""
    for store in stores:
        result = d.call("inventory_find_equivalent", med_id=med_id, store_id=store)
        if result.error_code == "NO_EQUIVALENTS_FOUND":
            missing.append(store)
            continue
        if not result.ok:
            d.add(d.error_text(result, name_of(d, med_id, typed)))  # could not check: never read as "none"
            continue
        name = name or str((result.envelope.get("requested") or {}).get("display_name") or "")
        items = [i for i in result.envelope.get("equivalents") or [] if isinstance(i, dict)]
        if items:
            found[store] = items
        else:
            missing.append(store)
    name = name or name_of(d, med_id, typed)
    if not found:
        if len(missing) == len(stores):
            stores_text = ", ".join(store_name(d, s) for s in missing)
            d.add(_NONE_ANYWHERE[d.lang].format(name=name, stores=stores_text))
        for store in missing if len(missing) < len(stores) else []:  # another branch could not be checked
            d.say("no_equivalents", name=name, store=store_name(d, store))
        return
    lines = [_HEADER[d.lang].format(name=name)]
    diffs: list[str] = []
    options: list[str] = []
    rx: list[str] = []
    for store in stores:
        at = found.get(store) or []
        if not at:
            if store in missing:
                lines.append(_NONE_AT[d.lang].format(store=store_name(d, store)))
            continue
        listed = [_ITEM[d.lang].format(name=i.get("display_name"), qty=i.get("qty_on_hand")) for i in at]
        lines.append(_AT[d.lang].format(store=store_name(d, store), items="; ".join(listed)))
        for item in at:
            product = str(item.get("display_name") or "")
            diffs.extend((item.get("disclosure") or {}).get("possible_differences") or [])
            learn(d, item.get("med_id"), product)
            if product and product not in options:
                options.append(product)
            if item.get("rx_required") and product not in rx:
                rx.append(product)
    # A prescription note once a product, after the branches (the same product may be at both).
    lines += [_policy.rx_note(d.lang, product) for product in rx]
    d.add("\n".join(lines))
    d.say("disclosure", differences=differences(d.lang, list(dict.fromkeys(diffs)) or _DEFAULT_DIFFS))
    # "what's the other one called?", "how many of those do you have?": the equivalents just listed.
    d.state.options = options


_DEFAULT_DIFFS = ["price", "inactive ingredients", "packaging"]
