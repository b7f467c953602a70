"""JSON Schemas for model APIs: a plain one (Anthropic, MCP) and OpenAI's strict-mode subset.

Pydantic emits ``$defs``/``$ref``, ``anyOf`` for Optional, ``default`` and ``title``. Strict mode wants
every property required (optional ones nullable), ``additionalProperties: false`` on every object, none of
``oneOf``/``allOf``/``default``, and a schema inside OpenAI's documented size limits. :func:`check_strict`
checks exactly those rules, so a tool that would be rejected at request time fails in our tests instead.
"""

from __future__ import annotations

import copy
from typing import Any

from pydantic import BaseModel

__all__ = ["LIMITS", "StrictSchemaError", "check_strict", "plain_schema", "strict_schema"]

#: OpenAI's documented Structured Outputs limits (checked 2025).
LIMITS = {
    "max_properties": 5000,
    "max_depth": 10,
    "max_enum_values": 1000,
    "large_enum": 250,
    "large_enum_chars": 15000,
    "max_total_chars": 120000,
}

#: Keywords OpenAI strict mode accepts; everything else is a violation.
_STRICT_KEYWORDS = frozenset(
    {
        "type", "properties", "required", "additionalProperties", "items", "enum", "const", "anyOf",
        "description", "$ref", "$defs", "pattern", "format", "minimum", "maximum", "exclusiveMinimum",
        "exclusiveMaximum", "multipleOf", "minItems", "maxItems",
    }
)  # fmt: skip
_STRICT_FORMATS = frozenset({"date-time", "time", "date", "duration", "email", "hostname", "ipv4", "ipv6", "uuid"})
_PRIMITIVES = frozenset({"string", "integer", "number", "boolean", "array"})
_NULL = {"type": "null"}


class StrictSchemaError(ValueError):
    """A schema breaks OpenAI strict-mode rules; ``violations`` lists each one with its JSON path."""

    def __init__(self, violations: list[str]) -> None:
        self.violations = violations
        super().__init__("; ".join(violations))


def _inline(node: Any, defs: dict[str, Any], stack: tuple[str, ...] = ()) -> Any:
    if isinstance(node, list):
        return [_inline(item, defs, stack) for item in node]
    if not isinstance(node, dict):
        return node
    if "$ref" in node:
        ref = node["$ref"]
        name = ref.rsplit("/", 1)[-1]
        if name in stack:
            raise ValueError(f"recursive schema through {name!r} is not supported by tool exports")
        target = _inline(copy.deepcopy(defs[name]), defs, (*stack, name))
        # Pydantic puts a field's description next to the $ref; the field's words win.
        siblings = {k: _inline(v, defs, stack) for k, v in node.items() if k != "$ref"}
        return {**target, **siblings}
    out: dict[str, Any] = {}
    for key, value in node.items():
        if key == "$defs":
            continue
        if key == "properties" and isinstance(value, dict):
            out[key] = {name: _inline(sub, defs, stack) for name, sub in value.items()}
        else:
            out[key] = _inline(value, defs, stack)
    return out


def _strip_titles(node: Any) -> Any:
    if isinstance(node, list):
        return [_strip_titles(item) for item in node]
    if not isinstance(node, dict):
        return node
    out: dict[str, Any] = {}
    for key, value in node.items():
        if key == "title":
            continue
        if key == "properties" and isinstance(value, dict):
            out[key] = {name: _strip_titles(sub) for name, sub in value.items()}
        else:
            out[key] = _strip_titles(value)
    return out


def plain_schema(model: type[BaseModel]) -> dict[str, Any]:
    """The model's JSON Schema with references inlined and titles removed (for Anthropic and MCP)."""
    raw = model.model_json_schema()
    schema = _strip_titles(_inline(raw, raw.get("$defs", {})))
    schema.setdefault("properties", {})
    schema["type"] = "object"
    return schema


def _accepts_null(node: dict[str, Any]) -> bool:
    kind = node.get("type")
    if kind == "null" or (isinstance(kind, list) and "null" in kind):
        return True
    return any(_accepts_null(v) for v in node.get("anyOf", []) if isinstance(v, dict))


def _nullable(node: dict[str, Any]) -> dict[str, Any]:
    if _accepts_null(node):
        return node
    kind = node.get("type")
    if isinstance(kind, str) and kind in _PRIMITIVES:
        out = {**node, "type": [kind, "null"]}
        if "enum" in out:
            out["enum"] = [*out["enum"], None]
        return out
    if "anyOf" in node:
        return {**node, "anyOf": [*node["anyOf"], dict(_NULL)]}
    description = node.get("description")
    body = {k: v for k, v in node.items() if k != "description"}
    wrapped: dict[str, Any] = {"anyOf": [body, dict(_NULL)]}
    if description:
        wrapped["description"] = description
    return wrapped


