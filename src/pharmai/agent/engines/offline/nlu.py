"""Understanding one message: its intents, its dialogue act and its slots, in English and Hebrew.

Intents come from the trained model (:mod:`pharmai.nlu`), which generalises over word order, typos and
slang; the cue phrases below (matched on the normalised text, Hebrew prefixes allowed) are kept where they
are exact — one-time codes, identifiers, another person's records, handoff verbs — and decide when the
model is unsure. Medications come from the injected catalog ``mentions`` callable, identifiers from
:mod:`pharmai.text`. Nothing here calls a tool or reads the database.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from pharmai.agent.engines.offline import _cues as c
from pharmai.agent.engines.offline._follow_words import SAME_INGREDIENT
from pharmai.agent.engines.offline._items import loose_items
from pharmai.agent.engines.offline._not_names import GENERIC_NAME, covered, waved_off_first
from pharmai.agent.engines.offline._others import asks_what_another_takes
from pharmai.agent.engines.offline._plain_words import covered_plain, only_symptoms, plain_item
from pharmai.agent.engines.offline._pleasantry_part import question_besides_pleasantry
from pharmai.agent.engines.offline._stock_frame import asks_stock_of_a_name
from pharmai.agent.engines.offline._thanks_part import question_besides_thanks
from pharmai.agent.engines.offline._typos import corrected
from pharmai.agent.engines.offline.rx_fact import asks_if_rx
from pharmai.nlu import Understanding, spans_of, understand
from pharmai.pharmacy.search import typed_name
from pharmai.pharmacy.self_correction import drop_self_corrected
from pharmai.policy import is_complaint
from pharmai.policy._pleasantry import is_pleasantry
from pharmai.policy._sign_in_gate import about_sign_in_only, wants_records_without_sign_in
from pharmai.policy.complaints import is_service_complaint, names_health
from pharmai.policy.declines_person import declines_a_person
from pharmai.policy.off_topic import is_off_topic
from pharmai.text.fuzzy import TokenVocabulary
from pharmai.text.identifiers import find_email, find_phone
from pharmai.text.normalize import normalize, prefix_variants
from pharmai.text.prefilter import search as _screened  # exact: skips cue lists that cannot match

__all__ = ["PLACES", "MentionsFn", "Parsed", "last_product_request", "medication_groups", "parse", "remainder_query"]

MentionsFn = Callable[[str], Sequence[Any]]

_DOSING = re.compile(
    r"\b(?:take|taking|give|giving|dose|dosage|mg|can i have|may i have|allowed|a day|per day|daily|too much|max|"
    r"maximum)\b|" + c.cues("לקחת", "ליטול", "לתת", "מינון", "אפשר", "מותר", "ביום", "מקסימום").pattern
)

# "plavix + omeprazole?": a plus between two words joins them as a pair to check, as "with" does (not "2+2").
_PLUS = re.compile(r"[^\W\d]\s*\+\s*[^\W\d]")

#: Places people ask about where the chain has no branch (key → English and Hebrew name).
PLACES = c.PLACES


@dataclass
class Parsed:
    """One message, understood.

    Attributes:
        text: The message as typed.
        norm: Its normalised form.
        intent: The main intent (see :func:`parse`).
        meds: Medication groups named, each a tuple of product ids (one per mention, in order).
        mentions: The raw catalog mentions.
        email / phone / code: Identifiers and a 6-digit one-time code found in the text.
        refs: Prescription references: 1-based positions (``-1`` = the last one).
        store: A store named (``s1`` / ``s2``) or ``None``.
        stores: Every store named, in the order named ("at Dizengoff and Jerusalem?" checks both).
        other_store: No store is named but "the other branch" is (the engine picks which one).
        facets: Parts of the medication facts asked for (dosage, warnings, rx, ingredients).
        rx_filter / stock_filter: Filters for listing medications.
        also: The message adds to what was asked before ("and the Simovil too", "וגם את הסימוביל").
        yes / no: The message answers a question.
        reading: The trained model's reading (``None`` for an empty message).
        intents: Every request of the message, most specific first (``intent`` is the first).
        place: A place named where the chain has no branch (a key of :data:`PLACES`).
        confirmed: The person just confirmed the medication ("did you mean …?" → "yes"): no new question.
        rule_intent: What the cue phrases alone read (a second request the model may have missed).
        clause_intents: The cue phrases' reading of each part of a message that asks several things.
        loose: Items of a list of names that the catalog did not recognise ("acamol, zirtek and claritin").
    """

    text: str
    norm: str
    intent: str = "unknown"
    meds: list[tuple[str, ...]] = field(default_factory=list)
    mentions: list[Any] = field(default_factory=list)
    email: str | None = None
    phone: str | None = None
    code: str | None = None
    refs: list[int] = field(default_factory=list)
    store: str | None = None
    stores: list[str] = field(default_factory=list)
    other_store: bool = False
    facets: set[str] = field(default_factory=set)
    rx_filter: str | None = None
    stock_filter: str | None = None
    interaction_cue: bool = False
    also: bool = False
    names: dict[tuple[str, ...], str] = field(default_factory=dict)
    yes: bool = False
    no: bool = False
    reading: Understanding | None = None
    intents: list[str] = field(default_factory=list)
    place: str | None = None
    confirmed: bool = False
    rule_intent: str = "unknown"
    clause_intents: list[str] = field(default_factory=list)
    loose: list[str] = field(default_factory=list)

    @property
    def names_a_target(self) -> bool:
        """Whether the message names a medication, a prescription, a store or a place of its own.

        A follow-up that names none ("since when?", "check again") is about what the thread last talked of.
        """
        return bool(self.meds or self.refs or self.store or self.place)

    @property
    def act(self) -> str:
        """The dialogue act (``new``, ``affirm``, ``deny``, ``affirm_content``, ``correction``, ``ellipsis``)."""
        return self.reading.act if self.reading is not None else "new"

    @property
    def identifier(self) -> str | None:
        """The email or phone given, if any."""
        return self.email or self.phone


def medication_groups(mentions: Sequence[Any]) -> list[tuple[str, ...]]:
    """The distinct medications named, each as its tuple of product ids."""
    groups: list[tuple[str, ...]] = []
    for mention in mentions:
        ids = tuple(getattr(mention, "med_ids", ()) or ())
        if ids and ids not in groups:
            groups.append(ids)
    return groups


_EDGE_PUNCTUATION = "?!.,;:()[]{}\"'“”‘’«»…-–—"


# Misspelt request words ("prescripton", "basicaly", "equivelent") are still request words, never a name to
# look up: only long ones, where one or two edits cannot turn one word into another.
_STOP_TYPOS = TokenVocabulary(word for word in c.STOP if len(word) >= 6)


_PREFIX_LETTERS = frozenset("ובלהמשכ")


def _is_stop(word: str) -> bool:
    # "והוא", "שזה", "בירושלים": a stop word behind Hebrew prefix letters is still one.
    if any(variant in c.STOP for variant in prefix_variants(word)):
        return True
    if len(word) >= 6 and bool(_STOP_TYPOS.corrections(word, limit=1)):
        return True
    return corrected(word) != word  # "dosge", "efects": a misspelt request word is no name either


def remainder_query(text: str) -> str:
    """What is left of a message once intent words are removed: the likely medication name, as typed.

    The words are kept in their original spelling (final letters, case), so a reply that echoes them never
    shows the normalised form.
    """
    words, kept = _unexplained(question_besides_thanks(text) or text)  # "thanks a bunch": never a name
    # A symptom, a branch's parking, "for my husband", "mm-hmm", alcohol: never a name either (a complaint
    # alone is kept, so that it still reads as one).
    plain = covered_plain(words, kept)
    return " ".join(words[index] for index in kept if index not in plain)[:80]


def _unexplained(text: str) -> tuple[list[str], list[int]]:
    """The words of ``text`` (edge punctuation stripped) and the positions no request word explains."""
    kept: list[int] = []
    words = [raw.strip(_EDGE_PUNCTUATION) for raw in text.split()]
    phrases = covered(words)  # a store, a place, "forget it", "what the label says": never a name either
    for index, word in enumerate(words):
        folded = normalize(word)
        # "ב-200": a number with a prefix letter is a strength or a count, never a name.
        if not folded or all(part.isdigit() or _is_stop(part) or part in _PREFIX_LETTERS for part in folded.split()):
            continue
        if index not in phrases:
            kept.append(index)
    return words, kept


def _only_symptoms(text: str) -> bool:
    """ "sore throat", «שיעול»: every word no request word explains is a complaint's (the symptom flow's)."""
    words, kept = _unexplained(text)
    plain = covered_plain(words, kept)
    return only_symptoms(words, [index for index in kept if index not in plain])


# "need 3 things:", «שני דברים:», «שתי שאלות»: how many things the message asks, never "the 2nd prescription".
_COUNT_OF_ASKS = re.compile(
    r"\b(?:two|three|four|five|a couple of|couple of|\d)\s+(?:things|questions|qs|quick ones)\b|"
    r"(?:^|\s)(?:שני|שתי|שלושה|שלוש|ארבעה|ארבע|\d)\s+(?:דברימ|שאלות|עניינימ|נושאימ)(?=\s|$)"
)


def _refs(norm: str, text: str) -> list[int]:
    norm = _COUNT_OF_ASKS.sub(" ", norm)
    refs = [int(match.group(1)) for match in c.NUMBER_REF.finditer(text)]
    for pattern, value in c.ORDINALS:
        if pattern.search(norm):
            refs.append(value)
    bare = c.BARE_NUMBER.match(text)
    if bare:
        refs.append(int(bare.group(1)))
    return list(dict.fromkeys(refs))


def _other_person(p: Parsed) -> bool:
    """The message asks for someone else's prescriptions (by name, pronoun, relation or user id)."""
    if c.OTHER_EN.search(p.text) or c.OTHER_HE.search(p.norm) or asks_what_another_takes(p.text):
        return True
    if p.identifier and (c.THIRD_PARTY_CONTACT_EN.search(p.text) or c.THIRD_PARTY_CONTACT_HE.search(p.norm)):
        return True
    return bool(c.USER_ID.search(p.text) and c.RX_WORD.search(p.norm))


