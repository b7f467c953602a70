"""What a safety reply leaves behind for the next messages: whose medications are in play, and who asks.

Customers rarely repeat themselves after a warning or a referral:

- "my dad takes Coumadin, can he take Advil?" / "tramadol with my Zoloft?" / "אמא שלי על פלביקס…" /
  "הזולופט שלי": the medication the person (or the one asked for) already takes stays in play for the whole
  conversation, so every later "and aspirin?" / "ואדויל?" is checked against it, not against the medication
  it replaces (:func:`note_taking`);
- "I'm pregnant, can I take Optalgin?" then "what about Acamol?" / "ואקמול?": the same personal question about
  another product, so the same referral, never the plain label sheet (:func:`note_personal`,
  :func:`personal_followup`);
- "which is better, Zyrtec or Claritin?": a choice between products, not a question about taking them
  together, so no interaction line is added (:func:`is_choice`); but "I take Micropirin, Advil or Acamol?"
  checks each option against what is taken, and the choice is referred (:func:`check_choice`).
"""

from __future__ import annotations

import re

from pharmai.agent.engines.offline import _cues as c
from pharmai.agent.engines.offline import _policy, current_meds, flows_catalog, meds_in_play
from pharmai.agent.engines.offline.dialogue_state import MedRef, unique_refs
from pharmai.agent.engines.offline.state import Dialogue

__all__ = ["check_choice", "is_choice", "note", "note_personal", "note_taking", "personal_followup"]

# Words right before a name that say it is already taken: "my dad takes Coumadin", "she's on Plavix", "אבא שלי
# לוקח קומדין", "אמא שלי על פלביקס", "היא נוטלת…". A question ("can he take X", "is it OK taking X?") uses
# another form, never "takes" / "לוקח".
_TAKES = re.compile(
    r"\b(?:takes|uses|is on|are on|s on|m on|am on|been on|been taking|is taking|am taking|m taking|"
    r"was prescribed|were prescribed)\s+(?:(?:daily|regular|usual)\s+)?$|"
    r"(?:^|\s)ו?ש?(?:לוקח|לוקחת|לוקחים|נוטל|נוטלת|נוטלים|מקבל|מקבלת|משתמש ב|משתמשת ב|מטופל ב|מטופלת ב)\s*$|"
    r"(?:שלי|שלו|שלה|הוא|היא|אני|אנחנו)\s+על\s+$"
)
# "my Zoloft", "his Coumadin", "הזולופט שלי": taken too, when said with an interaction or advice question (a
# bare "my Lipitor refill" says nothing about what to check a new medication against).
_MY = re.compile(r"\b(?:my|his|her|their|our)\s+(?:(?:daily|regular|usual)\s+)?$")
_AFTER = re.compile(r"^\s*(?:שלי|שלו|שלה|שלהם|שלנו)\b")
_GAP = 30

# A personal circumstance that makes any "what about X?" the same personal question (said with advice).
_PERSONAL = c.cues(
    "pregnant", "pregnancy", "breastfeeding", "breast feeding", "nursing", "trimester", "trying to conceive",
    "הריון", "בהריון", "להריון", "מניקה", "הנקה", "בהנקה", "מיניקה",
)  # fmt: skip
# Said with an advice question, these are personal too: whose body the next "and X?" is about.
_PERSONAL_WITH_ADVICE = c.cues(
    "baby", "infant", "toddler", "newborn", "kidney", "kidneys", "liver", "ulcer", "asthma", "allergic",
    "תינוק", "תינוקת", "פעוט", "כליות", "כבד", "כיב", "אסטמה", "אלרגי", "אלרגית",
)  # fmt: skip
# "which is better, X or Y?", "X or Y for allergies?", "מה עדיף, X או Y?": a choice between products.
_CHOICE = re.compile(r"\b(?:vs|versus|better|best|stronger|prefer)\b|(?:^|\s)(?:עדיף|יותר טוב|חזק יותר)(?=\s|$)")
# "with", "together", "combine" (the interaction cue without the bare "or").
_TOGETHER = c.cues("together", "combine", "combined", "mix", "with", "ביחד", "יחד", "לשלב", "שילוב", "עם")
# A bare follow-up: no request of its own ("what about Acamol?", "and Nurofen?", "ואקמול?").
_BARE = ("medication", "followup", "unknown", "info")


