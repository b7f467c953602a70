"""The exports are accepted by the official SDKs: requests go to a local stub speaking each wire format.

The stub validates the tool definitions it receives (strict-mode rules for OpenAI formats) and answers
with a tool call; the test parses the call's arguments back into the tool's input model. No network.
"""

from __future__ import annotations

import json
import threading
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any, ClassVar

import anthropic
import openai
import pytest

from pharmai.tools import Registry, StrictSchemaError, check_strict, export_tools, parse_arguments
from tests.tools.toolset import SearchIn, TicketIn

#: What the stub "model" sends for each tool: strict formats send every field, nulls included.
CALLS: dict[str, dict[str, Any]] = {
    "search_notes": {
        "query": "refund",
        "filters": {"owner": None, "pinned": True},
        "tags": ["billing", "account"],
        "since": "2026-02-01",
        "limit": None,
    },
    "open_ticket": {"reason": "please call me", "priority": "high"},
}


class _Stub(BaseHTTPRequestHandler):
    requests: ClassVar[list[tuple[str, dict[str, Any]]]] = []

    def log_message(self, *args: Any) -> None:  # keep test output clean
        pass

    def do_POST(self) -> None:
        body = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
        self.requests.append((self.path, body))
        try:
            answer = self._answer(self.path, body)
            status = 200
        except (AssertionError, KeyError, StrictSchemaError) as exc:
            answer, status = {"error": {"type": "invalid_request_error", "message": str(exc)}}, 400
        data = json.dumps(answer).encode()
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def _answer(self, path: str, body: dict[str, Any]) -> dict[str, Any]:
        if path.endswith("/responses"):
            for tool in body["tools"]:
                assert tool["type"] == "function" and tool["strict"] is True and tool["name"]
                check_strict(tool["parameters"])
            name = body["metadata"]["tool"]
            assert name in {t["name"] for t in body["tools"]}
            return {
                "id": "resp_1", "object": "response", "created_at": 0, "model": body["model"], "status": "completed",
                "output": [{"type": "function_call", "id": "fc_1", "call_id": "call_1", "name": name,
                            "arguments": json.dumps(CALLS[name]), "status": "completed"}],
                "parallel_tool_calls": True, "tool_choice": "auto", "tools": body["tools"], "error": None,
                "incomplete_details": None, "instructions": None, "metadata": body["metadata"],
                "temperature": 1.0, "top_p": 1.0,
            }  # fmt: skip
        if path.endswith("/chat/completions"):
            for tool in body["tools"]:
                assert tool["type"] == "function" and tool["function"]["strict"] is True
                check_strict(tool["function"]["parameters"])
            name = body["metadata"]["tool"]
            call = {
                "id": "call_1",
                "type": "function",
                "function": {"name": name, "arguments": json.dumps(CALLS[name])},
            }
            return {
                "id": "chatcmpl-1", "object": "chat.completion", "created": 0, "model": body["model"],
                "choices": [{"index": 0, "finish_reason": "tool_calls",
                             "message": {"role": "assistant", "content": None, "tool_calls": [call]}}],
            }  # fmt: skip
        if path.endswith("/messages"):
            for tool in body["tools"]:
                assert set(tool) == {"name", "description", "input_schema"}
                assert tool["input_schema"]["type"] == "object"
            name = body["metadata"]["user_id"]
            # Anthropic tools keep optional fields optional: the model may leave them out.
            sparse = {k: v for k, v in CALLS[name].items() if v is not None}
            return {
                "id": "msg_1", "type": "message", "role": "assistant", "model": body["model"],
                "content": [{"type": "tool_use", "id": "toolu_1", "name": name, "input": sparse}],
                "stop_reason": "tool_use", "stop_sequence": None, "usage": {"input_tokens": 1, "output_tokens": 1},
            }  # fmt: skip
        raise AssertionError(f"unexpected path {path}")


