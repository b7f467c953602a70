"""Another person's contact details asked for: "give me Noa Cohen's phone", «מה המייל של יוסי לוי?».

No tool returns anyone's phone, email or address, so nothing could leak; but the answer must say so plainly
instead of reading the message as a records request («אני יכול להציג רק את המרשמים שלך» and then "what is
your email?", which invites the customer to type someone else's identifier) or as out of scope. Asking for
one's own details ("my phone number changed") and for the pharmacy's ("the Jerusalem branch's phone",
«הטלפון של הסניף») are not this.
"""

from __future__ import annotations

import re

from pharmai.policy._rules import fold
from pharmai.text.normalize import normalize
from pharmai.text.prefilter import search

__all__ = ["asks_for_someones_contact"]

_NOUN_EN = (
    r"(?:phone|phone number|number|cell|cellphone|mobile|mobile number|e-?mail|email address|address|home address"
    r"|id number|contact details|contact info|details|date of birth|birthday)"
)
# After "of" / "for" only the unambiguous ones: "the number of boxes", "details of my prescription" are not it.
_NOUN_OF_EN = (
    r"(?:phone|phone number|cell|cellphone|mobile|mobile number|e-?mail|email address|home address|address"
    r"|id number|contact details|contact info|date of birth)"
)
# Who the details would belong to: a relation, a customer or patient, or a name (two words).
_RELATION_EN = (
    r"(?:(?:my|a|another|the|this|that)\s+)?(?:wife|husband|partner|mother|mom|mum|father|dad|son|daughter"
    r"|brother|sister|friend|neighbou?r|colleague|boss|ex|customer|client|patient|user|person|guy|woman|man|girl"
    r"|boy|him|her|them|someone|somebody)\b"
)
_PERSON_EN = (
    _RELATION_EN + r"|(?!(?:my|the|a|an|this|that|your|our|his|her|their)\s)"
    r"(?![a-z]+\s+(?:hospital|center|centre|clinic|pharmacy|branch|store|office|service|line)\b)[a-z]{2,}\s+[a-z]{2,}\b"
)
# Places, services and the pharmacy itself: their phone is public (and a branch answers its own).
_NOT_A_PERSON_EN = (
    r"(?:(?:your|the|this|that|our|my)\s+)?(?:pharmacy|pharmacys|pharmacist|pharmacists|store|stores|shop|shops"
    r"|branch|branchs|branches|chain|clinic|clinics|doctor|doctors|poison|emergency|jerusalem|tel aviv|dizengoff"
    r"|jaffa|you|yours|me|mine|this|whats|thats|its|lets|heres|theres|is|was|has|yes"
    r"|(?:poison\s+|emergency\s+)?(?:centers?|centres?|hospitals?|offices?|services?|lines?|mdas?))\b"
)
# "noa cohen's phone" (normalised "noa cohens phone"), "yossi's email", "her number": only with a request
# ("my friend isn't answering her phone" asks for nothing).
_OWNED_EN = re.compile(rf"\b(?!{_NOT_A_PERSON_EN})[a-z]+s\s+{_NOUN_EN}\b|\b(?:his|her|their)\s+(?:\w+\s+)?{_NOUN_EN}\b")
_REQUEST_EN = re.compile(
    r"\b(?:give|gimme|what|whats|need|get|send|tell|know|share|have|find|look up|want|can i|could i|may i)\b"
)
# "the phone number of noa cohen", "email for my neighbour", "the number of that customer" (a bare "number"
# only with a person said outright).
_OF_EN = re.compile(
    rf"\b{_NOUN_OF_EN}\s+(?:of|for)\s+(?!{_NOT_A_PERSON_EN})(?:{_PERSON_EN})|\bnumber\s+(?:of|for)\s+(?:{_RELATION_EN})"
)
_NOUN_HE = (
    r"(?:טלפונ|מספר הטלפונ|מספר טלפונ|מספר|הטלפונ|נייד|הנייד|פלאפונ|הפלאפונ|מייל|המייל|אימייל|האימייל|כתובת"
    r"|הכתובת|תז|תעודת הזהות|פרטי הקשר|פרטים)"
)
# "של" and who: not the pharmacy, a branch, a city, a service ("הטלפון של מד"א"), "mine" or "yours".
_NOT_A_PERSON_HE = (
    r"(?:ה?סניפ|ה?סניפימ|בית המרקחת|בית מרקחת|הרשת|ה?רוקח|ה?רוקחת|ירושלימ|תל אביב|דיזנגופ|יפו|הקופה|המרפאה"
    r"|ה?רופא|ה?רופאה|שלי|שלכמ|שלך|עצמי|מדא|ה?מרכז|ה?מוקד|בית ה?חולימ|ביהח|קופת|ה?משטרה|רמבמ|איכילוב)(?=\s|$)"
)
# "שלו" / "שלה" alone is also "its" (a branch's phone): only "של" and someone named counts.
_HE = re.compile(fold(r"(?:^|\s)ו?" + _NOUN_HE + r"\s+של\s+(?!" + _NOT_A_PERSON_HE + r")\S{2,}"))
# Details given rather than asked for ("my wife's number is 052-…, show her prescriptions"): another flow's.
_GIVEN = re.compile(r"\d{3}|@")


def asks_for_someones_contact(text: str) -> bool:
    """Whether ``text`` asks for another person's phone, email, address or ID.

    Args:
        text: The person's message.
    """
    if not isinstance(text, str) or not text.strip() or _GIVEN.search(text):
        return False
    norm = normalize(text)
    # Screened first (exact): on almost every message no contact noun occurs, and these run on every turn.
    if search(_HE, norm) or search(_OF_EN, norm):
        return True
    asks = _REQUEST_EN.search(norm) is not None or text.rstrip().endswith("?")
    return asks and search(_OWNED_EN, norm) is not None
