"""One of a signed-in patient's own prescriptions named by what it is for, never by its name.

- "hi, i need my thyroid med refilled", «התרופה שלי לבלוטת התריס», "and the cholesterol one?", «וזה של
  הסוכרת?»: when exactly one of the patient's prescriptions is for that purpose, that one (its refill, its
  refill status, its line, its stock — as the message asks); when none or several are, the list, to choose
  from. A greeting before the request changes nothing: the request is answered.

The purpose map covers the active ingredients of the demo catalog only, and is read only to choose among the
patient's own prescriptions: it never picks a product for a condition ("what do you have for cholesterol?" is
the policy's refusal, as always). A red flag, a symptom, a question about taking something, or someone else's
prescription keeps its own flow.
"""

from __future__ import annotations

import re
from typing import Any

from pharmai.agent.engines.offline import _cues as c
from pharmai.agent.engines.offline import flows_catalog, flows_rx, rx_order, rx_person
from pharmai.agent.engines.offline._purposes import PURPOSES, names_purpose_at, purpose_ingredients
from pharmai.agent.engines.offline.dialogue_state import MedRef
from pharmai.agent.engines.offline.state import Dialogue
from pharmai.policy._ordinary_use import asks_for_own_medication

__all__ = ["answer"]

# A word that the medication meant is the patient's own ("my", «שלי»), or one already in play ("the … one",
# «התרופה ל…», «זה של…»).
_OWN = re.compile(
    r"\bmy\b|\bmine\b|\bthe (?:\w+ ){0,3}(?:one|ones|med|meds|medicine|medication|pills|tablets|prescription|"
    r"script|refill)\b|\bones? for\b"
    + "|"
    + c.PREFIX
    + "(?:"
    + "|".join(
        c.normalize(w)
        for w in ("שלי", "התרופה", "התרופות", "הכדור", "הכדורים", "המרשם", "המרשמים", "זה של", "זאת של", "ההוא של")
    )
    + r")(?=\s|$)"
)
# Asking what the pharmacy has for a condition ("something for my heartburn?"): a recommendation, never ours.
_SHOPPING = c.cues(
    "something", "anything", "recommend", "suggest", "good for", "best", "what should", "what can i take",
    "what do you have", "what do you sell", "do you have", "do you sell", "is there", "should i",
    "משהו", "תמליץ", "תמליצי", "ממליץ", "ממליצה", "מה כדאי", "מה טוב", "מה מומלץ", "יש לכם", "מה יש לכם", "כדאי",
)  # fmt: skip
_REQUEST = c.cues("refill", "refilled", "renew", "renewed", "reorder", "re order", "order", "need more", "more of")
_STATUS_ASKED = c.cues("status", "expire", "expires", "expiry", "valid", "סטטוס", "תוקף", "בתוקף", "פג", "יפוג")
_REFILL = ("refill_status", "refill_request")


def _quiet(d: Dialogue, norm: str) -> bool:
    verdict = d.turn.verdict
    if verdict.red_flags or c.TAKING.search(norm) or _SHOPPING.search(norm):
        return False
    # "my pain meds": the purpose's own word is no symptom; any other symptom word keeps its referral.
    return not c.SYMPTOM_WORDS.search(_without_purposes(norm))


def _without_purposes(norm: str) -> str:
    for pattern, _ in PURPOSES:
        norm = pattern.sub(" ", norm)
    return norm


_OF = re.compile(r"(?:^|(?<=\s))של\s+")


def _without_purpose_owners(norm: str) -> str:
    """«המרשם של מדלל הדם» without the «של» that names a purpose (so no one is read as its owner)."""
    kept = [m for m in _OF.finditer(norm) if not names_purpose_at(norm[m.end() :])]
    drop = [m for m in _OF.finditer(norm) if m not in kept]
    for m in reversed(drop):
        norm = norm[: m.start()] + norm[m.end() :]
    return _without_purposes(norm)


