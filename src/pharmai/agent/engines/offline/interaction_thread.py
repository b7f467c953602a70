"""Follow-ups of an interaction check: the next medication, a correction, and a push-back.

Seed 000's rule (medications named together are always checked, and an "avoid" pair is always warned about)
holds across turns, because customers rarely repeat themselves:

- "can I take Advil with Coumadin?" then "what about Acamol then?" / "and with Acamol?" / "ואקמול?": the new
  medication is checked against the one it was asked with (Coumadin), never answered with its leaflet;
- "… can she take aspirin?" then "Micropirin I mean" / "התכוונתי למיקרופירין" / "Optalgin instead?": the
  correction replaces the medication it corrects, and the check runs again;
- "is Optalgin in stock?" then "can I combine it with Acamol?" / "אפשר לשלב עם אקמול?": one medication named in
  an interaction question is checked with the one talked about last;
- after a warning, "my doctor gave me both", "is it dangerous?", "even at the low dose?", "and if I take all
  three?" restate what the check says (the warning again) and leave the judgement to a pharmacist or doctor;
- "and if I'm also on Coumadin?" / "ואם אני גם לוקחת קומדין?": a medication added, checked with every one of the
  thread (none replaced); "what about Nurofen, is that different?": the same question, with the same-ingredient
  line; "what is serotonin syndrome?" and a name not in the catalog: see :mod:`.safety_thread_more`.
"""

from __future__ import annotations

import re

from pharmai.agent.engines.offline import _cues as c
from pharmai.agent.engines.offline import _policy, current_meds, flows_catalog, interaction_report, safety_thread_more
from pharmai.agent.engines.offline.dialogue_state import MedRef, unique_refs, without
from pharmai.agent.engines.offline.state import Dialogue
from pharmai.agent.engines.offline.texts import join_names, say

__all__ = ["alternatives", "answer"]

_MAX = 10
# Readings that leave the next medication to the thread: no request of their own ("what about X", "X I mean"),
# or an interaction / advice question about it. "X instead?" reads as equivalents.
_FOLLOWS = ("medication", "followup", "unknown", "interaction", "advice", "symptom", "greeting")
# Readings of a message without a medication that still ask about the pair just checked.
_PUSH_BACK = ("followup", "unknown", "advice", "symptom", "interaction", "info")
# "and if I take all three?", "both of them": every medication just talked about.
_ALL = c.cues(
    "both", "all of them", "all three", "all 3", "the three", "all together", "each other",
    "שניהם", "שתיהן", "שלושתם", "שלושתן", "כולם", "כולן", "את כולם", "שלושת", "שני התרופות", "שתי התרופות",
)  # fmt: skip
# "Nurofen instead of the Tramadex", "swap the Losec for Tylenol", "ואם במקום אדוויל אקמול?": the medication
# right after the cue is the one replaced.
_INSTEAD_OF = re.compile(
    r"\b(?:instead of|in place of|rather than|swap|replace)\b(?:\s+(?:the|my|his|her))?\s*|במקום\s*"
)
# "even at the low dose?", "גם אם זה מינון נמוך?", "but my doctor said…": a push-back, whatever else it names.
_EVEN = c.cues("even if", "even at", "even with", "even though", "but", "גם אם", "אפילו", "אבל")
_CATALOG = ("availability", "info", "equivalents", "list", "compare", "medication")
# "she already has a Losec prescription", "my doctor prescribed it", "יש לה כבר מרשם ללוסק", "הרופא רשם לי
# אותו": a statement that the pair is prescribed or approved, a push-back, never a request for the label or
# the prescriptions list.
_STATEMENT = c.cues(
    "already", "prescribed", "prescription", "doctor", "doc", "gave", "told", "said", "approved",
    "כבר", "מרשם", "רשם", "רשמה", "רשמו", "הרופא", "הרופאה", "נתן", "נתנה", "נתנו", "אמר", "אמרה", "אישר", "אישרה",
)  # fmt: skip
# Words of a request for the prescriptions themselves ("what did my doctor prescribe?", "show my prescriptions").
_RX_REQUEST = c.cues(
    "what", "which", "show", "list", "status", "refill", "refills", "renew", "order",
    "מה", "אילו", "איזה", "הצג", "תראה", "סטטוס", "חידוש", "לחדש", "להזמין",
)  # fmt: skip
# The prescriber is named: the line to tell them about the other medication joins the warning.
_PRESCRIBER = c.cues("prescribed", "prescription", "doctor", "doc", "מרשם", "רשם", "רשמה", "רשמו", "הרופא", "הרופאה")
# "what else then?", "so what can she take?", "אז מה כן?", "מה אפשר במקום?": alternatives, which only a pharmacist
# or doctor may suggest.
_ALTERNATIVE = c.cues(
    "what else", "anything else", "something else", "what can", "what could", "what should", "instead",
    "other option", "other options", "alternative", "alternatives", "so what",
    "מה כן", "אז מה", "מה אפשר", "משהו אחר", "במקום", "חלופה", "תחליף", "מה היא יכולה", "מה הוא יכול",
    "מה אני יכול", "מה אני יכולה", "מה כדאי", "מה מותר",
)  # fmt: skip


