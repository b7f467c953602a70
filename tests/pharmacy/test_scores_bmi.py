"""``bmi``: worked examples, the WHO class edges and bad input.

BMI = weight (kg) / height (m)², rounded to two decimals; WHO adult classes (TRS 894): < 18.50
underweight, 18.50–24.99 normal, 25.00–29.99 pre-obese, 30.00–34.99 / 35.00–39.99 / ≥ 40.00 obesity I–III.
"""

from __future__ import annotations

import pytest

from pharmai.errors import ValidationFailed
from pharmai.pharmacy.scores import ScoreResult, calculate

POUND_KG = 0.45359237
INCH_CM = 2.54


def bmi(weight_kg: float, height_cm: float) -> ScoreResult:
    return calculate("bmi", {"weight_kg": weight_kg, "height_cm": height_cm})


def test_cdc_metric_example() -> None:
    # CDC, "About Adult BMI" (metric example): weight 68 kg, height 165 cm: 68 ÷ (1.65)² = 24.98.
    result = bmi(68, 165)
    assert result.value == 24.98 and result.band.code == "normal"
    assert result.band.label.en == "Normal range (18.50–24.99)" and result.unit.en == "kg/m²"


def test_cdc_pounds_and_inches_example_converted() -> None:
    # CDC, same page (pounds and inches): 150 lb, 5'5" (65 in): [150 ÷ 65²] × 703 = 24.96. The tool takes
    # kilograms and centimetres: 150 lb = 68.039 kg, 65 in = 165.1 cm; by hand 68.039 / 1.651² = 24.961.
    result = bmi(150 * POUND_KG, 65 * INCH_CM)
    assert result.value == 24.96 and result.band.code == "normal"


def test_175_cm_72_kg() -> None:
    # percentagecalculator.win BMI calculator, worked example: 1.75 m, 72 kg → 72 ÷ (1.75 × 1.75) = 23.5,
    # normal range. By hand, to two decimals: 72 / 3.0625 = 23.51.
    result = bmi(72, 175)
    assert result.value == 23.51 and result.band.code == "normal"


@pytest.mark.parametrize(
    ("weight", "height", "value", "code"),
    [
        # By hand from the formula, at and around each WHO cut-off (height 200 cm: BMI = weight / 4).
        (73.96, 200, 18.49, "underweight"),
        (74.0, 200, 18.5, "normal"),
        (99.96, 200, 24.99, "normal"),
        (100.0, 200, 25.0, "pre_obese"),
        (119.96, 200, 29.99, "pre_obese"),
        (120.0, 200, 30.0, "obese_1"),
        (140.0, 200, 35.0, "obese_2"),
        (159.96, 200, 39.99, "obese_2"),
        (160.0, 200, 40.0, "obese_3"),
        (99.98, 200, 25.0, "pre_obese"),  # 24.995 shows as 25.00 and is classed as shown
    ],
)
def test_who_class_edges(weight: float, height: float, value: float, code: str) -> None:
    result = bmi(weight, height)
    assert (result.value, result.band.code) == (value, code)


def test_hebrew_labels() -> None:
    result = bmi(120, 200)
    assert result.band.label.pick("he") == "השמנה דרגה I (30.00–34.99)" and result.unit.pick("he") == 'ק"ג/מ"ר'
    assert "ילדים" in result.notes[0].he  # not for children


def test_sources_name_keys_and_the_who_report() -> None:
    sources = {s.used_for: s for s in bmi(70, 175).sources}
    assert sources["formula"].authors.startswith("Keys A") and sources["formula"].year == 1972
    assert "Technical Report Series 894" in sources["interpretation"].title and sources["interpretation"].year == 2000


@pytest.mark.parametrize(
    ("params", "field", "kind"),
    [
        ({"weight_kg": 70}, "height_cm", "missing"),
        ({"height_cm": 175}, "weight_kg", "missing"),
        ({"weight_kg": 70, "height_cm": 1.75}, "height_cm", "greater_than_equal"),  # metres, not centimetres
        ({"weight_kg": 154, "height_cm": 69}, "height_cm", "greater_than_equal"),  # inches
        ({"weight_kg": 70, "height_cm": 251}, "height_cm", "less_than_equal"),
        ({"weight_kg": 5, "height_cm": 175}, "weight_kg", "greater_than_equal"),
        ({"weight_kg": 400, "height_cm": 175}, "weight_kg", "less_than_equal"),
        ({"weight_kg": 70, "height_cm": 175, "weight_unit": "lb"}, "weight_unit", "extra_forbidden"),
        ({"weight_kg": "70kg", "height_cm": 175}, "weight_kg", "float_type"),
    ],
)
def test_bad_input(params: dict[str, object], field: str, kind: str) -> None:
    with pytest.raises(ValidationFailed) as exc:
        calculate("bmi", params)
    assert [(f["field"], f["type"]) for f in exc.value.fields] == [(field, kind)]
