"""Questions about what another named person takes ("what meds does David Cohen take?", «אילו תרופות לוקח
דוד כהן?»): someone else's records, asked by a third-person verb rather than by "his" or "of my wife".

Read before the catalog listing or the sign-in: the answer is the refusal, and nobody's records are read.
"""

from __future__ import annotations

import re

from pharmai.text import normalize

__all__ = ["asks_what_another_takes"]

# Never a person: the caller, the assistant, the pharmacy, a product ("what meds does it interact with?").
_NOT_A_PERSON_EN = r"(?!(?:i|you|we|it|this|that|these|those|the|your|our|one|people|everyone|anyone|somebody)\b)"
_MEDS_EN = r"(?:meds|medications?|medicines?|drugs|pills|tablets)"
_RX_EN = r"(?:prescriptions?|scripts?|refills?)"
_THIRD_PERSON_EN = re.compile(
    rf"\b(?:what|which) {_MEDS_EN} (?:does|is|did|has) {_NOT_A_PERSON_EN}[a-z]+(?: [a-z]+)? "
    r"(?:take|taking|took|use|using|on)\b"
    rf"|\b(?:what|which) {_RX_EN} (?:does|did|has) {_NOT_A_PERSON_EN}[a-z]+(?: [a-z]+)? (?:have|got|get)\b"
    rf"|\bwhat (?:is|does) {_NOT_A_PERSON_EN}[a-z]+ [a-z]+ (?:taking|take|on)\b"
)
# «אילו תרופות לוקח דוד כהן», «איזה כדורים דוד לוקח», «מה נוטלת רבקה»: a verb in the third person singular
# (over normalised text, so final letters are written folded: «כדורימ», «אתמ»).
_VERB_HE = r"(?:לוקח|לוקחת|נוטל|נוטלת|מקבל|מקבלת)"
_NOT_A_PERSON_HE = r"(?!(?:אני|אתה|את|אתמ|אנחנו|הוא|היא|זה|כדאי|אפשר|מותר|צריכ|לי|לו|לה)(?:\s|$))"
_WHICH_HE = r"(?:^|\s)(?:אילו|איזה|איזו|מה)\s+(?:תרופות|כדורימ|תרופה|מרשמימ)\s+"
_THIRD_PERSON_HE = re.compile(
    rf"{_WHICH_HE}{_VERB_HE}\s+{_NOT_A_PERSON_HE}[א-ת]{{2,}}"
    rf"|{_WHICH_HE}{_NOT_A_PERSON_HE}[א-ת]{{2,}}(?:\s[א-ת]{{2,}})?\s+{_VERB_HE}(?:\s|$)"
)


def asks_what_another_takes(text: str) -> bool:
    """Whether ``text`` asks which medications or prescriptions a named other person has."""
    if not isinstance(text, str):
        return False
    norm = normalize(text)
    return bool(_THIRD_PERSON_EN.search(norm) or _THIRD_PERSON_HE.search(norm))