def _purpose_read_as_person(d: Dialogue) -> bool:
    """«המרשם של הכולסטרול» ("the cholesterol prescription") read as someone's: only the purpose followed "של"."""
    p = d.parsed
    if not c.OTHER_HE.search(p.norm) or c.OTHER_HE.search(_without_purpose_owners(p.norm)):
        return False
    return not rx_person.about_someone_else(d)


def _matching(items: list[dict[str, Any]], ingredients: tuple[str, ...]) -> list[dict[str, Any]]:
    return [i for i in items if any(x in str(i.get("display_name") or "").lower() for x in ingredients)]


def answer(d: Dialogue) -> bool:
    """ "hi, I need my thyroid med refilled", "and the cholesterol one?": that prescription of the patient's.

    Args:
        d: The turn.

    Returns:
        True when answered here.
    """
    p = d.parsed
    if p.meds or p.refs or p.store or p.place or p.other_store:
        return False
    if not d.identified:
        return _signed_out(d)
    if p.intent in ("code", "identity", "handoff", "complaint") or c.OTHER_EN.search(p.text):
        return False
    if p.intent == "other_rx" and not _purpose_read_as_person(d):
        return False
    if p.intent != "other_rx" and rx_person.about_someone_else(d):
        return False  # "my husband's diabetes one": someone else's, whatever the reading
    ingredients = purpose_ingredients(p.norm)
    if ingredients is None or not _OWN.search(p.norm):
        return _greeted_own(d)
    # "the usual cholesterol meds please" is read as asking for a product by its use: it is one's own, asked again.
    advice = d.turn.verdict.is_advice and not (_REQUEST.search(p.norm) or asks_for_own_medication(p.text))
    if not _quiet(d, p.norm) or advice:
        return False
    items = flows_rx.load_items(d)
    if items is None:
        return True  # not read (said so)
    mine = _matching(items, ingredients)
    if len(mine) != 1:
        p.intent = "prescriptions"  # none or several for that purpose: the list, to choose from
        flows_rx.prescriptions(d)
        return True
    _go(d, mine[0])
    return True


def _go(d: Dialogue, item: dict[str, Any]) -> None:
    """The one prescription meant: asked what the message asks (else what the thread was asking)."""
    p = d.parsed
    med_id = str(item.get("med_id") or "")
    p.meds = [(med_id,)]
    p.names = {(med_id,): str(item.get("display_name") or "")}
    if rx_order.asked_for_stock(p.norm):
        p.intent = "availability"
        flows_catalog.availability(d, [MedRef(ids=[med_id], q=str(item.get("display_name") or ""))])
        return
    if _STATUS_ASKED.search(p.norm) and not _REQUEST.search(p.norm):
        p.intent = "prescriptions"
        flows_rx.prescriptions(d)
        return
    asked = bool(_REQUEST.search(p.norm) or c.REFILL_REQUEST.search(p.norm) or rx_order.ORDER.search(p.norm))
    status_only = bool(c.REFILL_STATUS.search(p.norm)) and not c.REFILL_REQUEST.search(p.norm)
    request = (asked or d.state.last_intent == "refill_request") and not status_only
    p.intent = "refill_request" if request else "refill_status"
    flows_rx.refill(d, request=request)


def _greeted_own(d: Dialogue) -> bool:
    """ "hi, I need my blood pressure med": a greeting says nothing of the request, which is answered."""
    p = d.parsed
    if p.intent not in ("greeting", "thanks") or not _quiet(d, p.norm) or d.turn.verdict.is_advice:
        return False
    return rx_order.own_by_use(d)


def _signed_out(d: Dialogue) -> bool:
    """ "i need more of my thyroid pills" before signing in: one's own prescription asked for, so the sign-in first.

    The model hears a symptom or advice in what the pills are for; the request is the one "refill my thyroid
    pills" makes, and after the code it goes on as that refill.
    """
    p = d.parsed
    if p.intent in ("code", "identity", "handoff", "complaint", "other_rx") or c.OTHER_EN.search(p.text):
        return False
    if rx_person.about_someone_else(d) or not asks_for_own_medication(p.text) or not _quiet(d, p.norm):
        return False
    p.intent = "refill_request"
    flows_rx.refill(d, request=True)
    return True
