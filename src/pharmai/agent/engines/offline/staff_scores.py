"""Reading a calculator request: which score, and the values a member of staff typed for it.

Values come as people write them: "70-year-old man", "בת 80", "72 kg", "55 ק"ג", "1.70 m", "creatinine 1.1
mg/dL", "Cr 98 µmol/L", "hypertension and diabetes", "ללא סוכרת". A creatinine without a unit is read in
mg/dL below 20 and in µmol/L above (no adult's serum creatinine is 20 mg/dL, none is 20 µmol/L). Risk factors
a CHA2DS2-VASc / HAS-BLED request does not list are taken as absent — the request lists what the patient has;
age and sex are never guessed: a missing one is asked for.
"""

from __future__ import annotations

import re
from typing import Any

__all__ = ["REQUIRED", "merge_values", "missing_fields", "parameters", "read_values", "score_name"]

_NAMES = {
    "renal_dosing": (
        "crcl", "cr cl", "creatinine clearance", "cockcroft", "renal dos", "renal function", "קרירטינין קליראנס",
        "קראטינין קליראנס", "קריאטינין קליראנס", "קליראנס", "פינוי קריאטינין", "פינוי קראטינין", "תפקוד כליות",
    ),
    "bmi": ("bmi", "body mass", "מדד מסת גוף", "מסת גוף", "בי אם איי"),
    "chadsvasc": ("cha2ds2", "chads2", "chadsvasc", "chads-vasc", "chads vasc", "צ'אדס", "צאדס"),
    "hasbled": ("has-bled", "hasbled", "has bled", "האס-בלד", "האסבלד"),
}  # fmt: skip

#: The values each calculator needs from the person (risk factors default to absent).
REQUIRED = {
    "renal_dosing": ("age_years", "sex", "weight_kg", "serum_creatinine"),
    "bmi": ("weight_kg", "height_cm"),
    "chadsvasc": ("age_years", "sex"),
    "hasbled": ("age_years",),
}

_FLAGS = {
    "chadsvasc": {
        "congestive_heart_failure": ("heart failure", "chf", "lv dysfunction", "אי ספיקת לב", "אי-ספיקת לב", "אס\"ל"),
        "hypertension": ("hypertension", "htn", "high blood pressure", "יתר לחץ דם", "לחץ דם גבוה", "יל\"ד"),
        "diabetes": ("diabetes", "diabetic", " dm", "סוכרת"),
        "stroke_tia_or_thromboembolism": ("stroke", "tia", "thromboembol", "שבץ", "אירוע מוחי", "תסחיף"),
        "vascular_disease": ("vascular disease", "myocardial infarction", " mi ", "peripheral arter", "aortic plaque",
                             "מחלת כלי דם", "אוטם", "התקף לב", "מחלה וסקולרית"),
    },
    "hasbled": {
        "uncontrolled_hypertension": ("hypertension", "htn", "יתר לחץ דם", "לחץ דם"),
        "abnormal_renal_function": ("renal", "dialysis", "kidney", "כליות", "דיאליזה", "כלייתי"),
        "abnormal_liver_function": ("liver", "cirrhosis", "כבד", "שחמת"),
        "stroke_history": ("stroke", "שבץ", "אירוע מוחי"),
        "bleeding_history": ("bleed", "anaemia", "anemia", "דימום", "אנמיה"),
        "labile_inr": ("labile inr", "unstable inr", "inr לא יציב", "inr labile"),
        "antiplatelet_or_nsaid": ("aspirin", "antiplatelet", "nsaid", "clopidogrel", "אספירין", "נוגדי טסיות"),
        "alcohol_excess": ("alcohol", "אלכוהול"),
    },
}  # fmt: skip
_NEGATIONS = ("no ", "without ", "not ", "denies ", "ללא ", "בלי ", "אין ", "לא ")

