"""``renal_dosing``: creatinine clearance by Cockcroft-Gault, banded as drug labels band renal function.

CrCl (mL/min) = (140 − age) × weight (kg) / (72 × serum creatinine (mg/dL)), × 0.85 for women
(Cockcroft and Gault 1976). Creatinine in µmol/L is divided by 88.4 first. The value is rounded to one
decimal and banded on that rounded value, so the number shown and its band always agree.
"""

from __future__ import annotations

from typing import Literal

from pydantic import Field, ValidationInfo, field_validator

from pharmai.pharmacy.scores._model import Band, Citation, Component, ScoreResult, Text, round_half_up
from pharmai.pharmacy.scores._params import CREATININE_UMOL_PER_MG_DL, Params, check_lab_range, normalise_unit, number

__all__ = ["CREATININE_LIMITS", "RenalDosingParams", "renal_dosing"]

#: Plausible serum creatinine per unit (0.1–20 mg/dL).
CREATININE_LIMITS = {"mg/dL": (0.1, 20.0), "umol/L": (9.0, 1768.0)}

_SOURCES = (
    Citation(
        authors="Cockcroft DW, Gault MH",
        title="Prediction of creatinine clearance from serum creatinine",
        journal="Nephron 16(1):31-41",
        year=1976,
        used_for="formula",
        doi="10.1159/000180580",
        pmid="1244564",
    ),
    Citation(
        authors="U.S. Food and Drug Administration, Center for Drug Evaluation and Research",
        title="Pharmacokinetics in Patients with Impaired Renal Function — Study Design, Data Analysis, "
        "and Impact on Dosing and Labeling (draft guidance for industry)",
        journal="U.S. FDA",
        year=2010,
        used_for="interpretation",
    ),
)

# (lower limit in mL/min, code, label); the first whose limit the value reaches.
_STAGES = (
    (90.0, "normal", Text("Normal (90 mL/min or more)", 'תקין (90 מ"ל/דקה ומעלה)')),
    (60.0, "mild", Text("Mildly decreased (60–89 mL/min)", 'ירידה קלה (60–89 מ"ל/דקה)')),
    (30.0, "moderate", Text("Moderately decreased (30–59 mL/min)", 'ירידה בינונית (30–59 מ"ל/דקה)')),
    (15.0, "severe", Text("Severely decreased (15–29 mL/min)", 'ירידה חמורה (15–29 מ"ל/דקה)')),
    (0.0, "kidney_failure", Text("Kidney failure range (below 15 mL/min)", 'טווח אי-ספיקת כליות (מתחת ל-15 מ"ל/דקה)')),
)
_STAGE_DETAIL = Text(
    "Check the product's labelling for its renal dose adjustment in this range.",
    "יש לבדוק בעלון התכשיר את התאמת המינון לתפקוד הכליות בטווח הזה.",
)
_NOTES = (
    Text(
        "Cockcroft-Gault was derived with actual body weight; in obesity, low body weight or oedema the "
        "choice of actual, ideal or adjusted weight changes the estimate markedly.",
        "נוסחת קוקרופט-גולט פותחה עם משקל הגוף בפועל; בהשמנה, במשקל נמוך או בבצקות, הבחירה בין משקל "
        "בפועל, אידיאלי או מתוקנן משנה את האומדן באופן ניכר.",
    ),
    Text(
        "Valid only for stable kidney function (not in acute kidney injury).",
        "תקף רק כשתפקוד הכליות יציב (לא בפגיעה כלייתית חריפה).",
    ),
)
_TITLE = Text("Creatinine clearance (Cockcroft-Gault)", "פינוי קריאטינין (קוקרופט-גולט)")
_UNIT = Text("mL/min", 'מ"ל/דקה')


class RenalDosingParams(Params):
    """Inputs of `renal_dosing`: Cockcroft-Gault creatinine clearance of an adult."""

    age_years: float = number(18, 120, "Age in years (adults, 18 to 120).")
    sex: Literal["female", "male"] = Field(description="Sex: female or male (female: × 0.85).")
    weight_kg: float = number(20, 350, "Body weight in kilograms (20 to 350).")
    creatinine_unit: Literal["mg/dL", "umol/L"] = Field(description="Unit of serum_creatinine: mg/dL or umol/L.")
    serum_creatinine: float = number(
        0.1, CREATININE_LIMITS["umol/L"][1], "Serum creatinine in creatinine_unit (0.1–20 mg/dL, 9–1768 umol/L)."
    )

    _unit = field_validator("creatinine_unit", mode="before")(normalise_unit)

    @field_validator("serum_creatinine")
    @classmethod
    def _plausible(cls, value: float, info: ValidationInfo) -> float:
        return check_lab_range(value, info, "creatinine_unit", CREATININE_LIMITS)


def renal_dosing(params: RenalDosingParams) -> ScoreResult:
    """Creatinine clearance (mL/min) by Cockcroft-Gault, with its renal-function band."""
    creatinine = params.serum_creatinine
    if params.creatinine_unit == "umol/L":
        creatinine = creatinine / CREATININE_UMOL_PER_MG_DL
    sex_factor = 0.85 if params.sex == "female" else 1.0
    clearance = (140 - params.age_years) * params.weight_kg / (72 * creatinine) * sex_factor
    value = round_half_up(clearance, 1)
    code, label = next((code, label) for limit, code, label in _STAGES if value >= limit)
    return ScoreResult(
        score="renal_dosing",
        title=_TITLE,
        value=value,
        unit=_UNIT,
        band=Band("crcl_stage", code, label, _STAGE_DETAIL),
        components=(
            Component("age_years", Text("Age (years)", "גיל (שנים)"), params.age_years),
            Component("weight_kg", Text("Weight (kg)", 'משקל (ק"ג)'), params.weight_kg),
            Component(
                "serum_creatinine_mg_dl",
                Text("Serum creatinine (mg/dL)", 'קריאטינין בסרום (מ"ג/ד"ל)'),
                round_half_up(creatinine, 2),
            ),
            Component("sex_factor", Text("Sex factor", "מקדם מין"), sex_factor),
        ),
        notes=_NOTES,
        sources=_SOURCES,
    )
