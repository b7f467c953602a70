"""The one exception tree of pharmai: each leaf is exactly one envelope error code.

Messages are templates in both languages, filled from ``details``. They never carry internals (SQL,
stack traces) and never another patient's data; callers put only the caller's own input in details.
"""

from __future__ import annotations

from typing import Any, ClassVar

from pharmai.text.durations import duration_text

__all__ = [
    "AmbiguousMedication",
    "AuthExpired",
    "AuthFailed",
    "CalendarSyncFailed",
    "ConfirmationDenied",
    "ConfirmationRequired",
    "CustomerNotFound",
    "DatabaseError",
    "DocumentImportError",
    "DocumentNotFound",
    "Forbidden",
    "IdentityRequired",
    "ImportFailed",
    "InternalError",
    "InvalidSlot",
    "InvalidTicketOperation",
    "MedNotFound",
    "MissingMedicationQuery",
    "ModelUnavailable",
    "NoEquivalentsFound",
    "NoRefillsRemaining",
    "NotFound",
    "OutOfStock",
    "PatientNotFound",
    "PayloadTooLarge",
    "PharmaiError",
    "PrescriptionNotFound",
    "RateLimited",
    "RxExpired",
    "RxNotActive",
    "ServiceUnavailable",
    "SlotTaken",
    "StoreNotFound",
    "TicketNotFound",
    "TokenBudgetSpent",
    "ToolNotFound",
    "ToolTimeout",
    "Unauthenticated",
    "UnknownMedId",
    "ValidationFailed",
    "error_for_code",
]


class PharmaiError(Exception):
    """Base of every error pharmai raises on purpose.

    Args:
        details: Machine-readable facts about the failure (they also fill the message template).
        message: Overrides the template (English) when given.
    """

    code: ClassVar[str] = "INTERNAL"
    templates: ClassVar[dict[str, str]] = {
        "en": "Something went wrong. Please try again or ask a pharmacist.",
        "he": "משהו השתבש. נסו שוב או פנו לרוקח/ת.",
    }
    #: A more precise message by ``details.reason`` (one class per code; the reason tells the cases apart).
    _by_reason: ClassVar[dict[str, dict[str, str]]] = {}

    def __init__(self, details: dict[str, Any] | None = None, *, message: str | None = None) -> None:
        self.details: dict[str, Any] | None = details
        self._message = message
        super().__init__(self.message("en"))

    def message(self, language: str = "en") -> str:
        """The human message in ``language`` ("en" or "he")."""
        if self._message is not None and language == "en":
            return self._message
        texts = self._by_reason.get(str((self.details or {}).get("reason"))) or self.templates
        template = texts.get(language) or texts["en"]
        try:
            return template.format(**(self.details or {}))
        except (KeyError, IndexError, ValueError):
            return template

    def to_error(self, language: str = "en") -> dict[str, Any]:
        """The canonical envelope's ``error`` object."""
        return {"code": self.code, "message": self.message(language), "details": self.details}


class ValidationFailed(PharmaiError):
    """Arguments do not match the schema; ``details.fields`` lists the offending fields."""

    code = "VALIDATION_ERROR"
    templates: ClassVar[dict[str, str]] = {
        "en": "Some of the input is not valid: {fields_text}.",
        "he": "חלק מהקלט אינו תקין: {fields_text}.",
    }

    def __init__(self, fields: list[dict[str, Any]] | None = None, *, message: str | None = None) -> None:
        fields = fields or []
        self.fields = fields
        super().__init__({"fields": fields}, message=message)

    def message(self, language: str = "en") -> str:
        names = ", ".join(str(f.get("field", "?")) for f in self.fields) or "?"
        if self._message is not None and language == "en":
            return self._message
        return self.templates.get(language, self.templates["en"]).format(fields_text=names)


class NotFound(PharmaiError):
    """Base of the "no such thing" errors."""

    code = "NOT_FOUND"
    templates: ClassVar[dict[str, str]] = {"en": "Not found.", "he": "לא נמצא."}


