"""``wells_dvt`` and ``wells_pe``: worked examples, both banding schemes at their edges, and bad input.

DVT criteria and cut-offs as in Wells 1997 (Lancet) with "previously documented DVT" added in Wells 2003
(NEJM): likely ≥ 2 / unlikely ≤ 1; three levels low ≤ 0, moderate 1–2, high ≥ 3 (UpToDate graphic 75871
reproduces both). PE criteria as in Wells 2000 (Thromb Haemost): likely > 4 / unlikely ≤ 4; three levels
low < 2, moderate 2–6, high > 6 (Medscape's Wells PE calculator, AHRQ CDS artifact "Wells Criteria").
The vignettes are built from those criteria tables; expected scores are counted by hand.
"""

from __future__ import annotations

import pytest

from pharmai.errors import ValidationFailed
from pharmai.pharmacy.scores import ScoreResult, calculate

DVT_NONE = {
    "active_cancer": False,
    "paralysis_paresis_or_recent_cast": False,
    "bedridden_or_major_surgery": False,
    "localized_deep_vein_tenderness": False,
    "entire_leg_swollen": False,
    "calf_swelling_over_3cm": False,
    "pitting_edema_symptomatic_leg": False,
    "collateral_superficial_veins": False,
    "previous_dvt": False,
    "alternative_diagnosis_as_likely": False,
}
PE_NONE = {
    "clinical_signs_of_dvt": False,
    "pe_most_likely_diagnosis": False,
    "heart_rate_bpm": 80,
    "immobilization_or_recent_surgery": False,
    "previous_dvt_or_pe": False,
    "hemoptysis": False,
    "malignancy": False,
}


def dvt(**present: bool) -> ScoreResult:
    return calculate("wells_dvt", {**DVT_NONE, **present})


def pe(**present: object) -> ScoreResult:
    return calculate("wells_pe", {**PE_NONE, **present})


def bands(result: ScoreResult) -> tuple[str, str]:
    return result.band.code, result.other_bands[0].code


# --- DVT -----------------------------------------------------------------------------------------------


def test_dvt_cancer_patient_with_swollen_tender_leg() -> None:
    # Active cancer 1 + tenderness 1 + entire leg swollen 1 + calf > 3 cm 1 = 4: likely; high (≥ 3).
    result = dvt(
        active_cancer=True, localized_deep_vein_tenderness=True, entire_leg_swollen=True, calf_swelling_over_3cm=True
    )
    assert result.value == 4 and bands(result) == ("likely", "high")
    assert result.band.label.en == "DVT likely (2 or more)"


def test_dvt_alternative_diagnosis_subtracts_two() -> None:
    # Calf swelling 1 + pitting oedema 1 − alternative diagnosis as likely 2 = 0: unlikely; low (≤ 0).
    result = dvt(calf_swelling_over_3cm=True, pitting_edema_symptomatic_leg=True, alternative_diagnosis_as_likely=True)
    assert result.value == 0 and bands(result) == ("unlikely", "low")
    assert {c.code: c.value for c in result.components}["alternative_diagnosis_as_likely"] == -2


def test_dvt_previous_dvt_counts_in_the_2003_model() -> None:
    # Previous DVT 1 + bedridden after surgery 1 = 2: likely (≥ 2), moderate (1–2).
    result = dvt(previous_dvt=True, bedridden_or_major_surgery=True)
    assert result.value == 2 and bands(result) == ("likely", "moderate")


@pytest.mark.parametrize(
    ("present", "score", "two", "three"),
    [
        ({"alternative_diagnosis_as_likely": True}, -2, "unlikely", "low"),
        ({}, 0, "unlikely", "low"),
        ({"active_cancer": True}, 1, "unlikely", "moderate"),
        ({"active_cancer": True, "previous_dvt": True}, 2, "likely", "moderate"),
        ({"active_cancer": True, "previous_dvt": True, "entire_leg_swollen": True}, 3, "likely", "high"),
        ({k: True for k in DVT_NONE if k != "alternative_diagnosis_as_likely"}, 9, "likely", "high"),
    ],
)
def test_dvt_band_edges(present: dict[str, bool], score: int, two: str, three: str) -> None:
    result = dvt(**present)
    assert (result.value, *bands(result)) == (score, two, three)


