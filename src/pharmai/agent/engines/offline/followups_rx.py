"""Follow-ups of a prescription thread, and of the refusal to show someone else's prescriptions.

- "and the Coumadin?" / "ומה עם הליפיטור?" / "what about the tramadex" right after a refill or a prescription
  answer (signed in): the same question about that prescription (its refill, its refill status, its line),
  never the product's leaflet. A medication the person has no prescription for is left to the normal flow.
- "when does it expire?" / "מה תאריך התפוגה?" after a prescription answer: the expiry of that prescription
  (the medication the message names, else the one just checked), never a lookup of "does expire" as a name.
- "where do I pick it up?" / "מתי אפשר לאסוף?" right after a refill: that refill's status (being prepared).
- after "I can only show your own prescriptions": "her name is …", "she can't come, she's at work", "so what
  can I do?", "ok never mind" → what can be done (that person signs in themselves, the branch, a pharmacist),
  with no tool call and nothing about that person. A complaint or a question about taking something is a
  question of its own and keeps its own answer (a referral or the refusal to advise).

State read: ``last_intent``, ``last_refs`` (see :mod:`.dialogue_state`).
"""

from __future__ import annotations

from pharmai.agent.engines.offline import _cues as c
from pharmai.agent.engines.offline import flows_rx, rx_continue, rx_next_steps
from pharmai.agent.engines.offline.state import Dialogue

__all__ = ["answer", "continues_someone_else"]

_RX = ("prescriptions", "refill_status", "refill_request")
# Readings of a message that names a medication and asks nothing of its own ("and the Coumadin?").
_BARE = ("medication", "followup", "unknown")
# Readings of an expiry question the model may give it ("what's the expiry date?" reads as a leaflet question).
_EXPIRY_READINGS = ("medication", "followup", "unknown", "info")
# Readings of "where do I pick it up?" the model may give it (it reads a stock question into "pick up").
_PICKUP_READINGS = ("unknown", "followup", "availability", "info", "refill_status")
# Readings of a message about the other person the model may give it ("she can't come, she's at work" reads as a
# symptom, "so what do we do?" as a request for advice or for help).
_ABOUT_SOMEONE = ("unknown", "followup", "symptom", "advice", "help")
# "she's right here, she says it's fine": that person's presence or consent, offered instead of her own sign-in.
_CONSENT = c.cues(
    "right here", "here with me", "next to me", "with me now", "she says", "he says", "they say", "she said",
    "he said", "its fine", "it's fine", "it is fine", "she agrees", "he agrees", "she's ok", "he's ok",
    "permission", "she allows", "he allows", "she approved", "he approved", "on her behalf", "on his behalf",
    "היא פה", "היא כאן", "הוא פה", "הוא כאן", "לידי", "איתי", "היא אומרת", "הוא אומר", "היא מסכימה", "הוא מסכים",
    "זה בסדר", "יש לי אישור", "היא מרשה", "הוא מרשה", "באישור", "בשמה", "בשמו",
)  # fmt: skip


def continues_someone_else(d: Dialogue) -> bool:
    """Whether the message goes on about the person whose prescriptions were just refused.

    Args:
        d: The turn (``d.state.last_intent`` is still the previous turn's request).

    Returns:
        True for a message after "I can only show your own prescriptions" that names no medication, gives no
        email, phone or code, raises no red flag and asks nothing of its own: a name, why that person cannot
        come, "so what can I do?", "ok never mind".
    """
    p, verdict = d.parsed, d.turn.verdict
    if d.state.last_intent != "other_rx" or p.meds or p.identifier or p.code or p.refs or p.store or p.place:
        return False
    if verdict.red_flags or p.intent not in _ABOUT_SOMEONE:
        return False
    if c.SYMPTOM_WORDS.search(p.norm) or c.TAKING.search(p.norm):
        return False  # "what can she take for her headache?": its own question, referred or refused as always
    # "so what can I do?" reads as a request for advice; it asks what can be done about the records. So does
    # "she's right here, she says it's fine": her consent, which still does not sign her in.
    return not verdict.is_advice or bool(c.WHAT_NOW.search(p.norm) or _CONSENT.search(p.norm))


def _someone_else(d: Dialogue) -> bool:
    if not continues_someone_else(d):
        return False
    d.say("own_rx_ways")  # no tool: nothing of that person is looked up, not even by the name given
    return True


def _named_prescription(d: Dialogue, last: str) -> bool:
    """ "and the Coumadin?" after a refill: that prescription, asked the same thing (when it is on file)."""
    p, verdict = d.parsed, d.turn.verdict
    if last not in _RX or not p.meds or p.refs or p.store or p.place or p.facets:
        return False
    if c.INTERACTION.search(c.WHAT_ABOUT.sub(" ", p.norm)):
        return False  # "and with Coumadin?": an interaction question ("ומה עם…" is only "what about…")
    if p.intent not in _BARE or verdict.red_flags or verdict.is_advice or verdict.symptom:
        return False
    on_file = flows_rx.named_on_file(d)
    if on_file is None:
        return True  # the prescriptions could not be read: the reply says so, and concludes nothing
    if not on_file:
        return False  # no prescription for it: the normal flow answers about the product
    if last == "prescriptions":
        flows_rx.prescriptions(d)  # that prescription's line: status, expiry, refills left
    else:
        flows_rx.refill(d, request=last == "refill_request")
    return True


def _expiry(d: Dialogue, last: str) -> bool:
    """ "when does it expire?" after a prescription answer: that prescription's line, with its expiry date."""
    p, verdict = d.parsed, d.turn.verdict
    if last not in _RX or p.refs or p.intent not in _EXPIRY_READINGS or not c.RX_EXPIRY.search(p.norm):
        return False
    if verdict.red_flags or verdict.is_advice:
        return False
    if not p.meds:
        talked = [ref for ref in d.state.last_refs if ref.ids][:1]
        p.meds = [tuple(ref.ids) for ref in talked]  # none talked about: the whole list, each with its date
    flows_rx.prescriptions(d)
    d.state.last_intent = "prescriptions"  # "and the Tramadex?" next asks the same of that one
    return True


def _pickup(d: Dialogue, last: str) -> bool:
    """ "where do I pick it up?" / "מתי אפשר לאסוף?" right after a refill: that refill's status, never a name lookup."""
    p, verdict = d.parsed, d.turn.verdict
    if last not in ("refill_request", "refill_status") or p.names_a_target:
        return False
    if p.intent not in _PICKUP_READINGS or not c.RX_PICKUP.search(p.norm):
        return False
    if verdict.red_flags or verdict.is_advice or verdict.symptom or not any(r.ids for r in d.state.last_refs):
        return False
    flows_rx.refill(d, request=False)  # being prepared (and where), or why it cannot be refilled
    return True


def answer(d: Dialogue, last: str) -> bool:
    """Answer ``d`` as a follow-up of a prescription thread or of someone else's refused records, if it is one.

    Args:
        d: The turn.
        last: The request the previous turn answered (``d.state.last_intent``).

    Returns:
        True when the message was answered here.
    """
    return (
        _someone_else(d)
        or _expiry(d, last)
        or _named_prescription(d, last)
        or _pickup(d, last)
        or rx_continue.progress(d, last)  # "did it go through?", "זה עבר?": the refill's status
        or rx_next_steps.thread(d, last)  # "how do I get a new one?", "I already did? when?", "it came back"
    )