class IdentityRequired(PharmaiError):
    """Please verify your identity first (email or phone and a one-time code)."""

    code = "IDENTITY_REQUIRED"
    templates: ClassVar[dict[str, str]] = {
        "en": "Please verify your identity first (email or phone and a one-time code).",
        "he": 'יש לאמת את זהותך קודם (דוא"ל או טלפון וקוד חד-פעמי).',
    }


class Forbidden(PharmaiError):
    """That information belongs to another account and cannot be shown in this session."""

    code = "FORBIDDEN"
    templates: ClassVar[dict[str, str]] = {
        "en": "That information belongs to another account and cannot be shown in this session.",
        "he": "המידע הזה שייך לחשבון אחר ואי אפשר להציג אותו בשיחה הזו.",
    }
    # A staff tool: ``staff_only`` (no member of staff in the session: every customer session) or ``role``
    # (none of the roles the tool declares, ``details.roles``); ``csrf``: a cookie-authenticated request
    # without its session's CSRF token, or from another site.
    _by_reason: ClassVar[dict[str, dict[str, str]]] = {
        "staff_only": {
            "en": "This action is for pharmacy staff only.",
            "he": "הפעולה הזו מיועדת לצוות בית המרקחת בלבד.",
        },
        "role": {
            "en": "Your role does not allow this action. Please ask a colleague whose role does.",
            "he": "התפקיד שלך אינו מתיר את הפעולה הזו. אפשר לבקש אותה מעמית/ה בתפקיד המתאים.",
        },
        "csrf": {
            "en": "This request could not be verified. Please reload the page and try again.",
            "he": "לא ניתן היה לאמת את הבקשה. נא לטעון מחדש את הדף ולנסות שוב.",
        },
    }


class ConfirmationRequired(PharmaiError):
    """This action needs your confirmation: {summary}"""

    code = "CONFIRMATION_REQUIRED"
    templates: ClassVar[dict[str, str]] = {
        "en": "This action needs your confirmation: {summary}",
        "he": "הפעולה הזו דורשת את אישורך: {summary}",
    }


class ConfirmationDenied(PharmaiError):
    """The action was not confirmed, so nothing was done; ``details.reason`` says why."""

    code = "CONFIRMATION_DENIED"
    templates: ClassVar[dict[str, str]] = {
        "en": "The action was not confirmed, so nothing was done.",
        "he": "הפעולה לא אושרה, ולכן לא בוצע דבר.",
    }
    # A used confirmation's action may well have been done (by its first approval).
    _by_reason: ClassVar[dict[str, dict[str, str]]] = {
        "used": {
            "en": "This confirmation was already answered; nothing more was done.",
            "he": "האישור הזה כבר נענה; לא בוצע דבר נוסף.",
        },
        "expired": {
            "en": "This confirmation has expired, so nothing was done. Please ask again.",
            "he": "תוקף האישור פג, ולכן לא בוצע דבר. אפשר לבקש שוב.",
        },
    }