@pytest.fixture(scope="module")
def stub_url() -> Iterator[str]:
    server = ThreadingHTTPServer(("127.0.0.1", 0), _Stub)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_address[1]}"
    server.shutdown()


@pytest.fixture(autouse=True)
def _no_proxy(monkeypatch: pytest.MonkeyPatch) -> None:
    for var in ("HTTP_PROXY", "HTTPS_PROXY", "ALL_PROXY", "http_proxy", "https_proxy", "all_proxy"):
        monkeypatch.delenv(var, raising=False)
    monkeypatch.setenv("NO_PROXY", "127.0.0.1")


@pytest.mark.parametrize("name", sorted(CALLS))
def test_openai_responses_accepts_export(stub_url: str, registry: Registry, name: str) -> None:
    client = openai.OpenAI(base_url=f"{stub_url}/v1", api_key="test-key", max_retries=0)
    response = client.responses.create(
        model="stub-model",
        input="hello",
        tools=export_tools(registry, "openai"),  # type: ignore[arg-type]
        metadata={"tool": name},
    )
    calls = [item for item in response.output if item.type == "function_call"]
    assert [c.name for c in calls] == [name]
    args = parse_arguments(registry.get(name).input_model, json.loads(calls[0].arguments))  # type: ignore[union-attr]
    assert isinstance(args, SearchIn | TicketIn)
    if isinstance(args, SearchIn):
        assert args.limit == 10 and args.filters is not None and args.filters.pinned is True
        assert [t for t in args.tags] == ["billing", "account"] and str(args.since) == "2026-02-01"


@pytest.mark.parametrize("name", sorted(CALLS))
def test_chat_completions_accepts_export(stub_url: str, registry: Registry, name: str) -> None:
    client = openai.OpenAI(base_url=f"{stub_url}/v1", api_key="test-key", max_retries=0)
    completion = client.chat.completions.create(
        model="stub-model",
        messages=[{"role": "user", "content": "hello"}],
        tools=export_tools(registry, "chat"),  # type: ignore[arg-type]
        metadata={"tool": name},
    )
    call = completion.choices[0].message.tool_calls[0]  # type: ignore[index]
    assert call.function.name == name  # type: ignore[union-attr]
    args = parse_arguments(registry.get(name).input_model, json.loads(call.function.arguments))  # type: ignore[union-attr]
    assert args.model_dump(mode="json") == registry.get(name).input_model.model_validate(  # type: ignore[union-attr]
        {k: v for k, v in CALLS[name].items() if v is not None}
    ).model_dump(mode="json")


@pytest.mark.parametrize("name", sorted(CALLS))
def test_anthropic_messages_accepts_export(stub_url: str, registry: Registry, name: str) -> None:
    client = anthropic.Anthropic(base_url=stub_url, api_key="test-key", max_retries=0)
    message = client.messages.create(
        model="stub-model",
        max_tokens=64,
        messages=[{"role": "user", "content": "hello"}],
        tools=export_tools(registry, "anthropic"),  # type: ignore[arg-type]
        metadata={"user_id": name},
    )
    blocks = [b for b in message.content if b.type == "tool_use"]
    assert [b.name for b in blocks] == [name]  # type: ignore[union-attr]
    args = parse_arguments(registry.get(name).input_model, dict(blocks[0].input))  # type: ignore[union-attr,arg-type]
    assert args.model_dump(mode="json") == registry.get(name).input_model.model_validate(  # type: ignore[union-attr]
        {k: v for k, v in CALLS[name].items() if v is not None}
    ).model_dump(mode="json")


def test_stub_rejects_a_non_strict_tool(stub_url: str, registry: Registry) -> None:
    client = openai.OpenAI(base_url=f"{stub_url}/v1", api_key="test-key", max_retries=0)
    tools = export_tools(registry, "openai")
    tools[0]["parameters"]["additionalProperties"] = True
    with pytest.raises(openai.BadRequestError):
        client.responses.create(model="m", input="hi", tools=tools, metadata={"tool": "open_ticket"})  # type: ignore[arg-type]
