"""Which of a signed-in patient's prescriptions, asked after one of them was checked.

- "what can I refill then?", «מה כן אפשר לחדש?»: those that can be refilled now (each out-of-stock one
  said so), never the refusal of the one just checked again; only one: its refill, at once.
- "refill the other one then", «אז את השני»: the patient's other prescription (of two), or, of several,
  which of the others can be refilled now — never the one just refused again.
- "what do I have then?", «אז מה יש לי?» right after a prescription answer: the prescriptions on file. After a
  symptom (or anywhere else) it stays the refusal to diagnose.
- "whats up with my amoxicillin one, is it in yet?": the stock of the patient's own prescription medication
  (and that prescription's line), never the product's label.

A red flag, a word of a symptom or of taking something keeps its own flow.
"""

from __future__ import annotations

import re
from typing import Any

from pharmai.agent.engines.offline import _cues as c
from pharmai.agent.engines.offline import flows_catalog, flows_rx, rx_order, rx_which
from pharmai.agent.engines.offline.dialogue_state import MedRef, RxItem, WhichRx
from pharmai.agent.engines.offline.state import Dialogue
from pharmai.agent.engines.offline.texts import join_names
from pharmai.nlu import spans_of
from pharmai.policy.classifier import read

__all__ = ["advice_by_rule", "answer"]

_RX = ("prescriptions", "refill_status", "refill_request")
# "what can I refill?", "which ones can be renewed", «מה כן אפשר לחדש», «אילו מרשמים ניתן לחדש».
_WHICH_REFILLABLE = re.compile(
    r"\b(?:what|which)\b(?:\s\S+){0,4}?\s(?:can|could|may)\b(?:\s\S+){0,3}?\s(?:refill|refilled|renew|renewed)\b"
    r"|\b(?:what|which)\b(?:\s\S+){0,4}?\s(?:is|are)\s(?:still\s)?(?:refillable|renewable|eligible)\b"
    r"|\b(?:anything|any)\b(?:\s\S+){0,2}?\s(?:i|we)\s(?:can|could)\s(?:refill|renew)\b"
    r"|\b(?:what|which)\b(?:\s\S+){0,3}?\s(?:am i|are we) (?:able|allowed) to (?:refill|renew)\b"
    r"|(?:^|\s)[וא]?(?:מה|איזה|אילו|איזו|אז מה)\s(?:\S+\s){0,3}?(?:אפשר|ניתנ|ניתן|יכול|יכולה|אוכל|מותר)"
    r"\s(?:\S+\s){0,1}?(?:לחדש|לחידוש)(?=\s|$)"
)
# "the other one", «השני», «האחרת»: the prescription that is not the one just talked about.
_OTHER = re.compile(
    r"\bthe other\b|\bother (?:one|prescription|med|medication|medicine|pills)\b"
    + "|"
    + c.PREFIX
    + r"(?:השני|השניה|השנייה|האחר|האחרת|האחרימ|האחרות)(?=\s|$)"
)
# "what do I have (then)?", «אז מה יש לי?», «מה רשום לי?»: what is on file, asked right after a prescription answer.
_WHAT_I_HAVE = re.compile(
    r"\bwhat (?:else )?(?:do|did) i (?:even |actually )?(?:have|got)\b|\bwhat have i got\b"
    r"|\bwhat(?:s| is) (?:on file|on my (?:account|file|record|profile))\b"
    r"|(?:^|\s)[וא]?(?:מה|אז מה)\s(?:כנ\s|כן\s|בכלל\s)?(?:יש לי|רשומ לי|רשום לי|יש עליי|יש על שמי)(?=\s|$)"
)
_WHAT_I_HAVE_WORDS = 9
# "is it in yet?", "did it arrive?", «הגיע?», «חזר למלאי?»: whether stock has come in.
_IN_YET = c.cues(
    "in yet", "is it in", "come in", "came in", "arrived", "arrive", "back in", "back yet", "restocked",
    "הגיע", "הגיעה", "הגיעו", "חזר", "חזרה", "נכנס", "כבר יש", "יש כבר",
)  # fmt: skip
_MY = c.cues("my", "mine", "שלי")
_TEXTS = {
    "ready": {
        "en": "These of your prescriptions can be refilled now: {names}. Which one would you like to refill?",
        "he": "אלה המרשמים שלך שאפשר לחדש כרגע: {names}. איזה מהם לחדש?",
    },
    "only": {
        "en": "Of your prescriptions, only {name} can be refilled now.",
        "he": "מבין המרשמים שלך, רק את {name} אפשר לחדש כרגע.",
    },
    "out": {"en": "{name} (out of stock at this branch right now)", "he": "{name} (כרגע אזל במלאי בסניף)"},
    # "what do I have?" read as a question for a diagnosis: none is given, and the records are what is meant.
    "no_diagnosis": {
        "en": "I can't diagnose a condition, but here is what you have on file:",
        "he": "אין באפשרותי לאבחן מצב רפואי, אבל זה מה שרשום על שמך:",
    },
}


def _text(d: Dialogue, key: str, **values: str) -> str:
    return _TEXTS[key]["he" if d.lang == "he" else "en"].format(**values)


def _quiet(d: Dialogue) -> bool:
    p = d.parsed
    return not (d.turn.verdict.red_flags or c.SYMPTOM_WORDS.search(p.norm) or c.TAKING.search(p.norm))


