"""The calculator catalog as a whole: names, dispatch errors, bilingual texts and well-formed sources."""

from __future__ import annotations

import re
from typing import Any

import pytest

from pharmai.errors import ValidationFailed
from pharmai.pharmacy.scores import CALCULATORS, SCORE_NAMES, ScoreResult, calculate

HEBREW = re.compile(r"[\u0590-\u05FF]")

#: One valid input per calculator.
EXAMPLES: dict[str, dict[str, Any]] = {
    "renal_dosing": {
        "age_years": 60,
        "sex": "male",
        "weight_kg": 80,
        "creatinine_unit": "mg/dL",
        "serum_creatinine": 1.2,
    },
    "bmi": {"weight_kg": 68, "height_cm": 165},
    "chadsvasc": {
        "age_years": 72,
        "sex": "female",
        "congestive_heart_failure": False,
        "hypertension": True,
        "diabetes": True,
        "stroke_tia_or_thromboembolism": False,
        "vascular_disease": False,
    },
    "hasbled": {
        "age_years": 72,
        "uncontrolled_hypertension": True,
        "abnormal_renal_function": False,
        "abnormal_liver_function": False,
        "stroke_history": False,
        "bleeding_history": False,
        "labile_inr": False,
        "antiplatelet_or_nsaid": True,
        "alcohol_excess": False,
    },
    "wells_dvt": {
        "active_cancer": True,
        "paralysis_paresis_or_recent_cast": False,
        "bedridden_or_major_surgery": False,
        "localized_deep_vein_tenderness": True,
        "entire_leg_swollen": False,
        "calf_swelling_over_3cm": False,
        "pitting_edema_symptomatic_leg": False,
        "collateral_superficial_veins": False,
        "previous_dvt": False,
        "alternative_diagnosis_as_likely": False,
    },
    "wells_pe": {
        "clinical_signs_of_dvt": False,
        "pe_most_likely_diagnosis": True,
        "heart_rate_bpm": 110,
        "immobilization_or_recent_surgery": False,
        "previous_dvt_or_pe": True,
        "hemoptysis": False,
        "malignancy": False,
    },
    "meld": {
        "creatinine_unit": "mg/dL",
        "serum_creatinine": 1.0,
        "bilirubin_unit": "mg/dL",
        "total_bilirubin": 1.5,
        "inr": 1.5,
        "sodium_unit": "mmol/L",
        "serum_sodium": 135,
        "dialysis_twice_in_past_week": False,
    },
}


def test_the_seven_calculators_of_seed_003() -> None:
    assert SCORE_NAMES == ("renal_dosing", "bmi", "chadsvasc", "hasbled", "wells_dvt", "wells_pe", "meld")
    assert set(EXAMPLES) == set(CALCULATORS)


@pytest.mark.parametrize("score", SCORE_NAMES)
def test_every_text_exists_in_both_languages(score: str) -> None:
    result: ScoreResult = calculate(score, EXAMPLES[score])
    assert result.score == score
    texts = [result.title, result.unit, *result.notes, *(c.label for c in result.components)]
    texts += [b.label for b in (result.band, *result.other_bands)] + [
        b.detail for b in (result.band, *result.other_bands) if b.detail is not None
    ]
    for text in texts:
        assert text.en and text.he and not HEBREW.search(text.en), text
        # MELD band names are the same symbols in both languages; everything else is written in Hebrew.
        assert HEBREW.search(text.he) or text.he == text.en, text


@pytest.mark.parametrize("score", SCORE_NAMES)
def test_sources_are_complete_and_identifiers_well_formed(score: str) -> None:
    sources = calculate(score, EXAMPLES[score]).sources
    assert any(s.used_for == "formula" for s in sources)
    for source in sources:
        assert source.authors and source.title and source.journal and 1970 <= source.year <= 2026
        assert source.doi is None or re.fullmatch(r"10\.\d{4,9}/\S+", source.doi), source.doi
        assert source.pmid is None or re.fullmatch(r"\d{6,9}", source.pmid), source.pmid


@pytest.mark.parametrize("score", SCORE_NAMES)
def test_an_empty_object_names_every_required_field(score: str) -> None:
    with pytest.raises(ValidationFailed) as exc:
        calculate(score, {}, prefix="parameters")
    expected = {f"parameters.{name}" for name in CALCULATORS[score].params.model_fields}
    assert {f["field"] for f in exc.value.fields} == expected
    assert {f["type"] for f in exc.value.fields} == {"missing"}


@pytest.mark.parametrize("score", ["", "BMI", "cha2ds2vasc", "meld3", None, 7, ["bmi"]])
def test_unknown_calculators_are_refused(score: Any) -> None:
    with pytest.raises(ValidationFailed) as exc:
        calculate(score, EXAMPLES["bmi"])
    assert exc.value.fields[0]["field"] == "score" and "renal_dosing" in exc.value.fields[0]["message"]


@pytest.mark.parametrize("parameters", [None, [], "weight 70", 70, [("weight_kg", 70)]])
def test_parameters_must_be_an_object(parameters: Any) -> None:
    with pytest.raises(ValidationFailed) as exc:
        calculate("bmi", parameters, prefix="parameters")
    assert exc.value.fields == [{"field": "parameters", "type": "dict_type", "message": "must be a JSON object"}]


def test_another_calculators_fields_are_refused() -> None:
    # BMI inputs sent to the Cockcroft-Gault calculator: the missing fields and the stray one, all named.
    with pytest.raises(ValidationFailed) as exc:
        calculate("renal_dosing", {"weight_kg": 70, "height_cm": 175})
    kinds = {f["field"]: f["type"] for f in exc.value.fields}
    assert kinds["height_cm"] == "extra_forbidden" and kinds["serum_creatinine"] == "missing"
    assert "weight_kg" not in kinds
