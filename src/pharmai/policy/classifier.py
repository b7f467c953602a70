"""The advice / diagnosis / comparison classifier: deterministic rules over normalised text, both languages.

A message is split into clauses ("Is Advil in stock, and should I take it?" → two clauses). A clause asks
for advice when one of the lexicon's cues occurs in it; a *weak* cue ("can I take", "how often") is
cancelled when the same clause asks what the label or leaflet says. A message is advice when any clause
is; it also has a factual part when another clause asks a factual question (stock, price, label, …), so
the engine still answers that part. Both lexicons run on every message, because people mix scripts
("אפשר לשלב Advil עם Coumadin?").
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from pharmai.errors import ValidationFailed
from pharmai.nlu import Understanding, understand
from pharmai.policy import _lexicon_en as en
from pharmai.policy import _lexicon_he as he
from pharmai.policy._ordinary_use import asks_for_own_medication
from pharmai.policy._pleasantry import is_pleasantry
from pharmai.policy._red_flag_gate import says_nothing
from pharmai.policy._rules import Rule, RuleSet, split_clauses, strip_label_phrases
from pharmai.policy._sign_in_gate import about_sign_in_only
from pharmai.policy.complaints import is_complaint, is_service_complaint
from pharmai.policy.off_topic import is_off_topic
from pharmai.policy.points_back import points_back
from pharmai.policy.red_flags import red_flags
from pharmai.policy.verdict import AdviceVerdict
from pharmai.text import normalize

__all__ = ["MAX_CLASSIFIED_CHARS", "Reading", "asks_by_purpose", "classify", "read"]

#: Only the start of a very long message is read: cues past it cannot be told from pasted text anyway,
#: and it bounds the work per message.
MAX_CLASSIFIED_CHARS = 4000

_LANGUAGES = ("he", "en")
_ADVICE_RULES = RuleSet(en.ADVICE_RULES + he.ADVICE_RULES)
_MESSAGE_RULES = RuleSet(en.MESSAGE_RULES + he.MESSAGE_RULES)
_PURPOSE_RULES = RuleSet(en.PURPOSE_RULES + he.PURPOSE_RULES)
# When several kinds of cue fire, the most specific names the refusal.
_KIND_ORDER = ("diagnosis", "comparison", "personal_dosage", "purpose", "advice")
# A cue phrase is overruled when the model gives advice less than this and is this sure of another intent.
_VETO_BELOW = 0.1
_SURE_OTHER = 0.8
_NEVER_VETO = frozenset({"advice", "symptom", "interaction"})
# "Is it safe to mix X and Y?" about nobody in particular asks what the interaction check says: with two
# medications named, these generic safety cues do not make it a request for advice when the model reads a
# general interaction question. With one ("…with alcohol?") no check answers it, and it stays a referral.
_GENERAL_SAFETY_CUES = frozenset({"is_it_safe", "safe", "beseder"})
_INTERACTION = 0.5
# "Show me medicines for a cough", "which painkillers are in stock?": the label guide makes it a
# recommendation, never a listing — and the catalog has no grouping by purpose to list from.
_PURPOSE_CUES = frozenset({"products_for", "products_by_class"})
# The class-word cue ("antibiotic", "painkiller"): the only one a message pointing back at a product drops.
_CLASS_CUE = frozenset({"products_by_class"})
# Below the model's own threshold, advice still counts when it is the model's first reading and this likely.
_ADVICE_FIRST = 0.25
_GENERAL_ADVICE_BELOW = 0.3
# A symptom is read only when the model holds it (its top guess on a message it cannot read is no reading).
_SYMPTOM = 0.5
# The model's intents that the engine can still answer beside a refusal.
_FACTUAL_INTENTS = frozenset(
    {"availability", "info", "price", "equivalents", "interaction", "list", "prescriptions", "refill_status",
     "refill_request", "handoff"}
)  # fmt: skip


@dataclass(frozen=True)
class Reading:
    """The classifier's full reading of a message, for explanations and the evaluation script.

    Attributes:
        verdict: The verdict.
        cues: Names of the advice cues that fired (empty for a factual message).
        cancelled: Names of weak cues cancelled because the clause asks about the label.
        factual_clauses: The normalised clauses read as factual questions.
    """

    verdict: AdviceVerdict
    cues: tuple[str, ...]
    cancelled: tuple[str, ...]
    factual_clauses: tuple[str, ...]


def _sure_of_other(reading: Understanding) -> bool:
    # Interaction questions are left out: "can I combine X with Y?" is often personal even when the model
    # reads it as an interaction question first.
    return any(score >= _SURE_OTHER for intent, score in reading.scores.items() if intent not in _NEVER_VETO)


def _vetoed_clause_by_clause(text: str, fired_in: Sequence[str]) -> bool:
    # The model reads the whole message: "Do you have X at Y? Would it help my allergies?" is mostly a stock
    # question to it. A cue in a clause of its own stands unless the model, reading that clause alone,
    # is as sure it asks something else.
    if len(fired_in) == 1 and fired_in[0].strip() == text.strip():
        return True
    for clause in fired_in:
        alone = understand(clause)
        if not (alone.advice_score < _VETO_BELOW and _sure_of_other(alone)):
            return False
    return True


def _advice_first(reading: Understanding) -> bool:
    return reading.intents[0] == "advice" and reading.advice_score >= _ADVICE_FIRST


def _general_interaction(whole: str, reading: Understanding, fired: Sequence[Rule]) -> bool:
    return (
        reading.scores.get("interaction", 0.0) >= _INTERACTION
        and reading.advice_score < _GENERAL_ADVICE_BELOW
        and all(cue.name in _GENERAL_SAFETY_CUES for cue in fired)
        and not _personal(whole)
    )


def _personal(whole: str) -> bool:
    return bool(en.PERSONAL.search(whole) or he.PERSONAL.search(whole))


def _check(text: object, language: object) -> str:
    fields = []
    if not isinstance(text, str):
        fields.append({"field": "text", "reason": "must be a string"})
    if language is not None and language not in _LANGUAGES:
        fields.append({"field": "language", "reason": "must be 'he', 'en' or null"})
    if fields:
        raise ValidationFailed(fields)
    assert isinstance(text, str)
    return text[:MAX_CLASSIFIED_CHARS]


def _is_label_clause(clause: str) -> bool:
    return bool(en.LABEL.search(clause) or he.LABEL.search(clause))


def _is_factual_clause(clause: str) -> bool:
    return bool(en.FACTUAL.search(clause) or he.FACTUAL.search(clause))


def _kind(cues: Sequence[Rule]) -> str:
    kinds = {cue.kind for cue in cues}
    return next(kind for kind in _KIND_ORDER if kind in kinds)


def read(text: str, language: str | None = None, spans: Sequence[tuple[int, int]] = ()) -> Reading:
    """Classify ``text`` and explain the verdict.

    Args:
        text: The person's message, in Hebrew, English or both.
        language: ``he``, ``en`` or ``None``; a hint only (both lexicons always run).
        spans: ``(start, end)`` of the medication names the catalog found in ``text`` (for the model).

    Raises:
        ValidationFailed: ``text`` is not a string or ``language`` is not ``he``/``en``/``None``.
    """
    text = _check(text, language)
    fired: list[Rule] = []
    fired_in: list[str] = []  # the clauses the cue phrases fired in
    cancelled: list[str] = []
    factual: list[str] = []
    label_before = False
    # "the usual cholesterol meds please": one's own medication asked for again, never a product picked by its use.
    own_order = not spans and asks_for_own_medication(text)
    for clause in split_clauses(text):
        if is_pleasantry(clause):
            continue  # "hope everything is ok, got advil?": small talk, never "is it ok to…?"
        found = _ADVICE_RULES.hits(strip_label_phrases(clause))
        if not spans and not own_order:
            purpose = _PURPOSE_RULES.hits(clause)
            if _is_factual_clause(clause):
                # "which painkillers are in stock?" asks a fact, if one the catalog cannot sort by (the engine
                # says so); "and painkillers?" or "what do you have for a cough?" asks for a pick.
                purpose = [cue for cue in purpose if cue.name != "products_by_class"]
            found += purpose
        # "According to the label, how often…": the label named in one clause governs the next one too.
        label_here = _is_label_clause(clause)
        if label_here or label_before:
            cancelled.extend(cue.name for cue in found if cue.weak)
            found = [cue for cue in found if not cue.weak]
        if found:
            fired.extend(found)
            fired_in.append(clause)
        elif _is_factual_clause(clause):
            factual.append(clause)
        label_before = label_here
    whole = normalize(text)
    if en.DIAGNOSIS_CONTEXT.search(whole) or he.DIAGNOSIS_CONTEXT.search(whole):
        for clause in split_clauses(text):
            fired.extend(_MESSAGE_RULES.hits(clause))
    # The rules are exact about the phrasings they know; the trained model generalises to the others.
    # Either is enough to refuse: a refused factual question costs less than advice given.
    reading = understand(text, spans)
    flags = red_flags(text, reading)
    symptom = reading.scores.get("symptom", 0.0) >= _SYMPTOM
    # The model's best guess counts too when it is below its threshold: a message it reads as nothing more
    # likely than a request for advice ("do I need an antibiotic or will it pass?") is refused.
    model_advice = (reading.advice or _advice_first(reading)) and not cancelled
    factual_intent = any(intent in _FACTUAL_INTENTS for intent in reading.intents)
    if (
        fired
        and reading.advice_score < _VETO_BELOW
        and _sure_of_other(reading)
        and not flags
        and _vetoed_clause_by_clause(text, fired_in)
    ):
        # The model, sure the message asks something else ("what can you do here?", "I'd rather talk to a
        # real pharmacist"), overrules a cue phrase that fired on its words: on the dev split this halved the
        # factual questions refused and lost no advice request.
        # A product asked for by its purpose is a recommendation even when the model reads a listing,
        # unless the message also asks a fact ("which allergy medicines are in stock?" is a listing).
        kept = _PURPOSE_CUES if not _is_factual_clause(text) else frozenset()
        cancelled.extend(cue.name for cue in fired if cue.name not in kept)
        fired = [cue for cue in fired if cue.name in kept]
    if fired and not flags and not spans and {cue.name for cue in fired} <= _CLASS_CUE and points_back(text):
        # "another antibiotic like it?": a product like the one just talked about (its equivalents, which the
        # catalog answers), not one picked by purpose; with no product in the thread the engine still refers it.
        cancelled.extend(cue.name for cue in fired)
        fired = []
    if fired and not flags and len(spans) >= 2 and _general_interaction(whole, reading, fired):
        cancelled.extend(cue.name for cue in fired)
        fired = []
    if model_advice and not fired and factual and not flags and not symptom and not _personal(whole):
        # Only the model reads advice into a factual question about nobody in particular ("what is the dose
        # of ibuprofen?"): the question is about the product, and the label answers it.
        model_advice = False
    if not fired and (is_complaint(text, bool(spans)) or is_service_complaint(text)):
        # "this bot is useless", "you said Nurofen was in stock and there was none": about the assistant or
        # the service, not a health question (a message that also names a symptom is never one).
        model_advice = symptom = False
    if not fired and not flags and not spans and (about_sign_in_only(text) or is_off_topic(text)):
        # "who's gonna win the world cup", "i dont have the code": no health content, so the model's symptom or
        # advice guess on it is none (see .off_topic and ._sign_in_gate for what keeps a reading).
        model_advice = symptom = False
    if not fired and not flags and says_nothing(text):
        symptom = False  # "cool I'm on my way", "just 5??": the model's symptom guess on empty words
    if not fired and not model_advice:
        score = 0.3 if cancelled else 0.0
        verdict = AdviceVerdict(False, score=score, red_flags=flags, symptom=symptom)
        return Reading(verdict, (), tuple(cancelled), tuple(factual))
    names = tuple(dict.fromkeys(cue.name for cue in fired)) or ("model",)
    verdict = AdviceVerdict(
        True,
        kind=_kind(fired) if fired else "advice",
        has_factual_part=bool(factual) or factual_intent,
        score=min(0.99, 0.6 + 0.1 * len(names)) if fired else round(reading.advice_score, 3),
        red_flags=flags,
        symptom=symptom,
    )
    return Reading(verdict, names, tuple(cancelled), tuple(factual))


def classify(text: str, language: str | None = None, spans: Sequence[tuple[int, int]] = ()) -> AdviceVerdict:
    """Whether ``text`` asks for advice, a diagnosis or a comparison, and whether it also asks facts.

    Args:
        text: The person's message, in Hebrew, English or both.
        language: ``he``, ``en`` or ``None`` (a hint; both languages' cues are always read).
        spans: ``(start, end)`` of the medication names the catalog found in ``text`` (for the model).

    Returns:
        The verdict: ``is_advice``, its ``kind`` (``advice``, ``diagnosis``, ``comparison`` or
        ``personal_dosage``), ``has_factual_part`` and a ``score``.

    Raises:
        ValidationFailed: ``text`` is not a string or ``language`` is not ``he``/``en``/``None``.
    """
    return read(text, language, spans).verdict


def asks_by_purpose(text: str) -> bool:
    """Whether ``text`` asks for products by what they treat ("which painkillers…", «מה יש לכם נגד כאבים»).

    Also when the classifier reads it as a factual listing ("…in stock?"): the catalog is not grouped by
    purpose, so no tool can list such products, and an engine says so instead of listing the whole catalog.
    """
    return any(_PURPOSE_RULES.hits(clause) for clause in split_clauses(text))
