"""``wells_dvt`` and ``wells_pe``: Wells' clinical probability of deep vein thrombosis and pulmonary embolism.

DVT (Wells et al. 2003, the 1997 model plus "previously documented DVT"): one point each for active
cancer, paralysis / paresis / recent cast, bedridden > 3 days or major surgery within 12 weeks, localised
tenderness along the deep veins, entire leg swollen, calf swelling > 3 cm, pitting oedema of the
symptomatic leg, collateral superficial veins, previous DVT; −2 when an alternative diagnosis is at least
as likely (−2 to 9). Primary band: likely (≥ 2) / unlikely (≤ 1), as in 2003; also the 1997 three
levels: low (≤ 0), moderate (1–2), high (≥ 3).

PE (Wells et al. 2000): signs of DVT 3, PE the most likely diagnosis 3, heart rate > 100 1.5,
immobilisation ≥ 3 days or surgery within 4 weeks 1.5, previous DVT/PE 1.5, haemoptysis 1, malignancy 1
(0–12.5). Primary band: likely (> 4) / unlikely (≤ 4); also low (< 2), moderate (2–6), high (> 6).
"""

from __future__ import annotations

from pharmai.pharmacy.scores._model import POINTS, Band, Citation, Component, ScoreResult, Text
from pharmai.pharmacy.scores._params import Params, flag, number

__all__ = ["WellsDvtParams", "WellsPeParams", "wells_dvt", "wells_pe"]

_DVT_SOURCES = (
    Citation(
        authors="Wells PS, Anderson DR, Bormanis J, et al.",
        title="Value of assessment of pretest probability of deep-vein thrombosis in clinical management",
        journal="Lancet 350(9094):1795-1798",
        year=1997,
        used_for="interpretation",
        doi="10.1016/S0140-6736(97)08140-3",
    ),
    Citation(
        authors="Wells PS, Anderson DR, Rodger M, et al.",
        title="Evaluation of D-dimer in the diagnosis of suspected deep-vein thrombosis",
        journal="New England Journal of Medicine 349(13):1227-1235",
        year=2003,
        used_for="formula",
        doi="10.1056/NEJMoa023153",
    ),
)
_PE_SOURCES = (
    Citation(
        authors="Wells PS, Anderson DR, Rodger M, et al.",
        title="Derivation of a simple clinical model to categorize patients probability of pulmonary "
        "embolism: increasing the models utility with the SimpliRED D-dimer",
        journal="Thrombosis and Haemostasis 83(3):416-420",
        year=2000,
        used_for="formula",
        pmid="10744147",
    ),
)

_DVT_TWO = {
    "likely": Text("DVT likely (2 or more)", "פקקת ורידים עמוקים (DVT) סבירה (2 ומעלה)"),
    "unlikely": Text("DVT unlikely (1 or less)", "פקקת ורידים עמוקים (DVT) לא סבירה (1 ומטה)"),
}
_DVT_THREE = {
    "low": Text("Low probability (0 or less)", "הסתברות נמוכה (0 ומטה)"),
    "moderate": Text("Moderate probability (1–2)", "הסתברות בינונית (1–2)"),
    "high": Text("High probability (3 or more)", "הסתברות גבוהה (3 ומעלה)"),
}
_PE_TWO = {
    "likely": Text("PE likely (more than 4)", "תסחיף ריאתי (PE) סביר (יותר מ-4)"),
    "unlikely": Text("PE unlikely (4 or less)", "תסחיף ריאתי (PE) לא סביר (4 ומטה)"),
}
_PE_THREE = {
    "low": Text("Low probability (below 2)", "הסתברות נמוכה (מתחת ל-2)"),
    "moderate": Text("Moderate probability (2–6)", "הסתברות בינונית (2–6)"),
    "high": Text("High probability (above 6)", "הסתברות גבוהה (מעל 6)"),
}
_NOTES = (
    Text(
        "A pre-test probability for outpatients with suspected venous thromboembolism, read together with "
        "D-dimer and imaging; it does not diagnose or exclude on its own.",
        "הסתברות לפני בדיקה למטופלים במרפאה עם חשד לתרומבואמבוליזם ורידי, לקריאה יחד עם D-dimer והדמיה; "
        "לבדה אינה מאבחנת ואינה שוללת.",
    ),
)


class WellsDvtParams(Params):
    """Inputs of `wells_dvt`: Wells criteria for suspected deep vein thrombosis (2003 model)."""

    active_cancer: bool = flag("Active cancer (treatment within 6 months, or palliative).")
    paralysis_paresis_or_recent_cast: bool = flag("Paralysis, paresis or recent plaster immobilisation of a leg.")
    bedridden_or_major_surgery: bool = flag(
        "Recently bedridden for more than 3 days, or major surgery within 12 weeks."
    )
    localized_deep_vein_tenderness: bool = flag("Localised tenderness along the deep venous system.")
    entire_leg_swollen: bool = flag("Entire leg swollen.")
    calf_swelling_over_3cm: bool = flag("Calf swelling more than 3 cm compared with the other leg.")
    pitting_edema_symptomatic_leg: bool = flag("Pitting oedema confined to the symptomatic leg.")
    collateral_superficial_veins: bool = flag("Collateral superficial veins (not varicose).")
    previous_dvt: bool = flag("Previously documented DVT.")
    alternative_diagnosis_as_likely: bool = flag("An alternative diagnosis is at least as likely as DVT (scores -2).")