def _posing(p: Parsed) -> bool:
    return bool(c.SYSTEM_PREFIX.search(p.text) or c.INJECTION.search(p.norm))


# The model's intents in the order the engine answers them: the most specific request first.
_ORDER = (
    "refill_request", "refill_status", "prescriptions", "equivalents", "interaction", "availability", "info",
    "price", "list", "symptom", "advice", "medication", "followup", "greeting", "thanks", "help", "out_of_scope",
)  # fmt: skip
_ENGINE_NAMES = {"out_of_scope": "unknown"}
# Below this the model is unsure, and the cue phrases decide.
_CONFIDENT = 0.5
# The model alone decides (against the cue phrases, or for another person's records and handoff) from here.
_SURE = 0.8
_UNLIKELY = 0.2
_LEANING = 0.25
_HANDOFF_SCORE = 0.6
# Another person's records when the message also names a relative or someone's phone / email beside a
# prescription word ("my wife's Zoloft prescription", "her phone is 05…").
_MAYBE = 0.2
_RELATION = re.compile(
    r"\b(?:wife|husband|partner|mother|mom|mum|father|dad|son|daughter|brother|sister|friend|neighbou?r|grandma|"
    r"grandpa|grandmother|grandfather|aunt|uncle|colleague|roommate|boss)s?\b|\b(?:she|he|her|his|their)\b|"
    + c.cues(
        "אשתי", "בעלי", "אמא שלי", "אבא שלי", "אמי", "אבי", "הבן שלי", "הבת שלי", "בני", "בתי", "אחי", "אחותי",
        "השכן", "השכנה", "חבר שלי", "חברה שלי", "סבתא", "סבא", "בן הזוג", "בת הזוג", "שלה", "שלו", "שלהם",
    ).pattern
)  # fmt: skip