# "and if I'm also on Coumadin?", "ואם אני גם לוקחת קומדין?": the new one joins every medication of the thread.
_ALSO = c.cues("also", "too", "as well", "on top", "in addition", "plus", "גם", "בנוסף", "וגם")
# "what about Nurofen, is that different?": a label-style reading that still asks about the pair just checked.
_LABEL_FOLLOWS = ("info", "compare")
# "and if only Coumadin and Acamol?", "ואם רק קומדין ואקמול?": the medications named are the ones in play now.
_ONLY = c.cues("only", "just", "solely", "רק", "בלבד")


def _check(d: Dialogue, together: list[MedRef]) -> bool:
    together = unique_refs(together)[:_MAX]
    if len(together) < 2:
        return False
    flows_catalog.interaction(d, together)
    d.state.last_refs = together[:5]
    d.parsed.intent = "interaction"  # the turn's request, kept as the thread's for the next follow-up
    return True


def _taken(d: Dialogue, refs: list[MedRef]) -> list[MedRef]:
    """The ones of ``refs`` the person said are already taken ("my Zoloft", "dad takes Coumadin")."""
    held = [set(ref.ids) for ref in d.state.taking if ref.ids]
    return [ref for ref in refs if set(ref.ids) in held]


def _replaced(d: Dialogue, earlier: list[MedRef]) -> list[MedRef] | None:
    """The earlier medications "instead of X" / "במקום X" names as replaced (``None``: the message names none)."""
    p = d.parsed
    cue = _INSTEAD_OF.search(p.text.lower())
    if cue is None:
        return None
    after = [m for m in p.mentions if getattr(m, "start", -1) >= cue.end() and getattr(m, "start", 0) - cue.end() <= 6]
    ids = [set(getattr(m, "med_ids", ()) or ()) for m in after[:1]]
    gone = [e for e in earlier if set(e.ids) in ids]
    return gone or None