class RateLimited(PharmaiError):
    """Too many requests. Please try again in {retry_after} seconds."""

    code = "RATE_LIMITED"
    templates: ClassVar[dict[str, str]] = {
        "en": "Too many requests. Please try again in {retry_after} seconds.",
        "he": "יותר מדי בקשות. נסו שוב בעוד {retry_after} שניות.",
    }
    #: What a limit that means more than "too many requests" tells the person, by ``details.tier``;
    #: ``{wait}`` is ``retry_after`` in words ("1 hour", "שעה", "שתי דקות").
    tier_templates: ClassVar[dict[str, dict[str, str]]] = {
        # One email or phone had too many one-time codes sent or mistyped (the same for every identifier,
        # on file or not: it names neither).
        "verification": {
            "en": "Too many verification codes were requested or entered for these details. For your "
            "security, please try again in {wait}.",
            "he": "התבקשו או הוקלדו יותר מדי קודי אימות עבור הפרטים האלה. מטעמי אבטחה, נסו שוב בעוד {wait}.",
        },
        # A staff username or a client address had too many sign-in attempts (the same whether or not the
        # name has an account).
        "staff_sign_in": {
            "en": "Too many sign-in attempts. For your security, please try again in {wait}.",
            "he": "היו יותר מדי ניסיונות כניסה. מטעמי אבטחה, נסו שוב בעוד {wait}.",
        },
    }

    def message(self, language: str = "en") -> str:
        details = self.details or {}
        specific = self.tier_templates.get(str(details.get("tier")))
        if specific is None or (self._message is not None and language == "en"):
            return super().message(language)
        wait = details.get("retry_after")
        wait = wait if isinstance(wait, int | float) and not isinstance(wait, bool) else 1
        return (specific.get(language) or specific["en"]).format(wait=duration_text(wait, language))


class ToolTimeout(PharmaiError):
    """The request took too long. Please try again."""

    code = "TIMEOUT"
    templates: ClassVar[dict[str, str]] = {
        "en": "The request took too long. Please try again.",
        "he": "הבקשה ארכה זמן רב מדי. נסו שוב.",
    }


class DatabaseError(PharmaiError):
    """The pharmacy database is not available right now. Please try again shortly."""

    code = "DB_ERROR"
    templates: ClassVar[dict[str, str]] = {
        "en": "The pharmacy database is not available right now. Please try again shortly.",
        "he": "מאגר הנתונים של בית המרקחת אינו זמין כרגע. נסו שוב בעוד מעט.",
    }


class ServiceUnavailable(PharmaiError):
    """A service the call depends on (Redis, for the tool-call limits) is not answering; ``details.retry_after``.

    Calls that need it fail fast and closed with this, not ``INTERNAL``: nothing is wrong with the request,
    and the customer is told to try again shortly. The message never names the service.
    """

    code = "SERVICE_UNAVAILABLE"
    templates: ClassVar[dict[str, str]] = {
        "en": "This service is briefly unavailable. Please try again in a minute, or ask a pharmacist.",
        "he": "השירות אינו זמין כרגע. נסו שוב בעוד דקה, או פנו לרוקח/ת.",
    }
    # An outside service a staff tool calls (PubMed): ``not_configured`` (the deployment lacks a setting it
    # needs), ``upstream`` (it kept failing after retries), ``bad_response`` (it answered something
    # unreadable), ``busy`` (this process's request budget for it is spoken for).
    _by_reason: ClassVar[dict[str, dict[str, str]]] = {
        "not_configured": {
            "en": "This search is not set up on this server yet. Please ask the system administrator.",
            "he": "החיפוש הזה עדיין לא הוגדר בשרת הזה. נא לפנות למנהל/ת המערכת.",
        },
        "upstream": {
            "en": "The literature search is not answering right now. Please try again in a few minutes.",
            "he": "חיפוש הספרות אינו עונה כרגע. נסו שוב בעוד כמה דקות.",
        },
        "bad_response": {
            "en": "The literature search sent an answer that could not be read. Please try again later.",
            "he": "חיפוש הספרות החזיר תשובה שלא ניתן היה לקרוא. נסו שוב מאוחר יותר.",
        },
        "busy": {
            "en": "Too many literature searches are running right now. Please try again in a few seconds.",
            "he": "יותר מדי חיפושי ספרות פועלים כרגע. נסו שוב בעוד כמה שניות.",
        },
    }


class InternalError(PharmaiError):
    """Unexpected failure."""

    code = "INTERNAL"
    templates: ClassVar[dict[str, str]] = {
        "en": PharmaiError.templates["en"],
        "he": PharmaiError.templates["he"],
    }