def _model_intents(p: Parsed) -> list[str]:
    reading = p.reading
    if reading is None:
        return []
    held = [i for i in _ORDER if reading.scores.get(i, 0.0) >= _CONFIDENT]
    if not held:
        # Nothing sure: the best reading still beats no reading when the cue phrases know nothing either.
        top = max(_ORDER, key=lambda i: reading.scores.get(i, 0.0))
        held = [top] if reading.scores.get(top, 0.0) >= _LEANING else []
    if p.meds and "medication" in held and len(held) > 1:
        held.remove("medication")
    if not p.meds and (is_off_topic(p.text) or about_sign_in_only(p.text)):
        # "who's gonna win the world cup", "i dont have the code": no health content, so no symptom or advice.
        held = [i for i in held if i not in ("symptom", "advice")]
    if "interaction" in held and len(p.meds) < 2 and not p.interaction_cue:
        # One name and no "with"/"together": nothing to check against ("מידע על איבופרופן" names an
        # ingredient that several products share, which the model may read as several medications).
        held.remove("interaction")
    return [_ENGINE_NAMES.get(i, i) for i in held]


# The requests that would look a word up in the catalog: an off-topic subject is never one to look up.
_LOOKUPS = frozenset(
    {"info", "unknown", "followup", "medication", "availability", "price", "list", "symptom", "advice"}
)


# The readings of a question for "an identical one" with no name (the model hears "is there…?" as stock).
_LIKE_IT_READINGS = frozenset({"availability", "info", "unknown", "followup", "medication"})


