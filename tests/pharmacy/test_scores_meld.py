"""``meld``: MELD-Na by the 2016 OPTN rule — worked examples, every bound, the dialysis and > 11 rules.

By hand for each example: floors at 1.0, creatinine cap 4.0 (and 4.0 after dialysis twice in a week),
sodium clamped 125–137; MELD(i) = 0.957 ln Cr + 0.378 ln bili + 1.120 ln INR + 0.643, rounded to the
tenth × 10; if MELD(i) > 11, + 1.32 (137 − Na) − 0.033 MELD(i) (137 − Na); rounded, capped at 40.
"""

from __future__ import annotations

from typing import Any

import pytest

from pharmai.errors import ValidationFailed
from pharmai.pharmacy.scores import ScoreResult, calculate


def meld(
    creatinine: float,
    bilirubin: float,
    inr: float,
    sodium: float,
    *,
    dialysis: bool = False,
    creatinine_unit: str = "mg/dL",
    bilirubin_unit: str = "mg/dL",
) -> ScoreResult:
    return calculate(
        "meld",
        {
            "creatinine_unit": creatinine_unit,
            "serum_creatinine": creatinine,
            "bilirubin_unit": bilirubin_unit,
            "total_bilirubin": bilirubin,
            "inr": inr,
            "sodium_unit": "mmol/L",
            "serum_sodium": sodium,
            "dialysis_twice_in_past_week": dialysis,
        },
    )


def used(result: ScoreResult) -> dict[str, Any]:
    return {c.code: c.value for c in result.components}


# --- worked examples -------------------------------------------------------------------------------------


def test_scoutmytool_example() -> None:
    # scoutmytool.com "MELD-Na Score Calculator" step-by-step: Cr 1.0, bilirubin 1.5, INR 1.5, Na 135 →
    # raw MELD 13, MELD-Na 15, "~6% 3-month mortality". By hand: 0 + 0.1533 + 0.4541 + 0.643 = 1.2504 → 1.3
    # → 13 (> 11) → 13 + 1.32 × 2 − 0.033 × 13 × 2 = 14.78 → 15.
    result = meld(1.0, 1.5, 1.5, 135)
    assert result.value == 15 and used(result)["meld_i"] == 13
    assert result.band.code == "meld_10_19" and result.band.detail is not None and "6.0%" in result.band.detail.en


def test_thecalculator_co_example() -> None:
    # thecalculator.co "MELD Calculator" example inputs (the page's result is cut off): INR 1.1, bilirubin
    # 1.5, creatinine 2.7, no dialysis, Na 135. By hand: 0.9505 + 0.1533 + 0.1067 + 0.643 = 1.8536 → 1.9 → 19;
    # 19 + 2.64 − 0.033 × 19 × 2 = 20.39 → 20.
    result = meld(2.7, 1.5, 1.1, 135)
    assert (used(result)["meld_i"], result.value, result.band.code) == (19, 20, "meld_20_29")


def test_transplantr_examples_us_si_and_dialysis() -> None:
    # CRAN package transplantr, meld() examples: INR 2.0, bilirubin 3.1 mg/dL, creatinine 1.9 mg/dL, and the
    # same patient in SI units (bilirubin 54, creatinine 170 µmol/L); meld_US(): INR 2.0, bilirubin 2.3,
    # creatinine 1.9, dialysis. The package documents inputs only. By hand, with sodium 137 (no sodium term):
    # 0.6143 + 0.4277 + 0.7763 + 0.643 = 2.4612 → 2.5 → 25; SI: 170/88.4 = 1.923, 54/17.1 = 3.158 → 2.4798 → 25;
    # dialysis sets creatinine to 4.0: 1.3267 + 0.3148 + 0.7763 + 0.643 = 3.0608 → 3.1 → 31.
    assert meld(1.9, 3.1, 2.0, 137).value == 25
    assert meld(170, 54, 2.0, 137, creatinine_unit="umol/L", bilirubin_unit="umol/L").value == 25
    dialysed = meld(1.9, 2.3, 2.0, 137, dialysis=True)
    assert dialysed.value == 31 and used(dialysed)["creatinine_mg_dl"] == 4.0 and dialysed.band.code == "meld_30_39"


def test_low_sodium_raises_the_score() -> None:
    # Cr 1.2, bilirubin 2.0, INR 1.3, Na 130. By hand: 0.1745 + 0.2620 + 0.2938 + 0.643 = 1.3733 → 1.4 → 14;
    # 14 + 1.32 × 7 − 0.033 × 14 × 7 = 20.006 → 20.
    assert meld(1.2, 2.0, 1.3, 130).value == 20
    assert meld(1.2, 2.0, 1.3, 137).value == 14


# --- the rule's bounds -----------------------------------------------------------------------------------


