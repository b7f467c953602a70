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

from pharmai.nlu import Understanding, understand
from pharmai.text.identifiers import find_email, find_phone
from pharmai.text.normalize import normalize, prefix_variants

__all__ = ["PLACES", "Parsed", "clean_name", "medication_groups", "parse", "remainder_query"]

MentionsFn = Callable[[str], Sequence[Any]]

_PREFIX = "(?:^|(?<=\\s))[והבלמשכ]{0,3}"


def _cues(*phrases: str) -> re.Pattern[str]:
    """A pattern for cue phrases on normalised text; Hebrew cues may carry prefix letters."""
    parts = []
    for phrase in phrases:
        norm = normalize(phrase)
        if re.match(r"[\u05d0-\u05ea]", norm):
            parts.append(_PREFIX + re.escape(norm) + r"(?=\s|$)")
        else:
            parts.append(r"\b" + re.escape(norm) + r"\b")
    return re.compile("|".join(parts))


_HANDOFF = _cues(
    "pharmacist", "human", "real person", "a person", "someone", "staff member", "representative", "agent",
    "רוקח", "רוקחת", "נציג", "נציגה", "בן אדם", "אדם אמיתי", "מישהו",
)  # fmt: skip
_HANDOFF_VERB = _cues(
    "get me", "put me through", "bring", "תחבר", "תחברי", "תעבירו", "תביא", "תביאי", "תן לי", "תני לי",
    "talk", "speak", "transfer", "connect", "contact", "call", "chat with", "want",
    "לדבר", "להעביר", "תעביר", "תעבירי", "העבר", "לשוחח", "רוצה", "חבר", "לחבר",
)  # fmt: skip
_MY_RX = _cues(
    "prescribed me", "prescribed for me", "my doctor prescribed", "doctor prescribed me", "הרופא רשם לי",
    "רשמו לי", "הרופאה רשמה לי",
    "my prescriptions", "my prescription", "prescriptions do i have", "what prescriptions", "which prescriptions",
    "list my", "my rx", "my meds", "my medications",
    "המרשמים שלי", "המרשם שלי", "מרשמים יש לי", "אילו מרשמים", "איזה מרשמים", "מה המרשמים", "מרשמים שלי",
    "התרופות שלי",
)  # fmt: skip
_REFILL = _cues(
    "refill", "refills", "renew", "renewal", "re fill", "on my prescription", "on the prescription", "another month",
    "על המרשם", "עוד חודש", "חידוש", "לחדש", "תחדש", "תחדשי", "מילוי חוזר", "חידושים",
)  # fmt: skip
_REFILL_REQUEST = _cues(
    "please refill", "i want", "i would like", "id like", "i'd like", "order", "request", "submit", "go ahead",
    "refill it", "refill my", "renew my", "can you refill", "could you refill", "please renew", "put in",
    "אני רוצה", "רוצה", "תזמין", "להזמין", "הזמן", "לבקש", "תגיש", "להגיש", "בבקשה תחדש", "תחדש לי",
    "תחדשי לי", "אבקש",
)  # fmt: skip
_REFILL_STATUS = _cues(
    "can i refill", "can i get a refill", "eligible", "status", "is it possible", "how many refills",
    "refills left", "may i refill", "zakai",
    "אפשר לחדש", "האם אפשר", "זכאי", "זכאית", "סטטוס", "כמה חידושים", "ניתן לחדש", "אוכל לחדש",
)  # fmt: skip
_EQUIVALENT = _cues(
    "equivalent", "equivalents", "alternative", "alternatives", "substitute", "replacement", "instead",
    "similar", "generic version", "same thing", "other brand",
    "תחליף", "תחליפים", "חלופה", "חלופי", "חלופית", "דומה", "במקום", "גנרי", "מותג אחר",
)  # fmt: skip
_LIST = _cues(
    "list", "which medications", "what medications", "which medicines", "what medicines", "what drugs",
    "show me", "what do you have", "what do you sell", "what otc", "all medications", "which meds",
    "רשימה", "רשימת", "אילו תרופות", "איזה תרופות", "מה יש לכם", "מה אתם מוכרים", "תראה לי", "הראה לי",
    "כל התרופות", "תרופות יש",
)  # fmt: skip
_AVAILABILITY = _cues(
    "in stock", "stock", "available", "availability", "do you have", "do you carry", "have any", "got any",
    "יש לכם", "יש לך", "יש אצלכם", "בסניף", "במלאי", "מלאי", "זמין", "זמינה", "זמינים", "יש במלאי",
)  # fmt: skip
_AVAILABILITY_WEAK = _cues(
    "is there", "do you sell", "can i buy", "can i get", "left", "carry", "קיים", "אפשר להשיג", "נשאר", "נשארו",
    "אפשר לקנות",
)  # fmt: skip
_INFO = _cues(
    "what is", "what's", "whats", "tell me about", "know about", "info about", "information", "info", "details",
    "dosage", "dose",
    "side effects", "warnings", "warning", "ingredient", "ingredients", "used for", "contain", "contains",
    "label", "prescription", "rx", "what does",
    "מה זה", "ספר לי", "ספרי לי", "מידע", "פרטים", "מינון", "אזהרות", "אזהרה", "רכיב", "רכיבים", "חומר פעיל",
    "למה משמש", "מרשם", "עלון", "תופעות לוואי", "ספר על", "מה ידוע על",
)  # fmt: skip
_PRICE = _cues(
    "price", "prices", "cost", "costs", "how much is", "how much does", "how much for", "how much are",
    "מחיר", "המחיר", "מחירים", "עולה", "עולים", "עלות", "כמה זה", "כמה עולה",
)  # fmt: skip
# Where a message changes subject, for reading each part's request on its own.
_CLAUSES = re.compile(r"[?!.;\n,]+|\s+(?:and|also|plus)\s+|\s+(?=ו(?:מה|האם|כמה|יש|גם|תגיד|תבדוק)\b)")
#: The label cues that say "label" whatever else the message says ("prescription" alone does not).
_INFO_STRONG = _cues(
    "what is", "whats", "tell me about", "know about", "info about", "information", "info", "details", "dosage",
    "dose", "side effects", "warnings", "warning", "ingredient", "ingredients", "used for", "contain", "contains",
    "label", "what does", "מה זה", "ספר לי", "ספרי לי", "מידע", "פרטים", "מינון", "אזהרות", "אזהרה", "רכיב", "רכיבים",
    "חומר פעיל", "למה משמש", "עלון", "תופעות לוואי", "ספר על", "מה ידוע על",
)  # fmt: skip
_INTERACTION = _cues(
    "interaction", "interactions", "interact", "together", "combine", "combined", "mix", "with",
    "אינטראקציה", "אינטראקציות", "ביחד", "יחד", "לשלב", "שילוב", "עם",
)  # fmt: skip
# Another person's records: "Yossi Levi's prescriptions", "their prescriptions", "המרשמים של יוסי", "המרשמים שלו".
_RX_NOUN = r"(?:prescriptions?|meds|medications|medicines|rx|refills?)"
_OTHER_EN = re.compile(
    rf"\b(?!(?:let|it|that|what|who|there|here|he|she)['’]s\b)[a-z]+['’]s\s+{_RX_NOUN}\b"
    rf"|\b(?:his|her|their)\s+(?:\w+\s+)?{_RX_NOUN}\b"
    rf"|\b{_RX_NOUN}\s+(?:of|for|belonging to)\s+(?:my\s+|another\s+|other\s+|a\s+|the\s+)?(?:wife|husband|partner|"
    r"son|daughter|child|kid|mother|mom|mum|father|dad|parent|brother|sister|friend|neighbou?r|someone|somebody|"
    r"patient|person|user|customer|him|her|them)\b",
    re.IGNORECASE,
)
_OTHER_HE = re.compile(
    _PREFIX
    + r"(?:מרשמ|מרשמימ|תרופות|חידושימ)\s+(?:של\s+(?!י(?:\s|$))\S+|שלו|שלה|שלהמ|שלהנ|(?:עבור|בשביל)\s+(?!עצמי)\S+)"
    r"(?=\s|$)"
)
_RX_WORD = _cues(
    "prescription", "prescriptions", "rx", "meds", "medications", "refill", "refills",
    "מרשם", "מרשמים", "מרשמי", "תרופות", "חידוש", "חידושים",
)  # fmt: skip
_USER_ID = re.compile(r"\bu\d{3,}\b", re.IGNORECASE)
# A message posing as the system or an operator; its claims (e.g. "the user is verified") are never trusted.
_INJECTION = _cues(
    "admin mode", "developer mode", "ignore previous instructions", "ignore all previous instructions",
    "ignore the rules", "ignore your rules", "you are now", "verified as", "is verified",
    "הודעת מערכת", "מצב מנהל", "מצב מפתח", "תתעלם", "התעלם", "מאומת", "מאומתת",
)  # fmt: skip
_SYSTEM_PREFIX = re.compile(r"(?:^|[\s\[(<])(?:system|admin|developer|operator)\s*[:\]>]", re.IGNORECASE)
_ALSO = _cues("too", "also", "as well", "and", "another", "גם", "בנוסף", "ועוד")
_WEAK_INFO = _cues("what is", "what's", "whats", "what does", "מה זה", "מה זו")
_GREETING = _cues(
    "hi", "hello", "hey", "good morning", "good evening", "good afternoon", "shalom",
    "שלום", "היי", "הי", "בוקר טוב", "ערב טוב", "צהריים טובים", "מה נשמע", "אהלן",
)  # fmt: skip
_THANKS = _cues("thanks", "thank you", "thx", "appreciate", "תודה", "תודה רבה", "תודה לך", "מעולה תודה")
_HELP = _cues(
    "help", "what can you do", "how can you help", "what do you do", "עזרה", "מה אתה יכול", "במה אתה יכול",
    "מה את יכולה", "איך אתה יכול לעזור", "תעזור",
)  # fmt: skip
_FACETS = {
    "dosage": _cues("dosage", "dose", "doses", "how often", "how many", "מינון", "כמה פעמים"),
    "warnings": _cues("warning", "warnings", "side effects", "side effect", "אזהרות", "אזהרה", "תופעות לוואי"),
    "rx": _cues("prescription", "rx", "otc", "over the counter", "מרשם", "ללא מרשם", "בלי מרשם"),
    "ingredients": _cues("ingredient", "ingredients", "contain", "contains", "made of", "רכיב", "רכיבים", "חומר פעיל"),
}
_NON_RX = _cues(
    "otc", "over the counter", "without a prescription", "without prescription", "no prescription",
    "non prescription", "nonprescription", "ללא מרשם", "בלי מרשם", "לא במרשם", "שלא צריך מרשם",
)  # fmt: skip
_RX_ONLY = _cues(
    "prescription only", "rx", "need a prescription", "needs a prescription", "require a prescription",
    "prescription medications", "prescription drugs", "prescription meds", "במרשם", "תרופות מרשם", "דורשות מרשם",
    "צריך מרשם", "מחייבות מרשם",
)  # fmt: skip
_OUT_OF_STOCK = _cues(
    "out of stock", "not in stock", "unavailable", "sold out", "out of", "run out", "ran out", "missing",
    "אזל", "אזלו", "חסר", "חסרות", "חסרים", "לא במלאי", "אין במלאי", "שאין", "נגמר", "נגמרו", "נגמרה",
)  # fmt: skip
_IN_STOCK = _cues("in stock", "available", "במלאי", "זמינות", "זמין", "זמינים")
_STORES = {
    "s2": _cues("jerusalem", "jaffa", "s2", "ירושלים", "יפו"),
    "s1": _cues("tel aviv", "dizengoff", "s1", "תל אביב", "דיזנגוף"),
}
#: Places people ask about where the chain has no branch, with their names in both languages.
PLACES: dict[str, tuple[str, str]] = {
    "haifa": ("Haifa", "חיפה"), "eilat": ("Eilat", "אילת"), "beer sheva": ("Beersheba", "באר שבע"),
    "netanya": ("Netanya", "נתניה"), "ashdod": ("Ashdod", "אשדוד"), "ashkelon": ("Ashkelon", "אשקלון"),
    "herzliya": ("Herzliya", "הרצליה"), "raanana": ("Ra'anana", "רעננה"), "rishon": ("Rishon LeZion", "ראשון לציון"),
    "petah tikva": ("Petah Tikva", "פתח תקווה"), "holon": ("Holon", "חולון"), "bat yam": ("Bat Yam", "בת ים"),
    "ramat gan": ("Ramat Gan", "רמת גן"), "bnei brak": ("Bnei Brak", "בני ברק"), "rehovot": ("Rehovot", "רחובות"),
    "kfar saba": ("Kfar Saba", "כפר סבא"), "modiin": ("Modi'in", "מודיעין"), "nazareth": ("Nazareth", "נצרת"),
    "tiberias": ("Tiberias", "טבריה"), "akko": ("Acre", "עכו"), "nahariya": ("Nahariya", "נהריה"),
    "hadera": ("Hadera", "חדרה"), "afula": ("Afula", "עפולה"), "beit shemesh": ("Beit Shemesh", "בית שמש"),
    "karmiel": ("Karmiel", "כרמיאל"), "lod": ("Lod", "לוד"), "ramla": ("Ramla", "רמלה"),
    "givatayim": ("Givatayim", "גבעתיים"), "hod hasharon": ("Hod HaSharon", "הוד השרון"), "tzfat": ("Safed", "צפת"),
    "dimona": ("Dimona", "דימונה"), "yavne": ("Yavne", "יבנה"), "kiryat shmona": ("Kiryat Shmona", "קריית שמונה"),
}  # fmt: skip
_PLACE_ALIASES = {
    "beersheba": "beer sheva", "beer sheba": "beer sheva", "beersheva": "beer sheva", "באר שבע": "beer sheva",
    "rishon lezion": "rishon", "ראשון": "rishon", "petach tikva": "petah tikva", "acre": "akko", "safed": "tzfat",
    "ra anana": "raanana", "kiryat shemona": "kiryat shmona", "קרית שמונה": "kiryat shmona",
}  # fmt: skip
_PLACE_PATTERNS = [
    (re.compile(_PREFIX + re.escape(normalize(names[1])) + r"(?=\s|$)"), key) for key, names in PLACES.items()
] + [(re.compile(r"\b" + re.escape(key) + r"\b"), key) for key in PLACES] + [
    (re.compile(r"\b" + re.escape(alias) + r"\b" if alias.isascii() else _PREFIX + re.escape(normalize(alias))
                + r"(?=\s|$)"), key)
    for alias, key in _PLACE_ALIASES.items()
]  # fmt: skip
_ORDINALS = [
    (_cues("first", "1st", "הראשון", "הראשונה", "ראשון", "ראשונה"), 1),
    (_cues("second", "2nd", "השני", "השנייה", "השניה", "שני", "שנייה"), 2),
    (_cues("third", "3rd", "השלישי", "השלישית", "שלישי"), 3),
    (_cues("fourth", "4th", "הרביעי", "הרביעית", "רביעי"), 4),
    (_cues("fifth", "5th", "החמישי", "החמישית"), 5),
    (_cues("last", "האחרון", "האחרונה"), -1),
]
_NUMBER_REF = re.compile(r"(?:#|\bno\.?\s*|\bnumber\s*|מספר\s*|מס'?\s*)(\d{1,2})\b", re.IGNORECASE)
_BARE_NUMBER = re.compile(r"^\s*#?(\d{1,2})\s*[.!?]?\s*$")
_CODE = re.compile(r"(?<!\d)(\d{6})(?!\d)")
_STOP = set(
    normalize(
        "do you have any is are there in stock the a an of for me please what whats what's tell about info "
        "information on is it available availability how much price can i get buy carry sell at your store pls plz thx "
        "pharmacy medication medicine drug pills tablets and or hi hello thanks stock left dosage warnings "
        "יש לכם לך את ה מה זה על ספר לי ספרי במלאי מלאי זמין זמינה אפשר להשיג בבקשה תרופה תרופות של כדור "
        "כדורים מידע מינון אזהרות שלום תודה אצלכם האם it this that them they its one "
        "זה זו אותו אותה אותם הוא היא הם שלו שלה שלהם שלי jerusalem tel aviv ירושלים תל אביב בירושלים בתל "
        "what about ומה לגבי"
    ).split()
)


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


