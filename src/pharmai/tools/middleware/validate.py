"""First in the chain: the tool exists and its arguments match the input model."""

from __future__ import annotations

import functools
from typing import Any

from pydantic import BaseModel, TypeAdapter, ValidationError

from pharmai.errors import ToolNotFound, ValidationFailed
from pharmai.tools._outcome import ToolOutcome
from pharmai.tools.middleware._base import Invocation, Next

__all__ = ["Validate", "parse_arguments", "validation_fields"]

_MAX_FIELD = 100


def validation_fields(exc: ValidationError) -> list[dict[str, Any]]:
    """The offending fields of a pydantic error, without the input values (they may be personal data)."""
    fields = []
    for err in exc.errors(include_input=False, include_url=False, include_context=False):
        loc = ".".join(str(part) for part in err["loc"]) or "arguments"
        fields.append({"field": loc[:_MAX_FIELD], "type": err["type"], "message": err["msg"]})
    return fields


@functools.cache
def _accepts_none(model: type[BaseModel], name: str) -> bool:
    info = model.model_fields[name]
    try:
        TypeAdapter(info.annotation if info.annotation is not None else Any).validate_python(None)
    except ValidationError:
        return False
    return True


def _drop_null_defaults(model: type[BaseModel], raw: dict[str, Any]) -> dict[str, Any]:
    # Strict-mode exports make optional fields nullable; a null then means "use the default".
    drop = [
        name
        for name, value in raw.items()
        if value is None
        and name in model.model_fields
        and not model.model_fields[name].is_required()
        and not _accepts_none(model, name)
    ]
    return {k: v for k, v in raw.items() if k not in drop} if drop else raw


def _nul_field(value: Any, path: str = "arguments") -> str | None:
    # PostgreSQL text cannot hold NUL, and no person types one: such input is refused up front, as a
    # validation error, instead of failing in the database halfway through a call.
    if isinstance(value, str):
        return path if "\x00" in value else None
    if isinstance(value, dict):
        items: Any = ((f"{path}.{k}" if path != "arguments" else str(k), v) for k, v in value.items())
    elif isinstance(value, list):
        items = ((f"{path}.{i}", v) for i, v in enumerate(value))
    else:
        return None
    for key_path, item in items:
        found = _nul_field(item, key_path)
        if found is not None:
            return found
    return None


def parse_arguments(model: type[BaseModel], raw: dict[str, Any]) -> BaseModel:
    """Validate a model's tool-call arguments, reading null as "the default" for non-nullable fields.

    Raises:
        pydantic.ValidationError: When the arguments do not match.
    """
    return model.model_validate(_drop_null_defaults(model, raw))


class Validate:
    """Resolve the tool and validate the arguments; failures are results, never exceptions."""

    name = "validate"

    def __call__(self, inv: Invocation, call_next: Next) -> ToolOutcome:
        if inv.preset_error is not None:
            return inv.fail(inv.preset_error)
        if inv.spec is None:
            return inv.fail(ToolNotFound({"tool": str(inv.call.name)[:64]}))
        try:
            raw = inv.call.argument_dict()
        except (ValueError, TypeError):
            return inv.fail(ValidationFailed([{"field": "arguments", "type": "json_invalid", "message": "not JSON"}]))
        if not isinstance(raw, dict):
            problem = {"field": "arguments", "type": "dict_type", "message": "must be a JSON object"}
            return inv.fail(ValidationFailed([problem]))
        nul = _nul_field(raw)
        if nul is not None:
            problem = {"field": nul[:_MAX_FIELD], "type": "string_pattern_mismatch", "message": "contains a NUL"}
            return inv.fail(ValidationFailed([problem]))
        try:
            inv.args = parse_arguments(inv.spec.input_model, raw)
        except ValidationError as exc:
            return inv.fail(ValidationFailed(validation_fields(exc)))
        return call_next(inv)