class WellsPeParams(Params):
    """Inputs of `wells_pe`: Wells criteria for suspected pulmonary embolism (2000 model)."""

    clinical_signs_of_dvt: bool = flag("Clinical signs and symptoms of DVT (leg swelling and pain on palpation).")
    pe_most_likely_diagnosis: bool = flag("PE is the most likely diagnosis (alternatives less likely).")
    heart_rate_bpm: float = number(20, 300, "Heart rate in beats per minute (20 to 300): above 100 scores 1.5.")
    immobilization_or_recent_surgery: bool = flag("Immobilisation 3 days or more, or surgery within 4 weeks.")
    previous_dvt_or_pe: bool = flag("Previous DVT or PE.")
    hemoptysis: bool = flag("Haemoptysis.")
    malignancy: bool = flag("Malignancy (on treatment, treated within 6 months, or palliative).")


def _points(items: tuple[tuple[str, Text, bool, float], ...]) -> tuple[tuple[Component, ...], float]:
    components = tuple(Component(code, label, points if present else 0) for code, label, present, points in items)
    return components, sum(float(c.value) for c in components)


def wells_dvt(params: WellsDvtParams) -> ScoreResult:
    """The Wells DVT score (−2 to 9): DVT likely / unlikely, and the three-level probability."""
    p = params
    components, total = _points(
        (
            ("active_cancer", Text("Active cancer", "סרטן פעיל"), p.active_cancer, 1),
            (
                "paralysis_paresis_or_recent_cast",
                Text("Paralysis, paresis or recent cast", "שיתוק, חולשה או גבס לאחרונה"),
                p.paralysis_paresis_or_recent_cast,
                1,
            ),
            (
                "bedridden_or_major_surgery",
                Text("Bedridden or major surgery", "ריתוק למיטה או ניתוח גדול"),
                p.bedridden_or_major_surgery,
                1,
            ),
            (
                "localized_deep_vein_tenderness",
                Text("Tenderness along the deep veins", "רגישות לאורך הוורידים העמוקים"),
                p.localized_deep_vein_tenderness,
                1,
            ),
            ("entire_leg_swollen", Text("Entire leg swollen", "נפיחות של כל הרגל"), p.entire_leg_swollen, 1),
            (
                "calf_swelling_over_3cm",
                Text("Calf swelling over 3 cm", 'נפיחות שוק מעל 3 ס"מ'),
                p.calf_swelling_over_3cm,
                1,
            ),
            (
                "pitting_edema_symptomatic_leg",
                Text("Pitting oedema of the symptomatic leg", "בצקת משאירה גומה ברגל התסמינית"),
                p.pitting_edema_symptomatic_leg,
                1,
            ),
            (
                "collateral_superficial_veins",
                Text("Collateral superficial veins", "ורידים שטחיים עוקפים"),
                p.collateral_superficial_veins,
                1,
            ),
            ("previous_dvt", Text("Previous DVT", "DVT בעבר"), p.previous_dvt, 1),
            (
                "alternative_diagnosis_as_likely",
                Text("Alternative diagnosis as likely", "אבחנה חלופית סבירה באותה מידה"),
                p.alternative_diagnosis_as_likely,
                -2,
            ),
        )
    )
    score = int(total)
    two = "likely" if score >= 2 else "unlikely"
    three = "high" if score >= 3 else "moderate" if score >= 1 else "low"
    return ScoreResult(
        score="wells_dvt",
        title=Text("Wells score for deep vein thrombosis", "מדד Wells לפקקת ורידים עמוקים"),
        value=score,
        unit=POINTS,
        band=Band("two_level", two, _DVT_TWO[two]),
        other_bands=(Band("three_level", three, _DVT_THREE[three]),),
        components=components,
        notes=_NOTES,
        sources=_DVT_SOURCES,
    )


def wells_pe(params: WellsPeParams) -> ScoreResult:
    """The Wells PE score (0–12.5): PE likely / unlikely, and the three-level probability."""
    p = params
    components, total = _points(
        (
            (
                "clinical_signs_of_dvt",
                Text("Clinical signs of DVT", "סימנים קליניים של DVT"),
                p.clinical_signs_of_dvt,
                3,
            ),
            (
                "pe_most_likely_diagnosis",
                Text("PE the most likely diagnosis", "תסחיף ריאתי הוא האבחנה הסבירה ביותר"),
                p.pe_most_likely_diagnosis,
                3,
            ),
            ("heart_rate_over_100", Text("Heart rate over 100", "דופק מעל 100"), p.heart_rate_bpm > 100, 1.5),
            (
                "immobilization_or_recent_surgery",
                Text("Immobilisation or recent surgery", "חוסר תנועה או ניתוח לאחרונה"),
                p.immobilization_or_recent_surgery,
                1.5,
            ),
            ("previous_dvt_or_pe", Text("Previous DVT or PE", "DVT או תסחיף ריאתי בעבר"), p.previous_dvt_or_pe, 1.5),
            ("hemoptysis", Text("Haemoptysis", "שיעול דמי"), p.hemoptysis, 1),
            ("malignancy", Text("Malignancy", "ממאירות"), p.malignancy, 1),
        )
    )
    two = "likely" if total > 4 else "unlikely"
    three = "high" if total > 6 else "moderate" if total >= 2 else "low"
    return ScoreResult(
        score="wells_pe",
        title=Text("Wells score for pulmonary embolism", "מדד Wells לתסחיף ריאתי"),
        value=total,
        unit=POINTS,
        band=Band("two_level", two, _PE_TWO[two]),
        other_bands=(Band("three_level", three, _PE_THREE[three]),),
        components=components,
        notes=_NOTES,
        sources=_PE_SOURCES,
    )