def clean_name(mention: Any, mentions: MentionsFn | None) -> str:
    """The name as typed, without Hebrew prefix letters ("לאדוויל" → "אדוויל") when the bare word names it too."""
    typed = str(getattr(mention, "matched_text", "") or "")
    words = typed.split(" ", 1)
    variants = prefix_variants(words[0])
    if mentions is None or len(variants) == 1:
        return typed
    for stem in reversed(variants[1:]):
        candidate = " ".join([stem, *words[1:]])
        try:
            found = list(mentions(candidate))
        except Exception:  # the bare word is only a nicer label; the typed text will do
            return typed
        if found and found[0].med_ids == mention.med_ids and not getattr(found[0], "fuzzy", False):
            return candidate
    return typed


_EDGE_PUNCTUATION = "?!.,;:()[]{}\"'“”‘’«»…-–—"


def _is_stop(word: str) -> bool:
    # "והוא", "שזה", "בירושלים": a stop word behind Hebrew prefix letters is still one.
    return any(variant in _STOP for variant in prefix_variants(word))


def remainder_query(text: str) -> str:
    """What is left of a message once intent words are removed: the likely medication name, as typed.

    The words are kept in their original spelling (final letters, case), so a reply that echoes them never
    shows the normalised form.
    """
    kept: list[str] = []
    for raw in text.split():
        word = raw.strip(_EDGE_PUNCTUATION)
        folded = normalize(word)
        if not folded or folded.isdigit() or all(_is_stop(part) for part in folded.split()):
            continue
        kept.append(word)
    return " ".join(kept)[:80]