class ModelUnavailable(PharmaiError):
    """The language model behind the assistant cannot be reached (down, overloaded or misconfigured)."""

    code = "MODEL_UNAVAILABLE"
    templates: ClassVar[dict[str, str]] = {
        "en": "The assistant cannot reach its language model right now. Please try again in a few minutes, "
        "or ask a pharmacist.",
        "he": "העוזר אינו מצליח להתחבר כרגע למודל השפה שלו. נסו שוב בעוד כמה דקות, או פנו לרוקח/ת.",
    }


class ToolNotFound(NotFound):
    """There is no tool named '{tool}'."""

    code = "TOOL_NOT_FOUND"
    templates: ClassVar[dict[str, str]] = {
        "en": "There is no tool named '{tool}'.",
        "he": "אין כלי בשם '{tool}'.",
    }


class MissingMedicationQuery(PharmaiError):
    """Which medication do you mean?"""

    code = "MISSING_MEDICATION_QUERY"
    templates: ClassVar[dict[str, str]] = {
        "en": "Which medication do you mean?",
        "he": "לאיזו תרופה הכוונה?",
    }


class MedNotFound(NotFound):
    """I couldn't find a medication matching '{query}'. Please check the spelling or try another name."""

    code = "MED_NOT_FOUND"
    templates: ClassVar[dict[str, str]] = {
        "en": "I couldn't find a medication matching '{query}'. Please check the spelling or try another name.",
        "he": "לא מצאתי תרופה בשם '{query}'. אנא בדקו את האיות או נסו שם אחר.",
    }


class AmbiguousMedication(PharmaiError):
    """'{query}' matches several medications. Which one do you mean?"""

    code = "AMBIGUOUS"
    templates: ClassVar[dict[str, str]] = {
        "en": "'{query}' matches several medications. Which one do you mean?",
        "he": "'{query}' מתאים לכמה תרופות. לאיזו מהן הכוונה?",
    }


class StoreNotFound(NotFound):
    """There is no store '{store_id}'."""

    code = "STORE_NOT_FOUND"
    templates: ClassVar[dict[str, str]] = {
        "en": "There is no store '{store_id}'.",
        "he": "אין סניף '{store_id}'.",
    }


class NoEquivalentsFound(PharmaiError):
    """No identical equivalent is in stock at this store. Pharmacy staff can help with other options."""

    code = "NO_EQUIVALENTS_FOUND"
    templates: ClassVar[dict[str, str]] = {
        "en": "No identical equivalent is in stock at this store. Pharmacy staff can help with other options.",
        "he": "אין כרגע במלאי בסניף תחליף זהה. צוות בית המרקחת יוכל לעזור באפשרויות אחרות.",
    }


class UnknownMedId(PharmaiError):
    """I cannot assess interactions for unknown items ({unknown_text}). Please ask a pharmacist."""

    code = "UNKNOWN_MED_ID"
    templates: ClassVar[dict[str, str]] = {
        "en": "I cannot assess interactions for unknown items ({unknown_text}). Please ask a pharmacist.",
        "he": "אין באפשרותי לבדוק אינטראקציות לפריטים לא מוכרים ({unknown_text}). אנא פנו לרוקח/ת.",
    }


class PatientNotFound(NotFound):
    """I couldn't find that account. Please check the details."""

    code = "PATIENT_NOT_FOUND"
    templates: ClassVar[dict[str, str]] = {
        "en": "I couldn't find that account. Please check the details.",
        "he": "לא מצאתי את החשבון הזה. אנא בדקו את הפרטים.",
    }


class PrescriptionNotFound(NotFound):
    """I couldn't find that prescription on your file."""

    code = "PRESCRIPTION_NOT_FOUND"
    templates: ClassVar[dict[str, str]] = {
        "en": "I couldn't find that prescription on your file.",
        "he": "לא מצאתי את המרשם הזה בתיק שלך.",
    }


class RxExpired(PharmaiError):
    """This prescription has expired. Please consult your doctor for a new prescription."""

    code = "RX_EXPIRED"
    templates: ClassVar[dict[str, str]] = {
        "en": "This prescription has expired. Please consult your doctor for a new prescription.",
        "he": "תוקף המרשם הזה פג. אנא פנו לרופא/ה לקבלת מרשם חדש.",
    }


