"""Staff ``calculate_medical_score``: the clinical calculators of ``pharmai.pharmacy.scores``."""

from __future__ import annotations

from typing import Any

from pharmai.pharmacy import scores
from pharmai.tools import Registry, ToolContext, ToolKind
from pharmai.toolsets.staff._roles import EVERY_STAFF_ROLE
from pharmai.toolsets.staff.models import CalculateScoreInput, CalculateScoreOutput

__all__ = ["calculate_medical_score", "register", "render"]


def _band(band: scores.Band, language: str) -> dict[str, Any]:
    detail = band.detail.pick(language) if band.detail is not None else None
    return {"scheme": band.scheme, "code": band.code, "label": band.label.pick(language), "detail": detail}


def _source(source: scores.Citation) -> dict[str, Any]:
    url = None
    if source.doi:
        url = f"https://doi.org/{source.doi}"
    elif source.pmid:
        url = f"https://pubmed.ncbi.nlm.nih.gov/{source.pmid}/"
    return {
        "authors": source.authors,
        "title": source.title,
        "journal": source.journal,
        "year": source.year,
        "used_for": source.used_for,
        "doi": source.doi,
        "pmid": source.pmid,
        "url": url,
    }


def render(result: scores.ScoreResult, language: str) -> dict[str, Any]:
    """The tool payload of a calculator's result, its texts in ``language``."""
    return {
        "score": result.score,
        "title": result.title.pick(language),
        "value": result.value,
        "unit": result.unit.pick(language),
        "band": _band(result.band, language),
        "other_bands": [_band(b, language) for b in result.other_bands],
        "components": [{"code": c.code, "label": c.label.pick(language), "value": c.value} for c in result.components],
        "notes": [n.pick(language) for n in result.notes],
        "sources": [_source(s) for s in result.sources],
    }


def calculate_medical_score(args: CalculateScoreInput, ctx: ToolContext) -> dict[str, Any]:
    """Compute a clinical score for pharmacy staff from the values they give.

    `score` picks the calculator and `parameters` holds its inputs, every one required (no criterion is
    assumed absent): renal_dosing (age_years, sex, weight_kg, creatinine_unit mg/dL or umol/L,
    serum_creatinine), bmi (weight_kg, height_cm), chadsvasc and hasbled (age and yes/no criteria),
    wells_dvt and wells_pe (yes/no criteria; wells_pe also heart_rate_bpm), meld (creatinine, bilirubin
    and sodium with their units, inr, dialysis_twice_in_past_week). Returns the value, its interpretation
    band (and, for Wells, the three-level band), the points or converted inputs used, notes on the
    formula's limits, and its published sources. Missing fields, wrong units and implausible values
    answer VALIDATION_ERROR listing each field. Report the result as calculated; it is a decision aid
    for staff, not a diagnosis or a treatment decision.
    """
    result = scores.calculate(args.score, args.parameters, prefix="parameters")
    return render(result, args.language)


def register(registry: Registry) -> None:
    """Add ``calculate_medical_score`` to ``registry``."""
    registry.tool(
        input=CalculateScoreInput,
        output=CalculateScoreOutput,
        kind=ToolKind.READ,
        idempotent=True,
        roles=EVERY_STAFF_ROLE,
        title="Clinical score calculator",
        title_he="מחשבון מדדים קליניים",
    )(calculate_medical_score)