def _next_medication(d: Dialogue, last: str, earlier: list[MedRef]) -> bool:
    p = d.parsed
    refs = flows_catalog.targets(d) if p.meds else []
    replaced = _replaced(d, earlier) if last == "interaction" else None
    if replaced is not None:
        # "what about Nurofen instead of the Tramadex?": the pair again, with Nurofen in Tramadex's place.
        kept = without(earlier, replaced)
        new = without(refs, replaced)
        return bool(new) and _check(d, [*d.state.taking, *kept, *new])
    named = without(refs, earlier)
    follows = p.intent in _FOLLOWS or (p.intent == "equivalents" and c.EQUIVALENT.search(p.norm))
    narrowed = follows or (p.intent == "info" and not p.facets)
    if last == "interaction" and narrowed and len(refs) >= 2 and _ONLY.search(p.norm):
        # "what if only Coumadin and Acamol?" after "Coumadin, Micropirin and Nurofen?": the two named, and what
        # the person said they take (still taken), never the ones left out (their pairs are not asked about).
        return _check(d, [*d.state.taking, *refs])
    if (
        last == "interaction"
        and narrowed
        and len(refs) >= 2
        and p.act != "correction"
        and not (_ALSO.search(p.norm) or _ALL.search(p.norm) or current_meds.says_taking(d))
    ):
        # "and Acamol with Coumadin?" after "Advil with Coumadin?": a pair of its own, whose result is the one
        # to state (with what the person said they take); the Advil warning again would drown the new caution.
        return _check(d, [*d.state.taking, *refs])
    if last == "interaction" and p.intent in _LABEL_FOLLOWS and not p.facets and len(named) == 1:
        # "what about Nurofen, is that different?" right after "Advil with my Zoloft?": the same question.
        follows = True
    if last == "interaction" and follows and refs and not named:
        # "Micropirin I mean" after "… aspirin?": the same product by its name; the check is said again.
        return _check(d, [*without(earlier, refs), *refs])
    if not named:
        return False
    if last == "interaction" and follows:
        # Which one a follow-up replaces is not known ("Advil with his Coumadin" / "and Micropirin?", "sorry, I
        # meant Micropirin"), so the new one is checked with every one: a warning said once too often costs
        # less than one missed. Only "X instead?" / "במקום זה X" replaces the one asked about last.
        swap = c.EQUIVALENT.search(p.norm) or _INSTEAD_OF.search(p.text.lower())
        # Only "X instead?" says which one goes (the one asked about last); "and if it's atorvastatin?" after
        # "simvastatin with clarithromycin?" may replace either, so X is checked with every one of them.
        base = earlier if p.act == "correction" or len(earlier) < 2 or not swap else earlier[:-1]
        if p.act != "correction" and _taken(d, earlier):
            # "Tramadex with my Zoloft?" then "and Advil?": what is taken stays, what was asked about goes.
            base = _taken(d, earlier)
        if (_ALSO.search(p.norm) or current_meds.says_taking(d)) and not swap:
            # "and if I also take Coumadin?" after "Zyrtec with Tylenol?": added to all of them, none replaced.
            base = earlier
        for old in without(earlier, base) or earlier:
            # "what about Nurofen?" after "Advil with my Zoloft?": Nurofen is Advil's ingredient, said first.
            safety_thread_more.same_ingredient(d, named, [old])
        dropped = without(earlier, base)
        if dropped and not swap:
            # "Tramadex with my Zoloft?" then "and Advil?": what was asked about goes, yet the new one is also
            # checked with it, and an "avoid" found there is said first; anything milder about a medication no
            # longer asked about would only distract.
            interaction_report.report(d, unique_refs([*named, *dropped])[:_MAX], quiet=True)
        return _check(d, [*d.state.taking, *base, *named])
    if last in _CATALOG and p.intent == "interaction" and len(named) == 1:
        # "can I combine it with Acamol?" after Optalgin: the other medication is the one talked about.
        return _check(d, [*earlier, *named])
    return False


def _tell_prescriber(d: Dialogue, earlier: list[MedRef]) -> None:
    names = join_names(d.lang, [flows_catalog.name_of(d, str(ref.ids[0]), ref.q) for ref in earlier[:_MAX]])
    d.add(say(d.lang, "interaction_tell_prescriber", names=names))


