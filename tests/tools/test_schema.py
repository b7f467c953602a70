"""Schema export: strict-mode rules over every tool of every profile, and golden files of four formats."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pytest
from pydantic import BaseModel, ConfigDict, create_model

from pharmai.tools import Registry, StrictSchemaError, check_strict, export_tools, strict_schema
from pharmai.toolsets import profile_names, registry_for
from tests.tools.toolset import PROFILE

GOLDEN = Path(__file__).parent / "golden"
UPDATE = os.environ.get("PHARMAI_UPDATE_GOLDENS") == "1"


def _walk(node: Any, schema: bool = True) -> Any:
    if isinstance(node, dict):
        if schema:
            yield node
        for key, value in node.items():
            # "properties" maps names to schemas, and a name may be a keyword (seed 003's calendar `title`).
            yield from _walk(value, key != "properties")
    elif isinstance(node, list):
        for value in node:
            yield from _walk(value)


def test_every_registered_profile_exports_strict_schemas() -> None:
    names = profile_names()
    assert PROFILE in names
    for profile in names:
        registry = registry_for(profile)
        assert len(registry) > 0, profile
        for tool in export_tools(registry, "openai"):
            check_strict(tool["parameters"])
            assert tool["strict"] is True
            for node in _walk(tool["parameters"]):
                assert not {"oneOf", "allOf", "default", "title", "$ref"} & set(node), (profile, tool["name"])
        for fmt in ("chat", "anthropic", "mcp"):
            assert len(export_tools(registry, fmt)) == len(registry)


@pytest.mark.parametrize("fmt", ["openai", "chat", "anthropic", "mcp"])
def test_exports_match_golden_files(fmt: str) -> None:
    exported = json.dumps(export_tools(registry_for(PROFILE), fmt), indent=2, ensure_ascii=False, sort_keys=True)
    path = GOLDEN / f"{fmt}.json"
    if UPDATE:
        path.write_text(exported + "\n", encoding="utf-8")
    assert path.read_text(encoding="utf-8") == exported + "\n", f"regenerate with PHARMAI_UPDATE_GOLDENS=1 ({fmt})"


def test_strict_transform_details(registry: Registry) -> None:
    schema = strict_schema(registry.get("search_notes").input_model)  # type: ignore[union-attr]
    props = schema["properties"]
    assert schema["required"] == ["query", "filters", "tags", "since", "limit"]
    assert props["limit"] == {"type": ["integer", "null"], "minimum": 1, "maximum": 50}
    assert props["since"] == {"type": ["string", "null"], "format": "date"}
    assert props["tags"]["items"] == {"type": "string", "enum": ["billing", "account", "other"]}
    nested, null = props["filters"]["anyOf"]
    assert null == {"type": "null"} and nested["additionalProperties"] is False
    assert nested["required"] == ["owner", "pinned"] and nested["properties"]["pinned"]["type"] == ["boolean", "null"]
    echo = strict_schema(registry.get("echo").input_model)  # type: ignore[union-attr]
    assert "maxLength" not in echo["properties"]["text"]  # not a strict-mode keyword


def test_mcp_annotations_and_deprecation(registry: Registry) -> None:
    tools = {t["name"]: t for t in export_tools(registry, "mcp")}
    assert tools["echo"]["annotations"] == {
        "title": "Echo", "readOnlyHint": True, "destructiveHint": False, "idempotentHint": True, "openWorldHint": False
    }  # fmt: skip
    assert tools["open_ticket"]["annotations"]["destructiveHint"] is True
    assert tools["open_ticket"]["annotations"]["readOnlyHint"] is False
    assert tools["verify_identity"]["annotations"]["destructiveHint"] is False
    assert tools["open_ticket"]["outputSchema"]["type"] == "object"
    assert tools["search_notes"]["description"].startswith(
        "DEPRECATED: Use search_v3 instead.\n\nSearch the support notes."
    )
    assert "Args:" not in tools["search_notes"]["description"]
    assert tools["search_notes"]["_meta"]["version"] == "2.1.0"


def _obj(props: dict[str, Any]) -> dict[str, Any]:
    return {"type": "object", "properties": props, "required": list(props), "additionalProperties": False}


@pytest.mark.parametrize(
    ("schema", "problem"),
    [
        ({"anyOf": [_obj({})]}, "root must be an object"),
        ({"type": "object", "properties": {}, "required": []}, "additionalProperties must be false"),
        ({**_obj({"a": {"type": "string"}}), "required": []}, "every property must be listed"),
        (_obj({"a": {"type": "string", "default": "x"}}), "keyword 'default'"),
        (_obj({"a": {"oneOf": [{"type": "string"}]}}), "keyword 'oneOf'"),
        (_obj({"a": {"allOf": [{"type": "string"}]}}), "keyword 'allOf'"),
        (_obj({"a": {"type": "string", "format": "uri"}}), "format 'uri'"),
        (_obj({"a": {"type": "array"}}), "arrays need an items schema"),
        (_obj({f"p{i}": {"type": "string"} for i in range(5001)}), "properties exceed 5000"),
        (_obj({"a": {"type": "string", "enum": [str(i) for i in range(1001)]}}), "enum values exceed 1000"),
        (_obj({"a": {"type": "string", "enum": ["x" * 60 + str(i) for i in range(300)]}}), "enum of 300 values"),
    ],
)
def test_check_strict_rejects_violations(schema: dict[str, Any], problem: str) -> None:
    with pytest.raises(StrictSchemaError) as info:
        check_strict(schema)
    assert any(problem in v for v in info.value.violations), info.value.violations


def test_nesting_limit() -> None:
    def nested(depth: int) -> dict[str, Any]:
        node = _obj({"leaf": {"type": "string"}})
        for _ in range(depth - 1):
            node = _obj({"child": node})
        return node

    check_strict(nested(10))
    with pytest.raises(StrictSchemaError, match="nesting depth 11"):
        check_strict(nested(11))


def test_models_too_deep_for_strict_mode_fail_at_export() -> None:
    model: type[BaseModel] = create_model("L0", __config__=ConfigDict(extra="forbid"), leaf=(str, ...))
    for i in range(1, 11):
        model = create_model(f"L{i}", __config__=ConfigDict(extra="forbid"), child=(model, ...))
    with pytest.raises(StrictSchemaError):
        strict_schema(model)
