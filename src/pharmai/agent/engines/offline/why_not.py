""" "why not?" right after an answer that something cannot be done: the reason, never that answer again.

- after a refill that cannot be made ("why not?", "how come?", "למה לא?", "מדוע?"): why, from the
  prescription's own status (expired, every refill used, cancelled, already being prepared) or the branch's
  stock;
- after an interaction warning: the interaction fact on file, with the "cannot be taken together" warning
  again when the check said avoid (a warning is never dropped);
- after an advice refusal: why advice is a pharmacist's or doctor's to give;
- after "prices are not on file" or "no delivery in this chat": what the assistant can and cannot see or do.

A bare "why not?" after a yes/no offer is a yes and is left to the offer; a "why" with a request of its own
("why was it cancelled?") is left to its own reader.
"""

from __future__ import annotations

import re
from typing import Any

from pharmai.agent.engines.offline import _policy, flows_rx
from pharmai.agent.engines.offline.state import Dialogue
from pharmai.agent.engines.offline.texts import TEXTS, format_date, say

__all__ = ["answer"]

# The whole message is the question "why?" (normalised text: final letters folded, punctuation dropped).
_WHY = re.compile(
    r"^(?:(?:but|and|so|ok|okay|hm+|wait) )*(?:why(?: not| is that| so| cant i| cant it| cant you| not possible)?|"
    r"how come|how so|for what reason|what is the reason|whats the reason|what for)(?: exactly| then)?$|"
    r"^(?:ו?אבל |ו?אז |רגע )*ו?(?:למה|מדוע|מה הסיבה|מאיזו סיבה|מה פתאומ|איך זה|על מה)"
    r"(?: לא| אי אפשר| לא ניתנ| זה| ככה| בעצמ| בדיוק)*$"
)
_REFILL = ("refill_request", "refill_status")
_RX_DENIALS = ("rx_expired", "rx_completed", "rx_no_refills", "rx_cancelled", "rx_pending", "refill_no_stock")
_INTERACTION_NOTE = {
    lang: re.compile(re.escape(TEXTS["interaction_caution"][lang]).replace(r"\{names\}", "(?P<names>.+?)")
                     .replace(r"\{message\}", "(?P<message>[^\n]+)"))
    for lang in ("en", "he")
}  # fmt: skip

_TEXTS = {
    "expired": {
        "en": "Because the prescription expired on {date}: an expired prescription can't be refilled, even when "
        "refills are left on it. Only a doctor can issue a new one.",
        "he": "כי המרשם פג תוקף ב-{date}: אי אפשר לחדש מרשם שתוקפו פג, גם אם נותרו בו חידושים. רק רופא/ה יכול/ה "
        "לתת מרשם חדש.",
    },
    "completed": {
        "en": "Because every refill the doctor allowed on it has been used: the prescription is complete, so there "
        "is nothing left to refill. Another supply needs a new prescription from your doctor.",
        "he": "כי כל החידושים שהרופא/ה אישר/ה במרשם כבר נוצלו: המרשם הושלם, ולכן אין בו מה לחדש. כדי לקבל עוד "
        "צריך מרשם חדש מהרופא/ה.",
    },
    "no_refills": {
        "en": "Because no refills are left on it: the doctor allowed a set number of refills, and they have all "
        "been used. The prescription itself is valid until {date}, but another refill needs a new prescription "
        "from your doctor.",
        "he": "כי לא נותרו בו חידושים: הרופא/ה אישר/ה מספר מסוים של חידושים, וכולם כבר נוצלו. המרשם עצמו בתוקף "
        "עד {date}, אבל חידוש נוסף דורש מרשם חדש מהרופא/ה.",
    },
    "cancelled": {
        "en": "Because the prescription was cancelled, and a cancelled prescription can't be refilled. Why it was "
        "cancelled isn't in its details; the doctor who issued it can tell you.",
        "he": "כי המרשם בוטל, ואי אפשר לחדש מרשם שבוטל. הסיבה לביטול אינה מופיעה בפרטי המרשם; אפשר לשאול את "
        "הרופא/ה שרשם/ה אותו.",
    },
    "pending": {
        "en": "Because a refill of it has already been requested and is being prepared, so there is no need to "
        "request another one.",
        "he": "כי כבר הוגשה בקשה לחידוש שלו והיא בהכנה, ולכן אין צורך להגיש בקשה נוספת.",
    },
    "no_stock": {
        "en": "Because {name} is out of stock at {store} right now{eta}: a refill is prepared from the branch's "
        "stock, so it can be requested once the medication is back.",
        "he": "כי {name} חסר כרגע במלאי בסניף {store}{eta}: חידוש מוכן מהמלאי שבסניף, ולכן אפשר יהיה להגיש אותו "
        "כשהתרופה תחזור למלאי.",
    },
    "interaction": {
        "en": "Because of the interaction on file for {names}: {message}",
        "he": "בגלל האינטראקציה הרשומה עבור {names}: {message}",
    },
    "advice": {
        "en": "Because whether a medicine suits you depends on things I can't see or weigh: your health, the other "
        "medicines you take and your history. A pharmacist or your doctor can; I can give the facts on file (the "
        "label, the stock, the interactions recorded).",
        "he": "כי שאלה כזאת תלויה בדברים שאיני רואה ואיני יכול לשקול: מצב הבריאות, התרופות האחרות שנוטלים "
        "וההיסטוריה הרפואית. רוקחים ורופאים יכולים לשקול אותם; אני יכול למסור רק את העובדות שבמאגר (העלון, "
        "המלאי והאינטראקציות הרשומות).",
    },
    "price": {
        "en": "Prices aren't part of the pharmacy data I can read: I see the label facts, the stock and your "
        "prescriptions, but no prices. The staff at the branch can tell you the price.",
        "he": "מחירים אינם חלק מנתוני בית המרקחת שאני יכול לקרוא: אני רואה את פרטי העלון, את המלאי ואת "
        "המרשמים, אבל לא מחירים. הצוות בסניף ישמח לומר לכם את המחיר.",
    },
    "delivery": {
        "en": "This chat isn't connected to any ordering or delivery service: it can check stock and request a "
        "prescription refill, which is then collected at one of our branches.",
        "he": "הצ'אט הזה אינו מחובר לשירות הזמנות או משלוחים: אפשר לבדוק בו מלאי ולהגיש בקשה לחידוש מרשם, "
        "ואת התרופה אוספים באחד הסניפים שלנו.",
    },
}


