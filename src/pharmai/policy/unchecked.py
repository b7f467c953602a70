"""A failed tool call is never a fact: what the assistant says when a tool could not answer, in both languages.

When the call that would establish a fact failed — refused by a limit (``RATE_LIMITED``), or the service,
the deadline or the database failed (``SERVICE_UNAVAILABLE``, ``TIMEOUT``, ``DB_ERROR``, ``INTERNAL``) — the
assistant knows nothing about that fact: not that it holds, and not that it does not. Saying "you don't have
any prescriptions on file" then tells a patient who has one something false. The reply must say that it
could not check, and when to try again.

:func:`unchecked_text` is that sentence, per *subject* (the kind of fact a tool establishes);
:func:`state_unchecked` holds any reply to the rule: every unchecked subject is said to be unchecked (the
sentence is put first unless the reply already says so), and sentences stating something about an
unchecked fact — an absence above all — are removed. What counts is decided from the turn's structured
outcomes (which tool failed, with which code, and what did succeed), never from how the engine phrased its
reply; the short lexicons below only find the sentences that speak about the unchecked fact.

Hebrew texts speak in the first person singular past ("לא הצלחתי"), the same for either gender, and address
the person in the plural ("המרשמים שלכם", "נסו שוב"), the neutral form of the other policy texts.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from pharmai.errors import RateLimited, ValidationFailed
from pharmai.policy import _reply_lexicon as lex
from pharmai.policy._rules import HE_PREFIX as P
from pharmai.policy._rules import SENTENCE_END, drop_sentences, fold
from pharmai.text import normalize
from pharmai.text.durations import duration_text

__all__ = [
    "FAILURE_CODES",
    "Unchecked",
    "family_of",
    "is_failure",
    "state_unchecked",
    "subject_of",
    "unchecked_text",
    "unsaid",
]

#: Codes meaning "the tool could not answer": a limit refused the call, or something it needs failed.
#: Every other code (``MED_NOT_FOUND``, ``IDENTITY_REQUIRED``, ``RX_EXPIRED``…) is an answer.
FAILURE_CODES = frozenset({"RATE_LIMITED", "SERVICE_UNAVAILABLE", "TIMEOUT", "DB_ERROR", "INTERNAL"})

# The fact each tool establishes, by tool name, for every profile (canonical and seed 000 / 001 / 002).
_SUBJECT_OF_TOOL = {
    "get_user_prescriptions": "prescriptions",
    "prescription_management": "prescriptions",
    "prescription_verify": "prescription",
    "request_refill": "refill",
    "inventory_check": "stock",
    "check_inventory": "stock",
    "inventory_find_equivalent": "equivalents",
    "list_medications": "catalog",
    "get_medication_by_name": "label",
    "get_medication": "label",
    "interaction_check": "interactions",
    "verify_customer_identity": "sign_in",
    "transfer_to_pharmacist": "handoff",
}
# Subjects that speak of the same facts: a prescription checked in the turn is a fact about prescriptions.
_FAMILY = {
    "prescriptions": "rx",
    "prescription": "rx",
    "refill": "rx",
    "stock": "stock",
    "equivalents": "stock",
    "catalog": "stock",
    "label": "label",
    "interactions": "interactions",
    "sign_in": "sign_in",
    "sign_in_code": "sign_in",
    "handoff": "handoff",
    "other": "other",
}

# What could not be done, per subject and language: (without a name, with ``{name}``). The part before
# the name is the sentence's head, which is how a reply is recognised as already saying so.
_WHAT: dict[str, dict[str, tuple[str, str]]] = {
    "en": {
        "prescriptions": ("check your prescriptions", "check your prescriptions"),
        "prescription": ("check your prescription", "check your prescription for {name}"),
        "refill": ("place the refill request", "place the refill request for {name}"),
        "stock": ("check the stock", "check the stock of {name}"),
        "equivalents": ("check for identical equivalents", "check for identical equivalents of {name}"),
        "catalog": ("look up the list of medications", "look up the list of medications"),
        "label": ("look up the details of that medication", "look up the details of {name}"),
        "interactions": ("check whether these medications interact", "check whether these medications interact"),
        "sign_in": ("send you a sign-in code", "send you a sign-in code"),
        "sign_in_code": ("check your sign-in code", "check your sign-in code"),
        "handoff": ("pass your request to a pharmacist", "pass your request to a pharmacist"),
        "other": ("check that", "check that"),
    },
    "he": {
        "prescriptions": ("לבדוק את המרשמים שלכם", "לבדוק את המרשמים שלכם"),
        "prescription": ("לבדוק את המרשם שלכם", "לבדוק את המרשם שלכם עבור {name}"),
        "refill": ("להגיש את בקשת החידוש", "להגיש את בקשת החידוש של {name}"),
        "stock": ("לבדוק את המלאי", "לבדוק את המלאי של {name}"),
        "equivalents": ("לחפש תחליפים זהים", "לחפש תחליפים זהים ל{name}"),
        "catalog": ("להציג את רשימת התרופות", "להציג את רשימת התרופות"),
        "label": ("לבדוק את הפרטים של התרופה", "לבדוק את הפרטים של {name}"),
        "interactions": ("לבדוק אם יש אינטראקציה בין התרופות", "לבדוק אם יש אינטראקציה בין התרופות"),
        "sign_in": ("לשלוח קוד אימות", "לשלוח קוד אימות"),
        "sign_in_code": ("לבדוק את קוד האימות", "לבדוק את קוד האימות"),
        "handoff": ("להעביר את הפנייה לרוקח/ת", "להעביר את הפנייה לרוקח/ת"),
        "other": ("לבדוק זאת", "לבדוק זאת"),
    },
}
_SENTENCE = {
    "en": "I'm sorry, I could not {what} just now — please try again {when}{extra}.",
    "he": "סליחה, לא הצלחתי {what} כרגע — נסו שוב {when}{extra}.",
}
# A limit that is not a passing hiccup (one email or phone asked for too many codes) keeps its own words.
_SENTENCE_WITH_REASON = {
    "en": "I'm sorry, I could not {what} just now. {reason}",
    "he": "סליחה, לא הצלחתי {what} כרגע. {reason}",
}
_HEAD = {"en": "I could not {what}", "he": "לא הצלחתי {what}"}
_SOON = {"en": "in a minute", "he": "בעוד דקה"}
_LATER = {"en": "in {wait}", "he": "בעוד {wait}"}
# Where else the person can turn meanwhile, for the facts that matter to their safety or need a person.
_EXTRA = {
    "interactions": {"en": ", or ask a pharmacist", "he": ", או פנו לרוקח/ת"},
    "handoff": {"en": ", or speak to the staff at the branch", "he": ", או פנו לצוות בסניף"},
}
# A wait of up to this many seconds reads as "in a minute".
_A_MINUTE = 60

# --- the reply side: sentences that speak about an unchecked fact in the negative ---------------------

_NEGATION = re.compile(
    fold(
        r"\b(?:no|not|none|nothing|nobody|never|without|cannot|cant|dont|doesnt|didnt|isnt|arent|wasnt|"
        r"werent|havent|hasnt|hadnt|wont|couldnt|unable|zero|neither|nor|out of)\b|"
        rf"\b{P}(?:אין|אינו|אינה|אינם|אינן|איני|אינני|לא|ללא|בלי|אזל|אזלה|אזלו|חסר|חסרה|חסרים|אף)\b"
    )
)
# Words saying something was looked for and not there, whatever the fact ("I don't see", "לא מצאתי").
_ABSENCE = re.compile(
    fold(
        r"\b(?:find|found|see|seeing|locate|exist|exists|any|on file|records?|registered|listed)\b|"
        rf"\b{P}(?:מצאתי|מוצא|מוצאת|רואה|קיים|קיימת|קיימים|רשום|רשומה|רשומים|רשומות|שום)\b"
    )
)
# The words of each family of facts, in both languages.
_FAMILY_WORDS = {
    "rx": r"\b(?:prescriptions?|rx|refills?|renew|renewal|renewed)\b|"
    rf"\b{P}(?:מרשם|מרשמים|חידוש|חידושים|לחדש)\b",
    "stock": r"\b(?:stock|stocked|available|availability|carry|carries|equivalents?|alternatives?|substitutes?|"
    r"medications|products|branch)\b|"
    rf"\b{P}(?:מלאי|זמין|זמינה|זמינים|תחליף|תחליפים|חלופה|חלופות|תרופות|מוצרים|סניף)\b",
    "label": r"\b(?:dosage|dose|label|ingredients?|warnings?|medication|medicine|information|details)\b|"
    rf"\b{P}(?:מינון|עלון|חומר|רכיב|רכיבים|אזהרה|אזהרות|תרופה|מידע|פרטים)\b",
    "interactions": r"\b(?:interacts?|interactions?|together|combination|combine|mix)\b|"
    rf"\b{P}(?:אינטראקציה|אינטראקציות|יחד|ביחד|שילוב|לשלב)\b",
    "sign_in": r"\b(?:code|verify|verified|verification|identity|account|email|phone)\b|"
    rf"\b{P}(?:קוד|אימות|לאמת|זהות|חשבון|מייל|טלפון)\b",
    "handoff": r"\b(?:pharmacist|ticket|transfer|staff)\b|" rf"\b{P}(?:רוקח|רוקחת|פנייה|פניה|צוות)\b",
    "other": r"(?!)",
}
_FAMILY_RE = {family: re.compile(fold(pattern)) for family, pattern in _FAMILY_WORDS.items()}
_RX_REQUIREMENT = re.compile(
    fold(
        r"\b(?:requires|needs|require|need|required) a prescription\b|\bprescription (?:only|medication|medicine)\b|"
        r"\b(?:תרופת מרשם|נדרש מרשם|דורשת מרשם|דורש מרשם|במרשם)\b"
    )
)
_MIN_NAME = 3


@dataclass(frozen=True)
class Unchecked:
    """A fact the turn could not establish: its subject, the medications it was about, and when to retry.

    Attributes:
        subject: What could not be checked (``prescriptions``, ``stock``, ``sign_in``…; :func:`subject_of`).
        names: The medications or prescriptions it was about, as the tools and the person named them.
        retry_after: Seconds the refusing limit asked to wait, when it said.
        tier: The limit that refused (``conversation``, ``verification``…), when one did.
        label: The medication's name to say, when the tools named it (names a person or model typed are
            only matched, never repeated).
    """

    subject: str
    names: tuple[str, ...] = ()
    retry_after: int | None = None
    tier: str | None = None
    label: str | None = None


def is_failure(code: object) -> bool:
    """Whether an error code means the tool could not answer (rather than answering with an error)."""
    return isinstance(code, str) and code in FAILURE_CODES


def subject_of(tool: str, arguments: object = None) -> str:
    """The subject a tool's answer establishes (``other`` for a tool this module does not know)."""
    subject = _SUBJECT_OF_TOOL.get(tool, "other")
    if subject == "sign_in" and isinstance(arguments, Mapping) and arguments.get("code"):
        return "sign_in_code"
    return subject


