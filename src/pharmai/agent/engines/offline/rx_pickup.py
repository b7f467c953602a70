"""Where and when a pending refill is picked up, with a branch's stock asked in the same message.

After "Done. Your refill … will be ready for pickup at Tel Aviv – Dizengoff by March 2", and as much for a
refill asked for in an earlier conversation (``refill_pending`` in ``get_user_prescriptions``):

- "where do I pick it up? do you have it at Dizengoff?", «ומאיפה אני אוסף? יש לכם בדיזנגוף?»: the refill's
  branch and date as on file, then the stock at the branch named;
- "is it ready yet?", "when can I get it?", «מתי זה מוכן?»: the same refill, with the date it is due;
- "can I pick it up in Jerusalem instead?", «אפשר לאסוף בירושלים במקום?»: a refill request names one branch
  and no tool here moves it, so that is said plainly, with who can help (a pharmacist) and the stock there.

The pickup verbs ("pick up", "collect", «אוסף», «לאסוף», «אאסוף») are never looked up as medication names
(see :mod:`._not_names`). A red flag, a symptom, a question about taking something or a request for advice
keeps its own flow, and a refill still waiting for its "yes" is :func:`.rx_order.pickup_elsewhere`'s.
"""

from __future__ import annotations

import re
from typing import Any

from pharmai.agent.engines.offline import _cues as c
from pharmai.agent.engines.offline import flows_catalog, flows_rx
from pharmai.agent.engines.offline._not_names import PICKUP
from pharmai.agent.engines.offline.dialogue_state import RxItem
from pharmai.agent.engines.offline.state import Dialogue
from pharmai.policy import classify

__all__ = ["answer"]

# Taking words that mean collecting: «לבוא לקחת» ("come take"), «לקחת מהסניף» ("take from the branch").
_COME_TAKE = re.compile(
    c.cues("לבוא לקחת", "לבוא ולקחת", "אבוא לקחת", "אבוא ואקח", "לקפוץ לקחת", "come take", "come and take").pattern
    + r"|(?:^|(?<=\s))[ו]?לקחת(?: \S+){0,2} [מב]ה?סניפ(?=\s|$)"
)
# When it can be had: "is it ready yet?", "when can I get it?", «מתי זה מוכן?», «מתי אקבל?».
_READY = c.cues(
    "ready", "ready yet", "be ready", "when can i get it", "when can i get my", "when can i have it", "when will i get",
    "when do i get it", "when can i come", "when should i come", "how soon", "how long until",
    "how long till", "how long will it take", "how long does it take",
    "מוכן", "מוכנה", "מוכנים", "יהיה מוכן", "תהיה מוכנה", "מתי אקבל", "מתי אפשר לקבל", "מתי אני יכול לקבל",
    "מתי אני יכולה לקבל", "מתי מקבלים", "מתי זה יהיה", "מתי לבוא", "מתי אפשר לבוא", "מתי אוכל", "כמה זמן זה לוקח",
)  # fmt: skip
# Another branch than the one the refill names: "instead", "switch", «במקום», «להעביר», «סניף אחר».
_CHANGE = c.cues(
    "instead", "rather", "change", "switch", "move", "moved", "swap", "different branch", "different store",
    "another branch", "other branch", "another store", "other store",
    "במקום", "לשנות", "לשנות את", "להחליף", "להעביר", "תעביר", "תעבירי", "סניף אחר", "הסניף האחר", "הסניף השני",
)  # fmt: skip
# "can I pick it up in Jerusalem?": collecting at a branch asked as a possibility.
_CAN = c.cues(
    "can i", "could i", "may i", "is it possible", "possible to", "can it be", "could it be", "can you",
    "אפשר", "אני יכול", "אני יכולה", "ניתן", "אוכל", "אפשרי", "יכול להיות",
)  # fmt: skip
# Requests of their own that a pickup word never replaces (a handoff, a sign-in, delivery, hours…).
_OWN = ("code", "identity", "handoff", "other_rx", "hours", "delivery", "cancel", "complaint", "advice", "symptom")
_MAX = 3  # pending refills answered at once when none is named (one message is no place for more)
_TEXTS = {
    "change": {
        "en": "A refill request is placed for one branch, and I can't move it to another branch from here. To "
        "collect it {where} instead, a pharmacist can help — ask me to transfer you to a pharmacist.",
        "he": "בקשת חידוש מוגשת לסניף אחד, ואין לי אפשרות להעביר אותה לסניף אחר מכאן. כדי לאסוף את התרופה "
        "{where} במקום, הרוקחים בסניף יוכלו לעזור — אפשר לבקש ממני להעביר אתכם לרוקח/ת.",
    },
    "change_unknown": {
        "en": "A refill request is placed for one branch, and I can't change its branch from here. If it "
        "wasn't requested for {where}, a pharmacist can help — ask me to transfer you to a pharmacist.",
        "he": "בקשת חידוש מוגשת לסניף אחד, ואין לי אפשרות לשנות את הסניף מכאן. אם הבקשה לא הוגשה {where}, "
        "הרוקחים בסניף יוכלו לעזור — אפשר לבקש ממני להעביר אתכם לרוקח/ת.",
    },
    "for": {"en": "{store}", "he": "לסניף {store}"},
    "at_pickup": {"en": "at {store}", "he": "בסניף {store}"},
    "elsewhere": {"en": "at another branch", "he": "בסניף אחר"},
    "elsewhere_unknown": {"en": "the branch you want", "he": "לסניף הרצוי"},
}