_NUMBER = r"(\d+(?:\.\d+)?)"
_AGE = (
    re.compile(rf"{_NUMBER}\s*[- ]?(?:years?|yrs?|y/?o|yo)\b", re.IGNORECASE),
    re.compile(rf"\b(?:age|aged)\s*:?\s*{_NUMBER}", re.IGNORECASE),
    re.compile(rf"(?:בן|בת|גיל|בגיל)\s*:?\s*{_NUMBER}"),
    re.compile(r"(?<![\d.])(\d{2,3})\s*([mf])\b", re.IGNORECASE),
)
_WEIGHT = (
    re.compile(rf"{_NUMBER}\s*(?:kg|kgs|kilo|kilos|kilograms?|ק\"ג|ק״ג|קג|קילו|קילוגרם)", re.IGNORECASE),
    re.compile(rf"(?:weight|weighing|weighs|wt|משקל|שמשקלו|שמשקלה|במשקל)\s*(?:of|is|:|של)?\s*{_NUMBER}", re.IGNORECASE),
)
_HEIGHT_CM = re.compile(rf"{_NUMBER}\s*(?:cm|ס\"מ|ס״מ|סמ|סנטימטר)", re.IGNORECASE)
_HEIGHT_M = re.compile(r"(\d\.\d+)\s*(?:m\b|מ'|מ׳|מטר)", re.IGNORECASE)
_HEIGHT_WORD = re.compile(
    rf"(?:height|tall|גובה|שגובהו|שגובהה|וגובהו|וגובהה|בגובה)\s*(?:of|is|:|של)?\s*{_NUMBER}", re.IGNORECASE
)
_CLEARANCE = re.compile(r"creatinine clearance|קר[יא]?[אי]?טינין קליראנס|פינוי קר[יא]+טינין", re.IGNORECASE)
_CREATININE = re.compile(
    rf"(?:creatinine|creat|scr|\bcr\b|קריאטינין|קראטינין|קרטינין|קריטינין)\s*(?:is|of|=|:|של)?\s*{_NUMBER}"
    r"\s*(mg/dl|mg%|umol/l|µmol/l|μmol/l|micromol/l|מ\"ג/ד\"ל|מג/דל|מיקרומול)?",
    re.IGNORECASE,
)
_MALE = re.compile(r"\b(?:man|male|gentleman|boy|he)\b|(?:^|\s)(?:גבר|זכר|בן)(?:\s|$|,)|\d\s*m\b", re.IGNORECASE)
_FEMALE = re.compile(
    r"\b(?:woman|female|lady|girl|she)\b|(?:^|\s)(?:אישה|אשה|נקבה|בת)(?:\s|$|,)|\d\s*f\b", re.IGNORECASE
)
_BARE = re.compile(rf"^\s*{_NUMBER}\s*([a-zA-Zא-ת\"'/%µμ]*)\s*$")


def score_name(low: str) -> str | None:
    """The calculator a lower-cased message names, or ``None``."""
    for name, cues in _NAMES.items():
        if any(cue in low for cue in cues):
            return name
    return None


def _first(patterns: tuple[re.Pattern[str], ...], text: str) -> float | None:
    for pattern in patterns:
        match = pattern.search(text)
        if match is not None:
            return float(match.group(1))
    return None


def _number(value: float) -> int | float:
    return int(value) if value == int(value) else value


def _flag(text: str, cues: tuple[str, ...]) -> bool | None:
    for cue in cues:
        at = text.find(cue)
        if at >= 0:
            before = text[max(0, at - 12) : at]
            return not any(negation in before for negation in _NEGATIONS)
    return None


def read_values(text: str, score: str, *, asked: str | None = None) -> dict[str, Any]:
    """The values of ``score``'s inputs found in ``text``.

    Args:
        text: The message.
        score: The calculator.
        asked: The field the last reply asked for: a bare number ("0.9", "165") fills it.
    """
    low = f" {text.lower()} "
    values: dict[str, Any] = {}
    bare = _BARE.match(text)
    if asked is not None and bare is not None:
        values[asked] = _number(float(bare.group(1)))
    age = _first(_AGE, text)
    if age is not None:
        values["age_years"] = _number(age)
    if _FEMALE.search(low):
        values["sex"] = "female"
    elif _MALE.search(low):
        values["sex"] = "male"
    weight = _first(_WEIGHT, text)
    if weight is not None:
        values["weight_kg"] = _number(weight)
    metres = _HEIGHT_M.search(text)
    height = _first((_HEIGHT_CM,), text) if metres is None else float(metres.group(1)) * 100
    if height is None:
        height = _first((_HEIGHT_WORD,), text)
        height = height * 100 if height is not None and height < 3 else height
    if height is not None:
        values["height_cm"] = _number(round(height, 1))
    creatinine = _CREATININE.search(_CLEARANCE.sub(" ", text))
    if creatinine is not None:
        value = float(creatinine.group(1))
        unit = (creatinine.group(2) or "").lower()
        values["serum_creatinine"] = _number(value)
        values["creatinine_unit"] = (
            "umol/L" if "mol" in unit or "מיקרו" in unit or (not unit and value > 20) else "mg/dL"
        )
    for field_name, cues in _FLAGS.get(score, {}).items():
        flag = _flag(low, cues)
        if flag is not None:
            values[field_name] = flag
    return values


def merge_values(score: str, known: dict[str, Any], found: dict[str, Any]) -> dict[str, Any]:
    """The calculator's parameters from what was said before and now (risk factors not named: absent)."""
    merged = {**known, **found}
    if "serum_creatinine" in merged and "creatinine_unit" not in merged:
        merged["creatinine_unit"] = "umol/L" if float(merged["serum_creatinine"]) > 20 else "mg/dL"
    return merged


def missing_fields(score: str, values: dict[str, Any]) -> list[str]:
    """The required inputs of ``score`` not given yet, in the order they are asked for."""
    return [name for name in REQUIRED.get(score, ()) if name not in values]


def parameters(score: str, values: dict[str, Any]) -> dict[str, Any]:
    """The tool's ``parameters``: the calculator's own fields only, absent risk factors as ``False``."""
    wanted = set(REQUIRED.get(score, ())) | set(_FLAGS.get(score, {}))
    if score == "renal_dosing":
        wanted.add("creatinine_unit")
    result = {k: v for k, v in values.items() if k in wanted}
    for flag in _FLAGS.get(score, {}):
        result.setdefault(flag, False)
    return result
