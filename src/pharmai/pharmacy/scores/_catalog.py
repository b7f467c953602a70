"""The calculators by name, and :func:`calculate`, which validates raw inputs and runs one of them."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from pydantic import BaseModel

from pharmai.errors import ValidationFailed
from pharmai.pharmacy.scores._bleeding import HasBledParams, hasbled
from pharmai.pharmacy.scores._bmi import BmiParams, bmi
from pharmai.pharmacy.scores._meld import MeldParams, meld
from pharmai.pharmacy.scores._model import ScoreResult
from pharmai.pharmacy.scores._params import parse
from pharmai.pharmacy.scores._renal import RenalDosingParams, renal_dosing
from pharmai.pharmacy.scores._stroke import ChadsVascParams, chadsvasc
from pharmai.pharmacy.scores._wells import WellsDvtParams, WellsPeParams, wells_dvt, wells_pe

__all__ = ["CALCULATORS", "SCORE_NAMES", "Calculator", "calculate"]


@dataclass(frozen=True)
class Calculator:
    """One calculator: its name, its inputs model and the function computing it."""

    name: str
    params: type[BaseModel]
    compute: Callable[[Any], ScoreResult]


#: Every calculator, by name, in the order the tools list them.
CALCULATORS: Mapping[str, Calculator] = {
    c.name: c
    for c in (
        Calculator("renal_dosing", RenalDosingParams, renal_dosing),
        Calculator("bmi", BmiParams, bmi),
        Calculator("chadsvasc", ChadsVascParams, chadsvasc),
        Calculator("hasbled", HasBledParams, hasbled),
        Calculator("wells_dvt", WellsDvtParams, wells_dvt),
        Calculator("wells_pe", WellsPeParams, wells_pe),
        Calculator("meld", MeldParams, meld),
    )
}
#: The calculators' names.
SCORE_NAMES: tuple[str, ...] = tuple(CALCULATORS)


def calculate(score: Any, parameters: Any, *, prefix: str = "") -> ScoreResult:
    """Validate ``parameters`` for the calculator ``score`` and compute it.

    Args:
        score: A name from :data:`SCORE_NAMES`.
        parameters: The calculator's inputs as a JSON object (every field required, units explicit).
        prefix: Put before every field name in validation errors (``parameters`` for a tool argument).

    Returns:
        The result: value, band(s), the points or converted inputs used, notes and sources.

    Raises:
        ValidationFailed: An unknown calculator (field ``score``), or inputs that are missing, of the
            wrong type or unit, unknown, or outside plausible limits (``details.fields`` lists each).
    """
    calculator = CALCULATORS.get(score) if isinstance(score, str) else None
    if calculator is None:
        message = "must be one of " + ", ".join(SCORE_NAMES)
        raise ValidationFailed([{"field": "score", "type": "literal_error", "message": message}])
    return calculator.compute(parse(calculator.params, parameters, prefix=prefix))