# The readings a message of complaint words alone may get from the model ("cough" read as a name or a follow-up).
_SYMPTOM_ALONE = frozenset({"unknown", "followup", "info", "medication", "symptom"})


def _explains_named(p: Parsed, intent: str) -> bool:
    """Whether two or more names are asked about ("tell me about", "explain") with no word of a pair or of stock."""
    if len(p.meds) < 2 or not _screened(c.INFO_STRONG, p.norm):
        return False
    if intent == "interaction":
        return not p.interaction_cue
    return intent == "availability" and not (p.store or p.place or _screened(c.AVAILABILITY, p.norm))


def _intent(p: Parsed, identity_pending: bool) -> str:
    intent = _main_intent(p, identity_pending)
    if not p.meds and intent in ("list", "unknown", "followup", "info") and wants_records_without_sign_in(p.text):
        return "prescriptions"  # "i dont have the code, just show me": the records, which need a sign-in first
    if not p.meds and intent in _LOOKUPS and is_off_topic(p.text):
        return "unknown"  # "ספר לי בדיחה", "is there a game tonight?": no product to look up, out of scope
    if intent in ("availability", "info") and not p.meds and "list" in p.intents and (p.stock_filter or p.rx_filter):
        return "list"  # "anything out of stock at the moment?" names no product: a listing
    if not p.meds and intent in ("symptom", "advice") and asks_stock_of_a_name(p.text, remainder_query(p.text)):
        return "availability"  # «יש בלורזין?»: a word the model never saw, asked for in stock, is a name to look up
    if not p.meds and intent in _SYMPTOM_ALONE and _only_symptoms(p.text):
        return "symptom"  # "sore throat", «שיעול»: a complaint, referred (never a product looked up or picked)
    if _explains_named(p, intent):
        # «ספר לי על זירטק ועל קלריטין», "can you explain X and Y": what each is (the model hears a pair, or a
        # stock question, in two names); the labels' flow still checks the names together, so a pair to avoid is
        # warned of all the same.
        return "info"
    if intent in ("unknown", "followup") and p.meds and not p.refs:
        intent = "medication"  # "glucophage 500 please": a product named is a question about it
    if intent == "medication" and c.NEED.search(p.norm):
        return "availability"  # "I need Moxypen urgently": whether it can be had, not its leaflet
    if p.meds and (p.place or (p.store and intent == "medication")) and intent in ("info", "medication"):
        return "availability"  # "check Nurofen in Haifa", "how about Nurofen at Jaffa Street": where, not what
    if intent == "availability" and p.meds and c.WHATS_IN.search(p.norm) and not c.AVAILABILITY.search(p.norm):
        p.facets.add("ingredients")
        return "info"  # "מה יש בנורופן?": what is in it (the model reads "יש" as stock)
    if intent in ("info", "equivalents", "medication", "unknown", "followup") and GENERIC_NAME.search(p.norm):
        p.facets.add("ingredients")
        return "info"  # "what's the generic name of Zoloft?": its active ingredient (the model hears "generic")
    if intent == "prescriptions" and not (p.refs or p.identifier) and asks_if_rx(p.norm, named=bool(p.meds)):
        return "info"  # "glucofage 850 is it prescription": the label's fact, never a sign-in to the records
    if intent == "price" and p.meds and c.CHEAPER.search(p.norm):
        return "equivalents"  # "anything cheaper than Lipitor?": another product (prices are not on file)
    if not p.meds and intent in _LIKE_IT_READINGS and not p.facets and _screened(c.IDENTICAL_ONE, p.norm):
        return "equivalents"  # "anything identical in stock?", «ואת הזהה יש לכם?»: a product like the one in play
    if not p.meds and intent in _LIKE_IT_READINGS and SAME_INGREDIENT.search(p.norm):
        return "equivalents"  # "anything with the same stuff in it?", «משהו עם אותו חומר?»: a product like it
    if intent in ("info", "equivalents", "medication", "unknown", "followup") and _compares(p):
        # "is Litorva the same as Lipitor?": the model knows no comparison and reads the names as a question
        # about each (two full labels) or as equivalents of the first; one line says what was asked.
        return "compare"
    return intent


def _compares(p: Parsed) -> bool:
    """Two or more products named and asked whether they are the same, or how they differ."""
    return len(p.meds) >= 2 and bool(c.COMPARE.search(c.COMPARE_TIMES.sub(" ", p.norm)))


