"""What comes next in a prescription thread: a new prescription, a pending refill, "can I get more X?".

- "how do I get a new one?", "so what do I do?", "and after that?", "אז מה עושים?", "ואחרי זה?" right after a
  refill answer (expired, no refills left, one refill left): what to do next for that prescription — a new
  prescription from the doctor, which the pharmacy can then fill — never the refusal to advise (no medication
  is chosen for anyone) nor a name lookup of "איך משיגים".
- "I already did? when?", "כבר ביקשתי? מתי?" after "a refill is already being prepared": that refill again,
  with its date as on file.
- "it's for the same infection, it came back" after a refill answer: see the doctor (no diagnosis, no advice).
- "can I get more Klacid?" / "I ran out of my Glucophage" from a signed-in patient with a prescription for it:
  a refill question (which knows whether a doctor is needed), not a stock count.
- "the Glucophage one" / "זה של הגלוקופאג'" after "which prescription?": that prescription.

A message with a symptom, a red flag or a question about taking something keeps its own flow (a referral, the
urgent-care text, the refusal to advise): nothing here weakens them.
"""

from __future__ import annotations

from pharmai.agent.engines.offline import _cues as c
from pharmai.agent.engines.offline import flows_catalog, flows_rx, rx_more, rx_order
from pharmai.agent.engines.offline.state import Dialogue
from pharmai.agent.engines.offline.texts import format_date, refills_after, refills_left, say

__all__ = ["answers_which_rx", "more_of_own", "thread"]

_RX = ("prescriptions", "refill_status", "refill_request")
_REFILL = ("refill_status", "refill_request")
# "how do I get a new one?", "and after that?": what to do next about the prescription just checked.
_NEXT_STEP = c.cues(
    "what can i do", "what do i do", "what should i do", "what now", "so what", "then what", "what next",
    "whats next", "what's next", "next step", "next steps", "what are my options", "my options", "and after that",
    "after that", "and then", "what happens after", "what happens then", "what happens next",
    "new one", "new prescription", "new script", "a new rx", "another prescription", "renew the prescription",
    "get a prescription", "how do i get", "how can i get", "how do i renew", "how can i renew",
    "מה עושים", "מה אפשר לעשות", "מה לעשות", "מה עכשיו", "אז מה", "מה אני עושה", "מה האפשרויות", "מה הלאה",
    "מה השלב הבא", "ואחרי זה", "אחרי זה", "ומה אחר כך", "אחר כך", "מרשם חדש", "מרשם אחר", "איך משיגים",
    "איך מקבלים", "איך להשיג", "איך לקבל", "איך אני משיג", "איך אני משיגה", "איך אני מקבל", "איך אני מקבלת",
)  # fmt: skip
# "I already did? when?": whether (and when) a refill already asked for stands.
_PENDING_ASK = c.cues(
    "already", "when", "how long", "did i", "didn't i", "didnt i", "i did", "i asked", "i requested",
    "כבר", "מתי", "כמה זמן", "ביקשתי", "הזמנתי", "הגשתי",
)  # fmt: skip
# "it came back", "the same infection again": a complaint returning, for the doctor.
_CAME_BACK = c.cues(
    "came back", "come back", "coming back", "back again", "same infection", "same problem", "again",
    "didn't help", "didnt help", "not better", "still sick",
    "חזר", "חזרה", "חוזר", "חוזרת", "שוב", "לא עזר", "לא עברה", "לא עבר",
)  # fmt: skip
# Readings "can I get more X?" is given (the model reads a stock question into "can I get").
# ("עוד קלסיד", "more Klacid", may read as "another one": its equivalents, unless an equivalent is asked for).
_MORE_READINGS = ("availability", "info", "medication", "unknown", "followup", "equivalents")


def _quiet(d: Dialogue) -> bool:
    """No red flag, no word of a symptom, no question about taking something: nothing another flow must answer.

    The model's own symptom guess is not enough to leave the thread: it guesses one for short questions it
    cannot place ("and after that?", "אז מה עושים?"); a word of a complaint in the message is.
    """
    p = d.parsed
    if d.turn.verdict.red_flags:
        return False
    return not (c.SYMPTOM_WORDS.search(p.norm) or c.TAKING.search(p.norm))


def _talked(d: Dialogue) -> bool:
    return any(ref.ids for ref in d.state.last_refs)


