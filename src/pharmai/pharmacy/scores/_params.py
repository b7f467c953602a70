"""Typed, unit-checked calculator inputs, and their validation errors as the project's one error type.

Every input is required: a clinical score must not quietly assume "no" for a criterion nobody checked.
Numbers are JSON numbers (text such as ``"72"`` and booleans are refused), finite and within
physiologically plausible limits; laboratory values carry an explicit unit field, and their limits are
checked after conversion, so 1.2 mg/dL and 106 µmol/L pass and 1.2 µmol/L does not.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from pydantic import BaseModel, ConfigDict, Field, ValidationError, ValidationInfo
from pydantic_core import PydanticCustomError

from pharmai.errors import ValidationFailed

__all__ = [
    "BILIRUBIN_UMOL_PER_MG_DL",
    "CREATININE_UMOL_PER_MG_DL",
    "Params",
    "check_lab_range",
    "flag",
    "normalise_unit",
    "number",
    "parse",
]

#: Creatinine: 1 mg/dL = 88.4 µmol/L (molar mass 113.12 g/mol).
CREATININE_UMOL_PER_MG_DL = 88.4
#: Bilirubin: 1 mg/dL = 17.1 µmol/L (molar mass 584.66 g/mol).
BILIRUBIN_UMOL_PER_MG_DL = 17.1

_MAX_FIELD = 100
P = TypeVar("P", bound=BaseModel)
# Spellings people and lab systems use for the same unit; the schema lists only the canonical ones.
_UNIT_SPELLINGS = {
    "mg/dl": "mg/dL",
    "umol/l": "umol/L",
    "µmol/l": "umol/L",  # micro sign
    "μmol/l": "umol/L",  # Greek mu
    "mmol/l": "mmol/L",
    "meq/l": "mEq/L",
}


class Params(BaseModel):
    """Base of every calculator's inputs: unknown fields are refused, and no type is coerced."""

    model_config = ConfigDict(extra="forbid", strict=True)


def number(low: float, high: float, description: str) -> Any:
    """A required finite number field between ``low`` and ``high`` inclusive."""
    return Field(ge=low, le=high, allow_inf_nan=False, description=description)


def flag(description: str) -> Any:
    """A required yes/no criterion (a JSON boolean)."""
    return Field(description=description)


def normalise_unit(value: Any) -> Any:
    """A unit's canonical spelling (``µmol/L``, ``umol/l`` → ``umol/L``); anything else unchanged."""
    if isinstance(value, str):
        return _UNIT_SPELLINGS.get(value.strip().lower(), value)
    return value


def check_lab_range(
    value: float, info: ValidationInfo, unit_field: str, limits: Mapping[str, tuple[float, float]]
) -> float:
    """Refuse a laboratory value outside the plausible range of the unit it was given in.

    Args:
        value: The value as given.
        info: Pydantic's validation info; its ``data`` holds the unit field when that one was valid.
        unit_field: The name of the value's unit field (declared before the value).
        limits: Plausible ``(low, high)`` per unit.

    Raises:
        PydanticCustomError: ``out_of_range``, naming the limits (never the value given).
    """
    unit = info.data.get(unit_field)
    if not isinstance(unit, str) or unit not in limits:
        return value  # the unit itself is wrong, and already reported
    low, high = limits[unit]
    if not low <= value <= high:
        raise PydanticCustomError(
            "out_of_range",
            "must be between {low} and {high} {unit}",
            {"low": low, "high": high, "unit": unit},
        )
    return value


def parse(model: type[P], raw: Any, *, prefix: str = "") -> P:
    """Validate a calculator's raw inputs.

    Args:
        model: The calculator's inputs model.
        raw: The inputs as sent (a JSON object).
        prefix: Put before every field name in errors (``parameters`` for a tool's nested object).

    Returns:
        The validated inputs.

    Raises:
        ValidationFailed: With ``details.fields`` = ``[{field, type, message}]`` for every problem:
            ``missing``, ``extra_forbidden``, ``literal_error`` (a wrong unit), ``greater_than_equal`` /
            ``less_than_equal`` / ``out_of_range`` (implausible values), ``float_type`` / ``bool_type``.
            Messages name limits and allowed units, never the value given.
    """
    if not isinstance(raw, Mapping):
        problem = {"field": prefix or "parameters", "type": "dict_type", "message": "must be a JSON object"}
        raise ValidationFailed([problem])
    try:
        return model.model_validate(dict(raw))
    except ValidationError as exc:
        fields = []
        for err in exc.errors(include_input=False, include_url=False, include_context=False):
            loc = ".".join(str(part) for part in (prefix, *err["loc"]) if part != "")
            fields.append({"field": (loc or "parameters")[:_MAX_FIELD], "type": err["type"], "message": err["msg"]})
        raise ValidationFailed(fields) from None