def _main_intent(p: Parsed, identity_pending: bool) -> str:
    norm, reading = p.norm, p.reading
    p.rule_intent = _rule_intent(p)
    scores = reading.scores if reading is not None else {}
    if p.code and (identity_pending or not p.meds):
        return "code"
    # Someone else's records: never a sign-in to their phone or email, never a check of the person's own.
    other = scores.get("other_rx", 0.0)
    relative = bool(
        (_screened(c.RX_WORD, norm) or _screened(c.REFILL, norm))
        and (_screened(_RELATION, norm) or p.identifier or _screened(c.USER_ID, p.text))
    )
    if (_other_person(p) and (not p.meds or p.identifier)) or other >= _SURE or (relative and other >= _MAYBE):
        return "other_rx"
    if p.identifier or (not p.meds and _screened(c.SIGN_IN, norm) and not names_health(norm)):
        return "identity"  # "sign me in", «להתחבר»: the sign-in, never a look-up of "sign" (health words first)
    # "the pharmacist was rude" is about a pharmacist, not a request for one ("let me talk to one" still is).
    service = not p.meds and is_service_complaint(p.text)
    asks_for_one = bool(_screened(c.HANDOFF_VERB, norm) or (not p.meds and _screened(c.HANDOFF_NEED, norm)))
    person = c.NOT_A_PERSON.sub(" ", norm)  # «מצב מנהל», "admin mode": a claimed mode, never a manager
    handoff_cue = _screened(c.HANDOFF, person) and (asks_for_one or (len(norm.split()) <= 3 and not service))
    if (handoff_cue or (scores.get("handoff", 0.0) >= _HANDOFF_SCORE and (asks_for_one or not service))) and not (
        declines_a_person(p.text)  # "I don't want to talk to anyone": never a ticket for a pharmacist
    ):
        return "handoff"
    if is_complaint(p.text, bool(p.meds)) or service:
        return "complaint"  # about the assistant or the service: an apology, never a refusal
    if _screened(c.CANCEL, norm) and not waved_off_first(p.text):
        return "cancel"  # nothing is pending here; a refill is never requested by "cancel my refill"
    if not p.meds and (_screened(c.HOURS, norm) or _screened(c.HOURS_ASK, norm)):
        return "hours"  # exact, and nothing the model was taught: opening hours are not on file
    if _screened(c.DELIVERY, norm) and not _screened(c.REFILL, norm):
        return "delivery"  # no orders or delivery here: said so, and a named product's stock checked
    rule = _rule_intent(p)
    if rule == "prescriptions" and _posing(p):
        return rule  # a fake "system" note asking for prescriptions is still only that: identity first
    model = [i for i in p.intents if i not in ("advice", "symptom")] or p.intents
    if not model:
        return rule
    first = model[0]
    # "prescription" alone is a weak cue for the label: "can I get more Glucophage on my prescription?".
    weak = rule in ("unknown", "medication") or (
        rule == "info" and not _screened(c.INFO_STRONG, norm) and p.facets <= {"rx"}
    )
    if first in ("advice", "symptom") and not weak:
        return rule  # the verdict refuses the advice; the cue phrases name the factual part to answer
    if first == "greeting" and rule == "thanks":
        return rule  # "טוב ביי": the exact words of a goodbye close the conversation, whatever greeting the model hears
    if weak or rule == first:
        return first
    # The cue phrases are exact about what they know; the model overrides them only when it is sure of
    # its own reading and gives theirs almost no weight ("what is out of stock right now?" is a listing).
    if (
        scores.get(first, 0.0) >= _SURE
        and scores.get(rule, 0.0) < _UNLIKELY
        and first not in ("followup", "medication")
    ):
        return first
    return rule


# A refill verb opening the message (after "ok" / "please"), as an order is given: "refill the moxypen one".
_REFILL_FIRST = re.compile(
    r"(?:(?:ok|okay|so|then|now|and|please|pls|אוקיי|אז|עכשיו|ו?בבקשה)\s+)*"
    r"(?:re ?fill|renew|ו?תחדש(?:י|ו)?|ו?חדש(?:י|ו)?)\s+(?!status\b|סטטוס)"
)


