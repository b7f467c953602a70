"""The medications in play when a customer asks "can I take X": their own records, or a relative's stated ones.

Seed 000's rule (medications together are always checked; only the judgement is referred) is about the
medications in play, not only the ones a message names:

- a signed-in patient asking about taking a medication ("can I take Nurofen for a headache?", "אני יכול לקחת
  אקמול?") or saying a new one is being started ("the doc wants to give me Klacid", "הרופא רוצה לתת לי
  קלסיד") has it checked against their own active prescriptions, as "is it OK with my meds?" already was;
- "my wife is on Coumadin and her doctor prescribed Klacid" / "אשתי לוקחת קומדין והרופא רשם לה קלסיד" states
  a relative's medications: an interaction question about them, not a request for her prescriptions;
- "which one is the problem?" / "איזו מהן הבעיה?" after a check of several medications: which pair the check
  marks "avoid" and which "caution" (the check is run again, so the answer is the tool's, never remembered
  text);
- "and mine?" / "ושלי?" after "I can only show your own prescriptions": the caller's own prescriptions
  (sign-in first when anonymous).
"""

from __future__ import annotations

from pharmai.agent.engines.offline import _policy, flows_catalog, flows_rx
from pharmai.agent.engines.offline._cues import cues as _cues
from pharmai.agent.engines.offline.dialogue_state import MedRef, unique_refs
from pharmai.agent.engines.offline.state import Dialogue
from pharmai.agent.engines.offline.texts import join_names, say

__all__ = ["about_self", "as_thread", "mine", "relative_check", "which_pair"]

_MAX = 10


# Asking about taking it oneself, or a new medication being started for oneself: the moment to check it.
_SELF_TAKING = _cues(
    "can i take", "can i use", "could i take", "may i take", "should i take", "is it ok to take", "is it okay to take",
    "is it safe to take", "is it safe for me", "is it ok for me", "ok for me", "safe for me", "can i have",
    "am i allowed", "wants to give me", "want to give me", "going to give me", "gonna give me", "wants me to take",
    "wants me on", "put me on", "putting me on", "prescribed me", "was prescribed", "got prescribed",
    "doctor gave me", "doc gave me", "i need to start", "i have to start", "im starting", "i am starting",
    "im supposed to take", "i am supposed to take",
    "אני יכול לקחת", "אני יכולה לקחת", "אפשר לקחת", "מותר לי", "מותר לקחת", "אני יכול ליטול", "אני יכולה ליטול",
    "זה בטוח בשבילי", "זה בסדר בשבילי", "רוצה לתת לי", "רוצה לרשום לי", "רשם לי", "רשמה לי", "רשמו לי",
    "נתן לי", "נתנה לי", "נתנו לי", "אני צריך להתחיל", "אני צריכה להתחיל", "אני מתחיל", "אני מתחילה",
    "לקחת לי", "לי לקחת",
)  # fmt: skip
# Someone else: their records are not these ("can my son take Nurofen?", "הבת שלי יכולה לקחת?").
_RELATION = _cues(
    "wife", "husband", "partner", "mother", "mom", "mum", "father", "dad", "son", "daughter", "brother", "sister",
    "friend", "neighbor", "neighbour", "grandma", "grandpa", "grandmother", "grandfather", "child", "kid", "baby",
    "אשתי", "בעלי", "אמא", "אבא", "אמי", "אבי", "הבן", "הבת", "בני", "בתי", "אחי", "אחותי", "השכן", "השכנה",
    "חבר שלי", "חברה שלי", "סבתא", "סבא", "בן הזוג", "בת הזוג", "הילד", "הילדה", "התינוק", "התינוקת", "בן שלי",
    "בת שלי", "ילד", "ילדה", "תינוק", "תינוקת",
)  # fmt: skip
# "my wife is on Coumadin and her doctor prescribed Klacid": what a relative takes, stated.
_STATED = _cues(
    "is on", "takes", "is taking", "has been taking", "prescribed", "was given", "gave her", "gave him", "put her on",
    "put him on", "started",
    "לוקח", "לוקחת", "נוטל", "נוטלת", "מקבל", "מקבלת", "רשם", "רשמה", "רשמו", "נתן", "נתנה", "נתנו", "התחיל",
    "התחילה", "משתמש", "משתמשת",
)  # fmt: skip
# "can she take it?", "אפשר לתת לו?": someone else too, unless the message says "I" take it ("the doc, he wants
# to give me Klacid").
_PRONOUN = _cues(
    "she", "he", "her", "him", "his", "they", "them", "their",
    "שלה", "שלו", "לה", "לו", "עבורה", "עבורו", "בשבילה", "בשבילו", "היא יכולה", "הוא יכול",
)  # fmt: skip
# A request for the relative's records, which stays refused ("show my wife's prescriptions", "refill her …").
_RECORDS_REQUEST = _cues(
    "show", "see", "list", "check her", "check his", "status", "refill", "refills", "renew", "order", "what are",
    "which prescriptions", "look up", "access",
    "תראה", "תראי", "להראות", "להציג", "הצג", "הציגו", "לראות", "לבדוק את המרשם", "לבדוק את המרשמים", "סטטוס",
    "לחדש", "חידוש", "חידושים", "להזמין", "מה המרשמים", "אילו מרשמים", "איזה מרשמים",
)  # fmt: skip
# "which one is the problem?", "איזו מהן הבעיה?": which pair of the last check.
_WHICH = _cues(
    "which one", "which ones", "which of them", "which of those", "which of these", "which of the", "which is",
    "which med", "which meds", "which medication", "which medicine", "which drug", "which pill", "which pair",
    "which combination", "what is the problem", "whats the problem", "where is the problem",
    "איזו מהן", "איזה מהן", "איזה מהם", "איזו מהם", "מי מהן", "מי מהם", "איזו תרופה", "איזה תרופה",
    "איזו מהתרופות", "איזה מהתרופות", "איזה שילוב", "איזה צירוף", "מה הבעיה", "איפה הבעיה", "מה מהן",
)  # fmt: skip
# "which one should I take / stop?": a choice for the person, referred by the thread as always.
_CHOOSE = _cues(
    "should", "better", "safer", "best", "recommend", "stop", "switch", "take", "choose",
    "כדאי", "עדיף", "מומלץ", "להפסיק", "לקחת", "ליטול", "לבחור", "להחליף",
)  # fmt: skip
# "and mine?", "what about my own?", "ושלי?", "ומה איתי?": the caller, after someone else's records were refused.
_MINE = _cues(
    "mine", "my own", "my prescriptions", "my prescription", "about me", "and me", "for me", "me then",
    "שלי", "שלי עצמי", "שלי אז", "מה איתי", "ואני", "אצלי", "המרשמים שלי", "המרשם שלי",
)  # fmt: skip