def family_of(subject: str) -> str:
    """The family of facts a subject belongs to (``rx``, ``stock``, ``label``…)."""
    return _FAMILY.get(subject, "other")


def _language(language: object) -> str:
    if language not in ("he", "en"):
        raise ValidationFailed([{"field": "language", "reason": "must be 'he' or 'en'"}])
    assert isinstance(language, str)
    return language


def _what(language: str, subject: str, name: str | None) -> str:
    plain, named = _WHAT[language].get(subject, _WHAT[language]["other"])
    return named.format(name=name.strip()) if name and name.strip() else plain


def unchecked_text(
    language: str,
    subject: str,
    *,
    name: str | None = None,
    retry_after: int | float | None = None,
    tier: str | None = None,
) -> str:
    """The sentence saying a fact could not be checked, and when to try again.

    Args:
        language: ``he`` or ``en``.
        subject: What could not be checked (:func:`subject_of`); an unknown subject reads "check that".
        name: The medication it was about, when there was one.
        retry_after: Seconds the refusing limit asked to wait (up to a minute reads "in a minute").
        tier: The limit that refused; the one-time-code budget of an email or phone (``verification``)
            keeps its own explanation, since waiting a minute would not help.

    Raises:
        ValidationFailed: ``language`` is not ``he`` or ``en``.
    """
    language = _language(language)
    what = _what(language, subject, name)
    if tier == "verification":
        reason = RateLimited({"retry_after": int(retry_after or 1), "tier": tier}).message(language)
        return _SENTENCE_WITH_REASON[language].format(what=what, reason=reason)
    wait = retry_after if isinstance(retry_after, int | float) and not isinstance(retry_after, bool) else None
    when = (
        _SOON[language]
        if wait is None or wait <= _A_MINUTE
        else _LATER[language].format(wait=duration_text(wait, language))
    )
    extra = _EXTRA.get(subject, {}).get(language, "")
    return _SENTENCE[language].format(what=what, when=when, extra=extra)