class RxNotActive(PharmaiError):
    """This prescription is {status} and cannot be refilled."""

    code = "RX_NOT_ACTIVE"
    templates: ClassVar[dict[str, str]] = {
        "en": "This prescription is {status} and cannot be refilled.",
        "he": "המרשם הזה במצב {status_he} ולא ניתן לחדש אותו.",
    }


class NoRefillsRemaining(PharmaiError):
    """This prescription has no refills remaining. Please consult your doctor."""

    code = "NO_REFILLS_REMAINING"
    templates: ClassVar[dict[str, str]] = {
        "en": "This prescription has no refills remaining. Please consult your doctor.",
        "he": "לא נותרו חידושים במרשם הזה. אנא פנו לרופא/ה.",
    }


class OutOfStock(PharmaiError):
    """This medication is out of stock at the selected store."""

    code = "OUT_OF_STOCK"
    templates: ClassVar[dict[str, str]] = {
        "en": "This medication is out of stock at the selected store.",
        "he": "התרופה אזלה מהמלאי בסניף שנבחר.",
    }


class AuthFailed(PharmaiError):
    """That code is not correct."""

    code = "AUTH_FAILED"
    templates: ClassVar[dict[str, str]] = {
        "en": "That code is not correct.",
        "he": "הקוד שגוי.",
    }


class AuthExpired(PharmaiError):
    """That code has expired or is no longer valid. Please ask for a new one."""

    code = "AUTH_EXPIRED"
    templates: ClassVar[dict[str, str]] = {
        "en": "That code has expired or is no longer valid. Please ask for a new one.",
        "he": "תוקף הקוד פג או שאינו תקף עוד. אנא בקשו קוד חדש.",
    }


class ImportFailed(PharmaiError):
    """Line {line}: {reason} — one bad row of a catalog import.

    ``details`` holds ``line``, ``field``, ``reason`` (English) and ``reason_he``. The importer raises the
    first bad row with every bad row in :attr:`errors`, after rolling the whole import back.
    """

    code = "IMPORT_ERROR"
    templates: ClassVar[dict[str, str]] = {
        "en": "Line {line}: {reason}",
        "he": "שורה {line}: {reason_he}",
    }

    def __init__(
        self,
        details: dict[str, Any] | None = None,
        *,
        message: str | None = None,
        errors: list[ImportFailed] | None = None,
    ) -> None:
        super().__init__(details, message=message)
        self.errors: list[ImportFailed] = list(errors) if errors else [self]

    def message(self, language: str = "en") -> str:
        details = self.details or {}
        if language == "he" and "reason_he" not in details and "reason" in details:
            # A row error built without a Hebrew reason still reads as a sentence, not as a template.
            fallback = ImportFailed({**details, "reason_he": details["reason"]})
            return fallback.message("he")
        return super().message(language)


class Unauthenticated(PharmaiError):
    """This needs a valid access token (HTTP 401): a conversation's token or the staff API key."""

    code = "UNAUTHENTICATED"
    templates: ClassVar[dict[str, str]] = {
        "en": "This request needs a valid access token.",
        "he": "הבקשה הזו דורשת אסימון גישה תקף.",
    }
    # A staff sign-in refused: the same answer for an unknown user, a wrong password and a disabled account.
    _by_reason: ClassVar[dict[str, dict[str, str]]] = {
        "sign_in": {
            "en": "The username or password is not correct.",
            "he": "שם המשתמש או הסיסמה שגויים.",
        },
    }


class PayloadTooLarge(PharmaiError):
    """The request body is larger than the server accepts (HTTP 413); ``details.limit`` in bytes."""

    code = "PAYLOAD_TOO_LARGE"
    templates: ClassVar[dict[str, str]] = {
        "en": "The request is too large (at most {limit} bytes).",
        "he": "הבקשה גדולה מדי (לכל היותר {limit} בתים).",
    }