def _next_step(d: Dialogue, last: str) -> bool:
    """ "how do I get a new one?" / "אז מה עושים?" after a refill answer: the way on for that prescription."""
    p = d.parsed
    if last not in _RX or p.names_a_target or not _talked(d):
        return False
    if not _NEXT_STEP.search(p.norm) or not _quiet(d):
        return False
    target = flows_rx.current_target(d)
    if target is None:
        return False
    name = str(target.name or target.presc_id)
    if d.turn.verdict.is_advice:
        d.say("rx_next_no_advice")  # read as a request for advice: none is given, only the way on
    result = d.call("prescription_verify", presc_id=target.presc_id, intent="refill")
    if not result.ok:
        d.add(d.error_text(result, name))
        return True
    env = result.envelope
    status = env.get("rx_status")
    refills = env.get("refills_remaining")
    if status == "refill_pending":
        flows_rx.verify_and_continue(d, target, request=False)  # being prepared: when, and what is left
    elif env.get("next_step") == "allow_refill_request" and isinstance(refills, int) and refills > 0:
        waiting = d.state.refill
        if waiting is not None and waiting.presc_id == target.presc_id:
            after = refills_after(d.lang, refills - 1)  # the refill just offered counts: then what is left
        else:
            after = say(d.lang, "rx_has_left", name=name, refills=refills_left(d.lang, refills))
        d.say("rx_next_after", after=after, date=format_date(d.lang, env.get("expires_at")))
    else:
        d.say("rx_next_new", name=name)  # expired, completed, cancelled, no refills left
        rx_order.gap_note(d)  # "I have no pills for tomorrow": a pharmacist can advise on the gap
    d.parsed.intent = last  # the thread goes on ("and the Losec?" next asks the same of that one)
    return True


def _pending_ask(d: Dialogue, last: str) -> bool:
    """ "I already did? when?" after a refill answer: that prescription's refill status again (its date)."""
    p, verdict = d.parsed, d.turn.verdict
    if last not in _REFILL or p.names_a_target or not _talked(d):
        return False
    if verdict.is_advice or not _quiet(d) or not _PENDING_ASK.search(p.norm):
        return False
    if c.RX_EXPIRY.search(p.norm) or c.RX_PICKUP.search(p.norm):
        return False  # "how long is it valid?", "when can I pick it up?": their own answers
    flows_rx.refill(d, request=False)
    d.parsed.intent = "refill_status"
    return True


def _came_back(d: Dialogue, last: str) -> bool:
    """ "it's for the same infection, it came back" after a refill answer: the doctor, never a name lookup."""
    p, verdict = d.parsed, d.turn.verdict
    if last not in _RX or p.meds or p.refs or not _talked(d) or verdict.red_flags:
        return False  # a red flag: the urgent-care text, which nothing here may replace
    if c.TAKING.search(p.norm):
        return False  # "can I take something for it?": the refusal to advise, as always
    if not (_CAME_BACK.search(p.norm) and (c.SYMPTOM_WORDS.search(p.norm) or verdict.symptom)):
        return False
    d.say("rx_back_to_doctor")
    return True


def thread(d: Dialogue, last: str) -> bool:
    """Answer ``d`` as the next step of a prescription thread, if it is one.

    Args:
        d: The turn.
        last: The request the previous turn answered.

    Returns:
        True when the message was answered here.
    """
    return _came_back(d, last) or _next_step(d, last) or _pending_ask(d, last)


def more_of_own(d: Dialogue) -> bool:
    """ "can I get more Klacid?" from a signed-in patient with a prescription for it: its refill, not stock.

    Anyone else (or a product with no prescription on file) gets the stock, also when the model read "more"
    as "another one" (its equivalents).

    Args:
        d: The turn (read as a catalog question).

    Returns:
        True when the message was answered here (the refill, or the stock "another one" was read into).
    """
    p = d.parsed
    if p.intent in _MORE_READINGS and (rx_order.status_of_own(d) or rx_order.order_own(d) or rx_order.not_received(d)):
        return True  # "what's the status of my metformin one?", "I want to order Plavix": the prescription's
    if not p.meds or len(p.meds) != 1 or p.store or p.place or p.facets:
        return False
    if p.intent not in _MORE_READINGS or not rx_more.MORE.search(p.norm) or rx_order.asked_for_stock(p.norm):
        return False  # "is there more Klacid in stock?" asks about the stock
    if p.intent == "equivalents" and (c.EQUIVALENT.search(p.norm) or c.INDEFINITE.search(p.norm)):
        return False  # "is there another one like Klacid?", "יש עוד משהו כמו…?": its equivalents
    if d.turn.verdict.red_flags or d.turn.verdict.is_advice or c.TAKING.search(p.norm):
        return False  # "can I take more Klacid?" is a dose question, refused as always
    if d.identified and flows_rx.named_on_file(d):
        p.intent = "refill_request"
        flows_rx.refill(d, request=True)
        return True
    if p.intent == "equivalents":
        # "אפשר לקבל עוד אקמול?" read as "another one": more of it, so its stock (as for anyone).
        flows_catalog.availability(d, None)
        p.intent = "availability"
        return True
    return False  # no prescription for it: the stock answer, as for anyone


def answers_which_rx(d: Dialogue) -> bool:
    """Whether "the Glucophage one" / "זה של הגלוקופאג'" answers "which prescription?" (one of the person's).

    The model may read "זה של…" ("it's the … one") as a question about the product; with no facet asked and
    no stock word, a name of a prescription on file is the answer to the question just asked.
    """
    p = d.parsed
    if not p.meds or p.facets or p.intent not in ("info", "availability"):
        return False
    if c.AVAILABILITY.search(p.norm):
        return False
    return bool(flows_rx.named_on_file(d))
