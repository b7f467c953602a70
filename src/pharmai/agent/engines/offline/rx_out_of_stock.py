"""A refill asked for while its medication is out of stock: where it is out, when it is back, what can be done.

"refill my moxypen" when Moxypen is out at the pickup branch: "out of stock at Tel Aviv" alone hides that
Jerusalem has none either (or that it does), and leaves the person guessing what to do. ``request_refill``
refuses a refill without stock at the pickup branch (``OUT_OF_STOCK``: nothing can be submitted in advance to
be ready on restock), so the reply says

- every branch where it is out, each with its restock date ("out of stock at both branches: … and …");
- a branch that has it, when one does (the refill can be requested for pickup there);
- what can be done: ask again once it is back (the earliest date), or a pharmacist for something sooner.

No tool is asked to do what it cannot: nothing is requested and no confirmation is opened.
"""

from __future__ import annotations

from typing import Any

from pharmai.agent.engines.offline import _policy
from pharmai.agent.engines.offline._cues import STORES
from pharmai.agent.engines.offline.state import Dialogue
from pharmai.agent.engines.offline.texts import format_date

__all__ = ["answer"]

_TEXTS = {
    "back_on": {"en": " (expected back on {date})", "he": " (צפוי לחזור למלאי ב-{date})"},
    "at": {"en": "{store}{eta}", "he": "בסניף {store}{eta}"},
    "out_everywhere": {
        "en": "{name} is out of stock at {every} right now: at {stores}. A refill can only be requested while "
        "it's in stock at the branch you pick it up from, so I can't submit it yet (it can't be reserved in "
        "advance).",
        "he": "{name} חסר כרגע במלאי {every}: {stores}. אפשר להגיש חידוש רק כשהתרופה נמצאת במלאי בסניף האיסוף, "
        "ולכן עדיין אי אפשר להגיש אותו (אי אפשר לשריין אותו מראש).",
    },
    "both": {"en": "both branches", "he": "בשני הסניפים"},
    "all": {"en": "all our branches", "he": "בכל הסניפים"},
    "out_here": {
        "en": "{name} is out of stock at {store} right now{eta}, so the refill can't be placed there yet.",
        "he": "{name} חסר כרגע במלאי בסניף {store}{eta}, ולכן עדיין אי אפשר להגיש שם את החידוש.",
    },
    "there": {
        "en": "{stores} {verb} it in stock ({counts}): if you'd rather pick it up there, ask me to refill it at "
        "that branch.",
        "he": "{stores} התרופה זמינה במלאי ({counts}): אם נוח לך לאסוף שם, אפשר לבקש את החידוש בסניף הזה.",
    },
    "units": {"en": "{qty} units", "he": "{qty} יחידות"},
    "wait": {
        "en": "What you can do: ask me again once it's back in stock{first} and I'll request the refill then. If "
        "you need it sooner, a pharmacist can help with other options — just ask and I'll connect you.",
        "he": "מה אפשר לעשות: לפנות אליי שוב כשהתרופה תחזור למלאי{first}, ואגיש אז את בקשת החידוש. אם צריך אותה "
        "מוקדם יותר, הרוקחים בסניף יוכלו לעזור באפשרויות אחרות — אפשר לבקש ואעביר את הפנייה.",
    },
    "first": {"en": " (from {date} at {store})", "he": " (החל מ-{date} בסניף {store})"},
}


def _text(d: Dialogue, key: str, **values: str) -> str:
    return _TEXTS[key]["he" if d.lang == "he" else "en"].format(**values)


def _join(d: Dialogue, items: list[str]) -> str:
    """ "A and B" / "A וB" for a sentence whose items start with a preposition (Hebrew "בסניף …")."""
    if len(items) <= 1:
        return items[0] if items else ""
    if d.lang == "he":
        return ", ".join(items[:-1]) + " ו" + items[-1]
    return ", ".join(items[:-1]) + " and " + items[-1]


def _stock(d: Dialogue, med_id: str, store_id: str) -> dict[str, Any] | None:
    """The medication's stock at one branch (its match, with the branch's name), ``None`` when unread."""
    result = d.call("inventory_check", med_id=med_id, store_id=store_id)
    if not result.ok:
        return None
    matches = [m for m in result.envelope.get("matches") or [] if isinstance(m, dict)]
    if len(matches) != 1:
        return None
    found = dict(matches[0])
    found["store_name"] = str((result.envelope.get("store") or {}).get("name") or store_id)
    return found


def _eta(d: Dialogue, match: dict[str, Any]) -> str:
    eta = match.get("restock_eta")
    return _text(d, "back_on", date=format_date(d.lang, eta)) if eta else ""


def answer(d: Dialogue, med_id: Any, name: str, here: dict[str, Any]) -> bool:
    """Say why a refill request cannot be placed while its medication is out of stock, and what can be done.

    Args:
        d: The turn (a refill request of an eligible prescription).
        med_id: The prescription's medication.
        name: Its display name.
        here: The ``inventory_check`` match at the pickup branch (out of stock), with ``store_id`` and
            ``store_name`` added by the caller.

    Returns:
        True when answered here; False when the other branches could not be read (the caller's own text).
    """
    here_id = str(here.get("store_id") or "")
    others: list[dict[str, Any]] = []
    for store_id in STORES:
        if store_id == here_id:
            continue
        found = _stock(d, str(med_id), store_id)
        if found is None:
            return False  # never "out everywhere" from a branch that was not read
        others.append(found)
    having = [m for m in others if m.get("in_stock")]
    if having:
        d.add(_text(d, "out_here", name=name, store=str(here.get("store_name") or ""), eta=_eta(d, here)))
        counts = ", ".join(_text(d, "units", qty=str(m.get("qty_on_hand") or "")) for m in having)
        names = [str(m["store_name"]) for m in having]
        if d.lang == "he":
            where = _join(d, ["בסניף " + n for n in names])
        else:
            where = _join(d, ["The " + n + " branch" for n in names])
        d.add(_text(d, "there", stores=where, verb="has" if len(having) == 1 else "have", counts=counts))
        if here.get("restock_eta"):
            first = _text(d, "first", date=format_date(d.lang, here["restock_eta"]), store=str(here["store_name"]))
            d.add(_text(d, "wait", first=first))
    else:
        every = [here, *others]
        stores = _join(d, [_text(d, "at", store=str(m.get("store_name") or ""), eta=_eta(d, m)) for m in every])
        kind = "both" if len(every) == 2 else "all"
        d.add(_text(d, "out_everywhere", name=name, every=_text(d, kind), stores=stores))
        dated = sorted((str(m["restock_eta"]), str(m.get("store_name") or "")) for m in every if m.get("restock_eta"))
        first = _text(d, "first", date=format_date(d.lang, dated[0][0]), store=dated[0][1]) if dated else ""
        d.add(_text(d, "wait", first=first))
    d.add(_policy.rx_note(d.lang, name))
    return True