class DocumentNotFound(NotFound):
    """No imported document has this id (staff ``retrieve_document``)."""

    code = "DOCUMENT_NOT_FOUND"
    templates: ClassVar[dict[str, str]] = {
        "en": "No pharmacy document has this id.",
        "he": "אין מסמך של בית המרקחת עם המזהה הזה.",
    }


class DocumentImportError(PharmaiError):
    """One document could not be imported (``details.reason``); nothing of it was written."""

    code = "DOCUMENT_IMPORT_ERROR"
    templates: ClassVar[dict[str, str]] = {
        "en": "The document could not be imported.",
        "he": "לא ניתן היה לייבא את המסמך.",
    }
    _by_reason: ClassVar[dict[str, dict[str, str]]] = {
        "unsupported": {"en": "This kind of file is not supported.", "he": "סוג הקובץ הזה אינו נתמך."},
        "too_large": {"en": "The file is larger than {limit} bytes.", "he": "הקובץ גדול מ-{limit} בתים."},
        "unreadable": {"en": "The file could not be read.", "he": "לא ניתן היה לקרוא את הקובץ."},
        "no_text": {"en": "The file holds no text to search.", "he": "אין בקובץ טקסט שאפשר לחפש בו."},
        "fetch_failed": {"en": "The file could not be downloaded.", "he": "לא ניתן היה להוריד את הקובץ."},
        "not_found": {"en": "There is no such file or folder.", "he": "אין קובץ או תיקייה כאלה."},
        "unauthorized": {
            "en": "The document share refused the credentials.",
            "he": "שרת המסמכים דחה את פרטי הכניסה.",
        },
    }


class TokenBudgetSpent(PharmaiError):
    """The conversation has used its language-model token budget (``PHARMAI_CONVERSATION_TOKEN_BUDGET``)."""

    code = "TOKEN_BUDGET_SPENT"
    templates: ClassVar[dict[str, str]] = {
        "en": "This conversation has reached its limit with the assistant. To continue, please start a new "
        "conversation, or ask a pharmacist.",
        "he": "השיחה הזו הגיעה למגבלת השימוש שלה בעוזר. כדי להמשיך, נא לפתוח שיחה חדשה או לפנות לרוקח/ת.",
    }


# --- consultation calendar (staff ``create_calendar_event``, ``pharmai staff calendar sync``) -------------


class InvalidSlot(PharmaiError):
    """The time asked for is not a bookable consultation slot (``details.reason`` says why)."""

    code = "INVALID_SLOT"
    templates: ClassVar[dict[str, str]] = {
        "en": "That time is not a bookable consultation slot.",
        "he": "השעה הזו אינה תור פנוי לייעוץ.",
    }
    _by_reason: ClassVar[dict[str, dict[str, str]]] = {
        "past": {"en": "That time has already passed.", "he": "השעה הזו כבר עברה."},
        "too_far": {
            "en": "Consultations can be booked up to {max_days} days ahead.",
            "he": "אפשר לקבוע ייעוץ עד {max_days} ימים מראש.",
        },
        "closed": {"en": "The pharmacy is closed on that day.", "he": "בית המרקחת סגור ביום הזה."},
        "outside_hours": {
            "en": "That time is outside the pharmacy's opening hours ({opens}–{closes}).",
            "he": "השעה הזו מחוץ לשעות הפתיחה של בית המרקחת ({opens}–{closes}).",
        },
        "not_aligned": {
            "en": "Consultations start every {minutes} minutes from opening time (for example {example}).",
            "he": "הייעוצים מתחילים כל {minutes} דקות משעת הפתיחה (למשל {example}).",
        },
        "bad_length": {
            "en": "A consultation lasts exactly {minutes} minutes.",
            "he": "ייעוץ נמשך בדיוק {minutes} דקות.",
        },
        "all_day": {
            "en": "A consultation is a timed slot, not an all-day event.",
            "he": "ייעוץ הוא תור בשעה מוגדרת, לא אירוע של יום שלם.",
        },
    }


