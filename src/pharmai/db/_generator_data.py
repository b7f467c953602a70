"""Forms, strengths and neutral label sentences (in both languages) for the synthetic catalog."""

from __future__ import annotations

import re

__all__ = ["ASK", "COMBO_STRENGTHS", "DOSAGE", "FORMS", "FREQUENCIES", "RX_DOSAGE", "WARNINGS", "hebrew_strength"]

#: form -> (strength pool, dosage kind)
FORMS: dict[str, tuple[tuple[str, ...], str]] = {
    "tablet": (("5 mg", "10 mg", "20 mg", "25 mg", "50 mg", "100 mg", "200 mg", "250 mg", "500 mg"), "oral"),
    "film-coated tablet": (("10 mg", "20 mg", "40 mg", "80 mg", "150 mg", "300 mg"), "oral"),
    "capsule": (("10 mg", "20 mg", "40 mg", "75 mg", "150 mg", "250 mg", "500 mg"), "oral"),
    "chewable tablet": (("4 mg", "5 mg", "125 mg", "250 mg"), "oral"),
    "effervescent tablet": (("200 mg", "500 mg", "1000 mg"), "oral"),
    "oral suspension": (("100 mg/5 ml", "125 mg/5 ml", "250 mg/5 ml"), "liquid"),
    "syrup": (("5 mg/5 ml", "15 mg/5 ml", "2 mg/ml"), "liquid"),
    "cream": (("0.5%", "1%", "2%", "5%"), "topical"),
    "gel": (("1%", "2.5%", "5%"), "topical"),
    "eye drops": (("0.1%", "0.3%", "0.5%"), "drops"),
    "nasal spray": (("50 mcg", "100 mcg"), "spray"),
    "patch": (("25 mcg/h", "50 mcg/h"), "patch"),
}

#: (first mg, second mg) of two-ingredient tablets, written "a/b mg" like Augmentin's "875/125 mg".
COMBO_STRENGTHS = ((875, 125), (500, 125), (500, 8), (500, 30), (50, 12.5), (80, 12.5), (160, 25), (10, 10))

RX_DOSAGE = (
    "As prescribed by your doctor; follow the prescription label.",
    "לפי הוראות הרופא/ה; יש לפעול לפי התווית שעל המרשם.",
)

#: dosage kind -> (English, Hebrew) templates; {strength} and {frequency} are filled in.
DOSAGE: dict[str, tuple[str, str]] = {
    "oral": ("Adults: {strength} {frequency}, as on the label.", "מבוגרים: {strength} {frequency_he}, לפי התווית."),
    "liquid": (
        "Measure the dose with the enclosed syringe; {frequency}, as on the label.",
        "יש למדוד את המנה במזרק המצורף; {frequency_he}, לפי התווית.",
    ),
    "topical": (
        "Apply a thin layer to the skin {frequency}, as on the label.",
        "יש למרוח שכבה דקה על העור {frequency_he}, לפי התווית.",
    ),
    "drops": (
        "1 drop in the affected eye {frequency}, as on the label.",
        "טיפה אחת בעין הפגועה {frequency_he}, לפי התווית.",
    ),
    "spray": ("1 spray in each nostril {frequency}, as on the label.", "התזה אחת בכל נחיר {frequency_he}, לפי התווית."),
    "patch": ("Apply one patch {frequency}, as on the label.", "יש להדביק מדבקה אחת {frequency_he}, לפי התווית."),
}

FREQUENCIES = (
    ("once a day", "פעם ביום"),
    ("twice a day", "פעמיים ביום"),
    ("up to 3 times a day as needed", "עד 3 פעמים ביום לפי הצורך"),
    ("every 4–6 hours as needed", "כל 4–6 שעות לפי הצורך"),
)

WARNINGS = (
    ("May cause drowsiness; be careful when driving.", "עלול לגרום לישנוניות; יש להיזהר בנהיגה."),
    ("Avoid alcohol.", "יש להימנע מאלכוהול."),
    ("Take with food.", "יש ליטול עם אוכל."),
    ("Do not use if you are allergic to any of its ingredients.", "אין להשתמש במקרה של רגישות לאחד ממרכיביו."),
    ("Do not use during pregnancy or breastfeeding without a doctor.", "אין להשתמש בהריון או בהנקה ללא רופא/ה."),
    ("Stop and ask a doctor if a rash appears.", "יש להפסיק ולפנות לרופא/ה אם מופיעה פריחה."),
    ("Keep out of the reach of children.", "יש להרחיק מהישג ידם של ילדים."),
    ("Do not use for more than 7 days without a doctor.", "אין להשתמש יותר מ-7 ימים ללא רופא/ה."),
)

ASK = (
    "Ask a pharmacist or doctor before use if you take other medicines.",
    "אם נוטלים תרופות אחרות, יש להתייעץ עם רוקח/ת או רופא/ה לפני השימוש.",
)


_UNITS = {"mcg": 'מק"ג', "mg": 'מ"ג', "ml": 'מ"ל', "h": "שעה"}
_UNIT = re.compile(r"\b(mcg|mg|ml|h)\b")


def hebrew_strength(strength: str) -> str:
    """``strength`` with its units in Hebrew, as Hebrew labels write them ("200 mg" -> '200 מ"ג')."""
    return _UNIT.sub(lambda m: _UNITS[m.group(1)], strength)