def _refs(norm: str, text: str) -> list[int]:
    refs = [int(match.group(1)) for match in _NUMBER_REF.finditer(text)]
    for pattern, value in _ORDINALS:
        if pattern.search(norm):
            refs.append(value)
    bare = _BARE_NUMBER.match(text)
    if bare:
        refs.append(int(bare.group(1)))
    return list(dict.fromkeys(refs))


def _other_person(p: Parsed) -> bool:
    """The message asks for someone else's prescriptions (by name, pronoun, relation or user id)."""
    if _OTHER_EN.search(p.text) or _OTHER_HE.search(p.norm):
        return True
    return bool(_USER_ID.search(p.text) and _RX_WORD.search(p.norm))


def _posing(p: Parsed) -> bool:
    return bool(_SYSTEM_PREFIX.search(p.text) or _INJECTION.search(p.norm))


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
_MAYBE = 0.35
_RELATION = re.compile(
    r"\b(?:wife|husband|partner|mother|mom|mum|father|dad|son|daughter|brother|sister|friend|neighbou?r|grandma|"
    r"grandpa|grandmother|grandfather|aunt|uncle|colleague|roommate|boss)s?\b|\b(?:she|he|her|his|their)\b|"
    + _cues(
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
    return [_ENGINE_NAMES.get(i, i) for i in held]


def _intent(p: Parsed, identity_pending: bool) -> str:
    intent = _main_intent(p, identity_pending)
    if intent in ("availability", "info") and not p.meds and "list" in p.intents and (p.stock_filter or p.rx_filter):
        return "list"  # "anything out of stock at the moment?" names no product: a listing
    if intent in ("unknown", "followup") and p.meds and not p.refs:
        return "medication"  # "glucophage 500 please": a product named is a question about it
    if intent in ("info", "medication") and p.place and p.meds:
        return "availability"  # "check Nurofen in Haifa": where it is, not what it is
    return intent


def _main_intent(p: Parsed, identity_pending: bool) -> str:
    norm, reading = p.norm, p.reading
    p.rule_intent = _rule_intent(p)
    scores = reading.scores if reading is not None else {}
    if p.code and (identity_pending or not p.meds):
        return "code"
    # Someone else's records: never a sign-in to their phone or email, never a check of the person's own.
    other = scores.get("other_rx", 0.0)
    relative = bool(_RX_WORD.search(norm) and (_RELATION.search(norm) or p.identifier or _USER_ID.search(p.text)))
    if (_other_person(p) and (not p.meds or p.identifier)) or other >= _SURE or (relative and other >= _MAYBE):
        return "other_rx"
    if p.identifier:
        return "identity"
    handoff_cue = _HANDOFF.search(norm) and (_HANDOFF_VERB.search(norm) or len(norm.split()) <= 3)
    if handoff_cue or scores.get("handoff", 0.0) >= _HANDOFF_SCORE:
        return "handoff"
    rule = _rule_intent(p)
    if rule == "prescriptions" and _posing(p):
        return rule  # a fake "system" note asking for prescriptions is still only that: identity first
    model = [i for i in p.intents if i not in ("advice", "symptom")] or p.intents
    if not model:
        return rule
    first = model[0]
    # "prescription" alone is a weak cue for the label: "can I get more Glucophage on my prescription?".
    weak = rule in ("unknown", "medication") or (
        rule == "info" and not _INFO_STRONG.search(norm) and p.facets <= {"rx"}
    )
    if first in ("advice", "symptom") and not weak:
        return rule  # the verdict refuses the advice; the cue phrases name the factual part to answer
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


def _rule_intent(p: Parsed) -> str:
    """The cue phrases' reading (the model's tie-breaker)."""
    norm = p.norm
    if _REFILL.search(norm):
        if _REFILL_STATUS.search(norm) and not re.search(r"please|בבקשה|תזמין|להגיש|תגיש", norm):
            return "refill_status"
        return "refill_request" if _REFILL_REQUEST.search(norm) else "refill_status"
    if _MY_RX.search(norm) or (_RX_WORD.search(norm) and _posing(p)):
        # A fake "system" note asking for prescriptions is still only a prescriptions request: identity first.
        return "prescriptions"
    if _EQUIVALENT.search(norm):
        return "equivalents"
    if _PRICE.search(norm) and not re.search(r"\b(?:take|give|dose|mg)\b|לקחת|לתת|מינון", norm):
        return "price"
    if not p.meds and _LIST.search(norm):
        return "list"
    if not p.meds and (p.rx_filter or _OUT_OF_STOCK.search(norm)) and re.search(r"medic|drug|תרופ|meds", norm):
        return "list"
    if len(p.meds) >= 2 and p.interaction_cue and not _AVAILABILITY.search(norm):
        return "interaction"
    if _AVAILABILITY.search(norm) or (p.meds and re.match(r"(ה|ו)?יש\b|(ה|ו)?אין\b", norm)):
        return "availability"
    if _INFO.search(norm) or p.facets:
        # "what's the weather tomorrow" is not a medication question: a bare "what is" needs one word left.
        if not p.meds and not p.facets and not _INFO.search(_WEAK_INFO.sub(" ", norm)):
            return "info" if len(remainder_query(p.text).split()) == 1 else "unknown"
        return "info"
    if _AVAILABILITY_WEAK.search(norm):
        return "availability"
    if p.meds:
        return "medication"
    if _THANKS.search(norm):
        return "thanks"
    if _HELP.search(norm):
        return "help"
    if _GREETING.search(norm):
        return "greeting"
    return "unknown"


def parse(text: str, mentions: MentionsFn | None, *, identity_pending: bool = False) -> Parsed:
    """Read one message.

    Args:
        text: The user's message.
        mentions: The catalog's mention finder (``None`` or a failing one gives no medications).
        identity_pending: A one-time code was asked for, so six digits are read as the code.

    Returns:
        The intent and slots. Intents: ``code``, ``identity``, ``handoff``, ``other_rx`` (someone else's
        prescriptions), ``refill_request``,
        ``refill_status``, ``prescriptions``, ``equivalents``, ``list``, ``interaction``, ``availability``,
        ``info``, ``medication`` (a medication named without a cue), ``thanks``, ``help``, ``greeting``,
        ``unknown``.
    """
    p = Parsed(text=text, norm=normalize(text))
    try:
        found = list(mentions(text)) if mentions is not None and text.strip() else []
    except Exception:  # a bad message must not break the turn; it just names no medication
        found = []
    p.mentions = found
    p.names = {tuple(m.med_ids): clean_name(m, mentions) for m in found if getattr(m, "med_ids", None)}
    p.meds = medication_groups(found)
    p.email = find_email(text)
    p.phone = None if p.email else find_phone(text)
    code = _CODE.search(text)
    p.code = code.group(1) if code and not p.phone else None
    p.refs = _refs(p.norm, text)
    for store_id, pattern in _STORES.items():
        if pattern.search(p.norm):
            p.store = store_id
            break
    p.facets = {name for name, pattern in _FACETS.items() if pattern.search(p.norm)}
    if _NON_RX.search(p.norm):
        p.rx_filter = "non_rx"
    elif _RX_ONLY.search(p.norm):
        p.rx_filter = "rx"
    if _OUT_OF_STOCK.search(p.norm):
        p.stock_filter = "out_of_stock"
    elif _IN_STOCK.search(p.norm):
        p.stock_filter = "in_stock"
    p.interaction_cue = bool(_INTERACTION.search(p.norm))
    p.also = bool(_ALSO.search(p.norm))
    p.place = _place(p.norm) if p.store is None else None
    p.reading = understand(text) if text.strip() else None
    p.intents = _model_intents(p)
    p.intent = _intent(p, identity_pending)
    p.clause_intents = _clause_intents(p)
    if p.intent in p.intents:
        p.intents.remove(p.intent)
    p.intents.insert(0, p.intent)
    return p


def _clause_intents(p: Parsed) -> list[str]:
    """The cue phrases' reading of each part of a message that asks several things, in order."""
    parts = [normalize(part) for part in _CLAUSES.split(p.text) if normalize(part)]
    if len(parts) < 2:
        return []
    found: list[str] = []
    for part in parts:
        clause = Parsed(text=part, norm=part, meds=p.meds, facets=p.facets, rx_filter=p.rx_filter)
        intent = _rule_intent(clause)
        if intent not in ("unknown", "medication", "greeting", "thanks", "help") and intent not in found:
            found.append(intent)
    return found


def _place(norm: str) -> str | None:
    for pattern, key in _PLACE_PATTERNS:
        if pattern.search(norm):
            return key
    return None