def _rule_intent(p: Parsed) -> str:
    """The cue phrases' reading (the model's tie-breaker)."""
    norm = p.norm
    if _screened(c.REFILL, norm):
        if _screened(c.REFILL_STATUS, norm) and not re.search(r"please|בבקשה|תזמין|להגיש|תגיש", norm):
            return "refill_status"
        # "refill moxypen", «תחדש את המוקסיפן»: the verb first, with no word of a question, is the request (the
        # server still asks before anything is submitted); "refill for moxypen?" without one asks the status.
        if _screened(c.REFILL_REQUEST, norm) or _REFILL_FIRST.match(norm):
            return "refill_request"
        return "refill_status"
    if _screened(c.MY_RX, norm) or (_screened(c.RX_WORD, norm) and _posing(p)):
        # A fake "system" note asking for prescriptions is still only a prescriptions request: identity first.
        return "prescriptions"
    if _compares(p):
        return "compare"
    if _screened(c.EQUIVALENT, norm) or (p.meds and _screened(c.CHEAPER, norm)):
        return "equivalents"
    if _screened(c.PRICE, norm) and not re.search(r"\b(?:take|give|dose|mg)\b|לקחת|לתת|מינון", norm):
        return "price"
    if not p.meds and _screened(c.LIST, norm):
        return "list"
    if not p.meds and (p.rx_filter or _screened(c.OUT_OF_STOCK, norm)) and re.search(r"medic|drug|תרופ|meds", norm):
        return "list"
    if len(p.meds) >= 2 and p.interaction_cue and not _screened(c.AVAILABILITY, norm):
        return "interaction"
    if _screened(c.AVAILABILITY, norm) or (p.meds and re.match(r"(ה|ו)?יש\b|(ה|ו)?אין\b", norm)):
        return "availability"
    if _screened(c.INFO, norm) or p.facets:
        # "what's the weather tomorrow" is not a medication question: a bare "what is" needs one word left.
        if not p.meds and not p.facets and not _screened(c.INFO, c.WEAK_INFO.sub(" ", norm)):
            return "info" if len(remainder_query(p.text).split()) == 1 else "unknown"
        return "info"
    if _screened(c.AVAILABILITY_WEAK, norm):
        return "availability"
    if p.meds:
        return "medication"
    if _screened(c.THANKS, norm):
        return "thanks"
    if _screened(c.HELP, norm):
        return "help"
    if _screened(c.GREETING, norm):
        return "greeting"
    return "unknown"


# Requests a greeting may open ("hi, i want to check my prescriptions"): the request is answered.
_REQUESTS = frozenset(
    {
        "prescriptions", "refill_status", "refill_request", "availability", "info", "equivalents", "interaction",
        "list", "price", "compare", "handoff", "hours", "delivery", "other_rx", "identity",
    }
)  # fmt: skip
# What the rest of a message with thanks may read as and still be only thanks ("you were great, thanks").
_NOT_A_QUESTION = ("thanks", "greeting", "unknown")