def advice_by_rule(d: Dialogue) -> bool:
    """Whether an advice rule (not the model alone) read advice into the message.

    Only the model's guess is set aside for "can I have Klacid again?", "did my moxypen come in?"; a rule is
    exact about what it knows ("continue taking", "is it safe"), and its refusal is kept. When unsure, the
    refusal is kept too.

    Args:
        d: The turn.

    Returns:
        True when a rule (or an unreadable message) reads advice.
    """
    message = d.turn.message or ""
    try:
        reading = read(message, None, spans_of(d.turn.mentions or ()))
    except Exception:  # the verdict came from somewhere: keep it rather than guess
        return True
    return reading.verdict.is_advice and reading.cues != ("model",)


def _item(raw: dict[str, Any]) -> RxItem:
    return RxItem(presc_id=raw.get("presc_id"), med_id=raw.get("med_id"), name=raw.get("display_name"))


def _ready(items: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [i for i in items if i.get("can_refill") and not i.get("refill_pending")]


def _short(d: Dialogue, raw: dict[str, Any]) -> str:
    name = str(raw.get("display_name") or raw.get("presc_id") or "").split(" (", 1)[0].strip()
    return name if raw.get("in_stock", True) else _text(d, "out", name=name)


def _refillable(d: Dialogue) -> bool:
    """ "what can I refill then?": the prescriptions that can be refilled now, never the last refusal again."""
    p = d.parsed
    if not d.identified or p.meds or p.refs or not _WHICH_REFILLABLE.search(p.norm) or not _quiet(d):
        return False
    items = flows_rx.load_items(d)
    if items is None:
        return True  # not read (said so), or a sign-in first
    ready = _ready(items)
    p.intent = "refill_request"
    if len(ready) == 1:
        d.add(_text(d, "only", name=_short(d, ready[0])))
        flows_rx.verify_and_continue(d, _item(ready[0]), request=True)
        return True
    if not ready:
        rx_which.ask(d, items, "refill_request", lambda item: None)  # none of them: says so (or none on file)
        return True
    names = join_names(d.lang, [_short(d, i) for i in ready])
    d.add(_text(d, "ready", names=names))
    d.state.last_refs = [MedRef(ids=[str(i.get("med_id"))], q=str(i.get("display_name") or "")) for i in ready]
    d.state.pending = WhichRx(intent="refill_request")
    return True


def _other_one(d: Dialogue) -> bool:
    """ "refill the other one then" after a prescription answer: not the one just talked about."""
    p, last = d.parsed, d.state.last_intent
    if not d.identified or last not in _RX or p.meds or p.store or p.other_store or p.place:
        return False
    if not _OTHER.search(p.norm) or not _quiet(d) or d.turn.verdict.is_advice:
        return False
    talked = {i for ref in d.state.last_refs for i in ref.ids}
    if not talked:
        return False
    items = flows_rx.load_items(d)
    if items is None:
        return True
    others = [i for i in items if str(i.get("med_id")) not in talked]
    if not others or len(others) == len(items):
        return False  # nothing talked about is on file: "the other one" is not about these
    request = last == "refill_request" or bool(c.REFILL_REQUEST.search(p.norm) or c.REFILL.search(p.norm))
    intent = "refill_request" if request else "refill_status"
    p.intent = intent
    if len(others) == 1:
        flows_rx.verify_and_continue(d, _item(others[0]), request=request)
        return True
    rx_which.ask(d, others, intent, lambda item: flows_rx.verify_and_continue(d, item, request=request))
    return True


def _what_i_have(d: Dialogue) -> bool:
    """ "what do I have then?" right after a prescription answer: the prescriptions on file, not a diagnosis."""
    p = d.parsed
    if not d.identified or d.state.last_intent not in _RX or p.meds or p.refs:
        return False
    if not _WHAT_I_HAVE.search(p.norm) or len(p.norm.split()) > _WHAT_I_HAVE_WORDS or not _quiet(d):
        return False
    if not any(word in d.last_reply for word in ("prescription", "מרשם")):
        return False  # the last reply was no prescription answer (a symptom's referral): a diagnosis, refused
    if d.turn.verdict.is_advice:
        d.add(_text(d, "no_diagnosis"))
    p.intent = "prescriptions"
    flows_rx.prescriptions(d)
    return True


def _own_stock(d: Dialogue) -> bool:
    """ "is my moxypen in yet?": its stock, and that it is the patient's prescription — no label."""
    p = d.parsed
    if not d.identified or len(p.meds) != 1 or p.refs or p.facets - {"rx"} or not _MY.search(p.norm):
        return False
    if not (rx_order.asked_for_stock(p.norm) or _IN_YET.search(p.norm)) or not _quiet(d):
        return False
    if (d.turn.verdict.is_advice and advice_by_rule(d)) or c.EQUIVALENT.search(p.norm):
        return False  # a rule's refusal stands ("is my moxypen safe…"); the model's guess alone does not
    listed = [item for item in d.state.rx_list if item.med_id in p.meds[0]]
    if not listed and flows_rx.named_on_file(d):
        listed = [item for item in d.state.rx_list if item.med_id in p.meds[0]]
    if not listed:
        return False  # not one of theirs: the product's own answer, as for anyone
    mine = listed[0]
    p.meds = [(str(mine.med_id),)]
    p.intent = "availability"
    flows_rx.prescriptions(d)  # its line: that it is theirs, its status and refills
    flows_catalog.availability(d, [MedRef(ids=[str(mine.med_id)], q=str(mine.name or ""))])
    return True


def answer(d: Dialogue) -> bool:
    """Answer ``d`` when it asks which of the patient's prescriptions (see the module's list).

    Args:
        d: The turn.

    Returns:
        True when answered here.
    """
    return _refillable(d) or _other_one(d) or _what_i_have(d) or _own_stock(d)
