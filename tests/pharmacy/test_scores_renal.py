"""``renal_dosing``: Cockcroft-Gault creatinine clearance, worked examples, stage edges and bad input.

Expected values are computed by hand from the published formula (Cockcroft and Gault 1976):
CrCl = (140 − age) × weight / (72 × SCr mg/dL), × 0.85 for women, µmol/L ÷ 88.4, rounded to 0.1 mL/min.
"""

from __future__ import annotations

from typing import Any

import pytest

from pharmai.errors import ValidationFailed
from pharmai.pharmacy.scores import ScoreResult, calculate


def crcl(age: float, sex: str, weight: float, creatinine: float, unit: str = "mg/dL") -> ScoreResult:
    params = {
        "age_years": age,
        "sex": sex,
        "weight_kg": weight,
        "creatinine_unit": unit,
        "serum_creatinine": creatinine,
    }
    return calculate("renal_dosing", params)


def fields(exc: pytest.ExceptionInfo[ValidationFailed]) -> dict[str, str]:
    return {f["field"]: f["type"] for f in exc.value.fields}


# --- worked examples ---------------------------------------------------------------------------------


def test_man_60_80kg_creatinine_1_2() -> None:
    # superglobalcalculator.com, "Creatinine Clearance (Cockcroft-Gault)", example 1 (states ≈ 74.1 mL/min).
    # By hand: (140 − 60) × 80 / (72 × 1.2) = 6400 / 86.4 = 74.07 → 74.1, mildly decreased.
    result = crcl(60, "male", 80, 1.2)
    assert result.value == 74.1 and result.band.code == "mild"
    assert result.unit.en == "mL/min" and result.band.label.en == "Mildly decreased (60–89 mL/min)"


def test_woman_45_65kg_creatinine_0_9() -> None:
    # superglobalcalculator.com, same page, example 2 (states ≈ 80.9 mL/min, a truncation).
    # By hand: (140 − 45) × 65 / (72 × 0.9) × 0.85 = 6175 / 64.8 × 0.85 = 80.999… → 81.0.
    result = crcl(45, "female", 65, 0.9)
    assert result.value == 81.0 and result.band.code == "mild"
    assert {c.code: c.value for c in result.components}["sex_factor"] == 0.85


def test_man_50_70kg_creatinine_1_0() -> None:
    # webcalcsys.pages.dev, "Creatinine Clearance (Cockcroft-Gault)" example (states 87.5 mL/min, mildly reduced).
    # By hand: 90 × 70 / 72 = 87.5.
    result = crcl(50, "male", 70, 1.0)
    assert result.value == 87.5 and result.band.code == "mild"


def test_man_50_80kg_creatinine_1_0_is_normal() -> None:
    # theprimecalculator.com, creatinine clearance formula page, worked example (states 100 mL/min, normal).
    # By hand: 90 × 80 / 72 = 100.0.
    result = crcl(50, "male", 80, 1.0)
    assert result.value == 100.0 and result.band.code == "normal"


def test_si_units_give_the_same_clearance_as_mg_dl() -> None:
    # The SI form printed by Primary Care Notebook ("creatinine clearance: calculation"):
    # CrCl = (140 − age) × weight × 1.23 / SCr (µmol/L), 1.23 being 88.4 / 72 rounded.
    # Man of 70, 72 kg, SCr 100 µmol/L. By hand: 70 × 72 / (72 × 100 / 88.4) = 61.88 → 61.9 (the rounded
    # constant gives 62.0); 100 µmol/L = 1.13 mg/dL.
    si = crcl(70, "male", 72, 100, "umol/L")
    assert si.value == 61.9 and si.band.code == "mild"
    assert {c.code: c.value for c in si.components}["serum_creatinine_mg_dl"] == 1.13
    assert crcl(70, "male", 72, 100 / 88.4).value == si.value


@pytest.mark.parametrize("unit", ["umol/L", "µmol/L", "μmol/L", "UMOL/L", " umol/l "])
def test_common_spellings_of_micromoles_are_one_unit(unit: str) -> None:
    assert crcl(70, "male", 72, 100, unit).value == 61.9


# --- stage edges: banded on the value as shown (one decimal) ------------------------------------------


@pytest.mark.parametrize(
    ("age", "weight", "creatinine", "value", "stage"),
    [
        (50, 72.0, 1.0, 90.0, "normal"),  # 90 × 72 / 72
        (50, 71.9, 1.0, 89.9, "mild"),  # 89.875 → 89.9
        (80, 72.0, 1.0, 60.0, "mild"),  # 60 × 72 / 72
        (80, 71.9, 1.0, 59.9, "moderate"),  # 59.92
        (110, 72.0, 1.0, 30.0, "moderate"),  # 30 × 72 / 72
        (110, 72.0, 1.01, 29.7, "severe"),  # 2160 / 72.72 = 29.70
        (110, 72.0, 2.0, 15.0, "severe"),  # 2160 / 144
        (110, 72.0, 2.01, 14.9, "kidney_failure"),  # 2160 / 144.72 = 14.93
    ],
)
def test_stage_edges(age: float, weight: float, creatinine: float, value: float, stage: str) -> None:
    result = crcl(age, "male", weight, creatinine)
    assert (result.value, result.band.code) == (value, stage)


