"""What a prescription's status means for the person, said after that prescription's own line.

"until when is my Eltroxin valid?" about an expired prescription, "why doesn't my Tramadex show?" about a
cancelled one: the line on file ("expired, expiry date 24 February 2026; 3 refills left") states the facts
but not what follows from them — an expired prescription cannot be refilled, its refills left are of no use,
and only the doctor can issue a new one; a cancelled one cannot be refilled, its reason is not on file, and
the doctor (or a pharmacist at the branch) is who can say why. A prescription still active with refills
left needs no note. Only facts of the status are said; no medication is recommended.
"""

from __future__ import annotations

from typing import Any

from pharmai.agent.engines.offline.state import Dialogue
from pharmai.agent.engines.offline.texts import format_date

__all__ = ["note"]

_TEXTS = {
    "expired": {
        "en": "It expired on {date}, so it can no longer be refilled (refills left on it can't be used). Please "
        "ask your doctor for a new prescription.",
        "he": "תוקף המרשם פג ב-{date}, ולכן אי אפשר עוד לחדש אותו (גם לא בחידושים שנותרו בו). יש לפנות "
        "לרופא/ה לקבלת מרשם חדש.",
    },
    "cancelled": {
        "en": "It was cancelled, so it can't be refilled. The reason isn't recorded in your prescription "
        "details: your doctor (who issued it) can explain and issue a new prescription if needed, and a "
        "pharmacist at the branch can help too.",
        "he": "המרשם בוטל, ולכן אי אפשר לחדש אותו. הסיבה אינה מופיעה בפרטי המרשם: אפשר לשאול את הרופא/ה שרשם/ה "
        "אותו, ולבקש מרשם חדש אם צריך; גם הרוקחים בסניף יוכלו לעזור.",
    },
    "completed": {
        "en": "It has been completed (no refills left), so getting it again needs a new prescription from your doctor.",
        "he": "המרשם הושלם (לא נותרו בו חידושים), ולכן כדי לקבל את התרופה שוב צריך מרשם חדש מהרופא/ה.",
    },
    "no_refills": {
        "en": "It has no refills left, so for more a new prescription from your doctor is needed.",
        "he": "לא נותרו בו חידושים, ולכן כדי לקבל עוד צריך מרשם חדש מהרופא/ה.",
    },
}


def note(d: Dialogue, item: dict[str, Any]) -> str:
    """What ``item``'s status means (an expired, cancelled, completed or used-up prescription); "" otherwise.

    Args:
        d: The turn (its language).
        item: One prescription as ``get_user_prescriptions`` lists it.
    """
    status = item.get("status")
    if item.get("refill_pending"):
        return ""  # being prepared: the line says so, and nothing else follows from it now
    if status == "active" and item.get("refills_left") == 0:
        status = "no_refills"
    texts = _TEXTS.get(str(status))
    if texts is None:
        return ""
    return texts["he" if d.lang == "he" else "en"].format(date=format_date(d.lang, item.get("expires_at")))