# --- PE ------------------------------------------------------------------------------------------------


def test_pe_tachycardia_and_previous_vte() -> None:
    # PE most likely 3 + heart rate 110 (> 100) 1.5 + previous DVT/PE 1.5 = 6.0: likely (> 4), moderate (2–6).
    result = pe(pe_most_likely_diagnosis=True, heart_rate_bpm=110, previous_dvt_or_pe=True)
    assert result.value == 6.0 and bands(result) == ("likely", "moderate")


def test_pe_haemoptysis_and_cancer_only() -> None:
    # Haemoptysis 1 + malignancy 1 = 2.0: unlikely (≤ 4), moderate (2 is the lower edge of 2–6).
    result = pe(hemoptysis=True, malignancy=True)
    assert result.value == 2.0 and bands(result) == ("unlikely", "moderate")


def test_pe_signs_of_dvt_and_pe_most_likely() -> None:
    # Signs of DVT 3 + PE most likely 3 + immobilisation 1.5 = 7.5: likely, high (> 6).
    result = pe(clinical_signs_of_dvt=True, pe_most_likely_diagnosis=True, immobilization_or_recent_surgery=True)
    assert result.value == 7.5 and bands(result) == ("likely", "high")
    assert result.band.label.he == "תסחיף ריאתי (PE) סביר (יותר מ-4)"


@pytest.mark.parametrize(
    ("present", "score", "two", "three"),
    [
        ({}, 0.0, "unlikely", "low"),
        ({"heart_rate_bpm": 100}, 0.0, "unlikely", "low"),  # exactly 100 is not above 100
        ({"heart_rate_bpm": 101}, 1.5, "unlikely", "low"),
        ({"hemoptysis": True, "heart_rate_bpm": 101}, 2.5, "unlikely", "moderate"),
        ({"clinical_signs_of_dvt": True, "hemoptysis": True}, 4.0, "unlikely", "moderate"),  # 4 is not above 4
        ({"clinical_signs_of_dvt": True, "previous_dvt_or_pe": True}, 4.5, "likely", "moderate"),
        ({"clinical_signs_of_dvt": True, "pe_most_likely_diagnosis": True}, 6.0, "likely", "moderate"),
        ({"clinical_signs_of_dvt": True, "pe_most_likely_diagnosis": True, "hemoptysis": True}, 7.0, "likely", "high"),
    ],
)
def test_pe_band_edges(present: dict[str, object], score: float, two: str, three: str) -> None:
    result = pe(**present)
    assert (result.value, *bands(result)) == (score, two, three)


def test_pe_maximum_is_12_5() -> None:
    everything = {k: True for k in PE_NONE if k != "heart_rate_bpm"}
    assert pe(**everything, heart_rate_bpm=140).value == 12.5


def test_sources() -> None:
    assert {s.year for s in dvt().sources} == {1997, 2003}
    (paper,) = pe().sources
    assert paper.year == 2000 and paper.pmid == "10744147" and paper.doi is None


@pytest.mark.parametrize(
    ("score", "params", "field", "kind"),
    [
        ("wells_pe", {**PE_NONE, "heart_rate_bpm": 10}, "heart_rate_bpm", "greater_than_equal"),
        ("wells_pe", {**PE_NONE, "heart_rate_bpm": 400}, "heart_rate_bpm", "less_than_equal"),
        ("wells_pe", {**PE_NONE, "heart_rate_bpm": "fast"}, "heart_rate_bpm", "float_type"),
        ("wells_pe", {k: v for k, v in PE_NONE.items() if k != "heart_rate_bpm"}, "heart_rate_bpm", "missing"),
        ("wells_dvt", {**DVT_NONE, "previous_dvt": "no"}, "previous_dvt", "bool_type"),
        ("wells_dvt", {k: v for k, v in DVT_NONE.items() if k != "previous_dvt"}, "previous_dvt", "missing"),
        ("wells_dvt", {**DVT_NONE, "heart_rate_bpm": 90}, "heart_rate_bpm", "extra_forbidden"),  # a PE field
    ],
)
def test_bad_input(score: str, params: dict[str, object], field: str, kind: str) -> None:
    with pytest.raises(ValidationFailed) as exc:
        calculate(score, params)
    assert [(f["field"], f["type"]) for f in exc.value.fields] == [(field, kind)]