def _strict_node(node: dict[str, Any]) -> dict[str, Any]:
    node = dict(node)
    if "allOf" in node:
        parts = node.pop("allOf")
        if len(parts) != 1:
            raise ValueError("allOf with several schemas cannot be expressed in strict mode")
        node = {**parts[0], **node}
    if "oneOf" in node:
        node["anyOf"] = node.pop("oneOf")
    if "const" in node:
        node["enum"] = [node.pop("const")]
    if node.get("format") not in (None, *_STRICT_FORMATS):
        node.pop("format")
    node = {k: v for k, v in node.items() if k in _STRICT_KEYWORDS}
    if "anyOf" in node:
        variants = [_strict_node(v) for v in node["anyOf"]]
        others = [v for v in variants if v != _NULL]
        if len(others) == 1 and len(others) < len(variants) and others[0].get("type") in _PRIMITIVES:
            description = node.get("description")
            merged = _nullable(others[0])
            return {**merged, "description": description} if description else merged
        node["anyOf"] = variants
        return node
    if node.get("type") == "object" or "properties" in node:
        props = node.get("properties", {})
        required = set(node.get("required", []))
        new_props: dict[str, Any] = {}
        for name, sub in props.items():
            strict_sub = _strict_node(sub)
            # Strict mode has no optional fields: an optional one becomes required-but-nullable, and
            # the validator treats null as "use the default" (see middleware/validate.py).
            new_props[name] = strict_sub if name in required else _nullable(strict_sub)
        node.update(type="object", properties=new_props, required=list(new_props), additionalProperties=False)
    if isinstance(node.get("items"), dict):
        node["items"] = _strict_node(node["items"])
    return node


def strict_schema(model: type[BaseModel]) -> dict[str, Any]:
    """The model's schema transformed for OpenAI strict mode (Responses and Chat Completions)."""
    raw = model.model_json_schema()
    schema = _strict_node(_inline(raw, raw.get("$defs", {})))
    check_strict(schema)
    return schema


class _Checker:
    def __init__(self) -> None:
        self.violations: list[str] = []
        self.properties = 0
        self.enum_values = 0
        self.chars = 0

    def walk(self, node: Any, path: str, depth: int) -> None:
        if not isinstance(node, dict):
            self.violations.append(f"{path}: not a schema object")
            return
        for key in node:
            if key not in _STRICT_KEYWORDS:
                self.violations.append(f"{path}: keyword {key!r} is not allowed in strict mode")
        if "format" in node and node["format"] not in _STRICT_FORMATS:
            self.violations.append(f"{path}: format {node['format']!r} is not supported")
        for name, sub in node.get("$defs", {}).items():
            self.chars += len(name)
            self.walk(sub, f"{path}.$defs.{name}", depth)
        if "enum" in node:
            self._enum(node["enum"], path)
        if "const" in node:
            self.chars += len(str(node["const"]))
        for i, sub in enumerate(node.get("anyOf", [])):
            self.walk(sub, f"{path}.anyOf[{i}]", depth)
        kind = node.get("type")
        kinds = kind if isinstance(kind, list) else [kind]
        if "object" in kinds or "properties" in node:
            self._object(node, path, depth + 1)
        if "items" in node:
            self.walk(node["items"], f"{path}.items", depth)
        elif "array" in kinds:
            self.violations.append(f"{path}: arrays need an items schema")

    def _enum(self, values: list[Any], path: str) -> None:
        self.enum_values += len(values)
        text = sum(len(str(v)) for v in values if v is not None)
        self.chars += text
        if len(values) > LIMITS["large_enum"] and text > LIMITS["large_enum_chars"]:
            self.violations.append(f"{path}: enum of {len(values)} values is longer than {LIMITS['large_enum_chars']}")

    def _object(self, node: dict[str, Any], path: str, depth: int) -> None:
        if depth > LIMITS["max_depth"]:
            self.violations.append(f"{path}: nesting depth {depth} exceeds {LIMITS['max_depth']}")
        if node.get("additionalProperties") is not False:
            self.violations.append(f"{path}: additionalProperties must be false")
        props = node.get("properties", {})
        if sorted(node.get("required", [])) != sorted(props):
            self.violations.append(f"{path}: every property must be listed in required")
        self.properties += len(props)
        for name, sub in props.items():
            self.chars += len(name)
            self.walk(sub, f"{path}.{name}", depth)


def check_strict(schema: dict[str, Any]) -> None:
    """Check a parameters schema against OpenAI strict-mode rules and limits.

    Args:
        schema: The ``parameters`` schema of a function tool.

    Raises:
        StrictSchemaError: Listing every violation with its path.
    """
    checker = _Checker()
    if schema.get("type") != "object" or "anyOf" in schema:
        checker.violations.append("$: the root must be an object, not anyOf")
    checker.walk(schema, "$", 0)
    if checker.properties > LIMITS["max_properties"]:
        checker.violations.append(f"$: {checker.properties} properties exceed {LIMITS['max_properties']}")
    if checker.enum_values > LIMITS["max_enum_values"]:
        checker.violations.append(f"$: {checker.enum_values} enum values exceed {LIMITS['max_enum_values']}")
    if checker.chars > LIMITS["max_total_chars"]:
        checker.violations.append(f"$: {checker.chars} characters of names and values exceed the limit")
    if checker.violations:
        raise StrictSchemaError(checker.violations)
