"""``chadsvasc``: CHA₂DS₂-VASc stroke risk in atrial fibrillation (Lip et al. 2010).

Points: congestive heart failure 1, hypertension 1, age ≥ 75 2, diabetes 1, prior stroke / TIA /
thromboembolism 2, vascular disease 1, age 65–74 1, female sex 1 (0–9). The band follows the ESC 2020
guideline's reading, in which female sex alone does not raise the risk: low = 0 (men) or 1 (women),
moderate = 1 (men) or 2 (women), high = 2 or more (men) or 3 or more (women). The detail quotes the
adjusted annual stroke rate for the score as tabulated in the ESC 2010 guideline from Lip et al.
"""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from pharmai.pharmacy.scores._model import POINTS, Band, Citation, Component, ScoreResult, Text
from pharmai.pharmacy.scores._params import Params, flag, number

__all__ = ["ADJUSTED_STROKE_RATE", "ChadsVascParams", "chadsvasc"]

#: Adjusted stroke rate (% per year) by CHA₂DS₂-VASc score, ESC 2010 guideline (from Lip et al. 2010).
ADJUSTED_STROKE_RATE = {0: 0.0, 1: 1.3, 2: 2.2, 3: 3.2, 4: 4.0, 5: 6.7, 6: 9.8, 7: 9.6, 8: 6.7, 9: 15.2}

_SOURCES = (
    Citation(
        authors="Lip GYH, Nieuwlaat R, Pisters R, Lane DA, Crijns HJGM",
        title="Refining clinical risk stratification for predicting stroke and thromboembolism in atrial "
        "fibrillation using a novel risk factor-based approach: the Euro Heart Survey on Atrial Fibrillation",
        journal="Chest 137(2):263-272",
        year=2010,
        used_for="formula",
        doi="10.1378/chest.09-1584",
    ),
    Citation(
        authors="Camm AJ, Kirchhof P, Lip GYH, et al.",
        title="Guidelines for the management of atrial fibrillation: the Task Force for the Management of "
        "Atrial Fibrillation of the European Society of Cardiology (ESC)",
        journal="European Heart Journal 31(19):2369-2429",
        year=2010,
        used_for="interpretation",
        doi="10.1093/eurheartj/ehq278",
    ),
    Citation(
        authors="Hindricks G, Potpara T, Dagres N, et al.",
        title="2020 ESC Guidelines for the diagnosis and management of atrial fibrillation developed in "
        "collaboration with the European Association for Cardio-Thoracic Surgery (EACTS)",
        journal="European Heart Journal 42(5):373-498",
        year=2021,
        used_for="interpretation",
        doi="10.1093/eurheartj/ehaa612",
    ),
)

_BANDS = {
    "low": Text("Low stroke risk", "סיכון נמוך לשבץ"),
    "moderate": Text("Moderate stroke risk", "סיכון בינוני לשבץ"),
    "high": Text("High stroke risk", "סיכון גבוה לשבץ"),
}
_RATE = Text(
    "Adjusted stroke rate for a score of {score}: {rate}% per year (ESC 2010 table, from Lip et al. 2010).",
    "שיעור שבץ מתוקנן לציון {score}: {rate}% בשנה (טבלת ESC 2010, לפי Lip ועמיתיו 2010).",
)
_NOTES = (
    Text(
        "For atrial fibrillation without moderate-to-severe mitral stenosis or a mechanical heart valve.",
        "לפרפור פרוזדורים ללא היצרות מיטרלית בינונית-קשה או מסתם מכני.",
    ),
)
_TITLE = Text("CHA₂DS₂-VASc stroke risk in atrial fibrillation", "CHA₂DS₂-VASc – סיכון לשבץ בפרפור פרוזדורים")


class ChadsVascParams(Params):
    """Inputs of `chadsvasc`: stroke risk factors of an adult with atrial fibrillation."""

    age_years: float = number(18, 120, "Age in years (18 to 120): 65-74 scores 1, 75 or more scores 2.")
    sex: Literal["female", "male"] = Field(description="Sex: female or male (female scores 1).")
    congestive_heart_failure: bool = flag("Congestive heart failure or left ventricular dysfunction.")
    hypertension: bool = flag("Hypertension (history of, or treated).")
    diabetes: bool = flag("Diabetes mellitus.")
    stroke_tia_or_thromboembolism: bool = flag("Prior stroke, TIA or thromboembolism (scores 2).")
    vascular_disease: bool = flag(
        "Vascular disease: prior myocardial infarction, peripheral artery disease or aortic plaque."
    )


def chadsvasc(params: ChadsVascParams) -> ScoreResult:
    """The CHA₂DS₂-VASc score (0–9) with its stroke-risk band and adjusted annual stroke rate."""
    age = params.age_years
    items = (
        (
            "congestive_heart_failure",
            Text("Congestive heart failure", "אי-ספיקת לב"),
            params.congestive_heart_failure,
            1,
        ),
        ("hypertension", Text("Hypertension", "יתר לחץ דם"), params.hypertension, 1),
        ("age_75_or_more", Text("Age 75 or more", "גיל 75 ומעלה"), age >= 75, 2),
        ("diabetes", Text("Diabetes", "סוכרת"), params.diabetes, 1),
        (
            "stroke_tia_or_thromboembolism",
            Text("Prior stroke, TIA or thromboembolism", "שבץ, אירוע מוחי חולף (TIA) או תסחיף בעבר"),
            params.stroke_tia_or_thromboembolism,
            2,
        ),
        ("vascular_disease", Text("Vascular disease", "מחלת כלי דם"), params.vascular_disease, 1),
        ("age_65_to_74", Text("Age 65–74", "גיל 65–74"), 65 <= age < 75, 1),
        ("female_sex", Text("Female sex", "מין נקבה"), params.sex == "female", 1),
    )
    components = tuple(Component(code, label, points if present else 0) for code, label, present, points in items)
    score = sum(int(c.value) for c in components)
    # Female sex adds a point but not risk on its own: read the band from the score without it.
    risk_points = score - (1 if params.sex == "female" else 0)
    code = "low" if risk_points == 0 else "moderate" if risk_points == 1 else "high"
    rate = ADJUSTED_STROKE_RATE[score]
    detail = Text(_RATE.en.format(score=score, rate=rate), _RATE.he.format(score=score, rate=rate))
    return ScoreResult(
        score="chadsvasc",
        title=_TITLE,
        value=score,
        unit=POINTS,
        band=Band("stroke_risk", code, _BANDS[code], detail),
        components=components,
        notes=_NOTES,
        sources=_SOURCES,
    )