def _text(d: Dialogue, key: str, **values: str) -> str:
    return _TEXTS[key][d.lang].format(**values)


def _advice_from_taking_verb(d: Dialogue) -> bool:
    """Whether an advice reading came only from «לבוא לקחת» ("come take", i.e. collect): none without it.

    The pickup part is then answered (as is "where should I go to pick it up?", a question of logistics); the
    reply guard still adds the refusal to advise (it reads the verdict of the whole message), so nothing is
    taken away from the safety rules.
    """
    p = d.parsed
    if not (d.turn.verdict.is_advice or p.intent == "advice") or not _COME_TAKE.search(p.norm):
        return False
    return not classify(_COME_TAKE.sub(" לאסוף ", p.norm), d.lang).is_advice


def _asks(d: Dialogue) -> bool:
    """A question about collecting a refill (where, when, at which branch), with nothing else to put first.

    ("the other branch", «בסניף השני», reads as a position too: that is a branch, not "the second one".)
    """
    p, verdict = d.parsed, d.turn.verdict
    if not (PICKUP.search(p.norm) or _COME_TAKE.search(p.norm) or _READY.search(p.norm)):
        return False
    if (p.refs and not p.other_store) or verdict.red_flags or verdict.symptom or c.SYMPTOM_WORDS.search(p.norm):
        return False
    if verdict.kind == "personal_dosage" or (p.intent in _OWN and not _advice_from_taking_verb(d)):
        return False  # "when can I pick it up and how many a day?": refused as always; a handoff: its own flow
    if verdict.is_advice and not (PICKUP.search(p.norm) or _advice_from_taking_verb(d)):
        return False  # "should I wait until it's ready?": the refusal to advise
    if c.TAKING.search(_COME_TAKE.sub(" ", PICKUP.sub(" ", p.norm))):
        return False  # "can I take it with Advil?": its own question («לבוא לקחת» is collecting, not taking)
    return not c.HOURS.search(p.norm) and not c.HOURS_ASK.search(p.norm)