def parse(
    text: str, mentions: MentionsFn | None, *, identity_pending: bool = False, found: Sequence[Any] | None = None
) -> Parsed:
    """Read one message.

    Args:
        text: The user's message.
        mentions: The catalog's mention finder (``None`` or a failing one gives no medications).
        identity_pending: A one-time code was asked for, so six digits are read as the code.
        found: The catalog's mentions in ``text`` when the caller already has them (else ``mentions`` is asked).

    Returns:
        The intent and slots. Intents: ``code``, ``identity``, ``handoff``, ``other_rx`` (someone else's
        prescriptions), ``refill_request``,
        ``refill_status``, ``prescriptions``, ``equivalents``, ``list``, ``interaction``, ``availability``,
        ``hours``, ``delivery``, ``cancel``,
        ``info``, ``compare`` (are these products the same?), ``medication`` (a medication named without a
        cue), ``thanks``, ``help``, ``greeting``,
        ``unknown``.
    """
    if (kept := question_besides_pleasantry(text)) is not None:
        # "hope you're ok. any advil?", «מה שלומך? יש אקמול?»: the pleasantry says nothing of the request, which
        # is read as if sent alone (the model hears small talk loudest).
        return parse(kept, mentions, identity_pending=identity_pending)
    p = Parsed(text=text, norm=normalize(text))
    if found is None:
        try:
            found = list(mentions(text)) if mentions is not None and text.strip() else []
        except Exception:  # a bad message must not break the turn; it just names no medication
            found = []
    typed_all = list(found)
    found = drop_self_corrected(text, _drop_denied(text, typed_all))  # "lipitor... wait no, litorva"
    p.mentions = found
    p.names = {tuple(m.med_ids): typed_name(m, mentions) for m in found if getattr(m, "med_ids", None)}
    p.meds = medication_groups(found)
    p.loose = loose_items(text, typed_all)  # a name dropped as "not meant" is no unrecognised item either
    p.loose = [item for item in p.loose if not plain_item(item, text)]  # "fever", "alcohol": never a name
    p.email = find_email(text)
    p.phone = None if p.email else find_phone(text)
    code = c.CODE.search(text)
    p.code = code.group(1) if code and not p.phone else None
    p.refs = _refs(p.norm, text)
    found_at = {store_id: m.start() for store_id, pattern in c.STORES.items() if (m := pattern.search(p.norm))}
    for store_id, pattern in c.STORE_SHORT.items():  # "בי-ם", 'בי"ם': the dash or quote is gone once normalised
        if store_id not in found_at and (m := pattern.search(text)):
            found_at[store_id] = m.start()
    named = sorted((start, store_id) for store_id, start in found_at.items())
    p.stores = [store_id for _, store_id in named]
    p.store = p.stores[0] if p.stores else None
    p.other_store = p.store is None and bool(c.OTHER_STORE.search(p.norm))
    p.facets = _facets(p.norm)
    if c.NON_RX.search(p.norm):
        p.rx_filter = "non_rx"
    elif c.RX_ONLY.search(p.norm):
        p.rx_filter = "rx"
    if c.OUT_OF_STOCK.search(p.norm):
        p.stock_filter = "out_of_stock"
    elif c.IN_STOCK.search(p.norm):
        p.stock_filter = "in_stock"
    p.interaction_cue = bool(c.INTERACTION.search(p.norm) or _PLUS.search(p.text))
    p.also = bool(c.ALSO.search(p.norm))
    p.place = _place(p.norm) if p.store is None else None
    p.reading = understand(text, spans_of(typed_all)) if text.strip() else None
    p.intents = _model_intents(p)
    if "price" in p.intents and _price_is_dose(p):
        p.intents.remove("price")  # "how much Acamol should I take?" asks an amount, not a price
    p.intent = _intent(p, identity_pending)
    if p.intent == "thanks" and (asked := question_besides_thanks(text)) is not None:
        # "and in Jerusalem? thanks in advance": the question is answered (its reading), the thanks rides along.
        question = parse(asked, mentions, identity_pending=identity_pending)
        # "יש זורבקס?": a question about a word the catalog may not know is still asked (and looked up).
        unknown_name = question.intent == "unknown" and "?" in asked and bool(remainder_query(asked))
        if question.intent not in _NOT_A_QUESTION or unknown_name:
            p.intent, p.intents = question.intent, list(question.intents)
    if p.intent == "price" and _price_is_dose(p):
        p.intent = next(iter(p.intents), "advice")
    if len(p.meds) == 1 and p.intent in _SAME_AS_READS and _SAME_AS.search(p.norm):
        p.intent = "equivalents"  # "whats the same as moxypen", «מה זהה למוקסיפן»: what is like the one named
    if not p.meds and is_pleasantry(text):
        p.intent = "greeting"  # "hi there whats up", «היי מה נשמע»: small talk alone, never "up" looked up
    elif p.intent == "greeting" and (asked_too := next((i for i in _read_intents(p) if i in _REQUESTS), None)):
        # "hey i want to check my scripts": a greeting never hides the request the model also read in it.
        p.intent = asked_too
    if p.intent in ("refill_status", "refill_request") and not p.rx_filter:
        # "refill my Coumadin prescription": the word names what is refilled; only "does it need a
        # prescription?" (a prescription filter) asks the label's prescription fact.
        p.facets.discard("rx")
    p.clause_intents = _clause_intents(p)
    if p.intent in p.intents:
        p.intents.remove(p.intent)
    p.intents.insert(0, p.intent)
    return p


# "what's the same as X", "something identical to X", «מה זהה ל-X», «משהו שזהה ל-X»: with one product named, a
# question for products like it (two named and "the same" compares them).
_SAME_AS = re.compile(
    r"\b(?:whats|what is|what s|anything|something|which|any|other|another)\b.{0,30}?"
    r"\b(?:the same as|same as|identical to|identical with|equivalent to|exactly like)\b"
    r"|(?:^|\s)(?:מה|משהו|איזה|איזו|יש)\s+(?:\S+\s+){0,3}?ש?(?:זהה|זהים|זהות|שווה ערכ)\s+ל"
)
_SAME_AS_READS = frozenset({"info", "medication", "unknown", "availability"})


def _read_intents(p: Parsed) -> list[str]:
    """Every intent read in the message: the chosen ones, then the model's own (which a cue may have outvoted)."""
    return [*p.intents, *(p.reading.intents if p.reading is not None else ())]


