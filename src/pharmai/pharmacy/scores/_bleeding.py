"""``hasbled``: HAS-BLED one-year major bleeding risk in atrial fibrillation (Pisters et al. 2010).

One point each (0–9): uncontrolled hypertension (systolic > 160 mmHg), abnormal renal function,
abnormal liver function, stroke, bleeding history or predisposition, labile INR, elderly (age > 65),
drugs (antiplatelets or NSAIDs), alcohol (≥ 8 drinks a week). Bands: 0 low, 1–2 moderate, 3 or more
high ("a score ≥ 3 indicates high risk"); the detail quotes the major-bleed rate of the score in the
paper's validation cohort (scores above 5 had too few patients for a rate).
"""

from __future__ import annotations

from pharmai.pharmacy.scores._model import POINTS, Band, Citation, Component, ScoreResult, Text
from pharmai.pharmacy.scores._params import Params, flag, number

__all__ = ["BLEEDS_PER_100_PATIENT_YEARS", "HasBledParams", "hasbled"]

#: Major bleeds per 100 patient-years by HAS-BLED score in the validation cohort (Pisters et al. 2010).
BLEEDS_PER_100_PATIENT_YEARS = {0: 1.13, 1: 1.02, 2: 1.88, 3: 3.74, 4: 8.70, 5: 12.50}

_SOURCES = (
    Citation(
        authors="Pisters R, Lane DA, Nieuwlaat R, de Vos CB, Crijns HJGM, Lip GYH",
        title="A novel user-friendly score (HAS-BLED) to assess 1-year risk of major bleeding in patients "
        "with atrial fibrillation: the Euro Heart Survey",
        journal="Chest 138(5):1093-1100",
        year=2010,
        used_for="formula",
        doi="10.1378/chest.10-0134",
    ),
)

_BANDS = {
    "low": Text("Low bleeding risk (0)", "סיכון נמוך לדימום (0)"),
    "moderate": Text("Moderate bleeding risk (1–2)", "סיכון בינוני לדימום (1–2)"),
    "high": Text("High bleeding risk (3 or more)", "סיכון גבוה לדימום (3 ומעלה)"),
}
_RATE = Text(
    "Major bleeds in the validation cohort at a score of {score}: {rate} per 100 patient-years.",
    "דימומים משמעותיים בקבוצת התיקוף בציון {score}: {rate} לכל 100 שנות מטופל.",
)
_NO_RATE = Text(
    "The validation cohort had too few patients with a score above 5 to give a bleeding rate.",
    "בקבוצת התיקוף היו מעט מדי מטופלים עם ציון מעל 5 כדי לתת שיעור דימום.",
)
_NOTES = (
    Text(
        "A high score points to bleeding risk factors to review (blood pressure, INR control, "
        "concomitant drugs, alcohol); validated in patients with atrial fibrillation.",
        "ציון גבוה מצביע על גורמי סיכון לדימום שיש לבחון (לחץ דם, איזון INR, תרופות נלוות, אלכוהול); "
        "תוקף במטופלים עם פרפור פרוזדורים.",
    ),
)
_TITLE = Text("HAS-BLED major bleeding risk", "HAS-BLED – סיכון לדימום משמעותי")


class HasBledParams(Params):
    """Inputs of `hasbled`: bleeding risk factors of an adult with atrial fibrillation."""

    age_years: float = number(18, 120, "Age in years (18 to 120): older than 65 scores 1.")
    uncontrolled_hypertension: bool = flag("Uncontrolled hypertension: systolic blood pressure above 160 mmHg.")
    abnormal_renal_function: bool = flag(
        "Chronic dialysis, renal transplantation, or serum creatinine 200 umol/L (2.26 mg/dL) or more."
    )
    abnormal_liver_function: bool = flag(
        "Chronic hepatic disease (e.g. cirrhosis) or bilirubin above 2x normal with AST/ALT/ALP above 3x normal."
    )
    stroke_history: bool = flag("Prior stroke.")
    bleeding_history: bool = flag("Prior major bleeding or a predisposition to bleeding (e.g. anaemia).")
    labile_inr: bool = flag("Labile INR: unstable or high INRs, or time in therapeutic range below 60%.")
    antiplatelet_or_nsaid: bool = flag("Concomitant antiplatelet drugs or NSAIDs.")
    alcohol_excess: bool = flag("Alcohol use of 8 or more drinks a week.")


def hasbled(params: HasBledParams) -> ScoreResult:
    """The HAS-BLED score (0–9) with its bleeding-risk band and the validation cohort's bleed rate."""
    items = (
        (
            "uncontrolled_hypertension",
            Text("Uncontrolled hypertension", "יתר לחץ דם לא מאוזן"),
            params.uncontrolled_hypertension,
        ),
        (
            "abnormal_renal_function",
            Text("Abnormal renal function", "תפקוד כליות לא תקין"),
            params.abnormal_renal_function,
        ),
        (
            "abnormal_liver_function",
            Text("Abnormal liver function", "תפקוד כבד לא תקין"),
            params.abnormal_liver_function,
        ),
        ("stroke_history", Text("Stroke", "שבץ בעבר"), params.stroke_history),
        (
            "bleeding_history",
            Text("Bleeding history or predisposition", "דימום בעבר או נטייה לדימום"),
            params.bleeding_history,
        ),
        ("labile_inr", Text("Labile INR", "INR לא יציב"), params.labile_inr),
        ("elderly", Text("Age over 65", "גיל מעל 65"), params.age_years > 65),
        (
            "antiplatelet_or_nsaid",
            Text("Antiplatelet drugs or NSAIDs", "נוגדי טסיות או NSAIDs"),
            params.antiplatelet_or_nsaid,
        ),
        (
            "alcohol_excess",
            Text("Alcohol (8 or more drinks a week)", "אלכוהול (8 משקאות ומעלה בשבוע)"),
            params.alcohol_excess,
        ),
    )
    components = tuple(Component(code, label, 1 if present else 0) for code, label, present in items)
    score = sum(int(c.value) for c in components)
    code = "low" if score == 0 else "moderate" if score <= 2 else "high"
    rate = BLEEDS_PER_100_PATIENT_YEARS.get(score)
    if rate is None:
        detail = _NO_RATE
    else:
        shown = f"{rate:.2f}"
        detail = Text(_RATE.en.format(score=score, rate=shown), _RATE.he.format(score=score, rate=shown))
    return ScoreResult(
        score="hasbled",
        title=_TITLE,
        value=score,
        unit=POINTS,
        band=Band("bleeding_risk", code, _BANDS[code], detail),
        components=components,
        notes=_NOTES,
        sources=_SOURCES,
    )