def answer(d: Dialogue, last: str | None) -> bool:
    """Answer a bare "why not?" with the reason the last answer could not do what was asked.

    Args:
        d: The turn.
        last: The request the previous turn answered.

    Returns:
        True when the reason was given here.
    """
    p, verdict = d.parsed, d.turn.verdict
    if p.meds or p.refs or verdict.red_flags or verdict.symptom or not _WHY.search(p.norm):
        return False
    before = d.last_reply
    if not before or before.rstrip().endswith("?"):
        return False  # "why not?" to "shall I…?" is a yes: the offer's own reader takes it
    # The reply may refuse two things ("avoid" and no prices): the reason of the one said last.
    tail = before.split("\n\n")[-1]
    if _price_or_delivery(d, tail):
        return True
    return _interaction(d, before) or _refill(d, last, before) or _advice(d, before) or _price_or_delivery(d, before)


def _interaction(d: Dialogue, before: str) -> bool:
    notes = list(_INTERACTION_NOTE[d.lang].finditer(before))
    if not notes:
        return False
    for note in notes:
        d.add(_TEXTS["interaction"][d.lang].format(names=note["names"], message=note["message"]))
    head = _policy.avoid_warning(d.lang, ["\x00", "\x01"]).split("\x00")[0]
    warnings = [line for line in before.splitlines() if head and line.startswith(head)]
    for line in warnings:
        d.add(line)  # the reason never replaces the warning: "cannot be taken together" is said again
    if not warnings:
        d.say("interaction_ask")
    d.parsed.intent = "interaction"
    return True


def _refill(d: Dialogue, last: str | None, before: str) -> bool:
    if last not in _REFILL or not d.identified or not _denied(d, before):
        return False
    first = before.split("\n\n")[0]
    items = flows_rx.load_items(d) or []
    named = [i for i in items if str(i.get("display_name") or "") and str(i.get("display_name")) in first]
    if len(named) != 1 or not named[0].get("presc_id"):
        return False  # never the reason of another prescription than the one just refused
    item = named[0]
    # The prescription's own check says why, as it did a turn ago (its status may have changed since).
    result = d.call("prescription_verify", presc_id=item.get("presc_id"), intent="refill")
    if not result.ok:
        d.add(d.error_text(result, str(item.get("display_name"))))
        return True
    env = result.envelope
    status = str(env.get("rx_status") or "")
    if env.get("next_step") == "allow_refill_request":
        return _no_stock(d, item)
    key = {"expired": "expired", "completed": "completed", "cancelled": "cancelled", "refill_pending": "pending"}
    if status == "active" and env.get("refills_remaining") == 0:
        chosen = "no_refills"
    elif status in key:
        chosen = key[status]
    else:
        return False
    d.add(_TEXTS[chosen][d.lang].format(date=format_date(d.lang, env.get("expires_at"))))
    d.parsed.intent = "refill_status"
    return True


def _denied(d: Dialogue, before: str) -> bool:
    """The last reply refused a refill (one of the refusal templates, filled in, is in it)."""
    return any(_said(d, key, before) for key in _RX_DENIALS)


def _said(d: Dialogue, key: str, before: str) -> bool:
    """Whether template ``key``, whatever it was filled with, is part of ``before``."""
    pattern = re.sub(r"\\\{\w+\\\}", lambda _: "[^\n]*?", re.escape(TEXTS[key][d.lang]))
    return re.search(pattern, before) is not None


def _no_stock(d: Dialogue, item: dict[str, Any]) -> bool:
    store_id = d.store or d.turn.session.store_id
    result = d.call("inventory_check", med_id=item.get("med_id"), store_id=store_id)
    matches = [m for m in (result.envelope.get("matches") or []) if isinstance(m, dict)] if result.ok else []
    if not matches or matches[0].get("in_stock"):
        return False  # it can be refilled: nothing was refused
    eta = matches[0].get("restock_eta")
    d.add(
        _TEXTS["no_stock"][d.lang].format(
            name=item.get("display_name"),
            store=(result.envelope.get("store") or {}).get("name") or store_id,
            eta=say(d.lang, "refill_eta", date=format_date(d.lang, eta)) if eta else "",
        )
    )
    d.parsed.intent = "refill_status"
    return True


def _advice(d: Dialogue, before: str) -> bool:
    if not any(_policy.refusal(d.lang, kind) in before for kind in _policy.REFUSAL_KINDS):
        return False
    d.add(_TEXTS["advice"][d.lang])
    d.parsed.intent = "followup"
    return True


def _price_or_delivery(d: Dialogue, before: str) -> bool:
    for key, said in (("price", ("price_unknown", "price_unknown_any")), ("delivery", ("delivery_unavailable",))):
        if any(_said(d, k, before) for k in said):
            d.add(_TEXTS[key][d.lang])
            d.parsed.intent = "followup"
            return True
    return False