def note_taking(d: Dialogue) -> None:
    """Remember the medications this message says are already taken ("my Zoloft", "dad takes Coumadin")."""
    taken = _taken_now(d)
    if taken:
        current_meds.remember(d, taken)


def check_choice(d: Dialogue, refs: list[MedRef]) -> bool:
    """ "I take Micropirin daily, which is better, Advil or Acamol?": each option checked with what is taken.

    The choice itself is referred by the caller; seed 000's rule still holds for the medication the person
    takes, so each option is checked against it (the options are never checked with each other: only one of
    them would be taken).

    Returns:
        True when a check ran.
    """
    taken = unique_refs([*_taken_now(d), *(r for r in d.state.taking if r.ids)])
    if d.identified and meds_in_play.about_self(d):
        taken = unique_refs([*taken, *current_meds.on_file(d)])
    held = [set(ref.ids) for ref in taken]
    options = [ref for ref in refs if set(ref.ids) not in held]
    if not taken or not options:
        return False
    for option in options[:3]:
        flows_catalog.interaction(d, [*taken[:8], option])
    meds_in_play.as_thread(d, [*taken[:2], *options[:3]])
    return True


def _taken_now(d: Dialogue) -> list[MedRef]:
    """The medications this message says are already taken."""
    p = d.parsed
    text = p.text.lower()
    checked = any(r.name == "interaction_check" for r in d.turn.tools.results)
    mine = checked or d.turn.verdict.is_advice or p.intent in ("interaction", "advice")
    taken: list[MedRef] = []
    for mention in p.mentions:
        ids = list(getattr(mention, "med_ids", ()) or ())
        start, end = getattr(mention, "start", None), getattr(mention, "end", None)
        if not ids or not isinstance(start, int) or not isinstance(end, int):
            continue
        before = text[max(0, start - _GAP) : start]
        if _TAKES.search(before) or (mine and (_MY.search(before) or _AFTER.search(text[end : end + 12]))):
            typed = p.names.get(tuple(ids)) or str(getattr(mention, "matched_text", "") or ids[0])
            taken.append(MedRef(ids=ids, q=typed))
    return taken


def note(d: Dialogue) -> None:
    """What this message leaves for the next ones: the medications taken, a personal circumstance."""
    if d.turn.resolution is not None or d.turn.verdict.red_flags:
        return
    p = d.parsed
    checked = any(r.name == "interaction_check" for r in d.turn.tools.results)
    if p.meds and d.state.taking and not checked:
        # "and aspirin?" answered as a stock or price follow-up: still checked against what he takes (seed 000).
        current_meds.check_with_taking(d, flows_catalog.targets(d))
    note_taking(d)
    note_personal(d)


def note_personal(d: Dialogue) -> None:
    """Remember that a personal circumstance was said (pregnancy always; a baby or a condition with advice)."""
    p, verdict = d.parsed, d.turn.verdict
    if _PERSONAL.search(p.norm) or (
        (verdict.is_advice or p.intent == "advice") and _PERSONAL_WITH_ADVICE.search(p.norm)
    ):
        d.state.personal = True


def personal_followup(d: Dialogue) -> bool:
    """ "what about Acamol?" after "I'm pregnant, can I take Optalgin?": the same question, so the referral.

    Returns:
        True when the message was answered here.
    """
    p, verdict = d.parsed, d.turn.verdict
    if not d.state.personal or not p.meds or verdict.red_flags:
        return False
    if p.intent not in _BARE or p.facets or c.AVAILABILITY.search(p.norm) or c.PRICE.search(p.norm):
        return False  # "is Acamol in stock?", "what are its warnings?": factual requests, answered as usual
    if p.intent == "info" and p.act not in ("ellipsis", "correction"):
        return False
    d.add(_policy.refusal(d.lang, "advice"))
    d.state.last_refs = [MedRef(ids=list(m), q=p.names.get(tuple(m)) or m[0]) for m in p.meds][:5]
    p.intent = "advice"
    return True


def is_choice(d: Dialogue) -> bool:
    """The message asks to choose between the products it names ("which is better, X or Y?")."""
    p = d.parsed
    if d.turn.verdict.kind != "comparison" and not _CHOICE.search(p.norm):
        return False
    return not _TOGETHER.search(p.norm)