def test_rounding_decides_the_stage_shown() -> None:
    # 59.96 would be "moderate" unrounded; it shows as 60.0, so it is banded "mild" like the number read.
    result = crcl(80, "male", 71.976, 1.0)  # 60 × 71.976 / 72 = 59.98
    assert (result.value, result.band.code) == (60.0, "mild")


def test_hebrew_texts_and_sources() -> None:
    result = crcl(60, "male", 80, 1.2)
    assert result.band.label.he == 'ירידה קלה (60–89 מ"ל/דקה)' and result.unit.he == 'מ"ל/דקה'
    assert result.title.pick("he") == "פינוי קריאטינין (קוקרופט-גולט)"
    assert any("משקל" in note.he for note in result.notes)  # the weight-choice note, in Hebrew too
    (paper,) = [s for s in result.sources if s.used_for == "formula"]
    assert (paper.authors, paper.year, paper.doi, paper.pmid) == (
        "Cockcroft DW, Gault MH",
        1976,
        "10.1159/000180580",
        "1244564",
    )


# --- bad input -----------------------------------------------------------------------------------------

GOOD: dict[str, Any] = {
    "age_years": 60,
    "sex": "male",
    "weight_kg": 80,
    "creatinine_unit": "mg/dL",
    "serum_creatinine": 1.2,
}


@pytest.mark.parametrize(
    ("change", "field", "kind"),
    [
        ({"age_years": 17}, "age_years", "greater_than_equal"),
        ({"age_years": 121}, "age_years", "less_than_equal"),
        ({"weight_kg": 19.9}, "weight_kg", "greater_than_equal"),
        ({"weight_kg": 351}, "weight_kg", "less_than_equal"),
        ({"sex": "f"}, "sex", "literal_error"),
        ({"creatinine_unit": "mmol/L"}, "creatinine_unit", "literal_error"),
        ({"creatinine_unit": "mg"}, "creatinine_unit", "literal_error"),
        ({"serum_creatinine": 25.0}, "serum_creatinine", "out_of_range"),  # 25 mg/dL
        ({"serum_creatinine": 0.05}, "serum_creatinine", "greater_than_equal"),
        (
            {"creatinine_unit": "umol/L", "serum_creatinine": 1.2},
            "serum_creatinine",
            "out_of_range",
        ),  # mg/dL sent as µmol/L
        ({"creatinine_unit": "umol/L", "serum_creatinine": 2000}, "serum_creatinine", "less_than_equal"),
        ({"serum_creatinine": 0}, "serum_creatinine", "greater_than_equal"),
        ({"serum_creatinine": -1}, "serum_creatinine", "greater_than_equal"),
        ({"age_years": "60"}, "age_years", "float_type"),
        ({"weight_kg": True}, "weight_kg", "float_type"),
        ({"weight_kg": float("nan")}, "weight_kg", "finite_number"),
        ({"weight_kg": float("inf")}, "weight_kg", "finite_number"),
        ({"height_cm": 180}, "height_cm", "extra_forbidden"),
    ],
)
def test_bad_values_are_typed_errors_naming_the_field(change: dict[str, Any], field: str, kind: str) -> None:
    with pytest.raises(ValidationFailed) as exc:
        calculate("renal_dosing", {**GOOD, **change})
    assert fields(exc) == {field: kind}
    assert exc.value.code == "VALIDATION_ERROR"


@pytest.mark.parametrize("missing", sorted(GOOD))
def test_every_field_is_required(missing: str) -> None:
    params = {k: v for k, v in GOOD.items() if k != missing}
    with pytest.raises(ValidationFailed) as exc:
        calculate("renal_dosing", params)
    assert fields(exc) == {missing: "missing"}


def test_the_unit_is_required_even_for_a_typical_mg_dl_value() -> None:
    # 1.2 is plainly mg/dL, but the calculator never guesses a unit.
    params = {k: v for k, v in GOOD.items() if k != "creatinine_unit"}
    with pytest.raises(ValidationFailed) as exc:
        calculate("renal_dosing", params, prefix="parameters")
    assert fields(exc) == {"parameters.creatinine_unit": "missing"}
    assert exc.value.message("en") == "Some of the input is not valid: parameters.creatinine_unit."
    assert exc.value.message("he") == "חלק מהקלט אינו תקין: parameters.creatinine_unit."


def test_several_problems_are_reported_together_without_the_values() -> None:
    with pytest.raises(ValidationFailed) as exc:
        calculate(
            "renal_dosing", {"age_years": 9876.5, "sex": "male", "creatinine_unit": "mg/dL", "serum_creatinine": 987.25}
        )
    assert fields(exc) == {"age_years": "less_than_equal", "weight_kg": "missing", "serum_creatinine": "out_of_range"}
    text = str(exc.value.to_error("en")) + str(exc.value.to_error("he"))
    assert "9876" not in text and "987.25" not in text
    assert "must be between 0.1 and 20.0 mg/dL" in {f["message"] for f in exc.value.fields}
