"""Reading a member of staff's request (Hebrew or English) for the pharmacist's assistant.

Staff type short, direct requests: a phone number or email to look up, "open tickets", a case number, a
calculator with its values ("CrCl 70M 72 kg Cr 1.1"), "what does our SOP say about …", "pubmed: …",
"free slots tomorrow in Dizengoff", "book a consultation Tuesday 12:30 Jerusalem". The reading is by cue
words and patterns — no model — and picks one request per message, the most specific first (a case
number before a ticket list, a calculator before a document search).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from datetime import date, timedelta

from pharmai.agent.engines.offline.staff_scores import score_name

__all__ = ["StaffRequest", "read_day", "read_request", "read_store", "read_time"]

_PHONE = re.compile(r"(?<![\w+])(\+?972[-\s]?|0)(5\d)[-\s]?(\d{3})[-\s]?(\d{4})(?!\d)")
_EMAIL = re.compile(r"[\w.+-]+@[\w-]+(?:\.[\w-]+)+")
_CUSTOMER_ID = re.compile(r"(?<![\w-])u\d{3,6}(?![\w-])", re.IGNORECASE)
_CASE = re.compile(r"(?<![\w-])ph-?(\d{1,10})(?!\d)", re.IGNORECASE)

_PUBMED = ("pubmed", "pub med", "פאבמד", "פאב-מד", "medline", "literature", "articles on", "papers on", "מאמרים")
_DOCUMENTS = (
    "sop", "our doc", "our document", "documents", "our procedure", "procedure", "protocol", "our policy",
    "guideline", "in our", "נוהל", "נהלים", "בנוהל", "הנוהל", "מסמך", "מסמכים", "במסמכים", "הנחיות", "פרוטוקול",
)  # fmt: skip
_TICKETS = ("ticket", "case ", "cases", "queue", "פנייה", "פניה", "פניות", "כרטיס", "קריאות שירות", "קריאת שירות")
_CALENDAR = (
    "slot", "consultation", "appointment", "calendar", "schedule", "book ", "booking",
    "תור ", "תורים", "ייעוץ", "יעוץ", "פגישה", "פגישות", "יומן", "פנוי", "פנויים", "פנויות",
)  # fmt: skip
_BOOK = (
    "book", "schedule a", "schedule an", "set up", "reserve", "make an appointment",
    "תקבע", "תקבעי", "לקבוע", "קבע ", "קבעי", "תזמן", "תזמני", "לתזמן", "שריין", "תשריין", "תשרייני",
)  # fmt: skip
_LOOKUP = (
    "customer",
    "client",
    "patient",
    "look up",
    "lookup",
    "pull up",
    "find",
    "who is",
    "who's",
    "לקוח",
    "לקוחה",
    "מי ",
)

_STORES = {
    "s1": ("dizengoff", "tel aviv", "tel-aviv", "דיזנגוף", "תל אביב", "תל-אביב", 'ת"א'),
    "s2": ("jerusalem", "jaffa", "ירושלים", "יפו", "י-ם"),
}
_WEEKDAYS = {  # date.weekday(): Monday = 0
    0: ("monday", "יום שני", "בשני"),
    1: ("tuesday", "יום שלישי", "בשלישי"),
    2: ("wednesday", "יום רביעי", "ברביעי"),
    3: ("thursday", "יום חמישי", "בחמישי"),
    4: ("friday", "יום שישי", "בשישי"),
    5: ("saturday", "שבת", "בשבת"),
    6: ("sunday", "יום ראשון", "בראשון"),
}
_DATE = re.compile(
    r"(?<![\d:])(\d{4})-(\d{2})-(\d{2})(?!\d)|(?<![\d:])(\d{1,2})[./](\d{1,2})(?:[./](\d{2,4}))?(?![\d:])"
)
_CLOCK = re.compile(r"(?<!\d)([01]?\d|2[0-3]):([0-5]\d)(?!\d)")
_HOUR = re.compile(
    r"(?:\bat\s+|\bfor\s+|בשעה\s+|ב-?|ל-?)(\d{1,2})(?:\s*(am|pm|a\.m\.|p\.m\.))?(?![\d./:])", re.IGNORECASE
)
# Pharmacists take consultations 08:30-19:00: "at 2" means 14:00.
_AFTERNOON_BELOW = 8


@dataclass
class StaffRequest:
    """What a member of staff asked for.

    Attributes:
        kind: ``lookup``, ``ticket``, ``tickets``, ``score``, ``documents``, ``pubmed``, ``slots``, ``book``
            or ``unknown``.
        phone, email, customer_id: The customer to look up.
        case_number: The ticket asked about (``PH-000002``).
        ticket_status: The tickets asked for (``open``…), or ``None`` for every one.
        score: The calculator's name.
        query: The document or PubMed search.
        store: The store of a calendar request, or ``None``.
        day: The day of a calendar request, or ``None``.
        time: ``HH:MM`` of a booking, or ``None``.
    """

    kind: str
    phone: str | None = None
    email: str | None = None
    customer_id: str | None = None
    case_number: str | None = None
    ticket_status: str | None = None
    score: str | None = None
    query: str = ""
    store: str | None = None
    day: date | None = None
    time: str | None = None
    notes: list[str] = field(default_factory=list)


def _has(text: str, cues: tuple[str, ...]) -> bool:
    return any(cue in text for cue in cues)


def read_store(text: str) -> str | None:
    """The store a message names (``s1`` Dizengoff, ``s2`` Jerusalem), or ``None``."""
    low = text.lower()
    for store, names in _STORES.items():
        if any(name in low for name in names):
            return store
    return None


def read_day(text: str, today: date) -> date | None:
    """The day a message names: today, tomorrow, a weekday (the next one), ``2.3`` (day.month) or ISO."""
    low = f" {text.lower()} "
    if "day after tomorrow" in low or "מחרתיים" in low:
        return today + timedelta(days=2)
    if "tomorrow" in low or re.search(r"(?<![א-ת])מחר(?![א-ת])", low):
        return today + timedelta(days=1)
    if "today" in low or "היום" in low:
        return today
    for weekday, names in _WEEKDAYS.items():
        # Hebrew joins its prepositions to the word: "ביום שלישי", "וביום שני".
        if any(re.search(rf"(?<![a-zא-ת])(?:ו?[בל])?{re.escape(n)}(?![a-zא-ת])", low) for n in names):
            ahead = (weekday - today.weekday()) % 7 or 7
            return today + timedelta(days=ahead)
    match = _DATE.search(text)
    if match is None:
        return None
    try:
        if match.group(1):
            return date(int(match.group(1)), int(match.group(2)), int(match.group(3)))
        day, month = int(match.group(4)), int(match.group(5))
        year = int(match.group(6)) if match.group(6) else today.year
        year = year + 2000 if year < 100 else year
        found = date(year, month, day)
        return found if match.group(6) or found >= today else date(year + 1, month, day)
    except ValueError:
        return None


def read_time(text: str) -> str | None:
    """The time of day a message names (``10:00``, "at 10", "ב-10", "בשעה 12:30", "3pm"), as ``HH:MM``."""
    match = _CLOCK.search(text)
    if match is not None:
        return f"{int(match.group(1)):02d}:{match.group(2)}"
    match = _HOUR.search(text)
    if match is None:
        return None
    hour = int(match.group(1))
    suffix = (match.group(2) or "").lower().replace(".", "")
    if (suffix == "pm" and hour < 12) or (not suffix and 0 < hour < _AFTERNOON_BELOW):
        hour += 12
    return f"{hour:02d}:00" if 0 <= hour <= 23 else None


def _search_query(text: str) -> str:
    """The subject of a document or PubMed search: after "about" / ":" / "לגבי", else the message less its cues."""
    for marker in (":", " about ", " regarding ", " on ", " for ", "לגבי ", " על ", " בנושא ", " בעניין "):
        if marker in text:
            tail = text.split(marker, 1)[1].strip(" ?.!")
            # "… for a temperature excursion in our docs": the subject, not where to look.
            tail = re.sub(r"(?i)\s+in (?:our|the) (?:docs|documents|sops?|procedures?|files)\b.*$", "", tail)
            tail = re.sub(r"(?i)^(?:a|an|the)\s+", "", tail)
            if len(tail) >= 3:
                return tail
    words = re.findall(r"[\w\-]+", text)
    drop = {
        "what", "does", "do", "our", "say", "says", "the", "a", "an", "is", "in", "we", "have", "search", "find",
        "pubmed", "sop", "sops", "docs", "documents", "procedure", "policy", "protocol", "guideline", "guidelines",
        "מה", "כתוב", "בנוהל", "הנוהל", "נוהל", "שלנו", "תחפש", "תחפשי", "חפש", "במסמכים", "המסמכים", "יש",
    }  # fmt: skip
    return " ".join(w for w in words if w.lower() not in drop) or text.strip()


def _tickets(text: str, low: str) -> StaffRequest | None:
    case = _CASE.search(text)
    if case is not None:
        return StaffRequest("ticket", case_number=f"PH-{int(case.group(1)):06d}")
    if not _has(low, _TICKETS):
        return None
    status = None
    if _has(low, ("open", "פתוח", "פתוחה", "פתוחות", "ממתינ")):
        status = "open"
    elif _has(low, ("in progress", "in_progress", "claimed", "בטיפול")):
        status = "in_progress"
    elif _has(low, ("resolved", "נפתר", "נפתרו", "טופלו")):
        status = "resolved"
    elif _has(low, ("closed", "סגור", "סגורות")):
        status = "closed"
    return StaffRequest("tickets", ticket_status=status)


def read_request(text: str, today: date) -> StaffRequest:
    """Read one staff request out of ``text`` (``today``: the day "tomorrow" counts from)."""
    low = f" {text.lower()} "
    if _has(low, _PUBMED):
        query = re.sub(r"(?i)\b(pub\s?med|medline)\b[:\s]*", " ", text)
        return StaffRequest("pubmed", query=_search_query(query).strip())
    score = score_name(low)
    if score is not None:
        return StaffRequest("score", score=score)
    tickets = _tickets(text, low)
    if tickets is not None and tickets.kind == "ticket":
        return tickets
    if _has(low, _CALENDAR) or (_has(low, _BOOK) and read_time(text)):
        kind = "book" if _has(low, _BOOK) else "slots"
        return StaffRequest(kind, store=read_store(text), day=read_day(text, today), time=read_time(text))
    if _has(low, _DOCUMENTS):
        return StaffRequest("documents", query=_search_query(text))
    if tickets is not None:
        return tickets
    phone, email, customer = _PHONE.search(text), _EMAIL.search(text), _CUSTOMER_ID.search(text)
    if phone or email or customer:
        return StaffRequest(
            "lookup",
            phone=phone.group(0).strip() if phone else None,
            email=email.group(0) if email else None,
            customer_id=customer.group(0).lower() if customer and not (phone or email) else None,
        )
    if _has(low, _LOOKUP):
        return StaffRequest("lookup")
    return StaffRequest("unknown")