def test_values_below_one_are_floored_and_the_minimum_is_6() -> None:
    result = meld(0.5, 0.3, 0.9, 140)
    assert result.value == 6 and result.band.code == "meld_6_9"
    assert used(result) == {
        "creatinine_mg_dl": 1.0,
        "bilirubin_mg_dl": 1.0,
        "inr": 1.0,
        "sodium_mmol_l": 137.0,
        "meld_i": 6,
    }


def test_creatinine_is_capped_at_4() -> None:
    # Cr 4.0: 1.3267 + 0.643 = 1.9697 → 2.0 → 20; 6.0 mg/dL counts as 4.0.
    assert meld(6.0, 1.0, 1.0, 137).value == meld(4.0, 1.0, 1.0, 137).value == 20
    assert used(meld(6.0, 1.0, 1.0, 137))["creatinine_mg_dl"] == 4.0


def test_sodium_is_clamped_to_125_137() -> None:
    # Bilirubin 4.0 gives MELD(i) 12 (0.5240 + 0.643 = 1.1670 → 1.2): 125 → 12 + 15.84 − 4.752 = 23.09 → 23.
    assert meld(1.0, 4.0, 1.0, 110).value == meld(1.0, 4.0, 1.0, 125).value == 23
    assert meld(1.0, 4.0, 1.0, 150).value == meld(1.0, 4.0, 1.0, 137).value == 12
    assert used(meld(1.0, 4.0, 1.0, 110))["sodium_mmol_l"] == 125.0


def test_no_sodium_term_at_meld_i_11_or_less() -> None:
    # Bilirubin 3.3: 0.4513 + 0.643 = 1.0943 → 1.1 → 11, not above 11: sodium 125 changes nothing.
    assert meld(1.0, 3.3, 1.0, 125).value == 11
    assert meld(1.0, 3.3, 1.0, 137).value == 11


def test_capped_at_40() -> None:
    # Cr 4, bilirubin 40, INR 8, Na 125: 1.3267 + 1.3944 + 2.3290 + 0.643 = 5.6931 → 5.7 → 57 → 50.27 → 40.
    result = meld(4.0, 40, 8, 125)
    assert result.value == 40 and result.band.code == "meld_40"
    assert result.band.detail is not None and "71.3%" in result.band.detail.en and "71.3%" in result.band.detail.he


def test_dialysis_overrides_a_low_creatinine() -> None:
    assert used(meld(0.8, 1.0, 1.0, 137, dialysis=True))["creatinine_mg_dl"] == 4.0


def test_sources_and_notes() -> None:
    result = meld(1.0, 1.5, 1.5, 135)
    dois = {s.doi for s in result.sources}
    assert {"10.1056/NEJMoa0801209", "10.1053/jhep.2001.22172", "10.1053/gast.2003.50016"} <= dois
    assert any("OPTN" in s.authors for s in result.sources)
    assert "MELD 3.0" in result.notes[0].en and "MELD 3.0" in result.notes[0].he


# --- bad input -------------------------------------------------------------------------------------------

GOOD = {
    "creatinine_unit": "mg/dL",
    "serum_creatinine": 1.0,
    "bilirubin_unit": "mg/dL",
    "total_bilirubin": 1.5,
    "inr": 1.5,
    "sodium_unit": "mEq/L",
    "serum_sodium": 135,
    "dialysis_twice_in_past_week": False,
}


@pytest.mark.parametrize(
    ("change", "field", "kind"),
    [
        ({"bilirubin_unit": "g/L"}, "bilirubin_unit", "literal_error"),
        ({"sodium_unit": "mg/dL"}, "sodium_unit", "literal_error"),
        ({"total_bilirubin": 90}, "total_bilirubin", "out_of_range"),  # 90 mg/dL
        ({"bilirubin_unit": "umol/L", "total_bilirubin": 1.5}, "total_bilirubin", "out_of_range"),
        ({"inr": 0.2}, "inr", "greater_than_equal"),
        ({"inr": 25}, "inr", "less_than_equal"),
        ({"serum_sodium": 90}, "serum_sodium", "greater_than_equal"),
        ({"dialysis_twice_in_past_week": "no"}, "dialysis_twice_in_past_week", "bool_type"),
    ],
)
def test_bad_input(change: dict[str, Any], field: str, kind: str) -> None:
    with pytest.raises(ValidationFailed) as exc:
        calculate("meld", {**GOOD, **change})
    assert [(f["field"], f["type"]) for f in exc.value.fields] == [(field, kind)]


def test_meq_and_mmol_are_the_same_for_sodium() -> None:
    assert calculate("meld", GOOD).value == calculate("meld", {**GOOD, "sodium_unit": "mmol/L"}).value == 15
