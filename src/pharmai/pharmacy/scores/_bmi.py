"""``bmi``: body mass index with the WHO adult classes.

BMI = weight (kg) / height (m)², rounded to two decimals, as the WHO table states its limits (18.50,
24.99, 25.00, 29.99…) and as the CDC's worked examples report it (68 kg, 165 cm: 24.98). The class is
read from that rounded value, so the number shown and its class always agree.
"""

from __future__ import annotations

from pharmai.pharmacy.scores._model import Band, Citation, Component, ScoreResult, Text, round_half_up
from pharmai.pharmacy.scores._params import Params, number

__all__ = ["BmiParams", "bmi"]

_SOURCES = (
    Citation(
        authors="Keys A, Fidanza F, Karvonen MJ, Kimura N, Taylor HL",
        title="Indices of relative weight and obesity",
        journal="Journal of Chronic Diseases 25(6):329-343",
        year=1972,
        used_for="formula",
        doi="10.1016/0021-9681(72)90027-6",
    ),
    Citation(
        authors="World Health Organization",
        title="Obesity: preventing and managing the global epidemic. Report of a WHO consultation "
        "(WHO Technical Report Series 894)",
        journal="World Health Organization, Geneva",
        year=2000,
        used_for="interpretation",
    ),
)

_CLASSES = (
    (40.0, "obese_3", Text("Obesity class III (40.00 or more)", "השמנה דרגה III (40.00 ומעלה)")),
    (35.0, "obese_2", Text("Obesity class II (35.00–39.99)", "השמנה דרגה II (35.00–39.99)")),
    (30.0, "obese_1", Text("Obesity class I (30.00–34.99)", "השמנה דרגה I (30.00–34.99)")),
    (25.0, "pre_obese", Text("Pre-obese / overweight (25.00–29.99)", "עודף משקל (25.00–29.99)")),
    (18.5, "normal", Text("Normal range (18.50–24.99)", "טווח תקין (18.50–24.99)")),
    (0.0, "underweight", Text("Underweight (below 18.50)", "תת-משקל (מתחת ל-18.50)")),
)
_NOTES = (
    Text(
        "WHO classes for adults; they do not apply to children, adolescents or pregnancy, and BMI does "
        "not tell muscle from fat.",
        "סיווג ארגון הבריאות העולמי למבוגרים; אינו חל על ילדים, מתבגרים או בהריון, ו-BMI אינו מבחין בין שריר לשומן.",
    ),
)
_TITLE = Text("Body mass index (BMI)", "מדד מסת גוף (BMI)")
_UNIT = Text("kg/m²", 'ק"ג/מ"ר')


class BmiParams(Params):
    """Inputs of `bmi`: body mass index of an adult."""

    weight_kg: float = number(20, 350, "Body weight in kilograms (20 to 350).")
    height_cm: float = number(100, 250, "Height in centimetres (100 to 250).")


def bmi(params: BmiParams) -> ScoreResult:
    """Body mass index (kg/m²) with its WHO adult class."""
    metres = params.height_cm / 100
    value = round_half_up(params.weight_kg / (metres * metres), 2)
    code, label = next((code, label) for limit, code, label in _CLASSES if value >= limit)
    return ScoreResult(
        score="bmi",
        title=_TITLE,
        value=value,
        unit=_UNIT,
        band=Band("who_bmi", code, label),
        components=(
            Component("weight_kg", Text("Weight (kg)", 'משקל (ק"ג)'), params.weight_kg),
            Component("height_m", Text("Height (m)", "גובה (מ')"), round_half_up(metres, 3)),
        ),
        notes=_NOTES,
        sources=_SOURCES,
    )
