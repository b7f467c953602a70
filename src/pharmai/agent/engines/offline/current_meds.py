"""The medications a person says they take, kept for the conversation and checked against new ones.

"I'm on warfarin." then "Can I take Advil for my back?": the second message names one medication, but the
person told us about another. Seed 000's rule (medications together are always checked) covers the
conversation, not just the message: the medications a person takes — said in chat ("I take Coumadin",
"אני לוקחת פלביקס") or, in a verified session, asked about as "my medications" — are checked together with
each medication named afterwards, and only the judgement is referred to a pharmacist. A signed-in patient's
own active prescriptions join the check whenever they ask about taking a new medication themselves ("can I
take Nurofen?", "the doc wants to give me Klacid"; see :func:`.meds_in_play.about_self`).

State: ``taking`` (:class:`~.dialogue_state.MedRef` list, the medications the person said they take, at most
ten).
"""

from __future__ import annotations

import re

from pharmai.agent.engines.offline import flows_catalog, interaction_report, meds_in_play
from pharmai.agent.engines.offline.dialogue_state import MedRef, unique_refs
from pharmai.agent.engines.offline.state import Dialogue
from pharmai.text.normalize import normalize

__all__ = ["check_with_taking", "names_own_medications", "on_file", "remember", "says_taking"]

_MAX = 10
# A statement, not a question: "should I take", "can I take", "if I take" ask about something not taken yet.
_NOT_A_STATEMENT = "".join(f"(?<!\\b{w} )" for w in ("should", "can", "could", "may", "do", "shall", "would", "if"))
_TAKING_HE = (
    "אני לוקח", "אני לוקחת", "אני נוטל", "אני נוטלת", "אני על", "אני מקבל", "אני מקבלת", "התחלתי לקחת", "נתנו לי",
    "הרופא נתן לי", "הרופאה נתנה לי", "רשמו לי", "אני משתמש ב", "אני משתמשת ב", "אני מטופל ב", "אני מטופלת ב",
)  # fmt: skip
_TAKING = re.compile(
    _NOT_A_STATEMENT + r"\b(?:i take|i am taking|im taking|i am on|im on|i have been taking|ive been taking|"
    r"i was given|i was prescribed|my doctor gave me|i started)\b|"
    + "(?:^|(?<=\\s))(?:ו|ש)?(?:"
    + "|".join(normalize(w) for w in _TAKING_HE)
    + ")"
)
_OWN_MEDS_HE = (
    "התרופות שלי", "התרופות הקבועות", "המרשמים שלי", "התרופות שאני לוקח", "התרופות שאני לוקחת", "הכדורים שלי",
)  # fmt: skip
_OWN_MEDS = re.compile(
    r"\b(?:my (?:medications|meds|medicines|pills|prescriptions|regular meds)|(?:the )?(?:medicines|meds|"
    r"medications) i(?:m| am)? (?:on|take|taking))\b|" + "|".join(normalize(w) for w in _OWN_MEDS_HE)
)

# "can I take Tramadex with it?", "אפשר לקחת איתו טרמדקס?": the other medication is the one talked about
# last (a prescription just checked, a product just looked up). Seed 000's rule covers it like a name.
_WITH_IT_HE = (
    "איתו", "איתה", "איתם", "איתן", "עם זה", "עם זאת", "עם הזה", "את זה עם", "אותו עם", "אותה עם", "אותם עם",
    "עם התרופה הזו", "עם התרופה הזאת",
)  # fmt: skip
_WITH_IT = re.compile(
    r"\b(?:with|alongside|together with) (?:it|this|that|them|these|those|this one|that one)\b|"
    r"\b(?:take|taking|mix|mixing|combine|combining|use|using) (?:it|this|that|them|these|those) "
    r"(?:with|together|alongside)\b|"
    + "(?:^|(?<=\\s))(?:ו|ש|ה)?(?:"
    + "|".join(normalize(w) for w in _WITH_IT_HE)
    + ")(?=\\s|$)"
)


def says_taking(d: Dialogue) -> bool:
    """The message says the person takes the medications it names ("I'm on warfarin")."""
    return bool(d.parsed.meds) and bool(_TAKING.search(d.parsed.norm))


def names_own_medications(d: Dialogue) -> bool:
    """The message refers to "my medications" as a group."""
    return bool(_OWN_MEDS.search(d.parsed.norm))


def _taking(d: Dialogue) -> list[MedRef]:
    return [r for r in d.state.taking if r.ids]


def remember(d: Dialogue, refs: list[MedRef]) -> None:
    """Keep ``refs`` as medications the person takes (a misspelt name corrected to the catalog's, in place)."""
    interaction_report.correct(d, refs)  # "I'm on warfrin": every later warning names Coumadin, never "warfrin"
    added = [MedRef(ids=list(ref.ids), q=ref.q) for ref in refs]
    d.state.taking = unique_refs([*_taking(d), *added])[-_MAX:]


def _prescribed(d: Dialogue) -> list[MedRef]:
    """The verified patient's active prescriptions, as medication references ("my medications")."""
    if not d.identified:
        return []
    items = d.loaded_rx  # read already in this turn (a refill or list flow): not asked again
    if items is None:
        result = d.call("get_user_prescriptions")
        if not result.ok:
            d.add(d.error_text(result))  # a failure says so; any other answer just adds nothing to check
            return []
        items = [p for p in result.envelope.get("prescriptions") or [] if isinstance(p, dict)]
    return [
        MedRef(ids=[str(p["med_id"])], q=str(p.get("display_name") or p["med_id"]))
        for p in items
        if p.get("med_id") and p.get("status") == "active"
    ]


def on_file(d: Dialogue) -> list[MedRef]:
    """The verified patient's active prescriptions (empty when not signed in)."""
    return _prescribed(d)


def check_with_taking(d: Dialogue, refs: list[MedRef]) -> bool:
    """Check ``refs`` together with what the person takes (said earlier, or "my medications").

    Returns:
        True when an interaction check ran.
    """
    others = _taking(d)
    if _WITH_IT.search(d.parsed.norm):
        others = [*others, *d.earlier_refs]
    if names_own_medications(d):
        others = [*others, *_prescribed(d)]
    elif d.identified and (says_taking(d) or meds_in_play.about_self(d)):
        # "can I take Nurofen?" / "the doc wants to give me Klacid" / "I take Advil", signed in: the new
        # medication is checked against the records as "is it OK with my meds?" would be; one already on
        # file is no new one.
        on_file = _prescribed(d)
        held = {i for ref in on_file for i in ref.ids}
        if any(not held.intersection(ref.ids) for ref in refs):
            others = [*others, *on_file]
    together = unique_refs([*others, *refs])
    if len(together) < 2 or len(together) == len(refs):
        return False  # nothing beyond the message's own medications (checked by the usual flow)
    flows_catalog.interaction(d, together[:_MAX])
    meds_in_play.as_thread(d, together[:_MAX])
    return True