class SlotTaken(PharmaiError):
    """The slot is already booked at this store (another booking got it first)."""

    code = "SLOT_TAKEN"
    templates: ClassVar[dict[str, str]] = {
        "en": "That consultation slot is already booked. Please choose another time.",
        "he": "התור הזה לייעוץ כבר תפוס. נא לבחור שעה אחרת.",
    }


class CalendarSyncFailed(PharmaiError):
    """The CalDAV server could not be synchronised with (``details.reason``); the database is unchanged."""

    code = "CALENDAR_SYNC_ERROR"
    templates: ClassVar[dict[str, str]] = {
        "en": "The calendar server could not be reached. Please try again later.",
        "he": "לא ניתן היה להתחבר לשרת היומן. נסו שוב מאוחר יותר.",
    }
    _by_reason: ClassVar[dict[str, dict[str, str]]] = {
        "not_configured": {
            "en": "No calendar server is configured (PHARMAI_CALDAV_URL).",
            "he": "לא הוגדר שרת יומן (PHARMAI_CALDAV_URL).",
        },
        "insecure": {
            "en": "The calendar server's address must use https (plain http only on this machine).",
            "he": "כתובת שרת היומן חייבת להשתמש ב-https (http רגיל רק במחשב הזה).",
        },
        "unauthorized": {
            "en": "The calendar server refused the credentials.",
            "he": "שרת היומן דחה את פרטי הכניסה.",
        },
    }


# --- handoff and takeover (tickets, ``lookup_customer``) ------------------------------------------------


class TicketNotFound(NotFound):
    """No ticket has that id or case number."""

    code = "TICKET_NOT_FOUND"
    templates: ClassVar[dict[str, str]] = {"en": "No such ticket.", "he": "הפנייה לא נמצאה."}


class InvalidTicketOperation(PharmaiError):
    """The ticket's state does not allow it (``details.reason``): seed 004's ``INVALID_OPERATION``."""

    code = "INVALID_OPERATION"
    templates: ClassVar[dict[str, str]] = {
        "en": "This ticket cannot be changed that way now.",
        "he": "אי אפשר לשנות את הפנייה כך כרגע.",
    }
    _by_reason: ClassVar[dict[str, dict[str, str]]] = {
        "transition": {
            "en": "A ticket that is {status} cannot become {target}.",
            "he": "אי אפשר להעביר פנייה מהמצב {status} למצב {target}.",
        },
        "claimed": {
            "en": "Another member of staff has already claimed this ticket.",
            "he": "הפנייה כבר נלקחה לטיפול בידי עמית/ה אחר/ת.",
        },
        "not_holder": {
            "en": "Only the member of staff who claimed this ticket can do that.",
            "he": "רק מי שלקח/ה את הפנייה לטיפול יכול/ה לעשות זאת.",
        },
        "no_conversation": {"en": "This ticket has no conversation.", "he": "לפנייה הזו אין שיחה."},
    }


class CustomerNotFound(NotFound):
    """No customer has that phone, email or id (seed 004 ``CUSTOMER_NOT_FOUND``)."""

    code = "CUSTOMER_NOT_FOUND"
    templates: ClassVar[dict[str, str]] = {"en": "No customer matches.", "he": "לא נמצא חשבון לקוח מתאים."}


_BY_CODE: dict[str, type[PharmaiError]] = {}


def _index(cls: type[PharmaiError]) -> None:
    for sub in cls.__subclasses__():
        _BY_CODE.setdefault(sub.code, sub)
        _index(sub)


_index(PharmaiError)


def error_for_code(code: str) -> type[PharmaiError]:
    """The exception class of an envelope error code (``INTERNAL`` for unknown codes)."""
    return _BY_CODE.get(code, InternalError)