def _targets(d: Dialogue, items: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The pending refills asked about: the one named, else the one just talked about, else every one on file."""
    p = d.parsed
    pending = [item for item in items if item.get("refill_pending")]
    if p.meds:
        named = [item for item in pending if any(item.get("med_id") in group for group in p.meds)]
        return named if len(named) == len(p.meds) else []  # another medication named: a question of its own
    talked = {str(i) for ref in d.state.last_refs for i in ref.ids}
    if d.state.last_intent in ("refill_request", "refill_status", "prescriptions") and talked:
        thread = [item for item in pending if item.get("med_id") in talked]
        if thread:
            return thread[:1]
    return pending[:_MAX]


def _stores_asked(d: Dialogue) -> list[str]:
    """The branches the message asks about (named, "the other branch", or "there"), by id."""
    p = d.parsed
    named = [sid for sid, pattern in c.STORES.items() if pattern.search(p.norm)]
    if p.store and (named or p.other_store or c.THERE.search(p.norm)):
        return [p.store]
    return sorted(named)


def _store_of(d: Dialogue, med_id: Any) -> str:
    return next((item.store for item in d.state.refill_meds if item.id == med_id and item.store), "")


def _stock_line(d: Dialogue, med_id: str, store_id: str) -> str:
    result = d.call("inventory_check", med_id=med_id, store_id=store_id)
    matches = [m for m in result.envelope.get("matches") or [] if isinstance(m, dict)] if result.ok else []
    if len(matches) != 1:
        return d.error_text(result) if not result.ok else ""  # not read: never said to have it or not
    store = str((result.envelope.get("store") or {}).get("name") or store_id)
    return flows_catalog.stock_line(d, matches[0], store)


def _said_in_stock(d: Dialogue, med_id: str, since: int) -> set[str]:
    """The branches already said to have ``med_id`` in this reply (checked after call number ``since``)."""
    said: set[str] = set()
    for result in d.turn.tools.results[since:]:
        arguments = result.arguments if isinstance(result.arguments, dict) else {}
        if result.name != "inventory_check" or not result.ok or arguments.get("med_id") != med_id:
            continue
        matches = [m for m in result.envelope.get("matches") or [] if isinstance(m, dict)]
        if len(matches) == 1 and matches[0].get("in_stock"):
            said.add(str(arguments.get("store_id")))
    return said


def _store_name(d: Dialogue, store_id: str) -> str:
    for result in reversed(d.turn.tools.results):
        store = result.envelope.get("store") if isinstance(result.envelope, dict) else None
        if isinstance(store, dict) and store.get("store_id") == store_id and store.get("name"):
            return str(store["name"])
    return ""  # not read this turn: the branch is not named rather than shown by its id


def _change_line(d: Dialogue, med_id: Any, asked: list[str]) -> None:
    """ "can I pick it up in Jerusalem instead?": one branch per request, no way to move it here, who can."""
    p = d.parsed
    current = _store_of(d, med_id)
    wanted = asked[0] if asked else None
    name = _store_name(d, wanted) if wanted else ""
    if name and name == current:
        return  # that is the branch it goes to already: the status line says so
    can = _CAN.search(p.norm) and (PICKUP.search(p.norm) or _COME_TAKE.search(p.norm)) and wanted is not None
    if not (_CHANGE.search(p.norm) or can):
        return
    if current:
        where = _text(d, "at_pickup", store=name) if name else _text(d, "elsewhere")
        d.add(_text(d, "change", where=where))
    else:
        where = _text(d, "for", store=name) if name else _text(d, "elsewhere_unknown")
        d.add(_text(d, "change_unknown", where=where))


def answer(d: Dialogue) -> bool:
    """Answer a question about collecting a pending refill (where, when, another branch), with any stock asked.

    Args:
        d: The turn (signed in; no refill waiting for its "yes").

    Returns:
        True when the message was answered here.
    """
    if not d.identified or d.state.refill is not None or not _asks(d):
        return False
    items = flows_rx.load_items(d)
    if not items:
        return False  # nothing on file (or unread, said so): the normal flows answer
    targets = _targets(d, items)
    if not targets:
        return False  # no refill pending for it: its refill status or its stock, as usual
    asked = _stores_asked(d)
    # A stock question with no branch of its own ("is it in stock?", "is it in stock there?"): every branch.
    stock = asked or (sorted(c.STORES) if c.AVAILABILITY.search(d.parsed.norm) else [])
    for item in targets:
        med_id = str(item.get("med_id") or "")
        rx = RxItem(presc_id=item.get("presc_id"), med_id=med_id, name=item.get("display_name"))
        before = len(d.turn.tools.results)
        flows_rx.verify_and_continue(d, rx, request=False)  # being prepared: its branch (if known) and date
        said = _said_in_stock(d, med_id, before)  # "where?", its branch unknown: the branches that have it
        lines = [_stock_line(d, med_id, store_id) for store_id in stock if store_id not in said]
        _change_line(d, med_id, asked)  # first: the answer to "can I collect it there instead?", then the stock
        for line in lines:
            d.add(line)
    d.parsed.intent = "refill_status"  # the thread goes on: "and in Jerusalem?" asks the same
    return True