@functools.lru_cache(maxsize=64)
def _head(language: str, subject: str) -> str:
    # What the sentence says with or without a name: the words before the name.
    plain, named = _WHAT[language].get(subject, _WHAT[language]["other"])
    words, before = plain.split(), named.split("{name}", 1)[0].split()
    common = []
    for word, other in zip(words, before, strict=False):
        if word != other:
            break
        common.append(word)
    return normalize(_HEAD[language].format(what=" ".join(common)))


def _heads(language: str) -> tuple[str, ...]:
    return tuple(_head(language, subject) for subject in _WHAT[language])


def _names_in(text: str, names: Iterable[str]) -> bool:
    for name in names:
        folded = normalize(name)
        if len(folded) >= _MIN_NAME and re.search(rf"(?<!\S){P}{re.escape(folded)}(?!\S)", text):
            return True
    return False


def _own_sentences(language: str, items: Sequence[Unchecked]) -> set[str]:
    """The sentences of this module's own texts for ``items`` (their reason included), normalised."""
    own: set[str] = set()
    for item in items:
        for name in {None, item.label, *item.names}:
            text = unchecked_text(language, item.subject, name=name, retry_after=item.retry_after, tier=item.tier)
            own.update(normalize(s) for s in SENTENCE_END.split(text) if s.strip())
    return own