def _price_is_dose(p: Parsed) -> bool:
    """ "how much Acamol should I take?": the words of a price ask an amount, in the clause that holds them.

    «כמה עולה? ואפשר בלי מרשם?» asks the price: the "אפשר" of another clause says nothing of the amount.
    """
    priced = [part for part in map(normalize, c.CLAUSES.split(p.text)) if part and _screened(c.PRICE, part)]
    return any(_DOSING.search(part) for part in priced) if priced else bool(_DOSING.search(p.norm))


def last_product_request(p: Parsed) -> str | None:
    """What a message of intent words only asks about the product just talked about, if anything.

    "is there a generic?" / "anything cheaper?" → ``equivalents``; "does it need a prescription?" / "אפשר בלי
    מרשם?" → ``rx`` (the label's prescription fact); "when will it come back?", "כמה יש", "only 5?", "יש
    ממנו?" → ``availability`` (stock, units, restock date). ``None``: nothing the product's facts answer.
    The caller checks that the message names no medication of its own (a name left over is looked up).
    """
    norm = p.norm
    if c.EXPIRY.search(norm):
        return None  # "when does it expire?": a prescription's date, not the product's restock date
    if "ingredients" in p.facets and GENERIC_NAME.search(norm):
        return "info"  # "what's the generic name of it?": its active ingredient, never its equivalents
    if c.GENERIC.search(norm) or c.EQUIVALENT.search(norm) or c.CHEAPER.search(norm) or p.intent == "equivalents":
        return "equivalents"
    if c.COMPARE.search(norm) or c.SAME_THING.search(norm) or SAME_INGREDIENT.search(norm):
        return "equivalents"  # "is it the same thing, basically?", "the same stuff in it?": what is identical to it
    if "rx" in p.facets or p.rx_filter:
        return "rx"
    if p.facets & {"dosage", "warnings", "ingredients"}:
        return "info"
    if c.RESTOCK.search(norm) or c.ONLY_COUNT.search(norm) or c.HOW_MANY_UNITS.search(norm):
        return "availability"
    if c.HAS.search(norm) or c.AVAILABILITY.search(norm) or c.AVAILABILITY_WEAK.search(norm):
        return "availability"
    if p.intent in ("availability", "info"):
        return p.intent
    return None


def _drop_denied(text: str, found: list[Any]) -> list[Any]:
    """ "לא התכוונתי לגלוקופאז, התכוונתי ללוסק", "not advil, I meant tylenol": only the name meant is kept.

    A name right after a negation ("not", "no", "לא", "didn't mean") is dropped when the message says which
    was meant ("meant", "התכוונתי") and names another one; anything else keeps every name (a negation in a
    question about taking them together, "no advil with coumadin?", is no correction).
    """
    if len({tuple(getattr(m, "med_ids", ()) or ()) for m in found}) < 2 or not c.MEANT.search(normalize(text)):
        return found
    kept = [m for m in found if not _DENIED.search(text[: int(getattr(m, "start", 0) or 0)])]
    return kept if kept and len(kept) < len(found) else found


_DENIED = re.compile(
    r"(?:\b(?:not|no|didn'?t mean|did not mean|don'?t mean|do not mean|wasn'?t|never meant)"
    r"|(?:^|\s)לא(?:\s+התכוונ\S*)?)"
    r"(?:\s+(?:the|to|about|את|על))?\s*[והלבש]{0,2}$",
    re.IGNORECASE,
)


def _clause_intents(p: Parsed) -> list[str]:
    """The cue phrases' reading of each part of a message that asks several things, in order."""
    parts = [normalize(part) for part in c.CLAUSES.split(p.text) if normalize(part)]
    if len(parts) < 2:
        return []
    found: list[str] = []
    for part in parts:
        # A clause's label facets are its own words': "hi, refill my Coumadin prescription" has a greeting
        # clause, which the other clause's "prescription" would otherwise make a question about the label.
        facets = _facets(part) if "rx" in p.facets else _facets(part) - {"rx"}
        clause = Parsed(text=part, norm=part, meds=p.meds, facets=facets, rx_filter=p.rx_filter)
        intent = _rule_intent(clause)
        if intent not in ("unknown", "medication", "greeting", "thanks", "help") and intent not in found:
            found.append(intent)
    return found


def _facets(norm: str) -> set[str]:
    """The parts of the label that ``norm`` asks for ("prescripton", "dosge": a misspelt word still says)."""
    text = c.HOW_MANY_OTHER.sub(" ", corrected(norm))
    return {name for name, pattern in c.FACETS.items() if pattern.search(text)}


def _place(norm: str) -> str | None:
    if not c.PLACE_SCREEN.search(norm):
        return None
    for pattern, key in c.PLACE_PATTERNS:
        if pattern.search(norm):
            return key
    return None