# "my neighbor said I should take aspirin", "השכנה אמרה לי לקחת אספירין": someone else advises, the caller
# takes it; "I have heartburn, can I buy Losec?", "יש לי צרבות, אפשר לקנות לוסק?": for the caller's own use.
_SELF_SUBJECT = _cues(
    "i should take", "should i take", "i should also take", "should i also take", "i should be taking",
    "told me to take", "said i should", "says i should", "wants me to take", "me to take", "i take", "i also take",
    "אמר לי לקחת", "אמרה לי לקחת", "אמרו לי לקחת", "שאני אקח", "שאקח", "שאני צריך לקחת", "שאני צריכה לקחת",
    "אני צריך לקחת", "אני צריכה לקחת", "לי לקחת", "לקחת לי", "אני אקח",
)  # fmt: skip
_FOR_OWN_USE = _cues(
    "can i buy", "could i buy", "can i get some", "i want to buy", "i'd like to buy", "should i buy", "i have",
    "ive got", "i've got", "i am having", "im having", "for my",
    "אפשר לקנות", "אני יכול לקנות", "אני יכולה לקנות", "אני רוצה לקנות", "כדאי לי לקנות", "יש לי", "כואב לי",
    "סובל מ", "סובלת מ",
)  # fmt: skip


def about_self(d: Dialogue) -> bool:
    """The signed-in patient asks about taking what the message names, or says it is being started for them.

    Only then do their own prescriptions join the check: "can my son take it?" is not about their records.
    """
    p, verdict = d.parsed, d.turn.verdict
    if not d.identified or not p.meds:
        return False
    if _RELATION.search(p.norm) and not _SELF_SUBJECT.search(p.norm):
        return False  # "can my son take it?"; "my neighbor said I should take it" is the caller's own question
    if _SELF_TAKING.search(p.norm) or _SELF_SUBJECT.search(p.norm):
        return True
    if _FOR_OWN_USE.search(p.norm) and not _PRONOUN.search(p.norm):
        return True  # "I have heartburn, can I buy Losec?": bought to take, so checked with what is taken
    return verdict.is_advice and not _PRONOUN.search(p.norm)


