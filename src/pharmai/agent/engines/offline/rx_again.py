"""Once more: "do another one", "same again", "תעשה עוד אחד", "עוד פעם אותו דבר", with nothing else said.

Right after a refill (requested, or checked), such a message asks for a refill once more:

- "another one": another prescription that can be refilled now, when there is one (its usual offer and the
  confirmation), or which of them, when there are several (:mod:`.rx_which`); with none left, the same one;
- "same again": the same prescription. A refill of it is already being prepared, so its refill flow says so,
  with the refills left (the tool would hand back the pending request, never a second one); when none is
  pending, the usual offer and its confirmation.

Anywhere else such a message names nothing to do again: one short question (another what?), never the
out-of-scope line and never a lookup of "another" as a medication name.
"""

from __future__ import annotations

import re
from typing import Any

from pharmai.agent.engines.offline import flows_rx, rx_which
from pharmai.agent.engines.offline.dialogue_state import RxItem
from pharmai.agent.engines.offline.state import Dialogue
from pharmai.text.normalize import normalize

__all__ = ["answer"]

_REFILL_THREAD = ("refill_request", "refill_status")
# Threads where "another one?" asks for the next item of what was listed: those flows keep it.
_LISTED = ("equivalents", "list")
# The words that ask for once more (at least one must be said).
_AGAIN = re.compile(
    r"\b(?:another|again|one more|once more|repeat|same)\b|(?:^|\s)ו?(?:עוד|שוב|נוספ|נוספת|אותו דבר)(?:\s|$)"
)
# "same again", "אותו דבר": the same prescription, not the next one.
_SAME = re.compile(r"\bsame\b|\bthat one\b|(?:^|\s)(?:אותו|אותה)(?:\s|$)")
# Every other word such a message may hold: a verb of doing, "please", "one", "time" (nothing that names a thing).
_WORDS = frozenset(
    normalize(
        "do make it one the a same thing time more another again once repeat please pls plz can you could would "
        "i want need lets let's ok okay yes sure now also just go ahead for me another order "
        "עוד שוב פעם נוספת נוסף אחד אחת אותו אותה דבר את זה תעשה תעשי תעשו לעשות תזמין תזמיני להזמין בבקשה "
        "לי כן אפשר רוצה צריך צריכה גם אוקיי בסדר טוב יאללה עכשיו"
    ).split()
)
_MAX_WORDS = 7

_TEXTS = {
    "another_what": {
        "en": "Another what, exactly? Tell me the medication, and whether you'd like its stock checked or a "
        "prescription refilled.",
        "he": "עוד מה בדיוק? כתבו לי את שם התרופה, והאם לבדוק את המלאי שלה או לחדש מרשם.",
    },
}


def _asks_again(d: Dialogue) -> bool:
    """The message says only "once more" (no name, no number, no question of its own)."""
    p, verdict = d.parsed, d.turn.verdict
    if verdict.red_flags or verdict.is_advice or p.meds or p.refs or p.store or p.place or p.other_store:
        return False
    words = re.sub(r"[^\w\s']", " ", p.norm).split()
    if not words or len(words) > _MAX_WORDS or not _AGAIN.search(p.norm):
        return False
    return all(word in _WORDS for word in words)


def answer(d: Dialogue) -> bool:
    """Answer "do another one" / "תעשה עוד אחד" from the thread (see the module docstring).

    Args:
        d: The turn.

    Returns:
        True when the message was answered here.
    """
    if not _asks_again(d):
        return False
    last = d.state.last_intent
    if last in _LISTED:
        return False
    if last not in _REFILL_THREAD:
        d.add(_TEXTS["another_what"][d.lang])
        d.parsed.intent = "followup"
        return True
    d.parsed.intent = "refill_request"  # the thread goes on: "and another one" after this is a refill too
    if not d.identified:
        flows_rx.refill(d, request=True)  # signs in first, then the refill
        return True
    items = flows_rx.load_items(d)
    if items is None:
        return True  # not read just now (said so): nothing may be concluded
    same = _last_refilled(d, items)
    waiting = d.state.refill.presc_id if d.state.refill is not None else None
    done = {waiting, same.presc_id if same is not None else None}
    ready = [i for i in items if i.get("can_refill") and not i.get("refill_pending") and i.get("presc_id") not in done]
    if same is not None and (_SAME.search(d.parsed.norm) or not ready):
        flows_rx.verify_and_continue(d, same, request=True)  # a refill already being prepared is said so
    elif ready:
        rx_which.ask(d, ready, "refill_request", lambda item: flows_rx.verify_and_continue(d, item, request=True))
    else:
        rx_which.ask(d, items, "refill_request", lambda item: flows_rx.verify_and_continue(d, item, request=True))
    return True


def _last_refilled(d: Dialogue, items: list[dict[str, Any]]) -> RxItem | None:
    """The prescription of the refill just requested (else of the medication the thread is about)."""
    meds = [m.id for m in reversed(d.state.refill_meds)] + [i for r in d.state.last_refs for i in r.ids]
    for med_id in meds:
        for item in items:
            if item.get("med_id") == med_id:
                return RxItem(
                    presc_id=str(item.get("presc_id") or "") or None,
                    med_id=str(med_id),
                    name=str(item.get("display_name") or "") or None,
                )
    return None