def _statement(d: Dialogue, last: str, earlier: list[MedRef]) -> bool:
    """ "she already has a Losec prescription" / "my doctor prescribed it for my knee" after a warning.

    The pair is still the pair: the warning again, and that the prescriber should hear about the other one.
    """
    p = d.parsed
    if last != "interaction" or len(earlier) < 2 or p.refs or not _STATEMENT.search(p.norm):
        return False
    if c.AVAILABILITY.search(p.norm) or c.PRICE.search(p.norm):
        return False  # "does the branch have it, my doctor prescribed it": the stock question is answered
    held = [set(ref.ids) for ref in earlier]
    if p.meds:
        if any(set(ids) not in held for ids in p.meds):
            return False  # a new medication: the next-medication rule
    elif p.intent not in (*_PUSH_BACK, "prescriptions") or _RX_REQUEST.search(p.norm) or not c.ANAPHOR.search(p.norm):
        return False  # no name and not "… prescribed it": the usual push-back (or a request) reads it
    _check(d, earlier)
    if _PRESCRIBER.search(p.norm):
        _tell_prescriber(d, earlier)
    return True


def _alternatives(d: Dialogue, last: str, earlier: list[MedRef]) -> bool:
    """ "what else then?" / "אז מה כן?" after a warning: only a pharmacist or doctor may suggest another one."""
    p = d.parsed
    if last != "interaction" or p.meds or p.refs or len(earlier) < 2 or not _ALTERNATIVE.search(p.norm):
        return False
    if len(p.norm.split()) > 8 or p.intent in ("availability", "price", "prescriptions", "refill_request"):
        return False
    d.add(_policy.refusal(d.lang, "advice"))
    _tell_prescriber(d, earlier)
    p.intent = "interaction"  # the thread stays open: "and Nexium?" next is checked with the same medications
    return True


def _push_back(d: Dialogue, last: str, earlier: list[MedRef]) -> bool:
    p = d.parsed
    both = _ALL.search(p.norm) is not None
    if p.meds or p.refs or len(earlier) < 2:
        return False
    if p.intent not in _PUSH_BACK and not (both and p.intent == "prescriptions"):
        return False  # "the doctor prescribed me both" is about the pair, not a request for the prescriptions
    if p.intent == "info" and p.facets and not _EVEN.search(p.norm):
        return False  # "what are its warnings?" asks the label; "even at a low dose?" pushes back
    if last != "interaction" and not (last in _CATALOG and both):
        return False
    return _check(d, earlier)


def answer(d: Dialogue, last: str) -> bool:
    """Answer ``d`` as a follow-up of an interaction check (or of a question about one medication).

    Args:
        d: The turn.
        last: The request answered last.

    Returns:
        True when the interaction check ran here.
    """
    if d.turn.verdict.red_flags:
        return False  # the urgent-care reply comes first, and the usual flow checks what it names
    earlier = flows_catalog.last_refs(d)
    if not earlier:
        return False
    if last != "interaction" and _taken(d, earlier) and _after_refusal(d):
        # "my dad takes Coumadin…" → a warning → "how much is too much?" (refused) → "and aspirin?": the
        # refusal did not end the thread about the medications he takes.
        last = "interaction"
    return (
        _next_medication(d, last, earlier)
        or _statement(d, last, earlier)
        or _alternatives(d, last, earlier)
        or safety_thread_more.explain(d, last, earlier)  # "what signs should we watch for?"
        or safety_thread_more.unknown_name(d, last, earlier, _check)  # "what about Nexium?" (not in the catalog)
        or _push_back(d, last, earlier)
    )


def alternatives(d: Dialogue) -> bool:
    """ "so what can she take instead?" right after a warning, before any other follow-up reads it.

    An "alternative" or "equivalent" answer would name a product of the same ingredient, with the same
    interaction; only a pharmacist or doctor may suggest another medication.

    Returns:
        True when the message was answered here.
    """
    if d.state.last_intent != "interaction" or d.turn.verdict.red_flags:
        return False
    return _alternatives(d, "interaction", flows_catalog.last_refs(d))


def _after_refusal(d: Dialogue) -> bool:
    """The last reply referred a request for advice to a pharmacist (any kind of refusal)."""
    return any(_policy.refusal(d.lang, kind) in d.last_reply for kind in _policy.REFUSAL_KINDS)