def as_thread(d: Dialogue, together: list[MedRef]) -> None:
    """The check just run is this turn's request: "is that a problem?" / "which one?" next are about these."""
    d.state.last_refs = together[:5]
    # «אפשר לקחת נורופן עם התרופות שלי?» may read as a request for the records ("התרופות שלי"): a medication
    # checked against them makes it an interaction question all the same, so "and Losec?" next is checked too.
    if d.parsed.intent in ("advice", "symptom", "unknown", "followup", "medication", "other_rx", "prescriptions"):
        d.parsed.intent = "interaction"


def relative_check(d: Dialogue) -> bool:
    """ "My wife takes Coumadin and her doctor prescribed Klacid": check them together (no records read).

    Returns:
        True when the message stated two or more medications of someone else and the check ran.
    """
    p = d.parsed
    if len(p.meds) < 2 or p.identifier or p.code or p.refs or d.turn.verdict.red_flags:
        return False
    # Read as a request for her records, or as a question about each product ("my husband is on Coumadin and
    # the doctor prescribed him Klacid" asks nothing of the labels): the interaction is the question.
    stated = p.intent in ("medication", "info") and not p.facets and _STATED.search(p.norm) is not None
    if p.intent != "other_rx" and not (stated and _RELATION.search(p.norm)):
        return False
    if _RECORDS_REQUEST.search(p.norm):
        return False  # "show me my wife's Coumadin and Klacid prescriptions": her records, refused as always
    refs = unique_refs(flows_catalog.targets(d))[:_MAX]
    if len(refs) < 2:
        return False
    flows_catalog.interaction(d, refs)
    as_thread(d, refs)
    return True


def which_pair(d: Dialogue, last: str) -> bool:
    """ "Which one is the problem?" after a check of several medications: each flagged pair and its level.

    Returns:
        True when answered here (the check is run again over the medications last checked).
    """
    p, verdict = d.parsed, d.turn.verdict
    earlier = flows_catalog.last_refs(d)
    if last != "interaction" or p.meds or p.refs or verdict.red_flags or len(earlier) < 2:
        return False
    if not _WHICH.search(p.norm) or _CHOOSE.search(p.norm) or len(p.norm.split()) > 8:
        return False
    typed = {str(ref.ids[0]): ref.q for ref in earlier if ref.ids}
    result = d.call("interaction_check", med_ids=list(typed)[:_MAX])
    if not result.ok:
        d.add(d.error_text(result))  # not checked is never "no problem"
        return True
    pairs = [x for x in result.envelope.get("pairs") or [] if isinstance(x, dict)]
    lines: list[str] = []
    for level in ("avoid", "caution"):
        for pair in (x for x in pairs if x.get("level") == level):
            a_id, b_id = str(pair.get("med_id_a")), str(pair.get("med_id_b"))
            names = [flows_catalog.name_of(d, m, typed.get(m, "")) for m in (a_id, b_id)]
            message = pair.get("message") or ""
            lines.append(say(d.lang, f"interaction_which_{level}", names=join_names(d.lang, names), message=message))
            if level == "avoid":
                lines.append(_policy.avoid_warning(d.lang, names))  # the explicit warning, every time
    if lines:
        lines.append(say(d.lang, "interaction_ask"))
    else:
        names = [flows_catalog.name_of(d, m, q) for m, q in typed.items()]
        lines.append(say(d.lang, "interaction_none", names=join_names(d.lang, names)))
    d.add("\n".join(lines))
    p.intent = "interaction"
    return True


def mine(d: Dialogue) -> bool:
    """ "And mine?" right after someone else's prescriptions were refused: the caller's own (sign-in first).

    Returns:
        True when answered here.
    """
    p, verdict = d.parsed, d.turn.verdict
    if d.state.last_intent != "other_rx" or p.meds or p.identifier or p.code or verdict.red_flags:
        return False
    if not _MINE.search(p.norm) or _RELATION.search(p.norm) or len(p.norm.split()) > 6:
        return False
    p.intent = "prescriptions"
    flows_rx.prescriptions(d)  # the list when signed in; else the sign-in, resumed with the list
    return True
