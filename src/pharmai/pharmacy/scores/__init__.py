"""Clinical calculators for pharmacy staff: pure functions over unit-checked inputs, no database.

Each calculator takes a typed inputs model (every field required, laboratory values with an explicit
unit, values within physiologically plausible limits) and returns a :class:`ScoreResult`: the value,
rounded as its source reports it, the interpretation band in English and Hebrew, the points or converted
inputs the formula used, its limits, and the published sources of the formula and the bands.

- ``renal_dosing`` — creatinine clearance by Cockcroft-Gault (mL/min), banded as drug labelling does.
- ``bmi`` — body mass index (kg/m²) with the WHO adult classes.
- ``chadsvasc`` — CHA₂DS₂-VASc stroke risk in atrial fibrillation.
- ``hasbled`` — HAS-BLED one-year major bleeding risk.
- ``wells_dvt`` / ``wells_pe`` — Wells' probability of deep vein thrombosis / pulmonary embolism.
- ``meld`` — MELD-Na by the 2016 OPTN/UNOS rule.

:func:`calculate` validates raw JSON inputs and raises :class:`pharmai.errors.ValidationFailed`
(``VALIDATION_ERROR``) naming every missing, mistyped, wrongly unitised or implausible field.
"""

from __future__ import annotations

from pharmai.pharmacy.scores._bleeding import HasBledParams, hasbled
from pharmai.pharmacy.scores._bmi import BmiParams, bmi
from pharmai.pharmacy.scores._catalog import CALCULATORS, SCORE_NAMES, Calculator, calculate
from pharmai.pharmacy.scores._meld import MeldParams, meld
from pharmai.pharmacy.scores._model import Band, Citation, Component, ScoreResult, Text, round_half_up
from pharmai.pharmacy.scores._renal import RenalDosingParams, renal_dosing
from pharmai.pharmacy.scores._stroke import ChadsVascParams, chadsvasc
from pharmai.pharmacy.scores._wells import WellsDvtParams, WellsPeParams, wells_dvt, wells_pe

__all__ = [
    "CALCULATORS",
    "SCORE_NAMES",
    "Band",
    "BmiParams",
    "Calculator",
    "ChadsVascParams",
    "Citation",
    "Component",
    "HasBledParams",
    "MeldParams",
    "RenalDosingParams",
    "ScoreResult",
    "Text",
    "WellsDvtParams",
    "WellsPeParams",
    "bmi",
    "calculate",
    "chadsvasc",
    "hasbled",
    "meld",
    "renal_dosing",
    "round_half_up",
    "wells_dvt",
    "wells_pe",
]
