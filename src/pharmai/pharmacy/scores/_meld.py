"""``meld``: MELD-Na as OPTN/UNOS computed it from January 2016 (Kim et al. 2008; OPTN policy).

1. Bounds: creatinine, bilirubin and INR below 1.0 are set to 1.0; creatinine above 4.0 mg/dL is set to
   4.0, and so is the creatinine of a patient dialysed at least twice (or given 24 hours of CVVHD) in the
   past week. Sodium is clamped to 125–137 mmol/L.
2. MELD(i) = 0.957 × ln(Cr) + 0.378 × ln(bilirubin) + 1.120 × ln(INR) + 0.643, rounded to the tenth and
   multiplied by 10.
3. When MELD(i) > 11: MELD = MELD(i) + 1.32 × (137 − Na) − 0.033 × MELD(i) × (137 − Na).
4. The result is rounded to a whole number and capped at 40 (the lowest possible score is 6).

The band is the 3-month mortality reported for the original MELD's bands by Wiesner et al. (2003).
"""

from __future__ import annotations

import math
from typing import Literal

from pydantic import Field, ValidationInfo, field_validator

from pharmai.pharmacy.scores._model import POINTS, Band, Citation, Component, ScoreResult, Text, round_half_up
from pharmai.pharmacy.scores._params import (
    BILIRUBIN_UMOL_PER_MG_DL,
    CREATININE_UMOL_PER_MG_DL,
    Params,
    check_lab_range,
    flag,
    normalise_unit,
    number,
)
from pharmai.pharmacy.scores._renal import CREATININE_LIMITS

__all__ = ["BILIRUBIN_LIMITS", "MeldParams", "meld"]

#: Plausible total bilirubin per unit (0.1–80 mg/dL).
BILIRUBIN_LIMITS = {"mg/dL": (0.1, 80.0), "umol/L": (1.7, 1368.0)}

_SOURCES = (
    Citation(
        authors="Kamath PS, Wiesner RH, Malinchoc M, et al.",
        title="A model to predict survival in patients with end-stage liver disease",
        journal="Hepatology 33(2):464-470",
        year=2001,
        used_for="formula",
        doi="10.1053/jhep.2001.22172",
    ),
    Citation(
        authors="Kim WR, Biggins SW, Kremers WK, et al.",
        title="Hyponatremia and mortality among patients on the liver-transplant waiting list",
        journal="New England Journal of Medicine 359(10):1018-1026",
        year=2008,
        used_for="formula",
        doi="10.1056/NEJMoa0801209",
    ),
    Citation(
        authors="Organ Procurement and Transplantation Network (OPTN) / UNOS",
        title="Policy 9: Allocation of Livers and Liver-Intestines — MELD(i) and MELD-Na calculation, "
        "bounds and dialysis rule (in effect from January 2016)",
        journal="OPTN Policies, U.S. Department of Health and Human Services",
        year=2016,
        used_for="formula",
    ),
    Citation(
        authors="Wiesner R, Edwards E, Freeman R, et al.",
        title="Model for end-stage liver disease (MELD) and allocation of donor livers",
        journal="Gastroenterology 124(1):91-96",
        year=2003,
        used_for="interpretation",
        doi="10.1053/gast.2003.50016",
    ),
)

# (lowest score of the band, code, label, 3-month mortality in %).
_BANDS = (
    (40, "meld_40", Text("MELD 40", "MELD 40"), "71.3"),
    (30, "meld_30_39", Text("MELD 30–39", "MELD 30–39"), "52.6"),
    (20, "meld_20_29", Text("MELD 20–29", "MELD 20–29"), "19.6"),
    (10, "meld_10_19", Text("MELD 10–19", "MELD 10–19"), "6.0"),
    (6, "meld_6_9", Text("MELD 9 or less", "MELD 9 ומטה"), "1.9"),
)
_MORTALITY = Text(
    "3-month mortality in this band: about {rate}% (Wiesner et al. 2003, original MELD).",
    "תמותה בתוך 3 חודשים בטווח הזה: כ-{rate}% (Wiesner ועמיתיו 2003, MELD המקורי).",
)
_NOTES = (
    Text(
        "The 2016 OPTN MELD-Na rule for candidates aged 12 and older; OPTN has allocated by MELD 3.0 since "
        "2023, and exception points are not included.",
        "כלל MELD-Na של OPTN משנת 2016 למועמדים בני 12 ומעלה; מאז 2023 ההקצאה ב-OPTN היא לפי MELD 3.0, "
        "ונקודות חריגה אינן כלולות.",
    ),
)
_TITLE = Text("MELD-Na (OPTN/UNOS 2016)", "MELD-Na (OPTN/UNOS 2016)")