def _speaks_of_unchecked(
    sentence: str,
    language: str,
    unchecked: Sequence[Unchecked],
    open_families: set[str],
    anything_known: bool,
    own: set[str],
) -> bool:
    """Whether a sentence states something about a fact the turn could not establish.

    Positive or negative, a sentence about a family of facts nothing in the turn established ("your refill
    is requested", "no interactions are recorded") rests on nothing. Where some of the family was
    established (two stock checks of three went through), only a negative sentence naming an unchecked
    medication goes. A turn that established nothing at all can support no negative statement.
    """
    text = normalize(sentence)
    if not text or text in own or any(head in text for head in _heads(language)):
        return False  # it says something could not be checked (and why): that is the point
    if lex.REFUSAL_MARKER.search(text) or lex.AVOID_MARKER.search(text):
        return False  # a refusal or a warning is policy, not a fact
    # Whether a product needs a prescription is a label fact, not one about the person's prescriptions.
    about = _RX_REQUIREMENT.sub(" ", lex.NOT_RX.sub(" ", text))
    if any(_FAMILY_RE[family].search(about if family == "rx" else text) for family in open_families):
        return True
    if not _NEGATION.search(text):
        return False
    if not anything_known:
        return True
    if _names_in(text, (name for item in unchecked for name in item.names)):
        return True
    return bool(open_families) and bool(_ABSENCE.search(text))


def _merged(unchecked: Sequence[Unchecked]) -> list[Unchecked]:
    """One item per subject: every name, the longest wait, the most specific limit."""
    merged: dict[str, Unchecked] = {}
    for item in unchecked:
        seen = merged.get(item.subject)
        if seen is None:
            merged[item.subject] = item
            continue
        waits = [w for w in (seen.retry_after, item.retry_after) if w is not None]
        labels = {seen.label, item.label}
        merged[item.subject] = Unchecked(
            item.subject,
            tuple(dict.fromkeys((*seen.names, *item.names))),
            max(waits) if waits else None,
            "verification" if "verification" in (seen.tier, item.tier) else seen.tier or item.tier,
            seen.label if len(labels) == 1 else None,  # several medications: the sentence names none
        )
    return list(merged.values())


def state_unchecked(
    reply: str,
    *,
    language: str,
    unchecked: Sequence[Unchecked],
    known_families: Iterable[str] = (),
) -> tuple[str, bool]:
    """Hold a reply to the rule: what could not be checked is said to be unchecked, never said to be absent.

    Args:
        reply: The engine's reply.
        language: The reply language (``he`` or ``en``).
        unchecked: The facts the turn's tools could not establish.
        known_families: Families of facts some call of the turn did establish (:func:`family_of`); a sentence
            about them may be a fact, so only those naming an unchecked medication are removed.

    Returns:
        The reply (unchanged when nothing was unchecked, or it already says so and states no absence), and
        whether it changed.

    Raises:
        ValidationFailed: ``language`` is not ``he`` or ``en``.
    """
    language = _language(language)
    if not unchecked:
        return reply, False
    known = set(known_families)
    items = _merged(unchecked)
    open_families = {family_of(item.subject) for item in items} - known
    own = _own_sentences(language, items)
    text, dropped = drop_sentences(
        reply, lambda s: _speaks_of_unchecked(s, language, items, open_families, bool(known), own)
    )
    missing = unsaid(text, language=language, unchecked=items)
    result = "\n\n".join(part for part in (missing, text) if part)
    return result, dropped or bool(missing)


def unsaid(reply: str, *, language: str, unchecked: Sequence[Unchecked]) -> str:
    """The failure sentences ``reply`` does not say yet (one per subject), as one paragraph ("" for none).

    Raises:
        ValidationFailed: ``language`` is not ``he`` or ``en``.
    """
    language = _language(language)
    folded = normalize(reply)
    return " ".join(
        unchecked_text(language, item.subject, name=item.label, retry_after=item.retry_after, tier=item.tier)
        for item in _merged(unchecked)
        if _head(language, item.subject) not in folded
    )