class MeldParams(Params):
    """Inputs of `meld`: MELD-Na (OPTN/UNOS 2016) of a liver transplant candidate aged 12 or older."""

    creatinine_unit: Literal["mg/dL", "umol/L"] = Field(description="Unit of serum_creatinine: mg/dL or umol/L.")
    serum_creatinine: float = number(
        0.1, CREATININE_LIMITS["umol/L"][1], "Serum creatinine in creatinine_unit (0.1–20 mg/dL, 9–1768 umol/L)."
    )
    bilirubin_unit: Literal["mg/dL", "umol/L"] = Field(description="Unit of total_bilirubin: mg/dL or umol/L.")
    total_bilirubin: float = number(
        0.1, BILIRUBIN_LIMITS["umol/L"][1], "Total bilirubin in bilirubin_unit (0.1–80 mg/dL, 1.7–1368 umol/L)."
    )
    inr: float = number(0.5, 20, "INR, no unit (0.5 to 20).")
    sodium_unit: Literal["mmol/L", "mEq/L"] = Field(description="Unit of serum_sodium: mmol/L or mEq/L (the same).")
    serum_sodium: float = number(100, 180, "Serum sodium in sodium_unit (100 to 180).")
    dialysis_twice_in_past_week: bool = flag(
        "Dialysed at least twice, or 24 hours of CVVHD, in the week before the creatinine test."
    )

    _units = field_validator("creatinine_unit", "bilirubin_unit", "sodium_unit", mode="before")(normalise_unit)

    @field_validator("serum_creatinine")
    @classmethod
    def _plausible_creatinine(cls, value: float, info: ValidationInfo) -> float:
        return check_lab_range(value, info, "creatinine_unit", CREATININE_LIMITS)

    @field_validator("total_bilirubin")
    @classmethod
    def _plausible_bilirubin(cls, value: float, info: ValidationInfo) -> float:
        return check_lab_range(value, info, "bilirubin_unit", BILIRUBIN_LIMITS)


def meld(params: MeldParams) -> ScoreResult:
    """MELD-Na (6–40) by the 2016 OPTN rule, with the 3-month mortality of its band."""
    creatinine = params.serum_creatinine
    if params.creatinine_unit == "umol/L":
        creatinine /= CREATININE_UMOL_PER_MG_DL
    bilirubin = params.total_bilirubin
    if params.bilirubin_unit == "umol/L":
        bilirubin /= BILIRUBIN_UMOL_PER_MG_DL
    creatinine = 4.0 if params.dialysis_twice_in_past_week else min(max(creatinine, 1.0), 4.0)
    bilirubin = max(bilirubin, 1.0)
    inr = max(params.inr, 1.0)
    sodium = min(max(params.serum_sodium, 125.0), 137.0)
    raw = 0.957 * math.log(creatinine) + 0.378 * math.log(bilirubin) + 1.120 * math.log(inr) + 0.643
    # Rounded to the tenth, then times 10: a whole number (round() only removes the float's dust).
    meld_i = round(round_half_up(raw, 1) * 10)
    score: float = meld_i
    if meld_i > 11:
        score = meld_i + 1.32 * (137 - sodium) - 0.033 * meld_i * (137 - sodium)
    value = min(int(round_half_up(score)), 40)
    _low, code, label, rate = next(band for band in _BANDS if value >= band[0])
    detail = Text(_MORTALITY.en.format(rate=rate), _MORTALITY.he.format(rate=rate))
    return ScoreResult(
        score="meld",
        title=_TITLE,
        value=value,
        unit=POINTS,
        band=Band("mortality_3_months", code, label, detail),
        components=(
            Component(
                "creatinine_mg_dl",
                Text("Creatinine used (mg/dL)", 'קריאטינין בחישוב (מ"ג/ד"ל)'),
                round_half_up(creatinine, 2),
            ),
            Component(
                "bilirubin_mg_dl",
                Text("Bilirubin used (mg/dL)", 'בילירובין בחישוב (מ"ג/ד"ל)'),
                round_half_up(bilirubin, 2),
            ),
            Component("inr", Text("INR used", "INR בחישוב"), round_half_up(inr, 2)),
            Component("sodium_mmol_l", Text("Sodium used (mmol/L)", "נתרן בחישוב (mmol/L)"), round_half_up(sodium, 1)),
            Component("meld_i", Text("MELD(i) before sodium", "MELD(i) לפני נתרן"), meld_i),
        ),
        notes=_NOTES,
        sources=_SOURCES,
    )
